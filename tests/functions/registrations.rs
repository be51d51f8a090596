//! Registrations as two items, the API contract's spelling: a reverse
//! (`#[derivative(of = f)]`) and a forward (`#[derivative(of = f, forward)]`) registration of
//! one function both take effect, each used by its mode (counted), whether the function is
//! called from differentiable code, from an operator's closure or inside a closure given to a
//! function. A function with only one registration gets the other mode derived from it. The
//! registered derivatives are checked against central differences of the function.

use ad::prelude::*;
use std::cell::Cell;

thread_local! {
    static PULLBACKS: Cell<u32> = const { Cell::new(0) };
    static DIFFERENTIALS: Cell<u32> = const { Cell::new(0) };
}

/// How many times each registration ran since the last call.
fn registrations_used() -> (u32, u32) {
    (PULLBACKS.replace(0), DIFFERENTIALS.replace(0))
}

/// Softplus, `ln(1 + eˣ)`, whose derivative is the logistic function.
fn softplus(x: f64) -> f64 {
    (1.0 + x.exp()).ln()
}

fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

#[derivative(of = softplus)]
fn softplus_vjp(x: f64) -> (f64, impl Fn(f64) -> f64) {
    PULLBACKS.with(|c| c.set(c.get() + 1));
    let slope = logistic(x);
    (softplus(x), move |d| d * slope)
}

#[derivative(of = softplus, forward)]
fn softplus_jvp(x: f64) -> (f64, impl Fn(f64) -> f64) {
    DIFFERENTIALS.with(|c| c.set(c.get() + 1));
    let slope = logistic(x);
    (softplus(x), move |t| t * slope)
}

#[differentiable]
fn apply(f: impl Fn(f64) -> f64, x: f64) -> f64 {
    f(x)
}

/// Two calls of `softplus` directly, one inside a closure given to a function.
#[differentiable]
fn smooth(x: f64, y: f64) -> f64 {
    softplus(x * y) + softplus(x) + apply(|t| softplus(t * y), x)
}

#[test]
fn each_registration_of_a_pair_is_used_by_its_mode() {
    let (x, y) = (0.4, -1.3);
    registrations_used();
    let (dx, dy) = gradient!(at: x, y, of: smooth);
    assert_eq!(
        registrations_used(),
        (3, 0),
        "reverse mode runs the pullbacks"
    );
    let (_, differential) = value_with_differential!(at: x, y, of: smooth);
    registrations_used();
    // Each direction runs the forward code again.
    let tx = differential(1.0, 0.0);
    assert_eq!(
        registrations_used(),
        (0, 3),
        "forward mode runs the differentials"
    );
    let ty = differential(0.0, 1.0);
    let at = [x, y];
    crate::assert_grad_fd(|p| smooth(p[0], p[1]), &at, &[dx, dy]);
    crate::assert_grad_fd(|p| smooth(p[0], p[1]), &at, &[tx, ty]);
}

#[test]
fn a_pair_used_from_an_operators_closure() {
    let y = 0.7;
    registrations_used();
    let (v, pullback) = value_with_pullback!(at: 0.3, of: |x: f64| softplus(x * y) * x);
    let d = pullback(1.0);
    assert_eq!(registrations_used(), (1, 0));
    crate::assert_close(v, softplus(0.3 * y) * 0.3);
    crate::assert_deriv_fd(|x| softplus(x * y) * x, 0.3, d);
    let t = differentiate!(at: 0.3, of: |x: f64| softplus(x * y) * x);
    assert_eq!(registrations_used(), (0, 1));
    crate::assert_deriv_fd(|x| softplus(x * y) * x, 0.3, t);
}

/// `swish(x) = x·σ(x)`, registered in forward mode only: its reverse is derived from the
/// differential.
fn swish(x: f64) -> f64 {
    x * logistic(x)
}

#[derivative(of = swish, forward)]
fn swish_jvp(x: f64) -> (f64, impl Fn(f64) -> f64) {
    let s = logistic(x);
    (x * s, move |t| t * (s + x * s * (1.0 - s)))
}

/// `gelu`-like `x·tanh(x)`, registered in reverse mode only: its forward is derived from
/// the pullback.
fn xtanh(x: f64) -> f64 {
    x * x.tanh()
}

#[derivative(of = xtanh)]
fn xtanh_vjp(x: f64) -> (f64, impl Fn(f64) -> f64) {
    let t = x.tanh();
    (x * t, move |d| d * (t + x * (1.0 - t * t)))
}

#[differentiable]
fn activations(x: f64, y: f64) -> f64 {
    swish(x * y) + xtanh(x - y) * swish(y)
}

#[test]
fn one_registration_gives_the_other_mode() {
    // Value, reverse and forward against central differences; the second order is not
    // registered, so only the first-order modes are checked here.
    for (x, y) in [(0.4, 1.3), (-0.8, 0.2)] {
        let (value, (dx, dy)) = value_with_gradient!(at: x, y, of: activations);
        crate::assert_close(value, activations(x, y));
        let at = [x, y];
        crate::assert_grad_fd(|p| activations(p[0], p[1]), &at, &[dx, dy]);
        let (_, differential) = value_with_differential!(at: x, y, of: activations);
        let forward = [differential(1.0, 0.0), differential(0.0, 1.0)];
        crate::assert_grad_fd(|p| activations(p[0], p[1]), &at, &forward);
    }
}
