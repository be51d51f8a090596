//! argmin's solvers fed by `ad` (the `argmin` feature): [`Problem`] turns a differentiable
//! function into an argmin problem, with `CostFunction`, `Gradient` and `Hessian` from `ad`'s
//! derivatives.
//!
//! ```
//! # #[cfg(feature = "argmin")] mod demo {
//! use ad::argmin::Problem;
//! use ad::prelude::*;
//! use argmin::core::{Executor, State};
//! use argmin::solver::linesearch::MoreThuenteLineSearch;
//! use argmin::solver::quasinewton::LBFGS;
//!
//! #[differentiable]
//! fn rosenbrock(x: &[f64]) -> f64 {
//!     let mut sum = 0.0;
//!     for i in 0..x.len() - 1 {
//!         sum += 100.0 * (x[i + 1] - x[i] * x[i]).powi(2) + (1.0 - x[i]).powi(2);
//!     }
//!     sum
//! }
//!
//! pub fn main() {
//!     let problem = Problem::new(function!(|x: Vec<f64>| rosenbrock(&x)));
//!     let solver = LBFGS::new(MoreThuenteLineSearch::new(), 7);
//!     let result = Executor::new(problem, solver)
//!         .configure(|state| state.param(vec![-1.2, 1.0]).max_iters(100))
//!         .run()
//!         .unwrap();
//!     let best = result.state().get_best_param().unwrap();
//!     assert!((best[0] - 1.0).abs() < 1e-6 && (best[1] - 1.0).abs() < 1e-6);
//! }
//! # }
//! # fn main() { #[cfg(feature = "argmin")] demo::main() }
//! ```
//!
//! The function is given with its derivatives by [`function!`](crate::function), and takes
//! its parameter by value: `Vec<f64>` (argmin-math's `vec` backend), an nalgebra
//! `DVector<f64>` or `SVector<f64, N>` (its `nalgebra_v0_34` backend, with the `nalgebra`
//! feature too), or an ndarray `Array1<f64>`, which argmin sees as a `Vec<f64>` (argmin-math
//! has no backend for ndarray 0.17: the problem converts at the boundary, one copy per
//! evaluation, and the function differentiates its `Array1` as usual). Which solvers apply is
//! argmin's business: L-BFGS, nonlinear conjugate gradient and steepest descent with a line
//! search take any of them; Newton's method needs a Hessian it can invert, which argmin-math's
//! nalgebra backend has and its `vec` backend has not, so run Newton on nalgebra vectors.
//!
//! argmin asks for the cost and the gradient separately, and its line searches ask for both
//! at each point they try, the cost first. So [`Problem`] computes both in one reverse pass
//! (`value_with_gradient!`'s) when either is asked for, and keeps the gradient of the last
//! point for the question that follows: a cost and a gradient at one point cost one pass. (A
//! solver that asks only for costs, such as a backtracking line search, pays for gradients it
//! does not use.) The Hessian comes from `hessian!`'s second-order forward mode: exact,
//! `n(n + 1)/2` passes.
//!
//! [`Problem`]: crate::argmin::Problem

use crate::{Differentiable, DifferentiableFn, Tangent};
use ad_core::basis::Basis;
use ad_core::forward::{Absent, Present};
use ad_core::hessian::{HessianArgument, hessian};
use argmin::core::{CostFunction, Error, Gradient, Hessian};
use ndarray::{Array1, Array2};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A type a differentiable function takes as its parameter, and how argmin sees it: the
/// parameter, the gradient and the Hessian of argmin-math's backend for it.
pub trait Parameter: Differentiable + HessianArgument + Sized {
    /// The parameter argmin's solvers move.
    type Param: Clone + PartialEq;
    /// The gradient argmin sees.
    type Gradient;
    /// The Hessian argmin sees.
    type Matrix;
    /// The function's argument at argmin's parameter.
    fn from_param(param: &Self::Param) -> Self;
    /// The gradient, from the argument's tangent.
    fn gradient(tangent: Tangent<Self>) -> Self::Gradient;
    /// The Hessian, from `hessian!`'s.
    fn hessian(hessian: <Self as HessianArgument>::Hessian) -> Self::Matrix;
}

/// The rows of a square matrix, as argmin-math's `vec` backend takes a Hessian.
fn rows(matrix: Array2<f64>) -> Vec<Vec<f64>> {
    matrix.outer_iter().map(|row| row.to_vec()).collect()
}

/// argmin-math's `vec` backend: the Hessian as its rows.
impl Parameter for Vec<f64> {
    type Param = Vec<f64>;
    type Gradient = Vec<f64>;
    type Matrix = Vec<Vec<f64>>;
    fn from_param(param: &Vec<f64>) -> Self {
        param.clone()
    }
    fn gradient(tangent: Vec<f64>) -> Vec<f64> {
        tangent
    }
    fn hessian(hessian: Array2<f64>) -> Vec<Vec<f64>> {
        rows(hessian)
    }
}

/// An ndarray vector, which argmin sees as a `Vec<f64>` (argmin-math has no backend for
/// ndarray 0.17).
impl Parameter for Array1<f64> {
    type Param = Vec<f64>;
    type Gradient = Vec<f64>;
    type Matrix = Vec<Vec<f64>>;
    fn from_param(param: &Vec<f64>) -> Self {
        Array1::from_vec(param.clone())
    }
    fn gradient(tangent: Array1<f64>) -> Vec<f64> {
        tangent.to_vec()
    }
    fn hessian(hessian: Array2<f64>) -> Vec<Vec<f64>> {
        rows(hessian)
    }
}

/// argmin-math's nalgebra backend: an nalgebra column vector (`DVector<f64>`,
/// `SVector<f64, N>`), with its square matrix as the Hessian.
#[cfg(feature = "nalgebra")]
impl<D: nalgebra::Dim> Parameter for nalgebra::OMatrix<f64, D, nalgebra::U1>
where
    nalgebra::DefaultAllocator:
        nalgebra::allocator::Allocator<D, nalgebra::U1> + nalgebra::allocator::Allocator<D, D>,
{
    type Param = Self;
    type Gradient = Self;
    type Matrix = nalgebra::OMatrix<f64, D, D>;
    fn from_param(param: &Self) -> Self {
        param.clone()
    }
    fn gradient(tangent: Self) -> Self {
        tangent
    }
    fn hessian(hessian: nalgebra::OMatrix<f64, D, D>) -> nalgebra::OMatrix<f64, D, D> {
        hessian
    }
}

/// A differentiable function of one parameter as an argmin problem: `Problem::new(function!(f))`
/// implements argmin's `CostFunction`, `Gradient` and `Hessian` (see the [module](self)).
pub struct Problem<F, X: Parameter> {
    function: F,
    /// The last point a cost or gradient was asked for, with the value and gradient there.
    last: Mutex<Option<(X::Param, f64, X::Gradient)>>,
    passes: AtomicUsize,
}

impl<F, X> Problem<F, X>
where
    X: Parameter,
    X::Gradient: Clone,
    F: DifferentiableFn<X, Output = f64>,
{
    /// The problem of minimising `function`, a function with its derivatives made by
    /// [`function!`](crate::function): `Problem::new(function!(|x: Vec<f64>| rosenbrock(&x)))`.
    pub fn new(function: F) -> Self {
        Problem {
            function,
            last: Mutex::new(None),
            passes: AtomicUsize::new(0),
        }
    }

    /// The value and the gradient at `param`, from one reverse pass, or from the last one if
    /// it was at the same point.
    pub fn value_and_gradient(&self, param: &X::Param) -> (f64, X::Gradient) {
        let mut last = self.last.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((at, value, gradient)) = last.as_ref()
            && at == param
        {
            return (*value, gradient.clone());
        }
        self.passes.fetch_add(1, Ordering::Relaxed);
        let (value, pullback) = self.function.__ad_vjp_call(X::from_param(param));
        let gradient = X::gradient(pullback(1.0).1);
        *last = Some((param.clone(), value, gradient.clone()));
        (value, gradient)
    }

    /// How many reverse passes (value and gradient) the problem has run so far.
    pub fn passes(&self) -> usize {
        self.passes.load(Ordering::Relaxed)
    }
}

impl<F, X> CostFunction for Problem<F, X>
where
    X: Parameter,
    X::Gradient: Clone,
    F: DifferentiableFn<X, Output = f64>,
{
    type Param = X::Param;
    type Output = f64;
    /// The value, computed with the gradient, which the next `gradient` at this point reuses.
    fn cost(&self, param: &X::Param) -> Result<f64, Error> {
        Ok(self.value_and_gradient(param).0)
    }
}

impl<F, X> Gradient for Problem<F, X>
where
    X: Parameter,
    X::Gradient: Clone,
    F: DifferentiableFn<X, Output = f64>,
{
    type Param = X::Param;
    type Gradient = X::Gradient;
    /// The gradient by reverse mode (the one computed with the last cost, at the same point).
    fn gradient(&self, param: &X::Param) -> Result<X::Gradient, Error> {
        Ok(self.value_and_gradient(param).1)
    }
}

impl<F, X> Hessian for Problem<F, X>
where
    X: Parameter + Clone,
    Tangent<X>: Basis,
    X::Gradient: Clone,
    F: DifferentiableFn<X, Output = f64>,
{
    type Param = X::Param;
    type Hessian = X::Matrix;
    /// The exact Hessian by second-order forward mode, as `hessian!` gives it.
    fn hessian(&self, param: &X::Param) -> Result<X::Matrix, Error> {
        let x = X::from_param(param);
        let matrix = hessian(&x, x.zero_tangent(), |t1, t2, t12| {
            let (_, (_, _, second)) =
                self.function
                    .__ad_hvp_call(x.clone(), Absent, Present((t1, t2, t12)));
            second
        });
        Ok(X::hessian(matrix))
    }
}
