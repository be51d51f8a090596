use ad::prelude::*;

#[differentiable]
pub fn reinterpreted(x: f64) -> f64 {
    let bits: u64 = unsafe { std::mem::transmute(x) };
    let y: f64 = unsafe { std::mem::transmute(bits & !(1u64 << 63)) };
    y * 2.0
}

fn main() {
    println!("{}", gradient!(at: -2.0, of: reinterpreted));
}
