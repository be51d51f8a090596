use ad::prelude::*;

// A function that returns a closure is not differentiated.
#[differentiable]
fn scaler(s: f64) -> impl Fn(f64) -> f64 {
    move |x| x * s
}

fn main() {}
