//! The Gaussian mixture model objective of ADBench and gradbench (d dimensions, k components,
//! n points), written as a Rust programmer writes it: index loops over flat slices. `icf`
//! holds, per component, the log of the diagonal of its inverse Cholesky factor followed by
//! the lower triangle below it, packed column by column; `x` holds the points row by row.
//! Shared by `benches/gmm.rs` (time) and `tests/memory.rs` (what the pullback keeps).

use ad::prelude::*;

/// −log-likelihood of the points under the mixture, plus the Wishart prior of ADBench (its
/// constant terms omitted), differentiated in the weights, means and inverse covariances.
#[differentiable(wrt = (alphas, means, icf))]
#[allow(clippy::too_many_arguments)]
pub fn gmm_objective(
    alphas: &[f64],
    means: &[f64],
    icf: &[f64],
    x: &[f64],
    d: usize,
    gamma: f64,
    m: f64,
) -> f64 {
    let k = alphas.len();
    let n = x.len() / d;
    let icf_len = d * (d + 1) / 2;
    let mut total = 0.0;
    for i in 0..n {
        let mut terms = Vec::with_capacity(k);
        for c in 0..k {
            let mut sum_q = 0.0;
            for r in 0..d {
                sum_q += icf[c * icf_len + r];
            }
            // ‖Q (x_i − μ_c)‖², Q lower triangular with diagonal exp(icf[..d]).
            let mut norm = 0.0;
            for r in 0..d {
                let mut y = icf[c * icf_len + r].exp() * (x[i * d + r] - means[c * d + r]);
                for col in 0..r {
                    let l = c * icf_len + d + col * (2 * d - col - 1) / 2 + (r - col - 1);
                    y += icf[l] * (x[i * d + col] - means[c * d + col]);
                }
                norm += y * y;
            }
            terms.push(alphas[c] + sum_q - 0.5 * norm);
        }
        let top = no_grad(terms.iter().fold(f64::NEG_INFINITY, |a, &t| a.max(t)));
        let mut s = 0.0;
        for c in 0..k {
            s += (terms[c] - top).exp();
        }
        total += top + s.ln();
    }
    let top = no_grad(alphas.iter().fold(f64::NEG_INFINITY, |a, &t| a.max(t)));
    let mut s = 0.0;
    for c in 0..k {
        s += (alphas[c] - top).exp();
    }
    total -= n as f64 * (top + s.ln());
    let mut prior = 0.0;
    for c in 0..k {
        let mut sum_q = 0.0;
        let mut frobenius = 0.0;
        for r in 0..d {
            sum_q += icf[c * icf_len + r];
            let q = icf[c * icf_len + r].exp();
            frobenius += q * q;
        }
        for j in d..icf_len {
            frobenius += icf[c * icf_len + j] * icf[c * icf_len + j];
        }
        prior += 0.5 * gamma * gamma * frobenius - m * sum_q;
    }
    total + prior
}

/// Deterministic inputs of the given size: `(alphas, means, icf, x)`.
pub fn gmm_inputs(d: usize, k: usize, n: usize) -> (Vec<f64>, Vec<f64>, Vec<f64>, Vec<f64>) {
    let icf_len = d * (d + 1) / 2;
    let alphas = (0..k)
        .map(|i| ((i * 37) % 11) as f64 / 11.0 - 0.5)
        .collect();
    let means = (0..k * d)
        .map(|i| ((i * 53) % 17) as f64 / 17.0 - 0.5)
        .collect();
    let icf = (0..k * icf_len)
        .map(|i| ((i * 29) % 13) as f64 / 26.0 - 0.25)
        .collect();
    let x = (0..n * d)
        .map(|i| ((i * 71) % 19) as f64 / 19.0 - 0.5)
        .collect();
    (alphas, means, icf, x)
}
