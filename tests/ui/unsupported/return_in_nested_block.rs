use ad::prelude::*;

#[differentiable]
fn f(x: f64) -> f64 {
    let y = {
        if x < 0.0 {
            return 0.0;
        }
        x * 2.0
    };
    y * y
}

fn main() {}
