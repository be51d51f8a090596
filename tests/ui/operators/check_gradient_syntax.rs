use ad::prelude::*;

#[differentiable]
fn f(x: f64) -> f64 {
    x * x
}

fn main() {
    let x = 1.0;
    let mut state = 1.0;
    let _ = check_gradient!(x, of: f);
    let _ = check_gradient!(at: x);
    let _ = check_gradient!(at: of: f);
    let _ = check_gradient!(at: x, of: f, seed: 3);
    let _ = check_gradient!(at: &mut state, of: f);
    let _ = check_gradient!(at: x, x, of: |a: f64, b: f64| a * b, second_order);
}
