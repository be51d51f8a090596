//! Closures given to ndarray's methods, capturing differentiated values: `from_shape_fn`
//! (two- and one-dimensional), `map_axis`, `fold_axis`, `Zip::for_each` and
//! `Zip::map_collect`, `mapv` feeding a `Zip`; and `sort_by` of a copied slice with a key
//! that captures the differentiated value. Every mode against central differences, or
//! `check_gradient!`.

use crate::common::every_mode::assert_every_mode;
use ad::ndarray::{Array1, Array2, Axis, Zip, array};
use ad::prelude::*;

/// Row sums by `map_axis` and column sums of squares by `fold_axis`, of a matrix built from
/// `s` by `from_shape_fn`.
#[differentiable]
fn axis_closures(s: f64) -> f64 {
    let m = Array2::from_shape_fn((2, 3), |(i, j)| (i as f64 + 1.0) * s + j as f64 * s * s);
    let rows = m.map_axis(Axis(1), |r| r.sum());
    let cols = m.fold_axis(Axis(0), 0.0, |acc, v| acc + v * v);
    rows.sum() + cols.sum()
}

/// `Zip::for_each` writing `x y + s` of an array and its `mapv` image.
#[differentiable]
fn zipped_update(a: Array1<f64>, s: f64) -> f64 {
    let b = a.mapv(|v| (v * s).sin());
    let mut out = Array1::<f64>::zeros(a.len());
    Zip::from(&mut out)
        .and(&a)
        .and(&b)
        .for_each(|o, &x, &y| *o = x * y + s);
    out.sum()
}

/// `Zip::map_collect` with a closure capturing `s`.
#[differentiable]
fn zipped_collect(a: Array1<f64>, s: f64) -> f64 {
    Zip::from(&a).map_collect(|&x| x * s * x).sum()
}

/// A matrix and a vector built by closures capturing `s`, multiplied.
#[differentiable]
fn built_and_multiplied(s: f64) -> f64 {
    let m = Array2::from_shape_fn(
        (3, 3),
        |(i, j)| {
            if i == j { s } else { 0.1 * s * (i + j) as f64 }
        },
    );
    let v = Array1::from_shape_fn(3, |i| (i as f64 + s).sin());
    m.dot(&v).sum()
}

/// The two elements nearest to `s`, by a `sort_by` whose key captures `s`.
#[differentiable]
fn nearest_two(xs: &[f64], s: f64) -> f64 {
    let mut v = xs.to_vec();
    v.sort_by(|a, b| {
        ((a - s) * (a - s))
            .partial_cmp(&((b - s) * (b - s)))
            .unwrap()
    });
    v[0] * s + v[1]
}

#[test]
fn map_axis_and_fold_axis_over_a_built_matrix() {
    assert_every_mode!(axis_closures, 0.7);
    assert_every_mode!(built_and_multiplied, 0.4);
}

#[test]
fn zip_closures_capturing_a_differentiated_value() {
    let a = array![0.3, 0.5, 0.8];
    let report = check_gradient!(at: a.clone(), 1.2, of: zipped_update);
    assert!(report.is_ok(), "{:?}", report.err());
    let report = check_gradient!(at: a.clone(), 1.2, of: zipped_collect);
    assert!(report.is_ok(), "{:?}", report.err());
    // To second order in `s`, the array a constant.
    let report = check_gradient!(at: 1.2, of: |s: f64| zipped_update(a.clone(), s), second_order);
    assert!(report.is_ok(), "{:?}", report.err());
    // Closed form of the second in s: Σ x².
    let ds = gradient!(at: 1.2, of: |s: f64| zipped_collect(a.clone(), s));
    crate::assert_close(ds, a.iter().map(|x| x * x).sum());
}

#[test]
fn sort_by_a_key_capturing_the_differentiated_value() {
    let xs = vec![0.3, -0.5, 0.8, 1.4];
    let report = check_gradient!(at: &xs, 0.6, of: nearest_two);
    assert!(report.is_ok(), "{:?}", report.err());
    let report = check_gradient!(at: 0.6, of: |s: f64| nearest_two(&xs, s), second_order);
    assert!(report.is_ok(), "{:?}", report.err());
    // At s = 0.6 the nearest are 0.8 and 0.3: d/ds (0.8 s + 0.3) = 0.8.
    crate::assert_close(gradient!(at: 0.6, of: |s: f64| nearest_two(&xs, s)), 0.8);
}
