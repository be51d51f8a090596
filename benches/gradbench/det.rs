//! det: the gradient of a determinant by expansion by minors, ported line by line from
//! gradbench's `cpp/gradbench/evals/det.hpp` (after cmpad's `det_of_minor`): the recursive
//! `det_of_minor`, which removes a row and a column by relinking the index vectors `r` and
//! `c` (shared by every call, changed and restored around each recursive call), the result
//! written through an out-parameter.

use super::harness::{Eval, GradientEval, Numbers, gradient_eval};
use ad::prelude::*;

// r[i] is the row following row 'i', and similarly 'c[i]' for
// columns. This is used to (relatively) efficiently remove rows and
// columns, without actually moving the data.
#[differentiable]
fn det_of_minor(a: &[f64], n: usize, m: usize, r: &mut [usize], c: &mut [usize]) -> f64 {
    let r0 = r[n];
    debug_assert!(r0 < n);
    let mut cj = c[n];
    debug_assert!(cj < n);

    if m == 1 {
        return a[r0 * n + cj];
    }

    // Determinant of the minor M.
    let mut det_m = 0.0;
    // Sign of factor for next sub-minor.
    let mut sign: i32 = 1;
    // Remove row with index 0 in M from all the sub-minors of M
    r[n] = r[r0];
    // C(j-1): initial index in c for previous column of the minor M
    let mut cj1 = n;

    // for each column of M
    for _j in 0..m {
        // M[0,j] = A[ R0, Cj ]
        // element with index (0, j) in the minor M
        let m0j = a[r0 * n + cj];

        // remove column with index j in M to form next sub-minor S of M
        c[cj1] = c[cj];

        // detS: compute determinant of S, the sub-minor of M with row
        // R(0) and column C(j) removed.
        let det_s = det_of_minor(a, n, m - 1, r, c);

        // restore column with index j in represenation of M as a minor of
        // A
        c[cj1] = cj;

        // detM: include this sub-minor term in the summation
        if sign > 0 {
            det_m = det_m + m0j * det_s;
        } else {
            det_m = det_m - m0j * det_s;
        }

        // advance to next column of M
        cj1 = cj;
        cj = c[cj];
        sign = -sign;
    }

    // restore row zero to the minor representation for M
    r[n] = r0;

    det_m
}

#[differentiable]
fn primal(ell: usize, a: &[f64], out: &mut f64) {
    let mut r = vec![0usize; ell + 1];
    let mut c = vec![0usize; ell + 1];
    for i in 0..ell {
        r[i] = i + 1;
        c[i] = i + 1;
    }
    *out = det_of_minor(a, ell, ell, &mut r, &mut c);
}

/// The input of gradbench's `det` eval.
struct Input {
    a: Vec<f64>,
    ell: usize,
}

impl Input {
    fn new(ell: usize) -> Input {
        let mut numbers = Numbers::new(1);
        Input {
            a: numbers.take(ell * ell),
            ell,
        }
    }
}

impl GradientEval for Input {
    fn point(&self) -> Vec<f64> {
        self.a.clone()
    }

    /// The determinant of `a`.
    fn objective_at(&self, a: &[f64]) -> f64 {
        let mut out = 0.0;
        primal(self.ell, a, &mut out);
        out
    }

    fn objective(&self) -> f64 {
        let mut out = 0.0;
        primal(self.ell, &self.a, &mut out);
        out
    }

    /// The gradient in `a`, row-major.
    fn gradient(&self) -> Vec<f64> {
        let ell = self.ell;
        gradient!(
            at: &self.a,
            of: |a: &[f64]| {
                let mut out = 0.0;
                primal(ell, a, &mut out);
                out
            }
        )
    }
}

/// gradbench's `det` at ell = 8.
pub fn eval() -> Eval {
    gradient_eval("det", "ell=8", 15.1, ("Futhark", 1.13), Input::new(8))
}
