//! Scalar benchmarks: `ad`'s reverse mode against hand-written derivatives.
//!
//! Group `sin_cos`: `f(x) = sin(x) * cos(x)`, the primal, value-and-gradient by hand and by
//! `value_with_gradient!`, and the derivative alone by hand, by `gradient!` and by
//! `differentiate!` (forward mode; compare it with `gradient/hand`), also with the sine taken by
//! a differentiable helper function (a call through its companion costs nothing).
//! Group `straight_line_2d`: `g(x, y) = sin(x y) + exp(x / y) ln(y) - x^3`, a straight-line
//! function of two variables with about ten operations, the same comparisons.
//!
//! Run with `cargo bench --bench scalar -- --warm-up-time 1 --measurement-time 3`. DESIGN.md
//! expects straight-line VJPs to compile to the same machine code as the hand-written
//! derivative, so the ratios ad / hand-written should be close to 1.

use ad::prelude::*;
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

#[differentiable]
fn f(x: f64) -> f64 {
    x.sin() * x.cos()
}

/// `(f(x), f'(x))` by hand: `f' = cos^2 - sin^2`.
fn f_value_with_gradient_by_hand(x: f64) -> (f64, f64) {
    let (s, c) = (x.sin(), x.cos());
    (s * c, c * c - s * s)
}

fn f_value_with_gradient_by_ad(x: f64) -> (f64, f64) {
    value_with_gradient!(at: x, of: f)
}

/// `f'(x)` alone by hand.
fn f_gradient_by_hand(x: f64) -> f64 {
    let (s, c) = (x.sin(), x.cos());
    c * c - s * s
}

fn f_gradient_by_ad(x: f64) -> f64 {
    gradient!(at: x, of: f)
}

/// `f'(x)` by forward mode.
fn f_derivative_by_forward_mode(x: f64) -> f64 {
    differentiate!(at: x, of: f)
}

#[differentiable]
fn sine(x: f64) -> f64 {
    x.sin()
}

/// `f` again, with its sine taken by a helper: a call of a function through its companion.
#[differentiable]
fn f_through_a_helper(x: f64) -> f64 {
    sine(x) * x.cos()
}

/// `f'(x)` by forward mode, through the helper.
fn f_derivative_through_a_helper(x: f64) -> f64 {
    differentiate!(at: x, of: f_through_a_helper)
}

#[differentiable]
fn g(x: f64, y: f64) -> f64 {
    (x * y).sin() + (x / y).exp() * y.ln() - x.powi(3)
}

/// `(g, (dg/dx, dg/dy))` by hand, sharing the common subexpressions.
fn g_value_with_gradient_by_hand(x: f64, y: f64) -> (f64, (f64, f64)) {
    let xy = x * y;
    let (s, c) = (xy.sin(), xy.cos());
    let q = x / y;
    let e = q.exp();
    let l = y.ln();
    let x2 = x * x;
    let value = s + e * l - x2 * x;
    let dx = y * c + e * l / y - 3.0 * x2;
    let dy = x * c - e * l * q / y + e / y;
    (value, (dx, dy))
}

/// `(dg/dx, dg/dy)` alone by hand.
fn g_gradient_by_hand(x: f64, y: f64) -> (f64, f64) {
    let xy = x * y;
    let c = xy.cos();
    let q = x / y;
    let e = q.exp();
    let l = y.ln();
    (
        y * c + e * l / y - 3.0 * x * x,
        x * c - e * l * q / y + e / y,
    )
}

fn g_value_with_gradient_by_ad(x: f64, y: f64) -> (f64, (f64, f64)) {
    value_with_gradient!(at: x, y, of: g)
}

fn g_gradient_by_ad(x: f64, y: f64) -> (f64, f64) {
    gradient!(at: x, y, of: g)
}

fn check_agreement() {
    for x in [-1.3, 0.2, 0.7, 2.5] {
        let (v, d) = f_value_with_gradient_by_ad(x);
        let (hv, hd) = f_value_with_gradient_by_hand(x);
        assert!((v - hv).abs() < 1e-14 && (d - hd).abs() < 1e-12, "f at {x}");
        assert!(
            (f_derivative_by_forward_mode(x) - hd).abs() < 1e-12,
            "f' by forward mode at {x}"
        );
        assert!(
            (f_derivative_through_a_helper(x) - hd).abs() < 1e-12,
            "f' by forward mode through a helper at {x}"
        );
        for y in [0.4, 1.7] {
            let (v, (dx, dy)) = g_value_with_gradient_by_ad(x, y);
            let (hv, (hx, hy)) = g_value_with_gradient_by_hand(x, y);
            let ok = |a: f64, b: f64| (a - b).abs() <= 1e-12 * a.abs().max(1.0);
            assert!(ok(v, hv) && ok(dx, hx) && ok(dy, hy), "g at ({x}, {y})");
            let ((gx, gy), (hx, hy)) = (g_gradient_by_ad(x, y), g_gradient_by_hand(x, y));
            assert!(ok(gx, hx) && ok(gy, hy), "gradient of g at ({x}, {y})");
        }
    }
}

fn sin_cos(c: &mut Criterion) {
    check_agreement();
    let x = 0.7;
    let mut group = c.benchmark_group("sin_cos");
    group.bench_function("primal", |b| b.iter(|| black_box(f(black_box(x)))));
    group.bench_function("value_with_gradient/hand", |b| {
        b.iter(|| black_box(f_value_with_gradient_by_hand(black_box(x))))
    });
    group.bench_function("value_with_gradient/ad", |b| {
        b.iter(|| black_box(f_value_with_gradient_by_ad(black_box(x))))
    });
    group.bench_function("gradient/hand", |b| {
        b.iter(|| black_box(f_gradient_by_hand(black_box(x))))
    });
    group.bench_function("gradient/ad", |b| {
        b.iter(|| black_box(f_gradient_by_ad(black_box(x))))
    });
    group.bench_function("differentiate/ad", |b| {
        b.iter(|| black_box(f_derivative_by_forward_mode(black_box(x))))
    });
    group.bench_function("differentiate/ad through a helper", |b| {
        b.iter(|| black_box(f_derivative_through_a_helper(black_box(x))))
    });
    group.finish();
}

fn straight_line_2d(c: &mut Criterion) {
    let (x, y) = (0.7, 1.3);
    let mut group = c.benchmark_group("straight_line_2d");
    group.bench_function("primal", |b| {
        b.iter(|| black_box(g(black_box(x), black_box(y))))
    });
    group.bench_function("value_with_gradient/hand", |b| {
        b.iter(|| black_box(g_value_with_gradient_by_hand(black_box(x), black_box(y))))
    });
    group.bench_function("value_with_gradient/ad", |b| {
        b.iter(|| black_box(g_value_with_gradient_by_ad(black_box(x), black_box(y))))
    });
    group.bench_function("gradient/hand", |b| {
        b.iter(|| black_box(g_gradient_by_hand(black_box(x), black_box(y))))
    });
    group.bench_function("gradient/ad", |b| {
        b.iter(|| black_box(g_gradient_by_ad(black_box(x), black_box(y))))
    });
    group.finish();
}

criterion_group!(benches, sin_cos, straight_line_2d);
criterion_main!(benches);
