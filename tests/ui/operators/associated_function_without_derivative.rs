use ad::prelude::*;
struct Helper;
impl Helper {
    fn rescale(x: f64) -> f64 { 2.0 * x }
}
#[differentiable]
fn f(x: f64) -> f64 {
    Helper::rescale(x) * x
}
fn main() {}
