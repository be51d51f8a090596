//! The derivative library of `ad`: reverse- and forward-mode rules for the arithmetic
//! operators and the methods of `f32`/`f64`.
//!
//! Generated code reaches these rules through `ad::__private`; users never call them
//! directly. Every rule documents its math as `Original` / `Tangent` / `Adjoint` and, where
//! the function is not differentiable at a point, the convention it follows there.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod array;
pub mod float;
pub mod forward;
pub mod ops;
pub mod real;
pub mod same_type;
pub mod second;
