//! Checking derivatives: [`check_gradient!`](crate::check_gradient) compares reverse mode,
//! forward mode and central differences of a function at a point, in seeded random
//! directions and along single input components, the way JAX's `check_grads` and ChainRules'
//! `test_rrule` do; [`check_function`] does the same for a function value made by
//! [`function!`](crate::function). Both return a [`GradientCheck`] (what was compared) or a
//! [`GradientCheckError`] naming the worst input component, the three derivatives there and
//! the tolerance. [`central_difference`] and [`central_difference_gradient`] are the plain
//! differences, for a function of scalars.
//!
//! ```
//! use ad::check::Failure;
//! use ad::prelude::*;
//!
//! fn softplus(x: f64) -> f64 {
//!     x.exp().ln_1p()
//! }
//!
//! // Wrong: the derivative is the logistic function, 1 / (1 + e^-x).
//! #[derivative(of = softplus)]
//! fn softplus_vjp(x: f64) -> (f64, impl Fn(f64) -> f64) {
//!     (softplus(x), move |d| d / (1.0 + x.exp()))
//! }
//!
//! #[differentiable]
//! fn model(w: &[f64], x: f64) -> f64 {
//!     softplus(w[0] * x + w[1])
//! }
//!
//! fn main() {
//!     let error = check_gradient!(at: &vec![0.5, -0.3], 2.0, of: model).unwrap_err();
//!     // Both modes use the registration, so they agree with each other, not with the function.
//!     assert_eq!(error.failure, Failure::DifferencesDisagree);
//!     let component = error.component.as_ref().unwrap();
//!     assert_eq!((component.name.as_str(), component.index), ("&vec![0.5, -0.3]", 0));
//!     assert!((error.reverse - error.forward).abs() < 1e-12);
//!     let logistic = 1.0 / (1.0 + (-(0.5 * 2.0 - 0.3f64)).exp());
//!     assert!((error.differences - 2.0 * logistic).abs() < 1e-8);  // ∂/∂w0 = x σ(w0 x + w1)
//!     println!("{error}");
//! }
//! ```

pub use ad_core::check::*;

use ad_core::basis::Basis;
use ad_core::forward::{Absent, Present};
use ad_core::function::DifferentiableFn;
use ad_core::{Differentiable, Tangent};

/// [`check_function_with`] with the default [`Options`].
///
/// ```
/// use ad::prelude::*;
///
/// let k = 3.0;
/// let f = function!(|x: f64| (k * x).sin());
/// let report = ad::check::check_function(&f, 0.4);
/// assert!(report.is_ok(), "{:?}", report.err());
/// ```
#[allow(clippy::result_large_err, reason = "as `ad::check::run`'s")]
pub fn check_function<A, F>(function: &F, at: A) -> Result<GradientCheck, GradientCheckError>
where
    F: DifferentiableFn<A>,
    A: Differentiable + Clone,
    Tangent<A>: Basis,
    F::Output: Basis,
    Tangent<F::Output>: Basis,
{
    check_function_with(function, at, &Options::default())
}

/// Compares the reverse-mode, forward-mode and central-difference derivatives of a function
/// value at `at`, as `check_gradient!` does for a named function or a closure literal. A
/// function of several arguments takes them as a tuple. The steps are not scaled to the
/// argument, whose type the check cannot read: for components far from 1, prefer
/// `check_gradient!`, or set [`Options::step`].
///
/// ```
/// use ad::check::{Options, check_function_with};
/// use ad::prelude::*;
///
/// let f = function!(|x: f64| x.exp() * x);
/// let options = Options { directions: 5, ..Options::default() };
/// let report = check_function_with(&f, 0.7, &options).unwrap();
/// assert_eq!(report.directions, 5);
/// ```
#[allow(clippy::result_large_err, reason = "as `ad::check::run`'s")]
pub fn check_function_with<A, F>(
    function: &F,
    at: A,
    options: &Options,
) -> Result<GradientCheck, GradientCheckError>
where
    F: DifferentiableFn<A>,
    A: Differentiable + Clone,
    Tangent<A>: Basis,
    F::Output: Basis,
    Tangent<F::Output>: Basis,
{
    let point = (at,);
    let (value, pullback) = function.__ad_vjp_call(point.0.clone());
    run(
        &point,
        &Names {
            function: "function value",
            arguments: &["x"],
        },
        &[None],
        &value,
        |u| (pullback(u).1,),
        |(t,)| {
            function
                .__ad_fwd_call(point.0.clone(), Absent, Present(t))
                .1
        },
        |(x,), _| function.call(x.clone()),
        options,
    )
}
