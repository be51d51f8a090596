use ad::ndarray::{Array1, Array2};
use ad::prelude::*;
#[differentiable(wrt = (w, b), dump)]
fn loss(w: &Array1<f64>, b: f64, x: &Array2<f64>, y: &Array1<f64>) -> f64 {
    let z = x.dot(w) + b;
    let p = ((-z).exp() + 1.0).recip();
    let ones = y * 0.0 + 1.0;
    let log_likelihood = y.clone() * p.ln() + (ones.clone() - y.clone()) * (ones - p).ln();
    -log_likelihood.mean().unwrap()
}
fn main() {}
