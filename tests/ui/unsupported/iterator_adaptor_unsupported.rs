use ad::prelude::*;

#[differentiable]
fn traced(xs: &[f64], s: f64) -> f64 {
    // `inspect` is not an adaptor a differentiated chain takes.
    xs.iter().map(|x| x * s).inspect(|x| println!("{x}")).sum()
}

fn main() {}
