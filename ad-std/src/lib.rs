//! The derivative library of `ad`: reverse- and forward-mode rules for the arithmetic
//! operators and the methods of `f32`/`f64`.
//!
//! Generated code reaches these rules through `ad::__private`; users never call them
//! directly. Every rule documents its math as `Original` / `Tangent` / `Adjoint` and, where
//! the function is not differentiable at a point, the convention it follows there.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod array;
pub mod assign;
pub mod convert;
pub mod fill;
pub mod float;
pub mod forward;
#[cfg(feature = "nalgebra")]
pub mod matrix;
pub mod operator_methods;
pub mod ops;
pub mod option;
pub mod permute;
pub mod real;
pub mod same_type;
pub mod second;
pub mod slice;
pub mod strong;

/// Every trait whose methods are derivative rules of methods (`x.__ad_vjp_exp()`), imported
/// anonymously so that generated code can glob-import them all (`use method_rules::*`) and
/// method lookup finds the rules without any name coming into scope.
pub mod method_rules {
    pub use crate::array::{
        ArrayAsSlice as _, ArrayColumn as _, ArrayDiag as _, ArrayFromElem as _,
        ArrayFromShapeVec as _, ArrayFromVec as _, ArrayIndexAxis as _, ArrayInsertAxis as _,
        ArrayIntoOwned as _, ArrayIntoShape as _, ArrayLanesAsRows as _, ArrayLanesAsRowsRule as _,
        ArrayMap as _, ArrayMapv as _, ArrayMath as _, ArrayMeanAxis as _, ArrayPowf as _,
        ArrayPowi as _, ArrayProduct as _, ArrayReductions as _, ArrayRemoveAxis as _,
        ArrayReversedAxes as _, ArrayRow as _, ArraySelect as _, ArraySlice as _,
        ArraySumAxis as _, ArrayToOwned as _, ArrayToShape as _, ArrayTranspose as _,
        ArrayVariance as _, ArrayVarianceAxis as _, ArrayView as _, DotRule as _,
        ViewZeroTangent as _,
    };
    pub use crate::assign::{Assign as _, CopyFrom as _};
    pub use crate::fill::Fill as _;
    pub use crate::float::FloatMethods as _;
    pub use crate::float::slopes::FloatSlopes as _;
    pub use crate::forward::FloatForward as _;
    #[cfg(feature = "nalgebra")]
    pub use crate::matrix::{
        MatrixComponentMul as _, MatrixCross as _, MatrixFromVec as _, MatrixMap as _,
        MatrixMethods as _, MatrixNew1 as _, MatrixNew2 as _, MatrixNew3 as _, MatrixNew4 as _,
        MatrixNew5 as _, MatrixNew6 as _, MatrixNew9 as _,
    };
    pub use crate::operator_methods::{
        AddMethod as _, DivMethod as _, MulMethod as _, NegMethod as _, RemMethod as _,
        SubMethod as _,
    };
    pub use crate::option::OptionMethods as _;
    pub use crate::permute::Permute as _;
    pub use crate::second::FloatSecond as _;
    pub use crate::slice::SliceToVec as _;
    pub use ad_core::cotangent::{Itself as _, ZeroOfConstant as _};
    pub use ad_core::flat::FlatPosition as _;
    pub use ad_core::query::{
        FloatResult as _, OtherResult as _, RoundedFloat as _, RoundedOther as _,
    };
}
