//! Settings passed to numeric code: a struct of counts and flags, an enum that picks a
//! formula, a solver whose `&self` holds only its options. Their types do not derive
//! `Differentiable`, and none is differentiated: the result does not depend on them through
//! any float (they choose branches, bound loops, pick variants), so the attribute makes them
//! constants without `wrt` (see the README, "Which parameters are differentiated").

use crate::check::{check_hessian, check_idiom};
use ad::prelude::*;

/// Options of an iteration: how many steps, and whether to clip.
#[derive(Clone, Debug)]
pub struct Options {
    steps: usize,
    clip: bool,
    threshold: f64,
}

/// A damped fixed-point iteration whose shape the options choose; `threshold` is a float,
/// but only compared with.
#[differentiable]
fn iterate(options: &Options, x: f64) -> f64 {
    let mut y = x;
    for _ in 0..options.steps {
        y = 0.5 * y.sin() + x;
    }
    if options.clip && y > options.threshold {
        y = y.sqrt();
    }
    y * x
}

/// Calls `iterate` with options built inside: the caller's derivative goes through it.
#[differentiable]
fn iterated(x: f64, y: f64) -> f64 {
    let options = Options {
        steps: 4,
        clip: true,
        threshold: 1.0,
    };
    let plain = Options {
        steps: 2,
        clip: false,
        threshold: 0.0,
    };
    iterate(&options, x * y) + iterate(&plain, y)
}

#[test]
fn options_struct_is_a_constant() {
    check_idiom!(iterated, [(0.8, 1.3), (-0.4, 0.6), (1.5, 1.1)]);
    check_hessian!(iterated, [(0.8, 1.3), (-0.4, 0.6)]);
    let options = Options {
        steps: 3,
        clip: true,
        threshold: 0.5,
    };
    for x in [0.2, 0.9, 1.7] {
        let (value, dx) = value_with_gradient!(at: x, of: |x: f64| iterate(&options, x));
        crate::assert_close(value, iterate(&options, x));
        crate::assert_deriv_fd(|t: f64| iterate(&options, t), x, dx);
        let forward = differentiate!(at: x, of: |x: f64| iterate(&options, x));
        crate::assert_close(forward, dx);
    }
}

/// Which activation a layer uses.
#[derive(Clone, Copy, Debug)]
pub enum Activation {
    Relu,
    Tanh,
    Softplus,
}

/// An activation picked by an enum passed by value.
#[differentiable]
fn activate(activation: Activation, x: f64) -> f64 {
    match activation {
        Activation::Relu => x.max(0.0),
        Activation::Tanh => x.tanh(),
        Activation::Softplus => x.exp().ln_1p(),
    }
}

/// A two-unit layer using every activation, the enum's variants written at the calls.
#[differentiable]
fn layer(x: f64, w: f64) -> f64 {
    activate(Activation::Tanh, w * x)
        + activate(Activation::Softplus, x - w)
        + activate(Activation::Relu, x * x - w)
}

#[test]
fn enum_parameter_is_a_constant() {
    check_idiom!(layer, [(0.7, 0.2), (-0.5, 1.4), (1.3, -0.8)]);
    check_hessian!(layer, [(0.7, 0.2), (-0.5, 1.4)]);
    // d/dx tanh(x) = 1 - tanh², against the closed form.
    for x in [-1.0, 0.3, 2.0] {
        let dx = gradient!(at: x, of: |t: f64| activate(Activation::Tanh, t));
        crate::assert_close(dx, 1.0 - x.tanh().powi(2));
    }
}

/// A solver whose `&self` holds only options: the method is differentiated in `x` alone.
pub struct Newton {
    iterations: usize,
}

impl Newton {
    /// The square root of `a` by Newton's iteration from `a` itself.
    #[differentiable]
    fn sqrt(&self, a: f64) -> f64 {
        let mut r = a;
        for _ in 0..self.iterations {
            r = 0.5 * (r + a / r);
        }
        r
    }
}

#[test]
fn options_receiver_is_a_constant() {
    let newton = Newton { iterations: 30 };
    for a in [0.5, 2.0, 9.0] {
        // Converged, so the derivative is that of the square root.
        let da = gradient!(at: a, of: |a: f64| newton.sqrt(a));
        crate::assert_close(da, 0.5 / a.sqrt());
        let forward = differentiate!(at: a, of: |a: f64| newton.sqrt(a));
        crate::assert_close(forward, da);
        let few = Newton { iterations: 3 };
        let da = gradient!(at: a, of: |a: f64| few.sqrt(a));
        crate::assert_deriv_fd(|t: f64| few.sqrt(t), a, da);
    }
}

/// A struct that is differentiable, read only for a comparison: a constant too, and a
/// closure that differentiates in it gets a zero.
#[derive(Differentiable, Clone, Debug)]
pub struct Bounds {
    low: f64,
}

#[differentiable]
fn above(bounds: &Bounds, x: f64) -> f64 {
    if x > bounds.low { x * x } else { x }
}

#[test]
fn unused_differentiable_struct_gets_a_zero() {
    let bounds = Bounds { low: 0.5 };
    let (dbounds, dx) = gradient!(at: &bounds, 2.0, of: |b: &Bounds, x: f64| above(b, x) * 3.0);
    crate::assert_close(dbounds.low, 0.0);
    crate::assert_close(dx, 12.0);
}

/// A differentiable struct given to a function whose `wrt` leaves it out, by a caller that
/// differentiates it: that call contributes a zero to its adjoint, the other uses theirs.
#[derive(Differentiable, Clone, Debug)]
pub struct Gain {
    k: f64,
}

#[differentiable(wrt = x)]
fn amplified(gain: &Gain, x: f64) -> f64 {
    gain.k * x * x
}

#[differentiable]
fn gained(gain: &Gain, x: f64) -> f64 {
    amplified(gain, x) + gain.k.sin() * x
}

#[test]
fn argument_left_out_by_wrt_gets_a_zero_from_that_call() {
    for (k, x) in [(0.5, 1.5), (-1.2, 0.3)] {
        let gain = Gain { k };
        let (dgain, dx) = gradient!(at: &gain, x, of: gained);
        // Only `gain.k.sin() * x` reaches `k`: `amplified` holds its gain constant.
        crate::assert_close(dgain.k, k.cos() * x);
        crate::assert_close(dx, 2.0 * k * x + k.sin());
    }
}
