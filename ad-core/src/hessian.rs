//! The Hessian matrix from second-order forward derivatives (`hessian!`).
//!
//! Entry `(i, j)` is the second-order tangent `t12` of the result with the argument's tangents
//! `t1 = e_i`, `t2 = e_j`, `t12 = 0`: one second-order forward pass per entry of the upper
//! triangle (the matrix is symmetric), `n(n + 1)/2` in all. Each entry is exact, not a finite
//! difference.

use crate::basis::{Basis, components, units};
use ndarray::Array2;

/// What `hessian!` takes and what it gives for it: `f64` for a scalar, the matrix for
/// `Vec<f64>`, `[f64; N]`, slices, `Array1<f64>`, tuples and `#[derive(Differentiable)]`
/// structs (over the argument's tangent components in order, see [`crate::basis`]).
#[diagnostic::on_unimplemented(
    message = "`hessian!` takes an `f32`, `f64`, `Vec<f64>`, `[f64; N]`, an ndarray array of `f64`, a tuple or a `#[derive(Differentiable)]` struct, not `{Self}`",
    label = "the Hessian with respect to this argument"
)]
pub trait HessianArgument {
    /// `f64`, or `Array2<f64>`.
    type Hessian;
    /// The result from the full matrix.
    fn finish(matrix: Array2<f64>) -> Self::Hessian;
}

macro_rules! scalar_argument {
    ($($t:ty),*) => {$(
        impl HessianArgument for $t {
            type Hessian = f64;
            fn finish(matrix: Array2<f64>) -> f64 {
                matrix[[0, 0]]
            }
        }
    )*};
}

scalar_argument!(f32, f64);

macro_rules! matrix_argument {
    ($($t:ty),*) => {$(
        impl HessianArgument for $t {
            type Hessian = Array2<f64>;
            fn finish(matrix: Array2<f64>) -> Array2<f64> {
                matrix
            }
        }
    )*};
}

matrix_argument!(Vec<f64>, [f64]);

/// An ndarray array of any dimension: the matrix over its elements in logical order.
impl<D: ndarray::Dimension> HessianArgument for ndarray::Array<f64, D> {
    type Hessian = Array2<f64>;
    fn finish(matrix: Array2<f64>) -> Array2<f64> {
        matrix
    }
}

impl<const N: usize> HessianArgument for [f64; N] {
    type Hessian = Array2<f64>;
    fn finish(matrix: Array2<f64>) -> Array2<f64> {
        matrix
    }
}

/// A tuple: the matrix over its elements' components, in order (`(x, y)` of two floats gives
/// a 2x2 matrix, `(s, v)` of a float and a `Vec` of `n` a square matrix of `1 + n`).
macro_rules! tuple_argument {
    ($(($($t:ident $i:tt),+))*) => {$(
        impl<$($t),+> HessianArgument for ($($t,)+) {
            type Hessian = Array2<f64>;
            fn finish(matrix: Array2<f64>) -> Array2<f64> {
                matrix
            }
        }
    )*};
}

for_each_tuple_arity!(tuple_argument);

impl<T: HessianArgument + ?Sized> HessianArgument for &T {
    type Hessian = T::Hessian;
    fn finish(matrix: Array2<f64>) -> T::Hessian {
        T::finish(matrix)
    }
}

/// The result of a function `hessian!` differentiates twice: a scalar.
#[diagnostic::on_unimplemented(
    message = "`hessian!` needs a function returning `f32` or `f64`, this one returns a tangent of type `{Self}`",
    note = "for a vector-valued function, take the Hessian of each component"
)]
pub trait ScalarResult {
    /// The value as `f64`.
    fn to_f64(self) -> f64;
}

impl ScalarResult for f64 {
    fn to_f64(self) -> f64 {
        self
    }
}

impl ScalarResult for f32 {
    fn to_f64(self) -> f64 {
        f64::from(self)
    }
}

/// The Hessian of a scalar function at `_x`, whose tangents are shaped like `zero`, from its
/// second-order forward derivative `second(t1, t2, t12)`, which gives `t12` of the result.
pub fn hessian<X: HessianArgument + ?Sized, T: Basis, R: ScalarResult>(
    _x: &X,
    zero: T,
    second: impl Fn(T, T, T) -> R,
) -> X::Hessian {
    let n = components(&zero).len();
    let units: Vec<T> = units(&zero).collect();
    let mut matrix = Array2::zeros((n, n));
    for i in 0..n {
        for j in i..n {
            let entry = second(units[i].clone(), units[j].clone(), zero.clone()).to_f64();
            matrix[[i, j]] = entry;
            matrix[[j, i]] = entry;
        }
    }
    X::finish(matrix)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quadratic_forms_second_derivatives_fill_a_symmetric_matrix() {
        // f = x0² x1 + 3 x1²: H = [[2 x1, 2 x0], [2 x0, 6]].
        let x = vec![1.5, -2.0];
        let second = |t1: Vec<f64>, t2: Vec<f64>, _t12: Vec<f64>| {
            2.0 * x[1] * t1[0] * t2[0]
                + 2.0 * x[0] * (t1[0] * t2[1] + t1[1] * t2[0])
                + 6.0 * t1[1] * t2[1]
        };
        let h = hessian(&x, vec![0.0; 2], second);
        assert_eq!(h, ndarray::arr2(&[[-4.0, 3.0], [3.0, 6.0]]));
        let scalar = hessian(&2.0f64, 0.0, |a: f64, b: f64, _| 6.0 * a * b);
        assert_eq!(scalar, 6.0);
    }
}
