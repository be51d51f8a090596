//! ndarray's owned arrays of any dimension and element type `f32`/`f64`: their tangent is an
//! owned array of the same shape. The empty array (no elements) is the length-less zero.

use crate::{Differentiable, TangentVector};
use ndarray::{Array, Dimension};

macro_rules! ndarray_impls {
    ($($t:ty),*) => {$(
        impl<D: Dimension> TangentVector for Array<$t, D> {
            fn zero_vector() -> Self {
                Array::zeros(D::zeros(D::NDIM.unwrap_or(1)))
            }
            fn add_assign(&mut self, other: Self) {
                if other.is_empty() {
                    return;
                }
                if self.is_empty() {
                    *self = other;
                    return;
                }
                *self += &other;
            }
            fn scaled(mut self, factor: f64) -> Self {
                self *= factor as $t;
                self
            }
        }

        impl<D: Dimension> Differentiable for Array<$t, D> {
            type TangentVector = Array<$t, D>;
            fn move_by(&mut self, t: &Self::TangentVector) {
                if !t.is_empty() {
                    *self += t;
                }
            }
            fn zero_tangent(&self) -> Self::TangentVector {
                Array::zeros(self.raw_dim())
            }
        }
    )*};
}

ndarray_impls!(f32, f64);
