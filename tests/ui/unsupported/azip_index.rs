use ad::ndarray::{Array1, azip};
use ad::prelude::*;

#[differentiable]
fn weighted(a: Array1<f64>) -> f64 {
    let mut out = Array1::<f64>::zeros(a.len());
    // `azip!` is differentiated in its `(pattern in producer, ..)` form, without `index`.
    azip!((index i, o in &mut out, &x in &a) *o = x * i as f64);
    out.sum()
}

fn main() {}
