use ad::prelude::*;

fn f(x: f64, y: f64) -> f64 {
    x * y
}

#[derivative(of = f)]
fn f_vjp(x: f64, y: f64) -> (f64, impl Fn(f64) -> f64) {
    (f(x, y), move |d| d * y)
}

fn main() {}
