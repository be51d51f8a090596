use ad::prelude::*;

#[differentiable]
fn traced(xs: &[f64], s: f64) -> f64 {
    // `scan` is not an adaptor a differentiated chain takes.
    xs.iter().map(|x| x * s).scan(0.0, |acc, x| { *acc += x; Some(*acc) }).sum()
}

fn main() {}
