//! `f32` functions: operators, methods, calls, tuples, closures and casts to and from `f64`.

use crate::assert_close_f32;
use ad::prelude::*;
// The suite's operators, which also check forward mode against reverse mode.
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};

/// 3x² + x - 0.5
#[differentiable]
fn poly(x: f32) -> f32 {
    3.0 * x * x + x - 0.5
}

#[test]
fn polynomial_in_f32() {
    // f' = 6x + 1
    let (value, dx) = value_with_gradient!(at: 1.5f32, of: poly);
    assert_close_f32(value, 7.75);
    assert_close_f32(dx, 10.0);
}

/// sin x · eˣ + ln x / √x
#[differentiable]
fn methods(x: f32) -> f32 {
    x.sin() * x.exp() + x.ln() / x.sqrt()
}

#[test]
fn float_methods_in_f32() {
    // f' = eˣ(cos x + sin x) + (1 - ln x / 2) / x^(3/2)
    for x in [0.5f32, 1.0, 2.5] {
        let want = x.exp() * (x.cos() + x.sin()) + (1.0 - 0.5 * x.ln()) / (x * x.sqrt());
        assert_close_f32(gradient!(at: x, of: methods), want);
    }
}

/// σ(x) in f32 through a helper.
#[differentiable]
fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// Binary cross-entropy of one f32 prediction: -(y ln σ(z) + (1 - y) ln(1 - σ(z))).
#[differentiable(wrt = z)]
fn bce(z: f32, y: f32) -> f32 {
    let p = sigmoid(z);
    -(y * p.ln() + (1.0 - y) * (1.0 - p).ln())
}

#[test]
fn binary_cross_entropy_in_f32() {
    // ∂/∂z = σ(z) - y
    for (z, y) in [(0.3f32, 1.0f32), (-1.2, 0.0), (2.0, 0.25)] {
        let s = 1.0 / (1.0 + (-z).exp());
        let (dz, _) = gradient!(at: z, y, of: bce);
        assert_close_f32(dz, s - y);
    }
}

/// Two f32 parameters, with max, hypot and powi.
#[differentiable]
fn two_params(x: f32, y: f32) -> f32 {
    x.hypot(y) + x.max(y).powi(2)
}

#[test]
fn two_f32_parameters() {
    // at (3, 4): ∂/∂x = x/5, ∂/∂y = y/5 + 2 max = 4/5 + 8
    let (dx, dy) = gradient!(at: 3.0f32, 4.0f32, of: two_params);
    assert_close_f32(dx, 0.6);
    assert_close_f32(dy, 0.8 + 8.0);
}

#[test]
fn f32_closure() {
    // d/dx tanh(2x) = 2(1 - tanh²(2x))
    let x = 0.4f32;
    let t = (2.0 * x).tanh();
    assert_close_f32(
        gradient!(at: x, of: |x: f32| (2.0 * x).tanh()),
        2.0 * (1.0 - t * t),
    );
}

/// An f32 input widened to f64 for the computation: (x as f64)³
#[differentiable]
fn widened(x: f32) -> f64 {
    let y = x as f64;
    y * y * y
}

#[test]
fn f32_parameter_with_an_f64_result() {
    // f' = 3x², returned as the f32 tangent of x
    let dx: f32 = gradient!(at: 0.5f32, of: widened);
    assert_close_f32(dx, 0.75);
}

/// An f64 input narrowed to f32: ((x as f32).sin() as f64) · x
#[differentiable]
fn narrowed(x: f64) -> f64 {
    let s = (x as f32).sin();
    s as f64 * x
}

#[test]
fn f64_parameter_through_f32_arithmetic() {
    // f' = cos x · x + sin x, to f32 precision
    let x = 0.8f64;
    let got = gradient!(at: x, of: narrowed);
    assert!((got - (x.cos() * x + x.sin())).abs() < 1e-6, "got {got}");
}

/// An f32 function returning a tuple.
#[differentiable]
fn polar(r: f32, t: f32) -> (f32, f32) {
    (r * t.cos(), r * t.sin())
}

#[test]
fn f32_tuple_result_pullback() {
    // pb((u, v)) = (u cos t + v sin t, -u r sin t + v r cos t)
    let (r, t) = (2.0f32, 0.5f32);
    let pb = pullback!(at: r, t, of: polar);
    let (dr, dt) = pb((1.0, 2.0));
    assert_close_f32(dr, t.cos() + 2.0 * t.sin());
    assert_close_f32(dt, -r * t.sin() + 2.0 * r * t.cos());
}

/// A mutable f32 accumulator with suffixed literals and clamp.
#[differentiable]
fn accumulate(x: f32) -> f32 {
    let mut s = 1.0f32;
    s *= x;
    s += x.clamp(0.0f32, 1.0f32) * 4.0f32;
    s -= 0.5f32 * x * x;
    s
}

#[test]
fn f32_accumulator_with_clamp() {
    // inside [0, 1]: f' = 1 + 4 - x; above: 1 - x (the bound receives the cotangent)
    assert_close_f32(gradient!(at: 0.5f32, of: accumulate), 4.5);
    assert_close_f32(gradient!(at: 2.0f32, of: accumulate), -1.0);
}

/// An f64 input with an f32 result: ((x · x) as f32)
#[differentiable]
fn to_f32(x: f64) -> f32 {
    (x * x) as f32 * 3.0
}

#[test]
fn f64_parameter_with_an_f32_result() {
    // f' = 6x, as an f64 tangent
    let dx: f64 = gradient!(at: 0.5, of: to_f32);
    assert_eq!(dx, 3.0);
}
