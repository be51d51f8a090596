//! Idiomatic iterator code and closures inside differentiable bodies: chains are lowered into
//! loops and closures are inlined where they run.

use crate::*;
use ad::prelude::*;
// The suite's operators, which also check forward mode against reverse mode.
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};

/// Mean and variance written with iterators.
#[differentiable]
fn variance(xs: &[f64]) -> f64 {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n
}

#[test]
fn mean_and_variance_with_iterators() {
    let xs = [0.5, -1.0, 2.0, 0.25, 1.5];
    let g = gradient!(at: &xs, of: variance);
    // d var / d x_i = 2 (x_i - mean) / n (the mean's own derivative sums to zero).
    let mean = xs.iter().sum::<f64>() / 5.0;
    let want: Vec<f64> = xs.iter().map(|x| 2.0 * (x - mean) / 5.0).collect();
    assert_all_close(&g, &want);
    assert_grad_fd(variance, &xs, &g);
}

/// A dot product via `zip`.
#[differentiable]
fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b.iter()).map(|(x, y)| x * y).sum()
}

#[test]
fn dot_product_via_zip() {
    let (a, b) = ([0.5, -1.0, 2.0], [3.0, 0.25, -1.5, 9.0]);
    let (da, db) = gradient!(at: &a, &b, of: dot);
    assert_all_close(&da, &b[..3]);
    // `zip` stops at the shorter slice: the last element of `b` gets nothing.
    assert_all_close(&db, &[0.5, -1.0, 2.0, 0.0]);
}

/// A polynomial by Horner's scheme with `fold` over the reversed coefficients.
#[differentiable]
fn horner(coeffs: &[f64], x: f64) -> f64 {
    coeffs.iter().rev().fold(0.0, |acc, c| acc * x + c)
}

#[test]
fn polynomial_via_fold() {
    let coeffs = [1.0, -2.0, 0.5, 3.0];
    for x in [-1.2, 0.3, 2.0] {
        let (dc, dx) = gradient!(at: &coeffs, x, of: horner);
        assert_all_close(&dc, &[1.0, x, x * x, x * x * x]);
        assert_close(dx, -2.0 + 2.0 * 0.5 * x + 3.0 * 3.0 * x * x);
    }
}

/// Softmax with `map`, `sum` and `collect`, then one probability.
#[differentiable]
fn softmax_at(xs: &[f64], k: usize) -> f64 {
    let max = xs.iter().fold(f64::NEG_INFINITY, |m, &x| m.max(x));
    let exps: Vec<f64> = xs.iter().map(|x| (x - max).exp()).collect();
    let total: f64 = exps.iter().sum();
    exps[k] / total
}

#[test]
fn softmax_via_map_sum_collect() {
    let xs = [0.5, -1.0, 2.0, 0.25];
    for k in 0..4 {
        let (g, _) = gradient!(at: &xs, k, of: softmax_at);
        // d p_k / d x_i = p_k (delta_ki - p_i).
        let exps: Vec<f64> = xs.iter().map(|x| x.exp()).collect();
        let total: f64 = exps.iter().sum();
        let p: Vec<f64> = exps.iter().map(|e| e / total).collect();
        let want: Vec<f64> = (0..4)
            .map(|i| p[k] * (if i == k { 1.0 } else { 0.0 } - p[i]))
            .collect();
        assert_all_close(&g, &want);
    }
}

/// `filter` with a condition that carries no derivative, and a closure bound by `let`.
#[differentiable]
fn positive_energy(xs: &[f64], scale: f64) -> f64 {
    let sq = |t: f64| t * t * scale;
    xs.iter()
        .copied()
        .filter(|x| *x > 0.0)
        .map(|x| sq(x))
        .sum::<f64>()
        + sq(scale)
}

#[test]
fn filter_of_positive_values_and_a_local_closure() {
    let xs = [0.5, -1.0, 2.0, 0.25];
    let (g, dscale) = gradient!(at: &xs, 1.5, of: positive_energy);
    assert_all_close(&g, &[1.5, 0.0, 6.0, 0.75]);
    assert_close(dscale, 0.25 + 4.0 + 0.0625 + 3.0 * 1.5 * 1.5);
}

/// `enumerate`, `skip`, `take` and `step_by` on a range.
#[differentiable]
fn windowed(xs: &[f64], w: f64) -> f64 {
    let head: f64 = xs
        .iter()
        .enumerate()
        .skip(1)
        .take(3)
        .map(|(i, x)| x * w.powi(i as i32))
        .sum();
    let strided: f64 = (0..xs.len()).step_by(2).map(|i| xs[i] * xs[i]).sum();
    head + strided
}

#[test]
fn enumerate_skip_take_and_step_by() {
    let xs = [0.5, -1.0, 2.0, 0.25, 1.5];
    let (g, dw) = gradient!(at: &xs, 0.8, of: windowed);
    let point = concat(&xs, &[0.8]);
    assert_grad_fd(|p| windowed(&p[..5], p[5]), &point, &concat(&g, &[dw]));
}

/// A numerical integrator taking the integrand as a closure, called in a loop.
#[differentiable]
fn trapezoid(a: f64, b: f64, k: f64) -> f64 {
    let f = |x: f64| (k * x).sin() * x;
    let n = 64;
    let h = (b - a) / n as f64;
    let mut total = 0.5 * (f(a) + f(b));
    for i in 1..n {
        total += f(a + h * i as f64);
    }
    total * h
}

#[test]
fn integrator_with_a_closure_integrand() {
    for k in [0.5, 2.0] {
        let (da, db, dk) = gradient!(at: 0.1, 1.7, k, of: trapezoid);
        assert_grad_fd(
            |p| trapezoid(p[0], p[1], p[2]),
            &[0.1, 1.7, k],
            &[da, db, dk],
        );
    }
}

/// The product and the last element of a chain, and a count that carries no derivative.
#[differentiable]
fn product_and_last(xs: &[f64]) -> f64 {
    let p: f64 = xs.iter().map(|x| 1.0 + x * x).product();
    let n = xs.iter().filter(|x| **x > 0.0).count() as f64;
    let last = xs.iter().map(|x| x * 3.0).last();
    p * n + last.unwrap()
}

#[test]
fn product_count_and_last() {
    let xs = [0.5, -1.0, 2.0];
    let g = gradient!(at: &xs, of: product_and_last);
    assert_grad_fd(product_and_last, &xs, &g);
}

/// `max_by` and `min_by` with `partial_cmp`, and `chain`.
#[differentiable]
fn spread(a: &[f64], b: &[f64]) -> f64 {
    let largest = a
        .iter()
        .chain(b.iter())
        .max_by(|x, y| x.partial_cmp(y).unwrap())
        .unwrap();
    let smallest = a
        .iter()
        .map(|x| x * 2.0)
        .min_by(|x, y| x.partial_cmp(y).unwrap())
        .unwrap();
    largest * largest - smallest
}

#[test]
fn max_by_min_by_and_chain() {
    let (a, b) = ([0.5, -1.0, 2.0], [1.5, 3.0, -0.5]);
    let (da, db) = gradient!(at: &a[..], &b[..], of: spread);
    // largest = b[1] = 3: d/db1 = 6; smallest = 2 a[1]: d/da1 = -2.
    assert_all_close(&da, &[0.0, -2.0, 0.0]);
    assert_all_close(&db, &[0.0, 6.0, 0.0]);
}

/// `into_iter` on a `Vec` by value.
#[differentiable]
fn by_value(xs: Vec<f64>, w: f64) -> f64 {
    xs.into_iter().map(|x| (x * w).tanh()).sum()
}

#[test]
fn into_iter_by_value() {
    let xs = vec![0.5, -1.0, 2.0];
    let (g, dw) = gradient!(at: xs.clone(), 0.7, of: by_value);
    let point = concat(&xs, &[0.7]);
    assert_grad_fd(
        |p| by_value(p[..3].to_vec(), p[3]),
        &point,
        &concat(&g, &[dw]),
    );
}
