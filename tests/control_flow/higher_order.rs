//! Functions passed to differentiable functions: a parameter `f: &F` with
//! `F: DifferentiableFn<f64, Output = f64>`, called `f.call(x)`, given `function!(..)` of a
//! closure literal or of a `#[differentiable]` function.

use crate::{assert_close, assert_deriv_fd, assert_grad_fd, integrate};
use ad::prelude::*;
// The suite's operators, which also check forward mode against reverse mode.
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};

#[differentiable]
fn bump(x: f64) -> f64 {
    (-x * x).exp()
}

#[test]
fn an_integrator_taking_a_closure_literal() {
    let k = 1.5;
    let integrand = function!(|x: f64| (k * x).sin() * x);
    let (a, b) = (0.2, 1.3);
    let (da, db) = gradient!(at: a, b, of: |a, b| integrate(&integrand, a, b));
    assert_grad_fd(|p| integrate(&integrand, p[0], p[1]), &[a, b], &[da, db]);
    // The trapezoid rule's derivative tends to the fundamental theorem's: -f(a) and f(b).
    assert!((db - (k * b).sin() * b).abs() < 0.05);
    assert!((da + (k * a).sin() * a).abs() < 0.05);
}

#[test]
fn an_integrator_taking_a_differentiable_function() {
    let integrand = function!(bump);
    for (a, b) in [(-1.0, 1.0), (0.0, 2.5)] {
        let (value, (da, db)) =
            value_with_gradient!(at: a, b, of: |a, b| integrate(&integrand, a, b));
        assert_eq!(value, integrate(&integrand, a, b));
        assert_grad_fd(|p| integrate(&integrand, p[0], p[1]), &[a, b], &[da, db]);
    }
}

/// Newton's method for `f(x) = c`, with the function's derivative from forward mode inside.
#[differentiable]
fn solve<F: DifferentiableFn<f64, Output = f64>>(f: &F, c: f64) -> f64 {
    let mut x = 1.0;
    for _ in 0..30 {
        let y = f.call(x) - c;
        let h = 1e-7;
        let slope = (f.call(x + h) - f.call(x)) / h;
        x = x - y / no_grad(slope);
    }
    x
}

#[test]
fn forward_mode_through_a_function_argument() {
    // x³ + x = c: dx/dc = 1 / (3x² + 1) at the solution.
    let cubic = function!(|x: f64| x * x * x + x);
    let c = 2.0;
    let x = solve(&cubic, c);
    let d = differentiate!(at: c, of: |c: f64| solve(&cubic, c));
    assert_deriv_fd(|c| solve(&cubic, c), c, d);
    assert_close(d, 1.0 / (3.0 * x * x + 1.0));
}
