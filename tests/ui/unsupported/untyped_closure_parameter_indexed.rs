use ad::prelude::*;

#[differentiable]
fn euler_system(f: impl Fn([f64; 2]) -> [f64; 2], y0: [f64; 2], h: f64) -> [f64; 2] {
    let d = f(y0);
    [y0[0] + h * d[0], y0[1] + h * d[1]]
}

#[differentiable]
fn rotated(omega: f64, r: f64) -> f64 {
    // `y` has no type: the closure's derivatives take it to be an `f64`.
    let end = euler_system(|y| [-omega * y[1], omega * y[0]], [r, 0.0], 0.1);
    end[0]
}

fn main() {}
