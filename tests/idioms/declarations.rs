//! `let y;` declared without a value and assigned later, on every path that reads it.

use crate::check::check_idiom;
use ad::prelude::*;

/// Assigned in both branches of an `if`.
#[differentiable]
fn either(x: f64, y: f64) -> f64 {
    let z;
    if x > y {
        z = x * y;
    } else {
        z = x + y.sin();
    }
    z * z
}

#[test]
fn assigned_in_both_branches() {
    check_idiom!(either, [(1.5, 0.5), (0.2, 0.9), (-1.0, 2.0)]);
}

/// Declared with a type, assigned by every arm of a `match`.
#[differentiable]
fn by_sign(x: f64) -> f64 {
    let slope: f64;
    match x.partial_cmp(&0.0) {
        Some(std::cmp::Ordering::Less) => slope = -x.exp(),
        Some(std::cmp::Ordering::Greater) => slope = x * x,
        _ => slope = 0.0,
    }
    slope * x
}

#[test]
fn assigned_in_every_arm() {
    check_idiom!(by_sign, [-1.3, 0.7, 2.5]);
}

/// Assigned in one branch and read only there; a second declaration assigned after it.
#[differentiable]
fn read_where_assigned(x: f64, y: f64) -> f64 {
    let total;
    let scaled;
    if x > 0.0 {
        scaled = x * y;
        total = scaled + y;
    } else {
        total = y * y;
    }
    total * x
}

#[test]
fn assigned_on_one_path_and_read_there() {
    check_idiom!(read_where_assigned, [(1.2, 0.4), (-0.7, 1.1)]);
}

/// Assigned inside a loop's body before each read, and a running value carried by the loop.
#[differentiable]
fn assigned_each_iteration(x: f64, y: f64) -> f64 {
    let mut acc = 0.0;
    for k in 0..4 {
        let term;
        if k % 2 == 0 {
            term = x * (k as f64);
        } else {
            term = y.cos();
        }
        acc += term * x;
    }
    acc
}

#[test]
fn assigned_in_every_iteration() {
    check_idiom!(assigned_each_iteration, [(0.3, 1.7), (-1.1, 0.2)]);
}

/// Declared first, assigned later in straight-line code.
#[differentiable]
fn declared_first(x: f64) -> f64 {
    let a;
    let b: f64;
    a = x.exp();
    b = a * x;
    a + b
}

#[test]
fn declared_then_assigned() {
    check_idiom!(declared_first, [0.4, -2.0]);
}
