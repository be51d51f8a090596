//! Mutual recursion without an annotation: two and three `#[differentiable]` functions that
//! call each other, on floats and over a slice, generic ones (and one calling itself) under
//! a generic caller, used from differentiable code and from an operator's closure. Every mode against central differences (`assert_every_mode!`, to
//! second order), or `check_gradient!`.

use crate::common::every_mode::assert_every_mode;
use ad::num_traits::Float;
use ad::prelude::*;

/// `even` and `odd` hand a float back and forth `n` times, each changing it its own way.
#[differentiable]
fn even(x: f64, n: u32) -> f64 {
    if n == 0 { x } else { odd(x * 1.5, n - 1) }
}

#[differentiable]
fn odd(x: f64, n: u32) -> f64 {
    if n == 0 {
        x.sin()
    } else {
        even(x + 0.5 * x * x, n - 1)
    }
}

/// A cycle of three: `first` calls `second` calls `third` calls `first`.
#[differentiable]
fn first(x: f64, n: u32) -> f64 {
    if n == 0 {
        x
    } else {
        second(x.sin() + 0.3, n - 1)
    }
}

#[differentiable]
fn second(x: f64, n: u32) -> f64 {
    if n == 0 { x * x } else { third(x * 0.9, n - 1) }
}

#[differentiable]
fn third(x: f64, n: u32) -> f64 {
    if n == 0 {
        x.exp()
    } else {
        first(x + x * x * 0.1, n - 1)
    }
}

/// Every parity and every entry point of the cycles, with a parameter in each.
#[differentiable]
fn cycles(x: f64, k: f64) -> f64 {
    even(x * k, 3) + odd(x, 4) + first(x, 5) * k + second(k, 4) + third(x * 0.5, 2)
}

/// Sums of a slice's elements, squared at even positions and through `sin` at odd ones, by
/// two functions that hand the position on to each other.
#[differentiable]
fn at_even(xs: &[f64], i: usize) -> f64 {
    if i >= xs.len() {
        0.0
    } else {
        xs[i] * xs[i] + at_odd(xs, i + 1)
    }
}

#[differentiable]
fn at_odd(xs: &[f64], i: usize) -> f64 {
    if i >= xs.len() {
        0.0
    } else {
        xs[i].sin() + at_even(xs, i + 1)
    }
}

#[differentiable]
fn alternating(xs: Vec<f64>) -> f64 {
    at_even(&xs, 0)
}

#[test]
fn two_and_three_functions_calling_each_other() {
    assert_every_mode!(cycles, 0.4, 1.3);
    assert_every_mode!(cycles, -0.7, 0.8);
}

#[test]
fn mutual_recursion_over_a_slice() {
    let xs = vec![0.3, 0.5, -0.2, 0.9, 1.1];
    let report = check_gradient!(at: xs.clone(), of: alternating, second_order);
    assert!(report.is_ok(), "{:?}", report.err());
    // Closed form: 2x at even positions, cos x at odd ones.
    let g = gradient!(at: xs.clone(), of: alternating);
    for (i, (g, x)) in g.iter().zip(&xs).enumerate() {
        let expected = if i % 2 == 0 { 2.0 * x } else { x.cos() };
        crate::assert_close(*g, expected);
    }
}

#[test]
fn mutual_recursion_from_an_operators_closure() {
    let report = check_gradient!(at: 0.6, of: |x: f64| even(x, 5) * odd(x, 2), second_order);
    assert!(report.is_ok(), "{:?}", report.err());
}

/// Generic functions that call each other, and one that calls itself, used from a generic
/// function that calls them (whose derivatives then need the same `'static` parameters as
/// the boxed pullbacks, without the source saying so).
#[differentiable]
fn generic_even<T: Float>(x: T, n: u32) -> T {
    if n == 0 {
        x
    } else {
        generic_odd(x * T::from(1.5).unwrap(), n - 1)
    }
}

#[differentiable]
fn generic_odd<T: Float>(x: T, n: u32) -> T {
    if n == 0 {
        x.sin()
    } else {
        generic_even(x + x * x, n - 1)
    }
}

#[differentiable]
fn generic_power<T: Float>(x: T, n: u32) -> T {
    if n == 0 {
        T::one()
    } else {
        x * generic_power(x, n - 1)
    }
}

#[differentiable]
fn generic_caller<T: Float>(x: T) -> T {
    generic_even(x, 4) + generic_power(x, 3)
}

#[differentiable]
fn generic_cycles(x: f64) -> f64 {
    generic_caller(x)
}

#[test]
fn generic_recursion_without_annotations() {
    assert_every_mode!(generic_cycles, 0.3);
    assert_every_mode!(generic_cycles, -0.6);
    // At f32 too: x³ has derivative 3x².
    let d = gradient!(at: 0.5f32, of: |x: f32| generic_power(x, 3));
    crate::assert_close_f32(d, 0.75);
}
