use ad::prelude::*;

fn scale(x: f64) -> f64 {
    2.0 * x
}

// One parameter too many: `scale` takes one.
#[derivative(of = scale)]
fn scale_vjp(x: f64, factor: f64) -> (f64, impl Fn(f64) -> (f64, f64)) {
    (scale(x), move |d| (2.0 * d, d * factor))
}

fn main() {}
