//! Free functions with `&mut` parameters (inout, as Swift and Slang call them), called from
//! differentiable code as `accumulate(&mut s, x)`: the derivative flows through the mutated
//! place, whether the function returns nothing, a `bool` or a value.

use crate::check::{check_hessian, check_idiom};
use ad::prelude::*;

/// Returns nothing: only `*acc` changes.
#[differentiable]
fn accumulate(acc: &mut f64, x: f64) {
    *acc += x * x;
}

#[differentiable]
fn sum_of_squares(x: f64, y: f64) -> f64 {
    let mut s = 0.0;
    accumulate(&mut s, x);
    accumulate(&mut s, y * x);
    for k in 1..4 {
        accumulate(&mut s, y / k as f64);
    }
    s
}

#[test]
fn an_inout_function_without_a_result() {
    check_idiom!(sum_of_squares, [(0.5, 1.5), (-1.2, 0.3)]);
    check_hessian!(sum_of_squares, [(0.5, 1.5)]);
}

/// Returns whether it clamped: a `bool` beside the mutated place.
#[differentiable]
fn clamp_in_place(v: &mut f64, limit: f64) -> bool {
    if *v > limit {
        *v = limit;
        true
    } else {
        false
    }
}

#[differentiable]
fn clamped_then_scaled(x: f64, y: f64) -> f64 {
    let mut v = x * y;
    let hit = clamp_in_place(&mut v, 1.0 + y);
    if hit { v * x } else { v.sin() + x }
}

#[test]
fn an_inout_function_returning_a_bool() {
    // Both sides of the clamp.
    check_idiom!(clamped_then_scaled, [(0.5, 0.5), (3.0, 0.8), (-1.2, 0.3)]);
    check_hessian!(clamped_then_scaled, [(0.5, 0.5), (3.0, 0.8)]);
}

/// Returns a value computed from the old state, and updates the state: one step of a
/// running mean that returns the deviation it saw.
#[differentiable]
fn update_mean(mean: &mut f64, count: usize, x: f64) -> f64 {
    let deviation = x - *mean;
    *mean += deviation / count as f64;
    deviation * deviation
}

#[differentiable]
fn running_mean(x: f64, y: f64) -> f64 {
    let xs = [x, y, x * y, y.exp()];
    let mut mean = 0.0;
    let mut spread = 0.0;
    for (i, &v) in xs.iter().enumerate() {
        spread += update_mean(&mut mean, i + 1, v);
    }
    mean * 2.0 + spread
}

#[test]
fn an_inout_function_returning_a_value() {
    check_idiom!(running_mean, [(0.5, 1.5), (-1.2, 0.3)]);
    check_hessian!(running_mean, [(0.5, 1.5)]);
}

/// Two inout parameters, one a `Vec`, and an early `return`.
#[differentiable]
fn push_and_total(v: &mut Vec<f64>, total: &mut f64, x: f64) -> usize {
    if x < 0.0 {
        return v.len();
    }
    v.push(x.sqrt());
    *total += x;
    v.len()
}

#[differentiable]
fn pushes(x: f64, y: f64) -> f64 {
    let mut v = vec![y];
    let mut total = x;
    let n = push_and_total(&mut v, &mut total, x * x);
    let m = push_and_total(&mut v, &mut total, y - 10.0);
    v[n - 1] * total + (m as f64) * v[0] * y
}

#[test]
fn two_inout_parameters_with_an_early_return() {
    check_idiom!(pushes, [(0.5, 1.5), (-1.2, 0.3)]);
    check_hessian!(pushes, [(0.5, 1.5)]);
}

/// A `&mut [f64]` updated element by element, called on a local `Vec` and on an alias.
#[differentiable]
fn scale_all(v: &mut [f64], by: f64) {
    for i in 0..v.len() {
        v[i] *= by;
    }
}

#[differentiable]
fn scaled_norm(x: f64, y: f64) -> f64 {
    let mut v = vec![x, y, x * y];
    scale_all(&mut v, y);
    let r = &mut v;
    scale_all(&mut *r, x);
    v.iter().map(|a| a * a).sum::<f64>()
}

#[test]
fn an_inout_slice() {
    check_idiom!(scaled_norm, [(0.5, 1.5), (-1.2, 0.3)]);
    check_hessian!(scaled_norm, [(0.5, 1.5)]);
}

/// The place is a field or an element of a local, and the callee calls another inout
/// function through `&mut *acc`.
#[differentiable]
fn accumulate_twice(acc: &mut f64, x: f64) {
    accumulate(&mut *acc, x);
    accumulate(acc, x.sin());
}

#[differentiable]
fn into_parts(x: f64, y: f64) -> f64 {
    let mut pair = (x, y);
    let mut v = vec![0.0, y];
    accumulate_twice(&mut pair.0, y);
    accumulate_twice(&mut v[1], x);
    pair.0 * pair.1 + v[1]
}

#[test]
fn inout_places_that_are_parts_of_locals() {
    check_idiom!(into_parts, [(0.5, 1.5), (-1.2, 0.3)]);
    check_hessian!(into_parts, [(0.5, 1.5)]);
}

/// Called from plain code, the function is unchanged; differentiated alone, its derivative
/// takes the state by value and returns the result and the new state.
#[test]
fn an_inout_function_differentiated_alone() {
    let mut s = 1.0;
    accumulate(&mut s, 3.0);
    assert_eq!(s, 10.0);
    let ((_, mean), pullback) = value_with_pullback!(at: 2.0, 3, 5.0, of: update_mean);
    assert_eq!(mean, 2.0 + 3.0 / 3.0);
    // d mean' / d mean = 1 - 1/3, d mean' / dx = 1/3.
    let (d_mean, _, dx) = pullback((0.0, 1.0));
    crate::assert_close(d_mean, 2.0 / 3.0);
    crate::assert_close(dx, 1.0 / 3.0);
}

/// Out-parameters as C ports write them (`err: &mut f64`, `out: &mut [f64]`): their incoming
/// value does not matter, and no warning says so (the module denies the warning's lint).
#[deny(deprecated)]
mod out_parameters {
    use ad::prelude::*;

    #[differentiable]
    pub fn subtract(d: usize, x: &[f64], y: &[f64], out: &mut [f64]) {
        for id in 0..d {
            out[id] = x[id] - y[id];
        }
    }

    #[differentiable]
    pub fn objective(x: &[f64], err: &mut f64) {
        let mut centred = vec![0.0; 2];
        subtract(2, x, &[1.0, 2.0], &mut centred);
        *err = centred[0] * centred[1];
    }
}

#[test]
fn out_parameters_are_not_warned() {
    let x = vec![3.0, 5.0];
    let gradient = ad::gradient!(at: &x, of: |x: &[f64]| {
        let mut err = 0.0;
        out_parameters::objective(x, &mut err);
        err
    });
    // (x0 - 1)(x1 - 2): (x1 - 2, x0 - 1).
    crate::assert_close(gradient[0], 3.0);
    crate::assert_close(gradient[1], 2.0);
}

/// A `&mut` slice parameter passed on to a function of this file that takes `&[f64]`
/// (gradbench's ode: `ode_fun(n, xi, yf, &mut k1)`; ba: `sqsum(2, proj)`): lent, as Rust
/// coerces it, found by reading the callee's declaration from this file. It was taken for an
/// inout argument (E0308 on generated code).
#[differentiable]
fn product_of_two(y: &[f64]) -> f64 {
    y[0] * y[1]
}

#[differentiable]
fn scale_by_the_product(y: &mut [f64]) {
    let s = product_of_two(y);
    y[0] = s * y[0];
}

#[differentiable]
fn after_scaling(x: f64) -> f64 {
    let mut y = vec![x, 2.0];
    scale_by_the_product(&mut y);
    y[0] + y[1]
}

#[test]
fn a_mutable_slice_lent_to_a_function_that_reads_it() {
    // y = [x, 2], y[0] = 2x · x: 2x² + 2, slope 4x.
    crate::assert_close(ad::gradient!(at: 1.5, of: after_scaling), 6.0);
    crate::common::every_mode::assert_every_mode!(after_scaling, 1.5);
}
