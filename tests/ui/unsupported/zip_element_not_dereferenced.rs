use ad::ndarray::{Array1, Zip};
use ad::prelude::*;

fn set(o: &mut f64, x: f64) {
    *o = x;
}

#[differentiable]
fn copied(a: Array1<f64>) -> f64 {
    let mut out = Array1::<f64>::zeros(a.len());
    // The written element is replaced by the array's element: only `*o` can be.
    Zip::from(&mut out).and(&a).for_each(|o, &x| set(o, x * 2.0));
    out.sum()
}

fn main() {}
