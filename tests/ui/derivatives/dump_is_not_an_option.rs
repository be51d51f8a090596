use ad::prelude::*;

fn f(x: f64) -> f64 {
    x * x
}

#[derivative(of = f, dump)]
fn f_vjp(x: f64) -> (f64, impl Fn(f64) -> f64) {
    (f(x), move |d| 2.0 * x * d)
}

fn main() {}
