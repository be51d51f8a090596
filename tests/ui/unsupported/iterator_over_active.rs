use ad::prelude::*;

#[differentiable]
fn f(xs: &[f64]) -> f64 {
    let mut s = 0.0;
    for part in xs.split(|x| *x < 0.0) {
        s += part[0];
    }
    s
}

fn main() {}
