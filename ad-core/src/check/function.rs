//! The check of a function value: a [`DifferentiableFn`] made by `ad::function!`, for code that
//! holds the function rather than naming it.

use super::engine::{Names, run};
use super::options::Options;
use super::report::{GradientCheck, GradientCheckError};
use crate::basis::Basis;
use crate::forward::{Absent, Present};
use crate::function::DifferentiableFn;
use crate::{Differentiable, Tangent};

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
