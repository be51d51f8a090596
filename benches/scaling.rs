//! Scaling: each mode's cost grows like the function's own, linearly in the size `n`.
//!
//! The functions fill a local `Vec` element by element, overwrite it in a second loop that
//! reads the previous element, and read it back: the shape (scratch buffers written by index)
//! that made forward mode quadratic before the vector's tangent was moved, not cloned, at each
//! write. Each group times, at `n` = 1,000, 4,000 and 16,000:
//!
//! - `primal`: the function;
//! - `reverse`: `gradient!` (one reverse pass);
//! - `forward`: `value_with_differential!` and one application of the differential;
//! - `jacobian`: `jacobian!` of a function with 2 outputs and `n` inputs (two reverse rows).
//!
//! The group `tails` times, at `n` = 1,000, 4,000 and 16,000 points of 4 coordinates, a sum of
//! squared distances computed by a helper given the rest of the buffer from each point
//! (`dist2(d, &points[i * d..], centre)`, as C passes a pointer): the function and its
//! `gradient!`, which grew as n² while the helper's derivative copied the whole rest.
//!
//! Linear means: each time is about 4x the one of the size before. Run with
//! `cargo bench --bench scaling -- --warm-up-time 1 --measurement-time 3`.
//! (A Hessian-vector product in one pass, `hvp!`, is not built yet: issue 34.)

use ad::prelude::*;
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use std::hint::black_box;

/// Fills a scratch vector, overwrites it reading the element before, sums it.
#[differentiable]
fn fill_overwrite(x: &[f64]) -> f64 {
    let n = x.len();
    let mut v = vec![0.0; n];
    for i in 0..n {
        v[i] = x[i] * x[i];
    }
    for i in 1..n {
        v[i] = v[i] + v[i - 1].sin();
    }
    let mut s = 0.0;
    for i in 0..n {
        s += v[i];
    }
    s
}

/// Two outputs of the same scratch vector: its sum and its last element.
#[differentiable]
fn fill_two_outputs(x: Vec<f64>) -> Vec<f64> {
    let n = x.len();
    let mut v = Vec::new();
    for i in 0..n {
        v.push(x[i].sin() * x[i]);
    }
    let mut s = 0.0;
    for i in 0..n {
        s += v[i];
    }
    vec![s, v[n - 1]]
}

/// The squared distance between the first `d` coordinates of `a` and of `b`.
#[differentiable]
fn dist2(d: usize, a: &[f64], b: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..d {
        s += (a[i] - b[i]) * (a[i] - b[i]);
    }
    s
}

/// The sum of squared distances of `n` points of `d` coordinates to a centre, each through
/// the tail of the buffer from its point.
#[differentiable]
fn tails(n: usize, d: usize, points: &[f64], centre: &[f64]) -> f64 {
    let mut total = 0.0;
    for i in 0..n {
        total += dist2(d, &points[i * d..], centre);
    }
    total
}

fn point(n: usize) -> Vec<f64> {
    (0..n)
        .map(|i| 0.5 + 0.25 * (i as f64 * 0.37).sin())
        .collect()
}

/// Every mode checked against central differences of the function, before timing.
fn check(n: usize) {
    let x = point(n);
    let gradient = gradient!(at: &x, of: fill_overwrite);
    let (_, differential) = value_with_differential!(at: &x, of: fill_overwrite);
    let direction: Vec<f64> = (0..n).map(|i| ((i % 7) as f64 - 3.0) / 3.0).collect();
    let along = differential(direction.clone());
    let h = 1e-6;
    let shifted =
        |s: f64| -> Vec<f64> { x.iter().zip(&direction).map(|(a, d)| a + s * d).collect() };
    let difference = (fill_overwrite(&shifted(h)) - fill_overwrite(&shifted(-h))) / (2.0 * h);
    let dot: f64 = gradient.iter().zip(&direction).map(|(g, d)| g * d).sum();
    assert!(
        (dot - difference).abs() < 1e-6 * (1.0 + difference.abs()),
        "{dot} {difference}"
    );
    assert!(
        (along - difference).abs() < 1e-6 * (1.0 + difference.abs()),
        "{along} {difference}"
    );
    let jacobian = jacobian!(at: x.clone(), of: fill_two_outputs);
    for (row, output) in [0, 1].into_iter().enumerate() {
        let f = |x: Vec<f64>| fill_two_outputs(x)[output];
        let difference = (f(shifted(h)) - f(shifted(-h))) / (2.0 * h);
        let dot: f64 = jacobian
            .row(row)
            .iter()
            .zip(&direction)
            .map(|(g, d)| g * d)
            .sum();
        assert!((dot - difference).abs() < 1e-6 * (1.0 + difference.abs()));
    }
}

/// The gradient of `tails` against its closed form: 2 (p - c) per coordinate of a point, and
/// -Σ 2 (p - c) for the centre.
fn check_tails(n: usize) {
    let (points, centre) = (point(n * 4), vec![0.25, 0.5, 0.75, 1.0]);
    let (dp, dc) = gradient!(at: &points, &centre, of: |p: &[f64], c: &[f64]| tails(n, 4, p, c));
    let mut want_c = vec![0.0; 4];
    for i in 0..n {
        for j in 0..4 {
            let slope = 2.0 * (points[i * 4 + j] - centre[j]);
            assert!((dp[i * 4 + j] - slope).abs() < 1e-12, "{i} {j}");
            want_c[j] -= slope;
        }
    }
    for j in 0..4 {
        assert!((dc[j] - want_c[j]).abs() < 1e-9 * (1.0 + want_c[j].abs()));
    }
}

fn scaling(c: &mut Criterion) {
    check(50);
    check_tails(50);
    let mut group = c.benchmark_group("scaling");
    for n in [1000, 4000, 16000] {
        let x = point(n);
        let direction = vec![1.0; n];
        group.bench_with_input(BenchmarkId::new("primal", n), &x, |b, x| {
            b.iter(|| fill_overwrite(black_box(x)))
        });
        group.bench_with_input(BenchmarkId::new("reverse", n), &x, |b, x| {
            b.iter(|| gradient!(at: black_box(x), of: fill_overwrite))
        });
        group.bench_with_input(BenchmarkId::new("forward", n), &x, |b, x| {
            b.iter(|| {
                let (value, differential) =
                    value_with_differential!(at: black_box(x), of: fill_overwrite);
                (value, differential(direction.clone()))
            })
        });
        group.bench_with_input(BenchmarkId::new("jacobian", n), &x, |b, x| {
            b.iter(|| jacobian!(at: black_box(x).clone(), of: fill_two_outputs))
        });
    }
    group.finish();
    let mut group = c.benchmark_group("tails");
    let centre = vec![0.25, 0.5, 0.75, 1.0];
    for n in [1000, 4000, 16000] {
        let points = point(n * 4);
        group.bench_with_input(BenchmarkId::new("primal", n), &points, |b, p| {
            b.iter(|| tails(n, 4, black_box(p), &centre))
        });
        group.bench_with_input(BenchmarkId::new("reverse", n), &points, |b, p| {
            b.iter(|| gradient!(at: black_box(p), &centre, of: |p: &[f64], c: &[f64]| tails(n, 4, p, c)))
        });
    }
    group.finish();
}

criterion_group!(benches, scaling);
criterion_main!(benches);
