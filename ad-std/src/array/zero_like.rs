//! Zeros shaped like a result: `MapOrZeroLike` (a missing tangent as a zero of the result's
//! shape) and `zero_tangent()` of a view.

use ad_core::forward::MaybeTangent;
use ndarray::Dimension;

/// [`MaybeTangent::map_or`] whose absent case is a zero shaped like the result.
pub(super) trait MapOrZeroLike<T, S> {
    fn map_or_zero_like(self, like: &S, f: impl FnOnce(T) -> S) -> S;
}

for_each_float! {
impl<D: Dimension, E: Dimension, M: MaybeTangent<A<D>>> MapOrZeroLike<A<D>, A<E>> for M {
    fn map_or_zero_like(self, like: &A<E>, f: impl FnOnce(A<D>) -> A<E>) -> A<E> {
        self.map_or(like * 0.0, f)
    }
}
}

/// `zero_tangent()` of a view (a constant: views are not differentiated): the zero of the
/// owned array it shows, for generated code that needs the other operand's zero tangent
/// (second-order operators).
pub trait ViewZeroTangent {
    /// The owned array's type.
    type Owned;
    /// Zeros of the view's shape.
    fn zero_tangent(&self) -> Self::Owned;
}

impl<F: Clone + num_traits::Zero, D: Dimension> ViewZeroTangent for ndarray::ArrayView<'_, F, D> {
    type Owned = ndarray::Array<F, D>;
    fn zero_tangent(&self) -> ndarray::Array<F, D> {
        ndarray::Array::zeros(self.raw_dim())
    }
}
