use ad::prelude::*;

#[differentiable]
fn scaled_sum(xs: Vec<f64>, s: f64) -> f64 {
    let mut v = xs.clone();
    v.iter_mut().for_each(|x| *x = *x * s);
    v.iter().sum::<f64>()
}

fn main() {}
