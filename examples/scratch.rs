use ad::prelude::*;

#[differentiable]
fn range_fill(x: f64, n: usize) -> f64 {
    let mut v = vec![x; 4];
    v[..n].fill(0.0);
    v[2..].fill(x * x);
    v[0] + v[1] + v[2] + v[3]
}

#[differentiable]
fn fill_param(yf: &mut [f64], x: f64) {
    yf[1..].fill(x);
    yf[0] = yf[0] * x;
}

fn main() {
    println!("{:?}", gradient!(at: 1.5, 1, of: range_fill));
    println!(
        "{:?}",
        gradient!(at: 1.5, of: |x: f64| { let mut y = vec![2.0, 1.0, 1.0]; fill_param(&mut y, x); y[0] + y[1] * y[2] })
    );
}
