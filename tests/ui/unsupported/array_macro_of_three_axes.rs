use ad::ndarray::array;
use ad::prelude::*;

// `array!` of three axes: the error says which forms are supported.
#[differentiable]
fn cube(x: f64) -> f64 {
    let a = array![[[x, 1.0]], [[2.0, x]]];
    a.sum()
}

fn main() {}
