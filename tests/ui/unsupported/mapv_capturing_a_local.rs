use ad::ndarray::Array1;
use ad::prelude::*;

#[differentiable]
fn scaled(a: Array1<f64>, k: f64) -> f64 {
    // `k` would be a constant inside the closure: its derivative would be lost.
    a.mapv(|v| v * k).sum()
}

fn main() {}
