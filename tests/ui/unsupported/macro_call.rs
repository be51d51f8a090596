use ad::prelude::*;

#[differentiable]
fn logged(x: f64) -> f64 {
    let y = dbg!(x * 2.0);
    y + 1.0
}

fn main() {}
