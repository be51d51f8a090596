//! `#[derivative(of = f)]`: hand-written derivatives of plain functions, in the same module
//! and in another one, with `wrt`, and proof that differentiable callers use them. The
//! registered rules are deliberately *different* from the true derivative (straight-through
//! estimators, documented below), so a result equal to the registered rule shows which rule
//! was used.

use crate::{assert_all_close, assert_close};
use ad::NoTangent;
use ad::prelude::*;
// The suite's operators, which also check forward mode against reverse mode.
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};

/// A plain function: clip to [-1, 1].
fn clip(x: f64) -> f64 {
    x.clamp(-1.0, 1.0)
}

/// Straight-through derivative of `clip`: the cotangent passes unchanged, also where the
/// true derivative is 0 (|x| > 1).
#[derivative(of = clip)]
fn clip_straight_through(x: f64) -> (f64, impl Fn(f64) -> f64) {
    (clip(x), |d| d)
}

/// 3 · clip(2x) + x
#[differentiable]
fn uses_clip(x: f64) -> f64 {
    3.0 * clip(2.0 * x) + x
}

#[test]
fn registered_derivative_used_by_a_differentiable_caller() {
    // registered rule: d clip = 1 everywhere, so f' = 3 · 2 + 1 = 7, also at x = 2 where
    // the true derivative would be 1 (clip saturated)
    let (value, dx) = value_with_gradient!(at: 2.0, of: uses_clip);
    assert_eq!(value, 5.0);
    assert_eq!(dx, 7.0);
    assert_eq!(gradient!(at: 0.1, of: uses_clip), 7.0);
}

#[test]
fn registered_function_as_the_operand_of_an_operator() {
    assert_eq!(gradient!(at: 5.0, of: clip), 1.0);
    assert_eq!(gradient!(at: -0.5, of: clip), 1.0);
    let pb = pullback!(at: 3.0, of: clip);
    assert_eq!(pb(-2.5), -2.5);
}

#[test]
fn registered_function_called_in_a_closure() {
    // f = clip(x)²: with the registered rule f' = 2 clip(x) · 1
    assert_eq!(gradient!(at: 4.0, of: |x: f64| clip(x) * clip(x)), 2.0);
}

/// A plain function of two arguments, x·y clipped from above by `cap`.
fn capped_product(x: f64, y: f64, cap: f64) -> f64 {
    (x * y).min(cap)
}

/// Registered for x and y only; the gradient ignores the cap (straight-through).
#[derivative(of = capped_product, wrt = (x, y))]
fn capped_product_vjp(x: f64, y: f64, cap: f64) -> (f64, impl Fn(f64) -> (f64, f64)) {
    (capped_product(x, y, cap), move |d| (d * y, d * x))
}

#[differentiable(wrt = (x, y))]
fn uses_capped(x: f64, y: f64) -> f64 {
    capped_product(x, y, 1.0) + x
}

#[test]
fn registration_with_wrt_and_several_cotangents() {
    // registered: ∂/∂x = y, ∂/∂y = x even above the cap; so ∂/∂x = y + 1, ∂/∂y = x
    let (dx, dy) = gradient!(at: 2.0, 3.0, of: uses_capped);
    assert_all_close(&[dx, dy], &[4.0, 2.0]);
    // directly: the cap's slot is NoTangent
    let (dx, dy, dcap) = gradient!(at: 2.0, 3.0, 1.0, of: capped_product);
    assert_all_close(&[dx, dy], &[3.0, 2.0]);
    assert_eq!(dcap, NoTangent);
}

/// A plain library in its own module: knows nothing about `ad`.
mod plain {
    /// Round to the nearest integer.
    pub fn quantize(x: f64) -> f64 {
        x.round()
    }

    /// eˣ computed by a plain function.
    pub fn my_exp(x: f64) -> f64 {
        x.exp()
    }
}

/// Derivatives registered in another module than the functions.
mod rules {
    use super::plain;
    use ad::prelude::*;

    /// Straight-through estimator of rounding: derivative 1 (true derivative 0 a.e.).
    #[derivative(of = plain::quantize)]
    pub fn quantize_vjp(x: f64) -> (f64, impl Fn(f64) -> f64) {
        (plain::quantize(x), |d| d)
    }

    /// The true derivative of exp, from the value.
    #[derivative(of = plain::my_exp)]
    pub fn my_exp_vjp(x: f64) -> (f64, impl Fn(f64) -> f64) {
        let y = plain::my_exp(x);
        (y, move |d| d * y)
    }
}

/// A caller importing the function and its registration explicitly.
mod caller_explicit {
    use super::plain::quantize;
    use super::rules::quantize;
    use ad::prelude::*;

    /// quantize(x) · x
    #[differentiable]
    pub fn quantized_product(x: f64) -> f64 {
        quantize(x) * x
    }
}

#[test]
fn registration_in_another_module_with_explicit_imports() {
    // straight-through: f' = 1 · x + round(x)
    let x = 2.3;
    assert_close(
        gradient!(at: x, of: caller_explicit::quantized_product),
        x + 2.0,
    );
}

/// A caller importing both modules with globs.
mod caller_glob {
    use super::plain::*;
    use super::rules::*;
    use ad::prelude::*;

    /// my_exp(x²) + quantize(3x)
    #[differentiable]
    pub fn mixed(x: f64) -> f64 {
        my_exp(x * x) + quantize(3.0 * x)
    }
}

#[test]
fn registrations_in_another_module_with_glob_imports() {
    // f' = e^(x²) 2x + 3 (straight-through quantize)
    let x: f64 = 0.8;
    assert_close(
        gradient!(at: x, of: caller_glob::mixed),
        (x * x).exp() * 2.0 * x + 3.0,
    );
}

/// A module whose own registration of `quantize` must win over the glob-imported one.
mod caller_local_rule {
    use super::plain::{my_exp, quantize};
    use super::rules::*;
    use ad::prelude::*;

    /// The true derivative of rounding almost everywhere: 0.
    #[derivative(of = quantize)]
    fn quantize_zero(x: f64) -> (f64, impl Fn(f64) -> f64) {
        (quantize(x), |_| 0.0)
    }

    /// quantize(x) · x + my_exp(x)
    #[differentiable]
    pub fn f(x: f64) -> f64 {
        quantize(x) * x + my_exp(x)
    }
}

#[test]
fn local_registration_takes_precedence_over_a_glob_import() {
    // local rule: d quantize = 0, so f' = round(x) + eˣ (the glob's rule would add x)
    let x: f64 = 1.7;
    assert_close(gradient!(at: x, of: caller_local_rule::f), 2.0 + x.exp());
}

/// A registration whose pullback uses a saved intermediate: softsign x / (1 + |x|) with the
/// true derivative 1 / (1 + |x|)², to check a registered rule is applied at the right point
/// inside a longer chain.
fn softsign(x: f64) -> f64 {
    x / (1.0 + x.abs())
}

#[derivative(of = softsign)]
fn softsign_vjp(x: f64) -> (f64, impl Fn(f64) -> f64) {
    let denom = 1.0 + x.abs();
    (x / denom, move |d| d / (denom * denom))
}

/// softsign(sin x)² · 2
#[differentiable]
fn softsign_chain(x: f64) -> f64 {
    let s = softsign(x.sin());
    2.0 * s * s
}

#[test]
fn registered_rule_inside_a_chain() {
    // u = sin x, s = u/(1+|u|): f' = 4 s · 1/(1+|u|)² · cos x
    for x in [-1.0f64, 0.4, 2.5] {
        let u = x.sin();
        let s = u / (1.0 + u.abs());
        let want = 4.0 * s / ((1.0 + u.abs()) * (1.0 + u.abs())) * x.cos();
        assert_close(gradient!(at: x, of: softsign_chain), want);
    }
}

/// A plain associated function with a derivative registered inside its impl block.
struct Activation;

impl Activation {
    /// ReLU.
    fn relu(x: f64) -> f64 {
        x.max(0.0)
    }

    /// "Leaky" straight-through rule: slope 1 for x > 0 and 0.1 below (the true slope
    /// below 0 is 0).
    #[derivative(of = Self::relu)]
    fn relu_leaky_vjp(x: f64) -> (f64, impl Fn(f64) -> f64) {
        let slope = if x > 0.0 { 1.0 } else { 0.1 };
        (Self::relu(x), move |d| d * slope)
    }
}

/// relu(x) + relu(-2x), through `Activation::relu`.
#[differentiable]
fn uses_relu(x: f64) -> f64 {
    Activation::relu(x) + Activation::relu(-2.0 * x)
}

#[test]
fn registration_of_an_associated_function() {
    // x > 0: 1 + 0.1 · (-2); x < 0: 0.1 + 1 · (-2)
    assert_close(gradient!(at: 1.5, of: uses_relu), 1.0 - 0.2);
    assert_close(gradient!(at: -1.5, of: uses_relu), 0.1 - 2.0);
    assert_close(gradient!(at: -3.0, of: Activation::relu), 0.1);
}

/// A plain function of a reference, registered with a precise `use<>` bound.
fn square_ref(x: &f64) -> f64 {
    *x * *x
}

#[derivative(of = square_ref)]
fn square_ref_vjp(x: &f64) -> (f64, impl Fn(f64) -> f64 + use<>) {
    let v = *x;
    (square_ref(x), move |d| d * 2.0 * v)
}

/// A plain tuple-valued function and a plain function with an integer parameter.
fn sin_cos(x: f64) -> (f64, f64) {
    (x.sin(), x.cos())
}

#[derivative(of = sin_cos)]
fn sin_cos_vjp(x: f64) -> ((f64, f64), impl Fn((f64, f64)) -> f64) {
    (sin_cos(x), move |(a, b)| a * x.cos() - b * x.sin())
}

fn int_power(x: f64, n: i32) -> f64 {
    x.powi(n)
}

/// Default wrt: the integer parameter is left out, so the pullback returns one cotangent.
#[derivative(of = int_power)]
fn int_power_vjp(x: f64, n: i32) -> (f64, impl Fn(f64) -> f64) {
    (int_power(x, n), move |d| d * n as f64 * x.powi(n - 1))
}

/// square_ref(&y) + sin_cos(x).0 · int_power(x, 3) - sin_cos(x).1
#[differentiable]
fn uses_registered_shapes(x: f64) -> f64 {
    let y = x;
    let sc = sin_cos(x);
    square_ref(&y) + sc.0 * int_power(x, 3) - sc.1
}

#[test]
fn registrations_with_reference_tuple_and_integer_parameters() {
    // f = x² + sin x · x³ - cos x: f' = 2x + cos x · x³ + 3x² sin x + sin x
    let x: f64 = 0.5;
    let want = 2.0 * x + x.cos() * x.powi(3) + 3.0 * x * x * x.sin() + x.sin();
    assert_close(gradient!(at: x, of: uses_registered_shapes), want);
}

static PRIMAL_CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
static PULLBACK_CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

fn counted(x: f64) -> f64 {
    3.0 * x
}

#[derivative(of = counted)]
fn counted_vjp(x: f64) -> (f64, impl Fn(f64) -> f64) {
    use std::sync::atomic::Ordering::SeqCst;
    PRIMAL_CALLS.fetch_add(1, SeqCst);
    (counted(x), |d| {
        PULLBACK_CALLS.fetch_add(1, SeqCst);
        3.0 * d
    })
}

/// counted(x) · counted(x²): two calls.
#[differentiable]
fn calls_counted_twice(x: f64) -> f64 {
    counted(x) * counted(x * x)
}

#[test]
fn each_call_runs_its_derivative_once() {
    use std::sync::atomic::Ordering::SeqCst;
    // f = 9x³: f' = 27x²
    let before = (PRIMAL_CALLS.load(SeqCst), PULLBACK_CALLS.load(SeqCst));
    // `ad`'s own operator: the suite's would also run the derivatives for its mode check.
    assert_close(ad::gradient!(at: 2.0, of: calls_counted_twice), 108.0);
    let after = (PRIMAL_CALLS.load(SeqCst), PULLBACK_CALLS.load(SeqCst));
    assert_eq!(
        (after.0 - before.0, after.1 - before.1),
        (2, 2),
        "one VJP and one pullback call per call site"
    );
}
