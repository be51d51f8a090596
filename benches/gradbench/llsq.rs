//! llsq: the gradient of the linear least squares objective, ported line by line from
//! gradbench's `cpp/gradbench/evals/llsq.hpp` (after cmpad's `llsq_obj`): the generic
//! `primal` (the `double` specialization there splits the outer loop over OpenMP threads,
//! which this single-threaded port leaves out), the helpers `t` and `s`, which the derivative
//! does not go through, the result written through an out-parameter.

use super::harness::{Eval, GradientEval, Numbers, gradient_eval};
use ad::prelude::*;

fn t(i: f64, n: f64) -> f64 {
    -1.0 + i * 2.0 / (n - 1.0)
}

fn s(ti: f64) -> f64 {
    ((0.0 < ti) as i32 - (ti < 0.0) as i32) as f64
}

#[differentiable]
fn primal(n: usize, m: usize, x: &[f64], out: &mut f64) {
    let mut sum = 0.0;
    for i in 0..n {
        let ti = t(i as f64, n as f64);
        let mut inner_sum = s(ti);
        let mut mul = 1.0;
        for j in 0..m {
            inner_sum -= x[j] * mul;
            mul *= ti;
        }
        sum += inner_sum * inner_sum;
    }
    *out = sum / 2.0;
}

/// The input of gradbench's `llsq` eval.
struct Input {
    x: Vec<f64>,
    n: usize,
}

impl Input {
    fn new(n: usize, m: usize) -> Input {
        let mut numbers = Numbers::new(1);
        Input {
            x: numbers.take(m),
            n,
        }
    }
}

impl GradientEval for Input {
    fn point(&self) -> Vec<f64> {
        self.x.clone()
    }

    /// The objective at `x`.
    fn objective_at(&self, x: &[f64]) -> f64 {
        let mut out = 0.0;
        primal(self.n, x.len(), x, &mut out);
        out
    }

    fn objective(&self) -> f64 {
        let (n, m) = (self.n, self.x.len());
        let mut out = 0.0;
        primal(n, m, &self.x, &mut out);
        out
    }

    /// The gradient in `x`.
    fn gradient(&self) -> Vec<f64> {
        let (n, m) = (self.n, self.x.len());
        gradient!(
            at: &self.x,
            of: |x: &[f64]| {
                let mut out = 0.0;
                primal(n, m, x, &mut out);
                out
            }
        )
    }
}

/// gradbench's `llsq` at n = 1024, m = 128.
pub fn eval() -> Eval {
    gradient_eval(
        "llsq",
        "n=1024 m=128",
        1.43,
        ("JAX", 1.15),
        Input::new(1024, 128),
    )
}
