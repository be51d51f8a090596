// A method of the user's named like a float's rounding (`floor`) on a type of theirs: read as
// a rounding, its derivative would be lost, so the call is an error that says what to write.
use ad::prelude::*;

#[derive(Differentiable, Clone, Copy)]
pub struct Cell {
    pub lo: f64,
    pub hi: f64,
}

#[differentiable]
impl Cell {
    pub fn floor(self) -> f64 {
        self.lo * 2.0
    }
}

#[differentiable]
fn bottom(c: Cell) -> f64 {
    c.floor() + c.hi
}

fn main() {}
