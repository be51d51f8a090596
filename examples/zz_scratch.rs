use ad::ndarray::{Array1, array};
use ad::prelude::*;
#[differentiable]
fn biggest(x: &Array1<f64>) -> f64 {
    let m = x.iter().fold(f64::NEG_INFINITY, |a, &b| a.max(b));
    let s: f64 = x.iter().map(|v| v * v).sum();
    m * 2.0 + s
}
fn main() {
    let x = array![0.5, 2.0, -1.0];
    let g = gradient!(at: &x, of: biggest);
    println!("{g} want [1, 6, -2]");
}
