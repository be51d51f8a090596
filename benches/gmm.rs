//! The Gaussian mixture model objective of ADBench and gradbench (d = 10, k = 25, n = 1000),
//! written as index loops over slices (`benches/shared/gmm.rs`): its gradient in the weights,
//! means and inverse covariances by `value_with_gradient!`, timed against the objective.
//! The reference figures (gradbench, same size): the hand-written C++ gradient 1.66x the
//! objective, Tapenade 2.48x, Enzyme 3.35x, PyTorch 3.51x, JAX 4.27x. Measured on this two-core
//! machine (2026-11-27): objective 8.90 ms, gradient 22.7 ms, 2.55x (2.3x when the two are timed
//! alternately in one process, which cancels the machine's drift). The pullback keeps 4.47 MB
//! per call, two floats per row of `Q (x − μ)` (`cargo test --release --test memory --
//! --nocapture` prints it), on tapes reused across calls.
//!
//! Run with `cargo bench --bench gmm -- --warm-up-time 1 --measurement-time 5`.

#[path = "shared/gmm.rs"]
mod shared;

use ad::prelude::*;
use criterion::{Criterion, criterion_group, criterion_main};
use shared::{gmm_inputs, gmm_objective};
use std::hint::black_box;

const D: usize = 10;
const K: usize = 25;
const N: usize = 1000;

/// The gradient against central differences at a few entries of each input.
fn check(alphas: &[f64], means: &[f64], icf: &[f64], x: &[f64]) {
    let objective = |a: &[f64], mu: &[f64], q: &[f64]| gmm_objective(a, mu, q, x, D, 1.0, 0.0);
    let (value, (da, dm, dq)) = value_with_gradient!(
        at: alphas, means, icf,
        of: |a: &[f64], mu: &[f64], q: &[f64]| gmm_objective(a, mu, q, x, D, 1.0, 0.0)
    );
    assert!((value - objective(alphas, means, icf)).abs() <= 1e-9 * value.abs());
    let h = 1e-6;
    let difference = |which: usize, j: usize| {
        let mut inputs = [alphas.to_vec(), means.to_vec(), icf.to_vec()];
        inputs[which][j] += h;
        let up = objective(&inputs[0], &inputs[1], &inputs[2]);
        inputs[which][j] -= 2.0 * h;
        let down = objective(&inputs[0], &inputs[1], &inputs[2]);
        (up - down) / (2.0 * h)
    };
    for (which, gradient) in [(0, &da), (1, &dm), (2, &dq)] {
        for j in [0, gradient.len() / 3, gradient.len() - 1] {
            let want = difference(which, j);
            assert!(
                (gradient[j] - want).abs() <= 1e-5 * want.abs().max(1.0),
                "input {which}, entry {j}: ad {} vs central difference {want}",
                gradient[j]
            );
        }
    }
}

fn gmm_group(c: &mut Criterion) {
    let (alphas, means, icf, x) = gmm_inputs(D, K, N);
    check(&alphas, &means, &icf, &x);
    let mut group = c.benchmark_group("gmm");
    group.bench_function("objective", |b| {
        b.iter(|| {
            black_box(gmm_objective(
                black_box(&alphas),
                black_box(&means),
                black_box(&icf),
                black_box(&x),
                D,
                1.0,
                0.0,
            ))
        })
    });
    group.bench_function("gradient/ad", |b| {
        b.iter(|| {
            black_box(value_with_gradient!(
                at: black_box(&alphas[..]), black_box(&means[..]), black_box(&icf[..]),
                of: |a: &[f64], mu: &[f64], q: &[f64]| gmm_objective(a, mu, q, &x, D, 1.0, 0.0)
            ))
        })
    });
    group.finish();
}

criterion_group!(benches, gmm_group);
criterion_main!(benches);
