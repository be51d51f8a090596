//! Independent references for derivatives, and the gradient check built on them.
//!
//! `check_gradient!(at: x, of: f)` (the `ad` facade's macro) compares reverse mode, forward
//! mode and central differences of the original function in seeded random directions, the way
//! JAX's `check_grads` and ChainRules' `test_rrule` do, and `ad::check::check_function` does
//! the same for a function value made by `ad::function!`; both expand or call [`run`] here.
//! Both return a [`GradientCheck`] or a [`GradientCheckError`] naming the worst input
//! component. [`central_difference`] and [`central_difference_gradient`] are the plain
//! differences, for scalar functions.

mod arguments;
mod engine;
mod options;
mod report;
mod second;
mod support;

#[doc(hidden)]
pub use arguments::{Arguments, Slots};
#[doc(hidden)]
pub use engine::{Names, run};
pub use options::Options;
pub use report::{Component, Failure, GradientCheck, GradientCheckError};
#[doc(hidden)]
pub use second::{HessianMatrix, run_second};
#[doc(hidden)]
pub use support::{Literal, Probe, ProbeBasis, ProbeOther, TypeLiteral, is_unsuffixed_float};

/// The default step of [`central_difference`]: about the cube root of `f64::EPSILON`, which
/// balances truncation error (O(h^2)) against rounding error (O(eps / h)).
pub const DEFAULT_STEP: f64 = 6.0554544523933395e-6;

/// `(f(x + h) - f(x - h)) / 2h`, the derivative of a scalar function of one scalar.
pub fn central_difference(f: impl Fn(f64) -> f64, x: f64) -> f64 {
    let h = DEFAULT_STEP * x.abs().max(1.0);
    (f(x + h) - f(x - h)) / (2.0 * h)
}

/// The gradient of a scalar function of several scalars by central differences, one
/// coordinate at a time.
pub fn central_difference_gradient(f: impl Fn(&[f64]) -> f64, x: &[f64]) -> Vec<f64> {
    let mut point = x.to_vec();
    (0..x.len())
        .map(|i| {
            let h = DEFAULT_STEP * x[i].abs().max(1.0);
            point[i] = x[i] + h;
            let up = f(&point);
            point[i] = x[i] - h;
            let down = f(&point);
            point[i] = x[i];
            (up - down) / (2.0 * h)
        })
        .collect()
}

/// Whether `a` and `b` agree to a relative tolerance (absolute near zero): the comparison
/// gradient checks make against finite differences.
pub fn close(a: f64, b: f64, tolerance: f64) -> bool {
    (a - b).abs() <= tolerance * a.abs().max(b.abs()).max(1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn central_difference_matches_closed_forms() {
        assert!(close(central_difference(f64::sin, 0.3), 0.3f64.cos(), 1e-8));
        let g = central_difference_gradient(|p| p[0] * p[1] * p[1], &[2.0, 3.0]);
        assert!(close(g[0], 9.0, 1e-8) && close(g[1], 12.0, 1e-8));
    }
}
