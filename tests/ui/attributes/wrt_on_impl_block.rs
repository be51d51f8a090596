use ad::prelude::*;

struct Model;

#[differentiable(wrt = x)]
impl Model {
    fn predict(x: f64) -> f64 {
        x * 2.0
    }
}

fn main() {}
