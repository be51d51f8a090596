//! The position of the `k`-th element a sequence yields in its iteration order, in the index
//! type that sequence is indexed with: `k` itself for a `Vec`, a slice or an array `[T; N]`,
//! and the multi-index of the `k`-th element in logical (row-major) order for an ndarray
//! array of any dimension, which is the order of `m.iter()`.
//!
//! Loops over the elements of a sequence (`for v in m.iter()`, `m.iter().map(..).sum()`,
//! `Zip`) are differentiated as loops over positions `0..m.len()` that read
//! `m[m.__ad_flat_position(k)]`: an element read, whose adjoint is added in place into that
//! one element (see `index`). A macro cannot see whether `m` is a `Vec` or a matrix, so the
//! position is asked of the value itself.

use std::collections::VecDeque;

/// A sequence whose elements can be read at the position of the `k`-th element of its
/// iteration.
pub trait FlatPosition {
    /// What the sequence is indexed with.
    type Position;
    /// The index of the `k`-th element that the sequence's `iter()` yields. (Named so that it
    /// is found by method lookup in generated code without clashing with user methods.)
    fn __ad_flat_position(&self, k: usize) -> Self::Position;
}

impl<T> FlatPosition for Vec<T> {
    type Position = usize;
    #[inline(always)]
    fn __ad_flat_position(&self, k: usize) -> usize {
        k
    }
}

impl<T> FlatPosition for VecDeque<T> {
    type Position = usize;
    #[inline(always)]
    fn __ad_flat_position(&self, k: usize) -> usize {
        k
    }
}

impl<T> FlatPosition for [T] {
    type Position = usize;
    #[inline(always)]
    fn __ad_flat_position(&self, k: usize) -> usize {
        k
    }
}

impl<T, const N: usize> FlatPosition for [T; N] {
    type Position = usize;
    #[inline(always)]
    fn __ad_flat_position(&self, k: usize) -> usize {
        k
    }
}

impl<S: ndarray::RawData, D: ndarray::Dimension> FlatPosition for ndarray::ArrayBase<S, D> {
    type Position = D;
    /// The multi-index of the `k`-th element in logical order: the last axis varies fastest,
    /// whatever the memory layout (a transposed array iterates as its logical rows).
    #[inline]
    fn __ad_flat_position(&self, k: usize) -> D {
        let shape = self.shape();
        let mut index = D::zeros(shape.len());
        let mut rest = k;
        for axis in (0..shape.len()).rev() {
            // (An axis of length 0 has no elements, so no position is ever asked of it.)
            let length = shape[axis].max(1);
            index[axis] = rest % length;
            rest /= length;
        }
        index
    }
}

/// nalgebra's matrices iterate in column-major order, which is the order of their linear
/// index `m[k]`.
#[cfg(feature = "nalgebra")]
impl<T, R: nalgebra::Dim, C: nalgebra::Dim, S> FlatPosition for nalgebra::Matrix<T, R, C, S> {
    type Position = usize;
    #[inline(always)]
    fn __ad_flat_position(&self, k: usize) -> usize {
        k
    }
}

#[cfg(test)]
mod tests {
    use super::FlatPosition;
    use ndarray::{Array2, Array3, ArrayD, IxDyn};

    #[test]
    fn positions_follow_the_logical_order_of_iter() {
        let m = Array2::from_shape_fn((2, 3), |(i, j)| (10 * i + j) as f64);
        for layout in [
            m.clone(),
            m.t().to_owned(),
            m.t().as_standard_layout().to_owned(),
        ] {
            let read: Vec<f64> = (0..layout.len())
                .map(|k| layout[layout.__ad_flat_position(k)])
                .collect();
            let iterated: Vec<f64> = layout.iter().copied().collect();
            assert_eq!(read, iterated);
        }
        let transposed = m.t();
        let read: Vec<f64> = (0..6)
            .map(|k| transposed[transposed.__ad_flat_position(k)])
            .collect();
        assert_eq!(read, transposed.iter().copied().collect::<Vec<_>>());
        let cube = Array3::from_shape_fn((2, 2, 3), |(i, j, k)| (i * 100 + j * 10 + k) as f64);
        assert_eq!(
            cube[cube.__ad_flat_position(7)],
            cube.iter().copied().nth(7).unwrap()
        );
        let dynamic = ArrayD::from_shape_fn(IxDyn(&[3, 2]), |p| (p[0] * 10 + p[1]) as f64);
        assert_eq!(dynamic[dynamic.__ad_flat_position(3)], 11.0);
        assert_eq!(vec![1.0, 2.0].__ad_flat_position(1), 1);
    }
}
