//! argmin's solvers fed by `ad` (the `argmin` feature, with `nalgebra` for Newton's method):
//! the gradient and the Hessian argmin sees are `ad`'s, a cost and a gradient at one point
//! take one reverse pass, and L-BFGS, conjugate gradient, steepest descent and Newton's method
//! converge to the known minimum of the Rosenbrock function.
#![cfg(feature = "argmin")]

use ad::argmin::Problem;
use ad::ndarray::Array1;
use ad::prelude::*;
use argmin::core::{CostFunction, Executor, Gradient, Hessian, State};
use argmin::solver::gradientdescent::SteepestDescent;
use argmin::solver::linesearch::MoreThuenteLineSearch;
use argmin::solver::quasinewton::LBFGS;

/// `Σ 100 (x_{i+1} - x_i²)² + (1 - x_i)²`, minimal (0) at `(1, .., 1)`.
#[differentiable]
fn rosenbrock(x: &[f64]) -> f64 {
    let mut sum = 0.0;
    for i in 0..x.len() - 1 {
        sum += 100.0 * (x[i + 1] - x[i] * x[i]).powi(2) + (1.0 - x[i]).powi(2);
    }
    sum
}

/// `(-1.2, 1, -1.2, 1, ..)`.
fn standard_start(n: usize) -> Vec<f64> {
    (0..n)
        .map(|i| if i % 2 == 0 { -1.2 } else { 1.0 })
        .collect()
}

#[test]
fn argmin_sees_the_value_gradient_and_hessian_of_ad() {
    let problem = Problem::new(function!(|x: Vec<f64>| rosenbrock(&x)));
    let x = vec![0.3, -0.7, 1.1, 0.4];
    let (value, want) = value_with_gradient!(at: &x[..], of: rosenbrock);
    assert_eq!(problem.cost(&x).unwrap(), value);
    assert_eq!(problem.gradient(&x).unwrap(), want);
    // The cost and the gradient at one point came from one reverse pass.
    assert_eq!(problem.passes(), 1);
    assert_eq!(problem.gradient(&vec![0.0; 4]).unwrap().len(), 4);
    assert_eq!(problem.passes(), 2);
    let h = problem.hessian(&x).unwrap();
    let exact = hessian!(at: x.clone(), of: |x: Vec<f64>| rosenbrock(&x));
    for i in 0..4 {
        for j in 0..4 {
            assert_eq!(h[i][j], exact[[i, j]]);
        }
    }
}

#[test]
fn lbfgs_minimises_the_10_dimensional_rosenbrock_function() {
    let problem = Problem::new(function!(|x: Vec<f64>| rosenbrock(&x)));
    let solver = LBFGS::new(MoreThuenteLineSearch::new(), 7);
    let result = Executor::new(problem, solver)
        .configure(|state| state.param(standard_start(10)).max_iters(200))
        .run()
        .unwrap();
    let best = result.state().get_best_param().unwrap();
    assert!(best.iter().all(|x| (x - 1.0).abs() < 1e-6), "{best:?}");
    assert!(result.state().get_best_cost() < 1e-12);
    // One reverse pass per point the line search tried, not two.
    let problem = result.problem.problem.as_ref().unwrap();
    assert!(
        problem.passes() <= result.state().get_iter() as usize * 3 + 2,
        "{}",
        problem.passes()
    );
}

#[test]
fn steepest_descent_and_conjugate_gradient_go_downhill() {
    use argmin::solver::conjugategradient::NonlinearConjugateGradient;
    use argmin::solver::conjugategradient::beta::PolakRibiere;
    let start = standard_start(4);
    let problem = Problem::new(function!(|x: Vec<f64>| rosenbrock(&x)));
    let f0 = problem.cost(&start).unwrap();
    let descent = Executor::new(problem, SteepestDescent::new(MoreThuenteLineSearch::new()))
        .configure(|state| state.param(start.clone()).max_iters(50))
        .run()
        .unwrap();
    assert!(descent.state().get_best_cost() < 0.5 * f0);
    let problem = Problem::new(function!(|x: Vec<f64>| rosenbrock(&x)));
    let cg = NonlinearConjugateGradient::new(MoreThuenteLineSearch::new(), PolakRibiere::new())
        .restart_iters(10)
        .restart_orthogonality(0.1);
    let result = Executor::new(problem, cg)
        .configure(|state| state.param(start).max_iters(500))
        .run()
        .unwrap();
    let best = result.state().get_best_param().unwrap();
    assert!(best.iter().all(|x| (x - 1.0).abs() < 1e-4), "{best:?}");
}

/// The loss of an ndarray user: argmin sees a `Vec<f64>`, the function an `Array1<f64>`.
#[differentiable]
fn quadratic(w: &Array1<f64>) -> f64 {
    let target = Array1::from_vec(vec![1.0, -2.0, 0.5]);
    let d = w - &target;
    (&d * &d).sum() + 0.1 * w.sum().powi(2)
}

#[test]
fn ndarray_functions_are_minimised_through_vec_parameters() {
    let problem = Problem::new(function!(|w: Array1<f64>| quadratic(&w)));
    let x = vec![0.3, 0.2, -0.1];
    let want = gradient!(at: &Array1::from_vec(x.clone()), of: quadratic);
    assert_eq!(problem.gradient(&x).unwrap(), want.to_vec());
    let result = Executor::new(problem, LBFGS::new(MoreThuenteLineSearch::new(), 5))
        .configure(|state| state.param(x).max_iters(50))
        .run()
        .unwrap();
    let best = Array1::from_vec(result.state().get_best_param().unwrap().clone());
    let at_best = gradient!(at: &best, of: quadratic);
    assert!(at_best.iter().all(|g| g.abs() < 1e-8), "{at_best}");
}

#[cfg(feature = "nalgebra")]
mod with_nalgebra {
    use super::*;
    use ad::nalgebra::{DVector, SVector};
    use argmin::solver::newton::Newton;

    #[differentiable]
    fn rosenbrock_na(x: &DVector<f64>) -> f64 {
        let mut sum = 0.0;
        for i in 0..x.len() - 1 {
            sum += 100.0 * (x[i + 1] - x[i] * x[i]).powi(2) + (1.0 - x[i]).powi(2);
        }
        sum
    }

    #[test]
    fn newton_with_the_exact_hessian_minimises_rosenbrock() {
        let problem = Problem::new(function!(|x: DVector<f64>| rosenbrock_na(&x)));
        let x = DVector::from_vec(standard_start(10));
        let h = problem.hessian(&x).unwrap();
        let exact = hessian!(at: x.clone(), of: |x: DVector<f64>| rosenbrock_na(&x));
        assert_eq!(h, exact);
        let result = Executor::new(problem, Newton::<f64>::new())
            .configure(|state| state.param(x).max_iters(50))
            .run()
            .unwrap();
        let best = result.state().get_best_param().unwrap();
        assert!(best.iter().all(|x| (x - 1.0).abs() < 1e-8), "{best}");
    }

    #[test]
    fn lbfgs_on_static_vectors() {
        let problem = Problem::new(function!(|x: SVector<f64, 4>| (x
            - SVector::<f64, 4>::repeat(2.0))
        .norm_squared()));
        let g = problem.gradient(&SVector::zeros()).unwrap();
        assert_eq!(g, SVector::<f64, 4>::repeat(-4.0));
        let result = Executor::new(problem, LBFGS::new(MoreThuenteLineSearch::new(), 3))
            .configure(|state| state.param(SVector::zeros()).max_iters(20))
            .run()
            .unwrap();
        let best = result.state().get_best_param().unwrap();
        assert!((best - SVector::<f64, 4>::repeat(2.0)).norm() < 1e-8);
    }
}
