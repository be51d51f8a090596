use ad::prelude::*;

// A `return` inside an operand of a call: the value it leaves is not one a statement can
// compute first.
#[differentiable]
fn f(x: f64) -> f64 {
    let y = 2.0 * (if x < 0.0 { return 0.0 } else { x }).sin();
    y * y
}

fn main() {}
