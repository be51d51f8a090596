use ad::prelude::*;
use std::ops::BitXor;

#[derive(Differentiable, Clone, Copy, Debug)]
pub struct Mask {
    pub x: f64,
}

impl BitXor for Mask {
    type Output = Mask;
    fn bitxor(self, other: Mask) -> Mask {
        Mask { x: f64::from_bits(self.x.to_bits() ^ other.x.to_bits()) }
    }
}

#[differentiable]
fn f(a: Mask, b: Mask) -> f64 {
    let c = a ^ b;
    c.x * 2.0
}

fn main() {
    println!("{:?}", gradient!(at: Mask { x: 1.0 }, Mask { x: 2.0 }, of: f));
}
