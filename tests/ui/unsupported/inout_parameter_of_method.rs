use ad::prelude::*;

#[derive(Differentiable, Clone)]
struct Gain {
    k: f64,
}

impl Gain {
    #[differentiable]
    fn apply(&self, out: &mut f64) -> f64 {
        *out *= self.k;
        self.k
    }
}

fn main() {}
