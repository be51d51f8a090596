use ad::prelude::*;

fn main() {
    let g = gradient!(at: 0.5, of: |t: f64| {
        #[cfg(unix)]
        let c = t.sin();
        #[cfg(not(unix))]
        let c = t.cos();
        c
    });
    println!("{g}");
}
