//! Arrays where slices are expected and tables of literals: `total(&[x, y])` and
//! `total(&arr)` with `fn total(xs: &[f64])`, `[(1.0, 2.0), ..]` tables of untyped float
//! literals iterated beside differentiated values.

use crate::check::{check_hessian, check_idiom};
use ad::prelude::*;

#[differentiable]
fn total(xs: &[f64]) -> f64 {
    xs.iter().map(|x| x * x).sum()
}

/// An array literal given to a `&[f64]` parameter.
#[differentiable]
fn literal_as_slice(x: f64, y: f64) -> f64 {
    total(&[x, y * x]) + total(&[y; 3])
}

#[test]
fn an_array_literal_as_a_slice() {
    check_idiom!(literal_as_slice, [(0.5, 1.5), (-1.2, 0.3)]);
    check_hessian!(literal_as_slice, [(0.5, 1.5)]);
}

/// A local array given to a `&[f64]` parameter.
#[differentiable]
fn local_array_as_slice(x: f64, y: f64) -> f64 {
    let arr = [x, y, 1.0];
    let weights = [y.sin(), x];
    total(&arr) * total(&weights)
}

#[test]
fn a_local_array_as_a_slice() {
    check_idiom!(local_array_as_slice, [(0.5, 1.5), (-1.2, 0.3)]);
    check_hessian!(local_array_as_slice, [(0.5, 1.5)]);
}

/// A table of untyped float literals, iterated.
#[differentiable]
fn weighted_by_table(x: f64, y: f64) -> f64 {
    let table = [(1.0, 2.0), (3.0, 0.5), (-1.0, 0.25)];
    let mut s = 0.0;
    for &(a, b) in table.iter() {
        s += a * x + b * y * y;
    }
    for (a, b) in table {
        s += (a * x).sin() * b;
    }
    s
}

#[test]
fn a_table_of_untyped_literals() {
    check_idiom!(weighted_by_table, [(0.5, 1.5), (-1.2, 0.3)]);
    check_hessian!(weighted_by_table, [(0.5, 1.5)]);
}
