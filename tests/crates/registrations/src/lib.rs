//! Retroactive derivative registrations for `plain-math`, a crate that never heard of `ad`.
//!
//! This is "crate B" of retroactive registration (API.md, "Registering derivatives";
//! DESIGN.md, "Finding derivatives without types"). It demonstrates:
//!
//! - `#[derivative(of = plain_math::softplus)]` on a `pub fn` registers a reverse-mode
//!   derivative of a function of another crate. The attribute keeps `softplus_vjp` and emits a
//!   companion `pub mod softplus { pub fn vjp(..) }` at this crate's root, so
//!   `registrations::softplus` names the *registration* (type namespace) while
//!   `plain_math::softplus` names the *function* (value namespace). A caller imports both:
//!   `use plain_math::softplus; use registrations::softplus;`.
//! - the registration's visibility is the companion's: a private `fn softplus_vjp` would give
//!   a private `mod softplus` that other crates cannot import, so these are all `pub`.
//! - `wrt = x` ([`scaled_sq_vjp`]): only `x` is differentiated, `k` is a constant and the
//!   pullback returns a bare cotangent.
//! - several differentiated parameters ([`lerp_vjp`]): the pullback returns a tuple, in
//!   parameter order.
//! - a function inside a module of the foreign crate (`plain_math::special::logistic`).
//! - this crate's own `#[differentiable] pub fn`s ([`models`]) that call the registered
//!   functions, and can themselves be called from differentiable code in other crates.
//! - [`prelude`]: one glob import that brings the functions *and* their registrations.
//!
//! The registrations call the foreign functions by their full path
//! (`plain_math::softplus(x)`) on purpose: if this crate's root also imported the function
//! (`use plain_math::softplus;`), `crate::softplus` would name both a private import (value
//! namespace) and the public companion module (type namespace), and
//! `pub use crate::softplus;` in the prelude would silently re-export only the module, while
//! `pub use plain_math::softplus; pub use crate::softplus;` would clash (E0252). With the root
//! holding only the modules, the prelude re-exports each namespace from its own crate.
//!
//! [`quantize_vjp`] registers the *exact* derivative of rounding (zero almost everywhere);
//! `registration-app` overrides it locally with a straight-through estimator to show that a
//! registration in the caller's own module takes precedence over a glob-imported one.
use ad::prelude::*;

/// Registers the derivative of [`plain_math::softplus`]: `softplus'(x) = logistic(x)`.
#[derivative(of = plain_math::softplus)]
pub fn softplus_vjp(x: f64) -> (f64, impl Fn(f64) -> f64) {
    (plain_math::softplus(x), move |dy| {
        dy * plain_math::special::logistic(x)
    })
}

/// Registers the derivative of [`plain_math::scaled_sq`] with respect to `x` only:
/// `d/dx (k x^2) = 2 k x`; `k` is a constant for differentiable callers.
#[derivative(of = plain_math::scaled_sq, wrt = x)]
pub fn scaled_sq_vjp(x: f64, k: f64) -> (f64, impl Fn(f64) -> f64) {
    (plain_math::scaled_sq(x, k), move |dy| dy * 2.0 * k * x)
}

/// Registers the derivative of [`plain_math::lerp`] with respect to all three parameters:
/// `(1 - t, t, b - a)`, returned as a tuple in parameter order.
#[derivative(of = plain_math::lerp)]
pub fn lerp_vjp(a: f64, b: f64, t: f64) -> (f64, impl Fn(f64) -> (f64, f64, f64)) {
    (plain_math::lerp(a, b, t), move |dy| {
        (dy * (1.0 - t), dy * t, dy * (b - a))
    })
}

/// Registers the exact derivative of [`plain_math::quantize`]: rounding is piecewise
/// constant, so its derivative is 0 (the jumps at half-integers are ignored).
#[derivative(of = plain_math::quantize)]
pub fn quantize_vjp(x: f64) -> (f64, impl Fn(f64) -> f64) {
    (plain_math::quantize(x), move |_dy| 0.0)
}

/// Registers the derivative of [`plain_math::special::logistic`]: `s (1 - s)` with
/// `s = logistic(x)`, saved from the forward computation.
#[derivative(of = plain_math::special::logistic)]
pub fn logistic_vjp(x: f64) -> (f64, impl Fn(f64) -> f64) {
    let s = plain_math::special::logistic(x);
    (s, move |dy| dy * s * (1.0 - s))
}

/// Registers a forward-mode derivative of [`plain_math::cubic`]: value and differential. The
/// reverse mode callers need is derived from it.
#[derivative(of = plain_math::cubic, forward)]
pub fn cubic_jvp(x: f64) -> (f64, impl Fn(f64) -> f64) {
    (plain_math::cubic(x), move |dx| (3.0 * x * x - 1.0) * dx)
}

/// This crate's own differentiable functions, written against the registrations above.
pub mod models {
    use crate::prelude::*;
    use ad::prelude::*;

    /// `softplus(x) * logistic(x) + 3 x^2`.
    #[differentiable]
    pub fn smooth_relu_sq(x: f64) -> f64 {
        let s = softplus(x);
        s * logistic(x) + scaled_sq(x, 3.0)
    }

    /// `lerp(x, y, logistic(x * y))`: a blend of two variables with a learned-looking weight.
    #[differentiable]
    pub fn soft_blend(x: f64, y: f64) -> f64 {
        let t = logistic(x * y);
        lerp(x, y, t)
    }
}
pub use models::{smooth_relu_sq, soft_blend};

/// Everything in one glob: `use registrations::prelude::*;` brings each `plain_math`
/// function (value namespace) together with its registration (type namespace), and this
/// crate's own differentiable functions with their companions.
pub mod prelude {
    pub use crate::{cubic, lerp, logistic, quantize, scaled_sq, softplus};
    pub use crate::{smooth_relu_sq, soft_blend};
    pub use plain_math::special::logistic;
    pub use plain_math::{cubic, lerp, quantize, scaled_sq, softplus};
}
