//! `match` on integers (literals, `|`, ranges, guards, bindings, `_`), on `bool`, on a float
//! with guards, on tuples, and `match` as a statement that assigns several locals.

use crate::{assert_all_close, assert_close, assert_deriv_fd, assert_grad_fd};
use ad::prelude::*;
// The suite's operators, which also check forward mode against reverse mode.
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};

/// Every kind of integer pattern: literal, or-pattern, inclusive range, guard on a binding,
/// wildcard.
#[differentiable]
fn by_integer(x: f64, k: i32) -> f64 {
    match k {
        0 => x,
        1 | 2 => x * x * k as f64,
        3..=5 => x.sin() * x,
        k if k < 0 => (x * k as f64).exp(),
        _ => x.powi(k),
    }
}

#[test]
fn match_on_integer_every_arm() {
    let x = 0.7f64;
    // 0: 1
    assert_close(gradient!(at: x, 0, of: by_integer).0, 1.0);
    // 1 | 2: 2kx
    assert_close(gradient!(at: x, 1, of: by_integer).0, 2.0 * x);
    assert_close(gradient!(at: x, 2, of: by_integer).0, 4.0 * x);
    // 3..=5: cos x · x + sin x
    for k in 3..=5 {
        assert_close(gradient!(at: x, k, of: by_integer).0, x.cos() * x + x.sin());
    }
    // k < 0: k e^{kx}
    assert_close(
        gradient!(at: x, -3, of: by_integer).0,
        -3.0 * (-3.0 * x).exp(),
    );
    // _: k x^{k-1}
    assert_close(gradient!(at: x, 7, of: by_integer).0, 7.0 * x.powi(6));
    for k in [-2, 0, 1, 2, 3, 4, 5, 6, 9] {
        for &x in &[-1.4, 0.3, 2.1] {
            let (value, (dx, _)) = value_with_gradient!(at: x, k, of: by_integer);
            assert_eq!(value, by_integer(x, k));
            assert_deriv_fd(|x| by_integer(x, k), x, dx);
        }
    }
}

/// `match` as a statement: each arm assigns a different set of locals.
#[differentiable]
fn match_assigns(x: f64, y: f64, mode: usize) -> f64 {
    let mut a = x;
    let mut b = y;
    match mode {
        0 => {
            a = x * y;
            b = x - y;
        }
        1 | 2 => {
            b = b * a;
        }
        3 => {
            a = y.exp();
        }
        _ => {}
    }
    a * b + a
}

#[test]
fn match_statement_assigning_locals() {
    let (x, y) = (1.5f64, -0.4f64);
    // 0: f = xy(x - y) + xy; ∂x = 2xy - y² + y, ∂y = x² - 2xy + x
    let (dx, dy, _) = gradient!(at: x, y, 0, of: match_assigns);
    assert_all_close(
        &[dx, dy],
        &[2.0 * x * y - y * y + y, x * x - 2.0 * x * y + x],
    );
    // 1: f = x·xy + x = x²y + x; ∂x = 2xy + 1, ∂y = x²
    let (dx, dy, _) = gradient!(at: x, y, 1, of: match_assigns);
    assert_all_close(&[dx, dy], &[2.0 * x * y + 1.0, x * x]);
    // 3: f = e^y y + e^y; ∂x = 0, ∂y = e^y (y + 2)
    let (dx, dy, _) = gradient!(at: x, y, 3, of: match_assigns);
    assert_all_close(&[dx, dy], &[0.0, y.exp() * (y + 2.0)]);
    // _: f = xy + x
    let (dx, dy, _) = gradient!(at: x, y, 8, of: match_assigns);
    assert_all_close(&[dx, dy], &[y + 1.0, x]);
    for mode in 0..5 {
        for &(x, y) in &[(1.5, -0.4), (-0.7, 2.2)] {
            let (value, (dx, dy, _)) = value_with_gradient!(at: x, y, mode, of: match_assigns);
            assert_eq!(value, match_assigns(x, y, mode));
            assert_grad_fd(|p| match_assigns(p[0], p[1], mode), &[x, y], &[dx, dy]);
        }
    }
}

/// `match` on a computed `bool`.
#[differentiable]
fn by_comparison(x: f64, y: f64) -> f64 {
    match x > y {
        true => (x - y).sqrt() * y,
        false => (y - x) * x,
    }
}

#[test]
fn match_on_computed_bool() {
    // true: √(x-y)·y: ∂x = y / (2√(x-y)), ∂y = -y/(2√(x-y)) + √(x-y)
    let (x, y) = (5.0f64, 1.0f64);
    let (value, (dx, dy)) = value_with_gradient!(at: x, y, of: by_comparison);
    assert_eq!(value, by_comparison(x, y));
    assert_all_close(&[dx, dy], &[0.25, -0.25 + 2.0]);
    // false: (y - x)x: ∂x = y - 2x, ∂y = x
    let (dx, dy) = gradient!(at: 1.0, 5.0, of: by_comparison);
    assert_all_close(&[dx, dy], &[3.0, 1.0]);
    for &(x, y) in &[(5.0, 1.0), (1.0, 5.0), (-2.0, -3.5), (-2.0, 0.5)] {
        let (value, (dx, dy)) = value_with_gradient!(at: x, y, of: by_comparison);
        assert_eq!(value, by_comparison(x, y));
        assert_grad_fd(|p| by_comparison(p[0], p[1]), &[x, y], &[dx, dy]);
    }
}

/// `match` on a `bool` parameter (a constant).
#[differentiable]
fn by_flag(x: f64, flag: bool) -> f64 {
    let s = match flag {
        true => x.sin(),
        false => x.cos(),
    };
    s * x
}

#[test]
fn match_on_bool_parameter() {
    for x in [-2.3f64, 0.9, 4.0] {
        // true: x sin x, f' = x cos x + sin x
        let (value, (dx, _)) = value_with_gradient!(at: x, true, of: by_flag);
        assert_eq!(value, by_flag(x, true));
        assert_close(dx, x.cos() * x + x.sin());
        // false: x cos x, f' = -x sin x + cos x
        let (value, (dx, _)) = value_with_gradient!(at: x, false, of: by_flag);
        assert_eq!(value, by_flag(x, false));
        assert_close(dx, -x.sin() * x + x.cos());
    }
}

/// `match` on a float with guards on the bound value.
#[differentiable]
fn by_float_guard(x: f64) -> f64 {
    match x * 2.0 {
        v if v > 4.0 => v.ln() * x,
        v if v < -1.0 => -v * v,
        v => v * x + 1.0,
    }
}

#[test]
fn match_on_float_with_guards() {
    // 2x > 4: f = ln(2x) x, f' = ln(2x) + 1
    assert_close(gradient!(at: 3.0, of: by_float_guard), 6.0f64.ln() + 1.0);
    // 2x < -1: f = -4x², f' = -8x
    assert_close(gradient!(at: -1.0, of: by_float_guard), 8.0);
    // otherwise: f = 2x² + 1, f' = 4x
    assert_close(gradient!(at: 0.25, of: by_float_guard), 1.0);
    for &x in &[-2.0, -0.6, -0.4, 0.25, 1.9, 2.1, 3.0] {
        let (value, dx) = value_with_gradient!(at: x, of: by_float_guard);
        assert_eq!(value, by_float_guard(x));
        assert_deriv_fd(by_float_guard, x, dx);
    }
}

/// `match` on a tuple, binding a component and testing the other against literals.
#[differentiable]
fn by_tuple(x: f64, k: i32) -> f64 {
    match (x * 2.0, k) {
        (v, 0) => v * v,
        (v, 1..=3) => v.sin() * k as f64,
        (v, _) => v + x,
    }
}

#[test]
fn match_on_tuple_binding_components() {
    let x = 0.6f64;
    // k = 0: 4x², 8x
    assert_close(gradient!(at: x, 0, of: by_tuple).0, 8.0 * x);
    // 1..=3: k sin 2x, 2k cos 2x
    assert_close(gradient!(at: x, 2, of: by_tuple).0, 4.0 * (2.0 * x).cos());
    // _: 3x, 3
    assert_close(gradient!(at: x, 9, of: by_tuple).0, 3.0);
    for k in [0, 1, 3, 4, -1] {
        let (value, (dx, _)) = value_with_gradient!(at: x, k, of: by_tuple);
        assert_eq!(value, by_tuple(x, k));
        assert_deriv_fd(|x| by_tuple(x, k), x, dx);
    }
}

/// `match` on a loop counter inside a loop: a periodic schedule of operations.
#[differentiable]
fn schedule(x: f64, n: usize) -> f64 {
    let mut acc = 1.0;
    for i in 0..n {
        match i % 3 {
            0 => acc = acc * x,
            1 => acc += x,
            _ => {
                acc = acc.sin();
            }
        }
    }
    acc
}

#[test]
fn match_inside_loop() {
    // n = 2: (1·x) + x = 2x, f' = 2; n = 3: sin(2x), f' = 2cos(2x)
    assert_close(gradient!(at: 0.4, 2, of: schedule).0, 2.0);
    assert_close(gradient!(at: 0.4, 3, of: schedule).0, 2.0 * 0.8f64.cos());
    // n = 4: x sin(2x), f' = sin 2x + 2x cos 2x
    let x = 0.4f64;
    assert_close(
        gradient!(at: x, 4, of: schedule).0,
        (2.0 * x).sin() + 2.0 * x * (2.0 * x).cos(),
    );
    for n in [1, 5, 9, 12] {
        for &x in &[-0.8, 0.4, 1.7] {
            let (value, (dx, _)) = value_with_gradient!(at: x, n, of: schedule);
            assert_eq!(value, schedule(x, n));
            assert_deriv_fd(|x| schedule(x, n), x, dx);
        }
    }
}
