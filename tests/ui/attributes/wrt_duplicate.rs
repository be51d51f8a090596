use ad::prelude::*;

#[differentiable(wrt = (x, x))]
fn f(x: f64) -> f64 {
    x
}

fn main() {}
