//! First derivatives at the far ends of their domains (tiny and huge arguments, next to the
//! edges), in the three modes: the reverse rule's pullback, the forward rule's tangent and
//! the second-order rule's first tangent. Each is compared with the closed form evaluated in
//! 300-bit arithmetic (mpmath; the values are written out) or with an exact identity, not
//! with differences, to a few ulps: these are the places where a textbook formula cancels or
//! overflows (`y + 1` for `exp_m1`, `1 - y²` for `tanh`, `x²` for `atan`, `y²` for `recip`).

mod common;

use ad_core::forward::{Absent, Present};
use ad_std::float::FloatMethods;
use ad_std::forward::FloatForward;
use ad_std::second::FloatSecond;
use common::assert_relative;

/// A few ulps.
const ULPS: f64 = 4.0 * f64::EPSILON;

/// The slope of a unary f64 method in the three modes.
struct Slopes {
    name: &'static str,
    reverse: fn(f64) -> f64,
    forward: fn(f64) -> f64,
    second: fn(f64) -> f64,
}

macro_rules! slopes {
    ($vjp:ident, $fwd:ident, $hvp:ident) => {
        Slopes {
            name: stringify!($vjp),
            reverse: |x| x.$vjp().1(1.0).0,
            forward: |x| x.$fwd(Present(1.0)).1,
            second: |x| x.$hvp(Present((1.0, 0.0, 0.0))).1.0,
        }
    };
}

/// Asserts that each mode's slope of `rule` at `x` is `want`, to `tolerance` relative.
#[track_caller]
fn assert_slope(rule: &Slopes, x: f64, want: f64, tolerance: f64) {
    for (mode, slope) in [
        ("reverse", rule.reverse),
        ("forward", rule.forward),
        ("second order", rule.second),
    ] {
        let got = slope(x);
        assert!(got.is_finite(), "{} at {x:e} ({mode}): {got:e}", rule.name);
        assert_relative(
            &format!("{} at {x:e} ({mode})", rule.name),
            got,
            want,
            tolerance,
        );
    }
}

#[test]
fn exp_m1_slope_is_exp_where_the_value_rounds_to_minus_one() {
    // From the value, y + 1 was off by 2e-8 at -20, 4% at -36 and 0 from -37 on.
    let rule = slopes!(__ad_vjp_exp_m1, __ad_fwd_exp_m1, __ad_hvp_exp_m1);
    for (x, want) in [
        (-20.0, 2.061153622438558e-9),
        (-36.0, 2.3195228302435696e-16),
        (-40.0, 4.248354255291589e-18),
        (-700.0, 9.85967654375977e-305),
    ] {
        assert_slope(&rule, x, want, ULPS);
    }
    // f32: e^-40 is a normal f32.
    let (_, pullback) = (-40.0f32).__ad_vjp_exp_m1();
    assert_relative(
        "exp_m1 f32",
        pullback(1.0).0.into(),
        4.248354255291589e-18,
        1e-6,
    );
}

#[test]
fn tanh_slope_where_the_value_rounds_to_one() {
    // sech² x; 1 - y² was off by 1e-8 at 10 and 0 from 19.1 on.
    let rule = slopes!(__ad_vjp_tanh, __ad_fwd_tanh, __ad_hvp_tanh);
    for (x, want) in [
        (10.0, 8.244614455767397e-9),
        (20.0, 1.6993417021166355e-17),
        (-20.0, 1.6993417021166355e-17),
        (350.0, 3.943870617503908e-304),
    ] {
        assert_slope(&rule, x, want, ULPS);
    }
    // Past |x| = 372 the slope underflows to 0, as the true one does.
    assert_eq!(800.0f64.__ad_vjp_tanh().1(1.0).0, 0.0);
    let (_, pullback) = 20.0f32.__ad_vjp_tanh();
    assert_relative(
        "tanh f32",
        pullback(1.0).0.into(),
        1.6993417021166355e-17,
        1e-6,
    );
}

#[test]
fn atan_slope_past_the_overflow_of_x_squared() {
    // 1 / (1 + x²) is 1/x², a subnormal, where x² overflows (|x| > 1.3e154); subnormals
    // carry fewer digits, hence the tolerance.
    let rule = slopes!(__ad_vjp_atan, __ad_fwd_atan, __ad_hvp_atan);
    for (x, want) in [
        (2e154, 2.499999999999997e-309),
        (-2e154, 2.499999999999997e-309),
        (1e155, 1e-310),
    ] {
        assert_slope(&rule, x, want, 1e-12);
    }
    // And where the closed form switches formulas, both sides agree with it.
    for x in [1.0, 1.0 + f64::EPSILON, -1.0 - f64::EPSILON, 1e8] {
        assert_slope(&rule, x, 1.0 / (1.0 + x * x), ULPS);
    }
}

#[test]
fn slopes_next_to_the_ends_of_the_domains() {
    // Next to ±1 (and 1 for acosh, -1 for ln_1p) the slopes are huge and `1 - x²` would have
    // cancelled; `1 - x` is exact there, so `e` is the exact distance to the end.
    let asin = slopes!(__ad_vjp_asin, __ad_fwd_asin, __ad_hvp_asin);
    let acos = slopes!(__ad_vjp_acos, __ad_fwd_acos, __ad_hvp_acos);
    let atanh = slopes!(__ad_vjp_atanh, __ad_fwd_atanh, __ad_hvp_atanh);
    for (x, want_asin, want_atanh) in [
        (1.0 - 1e-12, 707114.6025256454, 500011061105.0014),
        (1.0 - f64::EPSILON / 2.0, 67108864.0, 4503599627370496.0),
    ] {
        assert_slope(&asin, x, want_asin, ULPS);
        assert_slope(&asin, -x, want_asin, ULPS);
        assert_slope(&acos, x, -want_asin, ULPS);
        assert_slope(&atanh, x, want_atanh, ULPS);
        assert_slope(&atanh, -x, want_atanh, ULPS);
    }
    let acosh = slopes!(__ad_vjp_acosh, __ad_fwd_acosh, __ad_hvp_acosh);
    assert_slope(&acosh, 1.0 + 1e-12, 707075.3521795856, ULPS);
    let ln_1p = slopes!(__ad_vjp_ln_1p, __ad_fwd_ln_1p, __ad_hvp_ln_1p);
    assert_slope(&ln_1p, -1.0 + 1e-12, 1000022122209.5028, ULPS);
}

#[test]
fn slopes_at_huge_and_tiny_arguments() {
    // x² + 1 and x² - 1 overflow at 1e200: the slopes are 1/x.
    let asinh = slopes!(__ad_vjp_asinh, __ad_fwd_asinh, __ad_hvp_asinh);
    let acosh = slopes!(__ad_vjp_acosh, __ad_fwd_acosh, __ad_hvp_acosh);
    assert_slope(&asinh, 1e200, 1e-200, ULPS);
    assert_slope(&asinh, -1e200, 1e-200, ULPS);
    assert_slope(&acosh, 1e200, 1e-200, ULPS);
    // 1 / (x ln 2), 1 / (x ln 10) and 1 / (3 y²) at the small end.
    let log2 = slopes!(__ad_vjp_log2, __ad_fwd_log2, __ad_hvp_log2);
    let log10 = slopes!(__ad_vjp_log10, __ad_fwd_log10, __ad_hvp_log10);
    let cbrt = slopes!(__ad_vjp_cbrt, __ad_fwd_cbrt, __ad_hvp_cbrt);
    assert_slope(&log2, 1e-300, 1.4426950408889632e300, ULPS);
    assert_slope(&log10, 1e-300, 4.342944819032518e299, ULPS);
    assert_slope(&cbrt, 5e-324, 1.1490942214795806e215, ULPS);
    // exp2 at the bottom of the normals: y ln 2 is a subnormal.
    let exp2 = slopes!(__ad_vjp_exp2, __ad_fwd_exp2, __ad_hvp_exp2);
    assert_slope(&exp2, -1022.0, 1.5423036715619053e-308, ULPS);
}

#[test]
fn powers_at_tiny_arguments() {
    // powi(-3) at 1e-70: -3 x^-4 = -3e280, representable although x^-5 is not.
    let (_, pullback) = 1e-70f64.__ad_vjp_powi(-3);
    assert_relative("powi reverse", pullback(1.0).0, -3e280, 1e-14);
    let forward = 1e-70f64.__ad_fwd_powi(-3, Present(1.0), Absent).1;
    assert_relative("powi forward", forward, -3e280, 1e-14);
    let second = 1e-70f64
        .__ad_hvp_powi(-3, Present((1.0, 0.0, 0.0)), Absent)
        .1
        .0;
    assert_relative("powi second order", second, -3e280, 1e-14);
    // At 1e-80 the slope -3e320 overflows, but a tangent as small as the operand gives a
    // finite tangent, (1e-80 s)^-3 = 1e240 s^-3 at s = 1: the tangent goes in first.
    let forward = 1e-80f64.__ad_fwd_powi(-3, Present(1e-80), Absent).1;
    assert_relative("powi forward, small tangent", forward, -3e240, 1e-14);
    let (_, pullback) = 1e-80f64.__ad_vjp_powi(-3);
    assert_relative(
        "powi reverse, small cotangent",
        pullback(1e-80).0,
        -3e240,
        1e-14,
    );
    let forward = 1e-250f64.__ad_fwd_powf(-0.5, Present(1e-250), Absent).1;
    assert_relative("powf forward, small tangent", forward, -5e124, 1e-14);
    // powf(x, 0.5) at 1e-300: ∂/∂x = 0.5 / √x, ∂/∂p = √x ln x.
    let (_, pullback) = 1e-300f64.__ad_vjp_powf(0.5);
    let (dx, dp) = pullback(1.0);
    assert_relative("powf ∂/∂x", dx, 5e149, ULPS);
    assert_relative("powf ∂/∂p", dp, -6.907755278982138e-148, ULPS);
    let forward = 1e-300f64.__ad_fwd_powf(0.5, Present(1.0), Present(1.0)).1;
    assert_relative("powf forward", forward, 5e149, ULPS);
}

#[test]
fn hypot_with_one_tiny_side() {
    // ∂/∂x = x / y, ∂/∂o = o / y: (1e-300, 1) next to the axis, and (0.6, 0.8) for sides whose
    // squares underflow.
    for ((x, o), (want_x, want_o)) in [
        ((1e-300, 1.0), (1e-300, 1.0)),
        ((3e-200, 4e-200), (0.6, 0.8)),
    ] {
        let (dx, d_o) = f64::__ad_vjp_hypot(x, o).1(1.0);
        assert_relative("hypot ∂/∂x", dx, want_x, ULPS);
        assert_relative("hypot ∂/∂o", d_o, want_o, ULPS);
        let forward = f64::__ad_fwd_hypot(x, o, Present(1.0), Absent).1;
        assert_relative("hypot forward", forward, want_x, ULPS);
        let second = f64::__ad_hvp_hypot(x, o, Present((0.0, 0.0, 0.0)), Present((1.0, 0.0, 0.0)));
        assert_relative("hypot second order", second.1.0, want_o, ULPS);
    }
}

#[test]
fn recip_multiplies_the_cotangent_in_before_squaring() {
    // -d y²: y² = 1e400 overflows at x = 1e-200 (the slope is -inf, as the true one), but a
    // small cotangent keeps the product finite, as for `1 / x`: d = 1e-200 gives -1e200.
    let (_, pullback) = 1e-200f64.__ad_vjp_recip();
    assert_eq!(pullback(1.0).0, f64::NEG_INFINITY);
    assert_relative("recip, small cotangent", pullback(1e-200).0, -1e200, ULPS);
    let forward = 1e-200f64.__ad_fwd_recip(Present(1e-200)).1;
    assert_relative("recip forward", forward, -1e200, ULPS);
    // And at the large end y² underflows: d = 1e200 at x = 1e200 gives -1e-200, not -0.
    let (_, pullback) = 1e200f64.__ad_vjp_recip();
    assert_relative("recip at 1e200", pullback(1e200).0, -1e-200, ULPS);
}
