//! Rules of the array constructor `Array::from_elem(shape, x)` (also through `Array1`,
//! `Array2`, ..) with a differentiated `x`. (`zeros`, `ones` and arrays built from constants
//! are constants, emitted as written.)

use crate::second::Second;
use ad_core::NoTangent;
use ad_core::forward::MaybeTangent;
use ndarray::{Array, Dimension, ShapeBuilder};

/// `Array::from_elem(shape, x)`, in the three modes; the shape is a constant.
///
/// Original: `y_i = x` for every position `i` / Tangent: `ty_i = tx` /
/// Adjoint: `adj[x] += Σ_i adj[y]_i`.
#[allow(
    clippy::type_complexity,
    reason = "the contract generated code relies on"
)]
// Generic over the element, not with an associated type: `Array1::from_elem(3, x)` names
// `Array1<_>`, and only the element's type `x` has picks the impl.
pub trait ArrayFromElem<F>: Sized {
    /// The array's dimension.
    type Dim: Dimension;
    /// Reverse mode.
    fn __ad_vjp_from_elem<Sh: ShapeBuilder<Dim = Self::Dim>>(
        shape: Sh,
        x: F,
    ) -> (Self, impl Fn(Self) -> (NoTangent, F) + use<Self, F, Sh>);
    /// Forward mode.
    fn __ad_fwd_from_elem<Sh: ShapeBuilder<Dim = Self::Dim>>(
        shape: Sh,
        x: F,
        t_shape: impl Sized,
        t: impl MaybeTangent<F>,
    ) -> (Self, Self);
    /// Second order (linear).
    fn __ad_hvp_from_elem<Sh: ShapeBuilder<Dim = Self::Dim>>(
        shape: Sh,
        x: F,
        t_shape: impl Sized,
        t: impl MaybeTangent<Second<F>>,
    ) -> (Self, Second<Self>);
}

for_each_float! {
impl<D: Dimension> ArrayFromElem<Float> for A<D> {
    type Dim = D;
    fn __ad_vjp_from_elem<Sh: ShapeBuilder<Dim = D>>(
        shape: Sh,
        x: Float,
    ) -> (Self, impl Fn(Self) -> (NoTangent, Float) + use<D, Sh>) {
        (Array::from_elem(shape, x), |d: Self| (NoTangent, d.sum()))
    }
    fn __ad_fwd_from_elem<Sh: ShapeBuilder<Dim = D>>(
        shape: Sh,
        x: Float,
        _t_shape: impl Sized,
        t: impl MaybeTangent<Float>,
    ) -> (Self, Self) {
        let value = Array::from_elem(shape, x);
        let tangent = Array::from_elem(value.raw_dim(), t.or_zero(|| 0.0));
        (value, tangent)
    }
    fn __ad_hvp_from_elem<Sh: ShapeBuilder<Dim = D>>(
        shape: Sh,
        x: Float,
        _t_shape: impl Sized,
        t: impl MaybeTangent<Second<Float>>,
    ) -> (Self, Second<Self>) {
        let value = Array::from_elem(shape, x);
        let (t1, t2, t12) = t.or_zero(|| (0.0, 0.0, 0.0));
        let fill = |t: Float| Array::from_elem(value.raw_dim(), t);
        let tangent = (fill(t1), fill(t2), fill(t12));
        (value, tangent)
    }
}
}
