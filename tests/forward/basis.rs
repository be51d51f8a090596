//! `jacobian!` and `hessian!` of arguments and results that are not flat vectors: tuples,
//! derived structs, and tuples holding vectors, laid out in the basis order (a tuple's
//! elements in order, a struct's fields in declaration order, a vector's elements in index
//! order, each flattened), against closed forms and central differences.

use crate::{assert_close_tol, assert_matrix_close};
use ad::ndarray::{Array2, array};
use ad::prelude::*;

/// A point of the plane, with a derived tangent.
#[derive(Clone, Debug, Differentiable)]
struct Point {
    x: f64,
    y: f64,
}

/// The Rosenbrock function of a point.
#[differentiable]
fn rosenbrock(p: Point) -> f64 {
    (1.0 - p.x) * (1.0 - p.x) + 100.0 * (p.y - p.x * p.x) * (p.y - p.x * p.x)
}

fn rosenbrock_hessian(x: f64, y: f64) -> Array2<f64> {
    array![
        [2.0 - 400.0 * (y - x * x) + 800.0 * x * x, -400.0 * x],
        [-400.0 * x, 200.0]
    ]
}

#[test]
fn hessian_of_a_tuple_argument() {
    let (x, y) = (0.7, -0.4);
    let h = hessian!(at: (x, y), of: |(a, b): (f64, f64)| (1.0 - a) * (1.0 - a)
        + 100.0 * (b - a * a) * (b - a * a));
    assert_matrix_close(&h, &rosenbrock_hessian(x, y));
}

#[test]
fn hessian_of_a_derived_struct() {
    let h = hessian!(at: Point { x: 1.3, y: 0.2 }, of: rosenbrock);
    assert_matrix_close(&h, &rosenbrock_hessian(1.3, 0.2));
}

/// `s * Σ v_i²`: a tuple of a scalar and a vector.
#[differentiable]
fn scaled_square_norm(args: (f64, Vec<f64>)) -> f64 {
    let (s, v) = args;
    let mut total = 0.0;
    for x in v.iter() {
        total += x * x;
    }
    s * total
}

#[test]
fn hessian_of_a_tuple_holding_a_vector_flattens_in_order() {
    let v = vec![0.5, -1.5, 2.0];
    let h = hessian!(at: (3.0, v.clone()), of: scaled_square_norm);
    // Components: s, v0, v1, v2. ∂²/∂s² = 0, ∂²/∂s∂v_i = 2 v_i, ∂²/∂v_i∂v_j = 2 s δ_ij.
    let mut want = Array2::zeros((4, 4));
    for i in 0..3 {
        want[[0, i + 1]] = 2.0 * v[i];
        want[[i + 1, 0]] = 2.0 * v[i];
        want[[i + 1, i + 1]] = 6.0;
    }
    assert_matrix_close(&h, &want);
}

/// Polar coordinates of a point, as a tuple `(r, φ)`.
#[differentiable]
fn to_polar(p: Point) -> (f64, f64) {
    ((p.x * p.x + p.y * p.y).sqrt(), p.y.atan2(p.x))
}

#[test]
fn jacobian_from_a_struct_to_a_tuple() {
    let (x, y) = (1.2, 0.5);
    let r2: f64 = x * x + y * y;
    let want = array![[x / r2.sqrt(), y / r2.sqrt()], [-y / r2, x / r2]];
    let j = jacobian!(at: Point { x, y }, of: to_polar);
    assert_matrix_close(&j, &want);
}

/// A tuple in, a struct out, more outputs than inputs (forward mode).
#[differentiable]
fn spread(args: (f64, f64)) -> (Point, f64) {
    let (a, b) = args;
    (Point { x: a * b, y: a + b }, a.sin())
}

#[test]
fn jacobian_from_a_tuple_to_a_struct_and_a_scalar() {
    let (a, b) = (0.3, -2.0);
    let j = jacobian!(at: (a, b), of: spread);
    let want = array![[b, a], [1.0, 1.0], [a.cos(), 0.0]];
    assert_matrix_close(&j, &want);
    // The same matrix by central differences of the original function.
    let h = 1e-6;
    let flat = |(p, s): (Point, f64)| [p.x, p.y, s];
    for (column, (da, db)) in [(h, 0.0), (0.0, h)].into_iter().enumerate() {
        let up = flat(spread((a + da, b + db)));
        let down = flat(spread((a - da, b - db)));
        for row in 0..3 {
            assert_close_tol(j[[row, column]], (up[row] - down[row]) / (2.0 * h), 1e-7);
        }
    }
}
