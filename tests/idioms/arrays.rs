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

/// `map` of a fixed-size array (Rust's `[T; N]::map`, which hands the closure each element by
/// value), as vector-math helpers write it: was taken for ndarray's `map` and refused.
#[differentiable]
fn squares_of_an_array(t: f64, u: f64) -> f64 {
    let a = [t, 2.0 * u, t * u];
    let b = a.map(|x| x * x);
    let c = b.map(f64::sin);
    c[0] + c[1] * c[2]
}

#[test]
fn map_of_a_fixed_size_array() {
    // Closed form: sin(t²) + sin(4u²) sin(t²u²).
    let (t, u): (f64, f64) = (0.7, -0.4);
    let (dt, du) = ad::gradient!(at: t, u, of: squares_of_an_array);
    let (p, q) = ((4.0 * u * u).sin(), (t * t * u * u).sin());
    let (dp_du, dq_dt, dq_du) = (
        8.0 * u * (4.0 * u * u).cos(),
        2.0 * t * u * u * (t * t * u * u).cos(),
        2.0 * t * t * u * (t * t * u * u).cos(),
    );
    crate::assert_close(dt, 2.0 * t * (t * t).cos() + p * dq_dt);
    crate::assert_close(du, dp_du * q + p * dq_du);
    crate::common::every_mode::assert_every_mode!(squares_of_an_array, t, u);
}

/// An iterator chain over a range of a slice (`param[1..].iter()`), as a test function's sum
/// over all coordinates but the first is written: was refused ("`iter` has no derivative").
#[differentiable]
fn sum_after_the_first(param: &[f64]) -> f64 {
    param[1..].iter().map(|x| x.sin()).sum::<f64>() * param[0]
}

#[test]
fn a_chain_over_a_range_of_a_slice() {
    let p = vec![0.5, 1.0, 2.0, -0.3];
    let gradient = crate::common::modes::gradient!(at: &p, of: sum_after_the_first);
    let tail: f64 = p[1..].iter().map(|x| x.sin()).sum();
    let expected = vec![
        tail,
        0.5 * 1.0f64.cos(),
        0.5 * 2.0f64.cos(),
        0.5 * (-0.3f64).cos(),
    ];
    for (g, e) in gradient.iter().zip(&expected) {
        crate::assert_close(*g, *e);
    }
    crate::assert_grad_fd(sum_after_the_first, &p, &gradient);
}
