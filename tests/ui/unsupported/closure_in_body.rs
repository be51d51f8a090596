use ad::prelude::*;

#[differentiable]
fn f(x: f64) -> f64 {
    let square = |t: f64| t * t;
    let pair = (square, x);
    pair.1
}

fn main() {}
