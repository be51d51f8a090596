use ad::prelude::*;

#[differentiable]
fn f(x: f64, n: usize) -> f64 {
    let mut y = x;
    for _ in 0..n {
        y = y * 2.0;
        if y > 100.0 {
            break y;
        }
    }
    y
}

fn main() {}
