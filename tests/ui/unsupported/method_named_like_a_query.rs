// A method of the user's named like a query of length (`len`) that returns a float: read as
// a query, its derivative would be lost, so the call is an error that says what to write.
use ad::prelude::*;

#[derive(Differentiable, Clone, Copy)]
pub struct V2 {
    pub x: f64,
    pub y: f64,
}

#[differentiable]
impl V2 {
    pub fn len(self) -> f64 {
        (self.x * self.x + self.y * self.y).sqrt()
    }
}

#[differentiable]
fn stretch(v: V2) -> f64 {
    (v.len() - 1.0).powi(2)
}

fn main() {}
