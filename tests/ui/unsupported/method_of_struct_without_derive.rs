// Reported at `self`, whose type is the struct.
use ad::prelude::*;

pub struct Spring {
    pub k: f64,
}

impl Spring {
    #[differentiable]
    pub fn energy(&self, x: f64) -> f64 {
        0.5 * self.k * x * x
    }
}

fn main() {}
