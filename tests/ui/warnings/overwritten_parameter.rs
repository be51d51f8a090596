#![deny(deprecated)]
use ad::prelude::*;

#[differentiable]
fn f(x: f64, mut y: f64) -> f64 {
    y = 3.0;
    x * y
}

fn main() {}
