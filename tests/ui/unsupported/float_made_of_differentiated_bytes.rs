use ad::prelude::*;

#[differentiable]
pub fn log1p_like(x: f64) -> f64 {
    let u = f64::from_ne_bytes((1.0 + x).to_ne_bytes());
    let c = (x - (u - 1.0)) / u;
    u.ln() + c
}

fn main() {
    println!("{}", gradient!(at: 1.5, of: log1p_like));
}
