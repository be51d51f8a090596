//! Methods of slices that copy them: `s.to_vec()` (also of a `Vec`, through auto-deref), and
//! the owned copy of a slice a capturing closure keeps (see `ad_core::capturing`).
//!
//! Original: `y = s` (an owned copy) / Tangent: `ty = ts` / Adjoint: `adj[s] += adj[y]`.

use crate::second::Second;
use ad_core::Differentiable;
use ad_core::forward::MaybeTangent;

/// `s.to_vec()`, with its derivatives in the three modes.
pub trait SliceToVec<T: Differentiable> {
    /// Reverse mode: the copy, and a pullback that hands its cotangent back.
    #[allow(
        clippy::type_complexity,
        reason = "the contract generated code relies on"
    )]
    fn __ad_vjp_to_vec(
        &self,
    ) -> (
        Vec<T>,
        impl Fn(Vec<T::TangentVector>) -> (Vec<T::TangentVector>,) + use<Self, T>,
    );
    /// Forward mode.
    fn __ad_fwd_to_vec(
        &self,
        t: impl MaybeTangent<Vec<T::TangentVector>>,
    ) -> (Vec<T>, Vec<T::TangentVector>);
    /// Second order (linear).
    fn __ad_hvp_to_vec(
        &self,
        t: impl MaybeTangent<Second<Vec<T::TangentVector>>>,
    ) -> (Vec<T>, Second<Vec<T::TangentVector>>);
}

impl<T: Differentiable + Clone> SliceToVec<T> for [T] {
    fn __ad_vjp_to_vec(
        &self,
    ) -> (
        Vec<T>,
        impl Fn(Vec<T::TangentVector>) -> (Vec<T::TangentVector>,) + use<T>,
    ) {
        (self.to_vec(), |d| (d,))
    }

    fn __ad_fwd_to_vec(
        &self,
        t: impl MaybeTangent<Vec<T::TangentVector>>,
    ) -> (Vec<T>, Vec<T::TangentVector>) {
        // The empty `Vec` is the length-less zero of a sequence's tangent.
        (self.to_vec(), t.or_zero(Vec::new))
    }

    fn __ad_hvp_to_vec(
        &self,
        t: impl MaybeTangent<Second<Vec<T::TangentVector>>>,
    ) -> (Vec<T>, Second<Vec<T::TangentVector>>) {
        let zero = || (Vec::new(), Vec::new(), Vec::new());
        (self.to_vec(), t.or_zero(zero))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ad_core::forward::{Absent, Present};

    #[test]
    fn the_copy_passes_tangents_and_cotangents_through() {
        let s = [1.0, -2.0, 3.5];
        let (value, pullback) = s[..].__ad_vjp_to_vec();
        assert_eq!(value, vec![1.0, -2.0, 3.5]);
        assert_eq!(pullback(vec![0.5, 1.0, -1.0]).0, vec![0.5, 1.0, -1.0]);
        let (_, tangent) = s[..].__ad_fwd_to_vec(Present(vec![1.0, 0.0, 2.0]));
        assert_eq!(tangent, vec![1.0, 0.0, 2.0]);
        let (_, zero) = s[..].__ad_fwd_to_vec(Absent);
        assert!(zero.is_empty());
    }
}
