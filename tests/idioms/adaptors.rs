//! Iterator forms beside the ones of `iterators.rs`: `max_by`/`min_by` with `total_cmp`,
//! `for` loops over `a.chain(b)` (also reversed), and `zip` with a side that is skipped or a
//! range slice (`xs.iter().zip(xs.iter().skip(1))`, `xs[1..].iter().zip(&xs[..2])`).

use crate::check::{check_slice_hessian, check_slice_idiom};
use ad::prelude::*;

/// The largest and smallest value by `total_cmp`.
#[differentiable]
fn spread_by_total_cmp(xs: &[f64]) -> f64 {
    let hi = *xs.iter().max_by(|a, b| a.total_cmp(b)).unwrap();
    let lo = xs.iter().copied().min_by(|a, b| a.total_cmp(b)).unwrap();
    hi - 0.5 * lo
}

#[test]
fn max_by_and_min_by_with_total_cmp() {
    check_slice_idiom!(
        spread_by_total_cmp,
        [vec![0.3, 2.0, -1.0, 1.5], vec![-0.5, -0.2]]
    );
    let g = gradient!(at: &[0.3, 2.0, -1.0, 1.5][..], of: spread_by_total_cmp);
    crate::assert_all_close(&g, &[0.0, 1.0, -0.5, 0.0]);
}

/// `for` over `xs.iter().chain(ys.iter()).rev()` and `xs.iter().chain(&ys)`, with weights
/// that depend on the order.
#[differentiable]
fn weighted_chain(xs: &[f64], y: f64) -> f64 {
    let ys = vec![y, y * y];
    let mut s = 0.0;
    let mut k = 1.0;
    for x in xs.iter().chain(ys.iter()).rev() {
        s += x * k;
        k += 1.0;
    }
    for &x in xs.iter().chain(&ys) {
        if x > 10.0 {
            continue;
        }
        s += x.sin() * k;
        k -= 0.5;
    }
    s
}

#[differentiable]
fn weighted_chain_of(p: &[f64]) -> f64 {
    let xs = vec![p[0], p[1], p[2]];
    weighted_chain(&xs, p[3])
}

#[test]
fn loops_over_a_chain_and_its_reverse() {
    check_slice_idiom!(
        weighted_chain,
        [(vec![0.5, -1.0, 2.0], 0.7), (vec![1.5], -0.3)]
    );
    check_slice_hessian!(weighted_chain_of, [vec![0.5, -1.0, 2.0, 0.7]]);
}

/// `zip` of a sequence with itself skipped, and of two range slices.
#[differentiable]
fn lagged_products(xs: &[f64], y: f64) -> f64 {
    let mut s = 0.0;
    for (a, b) in xs.iter().zip(xs.iter().skip(1)) {
        s += a * b * y;
    }
    for (&a, b) in xs[1..].iter().zip(&xs[..2]) {
        s += a - b * y * y;
    }
    for (a, b) in xs.iter().copied().skip(2).zip(xs.iter()).rev() {
        s += a * b.exp();
    }
    s
}

#[differentiable]
fn lagged_products_of(p: &[f64]) -> f64 {
    let xs = vec![p[0], p[1], p[2], p[3]];
    lagged_products(&xs, p[4])
}

#[test]
fn zip_with_a_skipped_side_and_range_slices() {
    check_slice_idiom!(
        lagged_products,
        [(vec![0.5, -1.0, 2.0, 0.3], 0.7), (vec![1.5, 0.2], -0.3)]
    );
    check_slice_hessian!(lagged_products_of, [vec![0.5, -1.0, 2.0, 0.3, 0.7]]);
}
