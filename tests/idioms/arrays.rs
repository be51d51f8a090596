//! Array literals and repeat expressions holding differentiated values: as values, indexed,
//! iterated and returned.

use crate::check::{check_hessian, check_idiom};
use ad::prelude::*;

/// A literal and a repeat, indexed in a loop and summed by an iterator.
#[differentiable]
fn literal_and_repeat(x: f64, y: f64) -> f64 {
    let v = [x, y * x, 1.0];
    let z = [x; 3];
    let mut s = 0.0;
    for k in 0..3 {
        s += v[k] * z[k];
    }
    s + v.iter().sum::<f64>()
}

#[test]
fn a_literal_and_a_repeat_indexed_and_summed() {
    check_idiom!(literal_and_repeat, [(0.5, 2.0), (-1.2, 0.3)]);
    // Closed form: x² + y x² + 2x + y x + 1.
    let (dx, dy) = gradient!(at: 0.5, 2.0, of: literal_and_repeat);
    crate::assert_close(dx, 2.0 * 0.5 + 2.0 * 2.0 * 0.5 + 2.0 + 2.0);
    crate::assert_close(dy, 0.25 + 0.5);
}

/// A constant accumulator array filled by element writes, then returned through a function.
#[differentiable]
fn powers(x: f64) -> [f64; 4] {
    let mut p = [0.0; 4];
    p[0] = 1.0;
    for k in 1..4 {
        p[k] = p[k - 1] * x;
    }
    p
}

#[differentiable]
fn weighted_powers(x: f64, y: f64) -> f64 {
    let p = powers(x);
    p[1] * y + p[2] + p[3] * y * y
}

#[test]
fn an_accumulator_array_returned_by_a_function() {
    check_idiom!(weighted_powers, [(0.7, 1.1), (-1.3, 0.4)]);
    check_hessian!(weighted_powers, [(0.7, 1.1)]);
}

/// Array literals of pairs, destructured in a `for` loop.
#[differentiable]
fn pairs(x: f64, y: f64) -> f64 {
    let points = [(x, 1.0), (y, x), (x * y, 2.0)];
    let mut total = 0.0;
    for &(a, b) in points.iter() {
        total += a * b;
    }
    total
}

#[test]
fn an_array_of_pairs_iterated() {
    check_idiom!(pairs, [(0.3, 0.8), (1.5, -0.6)]);
    check_hessian!(pairs, [(0.3, 0.8)]);
}
