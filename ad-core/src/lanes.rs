//! The lanes of a matrix that `map_axis` and `fold_axis` visit, for their lowering as a loop
//! over subarrays (`ad_compiler::lower::lanes`): how many there are, and the axis to take
//! them along with `index_axis`. Only two-dimensional arrays have them here, so that other
//! arrays are a compile error that says so rather than lanes other than ndarray's.

use ndarray::{ArrayBase, Axis, Ix2, RawData};

/// An array whose lanes along an axis are its subarrays along the other axis: a matrix.
#[diagnostic::on_unimplemented(
    message = "`map_axis` and `fold_axis` are differentiated on two-dimensional arrays only, and `{Self}` is not one",
    label = "not a matrix",
    note = "for an array of another dimension, write the loop over its lanes, for example with `axis_iter(..)` and `index_axis(..)`, which are differentiated"
)]
pub trait MatrixLanes {
    /// How many lanes run along `axis`, and the other axis, along which `index_axis` takes
    /// them.
    fn lanes_along(&self, axis: Axis) -> (usize, Axis);
}

impl<S: RawData> MatrixLanes for ArrayBase<S, Ix2> {
    fn lanes_along(&self, axis: Axis) -> (usize, Axis) {
        // ndarray panics on an axis out of bounds too.
        assert!(
            axis.index() < 2,
            "axis {} out of bounds for a matrix",
            axis.index()
        );
        let across = Axis(1 - axis.index());
        (self.len_of(across), across)
    }
}

impl<T: MatrixLanes + ?Sized> MatrixLanes for &T {
    fn lanes_along(&self, axis: Axis) -> (usize, Axis) {
        (**self).lanes_along(axis)
    }
}

/// [`MatrixLanes::lanes_along`] for every array, as the method generated code calls: the
/// method exists for any dimension, and its bound then fails with the message of
/// [`MatrixLanes`] at the user's call for an array that is not a matrix (a method that
/// exists only for matrices would fail with a note about unsatisfied bounds instead).
pub trait Lanes {
    /// How many lanes run along `axis`, and the other axis.
    fn __ad_lanes_along(&self, axis: Axis) -> (usize, Axis)
    where
        Self: MatrixLanes,
    {
        self.lanes_along(axis)
    }
}

impl<S: RawData, D: ndarray::Dimension> Lanes for ArrayBase<S, D> {}

#[cfg(test)]
mod tests {
    use ndarray::{Array2, Axis};

    #[test]
    fn lanes_along_an_axis_are_subarrays_along_the_other() {
        let m = Array2::<f64>::zeros((2, 3));
        use super::Lanes;
        assert_eq!(m.__ad_lanes_along(Axis(1)), (2, Axis(0)));
        assert_eq!(m.__ad_lanes_along(Axis(0)), (3, Axis(1)));
    }
}
