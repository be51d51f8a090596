//! Tuples: construction, `.0` / `.1`, `let (a, b) = ..` patterns, and functions returning
//! tuples, differentiated through callers and directly with `pullback!`.

use crate::{assert_all_close, assert_close, assert_grad_fd};
use ad::prelude::*;
// The suite's operators, which also check forward mode against reverse mode.
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};

/// t = (2x, y + 1); t.0 · t.1
#[differentiable]
fn tuple_fields(x: f64, y: f64) -> f64 {
    let t = (x * 2.0, y + 1.0);
    t.0 * t.1
}

#[test]
fn tuple_construction_and_field_access() {
    // f = 2x(y + 1): ∂/∂x = 2(y + 1), ∂/∂y = 2x
    let (dx, dy) = gradient!(at: 1.5, -3.0, of: tuple_fields);
    assert_all_close(&[dx, dy], &[-4.0, 3.0]);
}

/// let (s, c) = (sin x, cos x); s · c - c
#[differentiable]
fn destructured(x: f64) -> f64 {
    let (s, c) = (x.sin(), x.cos());
    s * c - c
}

#[test]
fn tuple_pattern_in_let() {
    // f' = cos²x - sin²x + sin x
    let x: f64 = 0.8;
    let (s, c) = x.sin_cos();
    assert_close(gradient!(at: x, of: destructured), c * c - s * s + s);
}

/// Nested tuples and chained field access: t = ((x, y), xy); t.0.1 · t.1 + (t.0).0
#[differentiable]
fn nested_tuple(x: f64, y: f64) -> f64 {
    let t = ((x, y), x * y);
    t.0.1 * t.1 + (t.0).0
}

#[test]
fn nested_tuples() {
    // f = y · xy + x: ∂/∂x = y² + 1, ∂/∂y = 2xy
    let (x, y) = (2.0, 3.0);
    let (dx, dy) = gradient!(at: x, y, of: nested_tuple);
    assert_all_close(&[dx, dy], &[y * y + 1.0, 2.0 * x * y]);
}

/// A swap through a tuple pattern, with `_` and a nested pattern:
/// let (a, (b, _)) = (y, (x, x · 100)); a / b
#[differentiable]
fn swapped(x: f64, y: f64) -> f64 {
    let (a, (b, _)) = (y, (x, x * 100.0));
    a / b
}

#[test]
fn nested_patterns_with_wildcard() {
    // f = y/x: ∂/∂x = -y/x², ∂/∂y = 1/x (the wildcard component contributes nothing)
    let (x, y) = (4.0, 2.0);
    let (dx, dy) = gradient!(at: x, y, of: swapped);
    assert_all_close(&[dx, dy], &[-y / (x * x), 1.0 / x]);
}

/// Polar to Cartesian coordinates.
#[differentiable]
fn to_cartesian(r: f64, theta: f64) -> (f64, f64) {
    (r * theta.cos(), r * theta.sin())
}

#[test]
fn pullback_of_a_tuple_valued_function_gives_the_jacobian_rows() {
    // J = [[cos θ, -r sin θ], [sin θ, r cos θ]]; pb(e₁) = row 1, pb(e₂) = row 2
    let (r, theta) = (2.0, 0.6);
    let pb = pullback!(at: r, theta, of: to_cartesian);
    let (a, b) = pb((1.0, 0.0));
    assert_all_close(&[a, b], &[theta.cos(), -r * theta.sin()]);
    let (a, b) = pb((0.0, 1.0));
    assert_all_close(&[a, b], &[theta.sin(), r * theta.cos()]);
}

#[test]
fn value_with_pullback_of_a_tuple_valued_function() {
    // pb((u, v)) = (u cos θ + v sin θ, -u r sin θ + v r cos θ)
    let (r, theta) = (1.5, -0.4);
    let (value, pb) = value_with_pullback!(at: r, theta, of: to_cartesian);
    assert_all_close(&[value.0, value.1], &[r * theta.cos(), r * theta.sin()]);
    let (u, v) = (0.3, -2.0);
    let (a, b) = pb((u, v));
    let want = [
        u * theta.cos() + v * theta.sin(),
        -u * r * theta.sin() + v * r * theta.cos(),
    ];
    assert_all_close(&[a, b], &want);
}

/// Uses the tuple-valued function: (x, y) = to_cartesian(r, θ); x + 2y
#[differentiable]
fn uses_cartesian(r: f64, theta: f64) -> f64 {
    let (x, y) = to_cartesian(r, theta);
    x + 2.0 * y
}

#[test]
fn caller_destructures_a_returned_tuple() {
    // ∂/∂r = cos θ + 2 sin θ, ∂/∂θ = -r sin θ + 2r cos θ
    let (r, theta) = (1.2, 0.9);
    let (dr, dt) = gradient!(at: r, theta, of: uses_cartesian);
    assert_all_close(
        &[dr, dt],
        &[
            theta.cos() + 2.0 * theta.sin(),
            -r * theta.sin() + 2.0 * r * theta.cos(),
        ],
    );
}

/// Uses one field of a returned tuple: to_cartesian(r, θ).1 · r
#[differentiable]
fn uses_one_field(r: f64, theta: f64) -> f64 {
    let p = to_cartesian(r, theta);
    p.1 * r
}

#[test]
fn caller_uses_only_one_field_of_a_returned_tuple() {
    // f = r² sin θ: ∂/∂r = 2r sin θ, ∂/∂θ = r² cos θ
    let (r, theta) = (0.7, 2.1);
    let (dr, dt) = gradient!(at: r, theta, of: uses_one_field);
    assert_all_close(&[dr, dt], &[2.0 * r * theta.sin(), r * r * theta.cos()]);
}

/// Mean and spread of two numbers, a nested tuple result: (mean, (min, max))
#[differentiable]
fn summary(a: f64, b: f64) -> (f64, (f64, f64)) {
    ((a + b) / 2.0, (a.min(b), a.max(b)))
}

#[test]
fn pullback_of_a_nested_tuple_result() {
    // with a < b: pb((m, (lo, hi))) = (m/2 + lo, m/2 + hi)
    let pb = pullback!(at: 1.0, 3.0, of: summary);
    let (da, db) = pb((2.0, (10.0, 100.0)));
    assert_all_close(&[da, db], &[1.0 + 10.0, 1.0 + 100.0]);
}

/// Returns a tuple built from a tuple parameter-like flow: rotate (x, y) by θ, then the
/// squared distance of the result to (1, 0).
#[differentiable]
fn rotate(x: f64, y: f64, theta: f64) -> (f64, f64) {
    let (s, c) = (theta.sin(), theta.cos());
    (c * x - s * y, s * x + c * y)
}

#[differentiable]
fn rotated_distance(x: f64, y: f64, theta: f64) -> f64 {
    let p = rotate(x, y, theta);
    let d = (p.0 - 1.0, p.1);
    d.0 * d.0 + d.1 * d.1
}

#[test]
fn tuples_through_two_functions_match_finite_differences() {
    let p = [0.8, -0.3, 1.1];
    let (dx, dy, dt) = gradient!(at: p[0], p[1], p[2], of: rotated_distance);
    assert_grad_fd(|q| rotated_distance(q[0], q[1], q[2]), &p, &[dx, dy, dt]);
}

/// A tuple parameter.
#[differentiable]
fn tuple_param(p: (f64, f64), s: f64) -> f64 {
    let (a, b) = p;
    (a * b + p.0) * s
}

#[test]
fn tuple_parameter_gets_a_tuple_tangent() {
    // f = (ab + a) s: ∂/∂p = ((b + 1) s, a s), ∂/∂s = ab + a
    let ((da, db), ds) = gradient!(at: (2.0, 3.0), 0.5, of: tuple_param);
    assert_all_close(&[da, db, ds], &[2.0, 1.0, 8.0]);
}

/// The same value in several tuple slots: (x, x, x·x)
#[differentiable]
fn repeated_in_tuple(x: f64) -> (f64, f64, f64) {
    (x, x, x * x)
}

#[test]
fn value_repeated_in_a_returned_tuple() {
    // pb((a, b, c)) = a + b + 2cx
    let pb = pullback!(at: 3.0, of: repeated_in_tuple);
    assert_eq!(pb((1.0, 1.0, 0.0)), 2.0);
    assert_eq!(pb((1.0, 2.0, 0.5)), 6.0);
}

/// Tuple-returning function with a constant slot: (2x, 1)
#[differentiable]
fn with_constant_slot(x: f64) -> (f64, f64) {
    (2.0 * x, 1.0)
}

#[test]
fn constant_slot_of_a_returned_tuple() {
    // pb((a, b)) = 2a; the constant slot's cotangent is ignored
    let (value, pb) = value_with_pullback!(at: 4.0, of: with_constant_slot);
    assert_eq!(value, (8.0, 1.0));
    assert_eq!(pb((1.0, 100.0)), 2.0);
}

/// `return` of a tuple.
#[differentiable]
fn return_tuple(x: f64, y: f64) -> (f64, f64) {
    return (x * y, y);
}

#[test]
fn returned_tuple_with_return() {
    // pb((u, v)) = (u y, u x + v)
    let pb = pullback!(at: 2.0, 5.0, of: return_tuple);
    assert_eq!(pb((1.0, 1.0)), (5.0, 3.0));
    assert_eq!(pb((0.0, 2.0)), (0.0, 2.0));
}
