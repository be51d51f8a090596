//! The macros' front ends, one file per macro: each parses its input (the attribute's
//! arguments with [`attr`]), hands function and closure bodies to the [`pipeline`], and
//! places what [`emit`] prints (companion modules, sibling methods, operator impls).
//!
//! [`pipeline`]: crate::pipeline
//! [`emit`]: crate::emit

pub mod attr;
pub mod cfg;
pub mod constant_params;
pub mod derivative;
pub mod derive;
pub mod derive_enum;
pub mod differentiable;
pub mod fallback;
pub mod float_left;
pub mod forward_operators;
pub mod function_params;
pub mod function_value;
pub mod impls;
pub mod index_impls;
pub mod operator_impls;
pub mod operators;
pub mod traits;
pub mod unconstrained;
pub mod warnings;
