//! `for` over ranges: `0..n`, `(0..n).rev()`, `a..=b`, `(0..n).step_by(k)`, ranges with
//! computed bounds and an inner range bounded by the outer counter.

use crate::{assert_all_close, assert_close, assert_deriv_fd, assert_grad_fd};
use ad::prelude::*;
// The suite's operators, which also check forward mode against reverse mode.
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};

/// `for i in 0..n` using the counter as a float: Σ_{i<n} sin(i x).
#[differentiable]
fn sum_of_sines(x: f64, n: usize) -> f64 {
    let mut s = 0.0;
    for i in 0..n {
        s += (i as f64 * x).sin();
    }
    s
}

#[test]
fn for_over_exclusive_range() {
    // f' = Σ i cos(i x)
    for n in [0usize, 1, 5, 20] {
        for &x in &[-0.9, 0.3, 2.0] {
            let (value, (dx, _)) = value_with_gradient!(at: x, n, of: sum_of_sines);
            assert_eq!(value, sum_of_sines(x, n));
            let want: f64 = (0..n).map(|i| i as f64 * (i as f64 * x).cos()).sum();
            assert_close(dx, want);
        }
    }
}

/// `for i in (0..n).rev()`: the order matters, a reversed loop computes Σ (i+1) xⁱ by
/// Horner's rule; the forward loop would compute a different polynomial.
#[differentiable]
fn reversed_horner(x: f64, n: usize) -> f64 {
    let mut acc = 0.0;
    for i in (0..n).rev() {
        acc = acc * x + (i + 1) as f64;
    }
    acc
}

#[test]
fn for_over_reversed_range() {
    // f = Σ_{i<n} (i+1) xⁱ, f' = Σ i(i+1) xⁱ⁻¹
    for n in [1usize, 2, 4, 7] {
        for &x in &[-1.3, 0.6, 1.8] {
            let (value, (dx, _)) = value_with_gradient!(at: x, n, of: reversed_horner);
            assert_eq!(value, reversed_horner(x, n));
            let want: f64 = (1..n)
                .map(|i| (i * (i + 1)) as f64 * x.powi(i as i32 - 1))
                .sum();
            assert_close(dx, want);
        }
    }
    // n = 3: 1 + 2x + 3x², f' = 2 + 6x
    assert_close(gradient!(at: 0.5, 3, of: reversed_horner).0, 5.0);
}

/// `for k in a..=b`: Π_{k=a}^{b} (x + k).
#[differentiable]
fn rising_product(x: f64, a: i32, b: i32) -> f64 {
    let mut p = 1.0;
    for k in a..=b {
        p = p * (x + k as f64);
    }
    p
}

#[test]
fn for_over_inclusive_range() {
    // a = 1, b = 3: (x+1)(x+2)(x+3) = x³ + 6x² + 11x + 6, f' = 3x² + 12x + 11
    let x = 0.5f64;
    let (value, (dx, _, _)) = value_with_gradient!(at: x, 1, 3, of: rising_product);
    assert_eq!(value, rising_product(x, 1, 3));
    assert_close(dx, 3.0 * x * x + 12.0 * x + 11.0);
    // a = b: one factor, f' = 1; a > b: empty, f' = 0
    assert_close(gradient!(at: x, 4, 4, of: rising_product).0, 1.0);
    assert_close(gradient!(at: x, 5, 4, of: rising_product).0, 0.0);
    for &(a, b) in &[(-2, 2), (0, 5), (3, 6)] {
        for &x in &[-0.5, 0.25, 1.7] {
            let (value, (dx, _, _)) = value_with_gradient!(at: x, a, b, of: rising_product);
            assert_eq!(value, rising_product(x, a, b));
            assert_deriv_fd(|x| rising_product(x, a, b), x, dx);
        }
    }
}

/// `for i in (0..n).step_by(k)`: Σ over every k-th i of x^i · w.
#[differentiable]
fn strided_sum(x: f64, w: f64, n: usize, k: usize) -> f64 {
    let mut s = 0.0;
    for i in (0..n).step_by(k) {
        s += x.powi(i as i32) * w;
    }
    s
}

#[test]
fn for_over_stepped_range() {
    // n = 10, k = 3: i = 0, 3, 6, 9: ∂x = w(3x² + 6x⁵ + 9x⁸), ∂w = 1 + x³ + x⁶ + x⁹
    let (x, w) = (0.8f64, 1.5f64);
    let (value, (dx, dw, _, _)) = value_with_gradient!(at: x, w, 10, 3, of: strided_sum);
    assert_eq!(value, strided_sum(x, w, 10, 3));
    assert_all_close(
        &[dx, dw],
        &[
            w * (3.0 * x.powi(2) + 6.0 * x.powi(5) + 9.0 * x.powi(8)),
            1.0 + x.powi(3) + x.powi(6) + x.powi(9),
        ],
    );
    for &(n, k) in &[(7, 2), (12, 5), (3, 4)] {
        for &(x, w) in &[(-1.1, 0.3), (0.9, -2.0)] {
            let (value, (dx, dw, _, _)) = value_with_gradient!(at: x, w, n, k, of: strided_sum);
            assert_eq!(value, strided_sum(x, w, n, k));
            assert_grad_fd(|p| strided_sum(p[0], p[1], n, k), &[x, w], &[dx, dw]);
        }
    }
}

/// Range bounds computed from the inputs' integer parameters, and an inner range bounded by
/// the outer counter: Σ_{i=lo}^{hi-1} Σ_{j<i} x^j y^{i-j}.
#[differentiable]
fn triangular(x: f64, y: f64, lo: usize, hi: usize) -> f64 {
    let mut s = 0.0;
    for i in lo..hi {
        for j in 0..i {
            s += x.powi(j as i32) * y.powi((i - j) as i32);
        }
    }
    s
}

#[test]
fn nested_ranges_with_dependent_bound() {
    // lo = 1, hi = 3: i = 1: y; i = 2: y² + xy. ∂x = y, ∂y = 1 + 2y + x
    let (x, y) = (0.6f64, -0.9f64);
    let (value, (dx, dy, _, _)) = value_with_gradient!(at: x, y, 1, 3, of: triangular);
    assert_eq!(value, triangular(x, y, 1, 3));
    assert_all_close(&[dx, dy], &[y, 1.0 + 2.0 * y + x]);
    for &(lo, hi) in &[(0, 5), (2, 6), (4, 4)] {
        for &(x, y) in &[(0.6, -0.9), (1.3, 0.4)] {
            let (value, (dx, dy, _, _)) = value_with_gradient!(at: x, y, lo, hi, of: triangular);
            assert_eq!(value, triangular(x, y, lo, hi));
            assert_grad_fd(|p| triangular(p[0], p[1], lo, hi), &[x, y], &[dx, dy]);
        }
    }
}

/// A range over a constant bound, with `continue` on even steps and `break` past a bound on
/// the counter, and the differentiated value used to decide a branch.
#[differentiable]
fn range_with_control(x: f64) -> f64 {
    let mut s = x;
    for i in 1..=20 {
        if i % 2 == 0 {
            continue;
        }
        if i > 9 {
            break;
        }
        if s > 2.0 {
            s = s.sqrt() + i as f64 * 0.1;
        } else {
            s = s * 1.7;
        }
    }
    s
}

#[test]
fn range_with_continue_break_and_branch() {
    // x = 0.1: s = 0.17, 0.289, 0.4913, 0.835, 1.42 (all < 2, five odd i ≤ 9), f' = 1.7⁵
    assert_close(gradient!(at: 0.1, of: range_with_control), 1.7f64.powi(5));
    for &x in &[0.1, 0.5, 1.0, 3.0, 10.0, -1.0] {
        let (value, dx) = value_with_gradient!(at: x, of: range_with_control);
        assert_eq!(value, range_with_control(x));
        assert_deriv_fd(range_with_control, x, dx);
    }
}
