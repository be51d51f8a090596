use ad::prelude::*;

#[differentiable]
fn f(x: f64) -> f64 {
    let mut total = 0.0;
    for k in 0..4 {
        total += 2.0 * (if k == 1 { continue } else { x * k as f64 }).sin();
    }
    total
}

fn main() {
    println!("{}", gradient!(at: 1.0, of: f));
}
