use ad::ndarray::{Array3, Axis};
use ad::prelude::*;

#[differentiable]
fn lane_sums(c: Array3<f64>) -> f64 {
    // Lanes are differentiated for matrices only.
    c.map_axis(Axis(2), |lane| lane.sum()).sum()
}

fn main() {}
