use ad::prelude::*;

#[differentiable]
pub fn fabs(x: f64) -> f64 {
    f64::from_bits(x.to_bits() & !(1u64 << 63))
}

fn main() {
    println!("{}", gradient!(at: -2.0, of: fabs));
}
