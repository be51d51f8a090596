//! An application that differentiates code calling `plain-math` (which knows nothing of
//! `ad`) through the derivatives registered in the `registrations` crate.
//!
//! This is "crate C" of retroactive registration (API.md, "Registering derivatives";
//! DESIGN.md, "Finding derivatives without types"). Each module brings the registrations into
//! scope one documented way and defines the same kind of `#[differentiable]` function, so
//! the tests in `tests/lookup.rs` can check every form against closed forms and central
//! finite differences:
//!
//! - [`explicit`]: `use plain_math::softplus; use registrations::softplus;` (the function
//!   from the value namespace of crate A, its registration from the type namespace of B).
//! - [`glob`]: `use plain_math::*; use registrations::*;`.
//! - [`via_prelude`]: `use registrations::prelude::*;`, B's re-export of both.
//! - [`forward_registration`]: a retroactive forward-mode registration, `use`d the same way.
//! - [`cross_crate`]: calls of `registrations`' own `#[differentiable]` functions, imported
//!   or by qualified path (`registrations::smooth_relu_sq(x)`).
//! - [`exact`] and [`straight_through`]: both glob-import the exact (zero) derivative of
//!   `plain_math::quantize`; [`straight_through`] also registers a straight-through estimator
//!   in its own module, which takes precedence over the glob-imported registration.
//!
//! Known limits (documented in DESIGN.md): a fully qualified call `plain_math::softplus(x)`
//! only sees a registration made by `plain_math` itself (there is none), so it does not
//! compile; two explicit imports of registrations of the same function clash (E0252), and
//! an explicit import clashes with a registration in the same module (E0255).

/// `use plain_math::softplus; use registrations::softplus;` and the same for each callee.
pub mod explicit {
    use ad::prelude::*;
    use plain_math::scaled_sq;
    use plain_math::softplus;
    use plain_math::special::logistic;
    use registrations::logistic;
    use registrations::scaled_sq;
    use registrations::softplus;

    /// `softplus(x) * logistic(x) + 2 x^2`.
    #[differentiable]
    pub fn f(x: f64) -> f64 {
        softplus(x) * logistic(x) + scaled_sq(x, 2.0)
    }
}

/// A retroactive forward-mode registration (`registrations::cubic`), used in both modes.
pub mod forward_registration {
    use ad::prelude::*;
    use plain_math::cubic;
    use registrations::cubic;

    /// `cubic(x y) + y`.
    #[differentiable]
    pub fn f(x: f64, y: f64) -> f64 {
        cubic(x * y) + y
    }
}

/// Glob imports of the function's crate and of the registering crate.
pub mod glob {
    use ad::prelude::*;
    use plain_math::special::*;
    use plain_math::*;
    use registrations::*;

    /// `softplus(x) * logistic(x) + 2 x^2`.
    #[differentiable]
    pub fn f(x: f64) -> f64 {
        softplus(x) * logistic(x) + scaled_sq(x, 2.0)
    }
}

/// One glob import of the registering crate's prelude, which re-exports both namespaces.
pub mod via_prelude {
    use ad::prelude::*;
    use registrations::prelude::*;

    /// `softplus(x) * logistic(x) + 2 x^2`.
    #[differentiable]
    pub fn f(x: f64) -> f64 {
        softplus(x) * logistic(x) + scaled_sq(x, 2.0)
    }

    /// `lerp(x, y, 0.25) * y`: a registration whose pullback returns a tuple; `t` is a
    /// constant here, so its cotangent is computed and dropped.
    #[differentiable]
    pub fn blend(x: f64, y: f64) -> f64 {
        lerp(x, y, 0.25) * y
    }

    /// `scaled_sq(x, k)` where `k` is a parameter of the caller: the registration is
    /// `wrt = x` only, so `k` must be passed through `no_grad` (its derivative is unknown)
    /// and this function is differentiated with respect to `x` alone.
    #[differentiable(wrt = x)]
    pub fn scaled(x: f64, k: f64) -> f64 {
        scaled_sq(x, no_grad(k)) + x
    }
}

/// Calls of functions that crate `registrations` made `#[differentiable]` itself.
pub mod cross_crate {
    use ad::prelude::*;
    use registrations::soft_blend;

    /// `2 * smooth_relu_sq(x) + soft_blend(x, 0.5)`, the first by qualified path, the second
    /// imported (one `use` brings the function and its companion module).
    #[differentiable]
    pub fn model(x: f64) -> f64 {
        2.0 * registrations::smooth_relu_sq(x) + soft_blend(x, 0.5)
    }

    /// A two-variable caller of `registrations::models::soft_blend` (a path through a
    /// module of the other crate).
    #[differentiable]
    pub fn model2(x: f64, y: f64) -> f64 {
        registrations::models::soft_blend(x, y) * x
    }
}

/// `quantize` with only the glob-imported registration: its exact derivative, 0.
pub mod exact {
    use ad::prelude::*;
    use registrations::prelude::*;

    /// `quantize(x) * x`; with the exact rule its derivative is `round(x)`.
    #[differentiable]
    pub fn rounded_times(x: f64) -> f64 {
        quantize(x) * x
    }
}

/// `quantize` with a registration in this module, which takes precedence over the one that
/// `use registrations::prelude::*;` brings.
pub mod straight_through {
    use ad::prelude::*;
    use registrations::prelude::*;

    /// Registers the straight-through estimator for `plain_math::quantize`, used to train
    /// quantized models: the pullback passes the cotangent through unchanged, as if
    /// rounding were the identity. Deliberately *not* the true derivative (which is 0), so
    /// tests can tell which registration a call used.
    #[derivative(of = quantize)]
    pub fn quantize_ste(x: f64) -> (f64, impl Fn(f64) -> f64) {
        (quantize(x), |dy| dy)
    }

    /// `quantize(x) * x`; with the straight-through rule its derivative is `x + round(x)`.
    #[differentiable]
    pub fn rounded_times(x: f64) -> f64 {
        quantize(x) * x
    }

    /// `gradient!(at: x, of: quantize)` in this module: 1, from the local registration.
    pub fn quantize_gradient(x: f64) -> f64 {
        gradient!(at: x, of: quantize)
    }
}

#[cfg(test)]
mod tests {
    use ad::prelude::*;

    #[test]
    fn local_registration_wins_for_the_operator_too() {
        assert_eq!(super::straight_through::quantize_gradient(0.3), 1.0);
        {
            use registrations::prelude::*;
            assert_eq!(gradient!(at: 0.3, of: quantize), 0.0);
        }
    }
}
