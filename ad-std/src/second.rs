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
//! one convention); the second derivatives are written here, in [`FloatSecond`]. The float
//! methods multiply derivatives and tangents with the strong zeros of [`crate::strong`]: the
//! strong rules (`abs`, `signum`, `powi` and every method of two operands) with zero factors
//! strong on both sides, so a term with a constant operand's zero tangent never turns a NaN or
//! infinite partial into a NaN (`x.powf(2.0)` at `x < 0`, where `∂/∂p = y ln x` is NaN); the
//! others with zero first-order tangents strong, as in forward mode.
//!
//! **Tangents first.** A rule's own second derivative can overflow where the function's is
//! finite: in `(x² 1e-200) / 1e-200` the quotient's `∂²/∂b² = 2a/b³` is `inf`, in
//! `ln(1e-200 x)` `ln''` is `-1e400`, and such a partial times a zero tangent is NaN. So the
//! rules that can overflow (`/`, `recip`, `ln`, `log2`, `log10`, `sqrt`, `cbrt`, `powi`,
//! `powf`) multiply the tangents in before the large factors: the first-order tangents come
//! from pullbacks that take the (co)tangent first (`recip`, `powi` with `n < 0`, `powf` with
//! `p < 1`), and the second-order term is written from them (`ln`: `-(a/x)(b/x)`, not
//! `-1/x²` times `a b`; `/`: `(a12 - y b12 - y1 b2 - y2 b1) / b`). The result is finite
//! wherever the second derivative being computed is, short of an intermediate value that
//! itself overflows.

use crate::float::FloatMethods;
use ad_core::forward::MaybeTangent;
use ad_core::{NoTangent, TangentVector};
use core::marker::PhantomData;

/// `(t1, t2, t12)`.
pub type Second<T> = (T, T, T);

/// The zero second-order tangent.
#[inline(always)]
pub fn zero<T: TangentVector>() -> Second<T> {
    (T::zero_vector(), T::zero_vector(), T::zero_vector())
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

/// Second-order rules of one operand with weak zeros (see [`crate::strong`]), written tangent
/// first. With `(a, b, ab)` the operand's tangents, the first-order tangents `ya = f'(x) a`,
/// `yb = f'(x) b` are the pullback's (a zero tangent passes on zero without meeting the
/// slope, as in forward mode), and `t12' = f'(x) ab + f''(x) a b`, where each rule writes the
/// curvature term `f''(x) a b` from `ya`, `yb` and the tangents rather than as `f''(x)` times
/// `a b`: `f''` overflows (`ln`: `-1/x²` for `|x| < 1e-154`, `sqrt`: `-1/(4 y³)`) or underflows
/// where the term is representable, the derivative of the composite is finite (`ln(1e-200 x)`)
/// and a zero tangent would otherwise meet an infinite `f''` (NaN).
macro_rules! unary_second {
    // Rules with strong zero derivatives and no curvature (see [`crate::strong::unary`]).
    (strong $t:ident, $($name:ident => $vjp:ident;)*) => {$(
        #[inline(always)]
        fn $name(self, t: impl MaybeTangent<Second<$t>>) -> ($t, Second<$t>) {
            let (y, pullback) = self.$vjp();
            let d1: $t = pullback(1.0).0;
            (y, crate::strong::unary(true, d1, 0.0, t.or_zero(zero)))
        }
    )*};
    ($t:ident, $($name:ident => $vjp:ident,
        |$x:ident, $y:ident, $d1:ident, ($a:pat, $b:pat), ($ya:pat, $yb:pat)| $curvature:expr;)*) => {$(
        #[inline(always)]
        fn $name(self, t: impl MaybeTangent<Second<$t>>) -> ($t, Second<$t>) {
            let $x = self;
            let ($y, pullback) = $x.$vjp();
            let $d1: $t = pullback(1.0).0;
            let (a, b, ab) = t.or_zero(zero);
            let along = |t: $t| if t == 0.0 { 0.0 } else { pullback(t).0 };
            let (ya, yb) = (along(a), along(b));
            let curvature: $t = {
                let (($a, $b), ($ya, $yb)) = ((a, b), (ya, yb));
                $curvature
            };
            // IEEE in `t12`: an infinite slope against a zero `ab` stays NaN (see `crate::strong`).
            ($y, (ya, yb, pullback(ab).0 + curvature))
        }
    )*};
}

/// Second-order rules of two operands, all with strong zero derivatives (see
/// [`crate::strong::binary`]).
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
            let (t, t_other) = (t.or_zero(zero), t_other.or_zero(zero));
            ($y, crate::strong::binary(gradient, hessian, t, t_other))
        }
    )*};
}

/// Second-order forward rules of the float methods, named `__ad_hvp_<name>`: the operands,
/// then one second-order tangent per operand (receiver first).
///
/// Original: `y = f(x)` / Tangent: `t1' = f'(x) t1`, `t2' = f'(x) t2`,
/// `t12' = f'(x) t12 + f''(x) t1 t2` (for several operands, the gradient and the Hessian of
/// [`binary`]) / Adjoint: the reverse rule of [`FloatMethods`], which also gives `f'` here
/// (its pullback maps the tangents); each `f''`, as the term `f''(x) t1 t2` written tangents
/// first, is beside its method in the impl.
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
    /// `to_radians` (linear).
    fn __ad_hvp_to_radians(self, t: impl MaybeTangent<Second<Self>>) -> (Self, Second<Self>);
    /// `to_degrees` (linear).
    fn __ad_hvp_to_degrees(self, t: impl MaybeTangent<Second<Self>>) -> (Self, Second<Self>);
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
    /// `rem_euclid` (piecewise linear: no curvature).
    fn __ad_hvp_rem_euclid(
        self,
        other: Self,
        t: impl MaybeTangent<Second<Self>>,
        t_other: impl MaybeTangent<Second<Self>>,
    ) -> (Self, Second<Self>);
    /// `sin_cos`: the pair `(sin x, cos x)` and the second-order tangent of each component
    /// (`sin'' = -sin`, `cos'' = -cos`), as the pair's tangents `((s1, c1), (s2, c2), (s12, c12))`.
    fn __ad_hvp_sin_cos(
        self,
        t: impl MaybeTangent<Second<Self>>,
    ) -> ((Self, Self), Second<(Self, Self)>);
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
            // Each curvature term `f''(x) a b`, tangents first (see `unary_second!`); `f''` in
            // terms of `f'` (`d1`) and the value where that is what keeps it finite.
            unary_second! { $t,
                // f'' = -sin x, -cos x: bounded.
                __ad_hvp_sin => __ad_vjp_sin, |_x, y, _d1, (a, b), (_ya, _yb)| -y * a * b;
                __ad_hvp_cos => __ad_vjp_cos, |_x, y, _d1, (a, b), (_ya, _yb)| -y * a * b;
                // f'' = 2 y f'.
                __ad_hvp_tan => __ad_vjp_tan, |_x, y, _d1, (_a, b), (ya, _yb)| 2.0 * y * ya * b;
                // f'' = x f'³ (asin: f' = 1/√(1 - x²); acos: f' = -1/√(1 - x²)).
                __ad_hvp_asin => __ad_vjp_asin, |x, _y, d1, (_a, b), (ya, _yb)| x * d1 * d1 * ya * b;
                __ad_hvp_acos => __ad_vjp_acos, |x, _y, d1, (_a, b), (ya, _yb)| x * d1 * d1 * ya * b;
                // f'' = -2x f'²; `x f'` first: `f'²` underflows for |x| > 1e77 where `x f'²` does not.
                __ad_hvp_atan => __ad_vjp_atan, |x, _y, d1, (_a, b), (ya, _yb)| -2.0 * (x * d1) * ya * b;
                // f'' = sinh x, cosh x: the value.
                __ad_hvp_sinh => __ad_vjp_sinh, |_x, y, _d1, (a, b), (_ya, _yb)| y * a * b;
                __ad_hvp_cosh => __ad_vjp_cosh, |_x, y, _d1, (a, b), (_ya, _yb)| y * a * b;
                // f'' = -2 y f'.
                __ad_hvp_tanh => __ad_vjp_tanh, |_x, y, _d1, (_a, b), (ya, _yb)| -2.0 * y * ya * b;
                // f'' = -x f'³ (asinh: f' = 1/√(x² + 1); acosh: f' = 1/√(x² - 1)); `x f'` first.
                __ad_hvp_asinh => __ad_vjp_asinh, |x, _y, d1, (_a, b), (ya, _yb)| -(x * d1) * d1 * ya * b;
                __ad_hvp_acosh => __ad_vjp_acosh, |x, _y, d1, (_a, b), (ya, _yb)| -(x * d1) * d1 * ya * b;
                // f'' = 2x f'² (f' = 1/(1 - x²)).
                __ad_hvp_atanh => __ad_vjp_atanh, |x, _y, d1, (_a, b), (ya, _yb)| 2.0 * x * d1 * ya * b;
                // f'' = f' (exp: e^x; exp_m1: e^x, from x, as its first derivative), f' ln 2 (exp2).
                __ad_hvp_exp => __ad_vjp_exp, |_x, _y, _d1, (_a, b), (ya, _yb)| ya * b;
                __ad_hvp_exp2 => __ad_vjp_exp2, |_x, _y, _d1, (_a, b), (ya, _yb)| ya * b * std::$t::consts::LN_2;
                __ad_hvp_exp_m1 => __ad_vjp_exp_m1, |_x, _y, _d1, (_a, b), (ya, _yb)| ya * b;
                // f'' = -f'² (ln: f' = 1/x; ln_1p: f' = 1/(1 + x)): `-(a/x)(b/x)`, not `-1/x²`
                // times `a b`, which overflows for |x| < 1e-154.
                __ad_hvp_ln => __ad_vjp_ln, |_x, _y, _d1, (_a, _b), (ya, yb)| -ya * yb;
                __ad_hvp_ln_1p => __ad_vjp_ln_1p, |_x, _y, _d1, (_a, _b), (ya, yb)| -ya * yb;
                // f'' = -f' / x (f' = 1/(x ln 2), 1/(x ln 10)).
                __ad_hvp_log2 => __ad_vjp_log2, |x, _y, _d1, (_a, b), (ya, _yb)| -ya * (b / x);
                __ad_hvp_log10 => __ad_vjp_log10, |x, _y, _d1, (_a, b), (ya, _yb)| -ya * (b / x);
                // sqrt: f'' = -1/(4y³) = -f'² / y; `y³` overflows where the term is representable.
                __ad_hvp_sqrt => __ad_vjp_sqrt, |_x, y, _d1, (_a, _b), (ya, yb)| -(ya * yb) / y;
                // cbrt: f'' = -2/(9y⁵) = -2 f'² / y.
                __ad_hvp_cbrt => __ad_vjp_cbrt, |_x, y, _d1, (_a, _b), (ya, yb)| -2.0 * (ya * yb) / y;
                // recip: f'' = 2y³, as 2 (y a)(y b) y: `y³` overflows for |x| < 1e-103.
                __ad_hvp_recip => __ad_vjp_recip, |_x, y, _d1, (a, b), (_ya, _yb)| 2.0 * ((y * a) * (y * b)) * y;
                // Linear.
                __ad_hvp_to_radians => __ad_vjp_to_radians, |_x, _y, _d1, (_a, _b), (_ya, _yb)| 0.0;
                __ad_hvp_to_degrees => __ad_vjp_to_degrees, |_x, _y, _d1, (_a, _b), (_ya, _yb)| 0.0;
            }

            unary_second! { strong $t,
                __ad_hvp_abs => __ad_vjp_abs;
                __ad_hvp_signum => __ad_vjp_signum;
            }

            binary_second! { $t,
                __ad_hvp_atan2 => __ad_vjp_atan2, |x, o, _y| {
                    // With u = x / r², v = o / r² (each divided by r = hypot twice, which
                    // neither overflows nor underflows where x² + o² would).
                    let r = x.hypot(o);
                    if r == 0.0 {
                        (0.0, 0.0, 0.0)
                    } else {
                        let (u, v) = (x / r / r, o / r / r);
                        (-2.0 * u * v, u * u - v * v, 2.0 * u * v)
                    }
                };
                __ad_hvp_log => __ad_vjp_log, |x, b, y| {
                    // -1/(x² ln b), -1/(x b ln² b), y (ln b + 2)/(b² ln² b), divided step by
                    // step: x², b² and their products over- or underflow where the entries need
                    // not (and 0 / 0 at y = 0 for a base below 1e-154).
                    let lb = b.ln();
                    let (xl, bl) = (x * lb, b * lb);
                    (-1.0 / xl / x, -1.0 / xl / bl, y * (lb + 2.0) / bl / bl)
                };
                __ad_hvp_max => __ad_vjp_max, |_x, _o, _y| (0.0, 0.0, 0.0);
                __ad_hvp_min => __ad_vjp_min, |_x, _o, _y| (0.0, 0.0, 0.0);
                __ad_hvp_copysign => __ad_vjp_copysign, |_x, _o, _y| (0.0, 0.0, 0.0);
                __ad_hvp_rem_euclid => __ad_vjp_rem_euclid, |_x, _o, _y| (0.0, 0.0, 0.0);
                __ad_hvp_hypot => __ad_vjp_hypot, |x, o, y| {
                    if y == 0.0 {
                        (0.0, 0.0, 0.0)
                    } else {
                        // (o/y)² / y rather than o² / y³, which overflows for y > 1e102.
                        let (u, v) = (x / y, o / y);
                        (v * v / y, -u * v / y, u * u / y)
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
                use crate::strong::product;
                let x = self;
                let (y, pullback) = x.__ad_vjp_powi(n);
                // First order by the pullback (tangent first for n < 0), zero for a zero tangent.
                let along = |t: $t| if t == 0.0 { 0.0 } else { pullback(t).0 };
                let (a, b, ab) = t.or_zero(zero);
                // f'' a b = n (n - 1) x^(n-2) a b, with strong zeros (see `crate::strong`).
                let n_n1 = (n as $t) * (n as $t - 1.0);
                let curvature = if n == 0 || n == 1 || a == 0.0 || b == 0.0 {
                    0.0
                } else if n < 0 && x != 0.0 {
                    // Tangents first, as y (a / x)(b / x): x^(n-2) overflows for small |x| where
                    // the term is representable (x^-5 at x = 1e-70; the composite
                    // (1e-70 s)^-3 has the finite second derivative 12e210 at s = 1).
                    n_n1 * (y * (a / x) * (b / x))
                } else {
                    let d2 = match n.checked_sub(2) {
                        Some(m) => n_n1 * x.powi(m),
                        // n - 2 overflows (n = i32::MIN or i32::MIN + 1, here only at x = 0):
                        // x^(n-2) = x^n / x².
                        None => n_n1 * (y / x / x),
                    };
                    product(product(d2, a), b)
                };
                (y, (along(a), along(b), along(ab) + curvature))
            }

            #[inline(always)]
            fn __ad_hvp_powf(
                self,
                p: $t,
                t: impl MaybeTangent<Second<$t>>,
                t_p: impl MaybeTangent<Second<$t>>,
            ) -> ($t, Second<$t>) {
                use crate::strong::product;
                let x = self;
                let (y, pullback) = x.__ad_vjp_powf(p);
                let ((xa, xb, xab), (pa, pb, pab)) = (t.or_zero(zero), t_p.or_zero(zero));
                // x^(p-1) times a tangent of x; for p < 1 tangent first, as y (a / x): x^(p-1)
                // and x^(p-2) overflow for small |x| where the terms are representable.
                let tangent_first = p < 1.0 && x != 0.0;
                let power_times = |a: $t| if tangent_first { y * (a / x) } else { x.powf(p - 1.0) * a };
                // ∂²/∂x² = p (p - 1) x^(p-2): 0 for p = 0 or 1 (the value is constant or x).
                let xx = if p == 0.0 || p == 1.0 || xa == 0.0 || xb == 0.0 {
                    0.0
                } else if tangent_first {
                    p * (p - 1.0) * (power_times(xa) * (xb / x))
                } else {
                    product(product(p * (p - 1.0) * x.powf(p - 2.0), xa), xb)
                };
                // ∂²/∂x∂p = x^(p-1) (1 + p ln x), ∂²/∂p² = y ln² x: 0 at x = 0, as ∂/∂p is. Strong
                // products: ln x is NaN for x < 0, where a constant exponent must not see it.
                let (xp, pp) = if x == 0.0 {
                    (0.0, 0.0)
                } else {
                    let l = x.ln();
                    let mixed = product(power_times(xa), pb) + product(pa, power_times(xb));
                    (product(1.0 + p * l, mixed), product(y * l * l, product(pa, pb)))
                };
                // First order by the pullback (tangent first for p < 1), zero for zero tangents.
                let first = |tx: $t, tp: $t| {
                    let from_x = if tx == 0.0 { 0.0 } else { pullback(tx).0 };
                    let from_p = if tp == 0.0 { 0.0 } else { pullback(tp).1 };
                    from_x + from_p
                };
                (y, (first(xa, pa), first(xb, pb), first(xab, pab) + xx + xp + pp))
            }

            #[inline(always)]
            fn __ad_hvp_sin_cos(
                self,
                t: impl MaybeTangent<Second<$t>>,
            ) -> (($t, $t), Second<($t, $t)>) {
                // Each component by its own rule: sin' = cos, sin'' = -sin; cos' = -sin,
                // cos'' = -cos (weak zeros, as for `sin` and `cos`).
                let (s, c) = self.sin_cos();
                let t = t.or_zero(zero);
                let ts = crate::strong::unary(false, c, -s, t);
                let tc = crate::strong::unary(false, -s, -c, t);
                ((s, c), ((ts.0, tc.0), (ts.1, tc.1), (ts.2, tc.2)))
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
mod tests;
