use ad::prelude::*;

#[differentiable]
fn f(x: f64) -> f64 {
    // A nested `hessian!` would need third derivatives.
    x * hessian!(at: x, of: |y: f64| y * y * y)
}

fn main() {}
