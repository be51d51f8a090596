//! lse: the gradient of LogSumExp, ported line by line from gradbench's
//! `cpp/gradbench/evals/lse.hpp`: the generic `primal` (the `double` specialization there is
//! the same two loops split over OpenMP threads, which this single-threaded port leaves out),
//! the maximum and the sum in two loops, the result written through an out-parameter.

use super::harness::{Eval, GradientEval, Numbers, gradient_eval};
use ad::prelude::*;

#[differentiable]
fn primal(n: usize, x: &[f64], out: &mut f64) {
    let mut a = x[0];
    for i in 1..n {
        a = a.max(x[i]);
    }

    let mut s = 0.0;
    for i in 0..n {
        s += (x[i] - a).exp();
    }

    *out = s.ln() + a;
}

/// The input of gradbench's `lse` eval.
struct Input {
    x: Vec<f64>,
}

impl Input {
    fn new(n: usize) -> Input {
        let mut numbers = Numbers::new(1);
        Input { x: numbers.take(n) }
    }
}

impl GradientEval for Input {
    fn point(&self) -> Vec<f64> {
        self.x.clone()
    }

    /// The objective at `x`.
    fn objective_at(&self, x: &[f64]) -> f64 {
        let mut out = 0.0;
        primal(x.len(), x, &mut out);
        out
    }

    fn objective(&self) -> f64 {
        let n = self.x.len();
        let mut out = 0.0;
        primal(n, &self.x, &mut out);
        out
    }

    /// The gradient in `x`.
    fn gradient(&self) -> Vec<f64> {
        let n = self.x.len();
        gradient!(
            at: &self.x,
            of: |x: &[f64]| {
                let mut out = 0.0;
                primal(n, x, &mut out);
                out
            }
        )
    }

    /// At n = 10000 each entry is about 1e-4, under the absolute floor of `compare`'s
    /// tolerance: the same code at n = 10 makes entries of about 0.1 that it checks.
    fn extra_check(&self) -> Result<(), String> {
        super::harness::check_gradient("lse n=10", &Input::new(10))
    }
}

/// gradbench's `lse` at n = 10000.
pub fn eval() -> Eval {
    gradient_eval("lse", "n=10000", 2.16, ("manual", 1.12), Input::new(10000))
}
