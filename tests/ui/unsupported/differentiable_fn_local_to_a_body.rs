use ad::prelude::*;

fn main() {
    fn helper(x: f64) -> f64 {
        x + 1.0
    }
    #[differentiable]
    fn inner(x: f64) -> f64 {
        helper(x) * x
    }
    println!("{}", gradient!(at: 2.0, of: inner));
}
