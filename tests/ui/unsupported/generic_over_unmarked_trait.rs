use ad::prelude::*;

// Generic code calls a trait's method through a type parameter: the trait must be marked
// `#[differentiable]` (and its impls), which the notes say.
trait Potential {
    fn energy(&self, x: f64) -> f64;
}

#[differentiable]
fn total<P: Potential>(p: &P, x: f64) -> f64 {
    p.energy(x) * 2.0
}

fn main() {}
