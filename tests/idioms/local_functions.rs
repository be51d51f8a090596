//! Functions declared inside a differentiable function and called there (a colour
//! conversion's `to_linear`), inlined at each call; one calling another; and functions named
//! with a capital (`Jn`, as the Bessel functions are) called from differentiable code and
//! from an operator's closure, which are calls, not tuple structs' constructors.

use crate::check::{check_hessian, check_idiom};
use ad::prelude::*;

/// sRGB's transfer function, declared in the function that uses it.
#[differentiable]
fn srgb_luminance(r: f64, g: f64) -> f64 {
    fn to_linear(u: f64) -> f64 {
        if u <= 0.04045 {
            u / 12.92
        } else {
            ((u + 0.055) / 1.055).powf(2.4)
        }
    }
    0.2126 * to_linear(r) + 0.7152 * to_linear(g)
}

#[test]
fn a_function_declared_in_the_body() {
    check_idiom!(srgb_luminance, [(0.5, 0.3), (0.02, 0.8), (0.9, 0.01)]);
    check_hessian!(srgb_luminance, [(0.5, 0.3), (0.7, 0.6)]);
    let (dr, dg) = gradient!(at: 0.02, 0.5, of: srgb_luminance);
    assert!((dr - 0.2126 / 12.92).abs() < 1e-12);
    assert!((dg - 0.7152 * 2.4 * (0.555f64 / 1.055).powf(1.4) / 1.055).abs() < 1e-12);
}

/// Two declared functions, one calling the other, in a loop.
#[differentiable]
fn smoothed(x: f64, y: f64) -> f64 {
    fn softplus(t: f64) -> f64 {
        (1.0 + t.exp()).ln()
    }
    fn blend(a: f64, b: f64) -> f64 {
        softplus(a) * b + softplus(b)
    }
    let mut total = 0.0;
    for i in 0..3 {
        total += blend(x * i as f64, y);
    }
    total
}

#[test]
fn declared_functions_calling_each_other_in_a_loop() {
    check_idiom!(smoothed, [(0.5, 0.3), (-1.2, 0.8)]);
    check_hessian!(smoothed, [(0.5, 0.3)]);
}

/// A Bessel-like function named with a capital, as numerical crates name them.
#[allow(non_snake_case)]
#[differentiable]
fn Jn(x: f64) -> f64 {
    x.sin() / x
}

#[differentiable]
fn through_jn(x: f64) -> f64 {
    Jn(x) * x.cos()
}

#[test]
fn a_function_named_with_a_capital() {
    check_idiom!(through_jn, [0.5, 1.7]);
    let x: f64 = 0.8;
    let want = (x * x.cos() - x.sin()) / (x * x);
    assert!((gradient!(at: x, of: |t: f64| Jn(t)) - want).abs() < 1e-12);
    assert!((differentiate!(at: x, of: |t: f64| Jn(t) * 2.0) - 2.0 * want).abs() < 1e-12);
}
