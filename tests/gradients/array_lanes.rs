//! Loops over the elements of arrays of any dimension (`for v in m.iter()`, `for &v in
//! m.iter()`, `for v in &m`, `m.iter().map(..).sum()`, zipped and enumerated), the lanes of a
//! matrix (`map_axis`, `fold_axis`) and ndarray's `Zip` and `azip!`, on random shapes: the
//! gradient against central differences of the original function (the suite's operators
//! also check forward mode against reverse mode), and the Hessian (second-order forward
//! mode) against central differences of the gradient.

use crate::array_random::Random;
use crate::assert_grad_fd;
use ad::ndarray::{Array, Array1, Array2, Array3, ArrayView1, Axis, Dimension, Zip, azip};
use ad::prelude::*;
// The suite's operators, which also check forward mode against reverse mode.
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};

/// A random array of shape `dim` with entries of either sign.
fn random_array<D: Dimension>(random: &mut Random, dim: D) -> Array<f64, D> {
    Array::from_shape_fn(dim, |_| random.value(true))
}

/// `f` at `a`: its gradient against central differences, and `hessian(a)` (the Hessian with
/// respect to the entries of `a`, in logical order) against central differences of the
/// gradient.
fn check<D: Dimension>(
    a: &Array<f64, D>,
    f: impl Fn(Array<f64, D>) -> f64,
    gradient: impl Fn(Array<f64, D>) -> Array<f64, D>,
    hessian: impl Fn(Array<f64, D>) -> Array2<f64>,
) {
    let dim = a.raw_dim();
    let da = gradient(a.clone());
    assert_eq!(da.raw_dim(), dim);
    let at = |p: &[f64]| f(Array::from_shape_vec(dim.clone(), p.to_vec()).unwrap());
    assert_grad_fd(at, a.as_slice().unwrap(), da.as_slice().unwrap());
    let h = hessian(a.clone());
    let n = a.len();
    assert_eq!(h.dim(), (n, n));
    for k in 0..n {
        // Column k of the Hessian is the derivative of the gradient along entry k.
        let along = |t: f64| {
            let mut p = a.clone();
            p.as_slice_mut().unwrap()[k] += t;
            gradient(p)
        };
        let step = 1e-5;
        let difference = (along(step) - along(-step)) / (2.0 * step);
        for (j, want) in difference.iter().enumerate() {
            let got = h[[j, k]];
            assert!(
                (got - want).abs() <= 1e-5 * want.abs().max(1.0),
                "{:?}: Hessian[{j}, {k}] = {got}, differences give {want}",
                a.shape()
            );
        }
    }
}

/// The Hessian of `body` (a function of the array `$m`) with respect to the entries of `$a`.
macro_rules! hessian_of_entries {
    ($a:expr, |$m:ident| $body:expr) => {{
        let dim = $a.dim();
        let flat = Array1::from_iter($a.iter().copied());
        hessian!(at: flat, of: |x: Array1<f64>| {
            let $m = x.into_shape_with_order(dim).unwrap();
            $body
        })
    }};
}

// ---- loops over the elements ----

#[differentiable]
fn matrix_elements(m: Array2<f64>) -> f64 {
    let mut s = 0.0;
    for v in m.iter() {
        s += v.sin() * v;
    }
    for &v in m.iter() {
        s = s * 0.5 + v * v;
    }
    for v in &m {
        s += v.exp();
    }
    // A transposed copy iterates in its own logical order: position k weighs a different
    // element than in `m`.
    let z = m.t().to_owned();
    for (k, v) in z.iter().enumerate() {
        s += v * (k as f64 + 1.0);
    }
    for (a, b) in m.iter().zip(z.iter()) {
        s += a * b.cos();
    }
    let p = m.dot(&m.t());
    for v in p {
        s += v.tanh();
    }
    s + m.iter().map(|v| v.tanh() * v).sum::<f64>()
}

#[test]
fn loops_over_the_elements_of_a_matrix() {
    let mut random = Random(1);
    for _ in 0..8 {
        let dim = (random.length(3), random.length(3));
        let m = random_array(&mut random, ad::ndarray::Dim(dim));
        check(
            &m,
            matrix_elements,
            |m| gradient!(at: m.clone(), of: matrix_elements),
            |m| hessian_of_entries!(m, |x| matrix_elements(x)),
        );
    }
}

#[differentiable]
fn cube_elements(c: Array3<f64>, w: f64) -> f64 {
    let mut s = 0.0;
    for (k, v) in c.iter().enumerate() {
        s += v.powi(2) * (k as f64 + 1.0).sqrt() * w;
    }
    let squares = c.mapv(|x| x * x);
    s * squares.iter().map(|v| (v * w).sin()).sum::<f64>()
}

#[test]
fn loops_over_the_elements_of_a_three_dimensional_array() {
    let mut random = Random(2);
    for _ in 0..6 {
        let dim = (random.length(3), random.length(2), random.length(3));
        let c = random_array(&mut random, ad::ndarray::Dim(dim));
        let w = 0.7;
        check(
            &c,
            |c| cube_elements(c, w),
            |c| gradient!(at: c.clone(), of: |c: Array3<f64>| cube_elements(c, w)),
            |c| hessian_of_entries!(c, |x| cube_elements(x, w)),
        );
        let (_, dw) = gradient!(at: c.clone(), w, of: cube_elements);
        crate::assert_deriv_fd(|t| cube_elements(c.clone(), t), w, dw);
    }
}

// ---- map_axis and fold_axis ----

#[differentiable]
fn lane_maps(m: Array2<f64>, axis: usize) -> f64 {
    let sums = m.map_axis(Axis(axis), |lane| lane.sum());
    let norms = m.map_axis(Axis(1 - axis), |c: ArrayView1<f64>| c.dot(&c));
    let squares = m.fold_axis(Axis(1), 0.0, |a, &v| a + v * v);
    let maxima = m.fold_axis(Axis(0), f64::NEG_INFINITY, |a: &f64, &v| a.max(v));
    let scale = m.sum();
    let scaled = (&m * 2.0).map_axis(Axis(0), |c| (c.mapv(|x| x.tanh()).sum() * scale).sin());
    (sums.mapv(|x| x.sin()).sum() + norms.sqrt().sum()) * squares.mapv(|x| x.ln_1p()).sum()
        + maxima.sum()
        + scaled.sum()
}

#[test]
fn lanes_mapped_and_folded_along_either_axis() {
    let mut random = Random(3);
    for case in 0..10 {
        let dim = (random.length(4), random.length(4));
        let m = random_array(&mut random, ad::ndarray::Dim(dim));
        let axis = case % 2;
        check(
            &m,
            |m| lane_maps(m, axis),
            |m| gradient!(at: m.clone(), of: |m: Array2<f64>| lane_maps(m, axis)),
            |m| hessian_of_entries!(m, |x| lane_maps(x, axis)),
        );
    }
}

/// Lanes of a three-dimensional array along each axis: the results are matrices.
#[differentiable]
fn cube_lanes(c: Array3<f64>, axis: usize) -> f64 {
    let norms = c.map_axis(Axis(axis), |lane| lane.dot(&lane).sqrt());
    let folded = c.fold_axis(Axis(axis), 0.0, |a, &v| a + (v * 1.5).sin());
    (&norms * &folded).sum() + norms.sum()
}

#[test]
fn lanes_of_a_three_dimensional_array_along_each_axis() {
    let mut random = Random(5);
    for case in 0..6 {
        let dim = (random.length(3), random.length(3), random.length(3));
        let c = random_array(&mut random, ad::ndarray::Dim(dim));
        let axis = case % 3;
        // The values are ndarray's.
        let (value, _) =
            value_with_gradient!(at: c.clone(), of: |c: Array3<f64>| cube_lanes(c, axis));
        let reference = {
            let norms = c.map_axis(Axis(axis), |lane| lane.dot(&lane).sqrt());
            let folded = c.fold_axis(Axis(axis), 0.0, |a, &v| a + (v * 1.5).sin());
            (&norms * &folded).sum() + norms.sum()
        };
        assert!((value - reference).abs() <= 1e-12 * reference.abs().max(1.0));
        check(
            &c,
            |c| cube_lanes(c, axis),
            |c| gradient!(at: c.clone(), of: |c: Array3<f64>| cube_lanes(c, axis)),
            |c| hessian_of_entries!(c, |x| cube_lanes(x, axis)),
        );
        // The users' checker agrees, to second order (the lanes rule is one of `ad-std`'s).
        if let Err(error) =
            check_gradient!(at: c.clone(), of: |c: Array3<f64>| cube_lanes(c, axis), second_order)
        {
            panic!("{error}");
        }
    }
}

#[test]
fn lanes_agree_with_ndarray() {
    // The lowering computes the same values as ndarray's own `map_axis` and `fold_axis`.
    let m = Array2::from_shape_vec((2, 3), vec![0.5, -1.0, 2.0, 1.5, 0.25, -0.75]).unwrap();
    for axis in [0, 1] {
        let (value, _) =
            value_with_gradient!(at: m.clone(), of: |m: Array2<f64>| lane_maps(m, axis));
        assert_eq!(value, lane_maps(m.clone(), axis));
    }
}

// ---- Zip and azip! ----

#[differentiable]
fn zipped(a: Array2<f64>, b: Array2<f64>) -> f64 {
    let products = Zip::from(&a).and(&b).map_collect(|&x, &y| x * y.sin());
    let mut out = Array2::<f64>::zeros(a.raw_dim());
    azip!((o in &mut out, &x in &a, &y in &b) *o = x.exp() - y * x);
    let mut squares = Array2::<f64>::zeros(a.raw_dim());
    Zip::from(&mut squares).and(&a).for_each(|o, &x| *o = x * x);
    Zip::from(&mut squares)
        .and(&b)
        .for_each(|o, y| *o += *o * y);
    let references = Zip::from(a.view())
        .and(b.view())
        .map_collect(|x, y| x / (1.5 + y.cos()));
    // (The first row alone: collected in another order, it would hold other elements.)
    products.sum() * out.mapv(|t| t.tanh()).sum()
        + squares.sum()
        + references.sum()
        + products.row(0).mapv(|t| t.sin()).sum()
}

/// A zip of vectors, with a third part.
#[differentiable]
fn zipped_vectors(u: Array1<f64>, v: Array1<f64>) -> f64 {
    let w = u.mapv(|x| x.sin());
    let mixed = Zip::from(&u)
        .and(&v)
        .and(&w)
        .map_collect(|&x, &y, &z| x * y + z);
    let mut out = Array1::<f64>::zeros(u.len());
    azip!((o in &mut out, &x in &mixed, &y in &v) *o = (x * y).tanh());
    mixed.dot(&out)
}

/// Parts named by reference parameters, as ndarray takes them (`Zip::from(a)`).
#[differentiable]
fn zipped_references(a: &Array2<f64>, b: &Array2<f64>) -> f64 {
    let quotients = Zip::from(a)
        .and(b)
        .map_collect(|&x, &y| x / (2.0 + y.sin()));
    let mut out = Array2::<f64>::zeros(a.raw_dim());
    Zip::from(&mut out)
        .and(a)
        .and(&quotients)
        .for_each(|o, &x, &q| *o = x * q.exp());
    out.row(0).sum() + quotients.mapv(|t| t * t).sum()
}

#[test]
fn zipped_reference_parameters() {
    let mut random = Random(6);
    for _ in 0..6 {
        let dim = (random.length(3), random.length(3));
        let (a, b) = (
            random_array(&mut random, ad::ndarray::Dim(dim)),
            random_array(&mut random, ad::ndarray::Dim(dim)),
        );
        check(
            &a,
            |a| zipped_references(&a, &b),
            |a| gradient!(at: &a, &b, of: zipped_references).0,
            |a| hessian_of_entries!(a, |x| zipped_references(&x, &b)),
        );
        check(
            &b,
            |b| zipped_references(&a, &b),
            |b| gradient!(at: &a, &b, of: zipped_references).1,
            |b| hessian_of_entries!(b, |x| zipped_references(&a, &x)),
        );
    }
}

#[test]
fn zipped_matrices_of_random_shapes() {
    let mut random = Random(4);
    for _ in 0..8 {
        let dim = (random.length(3), random.length(3));
        let (a, b) = (
            random_array(&mut random, ad::ndarray::Dim(dim)),
            random_array(&mut random, ad::ndarray::Dim(dim)),
        );
        check(
            &a,
            |a| zipped(a, b.clone()),
            |a| gradient!(at: a.clone(), b.clone(), of: zipped).0,
            |a| hessian_of_entries!(a, |x| zipped(x, b.clone())),
        );
        check(
            &b,
            |b| zipped(a.clone(), b),
            |b| gradient!(at: a.clone(), b.clone(), of: zipped).1,
            |b| hessian_of_entries!(b, |x| zipped(a.clone(), x)),
        );
    }
}

#[test]
fn zipped_vectors_of_random_lengths() {
    let mut random = Random(5);
    for _ in 0..8 {
        let n = random.length(5);
        let (u, v) = (
            random_array(&mut random, ad::ndarray::Ix1(n)),
            random_array(&mut random, ad::ndarray::Ix1(n)),
        );
        check(
            &u,
            |u| zipped_vectors(u, v.clone()),
            |u| gradient!(at: u.clone(), v.clone(), of: zipped_vectors).0,
            |u| hessian_of_entries!(u, |x| zipped_vectors(x, v.clone())),
        );
        check(
            &v,
            |v| zipped_vectors(u.clone(), v),
            |v| gradient!(at: u.clone(), v.clone(), of: zipped_vectors).1,
            |v| hessian_of_entries!(v, |x| zipped_vectors(u.clone(), x)),
        );
    }
}

// ---- ndarray's own fold ----

/// ndarray's `fold` over the elements of a three-dimensional array, reading a parameter.
#[differentiable]
fn folded(c: Array3<f64>, w: f64) -> f64 {
    let squares = c.fold(0.0, |acc, &v| acc + v * v * w);
    let products = c.fold(1.0, |acc, v| acc * (1.0 + 0.1 * v.tanh()));
    squares * products
}

#[test]
fn ndarrays_own_fold() {
    let mut random = Random(7);
    for _ in 0..4 {
        let dim = (random.length(3), random.length(2), random.length(2));
        let c = random_array(&mut random, ad::ndarray::Dim(dim));
        let w = -0.6;
        check(
            &c,
            |c| folded(c, w),
            |c| gradient!(at: c.clone(), of: |c: Array3<f64>| folded(c, w)),
            |c| hessian_of_entries!(c, |x| folded(x, w)),
        );
        if let Err(error) =
            check_gradient!(at: c.clone(), of: |c: Array3<f64>| folded(c, w), second_order)
        {
            panic!("{error}");
        }
        let (_, dw) = gradient!(at: c.clone(), w, of: folded);
        crate::assert_deriv_fd(|t| folded(c.clone(), t), w, dw);
    }
}
