use ad::prelude::*;

#[differentiable]
fn is_positive(x: f64) -> bool {
    x > 0.0
}

fn main() {}
