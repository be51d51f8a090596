use ad::prelude::*;

#[differentiable]
fn scale(acc: &mut f64, x: f64) -> f64 {
    *acc *= x;
    let acc = *acc + 1.0;
    acc * x
}

fn main() {}
