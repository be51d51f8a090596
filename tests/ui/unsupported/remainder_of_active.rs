use ad::prelude::*;

#[differentiable]
fn wrap(x: f64) -> f64 {
    x % 1.0
}

fn main() {}
