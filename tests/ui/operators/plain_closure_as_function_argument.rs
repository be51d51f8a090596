use ad::prelude::*;

#[differentiable]
fn integrate<F: DifferentiableFn<f64, Output = f64>>(f: &F, a: f64, b: f64) -> f64 {
    0.5 * (f.call(a) + f.call(b)) * (b - a)
}

fn main() {
    // A plain closure has no derivatives: it must be wrapped in `function!`.
    let _ = integrate(&|x: f64| x.sin(), 0.0, 1.0);
}
