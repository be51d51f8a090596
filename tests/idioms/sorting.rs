//! Sorting and filling differentiated values: the order is a constant, derivatives follow the
//! elements; a filled vector passes every cotangent to the value it was filled with.

use crate::check::{check_hessian, check_idiom};
use ad::prelude::*;

/// The median of five values by `sort_by`.
#[differentiable]
fn median_of_five(x: f64, y: f64) -> f64 {
    let mut v = vec![x, y, x * y, 0.5, y.sin()];
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[2]
}

#[test]
fn a_median_by_sort_by() {
    check_idiom!(median_of_five, [(0.9, 0.2), (2.0, 1.3), (-0.4, 0.8)]);
}

/// A weighted sum of the sorted values, by `sort_unstable_by` with `f64::total_cmp`, in
/// descending order.
#[differentiable]
fn ordered_weighted_sum(x: f64, y: f64) -> f64 {
    let mut v = vec![x.exp(), y * y, x - y, 1.0];
    v.sort_unstable_by(|a, b| b.total_cmp(a));
    let mut total = 0.0;
    for k in 0..v.len() {
        total += (k + 1) as f64 * v[k];
    }
    total
}

#[test]
fn a_weighted_sum_of_values_sorted_descending() {
    check_idiom!(ordered_weighted_sum, [(0.3, 1.7), (-1.0, 0.4), (1.2, -2.0)]);
    check_hessian!(ordered_weighted_sum, [(0.3, 1.7)]);
}

/// `v.fill(x)` then element writes: every element of the filled vector passes its cotangent
/// to `x`.
#[differentiable]
fn filled_then_written(x: f64, y: f64) -> f64 {
    let mut v = vec![y; 4];
    v.fill(x * y);
    v[1] = y.exp();
    v[0] * v[1] + v[2] + 3.0 * v[3]
}

#[test]
fn a_filled_vector() {
    check_idiom!(filled_then_written, [(0.4, 1.3), (-1.1, 0.6)]);
    check_hessian!(filled_then_written, [(0.4, 1.3)]);
}

/// The median by `select_nth_unstable_by`, as a statement (its result discarded).
#[differentiable]
fn median_by_selection(x: f64, y: f64) -> f64 {
    let mut v = vec![x, y, x * y, 0.5, y.sin(), x - 1.0, 2.0 * y];
    let middle = v.len() / 2;
    v.select_nth_unstable_by(middle, |a, b| a.total_cmp(b));
    v[middle] + 0.1 * v[0]
}

#[test]
fn a_median_by_selection() {
    check_idiom!(median_by_selection, [(0.9, 0.2), (2.0, 1.3), (-0.4, 0.8)]);
}

/// `a.fill(x)` on an ndarray array.
#[differentiable]
fn filled_array(x: f64, y: f64) -> f64 {
    let mut a = ad::ndarray::Array1::<f64>::zeros(3);
    a.fill(x * y);
    a[1] = y;
    a.sum() * x
}

#[test]
fn a_filled_array() {
    check_idiom!(filled_array, [(0.4, 1.3), (-1.1, 0.6)]);
}
