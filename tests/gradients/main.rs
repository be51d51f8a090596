//! Gradient test corpus for reverse mode of straight-line code.
//!
//! Every test differentiates a whole function marked `#[differentiable]` (or a closure
//! literal, or a function with a registered derivative) with the operators, and compares the
//! result with an independent reference: a closed form derived by hand (written in the test's
//! comment), or central finite differences of the *original* function.

// The operators call the generated derivative code, not the original functions.
#![allow(dead_code)]


mod arithmetic;
mod calls;
mod closures;
mod f32;
mod float_methods;
mod locals;
mod numerics;
mod references;
mod registration;
mod tuples;
mod wrt;

use ad::check::{central_difference, central_difference_gradient, close};

/// Relative tolerance against a closed form evaluated in `f64`.
pub const EXACT: f64 = 1e-12;
/// Relative tolerance against central finite differences (truncation + rounding error of
/// the default step is about 1e-10 for the smooth functions used here).
pub const FD: f64 = 1e-6;

/// `got` agrees with the closed form `want` to [`EXACT`].
#[track_caller]
pub fn assert_close(got: f64, want: f64) {
    assert!(
        close(got, want, EXACT),
        "got {got:e}, want {want:e} (closed form)"
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
            "component {i}: got {g:e}, want {w:e} (closed form); got {got:?}"
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

/// `got` agrees with `want` to a relative tolerance suited to `f32` arithmetic.
#[track_caller]
pub fn assert_close_f32(got: f32, want: f32) {
    let scale = got.abs().max(want.abs()).max(1.0);
    assert!(
        (got - want).abs() <= 1e-5 * scale,
        "got {got:e}, want {want:e} (f32 closed form)"
    );
}
