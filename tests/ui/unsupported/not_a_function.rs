use ad::prelude::*;

#[differentiable]
struct Point {
    x: f64,
}

fn main() {}
