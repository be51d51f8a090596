//! Rules for nalgebra's owned matrices and vectors of `f32` and `f64` (`SVector`, `SMatrix`,
//! `DVector`, `DMatrix`, row vectors: every `OMatrix<F, R, C>`), with the `nalgebra`
//! feature, in reverse, forward and second-order forward mode:
//!
//! - `a + b`, `a - b` of matrices of one shape, `-a`, `a * s`, `s * a` and `a / s` for a
//!   scalar `s`, and the matrix product `a * b` (matrix-matrix and matrix-vector)
//!   ([`operators`]);
//! - the methods `dot`, `norm`, `norm_squared`, `normalize`, `transpose`, `component_mul`,
//!   `sum`, `cross` (of 3-vectors) and `map` of a function given with its derivatives
//!   ([`methods`]);
//! - the constructors `Vector3::new(x, y, z)`, `Matrix2::new(..)` and the other fixed-size
//!   `new`s, and `DVector::from_vec(v)`, from differentiated scalars ([`construct`]).
//!
//! Element reads `v[i]`, `m[(i, j)]` and writes `m[(i, j)] = y` go through `ad-core`'s
//! index machinery, like those of `Vec`s and ndarray arrays. Every rule is written once for
//! the element type `Float` and instantiated for `f32` and `f64` by `for_each_matrix_float!`;
//! bilinear operations (products, `dot`, `cross`, `component_mul`) share one second-order
//! formula, [`bilinear_second`].

use crate::second::Second;
use ad_core::TangentVector;

/// Writes the items once per float element type, each time in an anonymous block where
/// `Float` names the type and `M<R, C>` the owned nalgebra matrix of it.
macro_rules! for_each_matrix_float {
    ($($items:item)*) => {
        const _: () = {
            #[allow(dead_code)]
            type Float = f32;
            #[allow(dead_code)]
            type M<R, C> = nalgebra::OMatrix<f32, R, C>;
            $($items)*
        };
        const _: () = {
            #[allow(dead_code)]
            type Float = f64;
            #[allow(dead_code)]
            type M<R, C> = nalgebra::OMatrix<f64, R, C>;
            $($items)*
        };
    };
}

pub mod construct;
pub mod methods;
pub mod operators;

pub use construct::{
    MatrixFromVec, MatrixNew1, MatrixNew2, MatrixNew3, MatrixNew4, MatrixNew5, MatrixNew6,
    MatrixNew9,
};
pub use methods::{MatrixComponentMul, MatrixCross, MatrixMap, MatrixMethods};

/// The second-order tangents of a bilinear `y = B(a, b)` (a product):
///
/// Original: `y = B(a, b)` / Tangent: `ty = B(ta, b) + B(a, tb)` /
/// Second: `t12 = B(a12, b) + B(a, b12) + B(a1, b2) + B(a2, b1)`.
pub fn bilinear_second<A, B, O: TangentVector>(
    a: &A,
    b: &B,
    (a1, a2, a12): Second<A>,
    (b1, b2, b12): Second<B>,
    product: impl Fn(&A, &B) -> O,
) -> (O, Second<O>) {
    let first = product(&a1, b).add(product(a, &b1));
    let second = product(&a2, b).add(product(a, &b2));
    let mixed = product(&a12, b)
        .add(product(a, &b12))
        .add(product(&a1, &b2))
        .add(product(&a2, &b1));
    (product(a, b), (first, second, mixed))
}

/// The first-order tangent of a bilinear `y = B(a, b)`: `B(ta, b) + B(a, tb)`, with either
/// tangent possibly absent (zero); `zero` makes the tangent when both are.
pub fn bilinear_first<A, B, O: TangentVector>(
    a: &A,
    b: &B,
    ta: Option<A>,
    tb: Option<B>,
    product: impl Fn(&A, &B) -> O,
    zero: impl FnOnce(&O) -> O,
) -> (O, O) {
    let value = product(a, b);
    let tangent = match (ta.map(|t| product(&t, b)), tb.map(|t| product(a, &t))) {
        (Some(l), Some(r)) => l.add(r),
        (Some(l), None) => l,
        (None, Some(r)) => r,
        (None, None) => zero(&value),
    };
    (value, tangent)
}
