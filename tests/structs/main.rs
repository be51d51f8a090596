//! Reverse-mode gradients of whole functions and methods over user structs:
//! `#[derive(Differentiable)]` on named, tuple and generic structs (with `#[no_derivative]`,
//! integer, nested, `Vec<f64>`, array and tuple fields), field reads, struct literals and
//! tuple-struct constructors, field assignment and compound field assignment on mutable
//! locals, methods calling methods, `Self::new` constructors, associated functions, operator
//! impls on user types, `move_by` gradient descent and the arithmetic of derived tangents.
//!
//! Every test differentiates a `#[differentiable]` function or method with the operators and
//! compares the result with an independent reference: central finite differences of the
//! *original* function (`ad::check`), comparing struct tangents field by field, or a closed
//! form derived by hand (written in the test's comment). The value returned by
//! `value_with_gradient!` is compared with the original.

// The operators call the generated derivative code, not the original functions.
#![allow(dead_code)]

#[path = "../common/mod.rs"]
mod common;

mod assignment;
mod fields;
mod methods;
mod operators;
mod physics;
mod tangents;

pub use common::*;
