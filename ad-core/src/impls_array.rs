//! Sequences: `Vec<T>`, slices `[T]` and fixed-size arrays `[T; N]`, differentiated
//! element-wise. The tangent of a `Vec` or a slice is a `Vec` of tangents; the empty `Vec` is
//! the length-less zero (see [`TangentVector`]).

use crate::{Differentiable, TangentVector};

impl<T: TangentVector> TangentVector for Vec<T> {
    fn zero() -> Self {
        Vec::new()
    }
    fn add_assign(&mut self, other: Self) {
        if other.is_empty() {
            return;
        }
        if self.is_empty() {
            *self = other;
            return;
        }
        assert_eq!(
            self.len(),
            other.len(),
            "adding tangent vectors of different lengths"
        );
        for (a, b) in self.iter_mut().zip(other) {
            a.add_assign(b);
        }
    }
    fn scaled(self, factor: f64) -> Self {
        self.into_iter().map(|t| t.scaled(factor)).collect()
    }
}

impl<T: Differentiable> Differentiable for [T] {
    type TangentVector = Vec<T::TangentVector>;
    fn move_by(&mut self, t: &Self::TangentVector) {
        if t.is_empty() {
            return;
        }
        assert_eq!(
            self.len(),
            t.len(),
            "moving a slice by a tangent of another length"
        );
        for (x, dx) in self.iter_mut().zip(t) {
            x.move_by(dx);
        }
    }
    fn zero_tangent(&self) -> Self::TangentVector {
        self.iter().map(T::zero_tangent).collect()
    }
}

impl<T: Differentiable> Differentiable for Vec<T> {
    type TangentVector = Vec<T::TangentVector>;
    fn move_by(&mut self, t: &Self::TangentVector) {
        self.as_mut_slice().move_by(t);
    }
    fn zero_tangent(&self) -> Self::TangentVector {
        self.as_slice().zero_tangent()
    }
}

impl<T: TangentVector, const N: usize> TangentVector for [T; N] {
    fn zero() -> Self {
        std::array::from_fn(|_| T::zero())
    }
    fn add_assign(&mut self, other: Self) {
        for (a, b) in self.iter_mut().zip(other) {
            a.add_assign(b);
        }
    }
    fn scaled(self, factor: f64) -> Self {
        self.map(|t| t.scaled(factor))
    }
}

impl<T: Differentiable, const N: usize> Differentiable for [T; N] {
    type TangentVector = [T::TangentVector; N];
    fn move_by(&mut self, t: &Self::TangentVector) {
        for (x, dx) in self.iter_mut().zip(t) {
            x.move_by(dx);
        }
    }
    fn zero_tangent(&self) -> Self::TangentVector {
        std::array::from_fn(|i| self[i].zero_tangent())
    }
}
