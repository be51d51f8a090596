//! Forward-mode rules of the float methods: the trait [`FloatForward`].
//!
//! Generated forward code rewrites `x.sin()` into `x.__ad_fwd_sin(tx)` and `x.atan2(o)` into
//! `x.__ad_fwd_atan2(o, tx, to)`: each rule takes the std method's operands, then one
//! tangent per operand (receiver first), each [`Present`](ad_core::forward::Present) or
//! [`Absent`](ad_core::forward::Absent) for a constant operand (always absent for the integer
//! exponent of `powi`), and returns the std value and the tangent of the result.
//!
//! Every rule is derived from its reverse rule in [`FloatMethods`], so both modes share one
//! formula and one convention at non-differentiable points (see the table in
//! [`crate::float`]). For a scalar function of scalars the pullback of operand `k` is
//! multiplication by the partial derivative `∂y/∂x_k`, which is also its tangent map: the
//! tangent is `Σ_k pullback(t_k).k`. The pullback is called once per operand, and after
//! inlining the code is the hand-written `∂y/∂x · tx`.
//!
//! A tangent that is exactly zero contributes exactly zero, without calling the pullback:
//! the operand does not move in this direction, so the directional derivative is zero even
//! where the slope is infinite or NaN (see [`crate::strong`]: this is what carries a strong
//! zero of one rule through the infinite slope of the next, `x.powi(2).sqrt()` at `0`).
//! `mul_add` is the exception: like the `*` it fuses, it multiplies IEEE-wise.

use crate::float::FloatMethods;
use ad_core::forward::MaybeTangent;
use ad_core::{NoTangent, TangentVector};
use core::ops::Add;

/// A forward rule of one operand, derived from the reverse rule `$vjp`.
macro_rules! unary_forward {
    ($($fwd:ident => $vjp:ident;)*) => {$(
        #[doc = concat!("Value and tangent of `", stringify!($vjp), "`'s method; see [`FloatMethods::", stringify!($vjp), "`].")]
        #[inline(always)]
        fn $fwd(self, t: impl MaybeTangent<Self>) -> (Self, Self) {
            let (value, pullback) = self.$vjp();
            (value, t.map_or(Self::zero_vector(), |t| along(t, |t| pullback(t).0)))
        }
    )*};
}

/// A forward rule of the receiver and one more float operand.
macro_rules! binary_forward {
    ($($fwd:ident => $vjp:ident;)*) => {$(
        #[doc = concat!("Value and tangent of `", stringify!($vjp), "`'s method; see [`FloatMethods::", stringify!($vjp), "`].")]
        #[inline(always)]
        fn $fwd(self, other: Self, t: impl MaybeTangent<Self>, t_other: impl MaybeTangent<Self>) -> (Self, Self) {
            let (value, pullback) = self.$vjp(other);
            let t = t.map_or(Self::zero_vector(), |t| along(t, |t| pullback(t).0));
            (value, t_other.map_or(t, |t_other| t + along(t_other, |t_other| pullback(t_other).1)))
        }
    )*};
}

/// `tangent(t)`, or exactly zero for a zero `t` (without evaluating the slope).
#[inline(always)]
fn along<T: TangentVector + PartialEq>(t: T, tangent: impl FnOnce(T) -> T) -> T {
    if t == T::zero_vector() {
        T::zero_vector()
    } else {
        tangent(t)
    }
}

/// A forward rule of the receiver and two more float operands (IEEE products, see the module
/// documentation).
macro_rules! ternary_forward {
    ($($fwd:ident => $vjp:ident;)*) => {$(
        #[doc = concat!("Value and tangent of `", stringify!($vjp), "`'s method; see [`FloatMethods::", stringify!($vjp), "`].")]
        #[inline(always)]
        fn $fwd(
            self,
            a: Self,
            b: Self,
            t: impl MaybeTangent<Self>,
            t_a: impl MaybeTangent<Self>,
            t_b: impl MaybeTangent<Self>,
        ) -> (Self, Self) {
            let (value, pullback) = self.$vjp(a, b);
            let t = t.map_or(Self::zero_vector(), |t| pullback(t).0);
            let t = t_a.map_or(t, |t_a| t + pullback(t_a).1);
            (value, t_b.map_or(t, |t_b| t + pullback(t_b).2))
        }
    )*};
}

/// Forward-mode rules of the float methods, for every type with the reverse rules
/// ([`FloatMethods`]): `f32` and `f64`.
///
/// Original: `y = f(x_0, .., x_k)` / Tangent: `ty = Σ_k ∂f/∂x_k t_k`, computed as
/// `Σ_k pullback(t_k).k` / Adjoint: the reverse rule itself.
///
/// Each method is named `__ad_fwd_<name>` after the std method `<name>`.
pub trait FloatForward:
    FloatMethods + TangentVector + Copy + PartialEq + Add<Output = Self>
{
    unary_forward! {
        __ad_fwd_sin => __ad_vjp_sin;
        __ad_fwd_cos => __ad_vjp_cos;
        __ad_fwd_tan => __ad_vjp_tan;
        __ad_fwd_asin => __ad_vjp_asin;
        __ad_fwd_acos => __ad_vjp_acos;
        __ad_fwd_atan => __ad_vjp_atan;
        __ad_fwd_sinh => __ad_vjp_sinh;
        __ad_fwd_cosh => __ad_vjp_cosh;
        __ad_fwd_tanh => __ad_vjp_tanh;
        __ad_fwd_asinh => __ad_vjp_asinh;
        __ad_fwd_acosh => __ad_vjp_acosh;
        __ad_fwd_atanh => __ad_vjp_atanh;
        __ad_fwd_exp => __ad_vjp_exp;
        __ad_fwd_exp2 => __ad_vjp_exp2;
        __ad_fwd_exp_m1 => __ad_vjp_exp_m1;
        __ad_fwd_ln => __ad_vjp_ln;
        __ad_fwd_ln_1p => __ad_vjp_ln_1p;
        __ad_fwd_log2 => __ad_vjp_log2;
        __ad_fwd_log10 => __ad_vjp_log10;
        __ad_fwd_sqrt => __ad_vjp_sqrt;
        __ad_fwd_cbrt => __ad_vjp_cbrt;
        __ad_fwd_recip => __ad_vjp_recip;
        __ad_fwd_to_radians => __ad_vjp_to_radians;
        __ad_fwd_to_degrees => __ad_vjp_to_degrees;
        __ad_fwd_abs => __ad_vjp_abs;
        __ad_fwd_signum => __ad_vjp_signum;
    }

    binary_forward! {
        __ad_fwd_atan2 => __ad_vjp_atan2;
        __ad_fwd_log => __ad_vjp_log;
        __ad_fwd_powf => __ad_vjp_powf;
        __ad_fwd_max => __ad_vjp_max;
        __ad_fwd_min => __ad_vjp_min;
        __ad_fwd_hypot => __ad_vjp_hypot;
        __ad_fwd_copysign => __ad_vjp_copysign;
        __ad_fwd_rem_euclid => __ad_vjp_rem_euclid;
    }

    ternary_forward! {
        __ad_fwd_mul_add => __ad_vjp_mul_add;
        __ad_fwd_clamp => __ad_vjp_clamp;
    }

    /// Value and tangent of `powi`; the integer exponent has no tangent.
    #[inline(always)]
    fn __ad_fwd_powi(
        self,
        n: i32,
        t: impl MaybeTangent<Self>,
        _t_n: impl MaybeTangent<NoTangent>,
    ) -> (Self, Self) {
        let (value, pullback) = self.__ad_vjp_powi(n);
        (
            value,
            t.map_or(Self::zero_vector(), |t| along(t, |t| pullback(t).0)),
        )
    }

    /// Value and tangent of `sin_cos`: the pair `(sin x, cos x)` and its tangent
    /// `(cos(x) tx, -sin(x) tx)`, each the pullback of one component's cotangent (the other's
    /// zero); see [`FloatMethods::__ad_vjp_sin_cos`].
    #[inline(always)]
    fn __ad_fwd_sin_cos(self, t: impl MaybeTangent<Self>) -> ((Self, Self), (Self, Self)) {
        let (value, pullback) = self.__ad_vjp_sin_cos();
        let zero = Self::zero_vector();
        let tangent = t.map_or((zero, zero), |t| {
            if t == zero {
                (zero, zero)
            } else {
                (pullback((t, zero)).0, pullback((zero, t)).0)
            }
        });
        (value, tangent)
    }
}

impl<T: FloatMethods + TangentVector + Copy + PartialEq + Add<Output = T>> FloatForward for T {}

#[cfg(test)]
mod tests {
    use super::FloatForward;
    use ad_core::forward::{Absent, Present};

    #[test]
    fn tangents_are_the_partial_derivatives_times_the_input_tangents() {
        let x = 0.7f64;
        assert_eq!(x.__ad_fwd_sin(Present(2.0)), (x.sin(), 2.0 * x.cos()));
        let (y, t) = x.__ad_fwd_atan2(1.3, Present(0.5), Present(-2.0));
        let r2 = x * x + 1.3 * 1.3;
        assert_eq!(y, x.atan2(1.3));
        assert!((t - (0.5 * 1.3 / r2 + -2.0 * -x / r2)).abs() < 1e-15);
        let (y, t) = x.__ad_fwd_mul_add(3.0, 4.0, Present(1.0), Present(2.0), Present(5.0));
        assert_eq!((y, t), (x.mul_add(3.0, 4.0), 3.0 + 2.0 * x + 5.0));
        assert_eq!(x.__ad_fwd_powi(3, Present(1.0), Absent).1, 3.0 * x * x);
        // A constant operand contributes nothing.
        assert!((x.__ad_fwd_atan2(1.3, Absent, Present(1.0)).1 - -x / r2).abs() < 1e-15);
        // rem_euclid: ∂/∂x = 1, ∂/∂o = -div_euclid(x, o).
        assert_eq!(
            7.5f64.__ad_fwd_rem_euclid(-2.0, Present(1.0), Present(0.5)),
            (1.5, 1.0 + 0.5 * 3.0)
        );
        // sin_cos: (cos x tx, -sin x tx).
        let (pair, tangent) = x.__ad_fwd_sin_cos(Present(2.0));
        assert_eq!(pair, x.sin_cos());
        assert_eq!(tangent, (2.0 * x.cos(), -(2.0 * x.sin())));
        assert_eq!(x.__ad_fwd_sin_cos(Absent).1, (0.0, 0.0));
    }

    #[test]
    fn zero_tangents_stay_zero_against_infinite_and_nan_slopes() {
        // sqrt, ln and recip at 0 have infinite slopes; a zero tangent does not move.
        assert_eq!(0.0f64.__ad_fwd_sqrt(Present(0.0)), (0.0, 0.0));
        assert_eq!(0.0f64.__ad_fwd_ln(Present(0.0)).1, 0.0);
        assert_eq!(0.0f32.__ad_fwd_recip(Present(0.0)).1, 0.0);
        // powf at a negative base: ∂/∂p is NaN, a zero tangent of p contributes nothing.
        assert_eq!(
            (-1.5f64).__ad_fwd_powf(2.0, Present(1.0), Present(0.0)).1,
            -3.0
        );
        assert_eq!(0.0f64.__ad_fwd_sin_cos(Present(0.0)).1, (0.0, 0.0));
        // A nonzero tangent meets the infinite slope as usual.
        assert_eq!(0.0f64.__ad_fwd_sqrt(Present(1.0)).1, f64::INFINITY);
        // powi's zero slope at 0 is strong against an infinite tangent.
        assert_eq!(
            0.0f64.__ad_fwd_powi(2, Present(f64::INFINITY), Absent).1,
            0.0
        );
        // mul_add is IEEE: the infinite factor meets x's zero tangent.
        let t = 1.0f64
            .__ad_fwd_mul_add(f64::INFINITY, 0.0, Present(0.0), Absent, Absent)
            .1;
        assert!(t.is_nan());
    }
}
