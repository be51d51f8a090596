#![deny(deprecated)]
use ad::prelude::*;

// The warning is silenced by `#[allow(deprecated)]` on the function; the error below is the
// only one this file produces, so the snapshot shows that no warning was emitted.
#[differentiable]
#[allow(deprecated)]
fn f(x: f64, y: f64) -> f64 {
    x * 2.0 + no_grad(y)
}

fn main() {
    let _: () = f(1.0, 2.0);
}
