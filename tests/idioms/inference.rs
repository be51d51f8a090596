//! Values whose type rustc infers from the code after them, as plain Rust allows: an ndarray
//! array made by `zeros` (or `ones`) and filled in loops (also by `dot`s of slices), and a
//! tuple of float literals that a `fold` accumulates into.

use crate::check::{check_hessian, check_slice_idiom};
use ad::prelude::*;
use ndarray::{Array1, Array2};

/// `w wᵀ + I`, built entry by entry into `Array2::zeros`, and its log-sum.
#[differentiable]
fn gram_log_sum(w: &Array1<f64>) -> f64 {
    let n = w.len();
    let mut m = Array2::zeros((n, n));
    for i in 0..n {
        for j in 0..n {
            m[[i, j]] = w[i] * w[j] + if i == j { 1.0 } else { 0.0 };
        }
    }
    m.sum().ln()
}

/// A running product written into `Array1::ones`, then a weighted sum.
#[differentiable]
fn cumulative(w: &Array1<f64>, s: f64) -> f64 {
    let mut c = Array1::ones(w.len() + 1);
    for i in 0..w.len() {
        c[i + 1] = c[i] * (w[i] * s).cos();
    }
    c.sum()
}

#[test]
fn arrays_made_by_zeros_and_ones_are_filled_in_loops() {
    for w in [vec![0.3, -0.2, 0.5], vec![1.1, 0.4]] {
        let n = w.len();
        let array = Array1::from(w.clone());
        let grad = gradient!(at: &array, of: gram_log_sum);
        // d/dw_i ln((Σw)² + n) = 2 Σw / ((Σw)² + n).
        let total: f64 = w.iter().sum();
        for g in grad.iter() {
            crate::assert_close(*g, 2.0 * total / (total * total + n as f64));
        }
        let (dw, ds) = gradient!(at: &array, 0.7, of: cumulative);
        let f = |p: &[f64]| cumulative(&Array1::from(p[..n].to_vec()), p[n]);
        let mut point = w.clone();
        point.push(0.7);
        let mut got = dw.to_vec();
        got.push(ds);
        crate::assert_grad_fd(f, &point, &got);
    }
}

/// Mean and variance by one `fold` over a tuple of two literals.
#[differentiable]
fn variance(xs: &[f64]) -> f64 {
    let (s, sq) = xs.iter().fold((0.0, 0.0), |(s, sq), v| (s + v, sq + v * v));
    let n = xs.len() as f64;
    sq / n - (s / n).powi(2)
}

#[test]
fn a_fold_into_a_tuple_of_literals() {
    check_slice_idiom!(variance, [vec![0.3, 0.7, -0.2, 1.1], vec![2.0, -1.0]]);
    // d/dx_i Var = 2 (x_i - mean) / n.
    let xs = [0.3, 0.7, -0.2, 1.1];
    let grad = gradient!(at: &xs[..], of: variance);
    let mean = xs.iter().sum::<f64>() / 4.0;
    for (g, x) in grad.iter().zip(xs) {
        crate::assert_close(*g, 2.0 * (x - mean) / 4.0);
    }
}

/// The same tuple fold inside a two-argument function, for its Hessian.
#[differentiable]
fn spread(x: f64, y: f64) -> f64 {
    let (a, b) = [x, y, x * y]
        .iter()
        .fold((0.0, 1.0), |(a, b), v| (a + v.sin(), b * v));
    a * b
}

#[test]
fn a_tuple_fold_twice_differentiated() {
    crate::check::check_idiom!(spread, [(0.4, 1.3), (-0.8, 0.6)]);
    check_hessian!(spread, [(0.4, 1.3), (-0.8, 0.6)]);
}

/// A valid 1-D convolution with a ReLU: each output a `dot` of a slice, written into
/// `Array1::zeros`, whose element type comes from the `dot`.
#[differentiable]
fn conv_relu(x: &Array1<f64>, k: &Array1<f64>) -> f64 {
    let n = x.len() - k.len() + 1;
    let mut out = Array1::zeros(n);
    for i in 0..n {
        out[i] = x.slice(ndarray::s![i..i + k.len()]).dot(k);
    }
    out.mapv(|v| v.max(0.0)).sum()
}

#[test]
fn an_array_filled_by_dots_of_slices() {
    let x = Array1::from(vec![0.5, -1.0, 2.0, 0.3]);
    let k = Array1::from(vec![0.2, -0.1]);
    let (dx, dk) = gradient!(at: &x, &k, of: conv_relu);
    // Outputs 0.2, -0.4 (cut by the ReLU) and 0.37.
    crate::assert_all_close(dx.as_slice().unwrap(), &[0.2, -0.1, 0.2, -0.1]);
    crate::assert_all_close(dk.as_slice().unwrap(), &[2.5, -0.7]);
    let f = |p: &[f64]| {
        conv_relu(
            &Array1::from(p[..4].to_vec()),
            &Array1::from(p[4..].to_vec()),
        )
    };
    let mut got = dx.to_vec();
    got.extend(dk.iter());
    crate::assert_grad_fd(f, &[0.5, -1.0, 2.0, 0.3, 0.2, -0.1], &got);
}
