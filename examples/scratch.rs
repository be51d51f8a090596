use ad::prelude::*;

#[differentiable]
fn falls(w: f64) -> f64 {
    let mut y = 10.0;
    loop {
        y -= w;
        if y <= 0.0 {
            return y * y;
        }
    }
}

fn main() {
    println!("{:?}", gradient!(at: 3.0, of: falls));
}
