use ad::prelude::*;

#[derive(Differentiable, Clone, Copy, Debug)]
enum Pair<T> {
    Both(T, T),
    One(T),
}

#[differentiable]
fn f(x: f64, y: f64) -> f64 {
    let mut total = 0.0;
    for k in 0..3 {
        let p = Pair::Both(x * k as f64, y);
        total += match p {
            Pair::Both(a, b) => a * b,
            Pair::One(a) => a,
        };
    }
    total
}

fn main() {
    println!("{:?}", gradient!(at: 1.0, 2.0, of: f));
}
