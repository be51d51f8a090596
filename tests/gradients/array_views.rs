//! Arrays changed through a mutable view of the whole array (`let mut v = a.view_mut();`
//! then `v *= s`, `v[i] = ..`, `v.fill(..)`), `a.mapv_inplace(f)`, and `a.as_slice()` read
//! by index and by iterator, and ndarray's free functions `arr1`, `arr2`, `concatenate`
//! and `stack` named through `ndarray` itself: gradients against central differences of the original
//! function (forward mode against reverse mode through the suite's operators), and Hessians
//! with `check_gradient!`'s second order.

use crate::{assert_close, assert_grad_fd};
use ad::ndarray::Array1;
use ad::prelude::*;
// The suite's operators, which also check forward mode against reverse mode.
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};

#[differentiable]
fn scaled_through_a_view(y: Array1<f64>) -> f64 {
    let s = y.sum();
    let mut z = y.clone();
    let mut v = z.view_mut();
    v *= s;
    v[0] = v[1] * s;
    v += &y;
    z.mapv(|t| t.sin()).sum()
}

#[differentiable]
fn mapped_in_place(y: Array1<f64>) -> f64 {
    let mut z = y.clone() * 2.0;
    z.mapv_inplace(|t| t.tanh());
    let mut w = z.view_mut();
    w.mapv_inplace(|t| t * t);
    (z * &y).sum()
}

#[differentiable]
fn read_as_a_slice(y: Array1<f64>) -> f64 {
    let s = y.as_slice().unwrap();
    s[0] * s[1] + s.iter().map(|x| x.sin()).sum::<f64>()
}

#[differentiable]
fn filled_through_a_view(y: Array1<f64>, x: f64) -> f64 {
    let mut z = y.clone();
    let mut v = z.view_mut();
    v.fill(x * x);
    v[1] = y[2] * x;
    (z * &y).sum()
}

/// `$f`'s gradient at two points against central differences, and its Hessian against
/// differences of the gradient. (A macro: the operators take `$f` by its name.)
macro_rules! check {
    ($f:ident) => {
        for y in [vec![0.3, -0.5, 0.9], vec![1.2, 0.4, -0.7, 0.25]] {
            let y = Array1::from(y);
            let dy = gradient!(at: y.clone(), of: $f);
            let at = |p: &[f64]| $f(Array1::from(p.to_vec()));
            assert_grad_fd(at, y.as_slice().unwrap(), dy.as_slice().unwrap());
            if let Err(error) = check_gradient!(at: y.clone(), of: $f, second_order) {
                panic!("{error}");
            }
        }
    };
}

#[test]
fn an_array_scaled_and_written_through_a_mutable_view() {
    check!(scaled_through_a_view);
}

#[test]
fn an_array_mapped_in_place() {
    check!(mapped_in_place);
}

#[test]
fn an_array_read_as_a_slice() {
    check!(read_as_a_slice);
}

#[test]
fn an_array_filled_through_a_view() {
    // f = x² (y0 + y1 + ..) - x² y1 + x y1 y2 (the fill is overwritten at 1):
    // ∂x = 2x (Σy - y1) + y1 y2
    let y = Array1::from(vec![0.3, -0.5, 0.9]);
    let x = 0.8;
    let (dy, dx) = gradient!(at: y.clone(), x, of: filled_through_a_view);
    assert_close(dx, 2.0 * x * (y.sum() - y[1]) + y[1] * y[2]);
    let at = |p: &[f64]| filled_through_a_view(Array1::from(p.to_vec()), x);
    assert_grad_fd(at, y.as_slice().unwrap(), dy.as_slice().unwrap());
}

#[differentiable]
fn built_with_ndarrays_functions(y: Array1<f64>) -> f64 {
    use ndarray::{Axis, stack};
    let (a, b, c) = (y[0], y[1], y[2]);
    let v = ndarray::arr1(&[a * b, c, a]);
    let m = ndarray::arr2(&[[a, b, c], [c * c, b, a]]);
    let joined = ndarray::concatenate(Axis(0), &[v.view(), y.view()]).unwrap();
    let w = ndarray::arr1(&[c, b * b, a]);
    let stacked = stack(Axis(1), &[v.view(), w.view()]).unwrap();
    m.dot(&v).mapv(|t| t.sin()).sum() + joined.powi(2).sum() * stacked.sum()
}

#[test]
fn arrays_built_by_ndarrays_free_functions() {
    check!(built_with_ndarrays_functions);
}

/// Iterator chains over the rows and columns of a matrix built from the vector, and an outer
/// product by `insert_axis` broadcasting.
#[differentiable]
fn chains_over_subarrays(y: Array1<f64>) -> f64 {
    use ad::ndarray::Axis;
    let outer = &y.clone().insert_axis(Axis(1)) * &y.clone().insert_axis(Axis(0));
    let by_rows = outer
        .rows()
        .into_iter()
        .map(|r| r.sum() * r[0])
        .sum::<f64>();
    let by_columns = outer
        .columns()
        .into_iter()
        .map(|c| c.mapv(|t| t.sin()).sum())
        .fold(0.0, |a, b| a + b * b);
    let by_outer = outer.outer_iter().map(|r| r.dot(&y)).sum::<f64>();
    by_rows + by_columns + by_outer
}

#[test]
fn iterator_chains_over_rows_columns_and_outer_products() {
    check!(chains_over_subarrays);
}
