//! Arrays where slices are expected and tables of literals: `total(&[x, y])` and
//! `total(&arr)` with `fn total(xs: &[f64])` (also an array parameter, whole and as a range,
//! given to a helper that is not inlined), `[(1.0, 2.0), ..]` tables of untyped float
//! literals iterated beside differentiated values; locals overwritten whole by
//! `copy_from_slice` and ndarray's `assign`.

use crate::check::{check_hessian, check_idiom, check_slice_hessian, check_slice_idiom};
use ad::ndarray::Array1;
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

/// A local array given as a slice and also indexed, before and after the call.
#[differentiable]
fn local_array_lent_and_read(x: f64, y: f64) -> f64 {
    let arr = [x, y * x, 1.0];
    let first = arr[1] * y;
    first + total(&arr) + arr[0] * arr[1]
}

#[test]
fn a_local_array_as_a_slice() {
    check_idiom!(local_array_as_slice, [(0.5, 1.5), (-1.2, 0.3)]);
    check_hessian!(local_array_as_slice, [(0.5, 1.5)]);
    check_idiom!(local_array_lent_and_read, [(0.5, 1.5), (-1.2, 0.3)]);
    check_hessian!(local_array_lent_and_read, [(0.5, 1.5)]);
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

/// `v.copy_from_slice(xs)` on a local `Vec`, then written and read.
#[differentiable]
fn copied_then_scaled(xs: &[f64], y: f64) -> f64 {
    let mut v = vec![y; xs.len()];
    let before = v[0] * y;
    v.copy_from_slice(xs);
    v[1] *= y;
    let mut w = vec![0.0; v.len()];
    w.copy_from_slice(&v);
    before + v.iter().map(|a| a * a).sum::<f64>() + w[0] * w[1]
}

#[differentiable]
fn copied_then_scaled_of(p: &[f64]) -> f64 {
    let xs = vec![p[0], p[1], p[2]];
    copied_then_scaled(&xs, p[3])
}

#[test]
fn copy_from_slice_on_a_local() {
    check_slice_idiom!(
        copied_then_scaled,
        [(vec![0.5, -1.0, 2.0], 0.7), (vec![1.5, 0.2], -0.3)]
    );
    check_slice_hessian!(copied_then_scaled_of, [vec![0.5, -1.0, 2.0, 0.7]]);
}

/// `b.assign(&a)` on a local ndarray array.
#[differentiable]
fn assigned_array(a: &Array1<f64>, x: f64) -> f64 {
    let mut b = Array1::zeros(a.len());
    b.fill(x);
    let before = b.sum() * x;
    b.assign(&(a * x));
    b[0] = b[0] * x;
    let mut c = Array1::zeros(a.len());
    c.assign(&b);
    before + (&c * &b).sum()
}

#[test]
fn assign_on_a_local_array() {
    let a = Array1::from(vec![0.5, -1.0, 2.0]);
    let report = check_gradient!(at: &a, 0.7, of: assigned_array);
    assert!(report.is_ok(), "{:?}", report.err());
    let report = check_gradient!(at: 0.7, of: |x: f64| assigned_array(&a, x), second_order);
    assert!(report.is_ok(), "{:?}", report.err());
    // Closed form: 3x² + x⁴a₀² + x²(a₁² + a₂²).
    let (da, dx) = gradient!(at: &a, 0.7, of: assigned_array);
    let x: f64 = 0.7;
    crate::assert_close(da[0], 2.0 * x.powi(4) * 0.5);
    crate::assert_close(da[2], 2.0 * x * x * 2.0);
    crate::assert_close(dx, 6.0 * x + 4.0 * x.powi(3) * 0.25 + 2.0 * x * 5.0);
}

/// Range slices of a differentiated slice given to a function: every range form, and a
/// window moving in a loop.
#[differentiable]
fn windows(xs: &[f64]) -> f64 {
    let mut s = total(&xs[1..3]) + total(&xs[..2]) * total(&xs[2..]) + total(&xs[..=1]);
    s += total(&xs[..]) * 0.5 + total(&xs[1..=2]);
    for k in 0..xs.len() - 1 {
        s += total(&xs[k..k + 2]).sqrt();
    }
    let v: Vec<f64> = xs.iter().copied().collect();
    s + total(&v[2..])
}

#[test]
fn range_slices_given_to_a_function() {
    check_slice_idiom!(windows, [vec![0.5, -1.0, 2.0, 0.3], vec![1.5, 0.2, -0.7]]);
    check_slice_hessian!(windows, [vec![0.5, -1.0, 2.0, 0.3]]);
}

/// Helpers in a module of their own, called by path: not inlined, so their derivatives are
/// called, and a slice's cotangent (a `Vec`) comes back for an array lent to them.
mod norms {
    use ad::prelude::*;

    #[differentiable]
    pub fn sum_sq(v: &[f64]) -> f64 {
        v.iter().map(|x| x * x).sum()
    }
}

/// An array parameter lent to a slice parameter (bundle adjustment's `sqsum(&proj)`), whole
/// and as a range.
#[differentiable]
fn array_parameter_as_slice(p: [f64; 3], s: f64) -> f64 {
    norms::sum_sq(&p) * s + norms::sum_sq(&p[1..])
}

#[test]
fn an_array_parameter_as_a_slice() {
    let p = [0.5, -1.5, 2.0];
    let report = check_gradient!(at: p, 0.7, of: array_parameter_as_slice);
    assert!(report.is_ok(), "{:?}", report.err());
    // 2 p s + 2 p (after the first), and |p|².
    let (dp, ds) = gradient!(at: p, 0.7, of: array_parameter_as_slice);
    assert_eq!(dp, [2.0 * 0.5 * 0.7, 2.0 * -1.5 * 1.7, 2.0 * 2.0 * 1.7]);
    crate::assert_close(ds, 0.25 + 2.25 + 4.0);
    // A closure's parameter lent the same way, in every mode.
    let report = check_gradient!(at: p, of: |q: [f64; 3]| norms::sum_sq(&q).sqrt(), second_order);
    assert!(report.is_ok(), "{:?}", report.err());
}
