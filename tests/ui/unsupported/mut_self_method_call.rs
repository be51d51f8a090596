use ad::prelude::*;

#[derive(Differentiable, Clone)]
struct Counter {
    total: f64,
}

impl Counter {
    #[differentiable]
    fn add(&mut self, x: f64) -> f64 {
        self.total += x;
        self.total
    }
}

#[differentiable]
fn f(x: f64) -> f64 {
    let mut c = Counter { total: 1.0 };
    c.add(x) * c.total
}

fn main() {}
