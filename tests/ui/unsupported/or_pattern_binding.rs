use ad::prelude::*;

#[differentiable]
fn first_present(x: f64, a: Option<f64>, b: Option<f64>) -> f64 {
    match ((a, b), x > 0.0) {
        ((Some(v), _) | (None, Some(v)), true) => v * x,
        _ => x,
    }
}

fn main() {}
