//! Nested differentiation: `differentiate!` inside differentiated code, without perturbation
//! confusion.

use crate::{assert_close, assert_deriv_fd, assert_grad_fd};
use ad::ndarray::{Array1, array};
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

/// The potential energy `½ Σ q_i² + q_0 q_1` of an `Array1`.
#[differentiable]
fn energy(q: &Array1<f64>) -> f64 {
    (q * q).sum() * 0.5 + q[0] * q[1]
}

/// `‖∇E(s q)‖²`: a nested `gradient!` of an `Array1` argument, which depends on `s` and `q`.
#[differentiable]
fn force_norm(s: f64, q: Array1<f64>) -> f64 {
    let p = &q * s;
    let g = gradient!(at: &p, of: energy);
    g.dot(&g)
}

/// `∇E(p) = (p0 + p1, p1 + p0, p2, ..)`.
fn force_norm_closed(s: f64, q: &Array1<f64>) -> f64 {
    let p = q * s;
    let mut g = p.clone();
    g[0] += p[1];
    g[1] += p[0];
    g.dot(&g)
}

/// A `Vec` argument, with the nested function's path, and its gradient mixed with `s`.
#[differentiable]
fn vec_energy(v: Vec<f64>) -> f64 {
    v[0] * v[0] * v[1] + v[1].sin()
}

#[differentiable]
fn vec_slopes(s: f64, v: Vec<f64>) -> f64 {
    let w = vec![v[0] * s, v[1] + s];
    let g = gradient!(at: w, of: vec_energy);
    g[0] * g[1] + s * g[0]
}

#[test]
fn a_nested_gradient_of_a_vector_argument() {
    let q = array![1.0, -2.0, 0.5];
    for s in [0.5, 1.5] {
        assert_close(force_norm(s, q.clone()), force_norm_closed(s, &q));
        let (ds, dq) = ad::gradient!(at: s, q.clone(), of: force_norm);
        assert_deriv_fd(|s| force_norm_closed(s, &q), s, ds);
        let flat = |x: &[f64]| force_norm_closed(s, &Array1::from(x.to_vec()));
        assert_grad_fd(flat, q.as_slice().unwrap(), dq.as_slice().unwrap());
        // Forward mode along `s` agrees.
        let (_, differential) = value_with_differential!(at: s, q.clone(), of: force_norm);
        assert_close(differential(1.0, Array1::zeros(3)), ds);
    }
    let v = vec![1.0, 2.0];
    for s in [-0.3, 0.7] {
        let (ds, dv) = ad::gradient!(at: s, v.clone(), of: vec_slopes);
        assert_deriv_fd(|s| vec_slopes(s, v.clone()), s, ds);
        assert_grad_fd(|x| vec_slopes(s, x.to_vec()), &v, &dv);
        let (_, differential) = value_with_differential!(at: s, v.clone(), of: vec_slopes);
        assert_close(differential(0.0, vec![0.0, 1.0]), dv[1]);
    }
}

/// A nested `gradient!` of a slice (`xs: &[f64]`), as a potential's force is taken from its
/// gradient: was refused ("takes an `f32`, `f64`, `Vec`, array or ndarray array of floats,
/// not `[f64]`").
#[differentiable]
fn potential(p: &[f64]) -> f64 {
    p[0] * p[0] * p[1] + p[1].sin()
}

#[differentiable]
fn weighted_force(w: f64, xs: &[f64]) -> f64 {
    let g = gradient!(at: xs, of: potential);
    w * (g[0] + g[1])
}

#[test]
fn a_nested_gradient_of_a_slice() {
    // ∇potential = (2 p0 p1, p0² + cos p1); the result w (2 p0 p1 + p0² + cos p1).
    let xs = vec![0.5, 1.5];
    let (dw, dxs) = ad::gradient!(at: 2.0, &xs, of: weighted_force);
    assert_close(dw, 2.0 * 0.5 * 1.5 + 0.25 + 1.5f64.cos());
    assert_close(dxs[0], 2.0 * (2.0 * 1.5 + 2.0 * 0.5));
    assert_close(dxs[1], 2.0 * (2.0 * 0.5 - 1.5f64.sin()));
    assert_close(
        differentiate!(at: 2.0, of: |w: f64| weighted_force(w, &xs)),
        dw,
    );
    assert_grad_fd(
        |p| weighted_force(p[0], &p[1..]),
        &[2.0, 0.5, 1.5],
        &[dw, dxs[0], dxs[1]],
    );
}
