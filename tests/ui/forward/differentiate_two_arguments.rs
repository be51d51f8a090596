use ad::prelude::*;

#[differentiable]
fn f(x: f64, y: f64) -> f64 {
    x * y
}

fn main() {
    let _ = differentiate!(at: 1.0, 2.0, of: f);
}
