//! Helpers that read only the head of the slice they are given, as C-style code passes the
//! tail of a long buffer (`&xs[i * d..]`): their reverse derivative copies and returns only
//! what they read (a prefix cotangent), and every caller still sees derivatives of the whole
//! argument's length. Checked against closed forms and central differences of the original
//! functions, with callers whose adjoints need the whole length (`push`, element writes).

#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};
use crate::{assert_all_close, assert_grad_fd};
use ad::prelude::*;

/// `x[0]² + 3 x[1]`: reads two elements of whatever it is given.
#[differentiable]
fn head(x: &[f64]) -> f64 {
    x[0] * x[0] + 3.0 * x[1]
}

/// Σ_i head(&x[2 i..]), each call given the tail from `2 i`.
#[differentiable]
fn over_tails(n: usize, x: &[f64]) -> f64 {
    let mut total = 0.0;
    for i in 0..n {
        total += head(&x[2 * i..]);
    }
    total
}

#[test]
fn a_helper_given_tails_gives_the_whole_gradient() {
    // d/dx[2i] = 2 x[2i], d/dx[2i+1] = 3; the last two elements are never read.
    let x = [0.5, -1.0, 2.0, 0.25, 1.5, 4.0, 7.0, 8.0];
    let g = gradient!(at: &x[..], of: |x: &[f64]| over_tails(3, x));
    assert_all_close(&g, &[1.0, 3.0, 4.0, 3.0, 3.0, 3.0, 0.0, 0.0]);
    assert_grad_fd(|p| over_tails(3, p), &x, &g);
}

#[test]
fn the_gradient_of_a_function_reading_a_prefix_has_the_arguments_length() {
    // `head` itself, through its path: the trailing elements' derivatives are zeros.
    let x = vec![2.0, 1.0, 5.0, 6.0];
    let g = ad::gradient!(at: &x, of: head);
    assert_all_close(&g, &[4.0, 3.0, 0.0, 0.0]);
    let (value, pullback) = value_with_pullback!(at: &x, of: head);
    assert_eq!(value, 7.0);
    assert_all_close(&pullback(2.0), &[8.0, 6.0, 0.0, 0.0]);
}

/// A vector built by `push`, whose pullback takes the last elements' adjoints: the prefix
/// `head` returns for it must be padded to its length first (unpadded, the last push would
/// take `b`'s cotangent).
#[differentiable]
fn pushed(a: f64, b: f64, c: f64) -> f64 {
    let mut v = Vec::new();
    v.push(a * a);
    v.push(b);
    v.push(c * 10.0);
    head(&v) + c
}

#[test]
fn a_vector_built_by_push_receives_the_padded_cotangent() {
    // (a²)² + 3 b + c: d/da = 4 a³, d/db = 3, d/dc = 1.
    let (da, db, dc) = gradient!(at: 1.5, -2.0, 0.5, of: pushed);
    assert_all_close(&[da, db, dc], &[4.0 * 1.5f64.powi(3), 3.0, 1.0]);
}

/// Elements written one by one into a scratch buffer, then a helper reading its head.
#[differentiable]
fn written(x: &[f64]) -> f64 {
    let mut scratch = vec![0.0; 4];
    for i in 0..4 {
        scratch[i] = x[i] * x[3 - i];
    }
    head(&scratch) + scratch[3]
}

#[test]
fn a_written_buffer_receives_the_padded_cotangent() {
    let x = [0.5, -1.0, 2.0, 1.5];
    let g = gradient!(at: &x[..], of: written);
    assert_grad_fd(|p| written(p), &x, &g);
}

/// A Jacobian through a function reading a prefix of a `Vec`.
#[differentiable]
fn head_pair(x: &Vec<f64>) -> Vec<f64> {
    vec![x[0] * x[1], 2.0 * x[0]]
}

#[test]
fn a_jacobian_through_a_prefix_has_a_column_per_input() {
    let j = jacobian!(at: vec![3.0, 4.0, 5.0], of: |x: Vec<f64>| head_pair(&x));
    assert_eq!(j.shape(), &[2, 3]);
    assert_all_close(j.as_slice().unwrap(), &[4.0, 3.0, 0.0, 2.0, 0.0, 0.0]);
}
