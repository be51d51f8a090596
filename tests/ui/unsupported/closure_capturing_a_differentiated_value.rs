use ad::prelude::*;

#[differentiable]
fn integrate(f: impl Fn(f64) -> f64, a: f64, b: f64) -> f64 {
    0.5 * (b - a) * (f(a) + f(b))
}

#[differentiable]
fn g(k: f64) -> f64 {
    // `k` is differentiated, but the closure would hold it as a constant.
    integrate(|t| (k * t).sin(), 0.0, 1.0)
}

fn main() {}
