use ad::prelude::*;

#[differentiable]
fn recovered(x: f64) -> f64 {
    let r: Result<f64, f64> = if x > 0.0 { Ok(x.sqrt()) } else { Err(-x) };
    match r {
        Ok(v) => v * x,
        Err(e) => e,
    }
}

fn main() {}
