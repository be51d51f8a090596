use ad::prelude::*;

#[differentiable]
async fn later(x: f64) -> f64 {
    x
}

fn main() {}
