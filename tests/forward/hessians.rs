//! `hessian!` against closed forms: exact second derivatives by second-order forward mode.

use crate::rosenbrock::{rosenbrock, rosenbrock_hessian};
use crate::{assert_close, assert_deriv_fd, assert_matrix_close, integrate};
use ad::ndarray::{Array1, Array2, array};
use ad::prelude::*;

#[test]
fn second_derivatives_of_scalar_functions() {
    assert_close(hessian!(at: 2.0, of: |x: f64| x * x * x), 12.0);
    for x in [-1.2, 0.3, 2.0] {
        // (sin x · e^x)'' = 2 cos x · e^x
        assert_close(
            hessian!(at: x, of: |x: f64| x.sin() * x.exp()),
            2.0 * x.cos() * x.exp(),
        );
        // (x / (1 + x²))'' = 2x (x² - 3) / (1 + x²)³
        let want = 2.0 * x * (x * x - 3.0) / (1.0 + x * x).powi(3);
        assert_close(hessian!(at: x, of: |x: f64| x / (1.0 + x * x)), want);
    }
}

/// Loops, branches, calls and float methods.
#[differentiable]
fn wiggle(x: f64) -> f64 {
    let mut s = 0.0;
    for k in 1..5 {
        let kf = k as f64;
        s += if x > 0.0 {
            (kf * x).sin() / kf
        } else {
            x.powi(k) * x.tanh()
        };
    }
    s + softened(x)
}

#[differentiable]
fn softened(x: f64) -> f64 {
    (x * x + 1.0).sqrt().ln()
}

#[test]
fn second_derivative_of_a_program_against_differences_of_its_derivative() {
    for x in [-0.8, 0.4, 1.3] {
        let second = hessian!(at: x, of: wiggle);
        assert_deriv_fd(|x| differentiate!(at: x, of: wiggle), x, second);
    }
}

#[test]
fn rosenbrock_hessian_in_several_dimensions() {
    for n in [2, 5, 10] {
        let x: Vec<f64> = (0..n)
            .map(|i| 0.3 + 0.2 * i as f64 - 0.05 * (i * i) as f64)
            .collect();
        assert_matrix_close(&hessian!(at: &x, of: rosenbrock), &rosenbrock_hessian(&x));
    }
}

#[test]
fn a_quadratic_forms_hessian_is_a_plus_a_transposed() {
    let a = vec![
        vec![1.0, 2.0, 0.0],
        vec![0.5, -1.0, 3.0],
        vec![2.0, 0.0, 1.0],
    ];
    let x = vec![0.3, -0.2, 1.1];
    let h = hessian!(at: x.clone(), of: |x: Vec<f64>| {
        let mut s = 0.0;
        for i in 0..3 {
            for j in 0..3 {
                s += x[i] * a[i][j] * x[j];
            }
        }
        s
    });
    let a = Array2::from_shape_fn((3, 3), |(i, j)| a[i][j]);
    assert_matrix_close(&h, &(&a + &a.t()));
}

#[test]
fn arrays_and_array1_arguments() {
    // f = x0 x1 x2 + x0²: H = [[2, x2, x1], [x2, 0, x0], [x1, x0, 0]]
    let h = hessian!(at: [1.0, 2.0, 3.0], of: |x: [f64; 3]| x[0] * x[1] * x[2] + x[0] * x[0]);
    assert_matrix_close(
        &h,
        &array![[2.0, 3.0, 2.0], [3.0, 0.0, 1.0], [2.0, 1.0, 0.0]],
    );
    let x: Array1<f64> = array![0.5, -1.5];
    // f = exp(x0) sin(x1): H = [[e s, e c], [e c, -e s]]
    let h = hessian!(at: x.clone(), of: |x: Array1<f64>| x[0].exp() * x[1].sin());
    let (e, s, c) = (0.5f64.exp(), (-1.5f64).sin(), (-1.5f64).cos());
    assert_matrix_close(&h, &array![[e * s, e * c], [e * c, -e * s]]);
}

#[derive(Differentiable, Clone, Debug, PartialEq)]
struct Spring {
    k: f64,
    rest: f64,
}

impl Spring {
    #[differentiable]
    fn energy(&self, x: f64) -> f64 {
        let d = x - self.rest;
        0.5 * self.k * d * d * d.cosh()
    }
}

#[test]
fn methods_and_structs() {
    let s = Spring { k: 3.0, rest: 0.5 };
    for x in [0.0, 1.2] {
        let second = hessian!(at: x, of: |x: f64| s.energy(x));
        assert_deriv_fd(
            |x| differentiate!(at: x, of: |x: f64| s.energy(x)),
            x,
            second,
        );
    }
}

#[test]
fn through_a_function_argument() {
    let integrand = function!(|x: f64| x.sin() * x);
    let b = 1.2;
    let second = hessian!(at: b, of: |b: f64| integrate(&integrand, 0.0, b));
    assert_deriv_fd(
        |b| differentiate!(at: b, of: |b: f64| integrate(&integrand, 0.0, b)),
        b,
        second,
    );
}

/// `Σ_ij v_i v_j M_ij` written with ndarray's shape methods and broadcasting: a column and a
/// row of `v` stretched to their outer product, transposed, times `M`.
#[differentiable]
fn quadratic_form_by_broadcasting(v: Array1<f64>, m: &Array2<f64>) -> f64 {
    let column = v.clone().insert_axis(ad::ndarray::Axis(1));
    let row = v.insert_axis(ad::ndarray::Axis(0));
    let outer = &column * &row;
    (outer.t().to_owned() * m).sum()
}

#[test]
fn hessian_through_shape_methods_and_broadcasting() {
    let m = array![[1.0, 2.0, -0.5], [0.3, -1.0, 0.8], [2.5, 0.1, 0.4]];
    let v: Array1<f64> = array![0.5, -1.5, 0.7];
    // The Hessian of vᵀ M v is M + Mᵀ.
    let h = hessian!(at: v, of: |v: Array1<f64>| quadratic_form_by_broadcasting(v, &m));
    assert_matrix_close(&h, &(&m + &m.t()));
}

/// `x.rem_euclid(y) · x.copysign(y)`: `(x - q y) |x| sign(y)`, `q` the Euclidean quotient.
#[differentiable]
fn euclid_times_sign(x: f64, y: f64) -> f64 {
    x.rem_euclid(y) * x.copysign(y)
}

/// `sin x · cos x` from `sin_cos`.
#[differentiable]
fn sin_cos_product(x: f64) -> f64 {
    let (s, c) = x.sin_cos();
    s * c
}

#[test]
fn rem_euclid_copysign_and_sin_cos() {
    for (x, y) in [(7.3f64, 2.0f64), (-7.3, 2.0), (7.3, -2.0), (-2.5, -0.75)] {
        // With σ = sign(x) sign(y) and r = x - q y: f = σ x r, so
        // ∂²/∂x² = 2σ, ∂²/∂x∂y = -q σ, ∂²/∂y² = 0.
        let (q, sigma) = (x.div_euclid(y), x.signum() * y.signum());
        let h = hessian!(at: vec![x, y], of: |p: Vec<f64>| euclid_times_sign(p[0], p[1]));
        assert_matrix_close(&h, &array![[2.0 * sigma, -q * sigma], [-q * sigma, 0.0]]);
        // Against central differences of the gradient.
        for i in 0..2 {
            let row = [h[[i, 0]], h[[i, 1]]];
            let component = |p: &[f64]| {
                let (gx, gy) = gradient!(at: p[0], p[1], of: euclid_times_sign);
                [gx, gy][i]
            };
            crate::assert_grad_fd(component, &[x, y], &row);
        }
    }
    for x in [-1.3f64, 0.0, 0.4, 2.0] {
        // sin x cos x = sin(2x) / 2: f'' = -2 sin 2x.
        assert_close(hessian!(at: x, of: sin_cos_product), -2.0 * (2.0 * x).sin());
        assert_deriv_fd(
            |x| gradient!(at: x, of: sin_cos_product),
            x,
            hessian!(at: x, of: sin_cos_product),
        );
    }
}
