//! Rules for ndarray's owned arrays of `f32` and `f64` (`Array<F, D>` of any dimension), in
//! reverse, forward and second-order forward mode:
//!
//! - elementwise `+ - * / %` between arrays, with ndarray's broadcasting of arrays of one
//!   dimension (`(n, 1)` against `(n, 3)`) and of a vector over a matrix's rows (either
//!   side), with a scalar on either side, and unary `-` ([`operators`], [`remainder`],
//!   [`vector_matrix`], [`scalar_left`], [`broadcast`]);
//! - the reductions `sum`, `mean`, `product`, `sum_axis`, `mean_axis`, `var`, `std`
//!   ([`reductions`], [`products`]);
//! - `dot` (vector·vector, matrix·vector, vector·matrix, matrix·matrix), with entry points
//!   for one constant operand ([`dot`], [`partial`]);
//! - every elementwise float method of ndarray (`exp`, `ln`, `tanh`, ..., `powi`, `powf`) and
//!   `mapv` of a function given with its derivatives ([`elementwise`], [`products`]), and
//!   `map` of Rust's fixed-size float arrays ([`fixed_map`]);
//! - `t()`, `reversed_axes()`, `row`, `column`, `insert_axis`, `slice(s![..])`, `to_owned`
//!   ([`shape`]),
//!   `into_shape_with_order` and `to_shape` ([`reshape`]).
//!
//! A scalar operand's cotangent is the sum over the array of what the elementwise rule gives
//! it; a broadcast operand's, the sum over the stretched axes. Pullbacks own what they keep
//! (the operands they need). Each rule is written once, for the element type `Float`, and
//! instantiated for `f32` and `f64` by `for_each_float!`.

/// Writes the items once per float element type, each time in an anonymous block where
/// `Float` names the type and `A<D>` the owned array of it.
macro_rules! for_each_float {
    ($($items:item)*) => {
        const _: () = {
            #[allow(dead_code)]
            type Float = f32;
            #[allow(dead_code)]
            type A<D> = ndarray::Array<f32, D>;
            $($items)*
        };
        const _: () = {
            #[allow(dead_code)]
            type Float = f64;
            #[allow(dead_code)]
            type A<D> = ndarray::Array<f64, D>;
            $($items)*
        };
    };
}

pub mod axis_variance;
pub mod broadcast;
pub mod construct;
pub mod dot;
pub mod elementwise;
pub mod fixed_map;
pub mod kernels;
pub mod operators;
pub mod partial;
pub mod products;
pub mod reductions;
pub mod remainder;
pub mod reshape;
pub mod scalar_left;
pub mod shape;
pub mod vector_matrix;
pub mod zero_like;

pub use axis_variance::ArrayVarianceAxis;
pub use construct::{ArrayFromElem, ArrayFromShapeVec, ArrayFromVec};
pub use dot::DotRule;
pub use elementwise::{ArrayMap, ArrayMapv, ArrayMath};
pub use partial::{WrtArgs, WrtSelf};
pub use products::{ArrayPowf, ArrayPowi, ArrayProduct};
pub use reductions::{ArrayMeanAxis, ArrayReductions, ArraySumAxis, ArrayVariance};
pub use reshape::{ArrayIntoShape, ArrayToShape};
pub use shape::{
    ArrayAsSlice, ArrayColumn, ArrayDiag, ArrayIndexAxis, ArrayInsertAxis, ArrayIntoOwned,
    ArrayLanesAsRows, ArrayLanesAsRowsRule, ArrayRemoveAxis, ArrayReversedAxes, ArrayRow,
    ArraySelect, ArraySlice, ArrayToOwned, ArrayTranspose, ArrayView,
};
pub use zero_like::ViewZeroTangent;
