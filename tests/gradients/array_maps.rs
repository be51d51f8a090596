//! `a.mapv(|v| ..)` whose closure reads differentiated locals of the function: the body is
//! applied to the whole array, so derivatives reach what it captured. Gradients against
//! central differences of the original function (forward mode against reverse mode through
//! the suite's operators), Hessians with `check_gradient!`'s second order.

use crate::{assert_close, assert_grad_fd};
use ad::ndarray::Array1;
use ad::prelude::*;
// The suite's operators, which also check forward mode against reverse mode.
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};

/// A softmax-free "attention" score: the elements scaled and shifted by statistics of the
/// array itself, through closures that read them.
#[differentiable]
fn scaled_and_shifted(x: Array1<f64>) -> f64 {
    let mean = x.sum() / x.len() as f64;
    let scale = x.mapv(|v| v * v).sum().sqrt();
    let centred = x.mapv(|v| (v - mean) / scale);
    let waves = centred.mapv(|v: f64| (v * scale).sin() + (v - mean).powi(2) * 0.5);
    waves.sum()
        + centred
            .mapv(|v| 2.0 - v * (mean as f64) + scale.exp())
            .sum()
}

/// `x.mapv(|v| (v * s).sin())` with `s` a parameter.
#[differentiable]
fn sines(x: Array1<f64>, s: f64) -> f64 {
    x.mapv(|v| (v * s).sin()).sum()
}

#[test]
fn closures_reading_statistics_of_the_array() {
    for x in [vec![0.3, -0.5, 0.9], vec![1.2, 0.4, -0.7, 0.25]] {
        let x = Array1::from(x);
        let dx = gradient!(at: x.clone(), of: scaled_and_shifted);
        let at = |p: &[f64]| scaled_and_shifted(Array1::from(p.to_vec()));
        assert_grad_fd(at, x.as_slice().unwrap(), dx.as_slice().unwrap());
        if let Err(error) = check_gradient!(at: x.clone(), of: scaled_and_shifted, second_order) {
            panic!("{error}");
        }
    }
}

#[test]
fn a_closure_reading_a_parameter() {
    // f = Σ sin(s xᵢ): ∂s = Σ xᵢ cos(s xᵢ), ∂xᵢ = s cos(s xᵢ)
    let x = Array1::from(vec![0.3, -0.5, 0.9]);
    let s = 0.7;
    let (dx, ds) = gradient!(at: x.clone(), s, of: sines);
    assert_close(ds, x.iter().map(|v| v * (s * v).cos()).sum());
    for (d, v) in dx.iter().zip(&x) {
        assert_close(*d, s * (s * v).cos());
    }
    let d2 = differentiate!(at: s, of: |s: f64| sines(x.clone(), s));
    assert_close(d2, ds);
}
