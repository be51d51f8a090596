use ad::prelude::*;

fn softplus(x: f64) -> f64 {
    x.exp().ln_1p()
}

// A typo in `of`: there is no function `softplu`.
#[derivative(of = softplu)]
fn softplus_vjp(x: f64) -> (f64, impl Fn(f64) -> f64) {
    let s = 1.0 / (1.0 + (-x).exp());
    (softplus(x), move |d| d * s)
}

fn main() {}
