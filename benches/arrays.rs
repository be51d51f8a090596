//! ndarray gradients: `ad` against hand-written ndarray gradients, measured in the same run.
//!
//! - `logsumexp`: `ln Σ exp(x_i)` of a 1000-vector, shifted by its maximum (`no_grad`, as
//!   JAX's `logsumexp` does); by hand, the gradient is the softmax.
//! - `logistic_regression`: softmax cross-entropy of `W x + b` for `W` 10x784, `b` 10 and one
//!   784-input `x`, differentiated in `W` and `b`; by hand, `g = softmax(z) - e_label`,
//!   `dW = g xᵀ`, `db = g`.
//! - `mlp`: the same loss after a hidden layer, 784 -> 128 `tanh` -> 10, differentiated in
//!   all four parameters; by hand, the usual backpropagation.
//!
//! Each group also times the loss alone (`primal`). Run with
//! `cargo bench --bench arrays -- --warm-up-time 1 --measurement-time 3`.

use ad::ndarray::{Array, Array1, Array2, Axis, Dimension};
use ad::prelude::*;
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

/// The largest element: the shift that keeps `exp` from overflowing.
fn max_of(x: &Array1<f64>) -> f64 {
    x.iter().fold(f64::NEG_INFINITY, |a, &b| a.max(b))
}

#[differentiable]
fn logsumexp(x: &Array1<f64>) -> f64 {
    let m = no_grad(x.iter().fold(f64::NEG_INFINITY, |a, &b| a.max(b)));
    (x - m).exp().sum().ln() + m
}

fn logsumexp_gradient_by_hand(x: &Array1<f64>) -> Array1<f64> {
    let m = max_of(x);
    let e = x.mapv(|v| (v - m).exp());
    let total = e.sum();
    e / total
}

/// Softmax cross-entropy of the logits `z` for the class `label`: `logsumexp(z) - z[label]`.
#[differentiable]
fn cross_entropy(z: Array1<f64>, label: usize) -> f64 {
    let m = no_grad(z.iter().fold(f64::NEG_INFINITY, |a, &b| a.max(b)));
    (&z - m).exp().sum().ln() + m - z[label]
}

/// `softmax(z) - e_label`: the gradient of [`cross_entropy`] in the logits.
fn cross_entropy_gradient_by_hand(z: &Array1<f64>, label: usize) -> Array1<f64> {
    let m = max_of(z);
    let mut g = z.mapv(|v| (v - m).exp());
    let total = g.sum();
    g /= total;
    g[label] -= 1.0;
    g
}

/// `g xᵀ`.
fn outer(g: &Array1<f64>, x: &Array1<f64>) -> Array2<f64> {
    g.view()
        .insert_axis(Axis(1))
        .dot(&x.view().insert_axis(Axis(0)))
}

#[differentiable(wrt = (w, b))]
fn logistic_loss(w: &Array2<f64>, b: &Array1<f64>, x: &Array1<f64>, label: usize) -> f64 {
    cross_entropy(w.dot(x) + b, label)
}

fn logistic_gradient_by_hand(
    w: &Array2<f64>,
    b: &Array1<f64>,
    x: &Array1<f64>,
    label: usize,
) -> (Array2<f64>, Array1<f64>) {
    let g = cross_entropy_gradient_by_hand(&(w.dot(x) + b), label);
    (outer(&g, x), g)
}

#[differentiable(wrt = (w1, b1, w2, b2))]
fn mlp_loss(
    w1: &Array2<f64>,
    b1: &Array1<f64>,
    w2: &Array2<f64>,
    b2: &Array1<f64>,
    x: &Array1<f64>,
    label: usize,
) -> f64 {
    let h = (w1.dot(x) + b1).tanh();
    cross_entropy(w2.dot(&h) + b2, label)
}

/// The four gradients of [`mlp_loss`] by backpropagation.
type MlpGradient = (Array2<f64>, Array1<f64>, Array2<f64>, Array1<f64>);

fn mlp_gradient_by_hand(
    w1: &Array2<f64>,
    b1: &Array1<f64>,
    w2: &Array2<f64>,
    b2: &Array1<f64>,
    x: &Array1<f64>,
    label: usize,
) -> MlpGradient {
    let h = (w1.dot(x) + b1).mapv(f64::tanh);
    let g2 = cross_entropy_gradient_by_hand(&(w2.dot(&h) + b2), label);
    let dh = w2.t().dot(&g2);
    let g1 = dh * h.mapv(|v| 1.0 - v * v);
    (outer(&g1, x), g1.clone(), outer(&g2, &h), g2)
}

/// A deterministic matrix of small weights.
fn weights(rows: usize, columns: usize, seed: f64) -> Array2<f64> {
    Array2::from_shape_fn((rows, columns), |(i, j)| {
        ((i * 31 + j * 17) as f64 * seed).sin() * 0.05
    })
}

fn vector(n: usize, seed: f64) -> Array1<f64> {
    Array1::from_shape_fn(n, |i| (i as f64 * seed).cos())
}

/// Whether two gradients agree to rounding (and have one shape).
fn agree<D: Dimension>(a: &Array<f64, D>, b: &Array<f64, D>) -> bool {
    a.shape() == b.shape() && (a - b).iter().all(|d| d.abs() < 1e-12)
}

fn logsumexp_group(c: &mut Criterion) {
    let x = vector(1000, 0.37) * 3.0;
    let (by_hand, by_ad) = (
        logsumexp_gradient_by_hand(&x),
        gradient!(at: &x, of: logsumexp),
    );
    assert!(agree(&by_hand, &by_ad));
    let mut group = c.benchmark_group("logsumexp");
    group.bench_function("primal", |bench| bench.iter(|| logsumexp(black_box(&x))));
    group.bench_function("gradient/hand", |bench| {
        bench.iter(|| logsumexp_gradient_by_hand(black_box(&x)))
    });
    group.bench_function("gradient/ad", |bench| {
        bench.iter(|| gradient!(at: black_box(&x), of: logsumexp))
    });
    group.finish();
}

fn logistic_regression_group(c: &mut Criterion) {
    let (w, b, x, label) = (
        weights(10, 784, 0.013),
        vector(10, 0.3) * 0.1,
        vector(784, 0.01),
        3,
    );
    let (hw, hb) = logistic_gradient_by_hand(&w, &b, &x, label);
    let (aw, ab, _, _) = gradient!(at: &w, &b, &x, label, of: logistic_loss);
    assert!(agree(&hw, &aw));
    assert!(agree(&hb, &ab));
    let mut group = c.benchmark_group("logistic_regression");
    group.bench_function("primal", |bench| {
        bench.iter(|| logistic_loss(black_box(&w), &b, black_box(&x), label))
    });
    group.bench_function("gradient/hand", |bench| {
        bench.iter(|| logistic_gradient_by_hand(black_box(&w), &b, black_box(&x), label))
    });
    group.bench_function("gradient/ad", |bench| {
        bench.iter(|| gradient!(at: black_box(&w), &b, black_box(&x), label, of: logistic_loss))
    });
    group.finish();
}

fn mlp_group(c: &mut Criterion) {
    let (w1, b1) = (weights(128, 784, 0.011), vector(128, 0.2) * 0.1);
    let (w2, b2) = (weights(10, 128, 0.017), vector(10, 0.3) * 0.1);
    let (x, label) = (vector(784, 0.01), 7);
    let hand = mlp_gradient_by_hand(&w1, &b1, &w2, &b2, &x, label);
    let (dw1, db1, dw2, db2, _, _) = gradient!(at: &w1, &b1, &w2, &b2, &x, label, of: mlp_loss);
    assert!(agree(&hand.0, &dw1));
    assert!(agree(&hand.1, &db1));
    assert!(agree(&hand.2, &dw2));
    assert!(agree(&hand.3, &db2));
    let mut group = c.benchmark_group("mlp");
    group.bench_function("primal", |bench| {
        bench.iter(|| mlp_loss(black_box(&w1), &b1, &w2, &b2, black_box(&x), label))
    });
    group.bench_function("gradient/hand", |bench| {
        bench.iter(|| mlp_gradient_by_hand(black_box(&w1), &b1, &w2, &b2, black_box(&x), label))
    });
    group.bench_function("gradient/ad", |bench| {
        bench.iter(
            || gradient!(at: black_box(&w1), &b1, &w2, &b2, black_box(&x), label, of: mlp_loss),
        )
    });
    group.finish();
}

criterion_group!(
    benches,
    logsumexp_group,
    logistic_regression_group,
    mlp_group
);
criterion_main!(benches);
