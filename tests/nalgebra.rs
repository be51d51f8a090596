//! nalgebra's matrices and vectors in differentiated code (the `nalgebra` feature): every rule
//! of `ad_std::matrix` checked against central differences in reverse, forward and second
//! order by `check_gradient!` (with `second_order` where `hessian!` takes the argument, a
//! column vector: rules of matrices are reached there through matrices filled from a vector
//! by element writes), and the types the operators give.
#![cfg(feature = "nalgebra")]

use ad::nalgebra::{
    DMatrix, DVector, Matrix2, Matrix2x3, RowVector2, SMatrix, SVector, Vector2, Vector3,
};
use ad::prelude::*;

/// Passes, or panics with the report's message.
#[track_caller]
fn passes<T: std::fmt::Debug, E: std::fmt::Display>(report: Result<T, E>) -> T {
    match report {
        Ok(report) => report,
        Err(e) => panic!("{e}"),
    }
}

/// `+ - *` by scalars on either side, `/`, unary `-`, `dot`, `norm`.
#[differentiable]
fn scalar_operators(x: &SVector<f64, 3>) -> f64 {
    let c = Vector3::new(0.5, -1.0, 2.0);
    let y = x + c;
    let s = x[0] * 0.7;
    let z = 2.0 * y - x / 3.0 + s * x;
    let w = -z * 1.5 - &y / s;
    w.dot(&y) + z.norm()
}

#[test]
fn operators_by_scalars() {
    let x = Vector3::new(0.8, -0.3, 1.7);
    passes(check_gradient!(at: &x, of: scalar_operators, second_order));
}

/// A 2 × 3 matrix from the first six components, by element writes `m[(i, j)] = ..`.
#[differentiable]
fn matrix_of(x: &SVector<f64, 6>) -> SMatrix<f64, 2, 3> {
    let mut m = SMatrix::<f64, 2, 3>::zeros();
    for i in 0..2 {
        for j in 0..3 {
            m[(i, j)] = x[i * 3 + j];
        }
    }
    m
}

/// Matrix products (matrix-vector, matrix-matrix, transposed), `+ -` of matrices, `sum`.
#[differentiable]
fn products(x: &SVector<f64, 6>) -> f64 {
    let m = matrix_of(x);
    let v = Vector3::new(0.3, -1.2, 0.8);
    let y = m * v;
    let gram = m * m.transpose();
    let back = m.transpose() * y;
    let mixed = gram - Matrix2::identity() + gram * 0.5;
    y.norm_squared() + mixed.sum() + back.norm() + (gram * y).dot(&y)
}

#[test]
fn matrix_products_sums_and_transposes() {
    let x = SVector::<f64, 6>::from_column_slice(&[0.4, -0.7, 1.1, 0.9, 0.2, -1.3]);
    passes(check_gradient!(at: &x, of: products, second_order));
}

/// Constant operands on either side: the partial entry points of each rule.
#[differentiable]
fn constant_operands(x: &Vector3<f64>) -> f64 {
    let c = Vector3::new(0.5, -1.0, 2.0);
    let a = Matrix2x3::new(1.0, 2.0, -0.5, 0.3, 0.7, 1.1);
    let s = 1.7;
    let left = c - x + c.component_mul(x) + c.cross(x) + x.cross(&c) * s;
    let y = a * left;
    c.dot(x) * x.dot(&c) + y.norm() + (s * x).sum() + (c / x[1]).norm_squared()
}

#[test]
fn constant_operands_on_either_side() {
    let x = Vector3::new(0.8, -0.3, 1.7);
    passes(check_gradient!(at: &x, of: constant_operands, second_order));
}

/// The same rules with matrix arguments (first order: `hessian!` takes vectors).
#[differentiable]
fn bilinear_form(a: &Matrix2x3<f64>, b: &SMatrix<f64, 3, 2>, u: &Vector2<f64>) -> f64 {
    let p = a * b;
    let q = p.transpose() * u;
    q.dot(u) + (a.transpose() - b).norm_squared() + p.component_mul(&p).sum()
}

#[test]
fn matrix_arguments() {
    let a = Matrix2x3::new(1.0, 2.0, -0.5, 0.3, 0.7, 1.1);
    let b = SMatrix::<f64, 3, 2>::new(0.2, -0.4, 0.9, 1.5, -0.6, 0.1);
    let u = Vector2::new(0.6, -1.4);
    passes(check_gradient!(at: &a, &b, &u, of: bilinear_form));
    let (da, _, du) = gradient!(at: &a, &b, &u, of: bilinear_form);
    let _: (Matrix2x3<f64>, Vector2<f64>) = (da, du);
}

/// `normalize`, `cross`, `component_mul`, `map` (a closure and a path), element reads.
#[differentiable]
fn vector_methods(x: &Vector3<f64>) -> f64 {
    let n = x.normalize();
    let c = x.cross(&n.component_mul(x));
    let m = x.map(|v| v.sin() * v);
    let e = c.map(f64::exp);
    c.dot(&m) + n[0] * x.norm() + e[2]
}

#[test]
fn normalize_cross_component_mul_and_map() {
    let x = Vector3::new(0.8, -0.3, 1.7);
    passes(check_gradient!(at: &x, of: vector_methods, second_order));
}

#[test]
fn norm_at_zero_has_derivative_zero() {
    let x = Vector3::zeros();
    let g = gradient!(at: &x, of: |x: &Vector3<f64>| x.norm());
    assert_eq!(g, Vector3::zeros());
    let h = hessian!(at: x, of: |x: Vector3<f64>| x.norm() + x.norm_squared());
    assert_eq!(h, 2.0 * ad::nalgebra::Matrix3::identity());
}

/// Element writes `v[i] = ..` and `m[(i, j)] = ..`, constructors from scalars.
#[differentiable]
fn writes(x: &Vector3<f64>) -> f64 {
    let mut y = x.clone();
    y[1] = x[0] * x[2];
    y[(2, 0)] = y[1].sin();
    let m = Matrix2::new(x[0], x[1], y[1], y[2]);
    let r = RowVector2::new(y[0], x[2]);
    y.norm_squared() + (r * m).sum()
}

#[test]
fn element_writes_and_constructors() {
    let x = Vector3::new(0.8, -0.3, 1.7);
    passes(check_gradient!(at: &x, of: writes, second_order));
}

/// Dynamic sizes: `DVector`, `DMatrix`, `DVector::from_vec`.
#[differentiable]
fn dynamic(x: &DVector<f64>) -> f64 {
    let n = x.len();
    let mut m = DMatrix::<f64>::zeros(2, n);
    for j in 0..n {
        m[(0, j)] = x[j];
        m[(1, j)] = x[j] * x[j];
    }
    let y = &m * x;
    let w = DVector::from_vec(vec![x[0], 2.0 * x[1]]);
    let z = m.transpose() * &w;
    y.dot(&w) + z.norm() + (x * 3.0 - x.map(|v| v.tanh())).sum() + x.normalize()[0]
}

#[test]
fn dynamic_vectors_and_matrices() {
    let x = DVector::from_vec(vec![0.4, -0.7, 1.1, 0.9]);
    passes(check_gradient!(at: &x, of: dynamic, second_order));
    let g = gradient!(at: &x, of: dynamic);
    assert_eq!(g.len(), 4);
}

#[test]
fn f32_vectors() {
    let x = Vector3::new(0.5f32, -1.0, 2.0);
    let g = gradient!(at: &x, of: |x: &Vector3<f32>| x.norm_squared() * 0.5 + x.sum());
    assert_eq!(g, x.add_scalar(1.0));
    passes(
        check_gradient!(at: &x, of: |x: &Vector3<f32>| x.normalize().dot(&x.map(|v: f32| v.exp()))),
    );
}

/// A struct with nalgebra fields.
#[derive(Differentiable, Clone, Debug)]
pub struct Body {
    pub position: Vector2<f64>,
    pub velocity: Vector2<f64>,
    #[no_derivative]
    pub mass: f64,
}

impl Body {
    /// Kinetic plus potential energy.
    #[differentiable]
    pub fn energy(&self) -> f64 {
        0.5 * self.mass * self.velocity.norm_squared() + 9.81 * self.mass * self.position[1]
    }
}

#[test]
fn structs_with_nalgebra_fields() {
    let body = Body {
        position: Vector2::new(1.0, 2.0),
        velocity: Vector2::new(0.5, -3.0),
        mass: 2.0,
    };
    let d = gradient!(at: &body, of: Body::energy);
    assert_eq!(d.position, Vector2::new(0.0, 9.81 * 2.0));
    assert_eq!(d.velocity, body.velocity * 2.0);
    passes(check_gradient!(at: &body, of: Body::energy));
}

#[differentiable]
fn polar(p: &Vector2<f64>) -> Vector2<f64> {
    Vector2::new(p[0] * p[1].cos(), p[0] * p[1].sin())
}

#[test]
fn jacobians_and_hessians_are_nalgebra_matrices() {
    let p = Vector2::new(2.0, 0.5);
    let j: Matrix2<f64> = jacobian!(at: &p, of: polar);
    let want = Matrix2::new(
        0.5f64.cos(),
        -2.0 * 0.5f64.sin(),
        0.5f64.sin(),
        2.0 * 0.5f64.cos(),
    );
    assert!((j - want).norm() < 1e-12, "{j}");
    let x = DVector::from_vec(vec![1.0, 2.0, 3.0]);
    let jd: DMatrix<f64> = jacobian!(at: &x, of: |x: &DVector<f64>| x.map(|v| v * v));
    assert_eq!(jd, DMatrix::from_diagonal(&(2.0 * &x)));
    // f = |x|² x0: H = 2 x0 I + 2 (e0 xᵀ + x e0ᵀ).
    let y = Vector3::new(1.0, 2.0, 3.0);
    let h: SMatrix<f64, 3, 3> = hessian!(at: y, of: |x: Vector3<f64>| x.dot(&x) * x[0]);
    let e0 = Vector3::x();
    assert_eq!(
        h,
        2.0 * y[0] * ad::nalgebra::Matrix3::identity()
            + 2.0 * (e0 * y.transpose() + y * e0.transpose())
    );
    let hd: DMatrix<f64> = hessian!(at: x.clone(), of: |x: DVector<f64>| x.norm_squared());
    assert_eq!(hd, DMatrix::identity(3, 3) * 2.0);
    // A Vec argument still gives an ndarray matrix.
    let a = jacobian!(at: &vec![2.0, 0.5], of: |p: &[f64]| vec![p[0] * p[1], p[0]]);
    assert_eq!(a.dim(), (2, 2));
}

/// `map` with a closure that reads a differentiated parameter and calls `max`: the closure's
/// derivative reaches `s` through what it captured.
#[differentiable]
fn mapped_with_capture(x: &Vector3<f64>, s: f64) -> f64 {
    x.map(|v| v.max(s) * s).sum()
}

#[test]
fn map_capturing_a_differentiated_parameter() {
    let x = Vector3::new(0.8, -0.3, 1.7);
    passes(check_gradient!(at: &x, 0.5, of: mapped_with_capture));
    passes(check_gradient!(at: 0.5, of: |s: f64| mapped_with_capture(&x, s), second_order));
}
