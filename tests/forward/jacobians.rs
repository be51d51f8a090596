//! `jacobian!` against closed forms, in both modes.

use crate::assert_matrix_close;
use ad::ndarray::{Array1, Array2, array};
use ad::prelude::*;

/// Polar to Cartesian coordinates: two inputs, two outputs (reverse mode).
#[differentiable]
fn to_cartesian(p: &[f64]) -> Vec<f64> {
    vec![p[0] * p[1].cos(), p[0] * p[1].sin()]
}

fn polar_jacobian(r: f64, phi: f64) -> Array2<f64> {
    array![[phi.cos(), -r * phi.sin()], [phi.sin(), r * phi.cos()]]
}

#[test]
fn polar_to_cartesian() {
    let p = vec![2.0, 0.3];
    assert_matrix_close(
        &jacobian!(at: &p, of: to_cartesian),
        &polar_jacobian(2.0, 0.3),
    );
}

/// Three outputs from two inputs, an array in: forward mode (fewer inputs than outputs).
#[differentiable]
fn spherical_shell(p: [f64; 2]) -> Vec<f64> {
    vec![p[0] * p[1].cos(), p[0] * p[1].sin(), p[0] * p[0]]
}

#[test]
fn more_outputs_than_inputs_goes_forward() {
    assert!(ad::__private::jacobian_uses_forward_mode(2, 3));
    let j = jacobian!(at: [2.0, 0.3], of: spherical_shell);
    let mut want = Array2::zeros((3, 2));
    want.slice_mut(ad::ndarray::s![..2, ..])
        .assign(&polar_jacobian(2.0, 0.3));
    want[[2, 0]] = 4.0;
    assert_matrix_close(&j, &want);
}

/// The gradient map of the quadratic form `xᵀ A x`: `x -> (A + Aᵀ) x`, over `Array1`, with
/// a registered reverse-mode derivative (ndarray code itself is differentiated only once
/// ndarray support lands; see the README).
fn quadratic_gradient(x: &Array1<f64>) -> Array1<f64> {
    let a = quadratic_matrix();
    (&a + &a.t()).dot(x)
}

fn quadratic_matrix() -> Array2<f64> {
    array![[1.0, 2.0, 0.0], [0.5, -1.0, 3.0], [2.0, 0.0, 1.0]]
}

#[derivative(of = quadratic_gradient)]
fn quadratic_gradient_vjp(x: &Array1<f64>) -> (Array1<f64>, impl Fn(Array1<f64>) -> Array1<f64>) {
    let a = quadratic_matrix();
    let symmetric = &a + &a.t();
    (quadratic_gradient(x), move |d| symmetric.t().dot(&d))
}

/// The first two components of the same map: fewer outputs than inputs.
#[differentiable]
fn first_two(x: &Array1<f64>) -> Vec<f64> {
    let y = quadratic_gradient(x);
    vec![y[0], y[1] * x[2]]
}

#[test]
fn array1_in_and_out_and_the_hessian_of_a_quadratic_form() {
    let x: Array1<f64> = array![0.3, -0.2, 1.1];
    let a = quadratic_matrix();
    // The Jacobian of the gradient map is the quadratic form's Hessian, A + Aᵀ.
    assert_matrix_close(&jacobian!(at: &x, of: quadratic_gradient), &(&a + &a.t()));
    // Forward mode (derived from the registered pullback) gives the same matrix.
    let (_, differential) = value_with_differential!(at: &x, of: quadratic_gradient);
    for j in 0..3 {
        let mut e = Array1::zeros(3);
        e[j] = 1.0;
        let column = differential(e);
        for i in 0..3 {
            assert!((column[i] - (a[[i, j]] + a[[j, i]])).abs() < 1e-12);
        }
    }
    // y = ((A + Aᵀ)x)_0, ((A + Aᵀ)x)_1 · x_2
    let s = &a + &a.t();
    let y1 = s.row(1).dot(&x);
    let want = array![
        [s[[0, 0]], s[[0, 1]], s[[0, 2]]],
        [s[[1, 0]] * x[2], s[[1, 1]] * x[2], s[[1, 2]] * x[2] + y1]
    ];
    assert_matrix_close(&jacobian!(at: &x, of: first_two), &want);
}
