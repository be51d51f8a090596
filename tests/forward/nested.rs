//! Nested differentiation: `differentiate!` inside differentiated code, without perturbation
//! confusion.

use crate::{assert_close, assert_deriv_fd};
use ad::prelude::*;

/// The classic test (Siskind and Pearlmutter): `x · d/dy (x + y)` is `x`, so its derivative
/// with respect to `x` is 1. Confusing the two perturbations would give 2.
#[differentiable]
fn confusion(x: f64) -> f64 {
    x * differentiate!(at: 1.0, of: |y: f64| x + y)
}

#[test]
fn no_perturbation_confusion() {
    for x in [-1.5, 0.0, 2.0] {
        assert_close(ad::gradient!(at: x, of: confusion), 1.0);
        assert_close(differentiate!(at: x, of: confusion), 1.0);
    }
    // Inside a differentiated closure too.
    let g = ad::gradient!(at: 3.0, of: |x: f64| x * differentiate!(at: 1.0, of: |y: f64| x + y));
    assert_close(g, 1.0);
}

/// `∂/∂y (x y² + sin(x y)) = 2 x y + x cos(x y)` at `y = x / 2`.
#[differentiable]
fn inner_slope(x: f64) -> f64 {
    let y0 = 0.5 * x;
    differentiate!(at: y0, of: |y: f64| x * y * y + (x * y).sin())
}

fn inner_slope_closed(x: f64) -> f64 {
    let y = 0.5 * x;
    2.0 * x * y + x * (x * y).cos()
}

#[test]
fn derivatives_of_an_inner_derivative_against_finite_differences() {
    for x in [-0.9, 0.4, 1.7] {
        assert_close(inner_slope(x), inner_slope_closed(x));
        let reverse = ad::gradient!(at: x, of: inner_slope);
        assert_deriv_fd(inner_slope_closed, x, reverse);
        let forward = differentiate!(at: x, of: inner_slope);
        assert_close(forward, reverse);
    }
}

#[differentiable]
fn cube(y: f64) -> f64 {
    y * y * y
}

/// A path in the nested operator: `d/dx cube'(x) = 6x`.
#[differentiable]
fn cube_slope(x: f64) -> f64 {
    differentiate!(at: x, of: cube) + x
}

#[test]
fn a_nested_path_and_newtons_step() {
    for x in [0.5, 2.0] {
        assert_close(ad::gradient!(at: x, of: cube_slope), 6.0 * x + 1.0);
    }
}

/// Captured integers and vectors: `∂/∂w Σ_i xs[i] w^(i+1)` at `w = 1`, scaled by `xs[k]`.
#[differentiable]
fn weighted_slope(xs: &[f64], k: usize) -> f64 {
    let slope = differentiate!(at: 1.0, of: |w: f64| {
        let mut s = 0.0;
        for i in 0..xs.len() {
            s += xs[i] * w.powi(i as i32 + 1);
        }
        s
    });
    slope * xs[k]
}

#[test]
fn captured_integers_and_vectors() {
    // slope = Σ (i + 1) xs[i]; f = slope · xs[k]: ∂f/∂xs[j] = (j + 1) xs[k] + slope [j = k].
    let xs = vec![0.5, -1.0, 2.0];
    let k = 1;
    let slope: f64 = xs
        .iter()
        .enumerate()
        .map(|(i, x)| (i as f64 + 1.0) * x)
        .sum();
    let (g, _) = ad::gradient!(at: &xs, k, of: weighted_slope);
    for j in 0..3 {
        let want = (j as f64 + 1.0) * xs[k] + if j == k { slope } else { 0.0 };
        assert_close(g[j], want);
    }
}

/// `gradient!` of one scalar inside a differentiable function: `x · d/dy (x y)² at y = 1`,
/// `= 2 x³`, whose derivative is `6 x²`.
#[differentiable]
fn nested_gradient(x: f64) -> f64 {
    x * gradient!(at: 1.0, of: |y: f64| (x * y) * (x * y))
}

#[test]
fn a_nested_gradient() {
    for x in [-0.5, 1.5] {
        assert_close(nested_gradient(x), 2.0 * x * x * x);
        assert_close(ad::gradient!(at: x, of: nested_gradient), 6.0 * x * x);
        assert_close(differentiate!(at: x, of: nested_gradient), 6.0 * x * x);
    }
}

/// `gradient!` of several arguments inside a differentiable function: with
/// `g(a, b) = a² b + x a`, `∇g(1, 2) = (2ab + x, a²) = (4 + x, 1)`, so the result is
/// `(4 + x) · x + 1`, whose derivative is `4 + 2x`.
#[differentiable]
fn nested_gradient_of_two(x: f64) -> f64 {
    let (ga, gb) = gradient!(at: 1.0, 2.0, of: |a: f64, b: f64| a * a * b + x * a);
    ga * x + gb
}

#[test]
fn a_nested_gradient_of_several_arguments() {
    for x in [-0.5, 1.5] {
        assert_close(nested_gradient_of_two(x), (4.0 + x) * x + 1.0);
        assert_close(
            ad::gradient!(at: x, of: nested_gradient_of_two),
            4.0 + 2.0 * x,
        );
        assert_close(
            differentiate!(at: x, of: nested_gradient_of_two),
            4.0 + 2.0 * x,
        );
    }
}
