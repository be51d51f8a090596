//! Closures that capture differentiated values, given to functions that take functions: the
//! derivative flows through what the closure captured, as through Zygote's closures (the
//! closure's tangent is its captures'). Integrators, a root finder and an ODE stepper, with
//! closure literals, lent `let`-bound closures, captured scalars, vectors and constants, in
//! reverse mode (checked against central differences and closed forms), forward mode (the
//! suite's operators check it against reverse mode) and second order. Closures given on
//! that call `let`-bound closures, and closures whose own locals shadow the caller's.

use crate::values::newton;
use crate::{assert_close, assert_deriv_fd, assert_grad_fd};
use ad::prelude::*;
// The suite's operators, which also check forward mode against reverse mode.
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};

/// The midpoint rule on `[a, b]` with 100 panels, through a lent trait object.
#[differentiable]
fn midpoint(f: &dyn Fn(f64) -> f64, a: f64, b: f64) -> f64 {
    let n = 100;
    let h = (b - a) / n as f64;
    let mut total = 0.0;
    for i in 0..n {
        total += f(a + (i as f64 + 0.5) * h);
    }
    total * h
}

/// Forward Euler for `y' = f(t, y)` on `[0, t_end]`, 50 steps.
#[differentiable]
fn euler(f: impl Fn(f64, f64) -> f64, y0: f64, t_end: f64) -> f64 {
    let steps = 50;
    let h = t_end / steps as f64;
    let mut y = y0;
    for k in 0..steps {
        y += h * f(k as f64 * h, y);
    }
    y
}

/// `∫₀¹ sin(a t) (b + t) dt`: a closure literal lent, capturing two parameters.
#[differentiable]
fn weighted_wave(a: f64, b: f64) -> f64 {
    midpoint(&|t| (a * t).sin() * (b + t), 0.0, 1.0)
}

/// `√c` as the root of `x² − c`: the function captures `c`, its slope captures nothing.
#[differentiable]
fn root(c: f64) -> f64 {
    newton(|x| x * x - c, |x| 2.0 * x, 1.0)
}

/// A `let`-bound closure lent twice, capturing a parameter, a local computed from one, and a
/// constant.
#[differentiable]
fn gaussian_mass(s: f64, k: f64) -> f64 {
    let scale = 2.0;
    let width = s * s;
    let g = |t: f64| scale * k * (-(t * t) / width).exp();
    midpoint(&g, 0.0, 1.0) + midpoint(&g, 1.0, 2.0)
}

/// Exponential decay `y' = −k y` by Euler's method: a closure of two parameters capturing the
/// rate.
#[differentiable]
fn decayed(k: f64, y0: f64) -> f64 {
    euler(|_t, y| -k * y, y0, 1.0)
}

/// A closure capturing a vector of coefficients: `∫₀¹ w₀ + w₁ t + w₂ t² dt`.
#[differentiable]
fn polynomial_mass(w: Vec<f64>) -> f64 {
    midpoint(&|t| w[0] + w[1] * t + w[2] * t * t, 0.0, 1.0)
}

/// A capture that is a local computed in a loop, and a parameter not captured.
#[differentiable]
fn accumulated(x: f64, n: usize) -> f64 {
    let mut rate = 0.0;
    for i in 0..n {
        rate += x / (i as f64 + 1.0);
    }
    midpoint(&|t| (rate * t).cos(), 0.0, x)
}

#[test]
fn an_integrand_capturing_two_parameters() {
    for (a, b) in [(0.8, 1.3), (-1.1, 0.4)] {
        let (da, db) = gradient!(at: a, b, of: weighted_wave);
        assert_deriv_fd(|a| weighted_wave(a, b), a, da);
        assert_deriv_fd(|b| weighted_wave(a, b), b, db);
        // The midpoint rule is linear in `b`: ∂/∂b = ∫ sin(a t) dt, nearly (1 − cos a)/a.
        assert!((db - (1.0 - a.cos()) / a).abs() < 1e-4, "{db}");
    }
}

#[test]
fn a_root_finder_differentiated_through_its_function_in_every_mode() {
    for c in [0.5, 2.0, 9.0] {
        assert_close(root(c), c.sqrt());
        // d√c/dc = 1/(2√c), exactly as the implicit function theorem says for a converged root.
        assert_close(gradient!(at: c, of: root), 0.5 / c.sqrt());
        assert_close(differentiate!(at: c, of: root), 0.5 / c.sqrt());
        assert_close(hessian!(at: c, of: root), -0.25 * c.powf(-1.5));
    }
}

#[test]
fn a_let_bound_closure_lent_twice() {
    for (s, k) in [(0.8, 1.3), (1.5, -0.7)] {
        let (ds, dk) = gradient!(at: s, k, of: gaussian_mass);
        assert_deriv_fd(|s| gaussian_mass(s, k), s, ds);
        assert_deriv_fd(|k| gaussian_mass(s, k), k, dk);
        // Linear in `k`.
        assert_close(dk, gaussian_mass(s, k) / k);
    }
}

#[test]
fn an_ode_stepper_with_a_captured_rate() {
    for (k, y0) in [(0.5, 2.0), (1.5, -0.5)] {
        let (dk, dy0) = gradient!(at: k, y0, of: decayed);
        // Euler: y = y0 (1 − k h)^n with h = 1/50.
        let n = 50.0;
        let h = 1.0 / n;
        assert_close(decayed(k, y0), y0 * (1.0 - k * h).powf(n));
        assert_close(dy0, (1.0 - k * h).powf(n));
        assert_close(dk, -y0 * n * h * (1.0 - k * h).powf(n - 1.0));
    }
}

#[test]
fn a_captured_vector() {
    let w = vec![0.5, -1.0, 2.0];
    let dw = gradient!(at: w.clone(), of: polynomial_mass);
    assert_grad_fd(|w| polynomial_mass(w.to_vec()), &w, &dw);
    // ∫ t^k dt by the midpoint rule: 1, 1/2, and 1/3 − 1/(12 n²).
    assert_close(dw[0], 1.0);
    assert_close(dw[1], 0.5);
    assert!((dw[2] - (1.0 / 3.0 - 1.0 / 120_000.0)).abs() < 1e-12);
}

#[test]
fn a_capture_computed_in_a_loop() {
    for x in [0.3, 1.2] {
        let (dx, _) = gradient!(at: x, 4, of: accumulated);
        assert_deriv_fd(|x| accumulated(x, 4), x, dx);
    }
}

/// The trapezoid rule with two panels.
#[differentiable]
fn trapezoid(f: impl Fn(f64) -> f64, a: f64, b: f64) -> f64 {
    let m = 0.5 * (a + b);
    0.25 * (b - a) * (f(a) + 2.0 * f(m) + f(b))
}

/// A capturing closure inside a nested `differentiate!`: `x · d/dy ∫₀¹ sin(x t y) dt`.
#[differentiable]
fn nested_capture(x: f64) -> f64 {
    x * differentiate!(at: 0.5, of: |y: f64| trapezoid(|t| (x * t * y).sin(), 0.0, 1.0))
}

fn nested_capture_closed(x: f64) -> f64 {
    // d/dy of ¼ (sin 0 + 2 sin(x y / 2) + sin(x y)) at y = ½.
    let y = 0.5;
    x * 0.25 * (x * (x * y / 2.0).cos() + x * (x * y).cos())
}

#[test]
fn a_capturing_closure_inside_a_nested_derivative() {
    for x in [0.7, -1.3] {
        assert_close(nested_capture(x), nested_capture_closed(x));
        let dx = gradient!(at: x, of: nested_capture);
        assert_deriv_fd(nested_capture_closed, x, dx);
    }
}

/// A closure given to a function that calls a `let`-bound closure, one written in place that
/// does, and a `sort_by` comparator calling a stored key.
#[differentiable]
fn closures_calling_stored_closures(s: f64, w: f64) -> f64 {
    let inner = {
        let k = s * s;
        move |t: f64| (k * t).sin()
    };
    let outer = |t: f64| inner(t) * inner(2.0 * t);
    let key = |u: f64| (u - w).abs();
    let mut v = vec![0.4 * s, -0.2, 1.3, 0.9 * w];
    v.sort_by(|a, b| key(*a).partial_cmp(&key(*b)).unwrap());
    trapezoid(outer, 0.0, 1.0) + trapezoid(|t| inner(t) + w * t, 0.0, 1.0) + v[0] * s
}

/// Closures whose own locals and parameters have the names of the caller's locals.
#[differentiable]
fn shadowing_closures(s: f64, x: f64) -> f64 {
    let u = 10.0 * s;
    let t = x * x;
    let a = trapezoid(
        |t| {
            let u = t * 2.0;
            u * s
        },
        0.0,
        1.0,
    );
    let b = trapezoid(
        |v| {
            let f = |t: f64| t * x;
            match v > 0.5 {
                true => f(v) * s,
                u => (u as u8 as f64 + v) * s,
            }
        },
        0.0,
        1.0,
    );
    a + b + u + t
}

#[test]
fn closures_calling_stored_closures_given_to_functions() {
    crate::common::every_mode::assert_every_mode!(closures_calling_stored_closures, 0.7, 0.3);
    crate::common::every_mode::assert_every_mode!(closures_calling_stored_closures, 1.1, 0.6);
}

#[test]
fn a_closures_own_names_shadow_the_callers() {
    crate::common::every_mode::assert_every_mode!(shadowing_closures, 0.7, 0.3);
    // Closed form on the trapezoid's nodes 0, 1/2, 1: a = s, b = (s + x s) / 4, so the value
    // is 11 s + (1 + x) s / 4 + x²; the closures' own `u` and `t` are not the caller's.
    let (s, x) = (0.7, 0.3);
    crate::assert_close(
        shadowing_closures(s, x),
        11.0 * s + 0.25 * (1.0 + x) * s + x * x,
    );
    let (ds, dx) = ad::gradient!(at: s, x, of: shadowing_closures);
    crate::assert_close(ds, 11.0 + 0.25 * (1.0 + x));
    crate::assert_close(dx, 0.25 * s + 2.0 * x);
}
