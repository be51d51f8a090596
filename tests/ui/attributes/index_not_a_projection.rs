// `#[differentiable]` on `index` of an `Index` impl whose body does not return a field of
// `self` on every path (a reference to a constant here): the error says what the attribute
// differentiates and what to write instead.
use ad::prelude::*;
use std::ops::Index;

#[derive(Clone, Copy, Debug, Differentiable)]
struct Padded {
    x: f64,
}

static ZERO: f64 = 0.0;

impl Index<usize> for Padded {
    type Output = f64;

    #[differentiable]
    fn index(&self, i: usize) -> &f64 {
        if i == 0 { &self.x } else { &ZERO }
    }
}

fn main() {
    let p = Padded { x: 1.0 };
    println!("{}", p[1]);
}
