//! ndarray's selection methods (`diag`, `index_axis`, `select`, `remove_axis`, `view`,
//! `into_owned`, `slice_move`), the lane statistics `var_axis`/`std_axis` and loops over
//! subarrays (`rows()`, `columns()`, `outer_iter()`, `axis_iter(axis)`) and `from_elem`, on random
//! shapes: the gradient against central differences of the original function (the suite's
//! operators also check forward mode against reverse mode), and the Hessian against
//! differences of the gradient (`check_gradient!` with `second_order`).

use crate::array_random::Random;
use crate::assert_grad_fd;
use ad::ndarray::{Array2, Axis, s};
use ad::prelude::*;
// The suite's operators, which also check forward mode against reverse mode.
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};

/// Lengths from 2 (a lane statistic with `ddof = 1` needs two elements).
fn length(random: &mut Random, n: u64) -> usize {
    1 + random.length(n - 1)
}

#[differentiable]
fn trace_terms(a: Array2<f64>) -> f64 {
    let squared = a.dot(&a);
    squared.diag().sum() + a.diag().mapv(|x| x.sin()).sum()
}

#[differentiable]
fn lane_at(a: Array2<f64>, axis: usize, index: usize) -> f64 {
    let lane = a.index_axis(Axis(axis), index);
    (&lane * &lane).mapv(|x| x.exp()).sum()
}

#[differentiable]
fn selected(a: Array2<f64>, axis: usize, last: usize) -> f64 {
    let s = a.select(Axis(axis), &[0, last, 0]);
    (&s * &s).tanh().sum() + s.sum()
}

#[differentiable]
fn lane_spread(a: Array2<f64>, axis: usize) -> f64 {
    let v = a.var_axis(Axis(axis), 1.0);
    let sd = a.std_axis(Axis(1 - axis), 0.0);
    v.sum() * sd.mapv(|x| x.ln_1p()).sum() + (v * 2.0).exp().sum()
}

#[differentiable]
fn rearranged(a: Array2<f64>) -> f64 {
    let v = a.view();
    let tail = a.clone().slice_move(s![.., 1..]);
    let same = a.clone().insert_axis(Axis(1)).remove_axis(Axis(1));
    v.sum() * tail.mapv(|x| x.cos()).sum() + same.into_owned().powi(3).sum()
}

#[differentiable]
fn subarray_loops(m: Array2<f64>) -> f64 {
    let mut s = 0.0;
    for row in m.rows() {
        s += row.mapv(|x| x.sin()).sum() * row.sum();
    }
    for (j, column) in m.columns().into_iter().enumerate() {
        s += column.sum().tanh() * (j as f64 + 1.0);
    }
    for (i, sub) in m.outer_iter().enumerate() {
        s += sub.dot(&sub) * i as f64;
    }
    for sub in m.axis_iter(Axis(1)).rev() {
        s = s * 0.5 + sub.mapv(|x| x * x).sum();
    }
    s
}

/// `f` at ten random shapes from `shape`: its gradient against central differences, and
/// `hessian(a)` (the Hessian with respect to the entries of `a`, in order) against central
/// differences of the gradient.
fn check(
    seed: u64,
    shape: impl Fn(&mut Random) -> (usize, usize),
    f: impl Fn(Array2<f64>) -> f64 + Copy,
    gradient: impl Fn(Array2<f64>) -> Array2<f64>,
    hessian: impl Fn(Array2<f64>) -> Array2<f64>,
) {
    let mut random = Random(seed);
    for _ in 0..10 {
        let dim = shape(&mut random);
        let a = random.matrix(dim, true);
        let da = gradient(a.clone());
        assert_eq!(da.dim(), dim);
        let at = |p: &[f64]| f(Array2::from_shape_vec(dim, p.to_vec()).unwrap());
        assert_grad_fd(at, a.as_slice().unwrap(), da.as_slice().unwrap());
        let h = hessian(a.clone());
        let n = dim.0 * dim.1;
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
                    "{dim:?}: Hessian[{j}, {k}] = {got}, differences give {want}"
                );
            }
        }
    }
}

/// The Hessian of `body` (a function of the matrix `$m`) with respect to the entries of `$a`.
macro_rules! hessian_of_entries {
    ($a:expr, |$m:ident| $body:expr) => {{
        let dim = $a.dim();
        let flat = ad::ndarray::Array1::from_iter($a.iter().copied());
        hessian!(at: flat, of: |x: ad::ndarray::Array1<f64>| {
            let $m = x.into_shape_with_order(dim).unwrap();
            $body
        })
    }};
}

#[test]
fn diagonal_and_trace() {
    let square = |r: &mut Random| {
        let n = length(r, 4);
        (n, n)
    };
    check(
        1,
        square,
        trace_terms,
        |a| gradient!(at: a.clone(), of: trace_terms),
        |a| hessian_of_entries!(a, |m| trace_terms(m)),
    );
}

#[test]
fn a_subarray_along_an_axis() {
    for axis in [0, 1] {
        for index in [0, 1] {
            check(
                2 + axis as u64,
                |r| (length(r, 4), length(r, 4)),
                move |a| lane_at(a, axis, index),
                |a| gradient!(at: a.clone(), of: |a: Array2<f64>| lane_at(a, axis, index)),
                |a| hessian_of_entries!(a, |m| lane_at(m, axis, index)),
            );
        }
    }
}

#[test]
fn selected_subarrays_repeated() {
    // Square shapes, so that the last index along either axis is known with the shape.
    let square = |r: &mut Random| {
        let n = length(r, 4);
        (n, n)
    };
    for axis in [0, 1] {
        let last = |a: &Array2<f64>| a.nrows() - 1;
        check(
            4 + axis as u64,
            square,
            move |a| {
                let l = last(&a);
                selected(a, axis, l)
            },
            |a| {
                let l = last(&a);
                gradient!(at: a.clone(), of: |a: Array2<f64>| selected(a, axis, l))
            },
            |a| {
                let l = last(&a);
                hessian_of_entries!(a, |m| selected(m, axis, l))
            },
        );
    }
}

#[test]
fn variance_and_standard_deviation_along_an_axis() {
    for axis in [0, 1] {
        check(
            6 + axis as u64,
            |r| (length(r, 4), length(r, 4)),
            move |a| lane_spread(a, axis),
            |a| gradient!(at: a.clone(), of: |a: Array2<f64>| lane_spread(a, axis)),
            |a| hessian_of_entries!(a, |m| lane_spread(m, axis)),
        );
    }
}

#[test]
fn views_moves_and_removed_axes() {
    check(
        8,
        |r| (length(r, 4), length(r, 4)),
        rearranged,
        |a| gradient!(at: a.clone(), of: rearranged),
        |a| hessian_of_entries!(a, |m| rearranged(m)),
    );
}

#[test]
fn loops_over_rows_columns_and_subarrays() {
    check(
        9,
        |r| (length(r, 4), length(r, 4)),
        subarray_loops,
        |a| gradient!(at: a.clone(), of: subarray_loops),
        |a| hessian_of_entries!(a, |m| subarray_loops(m)),
    );
}

#[differentiable]
fn filled(x: f64, y: f64) -> f64 {
    let v = ad::ndarray::Array1::from_elem(3, x);
    let m = Array2::from_elem((2, 3), y * x);
    let n = ad::ndarray::Array::from_elem((2, 3), y);
    (v * 2.0).sum() + (m * &n).sin().sum()
}

#[test]
fn arrays_filled_with_a_differentiated_value() {
    // f = 6x + 6 sin(x y²): ∂x = 6 + 6 y² cos(x y²), ∂y = 12 x y cos(x y²)
    let (x, y) = (0.3, 0.7);
    let (dx, dy) = gradient!(at: x, y, of: filled);
    let c = (x * y * y).cos();
    crate::assert_close(dx, 6.0 + 6.0 * y * y * c);
    crate::assert_close(dy, 12.0 * x * y * c);
    let report =
        check_gradient!(at: vec![x, y], of: |p: Vec<f64>| filled(p[0], p[1]), second_order);
    if let Err(error) = report {
        panic!("{error}");
    }
}
