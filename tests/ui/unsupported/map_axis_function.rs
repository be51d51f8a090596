use ad::ndarray::{Array2, ArrayView1, Axis};
use ad::prelude::*;

fn lane_sum(lane: ArrayView1<f64>) -> f64 {
    lane.sum()
}

#[differentiable]
fn row_sums(m: Array2<f64>) -> f64 {
    // The lane's function must be a closure literal, lowered where it runs.
    m.map_axis(Axis(1), lane_sum).sum()
}

fn main() {}
