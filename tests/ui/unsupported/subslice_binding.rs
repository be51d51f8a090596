use ad::prelude::*;

// A subslice binding: the error says to bind elements or index the slice.
#[differentiable]
fn tail_sum(xs: &[f64], s: f64) -> f64 {
    match xs {
        [first, rest @ ..] => first * s + rest.len() as f64,
        [] => s,
    }
}

fn main() {}
