//! An impl in another file of the crate: the attribute reads this file, not the one the
//! module is declared in.

use ad::prelude::*;

#[derive(Clone, Copy, Debug, Differentiable)]
pub struct Cell2 {
    pub a: f64,
    pub b: f64,
}

impl Cell2 {
    #[differentiable]
    pub fn at(a: f64, b: f64) -> Cell2 {
        Cell2 { a, b }
    }

    #[differentiable]
    pub fn dot(u: Cell2, w: Cell2) -> f64 {
        u.a * w.a + u.b * w.b.sin()
    }

    #[differentiable]
    pub fn energy(&self) -> f64 {
        self.a.exp() * self.b
    }
}
