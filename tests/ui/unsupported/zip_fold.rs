use ad::ndarray::{Array1, Zip};
use ad::prelude::*;

#[differentiable]
fn inner(a: Array1<f64>, b: Array1<f64>) -> f64 {
    // Only `map_collect` and `for_each` of a `Zip` are differentiated.
    Zip::from(&a).and(&b).fold(0.0, |acc, &x, &y| acc + x * y)
}

fn main() {}
