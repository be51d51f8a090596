use ad::prelude::*;

#[differentiable]
fn f(x: f64, scale: impl Into<f64>) -> f64 {
    x * scale.into()
}

fn main() {}
