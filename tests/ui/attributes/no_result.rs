use ad::prelude::*;

#[differentiable]
fn log(x: f64) {
    let _ = x * 2.0;
}

fn main() {}
