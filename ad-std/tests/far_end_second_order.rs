//! Second-order rules at the far ends of their domains: finite wherever the second derivative
//! being computed is. A rule's own `f''` may overflow where the composite's second derivative
//! does not: `g(s) = f(c s)` with a tiny `c` reaches `f` at `x = c` with the tangents
//! `(c, c, 0)`, and `g''(1) = c² f''(c)` is finite while `f''(c)` is not. Each case is
//! compared with `g'(1)` and `g''(1)` evaluated in 300-bit arithmetic (mpmath; the values are
//! written out) or with an exact identity, not with differences.

mod common;

use ad_core::forward::{Absent, Present};
use ad_std::array::{ArrayMath, ArrayPowi};
use ad_std::ops::DivRule;
use ad_std::second::{FloatSecond, Second};
use common::assert_relative;
use ndarray::array;

/// A few ulps.
const ULPS: f64 = 4.0 * f64::EPSILON;

/// Asserts that `(t1, t2, t12)` is `(first, first, second)`, to `tolerance` relative.
#[track_caller]
fn assert_tangents(
    what: &str,
    (t1, t2, t12): Second<f64>,
    first: f64,
    second: f64,
    tolerance: f64,
) {
    assert_relative(&format!("{what}: t1"), t1, first, tolerance);
    assert_relative(&format!("{what}: t2"), t2, first, tolerance);
    assert_relative(&format!("{what}: t12"), t12, second, tolerance);
}

#[test]
fn second_derivatives_where_the_first_cancelled() {
    // exp_m1'' = e^x (it was y + 1 = 0 at -40); tanh'' = -2 tanh sech² (it was 0 at 20).
    let unit = Present((1.0, 1.0, 0.0));
    let e40 = 4.248354255291589e-18;
    assert_tangents(
        "exp_m1 at -40",
        (-40.0f64).__ad_hvp_exp_m1(unit).1,
        e40,
        e40,
        ULPS,
    );
    let (sech2, second) = (1.6993417021166355e-17, -3.398683404233271e-17);
    assert_tangents(
        "tanh at 20",
        20.0f64.__ad_hvp_tanh(unit).1,
        sech2,
        second,
        ULPS,
    );
    let (sech2, second) = (8.244614455767397e-9, -1.6489228843561127e-8);
    assert_tangents(
        "tanh at 10",
        10.0f64.__ad_hvp_tanh(unit).1,
        sech2,
        second,
        ULPS,
    );
}

#[test]
fn tiny_operands_with_tiny_tangents() {
    // g(s) = f(c s) at s = 1: the tangents (c, c, 0) at x = c, where f''(c) overflows.
    let at = |c: f64| (c, Present((c, c, 0.0)));
    let (x, t) = at(1e-200);
    // ln(c s) = ln c + ln s: g' = 1, g'' = -1 (f'' = -1/x² = -1e400).
    assert_tangents("ln", x.__ad_hvp_ln(t).1, 1.0, -1.0, ULPS);
    // log2(c s): g' = 1 / ln 2, g'' = -1 / ln 2.
    let l2 = std::f64::consts::LOG2_E;
    assert_tangents("log2", x.__ad_hvp_log2(t).1, l2, -l2, ULPS);
    // 1 / (c s): g' = -1e200, g'' = 2e200 (f'' = 2/x³ = 2e600).
    assert_tangents("recip", x.__ad_hvp_recip(t).1, -1e200, 2e200, ULPS);
    let (x, t) = at(1e-300);
    // √(c s): g' = 5e-151, g'' = -2.5e-151 (f'' = -1/(4 y³), y³ = 1e-450 underflows).
    assert_tangents("sqrt", x.__ad_hvp_sqrt(t).1, 5e-151, -2.5e-151, ULPS);
    // ∛(c s): g' = c^(1/3) / 3, g'' = -2 c^(1/3) / 9.
    let cbrt = x.__ad_hvp_cbrt(t).1;
    assert_tangents(
        "cbrt",
        cbrt,
        3.3333333333333336e-101,
        -2.2222222222222223e-101,
        ULPS,
    );
    // (c s)^-3 at c = 1e-70: g' = -3e210, g'' = 12e210 (f'' = 12 x^-5 = 1.2e351).
    let (x, t) = at(1e-70);
    let powi = x.__ad_hvp_powi(-3, t, Absent).1;
    assert_tangents("powi(-3)", powi, -3e210, 1.2e211, 1e-14);
    // (c s)^-0.5 at c = 1e-250: g' = -5e124, g'' = 7.5e124 (f'' = 0.75 x^-2.5 = 7.5e624).
    let (x, t) = at(1e-250);
    let powf = x.__ad_hvp_powf(-0.5, t, Absent).1;
    assert_tangents("powf(-0.5)", powf, -5e124, 7.499999999999999e124, 1e-14);
}

#[test]
fn zero_tangents_against_overflowing_second_derivatives() {
    // An operand that does not move in a direction contributes 0 there, even where f''
    // overflows (a Hessian entry of other variables; it was NaN from inf · 0).
    let x = 1e-200f64;
    let one_direction = Present((1.0, 0.0, 0.0));
    let none = Present((0.0, 0.0, 0.0));
    type Rule = fn(f64, Present<Second<f64>>) -> (f64, Second<f64>);
    let rules: [(&str, Rule); 5] = [
        ("ln", f64::__ad_hvp_ln),
        ("log10", f64::__ad_hvp_log10),
        ("sqrt", f64::__ad_hvp_sqrt),
        ("cbrt", f64::__ad_hvp_cbrt),
        ("recip", f64::__ad_hvp_recip),
    ];
    for (name, rule) in rules {
        assert_eq!(rule(x, none).1, (0.0, 0.0, 0.0), "{name}, no tangent");
        assert_eq!(
            rule(x, one_direction).1.2,
            0.0,
            "{name}, tangent in one direction"
        );
    }
    let (_, (_, _, t12)) = x.__ad_hvp_powf(-0.5, one_direction, Absent);
    assert_eq!(t12, 0.0, "powf");
}

#[test]
fn division_by_a_tiny_divisor() {
    // (x² 1e-200) / 1e-200 at x = 3: the numerator 9e-200 with tangents (6e-200, 6e-200,
    // 2e-200), the divisor constant. Its Hessian entry -1/b² = -1e400 met the divisor's zero
    // tangents as NaN.
    let c = 1e-200;
    let (y, tangents) = f64::div_hvp(9.0 * c, c, (6.0 * c, 6.0 * c, 2.0 * c), (0.0, 0.0, 0.0));
    assert_relative("value", y, 9.0, ULPS);
    assert_tangents("(x² c) / c", tangents, 6.0, 2.0, ULPS);
    // (c s) / (c s²) = 1 / s at s = 1, both operands moving: g' = -1, g'' = 2.
    let (y, tangents) = f64::div_hvp(c, c, (c, c, 0.0), (2.0 * c, 2.0 * c, 2.0 * c));
    assert_relative("value", y, 1.0, ULPS);
    assert_tangents("(c s) / (c s²)", tangents, -1.0, 2.0, ULPS);
    // Forward: (ta - y tb) / b, with no 1 / b² either.
    let (_, t) = f64::div_jvp(c, c, c, 2.0 * c);
    assert_relative("forward", t, -1.0, ULPS);
}

#[test]
fn a_float_divided_by_an_array_divides_once() {
    // s / a with s = a = 1e200: y = 1, ∂/∂a = -s / a² = -1e-200. The tangent and cotangent
    // 1e200 give -1; `s ta` and `d s` overflowed to -inf.
    let (s, a) = (1e200f64, array![1e200f64]);
    let (y, t) = DivRule::div_jvp(s, a.clone(), 0.0, array![1e200]);
    assert_eq!(y, array![1.0]);
    assert_relative("forward", t[0], -1.0, ULPS);
    let (_, pullback) = DivRule::div_vjp(s, a);
    let (ds, da) = pullback(array![1e200]);
    assert_relative("cotangent of s", ds, 1.0, ULPS);
    assert_relative("cotangent of a", da[0], -1.0, ULPS);
}

#[test]
fn arrays_apply_the_scalar_rules_to_each_element() {
    // Elementwise ln and powi(-3) through each element's scalar rule, tangents included: the
    // tiny element as `tiny_operands_with_tiny_tangents`, the other as usual.
    let a = array![1e-200f64, 2.0];
    let t = (array![1e-200, 1.0], array![1e-200, 1.0], array![0.0, 0.0]);
    let (_, (t1, _, t12)) = a.__ad_hvp_ln(Present(t.clone()));
    assert_relative("ln t1", t1[0], 1.0, ULPS);
    assert_relative("ln t12", t12[0], -1.0, ULPS);
    assert_relative("ln t12 at 2", t12[1], -0.25, ULPS);
    let a = array![1e-70f64, 2.0];
    let t = (array![1e-70, 1.0], array![1e-70, 1.0], array![0.0, 0.0]);
    let (_, (t1, _, t12)) = a.__ad_hvp_powi(-3, Present(t), Absent);
    assert_relative("powi t1", t1[0], -3e210, 1e-14);
    assert_relative("powi t12", t12[0], 1.2e211, 1e-14);
    assert_relative("powi t12 at 2", t12[1], 12.0 / 32.0, ULPS);
}

#[test]
fn log_to_a_tiny_base() {
    // log(1, b) = 0 for every b: ∂²/∂b² = y (ln b + 2) / (b ln b)² = 0, also for b = 1e-200,
    // where b² ln² b underflows (it was 0 / 0).
    let (y, (_, _, t12)) =
        1.0f64.__ad_hvp_log(1e-200, Present((0.0, 0.0, 0.0)), Present((1.0, 1.0, 0.0)));
    assert_eq!((y, t12), (0.0, 0.0));
}
