// A function without a derivative that the body imports itself: the body's own import
// decides what the name means, so the forward derivatives cannot be made to compile
// without the function's derivative, and the error is reported once per derivative.
mod helpers {
    pub fn plain(x: f64) -> f64 {
        x * 3.0
    }
}

fn offset(x: f64) -> f64 {
    x + 1.0
}

use ad::prelude::*;

#[differentiable]
fn f(x: f64) -> f64 {
    use helpers::plain;
    plain(x) * offset(x)
}

fn main() {}
