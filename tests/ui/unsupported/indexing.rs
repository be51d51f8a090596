use ad::prelude::*;

#[differentiable]
fn first(v: &[f64]) -> f64 {
    v[0] * 2.0
}

fn main() {}
