use ad::prelude::*;

#[differentiable]
fn tuple_vec(x: f64) -> f64 {
    let (mut a, b) = (vec![x; 2], 2.0 * x);
    a[1] = a[0] * b;
    let (c, d) = (b, a[1]);
    let (c, d) = (d, c);
    a[0] * c + d
}

fn main() {
    println!("{:?}", gradient!(at: 1.5, of: tuple_vec));
}
