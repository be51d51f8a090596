use ad::prelude::*;

fn damping(k: f64, v: f64) -> f64 {
    -k * v
}

#[derive(Differentiable, Clone)]
struct Oscillator {
    k: f64,
}

impl Oscillator {
    #[differentiable]
    fn force(&self, v: f64) -> f64 {
        damping(self.k, v) * 2.0
    }
}

fn main() {}
