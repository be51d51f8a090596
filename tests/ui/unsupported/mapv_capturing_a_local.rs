use ad::ndarray::Array1;
use ad::prelude::*;

#[differentiable]
fn clipped(a: Array1<f64>, k: f64) -> f64 {
    // `max` has no elementwise array rule: `k` would be a constant inside the closure, and its
    // derivative lost.
    a.mapv(|v| v.max(k)).sum()
}

fn main() {}
