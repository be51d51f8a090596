//! `while`, `loop` with `break`, `break` on data-dependent conditions, `continue`, trip
//! counts that depend on the input value, Zygote's `pow` loop and a loop of 10 000
//! iterations.

use crate::{assert_all_close, assert_close, assert_close_tol, assert_deriv_fd, assert_grad_fd};
use ad::prelude::*;
// The suite's operators, which also check forward mode against reverse mode.
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};

/// Zygote's `pow`: `r = r * x`, `n` times.
#[differentiable]
fn pow_loop(x: f64, n: usize) -> f64 {
    let mut r = 1.0;
    for _ in 0..n {
        r = r * x;
    }
    r
}

#[test]
fn zygote_pow_loop() {
    // d/dx xⁿ = n xⁿ⁻¹
    for n in [0usize, 1, 2, 3, 7, 10] {
        for &x in &[-1.7, -0.4, 0.5, 1.1, 2.0, 3.3] {
            let (value, (dx, _)) = value_with_gradient!(at: x, n, of: pow_loop);
            assert_eq!(value, pow_loop(x, n));
            assert_close_tol(value, x.powi(n as i32), 1e-14);
            let want = if n == 0 {
                0.0
            } else {
                n as f64 * x.powi(n as i32 - 1)
            };
            assert_close(dx, want);
            assert_deriv_fd(|x| pow_loop(x, n), x, dx);
        }
    }
}

/// A `while` loop with an integer counter: the geometric sum 1 + x + ... + xⁿ⁻¹ by
/// s = s·x + 1.
#[differentiable]
fn geometric_while(x: f64, n: i32) -> f64 {
    let mut s = 0.0;
    let mut i = 0;
    while i < n {
        s = s * x + 1.0;
        i += 1;
    }
    s
}

#[test]
fn while_loop_with_counter() {
    // d/dx Σ_{k<n} x^k = Σ_{k<n} k x^{k-1}
    for n in [0, 1, 4, 9] {
        for &x in &[-0.8, 0.5, 1.3] {
            let (value, (dx, _)) = value_with_gradient!(at: x, n, of: geometric_while);
            assert_eq!(value, geometric_while(x, n));
            let want: f64 = (1..n).map(|k| k as f64 * x.powi(k - 1)).sum();
            assert_close(dx, want);
        }
    }
}

/// `loop` with a `break` on a data-dependent condition: grows y by 1.5 until it exceeds 10.
#[differentiable]
fn grow_until(x: f64) -> f64 {
    let mut y = x;
    loop {
        y = y * 1.5;
        if y > 10.0 {
            break;
        }
    }
    y * y.sqrt()
}

#[test]
fn loop_with_data_dependent_break() {
    // from x = 1 the loop runs 6 times: f = (1.5⁶ x)^{3/2}, f' = 1.5 · 1.5⁶ · √(1.5⁶ x)
    for &(x, k) in &[(1.0f64, 6), (2.0, 4), (5.0, 2), (9.0, 1), (0.1, 12)] {
        let (value, dx) = value_with_gradient!(at: x, of: grow_until);
        assert_eq!(value, grow_until(x));
        let c = 1.5f64.powi(k);
        assert_close(dx, 1.5 * c * (c * x).sqrt());
        assert_deriv_fd(grow_until, x, dx);
    }
}

/// `break` out of a `for` loop once an accumulated value passes a threshold, with work after
/// the `break` check in the body.
#[differentiable]
fn accumulate_until(x: f64, y: f64) -> f64 {
    let mut acc = 0.0;
    let mut last = 0.0;
    for i in 0..100 {
        acc += x * (i as f64) + y;
        if acc > 5.0 {
            break;
        }
        last = acc * y;
    }
    acc + last
}

#[test]
fn for_loop_with_break_in_the_middle() {
    // x = 1, y = 0.5: acc after i: Σ (i + 0.5) = 0.5, 2, 4.5, 8 (break at i = 3, last from
    // i = 2). f = (6x + 4y) + (3x + 3y)·y: ∂x = 6 + 3y, ∂y = 4 + 3x + 6y
    let (value, (dx, dy)) = value_with_gradient!(at: 1.0, 0.5, of: accumulate_until);
    assert_eq!(value, accumulate_until(1.0, 0.5));
    assert_all_close(&[dx, dy], &[7.5, 10.0]);
    for &(x, y) in &[
        (1.0, 0.5),
        (0.1, 0.07),
        (2.0, -0.3),
        (0.01, 0.02),
        (-0.5, 3.0),
    ] {
        let (value, (dx, dy)) = value_with_gradient!(at: x, y, of: accumulate_until);
        assert_eq!(value, accumulate_until(x, y));
        assert_grad_fd(|p| accumulate_until(p[0], p[1]), &[x, y], &[dx, dy]);
    }
}

/// `continue` skips even indices and small terms.
#[differentiable]
fn odd_powers(x: f64, n: usize) -> f64 {
    let mut s = 0.0;
    for i in 0..n {
        if i % 2 == 0 {
            continue;
        }
        let t = x.powi(i as i32) / i as f64;
        if t.abs() < 1e-3 {
            continue;
        }
        s += t;
    }
    s
}

#[test]
fn continue_in_for_loop() {
    // x = 0.9, n = 8: s = x + x³/3 + x⁵/5 + x⁷/7 (all ≥ 1e-3), s' = 1 + x² + x⁴ + x⁶
    let x = 0.9f64;
    let (value, (dx, _)) = value_with_gradient!(at: x, 8, of: odd_powers);
    assert_eq!(value, odd_powers(x, 8));
    assert_close(dx, 1.0 + x * x + x.powi(4) + x.powi(6));
    // x = 0.2: x⁵/5 = 6.4e-5 is skipped, s' = 1 + x²
    assert_close(gradient!(at: 0.2, 8, of: odd_powers).0, 1.04);
    for &x in &[-1.2, -0.3, 0.2, 0.9, 1.6] {
        let (value, (dx, _)) = value_with_gradient!(at: x, 12, of: odd_powers);
        assert_eq!(value, odd_powers(x, 12));
        assert_deriv_fd(|x| odd_powers(x, 12), x, dx);
    }
}

/// A `while` loop whose trip count depends on the input value: halve until below 1.
#[differentiable]
fn halve_below_one(x: f64) -> f64 {
    let mut t = x;
    let mut s = 0.0;
    while t > 1.0 {
        t = t / 2.0;
        s += t;
    }
    s + t * t
}

#[test]
fn trip_count_depends_on_input() {
    // k halvings: t = x/2^k, s = x(1 - 2^-k), f' = (1 - 2^-k) + 2x/4^k
    for &(x, k) in &[
        (0.5f64, 0),
        (1.5, 1),
        (3.0, 2),
        (7.0, 3),
        (100.0, 7),
        (1000.0, 10),
    ] {
        let (value, dx) = value_with_gradient!(at: x, of: halve_below_one);
        assert_eq!(value, halve_below_one(x));
        let p = 2.0f64.powi(k);
        assert_close(dx, (1.0 - 1.0 / p) + 2.0 * x / (p * p));
        assert_deriv_fd(halve_below_one, x, dx);
    }
}

/// `loop` with `continue` and `break`, and a nested `while`.
#[differentiable]
fn loop_continue_break(x: f64) -> f64 {
    let mut i = 0;
    let mut acc = x;
    loop {
        i += 1;
        if i > 6 {
            break;
        }
        if i == 2 || i == 5 {
            continue;
        }
        let mut j = 0;
        while j < i {
            acc = acc + 0.1 * acc.sin();
            j += 1;
        }
    }
    acc
}

#[test]
fn loop_with_continue_break_and_inner_while() {
    for &x in &[-2.0, -0.3, 0.4, 1.0, 2.5] {
        let (value, dx) = value_with_gradient!(at: x, of: loop_continue_break);
        assert_eq!(value, loop_continue_break(x));
        assert_deriv_fd(loop_continue_break, x, dx);
    }
    // closed form: the map g(a) = a + 0.1 sin a is applied 1 + 3 + 4 + 6 = 14 times;
    // f' = Π (1 + 0.1 cos a_k) over the 14 inputs a_k.
    let x = 0.4f64;
    let (mut a, mut want) = (x, 1.0);
    for _ in 0..14 {
        want *= 1.0 + 0.1 * a.cos();
        a += 0.1 * a.sin();
    }
    assert_close(gradient!(at: x, of: loop_continue_break), want);
}

/// A recurrence with two carried values (Fibonacci-like, with a weight x).
#[differentiable]
fn weighted_fibonacci(x: f64, n: usize) -> f64 {
    let mut a = 1.0;
    let mut b = x;
    let mut i = 0;
    while i < n {
        let t = a + b * x;
        a = b;
        b = t;
        i += 1;
    }
    b
}

#[test]
fn loop_carrying_two_values() {
    // n = 2: b1 = 1 + x², b2 = x + (1 + x²)x = 2x + x³, f' = 2 + 3x²
    let x = 0.7f64;
    assert_close(
        gradient!(at: x, 2, of: weighted_fibonacci).0,
        2.0 + 3.0 * x * x,
    );
    for n in [0, 1, 3, 8] {
        for &x in &[-1.1, 0.7, 1.4] {
            let (value, (dx, _)) = value_with_gradient!(at: x, n, of: weighted_fibonacci);
            assert_eq!(value, weighted_fibonacci(x, n));
            assert_deriv_fd(|x| weighted_fibonacci(x, n), x, dx);
        }
    }
}

/// 10 000 iterations of (1 + x/N): the compound-interest limit.
#[differentiable]
fn compound(x: f64) -> f64 {
    let mut r = 1.0;
    for _ in 0..10_000 {
        r = r * (1.0 + x / 10_000.0);
    }
    r
}

#[test]
fn ten_thousand_iterations() {
    // f = (1 + x/N)^N, f' = (1 + x/N)^{N-1}
    for &x in &[-2.0f64, 0.5, 3.0] {
        let (value, dx) = value_with_gradient!(at: x, of: compound);
        assert_eq!(value, compound(x));
        assert_close_tol(dx, (1.0 + x / 10_000.0).powi(9_999), 1e-10);
    }
}

/// 10 000 iterations reading the counter: a Riemann sum of sin(x t) over [0, 1).
#[differentiable]
fn riemann(x: f64, y: f64) -> f64 {
    let mut s = 0.0;
    let mut i = 0;
    while i < 10_000 {
        let t = i as f64 * 1e-4;
        s += (x * t).sin() * y * 1e-4;
        i += 1;
    }
    s
}

#[test]
fn ten_thousand_iterations_two_inputs() {
    // ∂x = Σ t cos(x t) y h, ∂y = Σ sin(x t) h
    let (x, y) = (2.0f64, 0.7f64);
    let (value, (dx, dy)) = value_with_gradient!(at: x, y, of: riemann);
    assert_eq!(value, riemann(x, y));
    let (mut wx, mut wy) = (0.0, 0.0);
    for i in 0..10_000 {
        let t = i as f64 * 1e-4;
        wx += t * (x * t).cos() * y * 1e-4;
        wy += (x * t).sin() * 1e-4;
    }
    assert_close_tol(dx, wx, 1e-10);
    assert_close_tol(dy, wy, 1e-10);
}
