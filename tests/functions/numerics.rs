//! Numerical methods written as Rust programmers write them, taking functions: fixed-point
//! and secant iterations, Runge-Kutta with a captured rate, repeated application, sums and
//! folds over a slice through a function, gradient descent on a captured objective, Simpson's
//! rule of a function of another function, and functions given on from one function to the
//! next. Every mode (value, reverse, forward, second order) against central differences.

use crate::common::every_mode::assert_every_mode;
use ad::prelude::*;

/// `x ← g(x)`, 40 times from `x0`.
#[differentiable]
fn fixed_point(g: impl Fn(f64) -> f64, x0: f64) -> f64 {
    let mut x = x0;
    for _ in 0..40 {
        x = g(x);
    }
    x
}

/// The secant method for a root of `f` from `a` and `b`, stopping once the step is tiny.
#[differentiable]
fn secant(f: &dyn Fn(f64) -> f64, a: f64, b: f64) -> f64 {
    let (mut x0, mut x1) = (a, b);
    for _ in 0..30 {
        let (f0, f1) = (f(x0), f(x1));
        if (f1 - f0).abs() < 1e-300 {
            break;
        }
        let x2 = x1 - f1 * (x1 - x0) / (f1 - f0);
        x0 = x1;
        x1 = x2;
        if (x1 - x0).abs() < 1e-14 {
            break;
        }
    }
    x1
}

/// The classical Runge-Kutta method for `y' = f(t, y)`, `steps` steps to `t_end`.
#[differentiable]
pub(crate) fn rk4<F: Fn(f64, f64) -> f64>(f: F, y0: f64, t_end: f64, steps: usize) -> f64 {
    let h = t_end / steps as f64;
    let mut y = y0;
    for k in 0..steps {
        let t = k as f64 * h;
        let k1 = f(t, y);
        let k2 = f(t + 0.5 * h, y + 0.5 * h * k1);
        let k3 = f(t + 0.5 * h, y + 0.5 * h * k2);
        let k4 = f(t + h, y + h * k3);
        y += h / 6.0 * (k1 + 2.0 * k2 + 2.0 * k3 + k4);
    }
    y
}

/// `f` applied `n` times.
#[differentiable]
fn apply_n(f: impl Fn(f64) -> f64, n: usize, x: f64) -> f64 {
    let mut y = x;
    for _ in 0..n {
        y = f(y);
    }
    y
}

/// `Σ f(x_i)` over a slice.
#[differentiable]
fn sum_by(xs: &[f64], f: impl Fn(f64) -> f64) -> f64 {
    xs.iter().map(|&x| f(x)).sum::<f64>()
}

/// A left fold through a function of two arguments.
#[differentiable]
fn fold_with(xs: &[f64], init: f64, f: fn(f64, f64) -> f64) -> f64 {
    let mut acc = init;
    for &x in xs {
        acc = f(acc, x);
    }
    acc
}

/// 200 steps of gradient descent on `objective`, with its slope given.
#[differentiable]
fn descend(slope: impl Fn(f64) -> f64, x0: f64, rate: f64) -> f64 {
    let mut x = x0;
    for _ in 0..200 {
        x -= rate * slope(x);
    }
    x
}

/// Simpson's rule with `n` (even) panels.
#[differentiable]
fn simpson(f: impl Fn(f64) -> f64, a: f64, b: f64, n: usize) -> f64 {
    let h = (b - a) / n as f64;
    let mut total = f(a) + f(b);
    for i in 1..n {
        let weight = if i % 2 == 1 { 4.0 } else { 2.0 };
        total += weight * f(a + i as f64 * h);
    }
    total * h / 3.0
}

/// The mean of `f` over `[a, b]`: `simpson` given the function it was given.
#[differentiable]
fn mean_value(f: impl Fn(f64) -> f64, a: f64, b: f64) -> f64 {
    simpson(f, a, b, 32) / (b - a)
}

#[differentiable]
fn logistic_step(acc: f64, x: f64) -> f64 {
    acc * 0.5 + 1.0 / (1.0 + (-x * acc).exp())
}

/// The fixed point of `x = cos(c x)` as a function of `c`.
#[differentiable]
fn cosine_fixed_point(c: f64) -> f64 {
    fixed_point(|x| (c * x).cos(), 0.5)
}

/// The root of `x³ + c x − 1` by the secant method, a lent closure capturing `c`.
#[differentiable]
fn cubic_root(c: f64) -> f64 {
    secant(&|x| x * x * x + c * x - 1.0, 0.0, 1.0)
}

/// `y' = −k y + sin t` by Runge-Kutta, the rate `k = a²` captured.
#[differentiable]
fn forced_decay(a: f64) -> f64 {
    let k = a * a;
    rk4(|t, y| -k * y + t.sin(), 1.0, 2.0, 20)
}

/// `x ↦ x − (x² − c) / 4` three times, then a capture computed from the result.
#[differentiable]
fn repeated(c: f64) -> f64 {
    let x = apply_n(|x| x - (x * x - c) / 4.0, 3, 1.0);
    apply_n(|y| y * x.sin(), 2, c)
}

/// Sums through a function over a slice built from the parameter, and a fold through a
/// named function of two arguments.
#[differentiable]
fn reductions(s: f64) -> f64 {
    let xs = vec![s, 2.0 * s, s * s, 0.5];
    sum_by(&xs, |x| (x * s).tanh()) + fold_with(&xs, s, logistic_step)
}

/// The minimiser of `(x − c)² + x⁴/4` found by gradient descent, as a function of `c`.
#[differentiable]
fn minimiser(c: f64) -> f64 {
    descend(|x| 2.0 * (x - c) + x * x * x, 0.0, 0.05)
}

/// The mean of `sin(w t) + w` over `[0, 1]`.
#[differentiable]
fn mean_of_wave(w: f64) -> f64 {
    mean_value(|t| (w * t).sin() + w, 0.0, 1.0)
}

#[test]
fn a_fixed_point_of_a_captured_parameter() {
    for c in [0.5, 1.2] {
        assert_every_mode!(cosine_fixed_point, c);
    }
}

#[test]
fn a_secant_root_through_a_lent_closure() {
    for c in [0.5, 2.0] {
        assert_every_mode!(cubic_root, c);
    }
}

#[test]
fn runge_kutta_with_a_captured_rate() {
    for a in [0.4, 1.1] {
        assert_every_mode!(forced_decay, a);
    }
}

#[test]
fn a_function_applied_repeatedly() {
    for c in [0.7, 1.6] {
        assert_every_mode!(repeated, c);
    }
}

#[test]
fn sums_and_folds_through_functions() {
    for s in [0.3, -0.8] {
        assert_every_mode!(reductions, s);
    }
}

#[test]
fn a_minimiser_found_by_gradient_descent() {
    for c in [0.5, 1.5] {
        assert_every_mode!(minimiser, c);
    }
}

#[test]
fn a_function_given_on_to_another() {
    for w in [0.9, 2.3] {
        assert_every_mode!(mean_of_wave, w);
    }
}
