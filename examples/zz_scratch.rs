use ad::ndarray::{Array1, ArrayD, IxDyn};
use ad::prelude::*;
#[differentiable]
fn inplace(x: Array1<f64>, y: &Array1<f64>) -> f64 {
    let mut a = x.clone();
    a += y;
    a *= 2.0;
    a -= &x;
    (a * &x).sum()
}
#[differentiable]
fn dynamic(x: ArrayD<f64>) -> f64 {
    (x.exp() * 2.0 + 1.0).sum()
}
fn main() {
    let x = Array1::from(vec![1.0, 2.0]);
    let y = Array1::from(vec![0.5, -1.0]);
    let (dx, dy) = gradient!(at: x.clone(), &y, of: inplace);
    // f = sum((2(x+y) - x) * x) = sum(x^2 + 2 x y): dx = 2x + 2y, dy = 2x
    println!("{dx} want [3, 2]; {dy} want [2, 4]");
    let d = ArrayD::from_shape_vec(IxDyn(&[2, 1, 2]), vec![0.1, 0.2, 0.3, 0.4]).unwrap();
    let g = gradient!(at: d.clone(), of: dynamic);
    println!("{g} vs {}", d.mapv(|v| 2.0 * v.exp()));
}
