use ad::prelude::*;

#[differentiable]
fn either_side(x: f64, pair: (f64, f64)) -> f64 {
    match (x > 0.0, pair) {
        (true, (v, _)) | (false, (_, v)) => v * x,
    }
}

fn main() {}
