//! Helpers of the same file inlined into their callers (`lower::inline`), as ADBench's C++
//! writes them: a helper per operation over the tail of a buffer (`&xs[i * d..]`), scratch
//! buffers written through `&mut` parameters, helpers calling helpers, a parameter rebound
//! by the helper, a slice's length, and helpers that are not inlined (an early `return`)
//! called beside them. Every gradient against central differences of the function itself
//! (and forward mode against reverse mode, through the suite's operators).

#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};
use crate::{assert_close, assert_grad_fd};
use ad::prelude::*;

#[differentiable]
fn sqnorm(n: usize, x: &[f64]) -> f64 {
    let mut res = x[0] * x[0];
    for i in 1..n {
        res = res + x[i] * x[i];
    }
    res
}

// out = x - y
#[differentiable]
fn subtract(d: usize, x: &[f64], y: &[f64], out: &mut [f64]) {
    for id in 0..d {
        out[id] = x[id] - y[id];
    }
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
fn logsumexp(n: usize, x: &[f64]) -> f64 {
    let mx = arr_max(n, x);
    let mut semx = 0.;
    for i in 0..n {
        semx = semx + (x[i] - mx).exp();
    }
    semx.ln() + mx
}

/// Σ over the rest of the slice given: reads its length.
#[differentiable]
fn tail_sum(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        s += x[i] * (i + 1) as f64;
    }
    s
}

/// Rebinds its parameter (passed by value, so bound by a `let`).
#[differentiable]
fn damped(mut v: f64, rate: f64) -> f64 {
    v *= rate;
    v.sin()
}

/// Returns early: called as it is, not inlined.
#[differentiable]
fn clipped(x: &[f64], i: usize) -> f64 {
    if x[i] > 1.0 {
        return 1.0;
    }
    x[i] * x[i]
}

/// ADBench's GMM main term in miniature: per point and centre, a scratch difference, its
/// squared norm, a log-sum-exp over the centres.
#[differentiable(wrt = (mu))]
fn mixture(d: usize, k: usize, n: usize, x: &[f64], mu: &[f64]) -> f64 {
    let mut xc = vec![0.0; d];
    let mut terms = vec![0.0; k];
    let mut total = 0.0;
    for ix in 0..n {
        for ik in 0..k {
            subtract(d, &x[ix * d..], &mu[ik * d..], &mut xc);
            terms[ik] = -0.5 * sqnorm(d, &xc);
        }
        total += logsumexp(k, &terms);
    }
    total
}

#[test]
fn a_helper_per_operation_over_tails_and_scratch_buffers() {
    let x = [0.3, -0.2, 0.5, 0.1, 0.4, -0.6, 0.2, 0.0, -0.3];
    let mu = [0.1, 0.2, -0.1, 0.5, -0.4, 0.3];
    let g = gradient!(at: &mu[..], of: |mu: &[f64]| mixture(3, 2, 3, &x, mu));
    assert_grad_fd(|p| mixture(3, 2, 3, &x, p), &mu, &g);
}

/// The tails' lengths, a rebound parameter, and a helper that is not inlined beside them.
#[differentiable]
fn mixed(x: &[f64]) -> f64 {
    let mut total = 0.0;
    for i in 0..3 {
        total += tail_sum(&x[i..]) + damped(x[i], 0.5) + clipped(x, i);
    }
    total
}

#[test]
fn lengths_of_tails_rebound_parameters_and_helpers_kept_as_calls() {
    let x = [0.3, -1.2, 0.7, 2.0];
    let g = gradient!(at: &x[..], of: |x: &[f64]| mixed(x));
    assert_grad_fd(mixed, &x, &g);
    // d/dx3 only through the tails: the weights 4, 3 and 2 it has in them.
    assert_close(g[3], 4.0 + 3.0 + 2.0);
}

/// Gives `outer` a closure reading its slice parameter: not inlined, since the closure would
/// borrow the caller's vector itself past the call (found by the generator, seed 8675309).
#[differentiable]
fn with_closure(x0: f64, s1: &[f64], x2: f64) -> f64 {
    let a1 = x0 * s1[1];
    a1 + outer(&s1[0..], &|c: f64| (x2 - s1[1]) * c, s1)
}

#[differentiable]
fn outer(s0: &[f64], h: &dyn Fn(f64) -> f64, s1: &[f64]) -> f64 {
    h(s0[0]) * s1[1]
}

/// A vector lent to a helper, then written.
#[differentiable]
fn lent_then_written(x0: f64) -> f64 {
    let mut w = vec![x0, x0 * 2.0, 3.0];
    let a = with_closure(x0, &w, x0);
    w[0] = a;
    w[0] + w[1]
}

#[test]
fn a_helper_whose_closure_reads_a_lent_vector() {
    // a = x·2x + (x − 2x)·x·2x = 2x² − 2x³; w[0] + w[1] = a + 2x.
    for x in [0.5f64, -1.5] {
        let g = gradient!(at: x, of: lent_then_written);
        assert_close(g, 4.0 * x - 6.0 * x * x + 2.0);
    }
}
