//! One layer of a network as index loops over a row-major matrix, shared by the gradient
//! tests of counted loops (`control_flow/counted.rs`) and the memory test (`memory.rs`).

use ad::prelude::*;

/// Σ_i tanh(Σ_j w_ij x_j + b_i), `w` row-major `b.len() × x.len()`: nested counted loops,
/// positions `i * n + j` recomputed, the inner range rebuilt by the outer reverse iteration.
#[differentiable(wrt = (w, b))]
pub fn layer(w: &[f64], b: &[f64], x: &[f64]) -> f64 {
    let n = x.len();
    let mut s = 0.0;
    for i in 0..b.len() {
        let mut acc = 0.0;
        for j in 0..n {
            acc += w[i * n + j] * x[j];
        }
        s += (acc + b[i]).tanh();
    }
    s
}
