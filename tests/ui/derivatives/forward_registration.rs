use ad::prelude::*;

fn f(x: f64) -> f64 {
    x * x
}

#[derivative(of = f, forward)]
fn f_jvp(x: f64) -> (f64, impl Fn(f64) -> f64) {
    (f(x), move |dx| 2.0 * x * dx)
}

fn main() {}
