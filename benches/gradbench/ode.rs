//! ode: the gradient of the last element of a Runge-Kutta solution of an ODE, ported line by
//! line from gradbench's `cpp/gradbench/evals/ode.hpp` (after cmpad's `an_ode`): the helper
//! `ode_fun` writing through an out-parameter, the scratch vectors `k1`..`k4` and `y_tmp`
//! allocated once (`std::vector<T> k1(n), k2(n), k3(n), k4(n), y_tmp(n);`, one declaration,
//! here one `let`) and overwritten at every step, the solution written into `yf` (the
//! `#pragma omp parallel for` there left out of this single-threaded port).
//!
//! (It was pending until a `fill` of a range, a `Vec` bound by a tuple pattern and a `&mut`
//! parameter lent to a function taking `&[f64]` compiled: see `tests/idioms/vec_methods.rs`,
//! `tests/idioms/patterns.rs` and `tests/idioms/inout.rs`.)

use super::harness::{Eval, GradientEval, Numbers, check_gradient, gradient_eval};
use ad::prelude::*;

#[differentiable]
fn ode_fun(n: usize, x: &[f64], y: &[f64], z: &mut [f64]) {
    z[0] = x[0];
    for i in 1..n {
        z[i] = x[i] * y[i - 1];
    }
}

#[differentiable]
fn primal(n: usize, xi: &[f64], s: usize, yf: &mut [f64]) {
    let tf = 2.0;
    let h = tf / s as f64;
    let (mut k1, mut k2, mut k3, mut k4, mut y_tmp) = (
        vec![0.0; n],
        vec![0.0; n],
        vec![0.0; n],
        vec![0.0; n],
        vec![0.0; n],
    );
    yf[..n].fill(0.0);

    for _i_step in 0..s {
        ode_fun(n, xi, yf, &mut k1);

        for i in 0..n {
            y_tmp[i] = yf[i] + h * k1[i] / 2.0;
        }
        ode_fun(n, xi, &y_tmp, &mut k2);

        for i in 0..n {
            y_tmp[i] = yf[i] + h * k2[i] / 2.0;
        }
        ode_fun(n, xi, &y_tmp, &mut k3);

        for i in 0..n {
            y_tmp[i] = yf[i] + h * k3[i];
        }
        ode_fun(n, xi, &y_tmp, &mut k4);

        for i in 0..n {
            yf[i] += h * (k1[i] + 2.0 * k2[i] + 2.0 * k3[i] + k4[i]) / 6.0;
        }
    }
}

/// The input of gradbench's `ode` eval.
struct Input {
    x: Vec<f64>,
    s: usize,
}

impl Input {
    fn new(n: usize, s: usize) -> Input {
        let mut numbers = Numbers::new(1);
        Input {
            x: numbers.take(n),
            s,
        }
    }
}

impl GradientEval for Input {
    fn point(&self) -> Vec<f64> {
        self.x.clone()
    }

    /// The last element of the solution at `x`.
    fn objective_at(&self, x: &[f64]) -> f64 {
        let n = x.len();
        let mut yf = vec![0.0; n];
        primal(n, x, self.s, &mut yf);
        yf[n - 1]
    }

    fn objective(&self) -> f64 {
        self.objective_at(&self.x)
    }

    /// The gradient of the solution's last element in `x`.
    fn gradient(&self) -> Vec<f64> {
        let (n, s) = (self.x.len(), self.s);
        gradient!(
            at: &self.x,
            of: |xi: &[f64]| {
                let mut yf = vec![0.0; n];
                primal(n, xi, s, &mut yf);
                yf[n - 1]
            }
        )
    }

    /// Each Runge-Kutta step reaches four elements further, so at n = 10000, s = 10 the last
    /// element and its gradient are exactly 0: the same code at n = 6, on inputs near 1.5,
    /// has a last element and a gradient of order 1 that it checks.
    fn extra_check(&self) -> Result<(), String> {
        let mut small = Input::new(6, 10);
        small.x.iter_mut().for_each(|v| *v += 1.5);
        check_gradient("ode n=6 s=10", &small)
    }
}

/// gradbench's `ode` at n = 10000, s = 10.
pub fn eval() -> Eval {
    gradient_eval(
        "ode",
        "n=10000 s=10",
        4.88,
        ("JAX", 3.03),
        Input::new(10000, 10),
    )
}
