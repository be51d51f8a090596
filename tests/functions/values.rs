//! Functions as values: integrators, root finders and ODE steppers written with `impl Fn`,
//! `&dyn Fn`, `fn` pointers and `F: Fn` generics, called `f(x)` in their bodies, and given
//! closure literals (typed or not, of one or several parameters, reading constants of the
//! caller) and names of differentiable functions. The derivative goes through the function's
//! argument; constants a closure captures stay constants (differentiated captures: see
//! `captures.rs`).

use crate::assert_deriv_fd;
use ad::prelude::*;
// The suite's operators, which also check forward mode against reverse mode.
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};

/// The trapezoid rule on `[a, b]` with `n` panels.
#[differentiable]
pub(crate) fn trapezoid(f: impl Fn(f64) -> f64, a: f64, b: f64) -> f64 {
    let n = 64;
    let h = (b - a) / n as f64;
    let mut sum = 0.5 * (f(a) + f(b));
    for i in 1..n {
        sum += f(a + i as f64 * h);
    }
    sum * h
}

/// Simpson's rule through a lent trait object.
#[differentiable]
fn simpson(f: &dyn Fn(f64) -> f64, a: f64, b: f64) -> f64 {
    let m = 0.5 * (a + b);
    (b - a) / 6.0 * (f(a) + 4.0 * f(m) + f(b))
}

/// Newton's method for a root of `f` from `x0`, with the slope given.
#[differentiable]
pub(crate) fn newton<F: Fn(f64) -> f64, G: Fn(f64) -> f64>(f: F, slope: G, x0: f64) -> f64 {
    let mut x = x0;
    for _ in 0..30 {
        x = x - f(x) / slope(x);
    }
    x
}

/// Four steps of the classical Runge-Kutta method for `y' = f(t, y)`, through a function
/// pointer of two arguments (given on to the generic stepper of `numerics`).
#[differentiable]
fn rk4(f: fn(f64, f64) -> f64, y0: f64, t_end: f64) -> f64 {
    crate::numerics::rk4(f, y0, t_end, 4)
}

/// A generic applied twice, bounded in a `where` clause.
#[differentiable]
fn twice<F>(f: F, x: f64) -> f64
where
    F: Fn(f64) -> f64,
{
    f(f(x))
}

#[differentiable]
fn bump(t: f64) -> f64 {
    (-t * t).exp()
}

#[differentiable]
fn decay(t: f64, y: f64) -> f64 {
    -0.5 * y + t.sin()
}

/// ∫₀ᵇ cos(k t) dt with `k` a constant of the caller, and ∫₀ᵇ bump: both are `f(b)` in `b`.
#[differentiable]
fn integrals(b: f64) -> f64 {
    let k = 2.0;
    trapezoid(|t| (k * t).cos(), 0.0, b) + trapezoid(bump, 0.0, b)
}

/// Simpson of a closure lent (`&|t| ..`), typed.
#[differentiable]
fn lent(b: f64) -> f64 {
    simpson(&|t: f64| t * t.sin(), 0.5, b)
}

/// The square root of `c` by Newton's method on `x² - c`: the closures read `c`, which is a
/// constant of theirs, so here it is the starting point that is differentiated (the root
/// does not depend on it).
#[differentiable]
fn root_from(x0: f64) -> f64 {
    let c = 2.0;
    newton(|x| x * x - c, |x| 2.0 * x, x0)
}

/// The flow of `y' = -y/2 + sin t` from `y0`, by a closure of two parameters and by the
/// function's name.
#[differentiable]
fn flows(y0: f64) -> f64 {
    rk4(|t, y| decay(t, y), y0, 1.0) + rk4(|t, y| y * t.cos(), y0 * y0, 0.5) + rk4(decay, y0, 0.5)
}

/// A closure bound by `let`, called and given on.
#[differentiable]
fn bound_closure(b: f64) -> f64 {
    let wave = |t: f64| (3.0 * t).sin() * t;
    wave(b) + trapezoid(wave, 0.0, b)
}

#[differentiable]
fn nested(x: f64) -> f64 {
    twice(|v| v.sin() + 0.5 * v, x) * twice(bump, x)
}

/// `f` at each point: reverse mode (with forward mode agreeing) against central differences.
macro_rules! check {
    ($f:ident, [$($x:expr),+]) => {$({
        let x: f64 = $x;
        let (value, dx) = value_with_gradient!(at: x, of: $f);
        assert_eq!(value, $f(x));
        assert_deriv_fd($f, x, dx);
    })+};
}

#[test]
fn an_integrator_taking_impl_fn() {
    check!(integrals, [0.3, 1.2, 2.5]);
}

#[test]
fn simpson_through_a_lent_trait_object() {
    check!(lent, [0.8, 1.7]);
}

#[test]
fn newton_taking_generic_functions() {
    check!(root_from, [1.0, 3.0]);
    assert!((root_from(1.0) - 2f64.sqrt()).abs() < 1e-12);
}

#[test]
fn runge_kutta_through_a_function_pointer() {
    check!(flows, [0.2, 1.5, -0.7]);
}

#[test]
fn a_closure_bound_by_let_given_to_a_function() {
    check!(bound_closure, [0.6, 1.9]);
}

#[test]
fn a_function_applied_twice() {
    check!(nested, [0.4, -1.1]);
}

#[test]
fn functions_taking_functions_stay_plain_rust() {
    // Outside differentiable code they take any closure, as written.
    let offset = 0.25;
    assert!((trapezoid(|t| t + offset, 0.0, 1.0) - 0.75).abs() < 1e-12);
    assert!((simpson(&|t| t * t, 0.0, 3.0) - 9.0).abs() < 1e-12);
    assert_eq!(twice(|v| v * 3.0, 1.0), 9.0);
}

#[test]
fn from_a_closure_given_to_an_operator() {
    // d/db ∫₀ᵇ t² dt = b², the closure given to `gradient!` giving one to `trapezoid`.
    let b = 1.3;
    let db = ad::gradient!(at: b, of: |b: f64| trapezoid(|t| t * t, 0.0, b));
    assert!((db - b * b).abs() < 1e-3, "{db}");
    let forward = differentiate!(at: b, of: |b: f64| trapezoid(|t| t * t, 0.0, b));
    assert!((forward - db).abs() < 1e-12);
}
