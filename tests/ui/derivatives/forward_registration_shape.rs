use ad::prelude::*;

fn f(x: f64) -> f64 {
    x * x
}

// A forward registration returns the value and a differential, not the tangent alone.
#[derivative(of = f, forward)]
fn f_jvp(x: f64, dx: f64) -> f64 {
    2.0 * x * dx
}

fn main() {}
