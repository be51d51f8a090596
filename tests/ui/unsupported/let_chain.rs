use ad::prelude::*;

#[differentiable]
fn positive_part(x: f64, limit: Option<f64>) -> f64 {
    if let Some(l) = limit && l > 0.0 { x.min(l) } else { x }
}

fn main() {}
