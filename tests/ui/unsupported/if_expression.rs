use ad::prelude::*;

#[differentiable]
fn relu(x: f64) -> f64 {
    if x > 0.0 { x } else { 0.0 }
}

fn main() {}
