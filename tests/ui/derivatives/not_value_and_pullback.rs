use ad::prelude::*;

fn f(x: f64) -> f64 {
    x
}

#[derivative(of = f)]
fn f_vjp(x: f64) -> f64 {
    x
}

fn main() {}
