//! Forward-mode registration, and each mode derived from a registration of the other.

use crate::{assert_close, assert_deriv_fd};
use ad::prelude::*;
use std::sync::atomic::{AtomicUsize, Ordering::SeqCst};

fn cube(x: f64) -> f64 {
    x * x * x
}

static CUBE_DIFFERENTIALS: AtomicUsize = AtomicUsize::new(0);

/// A forward-mode registration only.
#[derivative(of = cube, forward)]
fn cube_jvp(x: f64) -> (f64, impl Fn(f64) -> f64) {
    (cube(x), move |dx| {
        CUBE_DIFFERENTIALS.fetch_add(1, SeqCst);
        3.0 * x * x * dx
    })
}

#[differentiable]
fn uses_cube(x: f64, y: f64) -> f64 {
    cube(x * y) + y
}

#[test]
fn a_forward_registration_serves_both_modes() {
    // f = x³y³ + y: ∂x = 3x²y³, ∂y = 3x³y² + 1
    let (x, y) = (1.5, -0.5);
    let before = CUBE_DIFFERENTIALS.load(SeqCst);
    let dx = differentiate!(at: x, of: |x: f64| uses_cube(x, y));
    assert_close(dx, 3.0 * x * x * y.powi(3));
    assert!(
        CUBE_DIFFERENTIALS.load(SeqCst) > before,
        "the registered differential is used"
    );
    // Reverse mode, derived from the differential: one differential call per parameter.
    let (gx, gy) = ad::gradient!(at: x, y, of: uses_cube);
    assert_close(gx, 3.0 * x * x * y.powi(3));
    assert_close(gy, 3.0 * x.powi(3) * y * y + 1.0);
}

fn polar(r: f64, phi: f64) -> (f64, f64) {
    (r * phi.cos(), r * phi.sin())
}

/// A reverse-mode registration of a function with a tuple result: forward mode is derived
/// with one pullback call per component of the result.
#[derivative(of = polar)]
fn polar_vjp(r: f64, phi: f64) -> ((f64, f64), impl Fn((f64, f64)) -> (f64, f64)) {
    let (c, s) = (phi.cos(), phi.sin());
    (polar(r, phi), move |(dx, dy)| {
        (dx * c + dy * s, -dx * r * s + dy * r * c)
    })
}

#[differentiable]
fn distance_from_one(r: f64, phi: f64) -> f64 {
    let p = polar(r, phi);
    (p.0 - 1.0) * (p.0 - 1.0) + p.1 * p.1
}

#[test]
fn forward_mode_derived_from_a_reverse_registration() {
    let (r, phi) = (2.0, 0.7);
    let d_phi = differentiate!(at: phi, of: |phi: f64| distance_from_one(r, phi));
    assert_deriv_fd(|phi| distance_from_one(r, phi), phi, d_phi);
    let (value, differential) = value_with_differential!(at: r, phi, of: polar);
    assert_eq!(value, polar(r, phi));
    let t = differential(1.0, 0.0);
    assert_close(t.0, phi.cos());
    assert_close(t.1, phi.sin());
}

fn softplus(x: f64) -> f64 {
    x.exp().ln_1p()
}

static SOFTPLUS_FORWARD: AtomicUsize = AtomicUsize::new(0);

/// Both modes by hand: the reverse registration names the forward one.
#[derivative(of = softplus, forward = softplus_jvp)]
fn softplus_vjp(x: f64) -> (f64, impl Fn(f64) -> f64) {
    let s = 1.0 / (1.0 + (-x).exp());
    (softplus(x), move |d| d * s)
}

fn softplus_jvp(x: f64) -> (f64, impl Fn(f64) -> f64) {
    SOFTPLUS_FORWARD.fetch_add(1, SeqCst);
    let s = 1.0 / (1.0 + (-x).exp());
    (softplus(x), move |dx| dx * s)
}

#[test]
fn a_reverse_registration_can_name_the_forward_one() {
    let before = SOFTPLUS_FORWARD.load(SeqCst);
    let d = differentiate!(at: 0.3, of: softplus);
    assert_close(d, 1.0 / (1.0 + (-0.3f64).exp()));
    assert_eq!(
        SOFTPLUS_FORWARD.load(SeqCst),
        before + 1,
        "the named forward rule is used"
    );
    assert_close(ad::gradient!(at: 0.3, of: softplus), d);
}

/// `logistic(x) = 1 / (1 + e^-x)`, registered in both modes as two items (the contract's
/// spelling): each mode uses its own registration.
fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

static LOGISTIC_PULLBACKS: AtomicUsize = AtomicUsize::new(0);
static LOGISTIC_DIFFERENTIALS: AtomicUsize = AtomicUsize::new(0);

#[derivative(of = logistic)]
fn logistic_vjp(x: f64) -> (f64, impl Fn(f64) -> f64) {
    let s = logistic(x);
    (s, move |d| {
        LOGISTIC_PULLBACKS.fetch_add(1, SeqCst);
        d * s * (1.0 - s)
    })
}

#[derivative(of = logistic, forward)]
fn logistic_jvp(x: f64) -> (f64, impl Fn(f64) -> f64) {
    let s = logistic(x);
    (s, move |dx| {
        LOGISTIC_DIFFERENTIALS.fetch_add(1, SeqCst);
        dx * s * (1.0 - s)
    })
}

/// The forward registration first, then the reverse one.
fn swish(x: f64) -> f64 {
    x * logistic(x)
}

static SWISH_PULLBACKS: AtomicUsize = AtomicUsize::new(0);
static SWISH_DIFFERENTIALS: AtomicUsize = AtomicUsize::new(0);

fn swish_slope(x: f64) -> f64 {
    let s = logistic(x);
    s + x * s * (1.0 - s)
}

#[derivative(of = swish, forward)]
fn swish_jvp(x: f64) -> (f64, impl Fn(f64) -> f64) {
    let slope = swish_slope(x);
    (swish(x), move |dx| {
        SWISH_DIFFERENTIALS.fetch_add(1, SeqCst);
        dx * slope
    })
}

#[derivative(of = swish)]
fn swish_vjp(x: f64) -> (f64, impl Fn(f64) -> f64) {
    let slope = swish_slope(x);
    (swish(x), move |d| {
        SWISH_PULLBACKS.fetch_add(1, SeqCst);
        d * slope
    })
}

#[differentiable]
fn gated(x: f64, y: f64) -> f64 {
    logistic(x * y) * y + swish(x - y)
}

/// Runs `f` and says which registered rules it called: (pullbacks, differentials) of
/// `logistic` and of `swish`.
fn calls(f: impl FnOnce()) -> [usize; 4] {
    let counters = [
        &LOGISTIC_PULLBACKS,
        &LOGISTIC_DIFFERENTIALS,
        &SWISH_PULLBACKS,
        &SWISH_DIFFERENTIALS,
    ];
    let before = counters.map(|c| c.load(SeqCst));
    f();
    let after = counters.map(|c| c.load(SeqCst));
    [0, 1, 2, 3].map(|i| after[i] - before[i])
}

#[test]
fn a_reverse_and_a_forward_registration_as_two_items_each_serve_their_mode() {
    let (x, y) = (0.8, -0.3);
    let fd = |f: &dyn Fn(f64) -> f64, t: f64| ad::check::central_difference(f, t);
    let (want_x, want_y) = (fd(&|x| gated(x, y), x), fd(&|y| gated(x, y), y));
    // Reverse mode calls the two pullbacks and no differential.
    let mut reverse = (0.0, 0.0);
    let used = calls(|| reverse = ad::gradient!(at: x, y, of: gated));
    assert_eq!(
        used,
        [1, 0, 1, 0],
        "reverse mode uses the reverse registrations"
    );
    crate::assert_close_tol(reverse.0, want_x, crate::FD);
    crate::assert_close_tol(reverse.1, want_y, crate::FD);
    // Forward mode calls the two differentials and no pullback.
    let mut forward = 0.0;
    let used = calls(|| forward = differentiate!(at: x, of: |x: f64| gated(x, y)));
    assert_eq!(
        used,
        [0, 1, 0, 1],
        "forward mode uses the forward registrations"
    );
    assert_close(forward, reverse.0);
    // The same as operands of the operators (one test: the counters are shared).
    let x = 0.4;
    let used = calls(|| assert_close(differentiate!(at: x, of: swish), swish_slope(x)));
    assert_eq!(used, [0, 0, 0, 1]);
    let slope = logistic(x) * (1.0 - logistic(x));
    let used = calls(|| assert_close(ad::gradient!(at: x, of: logistic), slope));
    assert_eq!(used, [1, 0, 0, 0]);
}
