use ad::prelude::*;

#[derive(Differentiable, Clone)]
struct Spring {
    k: f64,
}

impl Spring {
    fn force(&self, x: f64) -> f64 {
        -self.k * x
    }
}

#[differentiable]
fn work(s: &Spring, x: f64) -> f64 {
    s.force(x) * x
}

fn main() {}
