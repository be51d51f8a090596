use ad::prelude::*;

#[differentiable]
fn pair(x: f64) -> (f64, f64) {
    (x, x * x)
}

fn main() {
    let _ = gradient!(at: 1.0, of: pair);
}
