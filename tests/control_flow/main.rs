//! Reverse-mode gradients of whole functions with control flow: branches, `match`, loops
//! over ranges and slices, `break`/`continue`, early `return`, recursion, and small numeric
//! programs (Newton, bisection, Horner, softmax, an Euler simulation), early exits out of
//! loops (`return`, labelled `break`/`continue`, `break` with a value), mutual recursion, and
//! vectors changed in place (element writes, `push`, `vec![..]`), iterator chains and
//! closures.
//!
//! Every test differentiates a `#[differentiable]` function with the operators and compares
//! the result with an independent reference: central finite differences of the *original*
//! function (`ad::check`), or a closed form derived by hand (written in the test's comment).
//! Each function is checked at several points, on both sides of every branch, never exactly
//! at a kink. The value returned by `value_with_gradient!` is compared with the original.

// The operators call the generated derivative code, not the original functions.
#![allow(dead_code)]

#[path = "../common/mod.rs"]
mod common;
#[path = "../shared/network.rs"]
mod network;

mod branches;
mod chains;
mod counted;
mod exits;
mod flags;
mod higher_order;
mod loops;
mod matching;
mod mutation;
mod numerics;
mod ranges;
mod recursion;
mod regressions;
mod simulation;
mod slices;

pub use common::*;
