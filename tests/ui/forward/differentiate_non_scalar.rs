use ad::prelude::*;

#[differentiable]
fn norm(v: Vec<f64>) -> f64 {
    (v[0] * v[0] + v[1] * v[1]).sqrt()
}

fn main() {
    let _ = differentiate!(at: vec![3.0, 4.0], of: norm);
}
