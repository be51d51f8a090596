use ad::prelude::*;

pub struct Point {
    pub x: f64,
}

#[differentiable]
fn f(p: &Point, t: f64) -> f64 {
    p.x * t
}

fn main() {}
