//! Closures in bodies: bound by `let` and called several times, reading differentiated
//! locals; given to iterator adaptors and reading them; given to `mapv` and reading them;
//! closures that return early (`if t > 1.0 { return 2.0 * t; }`), inlined where they run,
//! and an operator's closure that does; closures called where the names they read are bound
//! again (a loop variable, a later `let`, an adaptor's parameter), which read the values
//! where they were defined, as Rust's closures do.
//! Central differences, forward mode against reverse mode through the suite's operators.

use crate::assert_grad_fd;
use ad::ndarray::Array1;
use ad::prelude::*;
// The suite's operators, which also check forward mode against reverse mode.
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};

/// A closure over `s` called three times, and adaptors reading `s`.
#[differentiable]
fn scaled_sums(xs: &[f64], s: f64) -> f64 {
    let scale = |v: f64| v * s + s * s;
    let mapped = xs.iter().map(|&v| (v * s).sin()).sum::<f64>();
    let kept = xs.iter().filter(|&&v| v > 0.0).map(|&v| v * s).sum::<f64>();
    mapped + kept + scale(xs[0]) * scale(xs[1]) - scale(s)
}

/// `mapv` closures reading a differentiated local and a parameter.
#[differentiable]
fn mapped(x: Array1<f64>, s: f64) -> f64 {
    let shift = x.sum() * 0.25;
    x.mapv(|v| (v - shift) * s).mapv(|v| v.tanh()).sum()
}

#[test]
fn closures_reading_differentiated_locals() {
    for (xs, s) in [(vec![0.3, -0.5, 0.9], 0.7), (vec![1.1, 0.2], -1.3)] {
        let (dxs, ds) = gradient!(at: &xs[..], s, of: scaled_sums);
        let n = xs.len();
        let all = [xs.clone(), vec![s]].concat();
        let grad = [dxs, vec![ds]].concat();
        assert_grad_fd(|p: &[f64]| scaled_sums(&p[..n], p[n]), &all, &grad);
    }
}

#[test]
fn mapv_closures_reading_differentiated_values() {
    let x = Array1::from(vec![0.3, -0.5, 0.9, 1.4]);
    let s = 0.8;
    let (dx, ds) = gradient!(at: x.clone(), s, of: mapped);
    let all = [x.to_vec(), vec![s]].concat();
    let grad = [dx.to_vec(), vec![ds]].concat();
    assert_grad_fd(
        |p: &[f64]| mapped(Array1::from(p[..4].to_vec()), p[4]),
        &all,
        &grad,
    );
}

/// ndarray's `map` (the closure gets `&f64`) reading a differentiated local and a parameter.
#[differentiable]
fn mapped_by_reference(x: Array1<f64>, s: f64) -> f64 {
    let shift = x.mean().unwrap_or(0.0);
    x.map(|v| (v * s - shift).exp()).sum()
}

#[test]
fn map_closures_reading_differentiated_values() {
    let x = Array1::from(vec![0.3, -0.5, 0.9]);
    let s = -0.6;
    let (dx, ds) = gradient!(at: x.clone(), s, of: mapped_by_reference);
    let all = [x.to_vec(), vec![s]].concat();
    let grad = [dx.to_vec(), vec![ds]].concat();
    assert_grad_fd(
        |p: &[f64]| mapped_by_reference(Array1::from(p[..3].to_vec()), p[3]),
        &all,
        &grad,
    );
}

/// Closures that return early: from an `if` without `else`, from both branches, from a
/// `match` arm, and inside an adaptor's closure.
#[differentiable]
fn early_returns(x: f64, s: f64) -> f64 {
    let clipped = |t: f64| -> f64 {
        if t > 1.0 {
            return 2.0 * t - 1.0;
        }
        t * t
    };
    let both = |t: f64| {
        if t < 0.0 {
            return -t * s;
        } else {
            return t.sin();
        }
    };
    let arm = |t: f64| -> f64 {
        match t > 0.5 {
            true => return t.ln(),
            false => {}
        }
        t - 0.5 + (0.5f64).ln()
    };
    let xs = [x, 2.0 * x, -x];
    let mapped: f64 = xs
        .iter()
        .map(|&v| {
            if v < 0.0 {
                return 0.0;
            }
            v * s
        })
        .sum();
    clipped(x) + clipped(3.0 * x) + both(x - s) + arm(x * s) + mapped
}

#[test]
fn closures_returning_early() {
    crate::common::every_mode::assert_every_mode!(early_returns, 0.4, 0.9);
    crate::common::every_mode::assert_every_mode!(early_returns, 1.3, 0.6);
    // An operator's closure that returns early; its branches' closed forms.
    for x in [0.5, 1.5] {
        let g = ad::gradient!(at: x, of: |x: f64| {
            if x > 1.0 {
                return x * x;
            }
            x.sin()
        });
        crate::assert_close(g, if x > 1.0 { 2.0 * x } else { x.cos() });
    }
}

/// Closures called where the names they capture mean something else: a loop variable of the
/// same name, a later `let` of it, an adaptor closure's parameter of it.
#[differentiable]
fn captured_where_defined(s: f64, x: f64) -> f64 {
    let k = s * 2.0;
    let scaled = |t: f64| t * k;
    let mut acc = 0.0;
    for k in [1.0, 2.0, 3.0] {
        acc += scaled(k * x);
    }
    let w = s * x;
    let shifted = |t: f64| t + w;
    let w = 100.0;
    let v = x * x;
    let offset = |t: f64| t * v;
    let xs = [x, s];
    let mapped: f64 = xs.iter().map(|v| offset(*v)).sum();
    acc + shifted(2.0) + w + mapped
}

/// Closures of several parameters given each other's names as arguments.
#[differentiable]
fn swapped_arguments(a: f64, b: f64) -> f64 {
    let f = |a: f64, b: f64| a - 2.0 * b;
    let g = |a, b| a * 3.0 - b;
    let h = |(p, q): (f64, f64), r: f64| p * q + r;
    f(b, a) + g(b, a) + h((b, a), a)
}

#[test]
fn arguments_named_as_other_parameters() {
    crate::common::every_mode::assert_every_mode!(swapped_arguments, 1.0, 10.0);
    // (b − 2a) + (3b − a) + (b a + a).
    let (da, db) = ad::gradient!(at: 1.0, 10.0, of: swapped_arguments);
    crate::assert_close(swapped_arguments(1.0, 10.0), 8.0 + 29.0 + 11.0);
    crate::assert_close(da, -2.0 - 1.0 + 10.0 + 1.0);
    crate::assert_close(db, 1.0 + 3.0 + 1.0);
}

#[test]
fn closures_read_their_captures_where_defined() {
    crate::common::every_mode::assert_every_mode!(captured_where_defined, 0.5, 1.3);
    // Closed form: 12 s x + (2 + s x) + 100 + x² (x + s).
    let (s, x) = (0.5, 1.3);
    crate::assert_close(
        captured_where_defined(s, x),
        12.0 * s * x + 2.0 + s * x + 100.0 + x * x * (x + s),
    );
    let (ds, dx) = ad::gradient!(at: s, x, of: captured_where_defined);
    crate::assert_close(ds, 12.0 * x + x + x * x);
    crate::assert_close(dx, 12.0 * s + s + 3.0 * x * x + 2.0 * x * s);
}
