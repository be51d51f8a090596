use ad::prelude::*;

#[differentiable]
fn cubed(x: f64) -> f64 {
    x * x * x
}

fn helper_plain(z: f64) -> f64 {
    z * 2.0
}

#[differentiable]
fn helper(z: f64) -> f64 {
    helper_plain(no_grad(z)) + z.sin()
}

#[differentiable(wrt = (x, y))]
fn f(x: f64, y: f64, scale: i32) -> f64 {
    let mut z = x * y.sin();
    z += (x / y).exp() * scale as f64;
    helper(z).powi(2) - z.ln()
}

#[test]
fn smoke() {
    assert_eq!(gradient!(at: 4.0, of: cubed), 48.0);
    assert_eq!(gradient!(at: 4.0, of: |x| x * x * x), 48.0);
    assert_eq!(gradient!(at: 0.0, of: |x| x.sin()), 1.0);
    let (v, (dx, dy)) = value_with_gradient!(at: 1.5, 0.7, of: |x, y| f(x, y, 3));
    println!("{v} {dx} {dy}");
    let (v, pb) = value_with_pullback!(at: 2.0, of: cubed);
    assert_eq!(v, 8.0);
    assert_eq!(pb(1.0), 12.0);
}
