use ad::prelude::*;

#[differentiable]
fn f(xs: &[f64]) -> f64 {
    let mut s = 0.0;
    for w in xs.windows(2) {
        s += w[0] * w[1];
    }
    s
}

fn main() {}
