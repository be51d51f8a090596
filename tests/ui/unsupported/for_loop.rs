use ad::prelude::*;

#[differentiable]
fn power(x: f64, n: usize) -> f64 {
    let mut r = 1.0;
    for _ in 0..n {
        r *= x;
    }
    r
}

fn main() {}
