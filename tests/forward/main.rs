//! Forward mode: `differentiate!`, `value_with_differential!`, `jacobian!`, `hessian!` and
//! forward-mode registration, against closed forms and central finite differences of the original
//! functions.
//!
//! (Every `gradient!` of the other suites also checks forward against reverse mode with the
//! dot-product identity, see `tests/common/modes.rs`.)

#![allow(dead_code)]

mod basis;
mod hessians;
mod jacobians;
mod nested;
mod operators;
mod registration;
mod rosenbrock;
mod second_order_sweep;

#[path = "../common/mod.rs"]
mod common;
pub use common::*;

/// Element-wise [`assert_all_close`] of two matrices of the same shape.
#[track_caller]
pub fn assert_matrix_close(got: &ad::ndarray::Array2<f64>, want: &ad::ndarray::Array2<f64>) {
    assert_eq!(got.dim(), want.dim());
    assert_all_close(got.as_slice().unwrap(), want.as_slice().unwrap());
}
