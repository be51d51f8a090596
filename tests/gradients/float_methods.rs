//! Float methods inside whole functions, and the documented conventions at
//! non-differentiable points (abs'(0) = 0, a tie of max/min goes to the receiver, clamp at a
//! bound goes to the receiver).

use crate::{assert_all_close, assert_close, assert_deriv_fd, assert_grad_fd};
use ad::prelude::*;
// The suite's operators, which also check forward mode against reverse mode.
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};

/// sin x · cos x + tan x
#[differentiable]
fn trig(x: f64) -> f64 {
    x.sin() * x.cos() + x.tan()
}

#[test]
fn trigonometric() {
    // f'(x) = cos²x - sin²x + 1/cos²x
    for x in [-0.9f64, 0.0, 0.4, 1.2] {
        let (s, c) = x.sin_cos();
        assert_close(gradient!(at: x, of: trig), c * c - s * s + 1.0 / (c * c));
    }
}

/// asin x + 2 acos x + atan x
#[differentiable]
fn inverse_trig(x: f64) -> f64 {
    x.asin() + 2.0 * x.acos() + x.atan()
}

#[test]
fn inverse_trigonometric() {
    // f'(x) = 1/√(1-x²) - 2/√(1-x²) + 1/(1+x²)
    for x in [-0.6f64, 0.0, 0.3] {
        let r = (1.0 - x * x).sqrt();
        assert_close(
            gradient!(at: x, of: inverse_trig),
            -1.0 / r + 1.0 / (1.0 + x * x),
        );
    }
}

/// 2 sinh x + cosh x - tanh x
#[differentiable]
fn hyperbolic(x: f64) -> f64 {
    2.0 * x.sinh() + x.cosh() - x.tanh()
}

#[test]
fn hyperbolic_functions() {
    // f'(x) = 2 cosh x + sinh x - (1 - tanh²x)
    for x in [-1.1f64, 0.0, 0.7] {
        let t = x.tanh();
        assert_close(
            gradient!(at: x, of: hyperbolic),
            2.0 * x.cosh() + x.sinh() - (1.0 - t * t),
        );
    }
}

/// asinh x + acosh(x + 1) + atanh(x / 2)
#[differentiable]
fn inverse_hyperbolic(x: f64) -> f64 {
    x.asinh() + (x + 1.0).acosh() + (x / 2.0).atanh()
}

#[test]
fn inverse_hyperbolic_functions() {
    // f'(x) = 1/√(x²+1) + 1/√((x+1)²-1) + (1/2)/(1 - x²/4)
    for x in [0.3f64, 0.6, 1.5] {
        let want = 1.0 / (x * x + 1.0).sqrt()
            + 1.0 / ((x + 1.0) * (x + 1.0) - 1.0).sqrt()
            + 0.5 / (1.0 - x * x / 4.0);
        assert_close(gradient!(at: x, of: inverse_hyperbolic), want);
    }
}

/// eˣ + 2ˣ + (eˣ - 1)
#[differentiable]
fn exponentials(x: f64) -> f64 {
    x.exp() + x.exp2() + x.exp_m1()
}

#[test]
fn exponential_family() {
    // f'(x) = 2eˣ + 2ˣ ln 2
    for x in [-2.0f64, 0.0, 1.3] {
        assert_close(
            gradient!(at: x, of: exponentials),
            2.0 * x.exp() + x.exp2() * std::f64::consts::LN_2,
        );
    }
}

/// ln x + ln(1 + x) + log₃ x + log₂ x + log₁₀ x
#[differentiable]
fn logarithms(x: f64) -> f64 {
    x.ln() + x.ln_1p() + x.log(3.0) + x.log2() + x.log10()
}

#[test]
fn logarithm_family() {
    // f'(x) = 1/x + 1/(1+x) + 1/(x ln 3) + 1/(x ln 2) + 1/(x ln 10)
    for x in [0.2f64, 1.0, 7.5] {
        let want = 1.0 / x
            + 1.0 / (1.0 + x)
            + 1.0 / (x * 3f64.ln())
            + 1.0 / (x * std::f64::consts::LN_2)
            + 1.0 / (x * std::f64::consts::LN_10);
        assert_close(gradient!(at: x, of: logarithms), want);
    }
}

/// log_b x with both the argument and the base varying.
#[differentiable]
fn log_base(x: f64, b: f64) -> f64 {
    x.log(b)
}

#[test]
fn logarithm_with_varying_base() {
    // ∂/∂x = 1/(x ln b), ∂/∂b = -ln x / (b ln² b)
    let (x, b) = (5.0, 2.5);
    let (dx, db) = gradient!(at: x, b, of: log_base);
    let lb = b.ln();
    assert_all_close(&[dx, db], &[1.0 / (x * lb), -x.ln() / (b * lb * lb)]);
}

/// √x + ∛x + 1/x
#[differentiable]
fn roots(x: f64) -> f64 {
    x.sqrt() + x.cbrt() + x.recip()
}

#[test]
fn roots_and_reciprocal() {
    // f'(x) = 1/(2√x) + 1/(3 x^(2/3)) - 1/x²
    for x in [0.3f64, 2.0, 8.0] {
        let want = 0.5 / x.sqrt() + 1.0 / (3.0 * x.cbrt() * x.cbrt()) - 1.0 / (x * x);
        assert_close(gradient!(at: x, of: roots), want);
    }
}

/// x³ + x⁻² + x⁰
#[differentiable]
fn integer_powers(x: f64) -> f64 {
    x.powi(3) + x.powi(-2) + x.powi(0)
}

#[test]
fn powi_with_positive_negative_and_zero_exponents() {
    // f'(x) = 3x² - 2x⁻³ + 0
    for x in [-1.5f64, 0.5, 2.0] {
        assert_close(
            gradient!(at: x, of: integer_powers),
            3.0 * x * x - 2.0 / (x * x * x),
        );
    }
}

/// xʸ with both varying.
#[differentiable]
fn power(x: f64, y: f64) -> f64 {
    x.powf(y)
}

#[test]
fn powf_in_base_and_exponent() {
    // ∂/∂x = y x^(y-1), ∂/∂y = xʸ ln x
    let (x, y) = (1.7, 2.3);
    let (dx, dy) = gradient!(at: x, y, of: power);
    assert_all_close(&[dx, dy], &[y * x.powf(y - 1.0), x.powf(y) * x.ln()]);
}

/// 3|x| - |x - 1|
#[differentiable]
fn absolute(x: f64) -> f64 {
    3.0 * x.abs() - (x - 1.0).abs()
}

#[test]
fn abs_on_both_sides_and_at_zero() {
    // f'(x) = 3 sign(x) - sign(x - 1), with abs'(0) = 0 by convention
    assert_eq!(gradient!(at: -2.0, of: absolute), -3.0 + 1.0);
    assert_eq!(gradient!(at: 0.5, of: absolute), 3.0 + 1.0);
    assert_eq!(gradient!(at: 2.0, of: absolute), 3.0 - 1.0);
    // at 0 the first term contributes 0 (convention), the second -sign(-1) = 1
    assert_eq!(gradient!(at: 0.0, of: absolute), 1.0);
    // at 1 the second term contributes 0
    assert_eq!(gradient!(at: 1.0, of: absolute), 3.0);
}

/// signum(x) · x: signum has derivative 0, so f'(x) = signum(x).
#[differentiable]
fn signed(x: f64) -> f64 {
    x.signum() * x
}

#[test]
fn signum_is_piecewise_constant() {
    assert_eq!(gradient!(at: -1.5, of: signed), -1.0);
    assert_eq!(gradient!(at: 2.5, of: signed), 1.0);
}

/// max(x, y) + 2 min(x, y)
#[differentiable]
fn max_plus_twice_min(x: f64, y: f64) -> f64 {
    x.max(y) + 2.0 * x.min(y)
}

#[test]
fn max_and_min_route_to_the_chosen_operand() {
    // x < y: max is y, min is x
    assert_eq!(gradient!(at: 1.0, 2.0, of: max_plus_twice_min), (2.0, 1.0));
    // x > y: max is x, min is y
    assert_eq!(gradient!(at: 3.0, 2.0, of: max_plus_twice_min), (1.0, 2.0));
}

#[test]
fn max_and_min_tie_goes_to_the_receiver() {
    // documented convention: on a tie the whole cotangent goes to the receiver `x`
    assert_eq!(gradient!(at: 2.0, 2.0, of: max_plus_twice_min), (3.0, 0.0));
}

/// √(x² + y²) via hypot, times x.
#[differentiable]
fn hypot_times_x(x: f64, y: f64) -> f64 {
    x.hypot(y) * x
}

#[test]
fn hypot_in_a_product() {
    // h = hypot(x, y): ∂/∂x = h + x²/h, ∂/∂y = xy/h
    let (x, y) = (3.0, -4.0);
    let (dx, dy) = gradient!(at: x, y, of: hypot_times_x);
    assert_all_close(&[dx, dy], &[5.0 + 9.0 / 5.0, -12.0 / 5.0]);
}

/// `x³` with the sign of `y`, plus `y`: the sign only chooses, so ∂/∂y is 1.
#[differentiable]
fn cube_with_sign_of(x: f64, y: f64) -> f64 {
    (x * x * x).copysign(y) + y
}

#[test]
fn copysign_takes_only_the_sign() {
    for (x, y) in [(1.5f64, 2.0f64), (1.5, -2.0), (-0.7, 0.3), (-0.7, -0.3)] {
        // y > 0: |x³|, derivative 3x² sign(x); y < 0: -|x³|, derivative -3x² sign(x).
        let want_x = 3.0 * x * x * x.signum() * y.signum();
        let (dx, dy) = gradient!(at: x, y, of: cube_with_sign_of);
        assert_all_close(&[dx, dy], &[want_x, 1.0]);
        assert_grad_fd(|p| cube_with_sign_of(p[0], p[1]), &[x, y], &[dx, dy]);
        let (_, differential) = value_with_differential!(at: x, y, of: cube_with_sign_of);
        assert_all_close(
            &[differential(1.0, 0.0), differential(0.0, 1.0)],
            &[want_x, 1.0],
        );
        let h = hessian!(at: vec![x, y], of: |p: Vec<f64>| cube_with_sign_of(p[0], p[1]));
        // ∂²/∂x² = 6x sign(x) sign(y); everything with y is 0.
        let want_xx = 6.0 * x * x.signum() * y.signum();
        assert_all_close(&[h[[0, 0]], h[[0, 1]], h[[1, 1]]], &[want_xx, 0.0, 0.0]);
    }
}

/// x·y + z via mul_add, and x·x + 1 on the same receiver.
#[differentiable]
fn fused(x: f64, y: f64, z: f64) -> f64 {
    x.mul_add(y, z) + x.mul_add(x, 1.0)
}

#[test]
fn mul_add_with_shared_operands() {
    // ∂/∂x = y + 2x, ∂/∂y = x, ∂/∂z = 1
    let (dx, dy, dz) = gradient!(at: 1.5, -2.0, 4.0, of: fused);
    assert_all_close(&[dx, dy, dz], &[1.0, 1.5, 1.0]);
}

#[differentiable]
fn clamped(x: f64, lo: f64, hi: f64) -> f64 {
    3.0 * x.clamp(lo, hi)
}

#[test]
fn clamp_inside_and_outside_the_range() {
    assert_eq!(gradient!(at: 0.5, 0.0, 1.0, of: clamped), (3.0, 0.0, 0.0));
    assert_eq!(gradient!(at: -1.0, 0.0, 1.0, of: clamped), (0.0, 3.0, 0.0));
    assert_eq!(gradient!(at: 2.0, 0.0, 1.0, of: clamped), (0.0, 0.0, 3.0));
}

#[test]
fn clamp_at_a_bound_goes_to_the_receiver() {
    // documented convention: lo <= x <= hi, bounds included, gives everything to x
    assert_eq!(gradient!(at: 0.0, 0.0, 1.0, of: clamped), (3.0, 0.0, 0.0));
    assert_eq!(gradient!(at: 1.0, 0.0, 1.0, of: clamped), (3.0, 0.0, 0.0));
}

/// atan2(y, x) of a point relative to the pivot (1, 2).
#[differentiable]
fn bearing(x: f64, y: f64) -> f64 {
    (y - 2.0).atan2(x - 1.0)
}

#[test]
fn atan2_angle() {
    // θ = atan2(v, u), u = x - 1, v = y - 2: ∂θ/∂x = -v/(u²+v²), ∂θ/∂y = u/(u²+v²)
    for (x, y) in [(2.0, 3.0), (-1.0, 2.5), (0.5, -4.0)] {
        let (u, v) = (x - 1.0, y - 2.0);
        let r2 = u * u + v * v;
        let (dx, dy) = gradient!(at: x, y, of: bearing);
        assert_all_close(&[dx, dy], &[-v / r2, u / r2]);
        assert_grad_fd(|p| bearing(p[0], p[1]), &[x, y], &[dx, dy]);
    }
}

/// Rounding methods are constants: x · (⌊x⌋ + ⌈x⌉ + trunc x + round x).
#[differentiable]
fn rounding_as_constants(x: f64) -> f64 {
    x * (x.floor() + x.ceil() + x.trunc() + x.round())
}

#[test]
fn rounding_methods_are_piecewise_constant() {
    // away from integers, f'(x) = ⌊x⌋ + ⌈x⌉ + trunc x + round x
    assert_eq!(
        gradient!(at: 2.7, of: rounding_as_constants),
        2.0 + 3.0 + 2.0 + 3.0
    );
    assert_eq!(
        gradient!(at: -1.2, of: rounding_as_constants),
        -2.0 - 1.0 - 1.0 - 1.0
    );
    assert_deriv_fd(
        rounding_as_constants,
        2.7,
        gradient!(at: 2.7, of: rounding_as_constants),
    );
}

/// A mix of many methods checked only by finite differences:
/// sin(eˣ) · ln(1 + x²) / √(cosh x) + atan(x³)
#[differentiable]
fn method_soup(x: f64) -> f64 {
    x.exp().sin() * (x * x).ln_1p() / x.cosh().sqrt() + x.powi(3).atan()
}

#[test]
fn composition_of_methods_matches_finite_differences() {
    for x in [-1.3f64, -0.2, 0.4, 1.1, 2.2] {
        assert_deriv_fd(method_soup, x, gradient!(at: x, of: method_soup));
    }
}

#[differentiable]
fn hypot_at(x: f64, y: f64) -> f64 {
    x.hypot(y)
}

#[differentiable]
fn power_at(x: f64, p: f64) -> f64 {
    x.powf(p)
}

#[test]
fn documented_conventions_at_singular_points() {
    // hypot at the origin: (0, 0)
    assert_eq!(gradient!(at: 0.0, 0.0, of: hypot_at), (0.0, 0.0));
    // atan2 at the origin: (0, 0)
    assert_eq!(gradient!(at: 0.0, 0.0, of: bearing_at_origin), (0.0, 0.0));
    // powf: d/dp = 0 at x = 0 (the formula y ln x would give 0 · -inf = NaN); d/dx = p x^(p-1) = 0
    assert_eq!(gradient!(at: 0.0, 2.0, of: power_at), (0.0, 0.0));
    // powf: d/dx = 0 when p = 0 (the value is the constant 1); d/dp = ln x
    let (dx, dp) = gradient!(at: 3.0, 0.0, of: power_at);
    assert_eq!(dx, 0.0);
    assert_close(dp, 3f64.ln());
    // max / min with a NaN operand: everything to the operand they return
    assert_eq!(
        gradient!(at: 1.0, f64::NAN, of: max_plus_twice_min),
        (3.0, 0.0)
    );
    assert_eq!(
        gradient!(at: f64::NAN, 1.0, of: max_plus_twice_min),
        (0.0, 3.0)
    );
}

#[differentiable]
fn bearing_at_origin(y: f64, x: f64) -> f64 {
    y.atan2(x)
}

/// Unary minus on method calls and on a call result: -x.sin() - -(x.exp())
#[differentiable]
fn negated_methods(x: f64) -> f64 {
    -x.sin() - -(x.exp()) + -x.abs()
}

#[test]
fn unary_minus_on_method_calls() {
    // for x > 0: f' = -cos x + eˣ - 1
    let x: f64 = 0.5;
    assert_close(
        gradient!(at: x, of: negated_methods),
        -x.cos() + x.exp() - 1.0,
    );
}

/// The same value as receiver and argument: xˣ + log_x(x) + atan2(x, x) + hypot(x, x)
#[differentiable]
fn same_operand_twice(x: f64) -> f64 {
    x.powf(x) + x.log(x) + x.atan2(x) + x.hypot(x)
}

#[test]
fn method_with_the_same_value_as_receiver_and_argument() {
    // for x > 0: f' = xˣ(ln x + 1) + 0 + 0 + √2
    let x: f64 = 1.8;
    assert_close(
        gradient!(at: x, of: same_operand_twice),
        x.powf(x) * (x.ln() + 1.0) + 2f64.sqrt(),
    );
}

/// `rem_euclid` times `copysign`: piecewise `(x - q y) · |x| sign(y)` with `q` the Euclidean
/// quotient.
#[differentiable]
fn euclid_times_sign(x: f64, y: f64) -> f64 {
    x.rem_euclid(y) * x.copysign(y)
}

#[test]
fn rem_euclid_and_copysign_in_every_mode() {
    // Away from the jumps of rem_euclid (x / y an integer) and from x = 0.
    for (x, y) in [
        (7.3f64, 2.0f64),
        (-7.3, 2.0),
        (7.3, -2.0),
        (-7.3, -2.0),
        (0.5, 3.0),
        (-2.5, 0.75),
    ] {
        // r = x - q y, s = |x| sign(y): ∂/∂x = s + r sign(x) sign(y), ∂/∂y = -q s.
        let (r, s, q) = (x.rem_euclid(y), x.copysign(y), x.div_euclid(y));
        let want = [s + r * x.signum() * y.signum(), -q * s];
        let (dx, dy) = gradient!(at: x, y, of: euclid_times_sign);
        assert_all_close(&[dx, dy], &want);
        crate::common::every_mode::assert_every_mode!(euclid_times_sign, x, y);
    }
}

/// `sin x · cos x` through the pair `sin_cos` returns.
#[differentiable]
fn sin_cos_product(x: f64) -> f64 {
    let (s, c) = x.sin_cos();
    s * c
}

#[test]
fn sin_cos_in_every_mode() {
    // f = sin(2x) / 2: f' = cos 2x, f'' = -2 sin 2x.
    for x in [-1.3f64, 0.0, 0.4, 2.0] {
        assert_close(gradient!(at: x, of: sin_cos_product), (2.0 * x).cos());
        assert_close(differentiate!(at: x, of: sin_cos_product), (2.0 * x).cos());
        assert_close(hessian!(at: x, of: sin_cos_product), -2.0 * (2.0 * x).sin());
        crate::common::every_mode::assert_every_mode!(sin_cos_product, x);
    }
}

/// `sin_cos` and `rem_euclid` in a loop, where reverse mode keeps their pullbacks per
/// iteration: `Σ_k sin(kx) cos(kx) + (k x).rem_euclid(1.5)`.
#[differentiable]
fn sin_cos_in_a_loop(x: f64) -> f64 {
    let mut total = 0.0;
    for k in 1..4 {
        let (s, c) = (k as f64 * x).sin_cos();
        total += s * c + (k as f64 * x).rem_euclid(1.5);
    }
    total
}

#[test]
fn sin_cos_and_rem_euclid_in_a_loop() {
    // f' = Σ_k k cos(2kx) + k.
    for x in [-0.7f64, 0.2, 1.1] {
        let want: f64 = (1..4)
            .map(|k| k as f64 * ((2 * k) as f64 * x).cos() + k as f64)
            .sum();
        assert_close(gradient!(at: x, of: sin_cos_in_a_loop), want);
        crate::common::every_mode::assert_every_mode!(sin_cos_in_a_loop, x);
    }
}
