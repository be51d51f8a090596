use ad::ndarray::{Array1, Array2, ArrayView2, s};
use ad::prelude::*;
#[differentiable(wrt = (w))]
fn batch_loss(w: &Array1<f64>, x: &Array2<f64>, y: &Array1<f64>, start: usize) -> f64 {
    let batch = x.slice(s![start..start + 2, ..]);
    let targets = y.slice(s![start..start + 2]);
    let residual = batch.dot(w) - &targets;
    (&residual * &residual).sum()
}
#[differentiable(wrt = (w))]
fn view_param(w: &Array1<f64>, x: ArrayView2<f64>) -> f64 {
    (x.dot(w) * 2.0).sum()
}
fn main() {
    let x = Array2::from_shape_fn((4, 3), |(i, j)| (i + j) as f64 * 0.1);
    let y = Array1::from(vec![1.0, 2.0, 3.0, 4.0]);
    let w = Array1::from(vec![0.5, -0.2, 0.1]);
    let (dw, _, _, _) = gradient!(at: &w, &x, &y, 1, of: batch_loss);
    println!("{dw}");
    let (dw2, _) = gradient!(at: &w, x.view(), of: view_param);
    println!("{dw2}");
}
