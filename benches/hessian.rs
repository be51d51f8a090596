//! `hessian!` of the n-dimensional Rosenbrock function against its hand-written Hessian.
//!
//! `hessian!` runs one second-order forward pass per entry of the upper triangle,
//! `n(n + 1)/2` passes of `O(n)` each, so `O(n³)` in all; the hand-written Hessian is
//! tridiagonal and costs `O(n)` to fill (plus `O(n²)` to zero the dense matrix both return).
//! The ratio therefore grows with `n`: this measures what the generic construction costs
//! against knowing the sparsity.
//!
//! Run with `cargo bench --bench hessian -- --warm-up-time 1 --measurement-time 3`.

use ad::ndarray::Array2;
use ad::prelude::*;
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

#[path = "../tests/forward/rosenbrock.rs"]
mod rosenbrock_problem;
use rosenbrock_problem::{rosenbrock, rosenbrock_hessian};

fn hessian_by_ad(x: &[f64]) -> Array2<f64> {
    hessian!(at: x, of: rosenbrock)
}

fn rosenbrock_group(c: &mut Criterion) {
    for n in [10usize, 100] {
        let x: Vec<f64> = (0..n).map(|i| (i as f64 * 0.37).sin()).collect();
        let (by_ad, by_hand) = (hessian_by_ad(&x), rosenbrock_hessian(&x));
        for (a, h) in by_ad.iter().zip(by_hand.iter()) {
            assert!(
                (a - h).abs() <= 1e-9 * h.abs().max(1.0),
                "n = {n}: ad {a}, hand {h}"
            );
        }
        let mut group = c.benchmark_group(format!("rosenbrock_hessian_{n}"));
        group.bench_function("hand", |b| {
            b.iter(|| black_box(rosenbrock_hessian(black_box(&x))))
        });
        group.bench_function("ad", |b| b.iter(|| black_box(hessian_by_ad(black_box(&x)))));
        group.finish();
    }
}

criterion_group!(benches, rosenbrock_group);
criterion_main!(benches);
