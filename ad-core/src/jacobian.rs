//! The Jacobian matrix, by forward or reverse mode, whichever needs fewer passes.
//!
//! `jacobian!` gives this module a function's forward derivative (input tangent to output
//! tangent) and a way to get its pullback (output cotangent to input cotangent). With `n`
//! inputs and `m` outputs, forward mode needs `n` passes (one column each) and reverse mode
//! `m` (one row each), after one VJP: forward mode is used when there are fewer inputs than
//! outputs, reverse mode otherwise.

use crate::basis::{Basis, components, units};
use ndarray::Array2;

/// Which mode [`jacobian`] uses for `inputs` and `outputs` components: forward when there
/// are fewer inputs than outputs.
pub fn uses_forward_mode(inputs: usize, outputs: usize) -> bool {
    inputs < outputs
}

/// The Jacobian (rows: outputs, columns: inputs) of the function whose input and output
/// tangents are shaped like `input_zero` and `output_zero`, from its forward derivative or,
/// when reverse mode needs fewer passes, from the pullback that `pullback()` returns.
pub fn jacobian<TX: Basis, TY: Basis, P: Fn(TY) -> TX>(
    input_zero: TX,
    output_zero: TY,
    forward: impl Fn(TX) -> TY,
    pullback: impl FnOnce() -> P,
) -> Array2<f64> {
    let n = components(&input_zero).len();
    let m = components(&output_zero).len();
    let mut matrix = Array2::zeros((m, n));
    if uses_forward_mode(n, m) {
        for (j, unit) in units(&input_zero).enumerate() {
            let column = components(&forward(unit));
            for (i, x) in column.into_iter().enumerate().take(m) {
                matrix[[i, j]] = x;
            }
        }
    } else {
        let pullback = pullback();
        for (i, unit) in units(&output_zero).enumerate() {
            let row = components(&pullback(unit));
            for (j, x) in row.into_iter().enumerate().take(n) {
                matrix[[i, j]] = x;
            }
        }
    }
    matrix
}

/// The argument and result types of a `jacobian!`, which choose the type of the matrix it
/// gives: `Array2<f64>` ([`JacobianArray`]), or with the `nalgebra` feature an nalgebra matrix
/// from an nalgebra vector to an nalgebra vector. Generated code calls
/// `(&JacobianLayout::of(&x, &y)).finish(matrix)` with both traits in scope
/// ([`layouts`]): method lookup tries the receiver `&JacobianLayout` by value first, where only
/// the nalgebra trait's `&self` method fits, then by reference, where every layout has
/// [`JacobianArray`] (the "autoref" way to let a specific impl win over a general one).
pub struct JacobianLayout<X, Y>(std::marker::PhantomData<fn() -> (X, Y)>);

impl<X, Y> JacobianLayout<X, Y> {
    /// The layout of a Jacobian at `_x` whose result is `_y`.
    pub fn of(_x: &X, _y: &Y) -> Self {
        JacobianLayout(std::marker::PhantomData)
    }
}

/// The Jacobian as an `ndarray::Array2<f64>`: every layout not given another type.
pub trait JacobianArray {
    /// The matrix as it is.
    fn finish(&self, matrix: Array2<f64>) -> Array2<f64>;
}

impl<X, Y> JacobianArray for &JacobianLayout<X, Y> {
    fn finish(&self, matrix: Array2<f64>) -> Array2<f64> {
        matrix
    }
}

/// The traits that choose a Jacobian's type, imported anonymously by generated code.
pub mod layouts {
    pub use super::JacobianArray as _;
    #[cfg(feature = "nalgebra")]
    pub use crate::impls_nalgebra::JacobianNalgebra as _;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_modes_give_the_same_matrix() {
        // y = (x0 + 2 x1, 3 x0, x1): J = [[1, 2], [3, 0], [0, 1]], and its transpose.
        let forward = |t: Vec<f64>| vec![t[0] + 2.0 * t[1], 3.0 * t[0], t[1]];
        let pullback = || |c: Vec<f64>| vec![c[0] + 3.0 * c[1], 2.0 * c[0] + c[2]];
        let by_forward = jacobian(vec![0.0; 2], vec![0.0; 3], forward, pullback);
        let expected = ndarray::arr2(&[[1.0, 2.0], [3.0, 0.0], [0.0, 1.0]]);
        assert_eq!(by_forward, expected);
        // Three inputs, two outputs: the transposed map goes through the pullback.
        let forward_t = |t: Vec<f64>| vec![t[0] + 3.0 * t[1], 2.0 * t[0] + t[2]];
        let pullback_t = || |c: Vec<f64>| vec![c[0] + 2.0 * c[1], 3.0 * c[0], c[1]];
        let by_reverse = jacobian(vec![0.0; 3], vec![0.0; 2], forward_t, pullback_t);
        assert_eq!(by_reverse, expected.t());
    }
}
