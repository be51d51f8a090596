//! The unary method rules of `ad_std::float::FloatMethods` for f64 and f32: values, closed
//! forms, finite differences and linearity at points of each domain, then the documented
//! conventions at the non-differentiable and singular points.

mod common;

use ad_std::float::FloatMethods;
use common::{assert_bits, check};
use std::f64::consts::{LN_2, LN_10};

/// A test of one unary method rule, for f64 and f32: `check` against the closed-form
/// derivative `|x| derivative` (written in f64, independently of the rule's formula).
macro_rules! unary {
    ($rule:ident, $method:ident, |$x:ident| $derivative:expr, at: [$($p:expr),+ $(,)?]) => {
        #[test]
        fn $method() {
            let points = [$([$p]),+];
            check::<f64, 1, _, _>(
                stringify!($method),
                |[x]: [f64; 1]| x.$rule(),
                |[x]: [f64; 1]| x.$method(),
                |[$x]: [f64; 1]| [$derivative],
                &points,
            );
            check::<f32, 1, _, _>(
                stringify!($method),
                |[x]: [f32; 1]| x.$rule(),
                |[x]: [f32; 1]| x.$method(),
                |[$x]: [f64; 1]| [$derivative],
                &points,
            );
        }
    };
}

unary!(__ad_vjp_sin, sin, |x| x.cos(), at: [-2.0, -0.5, 0.0, 0.3, 1.2, 4.0]);
unary!(__ad_vjp_cos, cos, |x| -x.sin(), at: [-2.0, -0.5, 0.0, 0.3, 1.2, 4.0]);
unary!(__ad_vjp_tan, tan, |x| 1.0 / (x.cos() * x.cos()), at: [-1.2, -0.5, 0.0, 0.3, 1.2, 2.5]);
unary!(__ad_vjp_asin, asin, |x| 1.0 / (1.0 - x * x).sqrt(), at: [-0.9, -0.3, 0.0, 0.5, 0.8]);
unary!(__ad_vjp_acos, acos, |x| -1.0 / (1.0 - x * x).sqrt(), at: [-0.9, -0.3, 0.0, 0.5, 0.8]);
unary!(__ad_vjp_atan, atan, |x| 1.0 / (1.0 + x * x), at: [-3.0, -0.5, 0.0, 0.7, 10.0]);
unary!(__ad_vjp_sinh, sinh, |x| x.cosh(), at: [-2.0, -0.5, 0.0, 0.4, 3.0]);
unary!(__ad_vjp_cosh, cosh, |x| x.sinh(), at: [-2.0, -0.5, 0.0, 0.4, 3.0]);
unary!(__ad_vjp_tanh, tanh, |x| 1.0 / (x.cosh() * x.cosh()), at: [-2.0, -0.5, 0.0, 0.4, 3.0]);
unary!(__ad_vjp_asinh, asinh, |x| 1.0 / (x * x + 1.0).sqrt(), at: [-3.0, -0.2, 0.0, 1.0, 5.0]);
unary!(__ad_vjp_acosh, acosh, |x| 1.0 / (x * x - 1.0).sqrt(), at: [1.1, 1.5, 2.0, 10.0]);
unary!(__ad_vjp_atanh, atanh, |x| 1.0 / (1.0 - x * x), at: [-0.9, -0.3, 0.0, 0.5, 0.8]);
unary!(__ad_vjp_exp, exp, |x| x.exp(), at: [-3.0, -0.5, 0.0, 0.7, 4.0]);
unary!(__ad_vjp_exp2, exp2, |x| LN_2 * (x * LN_2).exp(), at: [-3.0, -0.5, 0.0, 0.7, 4.0]);
unary!(__ad_vjp_exp_m1, exp_m1, |x| x.exp(), at: [-3.0, -0.5, 0.0, 1e-9, 0.7, 4.0]);
unary!(__ad_vjp_ln, ln, |x| 1.0 / x, at: [0.1, 0.5, 1.0, 2.0, 30.0]);
unary!(__ad_vjp_ln_1p, ln_1p, |x| 1.0 / (1.0 + x), at: [-0.9, -0.2, 0.0, 1.0, 10.0]);
unary!(__ad_vjp_log2, log2, |x| 1.0 / x / LN_2, at: [0.1, 0.5, 1.0, 2.0, 30.0]);
unary!(__ad_vjp_log10, log10, |x| 1.0 / x / LN_10, at: [0.1, 0.5, 1.0, 2.0, 30.0]);
unary!(__ad_vjp_sqrt, sqrt, |x| 0.5 * x.powf(-0.5), at: [0.04, 0.5, 1.0, 2.0, 100.0]);
unary!(__ad_vjp_cbrt, cbrt, |x| x.abs().powf(-2.0 / 3.0) / 3.0, at: [-8.0, -0.5, 0.3, 2.0, 27.0]);
unary!(__ad_vjp_recip, recip, |x| -1.0 / (x * x), at: [-4.0, -0.5, 0.3, 2.0]);
unary!(__ad_vjp_abs, abs, |x| if x > 0.0 { 1.0 } else { -1.0 }, at: [-2.0, -0.3, 0.5, 3.0]);
unary!(__ad_vjp_signum, signum, |_x| 0.0, at: [-2.0, -0.3, 0.5, 3.0]);

/// The cotangent of the receiver of a unary f64 rule for the cotangent 1.
fn derivative<P: Fn(f64) -> (f64,)>((_, pullback): (f64, P)) -> f64 {
    pullback(1.0).0
}

/// The same for f32.
fn derivative32<P: Fn(f32) -> (f32,)>((_, pullback): (f32, P)) -> f32 {
    pullback(1.0).0
}

#[test]
fn abs_at_zero_is_zero() {
    assert_bits("abs'(0)", derivative(0.0f64.__ad_vjp_abs()), 0.0);
    assert_bits("abs'(-0)", derivative((-0.0f64).__ad_vjp_abs()), 0.0);
    assert_bits("abs'(0) f32", derivative32(0.0f32.__ad_vjp_abs()), 0.0);
    assert_eq!(derivative(1e-300f64.__ad_vjp_abs()), 1.0);
    assert_eq!(derivative((-1e-300f64).__ad_vjp_abs()), -1.0);
    assert!(derivative(f64::NAN.__ad_vjp_abs()).is_nan());
    // The cotangent's sign follows the operand's, whatever the cotangent.
    assert_eq!((-2.0f64).__ad_vjp_abs().1(-3.0), (3.0,));
}

#[test]
fn signum_has_zero_derivative_everywhere() {
    for x in [0.0, -0.0, 1.0, -1.0, f64::INFINITY, f64::NAN] {
        let (value, pullback) = x.__ad_vjp_signum();
        assert_bits("signum value", value, x.signum());
        assert_bits("signum'", pullback(7.0).0, 0.0);
    }
    assert_bits("signum' f32", derivative32(0.0f32.__ad_vjp_signum()), 0.0);
}

#[test]
fn sqrt_and_cbrt_at_zero_are_plus_infinity() {
    for zero in [0.0f64, -0.0] {
        assert_eq!(
            derivative(zero.__ad_vjp_sqrt()),
            f64::INFINITY,
            "sqrt'({zero})"
        );
        assert_eq!(
            derivative(zero.__ad_vjp_cbrt()),
            f64::INFINITY,
            "cbrt'({zero})"
        );
        assert_eq!(derivative32((zero as f32).__ad_vjp_sqrt()), f32::INFINITY);
        assert_eq!(derivative32((zero as f32).__ad_vjp_cbrt()), f32::INFINITY);
    }
    // The value at -0 is what std gives (-0), only the derivative is normalised.
    assert_bits("sqrt(-0)", (-0.0f64).__ad_vjp_sqrt().0, -0.0);
    // Outside the domain: NaN, like the value.
    assert!(derivative((-1.0f64).__ad_vjp_sqrt()).is_nan());
}

#[test]
fn domain_ends_follow_the_closed_form() {
    assert_eq!(derivative(1.0f64.__ad_vjp_asin()), f64::INFINITY);
    assert_eq!(derivative((-1.0f64).__ad_vjp_asin()), f64::INFINITY);
    assert_eq!(derivative(1.0f64.__ad_vjp_acos()), f64::NEG_INFINITY);
    assert_eq!(derivative((-1.0f64).__ad_vjp_acos()), f64::NEG_INFINITY);
    assert_eq!(derivative(1.0f64.__ad_vjp_acosh()), f64::INFINITY);
    assert_eq!(derivative(1.0f64.__ad_vjp_atanh()), f64::INFINITY);
    assert_eq!(derivative((-1.0f64).__ad_vjp_atanh()), f64::INFINITY);
    assert_eq!(derivative(0.0f64.__ad_vjp_ln()), f64::INFINITY);
    assert_eq!(derivative(0.0f64.__ad_vjp_log2()), f64::INFINITY);
    assert_eq!(derivative(0.0f64.__ad_vjp_log10()), f64::INFINITY);
    assert_eq!(derivative((-1.0f64).__ad_vjp_ln_1p()), f64::INFINITY);
    assert_eq!(derivative(0.0f64.__ad_vjp_recip()), f64::NEG_INFINITY);
    assert_eq!(derivative32(1.0f32.__ad_vjp_asin()), f32::INFINITY);
    // Outside the domains: the closed form, NaN for the square-root forms.
    assert!(derivative(2.0f64.__ad_vjp_asin()).is_nan());
    assert!(derivative(2.0f64.__ad_vjp_acos()).is_nan());
    assert!(derivative(0.5f64.__ad_vjp_acosh()).is_nan());
    let (value, pullback) = (-1.0f64).__ad_vjp_ln();
    assert!(value.is_nan());
    assert_eq!(pullback(1.0), (-1.0,));
}

#[test]
fn derivatives_near_domain_ends_are_accurate() {
    // (1 - x)(1 + x) keeps the digits that 1 - x² loses next to ±1.
    // Here `1 - x²` computed as such is off by about 1e-4 relative.
    let x: f64 = 1.0 - 1e-12;
    let e = 1.0 - x; // exact (Sterbenz)
    let exact = 1.0 / (e * (2.0 - e)).sqrt();
    common::assert_close("asin' near 1", derivative(x.__ad_vjp_asin()), exact, 1e-12);
    common::assert_close(
        "atanh' near 1",
        derivative(x.__ad_vjp_atanh()),
        1.0 / (e * (2.0 - e)),
        1e-12,
    );
    let x: f64 = 1.0 + 1e-12;
    let e = x - 1.0;
    let exact = 1.0 / (e * (2.0 + e)).sqrt();
    common::assert_close(
        "acosh' near 1",
        derivative(x.__ad_vjp_acosh()),
        exact,
        1e-12,
    );
}

#[test]
fn unary_pullbacks_capture_one_float() {
    use std::mem::size_of_val;
    assert_eq!(size_of_val(&2.0f64.__ad_vjp_sin().1), 8);
    assert_eq!(size_of_val(&2.0f64.__ad_vjp_exp().1), 8);
    assert_eq!(size_of_val(&2.0f32.__ad_vjp_sqrt().1), 4);
    assert_eq!(size_of_val(&2.0f64.__ad_vjp_signum().1), 0);
}

#[test]
fn large_arguments_keep_representable_slopes() {
    // 1 / sqrt(x² + 1) and 1 / sqrt(x² - 1) would overflow x² and give 0 where the slope is
    // about 1 / x; so would x² + o² in atan2's slopes.
    for x in [1e160f64, 1e200, 1e300] {
        let want = 1.0 / x;
        common::assert_close("asinh", x.__ad_vjp_asinh().1(1.0).0 * x, want * x, 1e-12);
        common::assert_close("acosh", x.__ad_vjp_acosh().1(1.0).0 * x, want * x, 1e-12);
        common::assert_close(
            "-asinh",
            (-x).__ad_vjp_asinh().1(1.0).0 * x,
            want * x,
            1e-12,
        );
        // atan2(x, x): ∂/∂x = x / 2x² = 1 / 2x.
        let (dx, dy) = x.__ad_vjp_atan2(x).1(1.0);
        common::assert_close("atan2", dx * x, 0.5, 1e-12);
        common::assert_close("atan2", dy * x, -0.5, 1e-12);
    }
}

#[test]
fn sin_cos() {
    // The pair's pullback: adj[x] = ds cos x - dc sin x, checked against the closed form
    // and against central differences of the two components, weighted.
    for x in [-2.0f64, -0.5, 0.0, 0.3, 1.2, 4.0] {
        let ((s, c), pullback) = x.__ad_vjp_sin_cos();
        assert_bits("sin", s, x.sin());
        assert_bits("cos", c, x.cos());
        for (ds, dc) in [(1.0, 0.0), (0.0, 1.0), (0.5, -2.0)] {
            let got = pullback((ds, dc)).0;
            common::assert_close("closed form", got, ds * x.cos() - dc * x.sin(), 1e-15);
            let fd = ad_core::check::central_difference(|t| ds * t.sin() + dc * t.cos(), x);
            common::assert_close("differences", got, fd, common::FD_TOLERANCE);
        }
        let (pair, pullback) = (x as f32).__ad_vjp_sin_cos();
        assert_eq!(pair, (x as f32).sin_cos());
        common::assert_close("f32", pullback((1.0, 0.0)).0.into(), x.cos(), 1e-6);
    }
}

#[test]
fn strong_zeros_of_unary_rules() {
    // abs at 0: the zero slope wins over an infinite or NaN cotangent.
    for d in [f64::INFINITY, f64::NEG_INFINITY, f64::NAN] {
        assert_bits("abs", 0.0f64.__ad_vjp_abs().1(d).0, 0.0);
        assert_bits("signum", 2.0f64.__ad_vjp_signum().1(d).0, 0.0);
    }
    // Not for the methods whose slopes reverse loops multiply inline: cos at 0 is weak.
    assert!(0.0f64.__ad_vjp_cos().1(f64::INFINITY).0.is_nan());
    // Nor for sin_cos, like sin and cos.
    assert!(0.0f64.__ad_vjp_sin_cos().1((0.0, f64::INFINITY)).0.is_nan());
}
