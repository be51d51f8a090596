use ad::prelude::*;

fn main() {
    let _ = gradient!(at: 1.0, 2.0, of: |x: f64| x * x);
}
