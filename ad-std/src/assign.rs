//! Overwriting a whole differentiated local with another value in place: `a.assign(&b)` on
//! an ndarray array and `v.copy_from_slice(xs)` on a `Vec`. Differentiable code computes the
//! new version of the local with [`Assign`] (`a.assigned(&b)`) and [`CopyFrom`]
//! (`v.copied_from(xs)`), as for any other write to a local.
//!
//! Original: `a' = b` / Tangent: `ta' = tb` / Adjoint: `adj[b] += adj[a']`, `adj[a]` gets
//! nothing (every element was overwritten; a length-less zero).

use crate::second::Second;
use ad_core::forward::MaybeTangent;
use ad_core::{Differentiable, TangentVector};

/// The new version of an array whose elements are all overwritten by `source`'s (ndarray's
/// `assign`, for an owned source of the same shape), with its derivatives in three modes.
pub trait Assign: Differentiable + Sized {
    /// `source`'s elements, as `self.assign(source)` leaves `self`.
    fn assigned(self, source: &Self) -> Self;
    /// Reverse mode of [`assigned`](Self::assigned).
    #[allow(
        clippy::type_complexity,
        reason = "the contract generated code relies on"
    )]
    fn __ad_vjp_assigned(
        &self,
        source: &Self,
    ) -> (
        Self,
        impl Fn(Self::TangentVector) -> (Self::TangentVector, Self::TangentVector) + use<Self>,
    );
    /// Forward mode of [`assigned`](Self::assigned).
    fn __ad_fwd_assigned(
        &self,
        source: &Self,
        t: impl MaybeTangent<Self::TangentVector>,
        t_source: impl MaybeTangent<Self::TangentVector>,
    ) -> (Self, Self::TangentVector);
    /// Second order of [`assigned`](Self::assigned) (linear).
    fn __ad_hvp_assigned(
        &self,
        source: &Self,
        t: impl MaybeTangent<Second<Self::TangentVector>>,
        t_source: impl MaybeTangent<Second<Self::TangentVector>>,
    ) -> (Self, Second<Self::TangentVector>);
}

/// `a.assign(&b)` on an ndarray array of floats.
macro_rules! assign_arrays {
    ($($f:ty),*) => {$(
        impl<D: ndarray::Dimension> Assign for ndarray::Array<$f, D> {
            fn assigned(self, source: &Self) -> Self {
                source.clone()
            }

            fn __ad_vjp_assigned(&self, source: &Self) -> (Self, impl Fn(Self) -> (Self, Self) + use<D>) {
                let pullback = |d: Self| (<Self as TangentVector>::zero_vector(), d);
                (source.clone(), pullback)
            }

            fn __ad_fwd_assigned(
                &self,
                source: &Self,
                _t: impl MaybeTangent<Self>,
                t_source: impl MaybeTangent<Self>,
            ) -> (Self, Self) {
                let tangent = t_source.or_zero(|| source.zero_tangent());
                (source.clone(), tangent)
            }

            fn __ad_hvp_assigned(
                &self,
                source: &Self,
                _t: impl MaybeTangent<Second<Self>>,
                t_source: impl MaybeTangent<Second<Self>>,
            ) -> (Self, Second<Self>) {
                let tangent = t_source.or_zero(|| {
                    let zero = source.zero_tangent();
                    (zero.clone(), zero.clone(), zero)
                });
                (source.clone(), tangent)
            }
        }
    )*};
}

assign_arrays!(f32, f64);

/// The new version of a `Vec` whose elements are all overwritten by a slice's
/// (`copy_from_slice`, for a slice of the same length), with its derivatives in three modes.
pub trait CopyFrom<S: ?Sized>: Differentiable + Sized {
    /// The elements of `source`, as `self.copy_from_slice(source)` leaves `self`.
    fn copied_from(self, source: &S) -> Self;
    /// Reverse mode of [`copied_from`](Self::copied_from).
    #[allow(
        clippy::type_complexity,
        reason = "the contract generated code relies on"
    )]
    fn __ad_vjp_copied_from(
        &self,
        source: &S,
    ) -> (
        Self,
        impl Fn(Self::TangentVector) -> (Self::TangentVector, Self::TangentVector) + use<Self, S>,
    );
    /// Forward mode of [`copied_from`](Self::copied_from).
    fn __ad_fwd_copied_from(
        &self,
        source: &S,
        t: impl MaybeTangent<Self::TangentVector>,
        t_source: impl MaybeTangent<Self::TangentVector>,
    ) -> (Self, Self::TangentVector);
    /// Second order of [`copied_from`](Self::copied_from) (linear).
    fn __ad_hvp_copied_from(
        &self,
        source: &S,
        t: impl MaybeTangent<Second<Self::TangentVector>>,
        t_source: impl MaybeTangent<Second<Self::TangentVector>>,
    ) -> (Self, Second<Self::TangentVector>);
}

impl<T, S> CopyFrom<S> for Vec<T>
where
    T: Differentiable + Clone,
    S: AsRef<[T]> + ?Sized,
{
    fn copied_from(self, source: &S) -> Self {
        source.as_ref().to_vec()
    }

    fn __ad_vjp_copied_from(
        &self,
        source: &S,
    ) -> (
        Self,
        impl Fn(Vec<T::TangentVector>) -> (Vec<T::TangentVector>, Vec<T::TangentVector>) + use<T, S>,
    ) {
        let pullback = |d: Vec<T::TangentVector>| (Vec::new(), d);
        (source.as_ref().to_vec(), pullback)
    }

    fn __ad_fwd_copied_from(
        &self,
        source: &S,
        _t: impl MaybeTangent<Vec<T::TangentVector>>,
        t_source: impl MaybeTangent<Vec<T::TangentVector>>,
    ) -> (Self, Vec<T::TangentVector>) {
        let value = source.as_ref().to_vec();
        let tangent = t_source.or_zero(|| value.zero_tangent());
        (value, tangent)
    }

    fn __ad_hvp_copied_from(
        &self,
        source: &S,
        _t: impl MaybeTangent<Second<Vec<T::TangentVector>>>,
        t_source: impl MaybeTangent<Second<Vec<T::TangentVector>>>,
    ) -> (Self, Second<Vec<T::TangentVector>>) {
        let value = source.as_ref().to_vec();
        let tangent = t_source.or_zero(|| {
            let zero = value.zero_tangent();
            (zero.clone(), zero.clone(), zero)
        });
        (value, tangent)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ad_core::forward::{Absent, Present};

    #[test]
    fn an_assigned_array_sends_its_cotangent_to_the_source() {
        let a = ndarray::Array1::<f64>::zeros(2);
        let b = ndarray::array![1.0, 2.0];
        let (value, pullback) = a.__ad_vjp_assigned(&b);
        assert_eq!(value, b);
        let (adj_a, adj_b) = pullback(ndarray::array![3.0, 4.0]);
        assert_eq!(adj_b, ndarray::array![3.0, 4.0]);
        assert_eq!(adj_a.len(), 0, "the old elements were overwritten");
        let (_, t) = a.__ad_fwd_assigned(&b, Absent, Present(ndarray::array![0.5, 0.25]));
        assert_eq!(t, ndarray::array![0.5, 0.25]);
    }

    #[test]
    fn a_vec_copied_from_a_slice_sends_its_cotangent_to_the_slice() {
        let v = vec![0.0; 2];
        let (value, pullback) = v.__ad_vjp_copied_from(&[1.0, 2.0][..]);
        assert_eq!(value, vec![1.0, 2.0]);
        let (adj_v, adj_s) = pullback(vec![3.0, 4.0]);
        assert_eq!((adj_v.len(), adj_s), (0, vec![3.0, 4.0]));
        let (_, t) = v.__ad_fwd_copied_from(&vec![1.0, 2.0], Absent, Absent);
        assert_eq!(t, vec![0.0, 0.0]);
    }
}
