use ad::prelude::*;

#[differentiable]
fn f(x: f64) -> f64 {
    let mut v = vec![x, 2.0 * x];
    v.rotate_left(1);
    v[0]
}

fn main() {}
