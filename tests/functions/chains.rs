//! Closures in iterator chains capturing differentiated values: `map` (also given functions
//! by name), `zip` (also with `skip`, pairwise), `fold`, `enumerate`, `filter`, `any`, a
//! `fold` with `f64::max`, `windows` and `chunks` (also in `for` loops); a closure stored in
//! a local and called several times, and one calling another; sequences of unsuffixed float
//! literals (`vec![0.1, 0.5]`, `[1.0, 2.0]`) whose type only their use fixes, read by chains
//! and by `for` loops; `take_while`, `skip_while`, `filter_map`, `map_while` and `reduce`
//! (given a closure or `f64::max`), a slice's `first()` and `last()` (also `.copied()`).
//! Every mode against central differences, or `check_gradient!` to
//! second order.

use crate::common::every_mode::assert_every_mode;
use ad::prelude::*;

/// Four chains over a local vector of literals, each capturing `s`.
#[differentiable]
fn capturing_chains(s: f64) -> f64 {
    let xs = vec![0.1, 0.5, 0.9, 1.3];
    let a: f64 = xs.iter().map(|v| (v * s).exp()).sum();
    let b: f64 = xs
        .iter()
        .zip(xs.iter().skip(1))
        .map(|(u, v)| (u - v * s).powi(2))
        .sum();
    let c = xs.iter().fold(1.0, |acc, v| acc * (1.0 + v * s));
    let d: f64 = xs.iter().enumerate().map(|(i, v)| v * s * i as f64).sum();
    a + b + c + d
}

#[differentiable]
fn softsign(v: f64) -> f64 {
    v / (1.0 + v.abs())
}

/// Functions given by name to `map`: a differentiable one of the user's and a float method.
#[differentiable]
fn named_maps(s: f64) -> f64 {
    let xs = vec![0.5 * s, 1.5, 2.5 * s];
    let a: f64 = xs.iter().copied().map(softsign).sum();
    let b: f64 = xs.iter().copied().map(f64::sin).map(|v| v * s).sum();
    a + b
}

/// The largest of shifted values (a `fold` with `f64::max`) plus a filtered sum of values
/// collected from another chain.
#[differentiable]
fn largest_and_filtered(s: f64, t: f64) -> f64 {
    let xs = vec![0.1, 0.5, 0.9, 1.3];
    let m = xs
        .iter()
        .map(|v| v * s + t)
        .fold(f64::NEG_INFINITY, f64::max);
    let w: Vec<f64> = xs.iter().map(|v| (v * t).tanh()).collect();
    let q: f64 = w.iter().filter(|v| **v > 0.2).map(|v| v * s).sum();
    m + q
}

/// Pairwise differences of a slice parameter, by `zip` with `skip(1)` and with `&xs[1..]`.
#[differentiable]
fn roughness(xs: &[f64], s: f64) -> f64 {
    let squares: f64 = xs
        .iter()
        .zip(xs.iter().skip(1))
        .map(|(a, b)| (b - a) * (b - a) * s)
        .sum();
    let slopes: f64 = xs
        .iter()
        .zip(&xs[1..])
        .map(|(a, b)| (b * s - a).sin())
        .sum();
    squares + slopes
}

/// Neighbours by `windows` and pairs by `chunks`, in chains and in `for` loops.
#[differentiable]
fn pieces(xs: &[f64], s: f64) -> f64 {
    let steps: f64 = xs.windows(2).map(|w| (w[1] - w[0]).powi(2) * s).sum();
    let firsts: f64 = xs.chunks(2).map(|c| c[0] * s).sum();
    let mut acc = 0.0;
    for w in xs.windows(3) {
        acc += w[0] * w[2] * s;
    }
    for c in xs.chunks_exact(2).rev() {
        acc += c[1] - c[0] * s;
    }
    steps + firsts + acc
}

/// A closure stored and called several times, one calling it, both given to a chain.
#[differentiable]
fn stored_closures(x: f64, k: f64) -> f64 {
    let f = |t: f64| (t * k).sin();
    let g = |t: f64| f(t) * f(t * 2.0) + k;
    let xs = vec![x, 2.0 * x, 3.0];
    g(x) + g(x * x) + f(1.0) + xs.iter().map(|v| g(*v)).sum::<f64>()
}

/// The closest point of a grid (`fold` with `f64::min`), plus `x` when `any` point is far.
#[differentiable]
fn nearest(x: f64) -> f64 {
    let grid = [0.5, 1.5, 2.5];
    let best = grid
        .iter()
        .map(|v| (v - x).powi(2))
        .fold(f64::INFINITY, f64::min);
    if grid.iter().any(|v| v * x > 2.0) {
        best + x
    } else {
        best
    }
}

/// `for` loops over a vector and an array of literals, accumulating with a captured scale.
#[differentiable]
fn literal_tables(s: f64) -> f64 {
    let weights = vec![0.25, 0.5, 0.25];
    let nodes = [-1.0, 0.0, 1.0];
    let mut acc = 0.0;
    for (w, x) in weights.iter().zip(nodes.iter()) {
        acc += w * (x * s).exp();
    }
    for v in weights.iter() {
        acc += v * s;
    }
    acc
}

/// Adaptors that end or start on a condition, adaptors that keep what a closure gives, and
/// the ends of a slice.
#[differentiable]
fn conditional_adaptors(xs: &[f64], s: f64) -> f64 {
    let a: f64 = xs.iter().take_while(|&&x| x < 0.45).map(|x| x * s).sum();
    let b: f64 = xs
        .iter()
        .skip_while(|x| **x < 0.3)
        .map(|&x| x * x * s)
        .sum();
    let c: f64 = xs
        .iter()
        .filter_map(|&x| if x > 0.15 { Some((x * s).sin()) } else { None })
        .sum();
    let d: f64 = xs
        .iter()
        .map_while(|x| if *x < 0.45 { Some(x.exp() * s) } else { None })
        .sum();
    let e = xs.iter().map(|x| x * s).reduce(f64::max).unwrap();
    let f = xs.iter().copied().reduce(|p, q| p * s + q).unwrap_or(1.0);
    let ends = *xs.first().unwrap() * s + xs.last().copied().unwrap_or(0.0) * s * s;
    a + b + c + d + e + f + ends
}

/// `conditional_adaptors` over a slice whose elements depend on `s` too.
#[differentiable]
fn conditional_adaptors_of(s: f64) -> f64 {
    let xs = [0.2 * s, 0.1, 0.5 * s, 0.4];
    conditional_adaptors(&xs, s)
}

#[test]
fn adaptors_on_conditions_reductions_and_ends() {
    assert_every_mode!(conditional_adaptors_of, 0.7);
    assert_every_mode!(conditional_adaptors_of, 1.3);
    let xs = vec![0.2, 0.1, 0.5, 0.4, 0.05];
    let report = check_gradient!(at: &xs, 0.7, of: conditional_adaptors);
    assert!(report.is_ok(), "{:?}", report.err());
    // Closed form of the derivative in the first element, which every chain reads: the
    // `take_while`, `filter_map` and `map_while` terms, the fold of `reduce(|p, q| p s + q)`
    // (s⁴ for the first of five) and `first`; `skip_while` and `reduce(f64::max)` skip it.
    let s: f64 = 0.7;
    let (dxs, _) = gradient!(at: &xs, s, of: conditional_adaptors);
    let expected = s + (xs[0] * s).cos() * s + xs[0].exp() * s + s.powi(4) + s;
    crate::assert_close(dxs[0], expected);
}

#[test]
fn chains_capturing_a_differentiated_value() {
    assert_every_mode!(capturing_chains, 0.7);
    assert_every_mode!(capturing_chains, -0.3);
    assert_every_mode!(largest_and_filtered, 0.7, 1.2);
}

#[test]
fn functions_named_as_adaptor_arguments() {
    assert_every_mode!(named_maps, 0.7);
    assert_every_mode!(named_maps, -1.3);
}

#[test]
fn pairwise_chains_over_a_slice() {
    let xs = vec![0.3, -0.5, 0.8, 1.4, 0.2];
    let report = check_gradient!(at: &xs, 0.6, of: roughness);
    assert!(report.is_ok(), "{:?}", report.err());
    // Closed form in s: Σ(b - a)² + Σ b cos(b s - a).
    let ds = gradient!(at: 0.6, of: |s: f64| roughness(&xs, s));
    let expected: f64 = xs
        .windows(2)
        .map(|w| (w[1] - w[0]).powi(2) + w[1] * (w[1] * 0.6 - w[0]).cos())
        .sum();
    crate::assert_close(ds, expected);
}

#[test]
fn windows_and_chunks() {
    let xs = vec![0.2, 0.4, 0.9, -0.3, 1.2];
    let report = check_gradient!(at: &xs, 0.7, of: pieces);
    assert!(report.is_ok(), "{:?}", report.err());
    let report = check_gradient!(at: 0.7, of: |s: f64| pieces(&xs, s), second_order);
    assert!(report.is_ok(), "{:?}", report.err());
    // Closed form in s: Σ (Δx)² + Σ first of each pair + Σ x_i x_{i+2} - Σ first of each
    // whole pair.
    let expected = xs.windows(2).map(|w| (w[1] - w[0]).powi(2)).sum::<f64>()
        + xs.chunks(2).map(|c| c[0]).sum::<f64>()
        + xs.windows(3).map(|w| w[0] * w[2]).sum::<f64>()
        - xs.chunks_exact(2).map(|c| c[0]).sum::<f64>();
    crate::assert_close(gradient!(at: 0.7, of: |s: f64| pieces(&xs, s)), expected);
}

#[test]
fn closures_stored_and_called_several_times() {
    assert_every_mode!(stored_closures, 0.3, 1.7);
}

#[test]
fn folds_with_min_and_any() {
    assert_every_mode!(nearest, 0.4);
    assert_every_mode!(nearest, 1.8);
}

#[test]
fn sequences_of_unsuffixed_literals() {
    assert_every_mode!(literal_tables, 0.45);
}
