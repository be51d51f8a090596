#![deny(deprecated)]
use ad::prelude::*;

// `y` is warned about; `_t`, unused on purpose as its name says, is not.
#[differentiable]
fn f(x: f64, y: f64, _t: f64) -> f64 {
    x * 2.0 + no_grad(y)
}

fn main() {}
