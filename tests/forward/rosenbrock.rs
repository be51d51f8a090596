//! The n-dimensional Rosenbrock function and its Hessian by hand, shared by the Hessian tests
//! and `benches/hessian.rs`.

use ad::ndarray::Array2;
use ad::prelude::*;

/// The n-dimensional Rosenbrock function.
#[differentiable]
pub fn rosenbrock(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() - 1 {
        let a = 1.0 - x[i];
        let b = x[i + 1] - x[i] * x[i];
        s += a * a + 100.0 * b * b;
    }
    s
}

/// Its Hessian by hand: tridiagonal.
pub fn rosenbrock_hessian(x: &[f64]) -> Array2<f64> {
    let n = x.len();
    let mut h = Array2::zeros((n, n));
    for i in 0..n - 1 {
        h[[i, i]] += 2.0 - 400.0 * (x[i + 1] - x[i] * x[i]) + 800.0 * x[i] * x[i];
        h[[i, i + 1]] -= 400.0 * x[i];
        h[[i + 1, i]] -= 400.0 * x[i];
        h[[i + 1, i + 1]] += 200.0;
    }
    h
}
