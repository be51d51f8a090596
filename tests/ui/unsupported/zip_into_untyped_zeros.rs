use ad::ndarray::{Array2, azip};
use ad::prelude::*;

#[differentiable]
fn doubled(a: Array2<f64>) -> f64 {
    // The element type of `out` is left to inference, which the derivative code cannot do.
    let mut out = Array2::zeros(a.raw_dim());
    azip!((o in &mut out, &x in &a) *o = 2.0 * x);
    out.sum()
}

fn main() {}
