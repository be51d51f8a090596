//! Loop benchmarks: `ad` through loops against the fastest gradients a Rust programmer writes
//! by hand, measured in the same run (the references of `../shared/perf/ad-vs-hand`).
//!
//! Group `pow_loop`: `pow_loop(x, n) = x^n` by `n` multiplications, `n = 1000`. The fastest
//! hand-written derivative is a dual-number loop (`gradient/hand_dual`: value and derivative
//! carried together, no tape); `gradient!` of `|x: f64| pow_loop(x, n)` runs forward mode for
//! its one scalar argument and is compared with it (`gradient/ad_forward`). Reverse mode
//! (`gradient/ad`, two arguments: `gradient!(at: x, n, ..)`) is compared with the best
//! hand-written reverse mode, a tape of the loop's values (`gradient/hand`, and
//! `gradient/hand_indexed` with the tape written by index).
//! Group `sum_sq`: `Σ x²` over 1000 elements: the primal, the hand-written `2 x`, `gradient!`.
//! Group `logsumexp_loop`: `ln Σ exp(x_i)` of 1000 values as a plain loop over a slice,
//! against the fused hand-written gradient (one loop stores the exponentials in the gradient,
//! one scales them) and the primal.
//! Group `logsumexp_chain`: log-sum-exp of 1000 values as an iterator chain (a `fold` for the
//! maximum, then `map`/`sum`), differentiated through everything, and with the shift marked
//! `no_grad` as JAX's `logsumexp` does (its derivative cancels out); the hand-written gradient
//! is the softmax.
//!
//! Run with `cargo bench --bench loops -- --warm-up-time 1 --measurement-time 3`. The targets:
//! `ad` within 1.2x of the fastest hand-written gradient and within 3x of the primal.

use ad::prelude::*;
use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, criterion_group, criterion_main};
use std::hint::black_box;

const N: usize = 1000;

#[differentiable]
#[allow(clippy::assign_op_pattern)] // written as in the issue
fn pow_loop(x: f64, n: usize) -> f64 {
    let mut r = 1.0;
    for _ in 0..n {
        r = r * x;
    }
    r
}

/// Hand-written reverse mode of `pow_loop`: `(value, d value / dx)`.
///
/// Forward: iteration `i` computes `r_{i+1} = r_i * x` and saves `r_i` (the value the
/// multiplication's pullback needs for `dx`). Backward: with `dr` the cotangent of `r_{i+1}`,
/// `dx += dr * r_i` and `dr = dr * x` (the cotangent of `r_i`), for `i` from `n - 1` down.
fn pow_loop_value_with_gradient_by_hand(x: f64, n: usize) -> (f64, f64) {
    let mut tape = Vec::with_capacity(n);
    let mut r = 1.0;
    for _ in 0..n {
        tape.push(r);
        r *= x;
    }
    (r, pow_loop_backward(&tape, x))
}

/// The backward pass of both hand-written versions: `dx` from the saved `r_i`, last first.
#[inline]
fn pow_loop_backward(tape: &[f64], x: f64) -> f64 {
    let mut dr = 1.0;
    let mut dx = 0.0;
    for &saved in tape.iter().rev() {
        dx += dr * saved;
        dr *= x;
    }
    dx
}

fn pow_loop_gradient_by_hand(x: f64, n: usize) -> f64 {
    pow_loop_value_with_gradient_by_hand(x, n).1
}

/// A reference, not a target: the same reverse mode with the tape sized up front and written
/// by index instead of `push`. `push` has a growth path (a call) inside the loop, around which
/// rustc keeps the loop-carried `r` in a stack slot: a store and a reload on the dependency
/// chain of every iteration. Writing by index has only a panicking bounds check, and `r` stays
/// in a register; this shows what a tape-based reverse mode can reach.
#[allow(clippy::needless_range_loop)] // the index write is the point
fn pow_loop_gradient_by_hand_indexed(x: f64, n: usize) -> f64 {
    let mut tape = vec![0.0; n];
    let mut r = 1.0;
    for i in 0..n {
        tape[i] = r;
        r *= x;
    }
    pow_loop_backward(&tape, x)
}

/// The fastest hand-written derivative of `pow_loop`: dual numbers, `(r, dr) = (r x, dr x + r)`
/// each iteration, no tape.
fn pow_loop_gradient_by_hand_dual(x: f64, n: usize) -> f64 {
    let (mut r, mut dr) = (1.0, 0.0);
    for _ in 0..n {
        dr = dr * x + r;
        r *= x;
    }
    black_box(r);
    dr
}

/// `gradient!` of a closure of one typed scalar: forward mode.
fn pow_loop_gradient_by_ad_forward(x: f64, n: usize) -> f64 {
    gradient!(at: x, of: |x: f64| pow_loop(x, n))
}

fn pow_loop_gradient_by_ad(x: f64, n: usize) -> f64 {
    gradient!(at: x, n, of: pow_loop).0
}

fn pow_loop_value_with_gradient_by_ad(x: f64, n: usize) -> (f64, f64) {
    let (value, (dx, _)) = value_with_gradient!(at: x, n, of: pow_loop);
    (value, dx)
}

#[differentiable]
fn sum_sq(xs: &[f64]) -> f64 {
    let mut s = 0.0;
    for x in xs.iter() {
        s += x * x;
    }
    s
}

/// Hand-written gradient of `sum_sq`: `2 x` elementwise.
fn sum_sq_gradient_by_hand(xs: &[f64]) -> Vec<f64> {
    xs.iter().map(|x| 2.0 * x).collect()
}

fn sum_sq_gradient_by_ad(xs: &[f64]) -> Vec<f64> {
    gradient!(at: xs, of: sum_sq)
}

/// `a` and `b` agree to `tol` relative.
fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol * a.abs().max(b.abs())
}

fn check_pow_loop(x: f64) {
    let closed = N as f64 * x.powi(N as i32 - 1);
    let by_hand = pow_loop_gradient_by_hand(x, N);
    let by_ad = pow_loop_gradient_by_ad(x, N);
    assert!(
        close(by_hand, closed, 1e-9),
        "hand {by_hand} vs closed form {closed}"
    );
    assert!(
        close(by_ad, closed, 1e-9),
        "ad {by_ad} vs closed form {closed}"
    );
    assert!(close(by_ad, by_hand, 1e-9), "ad {by_ad} vs hand {by_hand}");
    for (name, other) in [
        ("dual", pow_loop_gradient_by_hand_dual(x, N)),
        ("ad forward", pow_loop_gradient_by_ad_forward(x, N)),
    ] {
        assert!(
            close(other, closed, 1e-9),
            "{name} {other} vs closed form {closed}"
        );
    }
    let indexed = pow_loop_gradient_by_hand_indexed(x, N);
    assert!(
        close(indexed, by_hand, 1e-12),
        "indexed {indexed} vs hand {by_hand}"
    );
    let (v, d) = pow_loop_value_with_gradient_by_ad(x, N);
    let (hv, hd) = pow_loop_value_with_gradient_by_hand(x, N);
    assert!(
        close(v, hv, 1e-12) && close(v, pow_loop(x, N), 1e-12),
        "value {v} vs {hv}"
    );
    assert!(
        close(d, hd, 1e-9),
        "value_with_gradient: ad {d} vs hand {hd}"
    );
}

fn pow_loop_group(c: &mut Criterion) {
    let x = 1.0001;
    check_pow_loop(x);
    let mut group = c.benchmark_group("pow_loop");
    bench_at(&mut group, "primal", x, pow_loop);
    bench_at(&mut group, "gradient/hand", x, pow_loop_gradient_by_hand);
    bench_at(
        &mut group,
        "gradient/hand_indexed",
        x,
        pow_loop_gradient_by_hand_indexed,
    );
    bench_at(
        &mut group,
        "gradient/hand_dual",
        x,
        pow_loop_gradient_by_hand_dual,
    );
    bench_at(
        &mut group,
        "gradient/ad_forward",
        x,
        pow_loop_gradient_by_ad_forward,
    );
    bench_at(&mut group, "gradient/ad", x, pow_loop_gradient_by_ad);
    bench_at(
        &mut group,
        "value_with_gradient/hand",
        x,
        pow_loop_value_with_gradient_by_hand,
    );
    bench_at(
        &mut group,
        "value_with_gradient/ad",
        x,
        pow_loop_value_with_gradient_by_ad,
    );
    group.finish();
}

/// Benchmarks `f(x, N)`. `f` is a function item, a type of its own, so each case is compiled
/// and inlined separately, as a direct call would be (a function pointer would not be).
fn bench_at<R>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    x: f64,
    f: impl Fn(f64, usize) -> R,
) {
    group.bench_function(name, |b| {
        b.iter(|| black_box(f(black_box(x), black_box(N))))
    });
}

fn sum_sq_group(c: &mut Criterion) {
    let xs: Vec<f64> = (0..N).map(|i| (i as f64 * 0.37).sin()).collect();
    let by_hand = sum_sq_gradient_by_hand(&xs);
    let by_ad = sum_sq_gradient_by_ad(&xs);
    assert_eq!(by_ad.len(), N);
    for (a, h) in by_ad.iter().zip(&by_hand) {
        assert!(
            (a - h).abs() <= 1e-12 * h.abs().max(1.0),
            "sum_sq: ad {a} vs hand {h}"
        );
    }
    let mut group = c.benchmark_group("sum_sq");
    group.bench_function("primal", |b| b.iter(|| black_box(sum_sq(black_box(&xs)))));
    group.bench_function("gradient/hand", |b| {
        b.iter(|| black_box(sum_sq_gradient_by_hand(black_box(&xs))))
    });
    group.bench_function("gradient/ad", |b| {
        b.iter(|| black_box(sum_sq_gradient_by_ad(black_box(&xs))))
    });
    group.finish();
}

/// `ln Σ exp(x_i)` as a plain loop over a slice, unstabilised, as the benchmarks write it.
#[differentiable]
fn logsumexp_loop(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for &v in x {
        s += v.exp();
    }
    s.ln()
}

/// The fused hand-written gradient: the exponentials stored in the gradient as the sum runs,
/// then scaled by `1 / s`.
fn logsumexp_loop_gradient_by_hand(x: &[f64]) -> (f64, Vec<f64>) {
    let mut g = vec![0.0; x.len()];
    let mut s = 0.0;
    for (gi, &xi) in g.iter_mut().zip(x) {
        let e = xi.exp();
        *gi = e;
        s += e;
    }
    let scale = 1.0 / s;
    for gi in &mut g {
        *gi *= scale;
    }
    (s.ln(), g)
}

fn logsumexp_loop_group(c: &mut Criterion) {
    let xs: Vec<f64> = (0..N).map(|i| (i as f64 * 0.37).sin() * 3.0).collect();
    let (hand_value, by_hand) = logsumexp_loop_gradient_by_hand(&xs);
    let (value, by_ad) = value_with_gradient!(at: &xs[..], of: logsumexp_loop);
    assert!(
        close(value, hand_value, 1e-12),
        "value {value} vs {hand_value}"
    );
    for (a, h) in by_ad.iter().zip(&by_hand) {
        assert!(close(*a, *h, 1e-12), "logsumexp_loop: ad {a} vs hand {h}");
    }
    let mut group = c.benchmark_group("logsumexp_loop");
    group.bench_function("primal", |b| {
        b.iter(|| black_box(logsumexp_loop(black_box(&xs))))
    });
    group.bench_function("value_with_gradient/hand_fused", |b| {
        b.iter(|| black_box(logsumexp_loop_gradient_by_hand(black_box(&xs))))
    });
    group.bench_function("value_with_gradient/ad", |b| {
        b.iter(|| black_box(value_with_gradient!(at: black_box(&xs[..]), of: logsumexp_loop)))
    });
    group.finish();
}

/// Log-sum-exp of a `Vec<f64>` written as an iterator chain (issue: iterator chains).
#[differentiable]
fn logsumexp(xs: &[f64]) -> f64 {
    let m = xs.iter().fold(f64::NEG_INFINITY, |a, &b| a.max(b));
    let total: f64 = xs.iter().map(|x| (x - m).exp()).sum();
    m + total.ln()
}

/// The same with the shift `m` marked constant: its derivative cancels out (`d lse / d m = 1 -
/// Σ softmax = 0`), which the hand-written gradient uses and reverse mode cannot know.
#[differentiable]
fn logsumexp_constant_shift(xs: &[f64]) -> f64 {
    let m = no_grad(xs.iter().fold(f64::NEG_INFINITY, |a, &b| a.max(b)));
    let total: f64 = xs.iter().map(|x| (x - m).exp()).sum();
    m + total.ln()
}

/// The hand-written gradient: the softmax, `exp(x_i - lse)`.
fn logsumexp_gradient_by_hand(xs: &[f64]) -> Vec<f64> {
    let m = xs.iter().fold(f64::NEG_INFINITY, |a, &b| a.max(b));
    let total: f64 = xs.iter().map(|x| (x - m).exp()).sum();
    let lse = m + total.ln();
    xs.iter().map(|x| (x - lse).exp()).collect()
}

fn logsumexp_group(c: &mut Criterion) {
    let xs: Vec<f64> = (0..N).map(|i| (i as f64 * 0.37).sin() * 3.0).collect();
    let by_hand = logsumexp_gradient_by_hand(&xs);
    let by_ad = gradient!(at: &xs, of: logsumexp);
    for (a, h) in by_ad.iter().zip(&by_hand) {
        assert!(
            (a - h).abs() <= 1e-12 * h.abs().max(1e-3),
            "logsumexp: ad {a} vs hand {h}"
        );
    }
    let mut group = c.benchmark_group("logsumexp_chain");
    group.bench_function("primal", |b| {
        b.iter(|| black_box(logsumexp(black_box(&xs))))
    });
    group.bench_function("gradient/hand", |b| {
        b.iter(|| black_box(logsumexp_gradient_by_hand(black_box(&xs))))
    });
    group.bench_function("gradient/ad", |b| {
        b.iter(|| black_box(gradient!(at: black_box(&xs), of: logsumexp)))
    });
    let by_ad = gradient!(at: &xs, of: logsumexp_constant_shift);
    for (a, h) in by_ad.iter().zip(&by_hand) {
        assert!(
            (a - h).abs() <= 1e-12 * h.abs().max(1e-3),
            "constant shift: ad {a} vs hand {h}"
        );
    }
    group.bench_function("gradient/ad_constant_shift", |b| {
        b.iter(|| black_box(gradient!(at: black_box(&xs), of: logsumexp_constant_shift)))
    });
    group.finish();
}

criterion_group!(
    benches,
    pow_loop_group,
    sum_sq_group,
    logsumexp_loop_group,
    logsumexp_group
);
criterion_main!(benches);
