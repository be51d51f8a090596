// Reported at the parameter's type. Cargo prints the error once; rustc gives it once per
// generated derivative, and this snapshot keeps two copies because one of them carries
// different internal span data (an `impl Trait` parameter), which trybuild compares.
use ad::prelude::*;

pub struct Point {
    pub x: f64,
}

#[differentiable]
fn f(p: &Point, t: f64) -> f64 {
    p.x * t
}

fn main() {}
