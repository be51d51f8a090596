//! The loss both Iris examples train with, and their gradient check's error measure.

use ad::ndarray::{Array2, Axis};
use ad::prelude::*;

/// The mean softmax cross-entropy of class scores `z` (one row per sample) against one-hot
/// labels `y`: `mean_i(logsumexp_j(z_ij) - Σ_j y_ij z_ij)`.
#[differentiable(wrt = z)]
pub fn cross_entropy(z: Array2<f64>, y: &Array2<f64>) -> f64 {
    // `exp` of a large score overflows, so each row is shifted by its maximum first
    // (logsumexp(z) = m + logsumexp(z - m) for any m). The shift's derivative cancels out
    // exactly, so it is computed under `no_grad`, as JAX does.
    let shift = no_grad(z.map_axis(Axis(1), |row| row.fold(f64::NEG_INFINITY, |a, &v| a.max(v))));
    let shift_column = no_grad(shift.clone().insert_axis(Axis(1)));
    let log_sum_exp = (&z - &shift_column).exp().sum_axis(Axis(1)).ln() + shift;
    // With one-hot rows, `Σ_j y_ij z_ij` picks the score of the true class.
    let true_score = (y * &z).sum_axis(Axis(1));
    (log_sum_exp - true_score).mean().unwrap()
}

/// `|a - b|` relative to the larger of the two (absolute when both are tiny). The central
/// difference itself is off by about 1e-11 (rounding in the loss, divided by the step), so
/// the error of a small partial derivative is larger relative to it.
pub fn relative_error(a: f64, b: f64) -> f64 {
    (a - b).abs() / a.abs().max(b.abs()).max(1e-8)
}
