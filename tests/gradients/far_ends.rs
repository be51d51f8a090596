//! Derivatives at the far ends of the float methods' domains, through whole functions in
//! every mode: where the textbook form of a rule cancels (`exp_m1`'s `y + 1`, `tanh`'s
//! `1 - y²`) or where a rule's own second derivative overflows although the function's is
//! finite (a tiny constant divisor, a scaled operand of `ln`, `recip`, `sqrt`, `powi`). Each
//! is compared with a closed form, evaluated in 300-bit arithmetic where `f64` would not do
//! (the values are written out), to a relative tolerance however small the value.

use crate::assert_close;
use ad::prelude::*;
// The suite's operators, which also check forward mode against reverse mode.
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};

/// `got` agrees with `want` to `1e-14` relative to `want` itself (`assert_close` is absolute
/// below 1, which would accept 0 for `e^-40`).
#[track_caller]
fn assert_relative(got: f64, want: f64) {
    assert!(
        (got - want).abs() <= 1e-14 * want.abs(),
        "got {got:e}, want {want:e}"
    );
}

/// The value, gradient (reverse), derivative (forward) and second derivative of `f` at `x`,
/// each checked against `want`.
macro_rules! assert_every_mode {
    ($f:ident at $x:expr, value: $value:expr, first: $first:expr, second: $second:expr) => {{
        let x: f64 = $x;
        let (value, gradient) = value_with_gradient!(at: x, of: $f);
        assert_relative(value, $value);
        assert_relative(gradient, $first);
        let (value, differential) = value_with_differential!(at: x, of: $f);
        assert_relative(value, $value);
        assert_relative(differential(1.0), $first);
        assert_relative(hessian!(at: x, of: $f), $second);
    }};
}

/// `(x² 1e-200) / 1e-200`, which is `x²`. The quotient's own Hessian (`-1/b²`, `2a/b³`)
/// overflows at `b = 1e-200` and met the constant divisor's zero tangent as NaN.
#[differentiable]
fn tiny(x: f64) -> f64 {
    (x * x * 1e-200) / 1e-200
}

#[test]
fn a_tiny_constant_divisor() {
    assert_every_mode!(tiny at 3.0, value: 9.0, first: 6.0, second: 2.0);
}

/// `e^x - 1`: the slope is `e^x`; from the value, `y + 1` is 0 below -37.
#[differentiable]
fn exp_minus_one(x: f64) -> f64 {
    x.exp_m1()
}

/// `tanh x`: the slope is `sech² x`; from the value, `1 - y²` is 0 from 19.1 on.
#[differentiable]
fn saturated(x: f64) -> f64 {
    x.tanh()
}

#[test]
fn slopes_where_the_value_has_rounded() {
    // e^-40 = 4.248354255291589e-18, its own derivatives.
    let e = 4.248354255291589e-18;
    assert_every_mode!(exp_minus_one at -40.0, value: -1.0, first: e, second: e);
    // tanh at 20: sech² 20 = 1.6993417021166355e-17, tanh'' = -2 tanh sech² = -3.398683404233271e-17.
    assert_every_mode!(
        saturated at 20.0,
        value: 20f64.tanh(),
        first: 1.6993417021166355e-17,
        second: -3.398683404233271e-17
    );
}

/// `atanh x`, for points next to 1.
#[differentiable]
fn inverse_tanh(x: f64) -> f64 {
    x.atanh()
}

/// `asinh x`, for huge points.
#[differentiable]
fn inverse_sinh(x: f64) -> f64 {
    x.asinh()
}

#[test]
fn next_to_the_edges_and_far_out() {
    // atanh at 1 - 1e-12: 1/(1 - x²) = 500011061105.0014, 2x/(1 - x²)² = 5.0002212245419894e23.
    let x = 1.0 - 1e-12;
    assert_every_mode!(
        inverse_tanh at x,
        value: x.atanh(),
        first: 500011061105.0014,
        second: 5.0002212245419894e23
    );
    // asinh at 1e200: 1/√(x² + 1) = 1e-200, -x/(x² + 1)^(3/2) = -1e-400, which is 0.
    let (_, g) = value_with_gradient!(at: 1e200, of: inverse_sinh);
    assert_relative(g, 1e-200);
    let (_, differential) = value_with_differential!(at: 1e200, of: inverse_sinh);
    assert_relative(differential(1.0), 1e-200);
    assert_eq!(hessian!(at: 1e200, of: inverse_sinh), 0.0);
}

/// `ln(1e-200 x)`: `ln`'s second derivative at `1e-200 x` overflows, the function's is `-1/x²`.
#[differentiable]
fn log_of_scaled(x: f64) -> f64 {
    (x * 1e-200).ln()
}

/// `1e-200 / (1e-200 x)`, which is `1/x`, through `recip`.
#[differentiable]
fn recip_of_scaled(x: f64) -> f64 {
    (x * 1e-200).recip() * 1e-200
}

/// `1e150 √(1e-300 x)`, which is `√x`.
#[differentiable]
fn root_of_scaled(x: f64) -> f64 {
    (x * 1e-300).sqrt() * 1e150
}

/// `1e-210 (1e-70 x)^-3`, which is `x^-3`.
#[differentiable]
fn cube_of_scaled(x: f64) -> f64 {
    (x * 1e-70).powi(-3) * 1e-210
}

#[test]
fn scaled_operands_of_rules_whose_derivatives_overflow() {
    assert_every_mode!(log_of_scaled at 2.0, value: (2e-200f64).ln(), first: 0.5, second: -0.25);
    assert_every_mode!(recip_of_scaled at 2.0, value: 0.5, first: -0.25, second: 0.25);
    assert_every_mode!(root_of_scaled at 4.0, value: 2.0, first: 0.25, second: -1.0 / 32.0);
    assert_every_mode!(cube_of_scaled at 2.0, value: 0.125, first: -3.0 / 16.0, second: 12.0 / 32.0);
}

/// `x² + ln y`: at `y = 1e-200` the Hessian's `y` entry is `-1/y² = -inf`, and the others are
/// finite: `ln`'s overflowing second derivative must not reach the entries where `y` does not
/// move (it did, as `-inf · 0 = NaN`).
#[differentiable]
fn square_and_log(v: [f64; 2]) -> f64 {
    v[0] * v[0] + v[1].ln()
}

#[test]
fn a_hessian_entry_beside_an_overflowing_one() {
    let h = hessian!(at: [3.0, 1e-200], of: square_and_log);
    assert_close(h[[0, 0]], 2.0);
    assert_eq!((h[[0, 1]], h[[1, 0]]), (0.0, 0.0));
    assert_eq!(h[[1, 1]], f64::NEG_INFINITY);
}

/// `Σ_k (e^(x - k) - 1)` in a loop, whose reverse multiplies by `exp_m1`'s slope taken from
/// the operand the iteration kept (`ad_std::float::slopes`), not from the result.
#[differentiable]
fn exp_minus_one_in_a_loop(x: f64) -> f64 {
    let mut s = 0.0;
    for k in 0..3 {
        s += (x - k as f64).exp_m1();
    }
    s
}

/// `Σ_k tanh(x + k)` in a loop, likewise for `tanh`.
#[differentiable]
fn saturated_in_a_loop(x: f64) -> f64 {
    let mut s = 0.0;
    for k in 0..3 {
        s += (x + k as f64).tanh();
    }
    s
}

#[test]
fn slopes_of_loops_where_the_value_has_rounded() {
    // Σ_k e^(x - k) at -40.
    let want: f64 = (0..3).map(|k| (-40.0 - k as f64).exp()).sum();
    let (_, g) = value_with_gradient!(at: -40.0, of: exp_minus_one_in_a_loop);
    assert_relative(g, want);
    // Σ_k sech²(x + k) at 20, as 4 e^-2u / (1 + e^-2u)².
    let sech2 = |u: f64| {
        let e = (-2.0 * u).exp();
        4.0 * e / ((1.0 + e) * (1.0 + e))
    };
    let want: f64 = (0..3).map(|k| sech2(20.0 + k as f64)).sum();
    let (_, g) = value_with_gradient!(at: 20.0, of: saturated_in_a_loop);
    assert_relative(g, want);
}
