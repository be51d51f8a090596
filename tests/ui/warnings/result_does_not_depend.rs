#![deny(deprecated)]
use ad::prelude::*;

#[differentiable]
fn f(x: f64, y: f64) -> f64 {
    x * 2.0 + no_grad(y)
}

fn main() {}
