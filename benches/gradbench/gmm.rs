//! gmm: the gradient of the Gaussian mixture model's log posterior, ported line by line from
//! gradbench's `cpp/gradbench/evals/gmm.hpp` and the helpers of
//! `cpp/adbench/shared/matrix.h` (ADBench's C++): scratch vectors `xcentered`, `Qxcentered`
//! and `main_term` allocated once and overwritten for every point and component, a helper
//! per operation, the error written through an out-parameter.

use super::harness::{Eval, GradientEval, Numbers, gradient_eval};
use ad::prelude::*;
use std::f64::consts::PI;

/// The Wishart prior's parameters.
#[derive(Clone, Copy)]
pub struct Wishart {
    pub gamma: f64,
    pub m: i32,
}

fn log_gamma_distrib(a: f64, p: f64) -> f64 {
    let mut out = 0.25 * p * (p - 1.0) * PI.ln();
    for j in 1..=(p as i32) {
        out = out + libm::lgamma(a + 0.5 * (1 - j) as f64);
    }
    out
}

#[differentiable]
fn arr_max(n: usize, x: &[f64]) -> f64 {
    let mut m = x[0];
    for i in 1..n {
        m = m.max(x[i]);
    }
    m
}

#[differentiable]
fn sqnorm(n: usize, x: &[f64]) -> f64 {
    let mut res = x[0] * x[0];
    for i in 1..n {
        res = res + x[i] * x[i];
    }
    res
}

// out = a - b
#[differentiable]
fn subtract(d: usize, x: &[f64], y: &[f64], out: &mut [f64]) {
    for id in 0..d {
        out[id] = x[id] - y[id];
    }
}

#[differentiable]
fn logsumexp(n: usize, x: &[f64]) -> f64 {
    let mx = arr_max(n, x);
    let mut semx = 0.;
    for i in 0..n {
        semx = semx + (x[i] - mx).exp();
    }
    semx.ln() + mx
}

#[differentiable(wrt = (sum_qs, qdiags, l))]
fn log_wishart_prior(
    d: usize,
    k: usize,
    wishart: Wishart,
    sum_qs: &[f64],
    qdiags: &[f64],
    l: &[f64],
) -> f64 {
    let n = d as i32 + wishart.m + 1;
    let l_sz = d * (d - 1) / 2;
    let c = (n * d as i32) as f64 * (wishart.gamma.ln() - 0.5 * 2f64.ln())
        - log_gamma_distrib(0.5 * n as f64, d as f64);
    let mut out = 0.0;
    for ik in 0..k {
        let frobenius = sqnorm(d, &qdiags[ik * d..]) + sqnorm(l_sz, &l[ik * l_sz..]);
        out += 0.5 * wishart.gamma * wishart.gamma * frobenius - wishart.m as f64 * sum_qs[ik];
    }
    -out + k as f64 * c
}

#[differentiable]
fn qtimesx(
    d: usize,
    qdiag: &[f64],
    ltri: &[f64], // strictly lower triangular part
    x: &[f64],
    out: &mut [f64],
) {
    for id in 0..d {
        out[id] = qdiag[id] * x[id];
    }
    let mut lparamsidx = 0;
    for i in 0..d {
        for j in i + 1..d {
            out[j] = out[j] + ltri[lparamsidx] * x[i];
            lparamsidx += 1;
        }
    }
}

#[differentiable(wrt = (alpha, mu, q, l))]
#[allow(clippy::too_many_arguments)]
fn objective(
    d: usize,
    k: usize,
    n: usize,
    alpha: &[f64],
    mu: &[f64],
    q: &[f64],
    l: &[f64],
    x: &[f64],
    wishart: Wishart,
    err: &mut f64,
) {
    let constant = -((n * d) as f64) * 0.5 * (2.0 * PI).ln();
    let l_sz = d * (d - 1) / 2;
    let mut qdiags = vec![0.0; d * k];
    let mut sum_qs = vec![0.0; k];
    for i in 0..d * k {
        qdiags[i] = q[i].exp();
    }
    for i in 0..k {
        for j in 0..d {
            sum_qs[i] += q[i * d + j];
        }
    }
    let mut xcentered = vec![0.0; d];
    let mut qxcentered = vec![0.0; d];
    let mut main_term = vec![0.0; k];
    let mut slse = 0.;
    for ix in 0..n {
        for ik in 0..k {
            subtract(d, &x[ix * d..], &mu[ik * d..], &mut xcentered);
            qtimesx(
                d,
                &qdiags[ik * d..],
                &l[ik * l_sz..],
                &xcentered,
                &mut qxcentered,
            );
            main_term[ik] = alpha[ik] + sum_qs[ik] - 0.5 * sqnorm(d, &qxcentered);
        }
        let lsum = logsumexp(k, &main_term);
        slse += lsum;
    }
    let lse_alpha = logsumexp(k, alpha);
    *err = constant + slse - n as f64 * lse_alpha;
    let ws = log_wishart_prior(d, k, wishart, &sum_qs, &qdiags, l);
    *err = *err + ws;
}

/// The input of gradbench's `gmm` eval.
struct Input {
    d: usize,
    k: usize,
    n: usize,
    alpha: Vec<f64>,
    mu: Vec<f64>,
    q: Vec<f64>,
    l: Vec<f64>,
    x: Vec<f64>,
    wishart: Wishart,
}

impl Input {
    fn new(d: usize, k: usize, n: usize) -> Input {
        let mut numbers = Numbers::new(1);
        let l_sz = d * (d - 1) / 2;
        Input {
            d,
            k,
            n,
            alpha: numbers.take(k),
            mu: numbers.take(d * k),
            q: numbers.take(d * k).iter().map(|v| 0.3 * v).collect(),
            l: numbers.take(l_sz * k).iter().map(|v| 0.3 * v).collect(),
            x: numbers.take(d * n),
            wishart: Wishart { gamma: 1.0, m: 0 },
        }
    }
}

impl GradientEval for Input {
    fn point(&self) -> Vec<f64> {
        [
            self.alpha.clone(),
            self.mu.clone(),
            self.q.clone(),
            self.l.clone(),
        ]
        .concat()
    }

    /// The objective at the independent variables `alpha`, `mu`, `q`, `l` concatenated.
    fn objective_at(&self, all: &[f64]) -> f64 {
        let (k, dk) = (self.k, self.d * self.k);
        let (alpha, rest) = all.split_at(k);
        let (mu, rest) = rest.split_at(dk);
        let (q, l) = rest.split_at(dk);
        let mut err = 0.0;
        objective(
            self.d,
            self.k,
            self.n,
            alpha,
            mu,
            q,
            l,
            &self.x,
            self.wishart,
            &mut err,
        );
        err
    }

    fn objective(&self) -> f64 {
        let mut err = 0.0;
        let Input { d, k, n, .. } = *self;
        objective(
            d,
            k,
            n,
            &self.alpha,
            &self.mu,
            &self.q,
            &self.l,
            &self.x,
            self.wishart,
            &mut err,
        );
        err
    }

    /// The gradient in `alpha`, `mu`, `q`, `l`, concatenated.
    fn gradient(&self) -> Vec<f64> {
        let Input { d, k, n, .. } = *self;
        let (x, wishart) = (&self.x, self.wishart);
        let (da, dm, dq, dl) = gradient!(
            at: &self.alpha, &self.mu, &self.q, &self.l,
            of: |alpha: &[f64], mu: &[f64], q: &[f64], l: &[f64]| {
                let mut err = 0.0;
                objective(d, k, n, alpha, mu, q, l, x, wishart, &mut err);
                err
            }
        );
        [da, dm, dq, dl].concat()
    }
}

/// gradbench's `gmm` at ADBench's d = 10, k = 25, n = 1000.
pub fn eval() -> Eval {
    gradient_eval(
        "gmm",
        "d=10 k=25 n=1000",
        3.35,
        ("manual", 1.66),
        Input::new(10, 25, 1000),
    )
}
