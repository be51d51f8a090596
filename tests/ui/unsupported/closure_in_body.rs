use ad::prelude::*;

fn apply(f: impl Fn(f64) -> f64, x: f64) -> f64 {
    f(x)
}

#[differentiable]
fn f(x: f64) -> f64 {
    let square = |t: f64| t * t;
    apply(square, x)
}

fn main() {}
