use ad::prelude::*;

#[differentiable(with = x)]
fn f(x: f64) -> f64 {
    x
}

fn main() {}
