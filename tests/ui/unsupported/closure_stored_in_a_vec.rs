use ad::prelude::*;

#[differentiable]
fn f(x: f64) -> f64 {
    let steps = vec![|t: f64| t * 2.0, |t: f64| t * 3.0];
    steps.len() as f64 * x
}

fn main() {}
