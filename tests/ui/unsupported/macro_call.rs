use ad::prelude::*;

#[differentiable]
fn logged(x: f64) -> f64 {
    println!("{x}");
    x * 2.0
}

fn main() {}
