use ad::prelude::*;

#[differentiable]
fn f(x: f64) -> f64 {
    let mut v = vec![0.0; 3];
    v[0] = x;
    v[0] * 2.0
}

fn main() {}
