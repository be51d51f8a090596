use ad::ndarray::{Array1, Axis};
use ad::prelude::*;
pub fn glue(axis: Axis, parts: &[Array1<f64>; 2]) -> Option<Array1<f64>> {
    let _ = axis;
    Some(parts[0].clone() + &parts[1])
}
#[derivative(of = glue, wrt = (parts))]
fn glue_vjp(
    axis: Axis,
    parts: &[Array1<f64>; 2],
) -> (
    Option<Array1<f64>>,
    impl Fn(Option<Array1<f64>>) -> [Array1<f64>; 2],
) {
    let _ = axis;
    (glue(axis, parts), move |d: Option<Array1<f64>>| {
        let d = d.unwrap();
        [d.clone(), d]
    })
}
fn main() {}
