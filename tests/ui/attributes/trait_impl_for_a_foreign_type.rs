// `#[differentiable]` on a method of a trait impl for a type of another crate (`f64`): the
// derivatives are items of the self type, which Rust lets a crate write only for its own
// types, so the error says to implement the trait for a type of the crate holding it.
use ad::prelude::*;

#[differentiable]
trait Potential {
    fn energy(&self, x: f64) -> f64;
}

impl Potential for f64 {
    #[differentiable]
    fn energy(&self, x: f64) -> f64 {
        self * x * x
    }
}

fn main() {
    println!("{}", 2.0f64.energy(1.5));
}
