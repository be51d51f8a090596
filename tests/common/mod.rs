//! Assertions shared by the gradient test suites: every derivative is compared with an
//! independent reference, a closed form or central finite differences of the original
//! function (`ad::check`). Included by each suite's `main.rs` with `#[path]`.
#![allow(dead_code)]

pub mod every_mode;
pub mod modes;

use ad::check::{central_difference, central_difference_gradient, close};

/// Relative tolerance against a closed form evaluated in `f64`.
pub const EXACT: f64 = 1e-12;
/// Relative tolerance against a closed form when the function itself is an iteration that
/// only converges to it (Newton, long sums).
pub const ITERATED: f64 = 1e-9;
/// Relative tolerance against central finite differences.
pub const FD: f64 = 1e-6;

/// `got` agrees with the closed form `want` to [`EXACT`].
#[track_caller]
pub fn assert_close(got: f64, want: f64) {
    assert_close_tol(got, want, EXACT);
}

/// `got` agrees with `want` to the relative tolerance `tol`.
#[track_caller]
pub fn assert_close_tol(got: f64, want: f64, tol: f64) {
    assert!(
        close(got, want, tol),
        "got {got:e}, want {want:e} (tolerance {tol:e})"
    );
}

/// Element-wise [`assert_close`].
#[track_caller]
pub fn assert_all_close(got: &[f64], want: &[f64]) {
    assert_eq!(
        got.len(),
        want.len(),
        "gradient length: got {got:?}, want {want:?}"
    );
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert!(
            close(*g, *w, EXACT),
            "component {i}: got {g:e}, want {w:e} (closed form); got {got:?}, want {want:?}"
        );
    }
}

/// The derivative `got` of a scalar function of one scalar agrees with central finite
/// differences of `f` at `x`.
#[track_caller]
pub fn assert_deriv_fd(f: impl Fn(f64) -> f64, x: f64, got: f64) {
    let want = central_difference(f, x);
    assert!(
        close(got, want, FD),
        "at {x}: got {got:e}, finite differences give {want:e}"
    );
}

/// The gradient `got` of a scalar function of several scalars agrees with central finite
/// differences of `f` at `x`.
#[track_caller]
pub fn assert_grad_fd(f: impl Fn(&[f64]) -> f64, x: &[f64], got: &[f64]) {
    let want = central_difference_gradient(f, x);
    assert_eq!(
        got.len(),
        want.len(),
        "gradient length: got {got:?}, want {want:?}"
    );
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        assert!(
            close(*g, *w, FD),
            "at {x:?}, component {i}: got {g:e}, finite differences give {w:e}; got {got:?}"
        );
    }
}

/// `[a, b, c, ...]` followed by `tail`: builds the point of a finite-difference check of a
/// function of a slice and some scalars.
pub fn concat(xs: &[f64], tail: &[f64]) -> Vec<f64> {
    let mut v = xs.to_vec();
    v.extend_from_slice(tail);
    v
}

/// `got` agrees with `want` to a relative tolerance suited to `f32` arithmetic.
#[track_caller]
pub fn assert_close_f32(got: f32, want: f32) {
    let scale = got.abs().max(want.abs()).max(1.0);
    assert!(
        (got - want).abs() <= 1e-5 * scale,
        "got {got:e}, want {want:e} (f32 closed form)"
    );
}

/// The trapezoid rule with 64 intervals, taking the integrand with its derivatives: a
/// differentiable function with a function argument (`tests/control_flow/higher_order.rs`,
/// `tests/forward/hessians.rs`).
#[ad::differentiable]
pub fn integrate<F: ad::DifferentiableFn<f64, Output = f64>>(f: &F, a: f64, b: f64) -> f64 {
    let n = 64;
    let h = (b - a) / n as f64;
    let mut s = 0.5 * (f.call(a) + f.call(b));
    for i in 1..n {
        s += f.call(a + i as f64 * h);
    }
    s * h
}
