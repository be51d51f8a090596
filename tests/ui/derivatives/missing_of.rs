use ad::prelude::*;

fn f(x: f64) -> f64 {
    x
}

#[derivative(wrt = x)]
fn f_vjp(x: f64) -> (f64, impl Fn(f64) -> f64) {
    (f(x), |d| d)
}

fn main() {}
