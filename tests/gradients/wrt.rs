//! Choosing what is differentiated: `wrt = x`, `wrt = (x, y)`, integer parameters,
//! `no_grad(..)`, and casts (`as f64` / `as f32` pass derivatives, `as i32` stops them).

use crate::{assert_all_close, assert_close, assert_deriv_fd};
use ad::NoTangent;
use ad::prelude::*;
// The suite's operators, which also check forward mode against reverse mode.
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};

/// Differentiated in x only; y is a constant.
#[differentiable(wrt = x)]
fn only_x(x: f64, y: f64) -> f64 {
    x * x * y + y.exp()
}

#[test]
fn wrt_one_parameter() {
    // ∂/∂x = 2xy; y's slot is NoTangent
    let (dx, dy) = gradient!(at: 1.5, 2.0, of: only_x);
    assert_close(dx, 6.0);
    assert_eq!(dy, NoTangent);
}

/// Differentiated in the second parameter only.
#[differentiable(wrt = y)]
fn only_y(x: f64, y: f64) -> f64 {
    x * y.sin()
}

#[test]
fn wrt_the_second_parameter() {
    // ∂/∂y = x cos y
    let (x, y): (f64, f64) = (3.0, 0.2);
    let (value, (dx, dy)) = value_with_gradient!(at: x, y, of: only_y);
    assert_close(value, x * y.sin());
    assert_eq!(dx, NoTangent);
    assert_close(dy, x * y.cos());
}

/// wrt the first and last of three parameters.
#[differentiable(wrt = (x, z))]
fn first_and_last(x: f64, y: f64, z: f64) -> f64 {
    (x * y).sin() + z * z * y
}

#[test]
fn wrt_a_tuple_of_parameters() {
    // ∂/∂x = y cos(xy), ∂/∂z = 2zy
    let (x, y, z): (f64, f64, f64) = (0.5, 1.2, -0.8);
    let (dx, dy, dz) = gradient!(at: x, y, z, of: first_and_last);
    assert_all_close(&[dx, dz], &[y * (x * y).cos(), 2.0 * z * y]);
    assert_eq!(dy, NoTangent);
}

/// Integer parameters are constants without being named in `wrt`.
#[differentiable]
fn with_integers(x: f64, n: i32, k: usize) -> f64 {
    x.powi(n) * k as f64 + n as f64 * x
}

#[test]
fn integer_parameters_are_constants() {
    // ∂/∂x = k n x^(n-1) + n
    let (dx, dn, dk) = gradient!(at: 2.0, 3, 5usize, of: with_integers);
    assert_close(dx, 5.0 * 3.0 * 4.0 + 3.0);
    assert_eq!(dn, NoTangent);
    assert_eq!(dk, NoTangent);
}

#[test]
fn integer_parameter_of_a_closure() {
    // ∂/∂x xⁿ = n x^(n-1)
    let (dx, dn) = gradient!(at: 2.0, 4, of: |x: f64, n: i32| x.powi(n));
    assert_close(dx, 32.0);
    assert_eq!(dn, NoTangent);
}

#[differentiable(wrt = (x, y))]
fn independent_of_y(x: f64, y: f64) -> f64 {
    let _dead = y * y;
    x.sin() * 3.0
}

#[test]
fn result_independent_of_a_wrt_parameter() {
    // ∂/∂x = 3 cos x; ∂/∂y = 0 exactly, a real zero (y is wrt, so not NoTangent)
    let x: f64 = 0.7;
    let (dx, dy): (f64, f64) = gradient!(at: x, 11.0, of: independent_of_y);
    assert_close(dx, 3.0 * x.cos());
    assert_eq!(dy, 0.0);
}

/// x · no_grad(x): the second factor is a constant.
#[differentiable]
fn stop_gradient(x: f64) -> f64 {
    x * no_grad(x)
}

#[test]
fn no_grad_stops_the_derivative() {
    // d/dx [x · c]|c=x = x (not 2x)
    assert_eq!(gradient!(at: 3.0, of: stop_gradient), 3.0);
}

#[differentiable]
fn cube(x: f64) -> f64 {
    x * x * x
}

/// no_grad around an expression and around a call: no_grad(x · y) + x + no_grad(cube(y)) · y
#[differentiable]
fn stop_gradient_of_expressions(x: f64, y: f64) -> f64 {
    no_grad(x * y) + x + no_grad(cube(y)) * y
}

#[test]
fn no_grad_of_expressions_and_calls() {
    // ∂/∂x = 1, ∂/∂y = y³ (value of the stopped call)
    let (dx, dy) = gradient!(at: 2.0, 1.5, of: stop_gradient_of_expressions);
    assert_eq!(dx, 1.0);
    assert_close(dy, 1.5 * 1.5 * 1.5);
}

/// A straight-through estimator built from no_grad: x + no_grad(round(x) - x) has the
/// value round(x) and the derivative 1.
#[differentiable]
fn straight_through_round(x: f64) -> f64 {
    let r = x + no_grad(x.round() - x);
    r * r
}

#[test]
fn straight_through_estimator_with_no_grad() {
    // value round(x)², derivative 2 round(x) · 1
    let (value, dx) = value_with_gradient!(at: 2.3, of: straight_through_round);
    assert_eq!(value, 4.0);
    assert_close(dx, 4.0);
}

/// Round trip through f32: (x as f32 · 2) as f64 · x
#[differentiable]
fn through_f32(x: f64) -> f64 {
    let y = x as f32;
    let z = (y * 2.0) as f64;
    z * x
}

#[test]
fn casts_between_float_types_pass_derivatives() {
    // f = 2x² (exact for x representable in f32): f' = 4x
    assert_eq!(gradient!(at: 0.75, of: through_f32), 3.0);
}

/// x · (10x as i32) as f64: the integer cast is piecewise constant.
#[differentiable]
fn through_integer(x: f64) -> f64 {
    let n = (x * 10.0) as i32;
    x * n as f64 + (x as i32) as f64
}

#[test]
fn casts_to_integers_stop_derivatives() {
    // away from multiples of 0.1: f' = ⌊10x⌋
    let x = 1.234;
    let got = gradient!(at: x, of: through_integer);
    assert_eq!(got, 12.0);
    assert_deriv_fd(through_integer, x, got);
}

/// wrt a reference parameter with a constant slice beside it.
#[differentiable(wrt = scale)]
fn scaled_len(scale: &f64, data: &[f64]) -> f64 {
    *scale * *scale * data.len() as f64
}

#[test]
fn wrt_with_reference_parameters() {
    // ∂/∂s = 2 s n
    let data = [1.0, 2.0, 3.0, 4.0];
    let (ds, dd) = gradient!(at: &1.5, &data, of: scaled_len);
    assert_close(ds, 12.0);
    assert_eq!(dd, NoTangent);
}

/// ReLU built from a comparison cast to a number: x · [x > 0]
#[differentiable]
fn relu_by_comparison(x: f64) -> f64 {
    let positive = x > 0.0;
    x * positive as i32 as f64
}

#[test]
fn comparisons_are_constants() {
    assert_eq!(gradient!(at: 1.5, of: relu_by_comparison), 1.0);
    assert_eq!(gradient!(at: -1.5, of: relu_by_comparison), 0.0);
}

/// bool and &str parameters are constants.
#[differentiable]
fn with_flag_and_name(x: f64, flag: bool, name: &str) -> f64 {
    x * x * (flag as i32 + name.len() as i32) as f64
}

#[test]
fn bool_and_str_parameters_are_constants() {
    // f = x² (flag + len): f' = 2x (1 + 3)
    let (dx, dflag, dname) = gradient!(at: 1.25, true, "abc", of: with_flag_and_name);
    assert_eq!(dx, 10.0);
    assert_eq!(dflag, NoTangent);
    assert_eq!(dname, NoTangent);
}

/// An integer argument computed in the body and passed on to a callee's integer parameter.
#[differentiable]
fn integer_locals(x: f64, k: i32) -> f64 {
    let n = 2 * k + 1;
    x.powi(n) + x * k as f64
}

#[test]
fn integer_locals_are_constants() {
    // with k = 1: f = x³ + x, f' = 3x² + 1
    let (dx, _) = gradient!(at: 2.0, 1, of: integer_locals);
    assert_eq!(dx, 13.0);
}
