//! Loops reversed as counted ranges (issue 19's tape plans): each shape's gradient against
//! central differences or a closed form, with forward mode checked against reverse mode by
//! the suite's `value_with_gradient!`, and pullbacks called twice (they read their tapes
//! without consuming them). Shapes: nothing kept per iteration (positions and elements
//! recomputed), a carried float stored, nested loops, a branch inside, `.rev()` and `..=`
//! ranges, `-` and `/` in both operands, a `zip`, a call per iteration, a loop reading what
//! an earlier iteration wrote, and the MLP of the benchmarks as index loops.

#[allow(unused_imports)]
use crate::assert_deriv_fd;
use crate::{assert_all_close, assert_close, assert_grad_fd};
use ad::prelude::*;
// The suite's operators, which also check forward mode against reverse mode.
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};

const W: [f64; 6] = [0.3, -1.1, 0.7, 2.0, -0.4, 0.9];
const X: [f64; 6] = [1.2, 0.5, -0.8, 0.25, 1.7, -1.3];

/// Σ w_j x_j, both differentiated: nothing kept per iteration.
#[differentiable]
fn dot(w: &[f64], x: &[f64]) -> f64 {
    let mut acc = 0.0;
    for j in 0..x.len() {
        acc += w[j] * x[j];
    }
    acc
}

#[test]
fn a_dot_product_keeps_nothing_and_gives_the_other_factor() {
    let (value, (dw, dx)) = value_with_gradient!(at: &W[..], &X[..], of: dot);
    assert_close(value, W.iter().zip(&X).map(|(a, b)| a * b).sum());
    assert_all_close(&dw, &X);
    assert_all_close(&dx, &W);
}

/// x^n by a carried product, over a reversed range: one float stored per iteration.
#[differentiable(wrt = x)]
fn power_rev(x: f64, n: usize) -> f64 {
    let mut r = 1.0;
    for _ in (0..n).rev() {
        r *= x;
    }
    r
}

#[test]
fn a_carried_product_over_a_reversed_range() {
    let (x, n) = (1.07_f64, 9);
    let (value, pullback) = value_with_pullback!(at: x, n, of: power_rev);
    assert_close(value, x.powi(9));
    let (dx, _) = pullback(1.0);
    assert_close(dx, 9.0 * x.powi(8));
    // The pullback reads its tapes without consuming them.
    assert_eq!(pullback(1.0).0.to_bits(), dx.to_bits());
    let (dx2, _) = pullback(2.0);
    assert_close(dx2, 2.0 * dx);
}

/// A carried value stored by position (the loop runs once per call) over a reversed
/// inclusive range of signed items, in `f32`, and reading the item as a float.
#[differentiable]
fn signed_recurrence(x: f32) -> f32 {
    let mut r = 0.5_f32;
    for k in (-3i32..=4).rev() {
        r = r * x + (k as f32) * r.sin();
    }
    r
}

#[test]
fn floats_kept_by_position_over_a_reversed_signed_range() {
    let x = 0.9_f32;
    let (value, pullback) = value_with_pullback!(at: x, of: signed_recurrence);
    let mut r = 0.5_f32;
    for k in (-3i32..=4).rev() {
        r = r * x + (k as f32) * r.sin();
    }
    assert_eq!(value.to_bits(), r.to_bits());
    let dx = pullback(1.0);
    let h = 1e-3_f64;
    let f = |t: f64| signed_recurrence(t as f32) as f64;
    let want = (f(x as f64 + h) - f(x as f64 - h)) / (2.0 * h);
    assert!(
        (dx as f64 - want).abs() <= 2e-3 * want.abs().max(1.0),
        "{dx} vs {want}"
    );
    // Forward mode agrees with reverse mode.
    let tangent = differentiate!(at: x, of: signed_recurrence);
    assert!(
        (tangent - dx).abs() <= 1e-5 * dx.abs().max(1.0),
        "{tangent} vs {dx}"
    );
}

/// `a - b` and `a / b` with either operand differentiated, and both, over `1..=n`.
#[differentiable]
fn quotients(x: &[f64], c: f64) -> f64 {
    let mut s = 0.0;
    for i in 1..=4 {
        s += (x[i] - c) / (x[i - 1] + 3.0) - c / (x[i] * x[i] + 1.0) + x[i] / c;
    }
    s
}

#[test]
fn differences_and_quotients_in_every_operand() {
    let c = 1.3;
    let (_, (dx, dc)) = value_with_gradient!(at: &X[..5], c, of: quotients);
    assert_grad_fd(|p| quotients(p, c), &X[..5], &dx);
    crate::assert_deriv_fd(|t| quotients(&X[..5], t), c, dc);
}

use crate::network::layer;

#[test]
fn nested_loops_over_a_flat_matrix() {
    let (w, b, x) = (&W[..], &X[..2], &X[3..6]);
    let (_, (dw, db, _)) = value_with_gradient!(at: w, b, x, of: layer);
    assert_grad_fd(|p| layer(p, b, x), w, &dw);
    assert_grad_fd(|p| layer(w, p, x), b, &db);
    // Closed form: ∂b_i = 1 - tanh²(z_i), ∂w_ij = (1 - tanh²(z_i)) x_j.
    for i in 0..2 {
        let z: f64 = (0..3).map(|j| w[i * 3 + j] * x[j]).sum::<f64>() + b[i];
        let slope = 1.0 - z.tanh().powi(2);
        assert_close(db[i], slope);
        for j in 0..3 {
            assert_close(dw[i * 3 + j], slope * x[j]);
        }
    }
}

/// A branch inside a counted loop.
#[differentiable]
fn hinge(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        if x[i] > 0.0 {
            s += x[i] * x[i];
        } else {
            s -= x[i];
        }
    }
    s
}

#[test]
fn a_branch_inside_a_counted_loop() {
    let (_, g) = value_with_gradient!(at: &X[..], of: hinge);
    let closed: Vec<f64> = X
        .iter()
        .map(|&x| if x > 0.0 { 2.0 * x } else { -1.0 })
        .collect();
    assert_all_close(&g, &closed);
}

/// A `zip` chain, whose loop keeps nothing per iteration.
#[differentiable]
fn zip_dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b.iter()).map(|(x, y)| x * y * x).sum::<f64>()
}

#[test]
fn a_zip_of_two_slices() {
    let (_, (da, db)) = value_with_gradient!(at: &W[..], &X[..], of: zip_dot);
    assert_grad_fd(|p| zip_dot(p, &X), &W, &da);
    assert_grad_fd(|p| zip_dot(&W, p), &X, &db);
}

#[differentiable]
fn softplus(x: f64) -> f64 {
    (1.0 + x.exp()).ln()
}

/// A differentiable function called in each iteration, at positions `2 i + 1`.
#[differentiable]
fn odd_softplus(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() / 2 {
        s += softplus(x[2 * i + 1]) * x[2 * i];
    }
    s
}

#[test]
fn a_call_in_each_iteration() {
    let (_, g) = value_with_gradient!(at: &X[..], of: odd_softplus);
    assert_grad_fd(odd_softplus, &X, &g);
}

/// v_i = v_{i-1} · x: each iteration reads what the previous one wrote.
#[differentiable(wrt = x)]
fn recurrence(x: f64, n: usize) -> f64 {
    let mut v = vec![1.0; n];
    for i in 1..n {
        v[i] = v[i - 1] * x;
    }
    v[n - 1]
}

#[test]
fn a_loop_reading_what_an_earlier_iteration_wrote() {
    let x = 0.93;
    let (value, (dx, _)) = value_with_gradient!(at: x, 7, of: recurrence);
    assert_close(value, x.powi(6));
    assert_close(dx, 6.0 * x.powi(5));
}

/// The benchmarks' MLP, 3-4-2 with a softmax cross-entropy, as index loops.
#[differentiable(wrt = (w1, b1, w2, b2))]
fn mlp(w1: &[f64], b1: &[f64], w2: &[f64], b2: &[f64], x: &[f64], y: &[f64]) -> f64 {
    let n_in = x.len();
    let n_hid = b1.len();
    let mut h = Vec::with_capacity(n_hid);
    for i in 0..n_hid {
        let mut acc = 0.0;
        for j in 0..n_in {
            acc += w1[i * n_in + j] * x[j];
        }
        h.push((acc + b1[i]).tanh());
    }
    let mut s = 0.0;
    let mut yz = 0.0;
    for k in 0..b2.len() {
        let mut acc = 0.0;
        for j in 0..n_hid {
            acc += w2[k * n_hid + j] * h[j];
        }
        let z = acc + b2[k];
        s += z.exp();
        yz += y[k] * z;
    }
    s.ln() - yz
}

#[test]
fn a_small_mlp_as_index_loops() {
    let w1: Vec<f64> = (0..12)
        .map(|i| ((i * 7) % 11) as f64 / 11.0 - 0.5)
        .collect();
    let b1 = [0.1, -0.2, 0.05, 0.3];
    let w2: Vec<f64> = (0..8).map(|i| ((i * 5) % 7) as f64 / 7.0 - 0.4).collect();
    let b2 = [0.2, -0.1];
    let (x, y) = ([0.5, -1.0, 0.8], [0.0, 1.0]);
    let (_, (dw1, db1, dw2, db2)) = value_with_gradient!(at: &w1[..], &b1[..], &w2[..], &b2[..], of: |w1: &[f64], b1: &[f64], w2: &[f64], b2: &[f64]| mlp(w1, b1, w2, b2, &x, &y));
    assert_grad_fd(|p| mlp(p, &b1, &w2, &b2, &x, &y), &w1, &dw1);
    assert_grad_fd(|p| mlp(&w1, p, &w2, &b2, &x, &y), &b1, &db1);
    assert_grad_fd(|p| mlp(&w1, &b1, p, &b2, &x, &y), &w2, &dw2);
    assert_grad_fd(|p| mlp(&w1, &b1, &w2, p, &x, &y), &b2, &db2);
}

/// A `while` loop: it counts its trips, and stores the one float per iteration its reverse
/// reads (`r`), nothing else.
#[differentiable(wrt = x)]
fn damped_power(x: f64, n: usize) -> f64 {
    let mut r = 1.0;
    let mut k = 0;
    while k < n {
        r = r * x + (0.5 * r).tanh() / (1.0 + x * x);
        k += 1;
    }
    r
}

#[test]
fn a_while_loop_stores_only_its_carried_float() {
    for x in [0.4, -1.3, 2.2] {
        let (value, (dx, _)) = value_with_gradient!(at: x, 6, of: damped_power);
        assert_close(value, damped_power(x, 6));
        assert_deriv_fd(|t| damped_power(t, 6), x, dx);
    }
}
