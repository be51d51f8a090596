//! ndarray gradients: `ad` against hand-written array code, on the first array rules.
//!
//! Group `logistic_regression`: the mean cross-entropy loss of a logistic regression with 784
//! inputs and 256 samples (`X` is 256x784), its gradient with respect to the weights and the
//! bias by hand (`Xᵀ (p - y) / n`, `Σ (p - y) / n`) and by `gradient!`.
//!
//! Run with `cargo bench --bench arrays -- --warm-up-time 1 --measurement-time 3`.

use ad::ndarray::{Array1, Array2};
use ad::prelude::*;
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

#[differentiable(wrt = (w, b))]
fn loss(w: &Array1<f64>, b: f64, x: &Array2<f64>, y: &Array1<f64>) -> f64 {
    let z = x.dot(w) + b;
    let p = ((-z).exp() + 1.0).recip();
    let ones = y * 0.0 + 1.0;
    let log_likelihood = y.clone() * p.ln() + (ones.clone() - y.clone()) * (ones - p).ln();
    -log_likelihood.mean().unwrap()
}

fn gradient_by_hand(
    w: &Array1<f64>,
    b: f64,
    x: &Array2<f64>,
    y: &Array1<f64>,
) -> (Array1<f64>, f64) {
    let n = y.len() as f64;
    let p = (x.dot(w) + b).mapv(|z| 1.0 / (1.0 + (-z).exp()));
    let residual = p - y;
    (x.t().dot(&residual) / n, residual.sum() / n)
}

fn gradient_by_ad(w: &Array1<f64>, b: f64, x: &Array2<f64>, y: &Array1<f64>) -> (Array1<f64>, f64) {
    let (dw, db, _, _) = gradient!(at: w, b, x, y, of: loss);
    (dw, db)
}

fn logistic_regression(c: &mut Criterion) {
    let (samples, inputs) = (256, 784);
    let x = Array2::from_shape_fn((samples, inputs), |(i, j)| {
        ((i * 31 + j * 17) as f64 * 0.013).sin() * 0.1
    });
    let y = Array1::from_shape_fn(samples, |i| (i % 2) as f64);
    let w = Array1::from_shape_fn(inputs, |j| (j as f64 * 0.37).cos() * 0.01);
    let b = 0.1;
    let (hw, hb) = gradient_by_hand(&w, b, &x, &y);
    let (aw, ab) = gradient_by_ad(&w, b, &x, &y);
    assert!((hb - ab).abs() < 1e-12 && hw.iter().zip(&aw).all(|(h, a)| (h - a).abs() < 1e-12));
    let mut group = c.benchmark_group("logistic_regression");
    group.bench_function("primal", |bench| {
        bench.iter(|| black_box(loss(black_box(&w), b, black_box(&x), black_box(&y))))
    });
    group.bench_function("gradient/hand", |bench| {
        bench.iter(|| {
            black_box(gradient_by_hand(
                black_box(&w),
                b,
                black_box(&x),
                black_box(&y),
            ))
        })
    });
    group.bench_function("gradient/ad", |bench| {
        bench.iter(|| {
            black_box(gradient_by_ad(
                black_box(&w),
                b,
                black_box(&x),
                black_box(&y),
            ))
        })
    });
    group.finish();
}

criterion_group!(benches, logistic_regression);
criterion_main!(benches);
