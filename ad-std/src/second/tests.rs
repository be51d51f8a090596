//! The second-order rules against central differences of their first derivatives, and at
//! the points where a NaN or infinite partial meets a zero tangent.

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
    let rules: [(Rule, f64, f64); 10] = [
        (f64::__ad_hvp_rem_euclid, 7.3, -2.0),
        (f64::__ad_hvp_rem_euclid, -7.3, 2.0),
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

#[test]
fn sin_cos_is_the_pair_of_the_sin_and_cos_rules() {
    for x in [-2.0f64, 0.0, 0.7, 3.0] {
        let t = (0.5, -1.5, 2.0);
        let ((s, c), ((s1, c1), (s2, c2), (s12, c12))) = x.__ad_hvp_sin_cos(Present(t));
        let (sin, (ts1, ts2, ts12)) = x.__ad_hvp_sin(Present(t));
        let (cos, (tc1, tc2, tc12)) = x.__ad_hvp_cos(Present(t));
        assert_eq!((s, c), (sin, cos));
        assert_eq!((s1, s2, s12), (ts1, ts2, ts12));
        assert_eq!((c1, c2, c12), (tc1, tc2, tc12));
    }
    let (value, tangent) = 0.5f64.__ad_hvp_sin_cos(ad_core::forward::Absent);
    assert_eq!(
        (value, tangent),
        (0.5f64.sin_cos(), ((0.0, 0.0), (0.0, 0.0), (0.0, 0.0)))
    );
}

#[test]
fn powf_with_a_constant_exponent_at_a_negative_base() {
    // ∂/∂p = y ln x is NaN for x < 0; with p constant (absent, or a zero tangent) it must
    // not reach the tangents: (x²)'' = 2, (x³)'' = 6x.
    let x = -1.5f64;
    for p in [2.0, 3.0] {
        let want = p * (p - 1.0) * x.powf(p - 2.0);
        let absent = x.__ad_hvp_powf(p, Present((1.0, 1.0, 0.0)), ad_core::forward::Absent);
        let zero = x.__ad_hvp_powf(p, Present((1.0, 1.0, 0.0)), Present((0.0, 0.0, 0.0)));
        for (_, (_, _, d2)) in [absent, zero] {
            assert!((d2 - want).abs() < 1e-12, "x^{p} at {x}: {d2} vs {want}");
        }
    }
    // The exponent's own entries stay NaN there, as its first derivative is.
    let (_, (_, _, dpp)) = x.__ad_hvp_powf(2.0, Present((0.0, 0.0, 0.0)), Present((1.0, 1.0, 0.0)));
    assert!(dpp.is_nan());
}

#[test]
fn powi_at_the_extreme_exponents() {
    // n - 2 overflows for i32::MIN and i32::MIN + 1: x^(n-2) as x^n / x².
    for n in [i32::MIN, i32::MIN + 1] {
        let (_, (_, _, d2)) =
            1.0f64.__ad_hvp_powi(n, Present((1.0, 1.0, 0.0)), ad_core::forward::Absent);
        let nf = n as f64;
        assert_eq!(d2, nf * (nf - 1.0));
    }
}

#[test]
fn large_arguments_keep_representable_second_derivatives() {
    // hypot(x, x) = √2 x: ∂²/∂x² = o² / y³ = 1 / (2√2 x), where y³ overflows for x > 1e102.
    let x = 1e120f64;
    let (_, (_, _, hxx)) = x.__ad_hvp_hypot(x, Present((1.0, 1.0, 0.0)), Present((0.0, 0.0, 0.0)));
    let want = 1.0 / (2.0 * 2f64.sqrt() * x);
    assert!((hxx - want).abs() <= 1e-12 * want, "{hxx} vs {want}");
    // atan2(x, o) at x = o: ∂²/∂x∂o = (x² - o²) / r⁴ = 0, ∂²/∂x² = -2xo / r⁴ = -1 / (2x²).
    let x = 1e100f64;
    let (_, (_, _, hxx)) = x.__ad_hvp_atan2(x, Present((1.0, 1.0, 0.0)), Present((0.0, 0.0, 0.0)));
    let want = -0.5 / (x * x);
    assert!((hxx - want).abs() <= 1e-12 * want.abs(), "{hxx} vs {want}");
    // atan: -2x / (1 + x²)² ≈ -2 / x³, asinh: -x / (x² + 1)^(3/2) ≈ -1 / x², at x = 1e100 and 1e120.
    let (_, (_, _, d2)) = 1e100f64.__ad_hvp_atan(Present((1.0, 1.0, 0.0)));
    assert!((d2 + 2e-300).abs() <= 1e-12 * 2e-300, "{d2}");
    let (_, (_, _, d2)) = 1e120f64.__ad_hvp_asinh(Present((1.0, 1.0, 0.0)));
    assert!((d2 + 1e-240).abs() <= 1e-12 * 1e-240, "{d2}");
    // sqrt: -1/4 x^(-3/2) at x = 1e210 is -2.5e-316 (subnormal), not 0 from y³ = inf.
    let (_, (_, _, d2)) = 1e210f64.__ad_hvp_sqrt(Present((1.0, 1.0, 0.0)));
    assert!(d2 < 0.0 && (d2 + 2.5e-316).abs() < 1e-318, "{d2:e}");
}

#[test]
fn strong_zeros_in_second_order() {
    let inf = f64::INFINITY;
    // powi at 0: the zero first derivative wins over an infinite tangent.
    let (_, (t1, t2, t12)) =
        0.0f64.__ad_hvp_powi(2, Present((inf, 0.0, 0.0)), ad_core::forward::Absent);
    assert_eq!((t1, t2, t12), (0.0, 0.0, 0.0));
    // sqrt at 0: a zero tangent (what powi passes on) stays zero against the infinite slope.
    let (_, (t1, t2, _)) = 0.0f64.__ad_hvp_sqrt(Present((0.0, 0.0, 2.0)));
    assert_eq!((t1, t2), (0.0, 0.0));
    // But sqrt's own slope is not a strong zero, and cos's zero slope at 0 is weak.
    let (_, (t1, _, _)) = 0.0f64.__ad_hvp_cos(Present((inf, 0.0, 0.0)));
    assert!(t1.is_nan());
    // mul_add multiplies like `*`: the infinite factor a meets x's zero tangent, NaN.
    let (_, (t1, _, _)) = 2.0f64.__ad_hvp_mul_add(
        inf,
        1.0,
        Present((0.0, 0.0, 0.0)),
        Present((1.0, 0.0, 0.0)),
        Present((0.0, 0.0, 0.0)),
    );
    assert!(t1.is_nan());
}
