//! Arrays built from differentiated values: `Array1::from(vec)`, `Array1::from_vec`,
//! `Array2::from_shape_vec` (in row-major and column-major order) and `from_shape_fn` with a
//! closure that reads differentiated values, each checked by `check_gradient!` (reverse mode
//! against forward mode against central differences, and the Hessian) and against a closed
//! form where one is short.

use crate::assert_close;
use ad::ndarray::{Array, Array1, Array2, ShapeBuilder};
use ad::prelude::*;

#[differentiable]
fn from_vectors(x: f64, y: f64) -> f64 {
    let v = Array1::from(vec![x, y * x, 1.0]);
    let m = Array2::from_shape_vec((2, 2), vec![x, y, y * y, x]).unwrap();
    let f = Array2::from_shape_vec((2, 2).f(), vec![x, y * 3.0, y * y, x]).unwrap();
    let w = Array1::from_vec(vec![y, x]);
    v.sum() + m.dot(&w).sum() + f.dot(&w).mapv(|t| t.sin()).sum() * f[[1, 0]]
}

#[differentiable]
fn from_shape_functions(x: f64, y: f64) -> f64 {
    let v = Array1::from_shape_fn(4, |i| x * i as f64 + y);
    let m = Array2::from_shape_fn((2, 3), |(i, j)| (x * i as f64 - y * j as f64).sin());
    let n = Array::from_shape_fn((3, 2), |(i, j): (usize, usize)| x.powi((i + j) as i32));
    v.sum() * m.sum() + m.dot(&n).sum()
}

/// `f` at a few points, by `check_gradient!` with its second order.
macro_rules! check {
    ($f:ident) => {
        for (x, y) in [(0.3, 0.7), (-1.1, 0.4), (0.8, -1.3)] {
            let checked = check_gradient!(at: vec![x, y], of: |p: Vec<f64>| $f(p[0], p[1]), second_order);
            if let Err(error) = checked {
                panic!("at ({x}, {y}): {error}");
            }
        }
    };
}

#[test]
fn arrays_from_vectors() {
    check!(from_vectors);
    // Row-major against column-major: the `(1, 0)` element is `y` row-major, `3y` column-major.
    #[differentiable]
    fn corner(y: f64) -> f64 {
        let c = Array2::from_shape_vec((2, 2), vec![0.0, y, 2.0 * y, 0.0]).unwrap();
        let f = Array2::from_shape_vec((2, 2).f(), vec![0.0, 3.0 * y, 4.0 * y, 0.0]).unwrap();
        c[[1, 0]] + f[[1, 0]]
    }
    assert_close(gradient!(at: 0.5, of: corner), 2.0 + 3.0);
}

#[test]
fn arrays_from_shape_functions() {
    check!(from_shape_functions);
    // Σ_i (x i + y) over i < 4: ∂x = 6, ∂y = 4
    #[differentiable]
    fn ramp(x: f64, y: f64) -> f64 {
        Array1::from_shape_fn(4, |i| x * i as f64 + y).sum()
    }
    let (dx, dy) = gradient!(at: 0.3, 0.7, of: ramp);
    assert_close(dx, 6.0);
    assert_close(dy, 4.0);
}
