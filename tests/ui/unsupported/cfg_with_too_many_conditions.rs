use ad::prelude::*;

#[differentiable]
fn f(x: f64) -> f64 {
    let y = x;
    #[cfg(unix)]
    let y = y * 2.0;
    #[cfg(windows)]
    let y = y * 3.0;
    #[cfg(any(target_os = "linux", target_os = "macos"))]
    let y = y * 5.0;
    #[cfg(all(unix, debug_assertions))]
    let y = y * 7.0;
    y
}

fn main() {
    println!("{}", f(1.0));
}
