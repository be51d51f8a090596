//! Second-order forward rules, for `hessian!`: forward mode applied to forward mode.
//!
//! A second-order tangent of `x` is a triple `(t1, t2, t12)`: the tangents of `x` in two
//! directions and the tangent of `t1` in the second direction. Linear operations act on each
//! component; a rule `y = f(x)` gives `t1' = f'(x) t1`, `t2' = f'(x) t2` and
//! `t12' = f'(x) t12 + f''(x) t1 t2` (with gradients and Hessians for several operands).
//! Seeding `t1 = e_i`, `t2 = e_j`, `t12 = 0` gives `t12 = ∂²f/∂x_i∂x_j` of the result: an exact
//! second derivative, not finite differences.
//!
//! First derivatives come from the reverse rules (so all three modes share one formula and
//! one convention); the second derivatives are written here, in [`FloatSecond`].

use crate::float::FloatMethods;
use ad_core::forward::MaybeTangent;
use ad_core::{NoTangent, TangentVector};
use core::marker::PhantomData;

/// `(t1, t2, t12)`.
pub type Second<T> = (T, T, T);

/// The zero second-order tangent.
#[inline(always)]
pub fn zero<T: TangentVector>() -> Second<T> {
    (T::zero(), T::zero(), T::zero())
}

/// What an operation without a second-order rule gives: a compile error when a Hessian
/// instantiates it (not before: code that never asks for a Hessian compiles).
pub struct NoSecondOrderRule<T: ?Sized>(PhantomData<T>);

impl<T: ?Sized> NoSecondOrderRule<T> {
    /// Evaluating this fails compilation with the message.
    pub const ERROR: () = panic!(
        "`hessian!` needs second-order derivative rules for every operation, and this one has none: differentiate the code it calls with `#[differentiable]` instead of registering a first-order derivative"
    );
}

/// The second-order derivative of a function registered with first-order derivatives only:
/// a compile error where a Hessian instantiates it. `witness` is one of the derivative's
/// generic arguments, so that the error waits for an instantiation; `M` is a type named after
/// the function (`<f>_has_no_second_order_rule`), which rustc's note about the instantiation
/// shows.
pub fn missing_second_order<M, T, R>(_function: M, witness: &T) -> R {
    let () = NoSecondOrderRule::<(M, T)>::ERROR;
    let _ = witness;
    unreachable!()
}

/// The second-order tangent of a scalar function of one operand with derivatives `d1`, `d2`.
#[inline(always)]
pub fn unary<T: Copy + core::ops::Mul<Output = T> + core::ops::Add<Output = T>>(
    d1: T,
    d2: T,
    (a, b, ab): Second<T>,
) -> Second<T> {
    (d1 * a, d1 * b, d1 * ab + d2 * a * b)
}

/// The second-order tangent of a scalar function of two operands with gradient `(gx, go)`
/// and Hessian `(hxx, hxo, hoo)`.
#[inline(always)]
pub fn binary<T: Copy + core::ops::Mul<Output = T> + core::ops::Add<Output = T>>(
    (gx, go): (T, T),
    (hxx, hxo, hoo): (T, T, T),
    (xa, xb, xab): Second<T>,
    (oa, ob, oab): Second<T>,
) -> Second<T> {
    (
        gx * xa + go * oa,
        gx * xb + go * ob,
        gx * xab + go * oab + hxx * xa * xb + hxo * (xa * ob + oa * xb) + hoo * oa * ob,
    )
}

macro_rules! unary_second {
    ($t:ident, $($name:ident => $vjp:ident, |$x:ident, $y:ident, $d1:ident| $d2:expr;)*) => {$(
        #[inline(always)]
        fn $name(self, t: impl MaybeTangent<Second<$t>>) -> ($t, Second<$t>) {
            let $x = self;
            let ($y, pullback) = $x.$vjp();
            let $d1: $t = pullback(1.0).0;
            let d2: $t = $d2;
            ($y, unary($d1, d2, t.or_zero(zero)))
        }
    )*};
}

macro_rules! binary_second {
    ($t:ident, $($name:ident => $vjp:ident, |$x:ident, $o:ident, $y:ident| $h:expr;)*) => {$(
        #[inline(always)]
        fn $name(
            self,
            other: $t,
            t: impl MaybeTangent<Second<$t>>,
            t_other: impl MaybeTangent<Second<$t>>,
        ) -> ($t, Second<$t>) {
            let ($x, $o) = (self, other);
            let ($y, pullback) = $x.$vjp($o);
            let gradient: ($t, $t) = pullback(1.0);
            let hessian: ($t, $t, $t) = $h;
            ($y, binary(gradient, hessian, t.or_zero(zero), t_other.or_zero(zero)))
        }
    )*};
}

/// Second-order forward rules of the float methods, named `__ad_hvp_<name>`: the operands,
/// then one second-order tangent per operand (receiver first).
///
/// Original: `y = f(x)` / Tangent: `t1' = f'(x) t1`, `t2' = f'(x) t2`,
/// `t12' = f'(x) t12 + f''(x) t1 t2` (for several operands, the gradient and the Hessian of
/// [`binary`]) / Adjoint: the reverse rule of [`FloatMethods`], which also gives `f'` here;
/// each `f''` is written beside its method in the impl.
pub trait FloatSecond: FloatMethods + Sized {
    /// `sin`.
    fn __ad_hvp_sin(self, t: impl MaybeTangent<Second<Self>>) -> (Self, Second<Self>);
    /// `cos`.
    fn __ad_hvp_cos(self, t: impl MaybeTangent<Second<Self>>) -> (Self, Second<Self>);
    /// `tan`.
    fn __ad_hvp_tan(self, t: impl MaybeTangent<Second<Self>>) -> (Self, Second<Self>);
    /// `asin`.
    fn __ad_hvp_asin(self, t: impl MaybeTangent<Second<Self>>) -> (Self, Second<Self>);
    /// `acos`.
    fn __ad_hvp_acos(self, t: impl MaybeTangent<Second<Self>>) -> (Self, Second<Self>);
    /// `atan`.
    fn __ad_hvp_atan(self, t: impl MaybeTangent<Second<Self>>) -> (Self, Second<Self>);
    /// `sinh`.
    fn __ad_hvp_sinh(self, t: impl MaybeTangent<Second<Self>>) -> (Self, Second<Self>);
    /// `cosh`.
    fn __ad_hvp_cosh(self, t: impl MaybeTangent<Second<Self>>) -> (Self, Second<Self>);
    /// `tanh`.
    fn __ad_hvp_tanh(self, t: impl MaybeTangent<Second<Self>>) -> (Self, Second<Self>);
    /// `asinh`.
    fn __ad_hvp_asinh(self, t: impl MaybeTangent<Second<Self>>) -> (Self, Second<Self>);
    /// `acosh`.
    fn __ad_hvp_acosh(self, t: impl MaybeTangent<Second<Self>>) -> (Self, Second<Self>);
    /// `atanh`.
    fn __ad_hvp_atanh(self, t: impl MaybeTangent<Second<Self>>) -> (Self, Second<Self>);
    /// `exp`.
    fn __ad_hvp_exp(self, t: impl MaybeTangent<Second<Self>>) -> (Self, Second<Self>);
    /// `exp2`.
    fn __ad_hvp_exp2(self, t: impl MaybeTangent<Second<Self>>) -> (Self, Second<Self>);
    /// `exp_m1`.
    fn __ad_hvp_exp_m1(self, t: impl MaybeTangent<Second<Self>>) -> (Self, Second<Self>);
    /// `ln`.
    fn __ad_hvp_ln(self, t: impl MaybeTangent<Second<Self>>) -> (Self, Second<Self>);
    /// `ln_1p`.
    fn __ad_hvp_ln_1p(self, t: impl MaybeTangent<Second<Self>>) -> (Self, Second<Self>);
    /// `log2`.
    fn __ad_hvp_log2(self, t: impl MaybeTangent<Second<Self>>) -> (Self, Second<Self>);
    /// `log10`.
    fn __ad_hvp_log10(self, t: impl MaybeTangent<Second<Self>>) -> (Self, Second<Self>);
    /// `sqrt`.
    fn __ad_hvp_sqrt(self, t: impl MaybeTangent<Second<Self>>) -> (Self, Second<Self>);
    /// `cbrt`.
    fn __ad_hvp_cbrt(self, t: impl MaybeTangent<Second<Self>>) -> (Self, Second<Self>);
    /// `recip`.
    fn __ad_hvp_recip(self, t: impl MaybeTangent<Second<Self>>) -> (Self, Second<Self>);
    /// `abs` (second derivative 0, also at 0).
    fn __ad_hvp_abs(self, t: impl MaybeTangent<Second<Self>>) -> (Self, Second<Self>);
    /// `signum` (constant).
    fn __ad_hvp_signum(self, t: impl MaybeTangent<Second<Self>>) -> (Self, Second<Self>);
    /// `powi`.
    fn __ad_hvp_powi(
        self,
        n: i32,
        t: impl MaybeTangent<Second<Self>>,
        t_n: impl MaybeTangent<Second<NoTangent>>,
    ) -> (Self, Second<Self>);
    /// `atan2`.
    fn __ad_hvp_atan2(
        self,
        other: Self,
        t: impl MaybeTangent<Second<Self>>,
        t_other: impl MaybeTangent<Second<Self>>,
    ) -> (Self, Second<Self>);
    /// `log` to a base.
    fn __ad_hvp_log(
        self,
        other: Self,
        t: impl MaybeTangent<Second<Self>>,
        t_other: impl MaybeTangent<Second<Self>>,
    ) -> (Self, Second<Self>);
    /// `powf`.
    fn __ad_hvp_powf(
        self,
        other: Self,
        t: impl MaybeTangent<Second<Self>>,
        t_other: impl MaybeTangent<Second<Self>>,
    ) -> (Self, Second<Self>);
    /// `max` (piecewise linear).
    fn __ad_hvp_max(
        self,
        other: Self,
        t: impl MaybeTangent<Second<Self>>,
        t_other: impl MaybeTangent<Second<Self>>,
    ) -> (Self, Second<Self>);
    /// `min` (piecewise linear).
    fn __ad_hvp_min(
        self,
        other: Self,
        t: impl MaybeTangent<Second<Self>>,
        t_other: impl MaybeTangent<Second<Self>>,
    ) -> (Self, Second<Self>);
    /// `hypot`.
    fn __ad_hvp_hypot(
        self,
        other: Self,
        t: impl MaybeTangent<Second<Self>>,
        t_other: impl MaybeTangent<Second<Self>>,
    ) -> (Self, Second<Self>);
    /// `copysign` (piecewise linear in `x`, constant in `o`).
    fn __ad_hvp_copysign(
        self,
        other: Self,
        t: impl MaybeTangent<Second<Self>>,
        t_other: impl MaybeTangent<Second<Self>>,
    ) -> (Self, Second<Self>);
    /// `mul_add`.
    fn __ad_hvp_mul_add(
        self,
        a: Self,
        b: Self,
        t: impl MaybeTangent<Second<Self>>,
        t_a: impl MaybeTangent<Second<Self>>,
        t_b: impl MaybeTangent<Second<Self>>,
    ) -> (Self, Second<Self>);
    /// `clamp` (piecewise linear).
    fn __ad_hvp_clamp(
        self,
        min: Self,
        max: Self,
        t: impl MaybeTangent<Second<Self>>,
        t_min: impl MaybeTangent<Second<Self>>,
        t_max: impl MaybeTangent<Second<Self>>,
    ) -> (Self, Second<Self>);
}

macro_rules! float_second {
    ($($t:ident),*) => {$(
        impl FloatSecond for $t {
            unary_second! { $t,
                __ad_hvp_sin => __ad_vjp_sin, |_x, y, _d1| -y;
                __ad_hvp_cos => __ad_vjp_cos, |_x, y, _d1| -y;
                __ad_hvp_tan => __ad_vjp_tan, |_x, y, d1| 2.0 * y * d1;
                __ad_hvp_asin => __ad_vjp_asin, |x, _y, d1| x * d1 * d1 * d1;
                __ad_hvp_acos => __ad_vjp_acos, |x, _y, d1| x * d1 * d1 * d1;
                __ad_hvp_atan => __ad_vjp_atan, |x, _y, d1| -2.0 * x * d1 * d1;
                __ad_hvp_sinh => __ad_vjp_sinh, |_x, y, _d1| y;
                __ad_hvp_cosh => __ad_vjp_cosh, |_x, y, _d1| y;
                __ad_hvp_tanh => __ad_vjp_tanh, |_x, y, d1| -2.0 * y * d1;
                __ad_hvp_asinh => __ad_vjp_asinh, |x, _y, d1| -x * d1 * d1 * d1;
                __ad_hvp_acosh => __ad_vjp_acosh, |x, _y, d1| -x * d1 * d1 * d1;
                __ad_hvp_atanh => __ad_vjp_atanh, |x, _y, d1| 2.0 * x * d1 * d1;
                __ad_hvp_exp => __ad_vjp_exp, |_x, y, _d1| y;
                __ad_hvp_exp2 => __ad_vjp_exp2, |_x, _y, d1| d1 * std::$t::consts::LN_2;
                __ad_hvp_exp_m1 => __ad_vjp_exp_m1, |_x, _y, d1| d1;
                __ad_hvp_ln => __ad_vjp_ln, |_x, _y, d1| -d1 * d1;
                __ad_hvp_ln_1p => __ad_vjp_ln_1p, |_x, _y, d1| -d1 * d1;
                __ad_hvp_log2 => __ad_vjp_log2, |x, _y, d1| -d1 / x;
                __ad_hvp_log10 => __ad_vjp_log10, |x, _y, d1| -d1 / x;
                __ad_hvp_sqrt => __ad_vjp_sqrt, |_x, y, _d1| -0.25 / (y * y * y);
                __ad_hvp_cbrt => __ad_vjp_cbrt, |_x, y, _d1| -2.0 / (9.0 * y * y * y * y * y);
                __ad_hvp_recip => __ad_vjp_recip, |_x, y, _d1| 2.0 * y * y * y;
                __ad_hvp_abs => __ad_vjp_abs, |_x, _y, _d1| 0.0;
                __ad_hvp_signum => __ad_vjp_signum, |_x, _y, _d1| 0.0;
            }

            binary_second! { $t,
                __ad_hvp_atan2 => __ad_vjp_atan2, |x, o, _y| {
                    let r2 = x * x + o * o;
                    if r2 == 0.0 {
                        (0.0, 0.0, 0.0)
                    } else {
                        let r4 = r2 * r2;
                        (-2.0 * x * o / r4, (x * x - o * o) / r4, 2.0 * x * o / r4)
                    }
                };
                __ad_hvp_log => __ad_vjp_log, |x, b, y| {
                    let lb = b.ln();
                    (
                        -1.0 / (x * x * lb),
                        -1.0 / (x * b * lb * lb),
                        y * (lb + 2.0) / (b * b * lb * lb),
                    )
                };
                __ad_hvp_powf => __ad_vjp_powf, |x, p, y| {
                    let hxx = if p == 0.0 || p == 1.0 { 0.0 } else { p * (p - 1.0) * x.powf(p - 2.0) };
                    let (hxp, hpp) = if x == 0.0 {
                        (0.0, 0.0)
                    } else {
                        let l = x.ln();
                        (x.powf(p - 1.0) * (1.0 + p * l), y * l * l)
                    };
                    (hxx, hxp, hpp)
                };
                __ad_hvp_max => __ad_vjp_max, |_x, _o, _y| (0.0, 0.0, 0.0);
                __ad_hvp_min => __ad_vjp_min, |_x, _o, _y| (0.0, 0.0, 0.0);
                __ad_hvp_copysign => __ad_vjp_copysign, |_x, _o, _y| (0.0, 0.0, 0.0);
                __ad_hvp_hypot => __ad_vjp_hypot, |x, o, y| {
                    if y == 0.0 {
                        (0.0, 0.0, 0.0)
                    } else {
                        let y3 = y * y * y;
                        (o * o / y3, -x * o / y3, x * x / y3)
                    }
                };
            }

            #[inline(always)]
            fn __ad_hvp_powi(
                self,
                n: i32,
                t: impl MaybeTangent<Second<$t>>,
                _t_n: impl MaybeTangent<Second<NoTangent>>,
            ) -> ($t, Second<$t>) {
                let (y, pullback) = self.__ad_vjp_powi(n);
                let d1 = pullback(1.0).0;
                let d2 = if n == 0 || n == 1 { 0.0 } else { (n as $t) * (n as $t - 1.0) * self.powi(n - 2) };
                (y, unary(d1, d2, t.or_zero(zero)))
            }

            #[inline(always)]
            fn __ad_hvp_mul_add(
                self,
                a: $t,
                b: $t,
                t: impl MaybeTangent<Second<$t>>,
                t_a: impl MaybeTangent<Second<$t>>,
                t_b: impl MaybeTangent<Second<$t>>,
            ) -> ($t, Second<$t>) {
                // x a + b: the product's rule, plus b's tangent.
                let (x_t, a_t, b_t) = (t.or_zero(zero), t_a.or_zero(zero), t_b.or_zero(zero));
                let product = binary((a, self), (0.0, 1.0, 0.0), x_t, a_t);
                (self.mul_add(a, b), (product.0 + b_t.0, product.1 + b_t.1, product.2 + b_t.2))
            }

            #[inline(always)]
            fn __ad_hvp_clamp(
                self,
                min: $t,
                max: $t,
                t: impl MaybeTangent<Second<$t>>,
                t_min: impl MaybeTangent<Second<$t>>,
                t_max: impl MaybeTangent<Second<$t>>,
            ) -> ($t, Second<$t>) {
                // Piecewise the identity of one operand: its tangent, whole.
                let y = self.clamp(min, max);
                let tangent = if self < min {
                    t_min.or_zero(zero)
                } else if self > max {
                    t_max.or_zero(zero)
                } else {
                    t.or_zero(zero)
                };
                (y, tangent)
            }
        }
    )*};
}

float_second!(f32, f64);

#[cfg(test)]
mod tests {
    use super::*;
    use ad_core::forward::Present;

    /// The second derivative of `f` at `x` by central differences of the first derivative.
    fn second_difference(d1: impl Fn(f64) -> f64, x: f64) -> f64 {
        let h = 1e-5;
        (d1(x + h) - d1(x - h)) / (2.0 * h)
    }

    #[test]
    fn unary_rules_against_differences_of_their_first_derivatives() {
        type Rule = fn(f64, Present<Second<f64>>) -> (f64, Second<f64>);
        let rules: [(Rule, f64); 24] = [
            (f64::__ad_hvp_sin, 0.7),
            (f64::__ad_hvp_cos, 0.7),
            (f64::__ad_hvp_tan, 0.4),
            (f64::__ad_hvp_asin, 0.3),
            (f64::__ad_hvp_acos, -0.4),
            (f64::__ad_hvp_atan, 1.3),
            (f64::__ad_hvp_sinh, 0.9),
            (f64::__ad_hvp_cosh, -0.9),
            (f64::__ad_hvp_tanh, -0.6),
            (f64::__ad_hvp_asinh, 1.2),
            (f64::__ad_hvp_acosh, 1.9),
            (f64::__ad_hvp_atanh, 0.5),
            (f64::__ad_hvp_exp, 0.3),
            (f64::__ad_hvp_exp2, 0.3),
            (f64::__ad_hvp_exp_m1, 0.3),
            (f64::__ad_hvp_ln, 1.7),
            (f64::__ad_hvp_ln_1p, 0.8),
            (f64::__ad_hvp_log2, 1.7),
            (f64::__ad_hvp_log10, 1.7),
            (f64::__ad_hvp_sqrt, 2.3),
            (f64::__ad_hvp_cbrt, 1.7),
            (f64::__ad_hvp_recip, -1.4),
            (f64::__ad_hvp_abs, -1.4),
            (f64::__ad_hvp_signum, 0.6),
        ];
        for (rule, x) in rules {
            let first = |x: f64| rule(x, Present((1.0, 0.0, 0.0))).1.0;
            let (_, (_, _, d2)) = rule(x, Present((1.0, 1.0, 0.0)));
            let want = second_difference(first, x);
            assert!(
                (d2 - want).abs() < 1e-6 * want.abs().max(1.0),
                "at {x}: {d2} vs {want}"
            );
        }
    }

    #[test]
    fn powi_mul_add_and_clamp() {
        for n in [0, 1, 2, 5, -3] {
            let rule = |x: f64, t| f64::__ad_hvp_powi(x, n, Present(t), ad_core::forward::Absent);
            let first = |x: f64| rule(x, (1.0, 0.0, 0.0)).1.0;
            let d2 = rule(1.3, (1.0, 1.0, 0.0)).1.2;
            let want = second_difference(first, 1.3);
            assert!(
                (d2 - want).abs() < 1e-6 * want.abs().max(1.0),
                "powi {n}: {d2} vs {want}"
            );
        }
        // x a + b: the only second derivative is ∂²/∂x∂a = 1.
        let (_, (_, _, mixed)) = 2.0f64.__ad_hvp_mul_add(
            3.0,
            4.0,
            Present((1.0, 0.0, 0.0)),
            Present((0.0, 1.0, 0.0)),
            Present((0.0, 0.0, 0.0)),
        );
        assert_eq!(mixed, 1.0);
        // clamp passes the tangents of the operand it returns.
        let (y, t) = 5.0f64.__ad_hvp_clamp(
            0.0,
            2.0,
            Present((1.0, 1.0, 1.0)),
            Present((0.0, 0.0, 0.0)),
            Present((7.0, 8.0, 9.0)),
        );
        assert_eq!((y, t), (2.0, (7.0, 8.0, 9.0)));
    }

    #[test]
    fn binary_rules_against_differences_of_their_gradients() {
        type Rule = fn(f64, f64, Present<Second<f64>>, Present<Second<f64>>) -> (f64, Second<f64>);
        let rules: [(Rule, f64, f64); 8] = [
            (f64::__ad_hvp_atan2, 0.7, -1.3),
            (f64::__ad_hvp_log, 2.5, 3.0),
            (f64::__ad_hvp_powf, 1.4, 2.3),
            (f64::__ad_hvp_hypot, 0.6, -0.8),
            (f64::__ad_hvp_max, 0.6, -0.8),
            (f64::__ad_hvp_min, 0.6, -0.8),
            (f64::__ad_hvp_copysign, 0.6, -0.8),
            (f64::__ad_hvp_copysign, -1.3, 0.4),
        ];
        let e = |k: usize| if k == 0 { (1.0, 0.0) } else { (0.0, 1.0) };
        for (rule, x, o) in rules {
            for i in 0..2 {
                for j in 0..2 {
                    let (ei, ej) = (e(i), e(j));
                    let (_, (_, _, hij)) =
                        rule(x, o, Present((ei.0, ej.0, 0.0)), Present((ei.1, ej.1, 0.0)));
                    // ∂/∂_j of the tangent in direction i.
                    let first = |x: f64, o: f64| {
                        rule(x, o, Present((ei.0, 0.0, 0.0)), Present((ei.1, 0.0, 0.0)))
                            .1
                            .0
                    };
                    let h = 1e-5;
                    let want = if j == 0 {
                        (first(x + h, o) - first(x - h, o)) / (2.0 * h)
                    } else {
                        (first(x, o + h) - first(x, o - h)) / (2.0 * h)
                    };
                    assert!(
                        (hij - want).abs() < 1e-6 * want.abs().max(1.0),
                        "({i}, {j}) at ({x}, {o}): {hij} vs {want}"
                    );
                }
            }
        }
    }
}
