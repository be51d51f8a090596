use ad::prelude::*;

// Generic code over `Energy` is differentiated through its methods, so every impl of the
// marked trait must carry `#[differentiable]`.
#[differentiable]
trait Energy {
    fn energy(&self, x: f64) -> f64;
}

#[derive(Clone, Differentiable)]
struct Spring {
    k: f64,
}

impl Energy for Spring {
    fn energy(&self, x: f64) -> f64 {
        0.5 * self.k * x * x
    }
}

fn main() {}
