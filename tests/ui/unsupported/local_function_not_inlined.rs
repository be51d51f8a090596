// A function declared inside a differentiable function is differentiated by inlining it at
// each call; a recursive one cannot be, and the error says to declare it outside.
use ad::prelude::*;

#[differentiable]
fn series(x: f64) -> f64 {
    fn terms(x: f64, n: usize) -> f64 {
        if n == 0 { 1.0 } else { 1.0 + x * terms(x, n - 1) }
    }
    terms(x, 4)
}

fn main() {
    let _ = gradient!(at: 0.5, of: series);
}
