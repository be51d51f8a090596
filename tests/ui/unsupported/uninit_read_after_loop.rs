use ad::prelude::*;

// rustc accepts the read (the `loop` is left only by `break`, after the assignment), but the
// value assigned inside the loop is not carried out of it.
#[differentiable]
fn f(x: f64) -> f64 {
    let y;
    loop {
        y = x * x;
        break;
    }
    y
}

fn main() {}
