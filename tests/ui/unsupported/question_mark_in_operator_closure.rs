use ad::prelude::*;

fn main() {
    let g = gradient!(at: 2.0, of: |x: f64| {
        let half = if x > 0.0 { Some(x / 2.0) } else { None };
        half?.sin()
    });
    println!("{g}");
}
