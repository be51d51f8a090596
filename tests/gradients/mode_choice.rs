//! `gradient!` and `value_with_gradient!` of one visibly scalar argument run forward mode;
//! everything else runs reverse mode. Both are checked against closed forms, and a function
//! whose two registered rules disagree on purpose shows which mode ran.

use ad::prelude::*;

/// `x^n` by repeated multiplication: a loop, which forward mode runs without a tape.
#[differentiable(wrt = x)]
fn power(x: f64, n: usize) -> f64 {
    let mut r = 1.0;
    for _ in 0..n {
        r *= x;
    }
    r
}

#[test]
fn a_typed_scalar_closure_gives_the_closed_form() {
    let (x, n) = (1.3_f64, 7);
    let (value, dx) = value_with_gradient!(at: x, of: |x: f64| power(x, n));
    assert!((value - x.powi(7)).abs() < 1e-12);
    assert!((dx - 7.0 * x.powi(6)).abs() < 1e-12);
    let dx = gradient!(at: x, of: |x: f64| power(x, n));
    assert!((dx - 7.0 * x.powi(6)).abs() < 1e-12);
}

#[test]
fn a_float_literal_or_cast_argument_of_a_path_gives_the_closed_form() {
    let (value, dx) = value_with_gradient!(at: 2.0, of: twice_sin);
    assert!((value - 2.0 * 2.0_f64.sin()).abs() < 1e-15);
    assert!((dx - 2.0 * 2.0_f64.cos()).abs() < 1e-15);
    let k = 3_i32;
    let dx = gradient!(at: k as f64, of: twice_sin);
    assert!((dx - 2.0 * 3.0_f64.cos()).abs() < 1e-15);
}

#[differentiable]
fn twice_sin(x: f64) -> f64 {
    2.0 * x.sin()
}

/// A function whose registered rules disagree on purpose: the forward rule says 1, the
/// reverse rule says 2. (Never do this outside a test.)
fn marked(x: f64) -> f64 {
    x
}

#[derivative(of = marked, forward = marked_jvp)]
fn marked_vjp(x: f64) -> (f64, impl Fn(f64) -> f64) {
    (x, |d| 2.0 * d)
}

fn marked_jvp(x: f64) -> (f64, impl Fn(f64) -> f64) {
    (x, |t| t)
}

#[test]
fn the_mode_is_forward_for_a_visible_scalar_and_reverse_otherwise() {
    let x: f64 = 0.5;
    // Forward: a typed closure parameter, a float literal, a cast.
    assert_eq!(gradient!(at: x, of: |x: f64| marked(x)), 1.0);
    assert_eq!(gradient!(at: 0.5, of: marked), 1.0);
    assert_eq!(value_with_gradient!(at: 1 as f64, of: marked), (1.0, 1.0));
    // Reverse: a variable given to a path (its type is not visible to a macro), and the
    // pullback operators.
    assert_eq!(gradient!(at: x, of: marked), 2.0);
    assert_eq!(pullback!(at: 0.5, of: marked)(1.0), 2.0);
    let (_, pullback) = value_with_pullback!(at: 0.5, of: |x: f64| marked(x));
    assert_eq!(pullback(1.0), 2.0);
}

#[test]
fn an_f32_argument_of_an_f64_function_gets_an_f32_gradient() {
    let dx: f32 = gradient!(at: 2.0f32, of: |x: f32| (x as f64).powi(2));
    assert!((dx - 4.0).abs() < 1e-6);
}
