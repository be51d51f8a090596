use ad::prelude::*;

// A trait with a lifetime parameter cannot be marked yet (one with type parameters can).
#[differentiable]
trait Energy<'a> {
    fn energy(&self, x: &'a [f64]) -> f64;
}

fn main() {}
