//! Rules of `Option`'s methods on differentiated values: `o.unwrap_or(default)`.
//!
//! Original: `y = o.unwrap_or(d)` / Tangent: `ty = to.unwrap()` when `o` holds a value, else
//! `td` / Adjoint: `adj[o] += Some(adj[y])` when `o` holds a value, else `adj[d] += adj[y]`.

use crate::second::Second;
use ad_core::forward::MaybeTangent;
use ad_core::{Differentiable, TangentVector};

/// `o.unwrap_or(default)` in the three modes.
pub trait OptionMethods<T: Differentiable>: Sized {
    /// Reverse mode.
    #[allow(
        clippy::type_complexity,
        reason = "the contract generated code relies on"
    )]
    fn __ad_vjp_unwrap_or(
        self,
        default: T,
    ) -> (
        T,
        impl Fn(T::TangentVector) -> (Option<T::TangentVector>, T::TangentVector) + use<T, Self>,
    );
    /// Forward mode.
    fn __ad_fwd_unwrap_or(
        self,
        default: T,
        t: impl MaybeTangent<Option<T::TangentVector>>,
        t_default: impl MaybeTangent<T::TangentVector>,
    ) -> (T, T::TangentVector);
    /// Second order (linear in the values it passes on).
    fn __ad_hvp_unwrap_or(
        self,
        default: T,
        t: impl MaybeTangent<Second<Option<T::TangentVector>>>,
        t_default: impl MaybeTangent<Second<T::TangentVector>>,
    ) -> (T, Second<T::TangentVector>);
}

impl<T: Differentiable> OptionMethods<T> for Option<T> {
    fn __ad_vjp_unwrap_or(
        self,
        default: T,
    ) -> (
        T,
        impl Fn(T::TangentVector) -> (Option<T::TangentVector>, T::TangentVector) + use<T>,
    ) {
        let held = self.is_some();
        let pullback = move |d: T::TangentVector| match held {
            true => (Some(d), T::TangentVector::zero_vector()),
            false => (None, d),
        };
        (self.unwrap_or(default), pullback)
    }

    fn __ad_fwd_unwrap_or(
        self,
        default: T,
        t: impl MaybeTangent<Option<T::TangentVector>>,
        t_default: impl MaybeTangent<T::TangentVector>,
    ) -> (T, T::TangentVector) {
        let zero = T::TangentVector::zero_vector;
        let tangent = match self.is_some() {
            true => t.or_zero(|| None).unwrap_or_else(zero),
            false => t_default.or_zero(zero),
        };
        (self.unwrap_or(default), tangent)
    }

    fn __ad_hvp_unwrap_or(
        self,
        default: T,
        t: impl MaybeTangent<Second<Option<T::TangentVector>>>,
        t_default: impl MaybeTangent<Second<T::TangentVector>>,
    ) -> (T, Second<T::TangentVector>) {
        let zero = T::TangentVector::zero_vector;
        let tangents = match self.is_some() {
            true => {
                let (t1, t2, t12) = t.or_zero(|| (None, None, None));
                (
                    t1.unwrap_or_else(zero),
                    t2.unwrap_or_else(zero),
                    t12.unwrap_or_else(zero),
                )
            }
            false => t_default.or_zero(|| (zero(), zero(), zero())),
        };
        (self.unwrap_or(default), tangents)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ad_core::forward::{Absent, Present};

    #[test]
    fn the_derivative_goes_to_the_side_that_was_taken() {
        let (value, pullback) = Some(2.0).__ad_vjp_unwrap_or(5.0);
        assert_eq!(value, 2.0);
        assert_eq!(pullback(3.0), (Some(3.0), 0.0));
        let (value, pullback) = None.__ad_vjp_unwrap_or(5.0);
        assert_eq!(value, 5.0);
        assert_eq!(pullback(3.0), (None, 3.0));
        assert_eq!(
            Some(2.0)
                .__ad_fwd_unwrap_or(5.0, Present(Some(0.5)), Present(7.0))
                .1,
            0.5
        );
        assert_eq!(
            None::<f64>.__ad_fwd_unwrap_or(5.0, Absent, Present(7.0)).1,
            7.0
        );
    }
}
