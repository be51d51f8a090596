//! Arrays given where slices are expected: `total(&[x, y])` or `total(&arr)` with
//! `fn total(xs: &[f64])`. The tangent of `&[f64]` is a `Vec<f64>`, that of the array
//! `[f64; N]`, so the two meet at the call:
//!
//! - Reverse: the callee's pullback returns a `Vec` for the argument, which flows into the
//!   adjoint of the array literal; the literal's adjoint is taken apart element by element
//!   through [`into_array`], which accepts both shapes.
//! - Forward: the caller passes `Present<[f64; N]>` where the callee takes
//!   `impl MaybeTangent<Vec<f64>>`; the impls below convert it (first and second order).

use crate::TangentVector;
use crate::forward::{MaybeTangent, Present};

/// A cotangent of an array of `N` elements: the array itself, or a `Vec` (from a callee that
/// took the array as a slice).
pub trait IntoArray<T, const N: usize> {
    /// The `N` elements; a shorter `Vec` (a zero without a length) is padded with zeros.
    fn into_array(self) -> [T; N];
}

impl<T, const N: usize> IntoArray<T, N> for [T; N] {
    #[inline(always)]
    fn into_array(self) -> [T; N] {
        self
    }
}

impl<T: TangentVector, const N: usize> IntoArray<T, N> for Vec<T> {
    #[inline]
    fn into_array(self) -> [T; N] {
        let mut items = self.into_iter();
        core::array::from_fn(|_| items.next().unwrap_or_else(T::zero_vector))
    }
}

/// See [`IntoArray`].
#[inline(always)]
pub fn into_array<T, const N: usize>(cotangent: impl IntoArray<T, N>) -> [T; N] {
    cotangent.into_array()
}

impl<T, const N: usize> MaybeTangent<Vec<T>> for Present<[T; N]> {
    #[inline]
    fn or_zero(self, _zero: impl FnOnce() -> Vec<T>) -> Vec<T> {
        Vec::from(self.0)
    }
    #[inline]
    fn map_or<R>(self, _absent: R, f: impl FnOnce(Vec<T>) -> R) -> R {
        f(Vec::from(self.0))
    }
}

/// The second-order tangent of an array (three arrays) where a slice's is expected.
impl<T, const N: usize> MaybeTangent<(Vec<T>, Vec<T>, Vec<T>)>
    for Present<([T; N], [T; N], [T; N])>
{
    #[inline]
    fn or_zero(self, _zero: impl FnOnce() -> (Vec<T>, Vec<T>, Vec<T>)) -> (Vec<T>, Vec<T>, Vec<T>) {
        let (a, b, c) = self.0;
        (Vec::from(a), Vec::from(b), Vec::from(c))
    }
    #[inline]
    fn map_or<R>(self, absent: R, f: impl FnOnce((Vec<T>, Vec<T>, Vec<T>)) -> R) -> R {
        let _ = absent;
        let (a, b, c) = self.0;
        f((Vec::from(a), Vec::from(b), Vec::from(c)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_vec_cotangent_becomes_an_array_padded_with_zeros() {
        assert_eq!(into_array::<f64, 3>(vec![1.0, 2.0, 3.0]), [1.0, 2.0, 3.0]);
        assert_eq!(into_array::<f64, 2>(Vec::new()), [0.0, 0.0]);
        assert_eq!(into_array::<f64, 2>([4.0, 5.0]), [4.0, 5.0]);
    }

    #[test]
    fn an_array_tangent_is_given_as_a_vec() {
        let t: Vec<f64> = Present([1.0, 2.0]).or_zero(Vec::new);
        assert_eq!(t, vec![1.0, 2.0]);
        let s: (Vec<f64>, Vec<f64>, Vec<f64>) =
            Present(([1.0], [2.0], [3.0])).or_zero(|| unreachable!());
        assert_eq!(s, (vec![1.0], vec![2.0], vec![3.0]));
    }
}

/// The items of an iterator a differentiable function takes as a parameter (`I:
/// IntoIterator<Item = f64>`), collected: its loops read them by position.
#[inline]
pub fn collected<I: IntoIterator>(items: I) -> Vec<I::Item> {
    items.into_iter().collect()
}
