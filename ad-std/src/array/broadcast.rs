//! Broadcasting in the pullbacks and tangents of elementwise operators.
//!
//! ndarray broadcasts the operands of `a ⊕ b` to a common shape: an axis of length 1
//! stretches to the other operand's length (`(n, 1) + (n, 3)`). Each element of a stretched
//! operand is used once per copy, so its cotangent is the sum of the output's cotangent over
//! the stretched axes ([`reduce_to`]); a tangent of that operand is stretched like the
//! operand itself ([`expand_to`]). When the shapes already agree both are the identity.

use ndarray::{Array, ArrayD, Axis, Dimension, NdFloat};

/// `cotangent` summed over the axes along which an operand of shape `shape` was stretched.
pub fn reduce_to<F: NdFloat, D: Dimension>(cotangent: Array<F, D>, shape: &D) -> Array<F, D> {
    if cotangent.raw_dim() == *shape {
        return cotangent;
    }
    let target = shape.slice();
    let mut sum: ArrayD<F> = cotangent.into_dyn();
    for (axis, &length) in target.iter().enumerate() {
        if length == 1 && sum.len_of(Axis(axis)) != 1 {
            sum = sum.sum_axis(Axis(axis)).insert_axis(Axis(axis));
        }
    }
    sum.into_dimensionality::<D>()
        .expect("summing over axes keeps the number of dimensions")
}

/// `tangent` stretched to the output's shape `shape`, as ndarray stretches its operand.
pub fn expand_to<F: NdFloat, D: Dimension>(tangent: Array<F, D>, shape: &D) -> Array<F, D> {
    if tangent.raw_dim() == *shape {
        return tangent;
    }
    match tangent.broadcast(shape.clone()) {
        Some(stretched) => stretched.to_owned(),
        // Unreachable: the primal operation has broadcast the operand to `shape` already.
        None => tangent,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ndarray::{Array2, array};

    #[test]
    fn reduce_sums_over_stretched_axes_only() {
        let d: Array2<f64> = array![[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]];
        assert_eq!(reduce_to(d.clone(), &d.raw_dim()), d);
        assert_eq!(
            reduce_to(d.clone(), &ndarray::Dim([2, 1])),
            array![[6.0], [15.0]]
        );
        assert_eq!(
            reduce_to(d.clone(), &ndarray::Dim([1, 3])),
            array![[5.0, 7.0, 9.0]]
        );
        assert_eq!(reduce_to(d, &ndarray::Dim([1, 1])), array![[21.0]]);
    }

    #[test]
    fn expand_stretches_like_ndarray() {
        let column: Array2<f64> = array![[1.0], [2.0]];
        assert_eq!(
            expand_to(column, &ndarray::Dim([2, 2])),
            array![[1.0, 1.0], [2.0, 2.0]]
        );
    }
}
