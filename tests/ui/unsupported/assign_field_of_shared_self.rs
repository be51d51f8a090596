use ad::prelude::*;

#[derive(Differentiable, Clone)]
struct Counter {
    total: f64,
}

impl Counter {
    #[differentiable]
    fn add(&self, x: f64) -> f64 {
        self.total = x;
        self.total
    }
}

fn main() {}
