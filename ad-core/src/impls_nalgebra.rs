//! nalgebra's owned matrices and vectors of `f32`/`f64` (`SVector`, `SMatrix`, `DVector`,
//! `DMatrix`, row vectors: every `OMatrix<T, R, C>`), with the `nalgebra` feature.
//!
//! The tangent of a matrix is a matrix of the same shape. A matrix with a dimension known only
//! at run time (`DVector`, `DMatrix`) has the empty matrix as its length-less zero, which
//! addition treats as zero (see [`TangentVector`]); a matrix of static shape has a real zero.
//! Components ([`Basis`]) are listed in nalgebra's storage order, column by column, so that a
//! vector's components are its elements in order. Element reads and writes take `v[i]` (the
//! storage order) and `m[(i, j)]`.

use crate::basis::Basis;
use crate::hessian::HessianArgument;
use crate::index::{ElementsMut, IndexAdjoint, IndexShape};
use crate::jacobian::JacobianLayout;
use crate::{Differentiable, Operand, TangentVector};
use nalgebra::allocator::Allocator;
use nalgebra::{DefaultAllocator, Dim, OMatrix, U1};
use ndarray::Array2;

/// The zero matrix of shape `(rows, cols)`.
fn zeros<T: nalgebra::Scalar + num_traits::Zero, R: Dim, C: Dim>(
    rows: R,
    cols: C,
) -> OMatrix<T, R, C>
where
    DefaultAllocator: Allocator<R, C>,
{
    OMatrix::zeros_generic(rows, cols)
}

/// The dimension `D` at its static size, or 0 for a dynamic one (the length-less zero).
fn static_or_empty<D: Dim>() -> D {
    D::from_usize(D::try_to_usize().unwrap_or(0))
}

macro_rules! nalgebra_impls {
    ($($t:ty),*) => {$(
        impl<R: Dim, C: Dim> TangentVector for OMatrix<$t, R, C>
        where
            DefaultAllocator: Allocator<R, C>,
        {
            fn zero_vector() -> Self {
                zeros(static_or_empty::<R>(), static_or_empty::<C>())
            }
            fn add_assign(&mut self, other: Self) {
                if other.is_empty() {
                    return;
                }
                if self.is_empty() {
                    *self = other;
                    return;
                }
                assert_eq!(self.shape(), other.shape(), "adding tangents of different shapes");
                self.iter_mut().zip(other.iter()).for_each(|(a, b)| *a += *b);
            }
            fn scaled(mut self, factor: f64) -> Self {
                self.iter_mut().for_each(|a| *a *= factor as $t);
                self
            }
        }

        impl<R: Dim, C: Dim> Differentiable for OMatrix<$t, R, C>
        where
            DefaultAllocator: Allocator<R, C>,
        {
            type TangentVector = Self;
            fn move_by(&mut self, t: &Self) {
                if t.is_empty() {
                    return;
                }
                assert_eq!(self.shape(), t.shape(), "moving a matrix by a tangent of another shape");
                self.iter_mut().zip(t.iter()).for_each(|(a, b)| *a += *b);
            }
            fn zero_tangent(&self) -> Self {
                let (rows, cols) = self.shape_generic();
                zeros(rows, cols)
            }
        }

        impl<R: Dim, C: Dim> Basis for OMatrix<$t, R, C>
        where
            DefaultAllocator: Allocator<R, C>,
        {
            fn components(&self, out: &mut Vec<f64>) {
                out.extend(self.iter().map(|x| f64::from(*x)));
            }
            #[allow(clippy::cast_possible_truncation)]
            fn set_components(&mut self, input: &mut dyn Iterator<Item = f64>) {
                for (x, y) in self.iter_mut().zip(input) {
                    *x = y as $t;
                }
            }
        }

        impl<R: Dim, C: Dim> IndexAdjoint<$t, (R, C), usize> for OMatrix<$t, R, C>
        where
            DefaultAllocator: Allocator<R, C>,
        {
            fn zeros(shape: &(R, C)) -> Self {
                zeros(shape.0, shape.1)
            }
            #[inline(always)]
            fn add_at_sized(&mut self, shape: &(R, C), index: &usize, value: $t) {
                if self.is_empty() {
                    *self = zeros(shape.0, shape.1);
                }
                self[*index] += value;
            }
        }

        impl<R: Dim, C: Dim> IndexAdjoint<$t, (R, C), (usize, usize)> for OMatrix<$t, R, C>
        where
            DefaultAllocator: Allocator<R, C>,
        {
            fn zeros(shape: &(R, C)) -> Self {
                zeros(shape.0, shape.1)
            }
            #[inline(always)]
            fn add_at_sized(&mut self, shape: &(R, C), index: &(usize, usize), value: $t) {
                if self.is_empty() {
                    *self = zeros(shape.0, shape.1);
                }
                self[*index] += value;
            }
        }

        impl<R: Dim, C: Dim> ElementsMut<$t, usize> for OMatrix<$t, R, C>
        where
            DefaultAllocator: Allocator<R, C>,
        {
            fn element_mut(&mut self, index: usize) -> Option<&mut $t> {
                self.get_mut(index)
            }
        }

        impl<R: Dim, C: Dim> ElementsMut<$t, (usize, usize)> for OMatrix<$t, R, C>
        where
            DefaultAllocator: Allocator<R, C>,
        {
            fn element_mut(&mut self, index: (usize, usize)) -> Option<&mut $t> {
                self.get_mut(index)
            }
        }
    )*};
}

nalgebra_impls!(f32, f64);

impl<T: nalgebra::Scalar, R: Dim, C: Dim> IndexShape for OMatrix<T, R, C>
where
    DefaultAllocator: Allocator<R, C>,
{
    type Shape = (R, C);
    fn index_shape(&self) -> (R, C) {
        self.shape_generic()
    }
}

impl<T: nalgebra::Scalar, R: Dim, C: Dim> Operand for OMatrix<T, R, C>
where
    DefaultAllocator: Allocator<R, C>,
{
    type Value = Self;
    #[inline(always)]
    fn operand(self) -> Self {
        self
    }
}

/// `hessian!` of a function of an nalgebra column vector gives a square nalgebra matrix
/// (`SMatrix<f64, N, N>` for an `SVector<f64, N>`, `DMatrix<f64>` for a `DVector<f64>`).
impl<D: Dim> HessianArgument for OMatrix<f64, D, U1>
where
    DefaultAllocator: Allocator<D, U1> + Allocator<D, D>,
{
    type Hessian = OMatrix<f64, D, D>;
    fn finish(matrix: Array2<f64>) -> OMatrix<f64, D, D> {
        let n = D::from_usize(matrix.nrows());
        OMatrix::from_fn_generic(n, n, |i, j| matrix[[i, j]])
    }
}

/// `check_gradient!(.., second_order)` reads an nalgebra Hessian row by row.
impl<D: Dim> crate::check::HessianMatrix for OMatrix<f64, D, D>
where
    DefaultAllocator: Allocator<D, D>,
{
    fn entries(&self) -> (usize, Vec<f64>) {
        (self.nrows(), self.transpose().iter().copied().collect())
    }
}

/// What makes `jacobian!` give an nalgebra matrix: an nalgebra column vector of `f64` (or a
/// reference to one) on either side.
pub trait NalgebraVector {
    /// Its dimension (`Const<N>` or `Dyn`).
    type Dimension: Dim;
}

impl<D: Dim> NalgebraVector for OMatrix<f64, D, U1>
where
    DefaultAllocator: Allocator<D, U1>,
{
    type Dimension = D;
}

impl<V: NalgebraVector> NalgebraVector for &V {
    type Dimension = V::Dimension;
}

/// `jacobian!` from an nalgebra vector to an nalgebra vector gives an nalgebra matrix
/// (`SMatrix<f64, M, N>` from `SVector<f64, N>` to `SVector<f64, M>`, `DMatrix<f64>` for
/// `DVector`s), rows the outputs: found before [`JacobianArray`](crate::jacobian::JacobianArray)
/// by method lookup, which tries a receiver by value before it takes a reference.
pub trait JacobianNalgebra {
    /// The matrix type.
    type Matrix;
    /// The Jacobian as that type.
    fn finish(&self, matrix: Array2<f64>) -> Self::Matrix;
}

impl<X: NalgebraVector, Y: NalgebraVector> JacobianNalgebra for JacobianLayout<X, Y>
where
    DefaultAllocator: Allocator<Y::Dimension, X::Dimension>,
{
    type Matrix = OMatrix<f64, Y::Dimension, X::Dimension>;
    fn finish(&self, matrix: Array2<f64>) -> Self::Matrix {
        let rows = Y::Dimension::from_usize(matrix.nrows());
        let cols = X::Dimension::from_usize(matrix.ncols());
        OMatrix::from_fn_generic(rows, cols, |i, j| matrix[[i, j]])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::basis::components;
    use nalgebra::{DMatrix, DVector, Matrix2x3, Vector3};

    #[test]
    fn static_matrices_have_a_real_zero_and_dynamic_ones_an_empty_one() {
        assert_eq!(Vector3::<f64>::zero_vector(), Vector3::zeros());
        assert!(DVector::<f64>::zero_vector().is_empty());
        let mut t = DVector::<f64>::zero_vector();
        t.add_assign(DVector::from_vec(vec![1.0, 2.0]));
        t.add_assign(DVector::zero_vector());
        assert_eq!(t, DVector::from_vec(vec![1.0, 2.0]));
        let m = Matrix2x3::new(1.0, 2.0, 3.0, 4.0, 5.0, 6.0);
        // Column by column.
        assert_eq!(components(&m), vec![1.0, 4.0, 2.0, 5.0, 3.0, 6.0]);
        let mut x = DMatrix::<f32>::zeros(2, 2);
        x.move_by(&DMatrix::from_element(2, 2, 0.5));
        assert_eq!(x.zero_tangent().shape(), (2, 2));
        assert_eq!(x[(1, 1)], 0.5);
    }

    #[test]
    fn element_adjoints_start_from_zeros_of_the_shape_read() {
        let mut adjoint: Option<DMatrix<f64>> = None;
        let read = crate::index::IndexPullback::new((nalgebra::Dyn(2), nalgebra::Dyn(3)), (1, 2));
        crate::index::accumulate_at(&mut adjoint, &read, 2.0);
        assert_eq!(adjoint.unwrap()[(1, 2)], 2.0);
        let mut written = Vector3::new(1.0, 2.0, 3.0);
        assert_eq!(
            ElementsMut::<f64, usize>::element_mut(&mut written, 1).copied(),
            Some(2.0)
        );
    }
}
