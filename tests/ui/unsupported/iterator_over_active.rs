use ad::prelude::*;

#[differentiable]
fn f(xs: &[f64]) -> f64 {
    let mut s = 0.0;
    for x in xs.iter().rev() {
        s += x * 2.0;
    }
    s
}

fn main() {}
