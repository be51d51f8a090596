use ad::prelude::*;

fn plain(x: f64) -> f64 {
    x * 3.0
}

#[differentiable]
fn f(x: f64) -> f64 {
    plain(x) + 1.0
}

fn main() {}
