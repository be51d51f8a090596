use ad::prelude::*;

fn record(_x: f64) -> f64 {
    0.0
}

#[differentiable]
fn f(x: f64) -> f64 {
    record(x);
    x
}

fn main() {}
