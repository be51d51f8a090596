//! Sequences: `Vec<T>`, slices `[T]` and fixed-size arrays `[T; N]`, differentiated
//! element-wise. The tangent of a `Vec` or a slice is a `Vec` of tangents; the empty `Vec` is
//! the length-less zero (see [`TangentVector`]).

use crate::differentiable::ZeroShape;
use crate::{Differentiable, TangentVector};

impl<T: TangentVector> TangentVector for Vec<T> {
    fn zero_vector() -> Self {
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
        // A prefix (see `TangentVector`'s doc) stands for the sequence padded with zeros: the
        // shorter side is extended first.
        if self.len() < other.len() {
            self.resize(other.len(), T::zero_vector());
        }
        for (a, b) in self.iter_mut().zip(other) {
            a.add_assign(b);
        }
    }
    fn scaled(self, factor: f64) -> Self {
        self.into_iter().map(|t| t.scaled(factor)).collect()
    }
    fn zero_of_len(len: usize) -> Self {
        vec![T::zero_vector(); len]
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
    fn zero_shape(&self) -> ZeroShape<Self::TangentVector> {
        if <T::TangentVector as TangentVector>::is_scalar() {
            ZeroShape::of_len(self.len())
        } else {
            ZeroShape::of(self.zero_tangent())
        }
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
    fn zero_shape(&self) -> ZeroShape<Self::TangentVector> {
        self.as_slice().zero_shape()
    }
}

impl<T: TangentVector, const N: usize> TangentVector for [T; N] {
    fn zero_vector() -> Self {
        std::array::from_fn(|_| T::zero_vector())
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

#[cfg(test)]
mod zero_shape_tests {
    use crate::Differentiable;

    #[test]
    fn a_slice_of_floats_keeps_only_its_length() {
        let x = [1.0, 2.0, 3.0];
        let shape = x[..].zero_shape();
        assert_eq!(shape.zeros(), vec![0.0; 3]);
        assert_eq!(shape.zeros(), x[..].zero_tangent());
        assert_eq!(vec![1.5_f32; 4].zero_shape().zeros(), vec![0.0_f32; 4]);
    }

    #[test]
    fn a_sequence_of_sequences_keeps_its_zero() {
        let x = vec![vec![1.0, 2.0], vec![3.0]];
        assert_eq!(x.zero_shape().zeros(), vec![vec![0.0, 0.0], vec![0.0]]);
    }
}
