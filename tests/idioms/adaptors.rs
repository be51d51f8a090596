//! Iterator forms beside the ones of `iterators.rs`: `max_by`/`min_by` with `total_cmp`,
//! `for` loops over `a.chain(b)` (also reversed), and `zip` with a side that is skipped or a
//! range slice (`xs.iter().zip(xs.iter().skip(1))`, `xs[1..].iter().zip(&xs[..2])`).

use crate::check::{check_slice_hessian, check_slice_idiom};
use ad::ndarray::{Array1, Array2, array};
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

/// Chains over computed sequences: a matrix's row and column on either side of a `zip`, an
/// array computed by `mapv`.
#[differentiable]
fn computed_sources(w: &Array2<f64>, x: &Array1<f64>) -> f64 {
    let a = w
        .row(0)
        .iter()
        .zip(w.column(1))
        .map(|(p, q)| p * q)
        .sum::<f64>();
    let b = x.mapv(f64::tanh).iter().map(|v| v * v).sum::<f64>();
    let c = x
        .iter()
        .zip(w.row(1).iter())
        .map(|(p, q)| (p - q).powi(2))
        .sum::<f64>();
    a + b + c
}

#[test]
fn chains_over_computed_arrays() {
    let (w, x) = (array![[0.5, -1.0], [2.0, 0.3]], array![0.7, -0.2]);
    let report = check_gradient!(at: &w, &x, of: computed_sources);
    assert!(report.is_ok(), "{:?}", report.err());
    let report =
        check_gradient!(at: x.clone(), of: |x: Array1<f64>| computed_sources(&w, &x), second_order);
    assert!(report.is_ok(), "{:?}", report.err());
    // d/dw of w₀₀w₀₁ + w₀₁w₁₁ + Σⱼ (xⱼ − w₁ⱼ)².
    let (dw, _) = gradient!(at: &w, &x, of: computed_sources);
    let want = array![
        [w[[0, 1]], w[[0, 0]] + w[[1, 1]]],
        [
            -2.0 * (x[0] - w[[1, 0]]),
            w[[0, 1]] - 2.0 * (x[1] - w[[1, 1]])
        ]
    ];
    assert!(
        (&dw - &want).iter().all(|d| d.abs() < 1e-12),
        "{dw} != {want}"
    );
}

/// The other side of a `zip` a copy of the slice, by value.
#[differentiable]
fn zipped_with_a_copy(xs: &[f64], s: f64) -> f64 {
    xs.iter()
        .zip(xs.to_vec())
        .map(|(a, b)| a * b * s)
        .sum::<f64>()
        + [s, 2.0 * s]
            .iter()
            .zip(xs.iter())
            .map(|(a, b)| a * b)
            .sum::<f64>()
}

#[test]
fn zip_with_a_computed_side() {
    check_slice_idiom!(
        zipped_with_a_copy,
        [(vec![0.5, -1.5, 2.0], 0.7), (vec![1.1], -0.3)]
    );
}

/// `inspect` in a chain: its closure runs for its effect (here a check), the items pass on.
#[differentiable]
fn inspected(xs: &[f64], s: f64) -> f64 {
    xs.iter()
        .map(|x| x * s)
        .inspect(|v| assert!(v.is_finite(), "{v} is not finite"))
        .filter(|v| *v > 0.0)
        .sum::<f64>()
}

#[test]
fn inspect_passes_items_on() {
    check_slice_idiom!(inspected, [(vec![1.0, -2.0, 3.0], 1.5), (vec![0.5], -0.7)]);
}
