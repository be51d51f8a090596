use ad::ndarray::Array1;
use ad::prelude::*;
#[differentiable]
fn left(a: Array1<f64>, s: f64) -> f64 {
    let b = 2.0 * a.clone();
    let c = s * a.clone();
    let d = 1.0 - a.clone() / s;
    (b + c + d).sum()
}
fn main() {}
