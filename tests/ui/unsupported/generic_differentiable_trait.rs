use ad::prelude::*;

// A trait with type parameters cannot be marked yet.
#[differentiable]
trait Energy<T> {
    fn energy(&self, x: T) -> f64;
}

fn main() {}
