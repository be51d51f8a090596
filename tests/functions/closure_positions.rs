//! Closures where people put them: a `let`-bound closure named as an iterator adaptor's or
//! `fold`'s argument, chains over an array or `vec!` written in place, closures returned
//! from blocks (reading the block's locals, called and given to functions), ndarray's `map`
//! over an array built by `from_shape_fn` (untyped and `|&v|` parameters), `to_vec` with
//! `sort_by`, and `Option`'s `map(..).unwrap_or(..)` and `map_or`. Every mode against
//! central differences, or `check_gradient!` to second order.

use crate::common::every_mode::assert_every_mode;
use ad::ndarray::Array1;
use ad::prelude::*;

#[differentiable]
fn apply(f: impl Fn(f64) -> f64, x: f64) -> f64 {
    f(x) * x
}

/// Closures bound by `let` given by name to `fold` and `map`.
#[differentiable]
fn named_adaptor_closures(s: f64) -> f64 {
    let xs = vec![0.5, s, 1.5];
    let add = |acc: f64, v: &f64| acc + v * s;
    let square = |v: &f64| v * v * s;
    xs.iter().fold(0.0, add) + xs.iter().map(square).sum::<f64>()
}

/// Chains over sequences written in place.
#[differentiable]
fn literal_sources(s: f64) -> f64 {
    let a = [1.0, 2.0, s]
        .iter()
        .fold(0.0, |acc: f64, v: &f64| acc + (v * s).sin());
    let b = vec![s, s * s].into_iter().map(|v| v.exp()).sum::<f64>();
    let c = [s; 3].iter().map(|&v| v * 0.5).product::<f64>();
    a + b + c
}

/// Closures returned from blocks: reading the block's locals (one shadowing an outer one),
/// reading nothing of the block, and given on to a function, by value and lent.
#[differentiable]
fn block_closures(s: f64) -> f64 {
    let t = 0.5;
    let f = {
        let t = s * 2.0;
        let u = t.sin();
        move |v: f64| v * t + u
    };
    let g = { |v: f64| v * s };
    f(3.0) + f(s) * t + g(s) + apply(f, s) + apply(&g, 1.5)
}

/// ndarray's `map` over an array `from_shape_fn` built, with an untyped and a `|&v|`
/// parameter.
#[differentiable]
fn mapped_shape_fn(s: f64) -> f64 {
    let a = Array1::from_shape_fn(4, |i| s * i as f64 - 0.5);
    a.map(|v| v * v).sum() + a.map(|&v| v.sin()).sum()
}

/// A sorted copy of a slice: its smallest element twice plus its largest.
#[differentiable]
fn sorted_copy(xs: &[f64]) -> f64 {
    let mut v = xs.to_vec();
    v.sort_by(|a, b| a.total_cmp(b));
    2.0 * v[0] + v[v.len() - 1] * v[1]
}

/// `Option`'s closures: `map(..).unwrap_or(..)`, `map_or`, `map(..).unwrap()`, and a
/// `map(..).unwrap_or_else(..)` of the largest of a chain.
#[differentiable]
fn optional_values(s: f64) -> f64 {
    let opt = if s > 0.0 { Some(s * 2.0) } else { None };
    let a = opt.map(|v| v * s).unwrap_or(0.5 * s);
    let b = opt.map_or(1.0, |v| v.sin() * s);
    let c = Some(s).map(|v| v + s * s).unwrap();
    let xs = vec![0.5, 1.5];
    let d = xs
        .iter()
        .map(|x| x * s)
        .max_by(|a, b| a.partial_cmp(b).unwrap())
        .map(|m| m * m)
        .unwrap_or_else(|| s);
    a + b + c + d
}

#[test]
fn option_closures() {
    // Both arms: `Some` for s > 0, `None` below.
    for s in [0.7, -0.4] {
        assert_every_mode!(optional_values, s);
    }
}

#[test]
fn let_bound_closures_named_as_adaptor_arguments() {
    for s in [0.3, -1.2, 2.0] {
        assert_every_mode!(named_adaptor_closures, s);
    }
}

#[test]
fn chains_over_sequences_written_in_place() {
    for s in [0.4, -0.7, 1.3] {
        assert_every_mode!(literal_sources, s);
    }
}

#[test]
fn closures_returned_from_blocks() {
    for s in [0.5, -0.9, 1.7] {
        assert_every_mode!(block_closures, s);
    }
}

#[test]
fn ndarray_map_over_from_shape_fn() {
    for s in [0.25, -1.1] {
        assert_every_mode!(mapped_shape_fn, s);
    }
}

#[test]
fn to_vec_and_sort_by() {
    let xs = vec![0.7, -1.2, 2.5, 0.1];
    // The smallest is xs[1], then xs[3]; the largest xs[2].
    let dxs = gradient!(at: &xs[..], of: sorted_copy);
    assert_eq!(dxs, vec![0.0, 2.0, xs[3], xs[2]]);
    let report = check_gradient!(at: xs.clone(), of: |v: Vec<f64>| sorted_copy(&v), second_order);
    assert!(report.is_ok(), "{:?}", report.err());
}

mod shapes {
    use ad::prelude::*;

    #[differentiable]
    pub fn bump(x: f64) -> f64 {
        (-x * x).exp()
    }
}

#[differentiable]
fn doubled(x: f64) -> f64 {
    x * 2.0
}

#[test]
fn functions_called_from_an_operators_closure_are_found_where_they_are() {
    // A function of the module, one imported by the caller, one declared in the caller.
    use shapes::bump;
    #[differentiable]
    fn cube(x: f64) -> f64 {
        x * x * x
    }
    let f = |x: f64| doubled(x) * cube(x) + bump(x);
    for x in [0.5, -1.2] {
        let reverse = gradient!(at: x, of: |x: f64| doubled(x) * cube(x) + bump(x));
        let forward = differentiate!(at: x, of: |x: f64| doubled(x) * cube(x) + bump(x));
        crate::assert_deriv_fd(f, x, reverse);
        crate::assert_close(forward, reverse);
    }
}

/// A differentiable function of an element and a parameter.
#[differentiable]
fn activation(v: f64, s: f64) -> f64 {
    (v * s).tanh() + v.max(s)
}

/// `mapv` and `map` closures that read a differentiated local and do more than arithmetic:
/// a call, `max`; over a vector built from the parameter and over a matrix.
#[differentiable]
fn maps_capturing(s: f64) -> f64 {
    let k = s * s;
    let x = Array1::from_shape_fn(3, |i| s + i as f64 * 0.5);
    let m = ad::ndarray::Array2::from_shape_fn((2, 2), |(i, j)| (i + 2 * j) as f64 - s);
    x.mapv(|v| activation(v, k)).sum()
        + m.mapv(|v| v.max(k) * s).sum()
        + x.map(|&v| (v * k).sin().max(s)).sum()
}

#[test]
fn mapv_and_map_closures_capturing_differentiated_locals() {
    for s in [0.3, 0.9, -0.6] {
        assert_every_mode!(maps_capturing, s);
    }
}
