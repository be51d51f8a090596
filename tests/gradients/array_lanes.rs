//! Loops over the elements of arrays of any dimension (`for v in m.iter()`, `for v in &m`,
//! `m.iter().map(..).sum()`).

use crate::array_random::Random;
use crate::assert_grad_fd;
use ad::ndarray::{Array2, Axis};
use ad::prelude::*;
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};

#[differentiable]
fn elements(m: Array2<f64>) -> f64 {
    let mut s = 0.0;
    for v in m.iter() {
        s += v.sin() * v;
    }
    for &v in m.iter() {
        s = s * 0.5 + v * v;
    }
    for v in &m {
        s += v.exp();
    }
    let z = m.t().to_owned();
    for (k, v) in z.iter().enumerate() {
        s += v * k as f64;
    }
    s + m.iter().map(|v| v.tanh()).sum::<f64>()
}

#[test]
fn elements_of_a_matrix() {
    let mut random = Random(1);
    let m = random.matrix((2, 3), true);
    let dm = gradient!(at: m.clone(), of: elements);
    let at = |p: &[f64]| elements(Array2::from_shape_vec((2, 3), p.to_vec()).unwrap());
    assert_grad_fd(at, m.as_slice().unwrap(), dm.as_slice().unwrap());
    let _ = Axis(0);
}
