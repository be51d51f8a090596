//! The 10-dimensional Rosenbrock function minimised by argmin's solvers with `ad`'s
//! derivatives (`cargo run --release --example argmin_rosenbrock --features argmin,nalgebra`):
//! L-BFGS on a `Vec<f64>` (argmin-math's `vec` backend) and Newton's method, whose Hessian
//! comes from `hessian!`, on an nalgebra `DVector<f64>`, both from the standard start
//! `(-1.2, 1, -1.2, 1, ..)`, printing their iterations.

use ad::argmin::Problem;
use ad::nalgebra::DVector;
use ad::prelude::*;
use argmin::core::{Executor, State};
use argmin::solver::linesearch::MoreThuenteLineSearch;
use argmin::solver::newton::Newton;
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

/// The same function of an nalgebra vector.
#[differentiable]
fn rosenbrock_na(x: &DVector<f64>) -> f64 {
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

fn main() -> Result<(), argmin::core::Error> {
    let n = 10;

    println!("L-BFGS (memory 7, More-Thuente line search) on Vec<f64>:");
    let problem = Problem::new(function!(|x: Vec<f64>| rosenbrock(&x)));
    let solver = LBFGS::new(MoreThuenteLineSearch::new(), 7);
    let result = Executor::new(problem, solver)
        .configure(|state| state.param(standard_start(n)).max_iters(200))
        .add_observer(Iterations, argmin::core::observers::ObserverMode::Always)
        .run()?;
    let state = result.state();
    let best = state.get_best_param().expect("a best point");
    println!(
        "  {} iterations, {:?}; f = {:.3e}, reverse passes {}",
        state.get_iter(),
        state.get_termination_status(),
        state.get_best_cost(),
        result.problem.problem.as_ref().map_or(0, |p| p.passes()),
    );
    println!("  x = {:.6?}", best);
    assert!(best.iter().all(|x| (x - 1.0).abs() < 1e-6));

    println!("Newton's method (exact Hessian by hessian!) on DVector<f64>:");
    let problem = Problem::new(function!(|x: DVector<f64>| rosenbrock_na(&x)));
    let result = Executor::new(problem, Newton::<f64>::new())
        .configure(|state| {
            state
                .param(DVector::from_vec(standard_start(n)))
                .max_iters(NEWTON_STEPS)
        })
        .add_observer(
            NewtonIterations,
            argmin::core::observers::ObserverMode::Always,
        )
        .run()?;
    let state = result.state();
    let best = state.get_best_param().expect("a best point");
    println!(
        "  {} iterations, {:?}",
        state.get_iter(),
        state.get_termination_status()
    );
    println!("  x = {:.6?}", best.as_slice());
    assert!(best.iter().all(|x| (x - 1.0).abs() < 1e-6));
    Ok(())
}

/// Newton's method has no test of convergence in argmin: it takes this many steps (from the
/// standard start, pure Newton wanders for about 28 and converges quadratically in the
/// last six).
const NEWTON_STEPS: u64 = 35;

/// Prints each iteration of Newton's method, which never asks for the cost: the cost and the
/// distance to the minimum at its point, evaluated here.
struct NewtonIterations;

type NewtonState =
    argmin::core::IterState<DVector<f64>, DVector<f64>, (), ad::nalgebra::DMatrix<f64>, (), f64>;

impl argmin::core::observers::Observe<NewtonState> for NewtonIterations {
    fn observe_iter(
        &mut self,
        state: &NewtonState,
        _kv: &argmin::core::KV,
    ) -> Result<(), argmin::core::Error> {
        let x = state.get_param().expect("a point");
        let distance = x.map(|v| v - 1.0).norm();
        println!(
            "  iteration {:3}: f = {:.6e}, |x - 1| = {distance:.3e}",
            state.get_iter(),
            rosenbrock_na(x)
        );
        Ok(())
    }
}

/// Prints each iteration of L-BFGS: its number and the cost.
struct Iterations;

impl<I: State<Float = f64>> argmin::core::observers::Observe<I> for Iterations {
    fn observe_iter(
        &mut self,
        state: &I,
        _kv: &argmin::core::KV,
    ) -> Result<(), argmin::core::Error> {
        println!(
            "  iteration {:3}: f = {:.6e}",
            state.get_iter(),
            state.get_cost()
        );
        Ok(())
    }
}
