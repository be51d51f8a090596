use ad::prelude::*;

#[differentiable]
fn f(x: f64, pair: (f64, f64)) -> f64 {
    let (a, b) = pair else { return x };
    x * a * b
}

fn main() {}
