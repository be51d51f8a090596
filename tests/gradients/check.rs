//! `check_gradient!`: it passes on correct derivatives of every argument kind the operators
//! take, and fails, naming the component, on wrong ones: a registered pullback with a wrong
//! factor, checked as the registered function itself and through code that calls it, a
//! forward registration inconsistent with the reverse one, and errors it must not miss (one
//! wrong component among a hundred, a relative error of 1e-5). The sweep over `ad-std`'s float
//! methods and operators checks every rule in both modes against differences.

use ad::check::{Failure, GradientCheckError, Options, check_function};
use ad::ndarray::{Array1, Array2, array};
use ad::prelude::*;

/// Unwraps a check, printing the error's message if it failed.
#[track_caller]
fn passes<T: std::fmt::Display>(result: Result<T, GradientCheckError>) -> T {
    match result {
        Ok(report) => report,
        Err(error) => panic!("{error}"),
    }
}

/// The error of a check that must fail.
#[track_caller]
fn fails<T: std::fmt::Debug>(result: Result<T, GradientCheckError>) -> GradientCheckError {
    match result {
        Ok(report) => panic!("the check passed: {report:?}"),
        Err(error) => error,
    }
}

// Correct functions of each argument kind.

#[differentiable]
fn scalars(x: f64, y: f64) -> f64 {
    x.sin() * y + (x / y).exp()
}

#[differentiable]
fn scalars_f32(x: f32, y: f32) -> f32 {
    (x * y).sin() + x.exp() / y
}

#[test]
fn scalars_pass() {
    let report = passes(check_gradient!(at: 0.3, 1.7, of: scalars));
    assert_eq!((report.inputs, report.outputs), (2, 1));
    assert_eq!(report.components, 2);
    assert!(report.worst <= 1.0);
    passes(check_gradient!(at: 0.3f32, 1.5f32, of: scalars_f32));
    // Literals, closures with and without types, a captured constant.
    passes(check_gradient!(at: 4.0, of: |x| x * x * x));
    let k = 2.5;
    passes(check_gradient!(at: 0.4, of: |x: f64| (k * x).cos() * x));
    // Large and small points: the steps are relative to the components.
    passes(check_gradient!(at: 3e7, 1e-6, of: |x: f64, y: f64| x * x * y + x.sqrt()));
}

#[differentiable]
fn slice_fn(x: &[f64]) -> f64 {
    x[0] * x[1].sin() + x[2].powi(3) / x[0]
}

#[differentiable]
fn vec_fn(v: Vec<f64>, scale: f64) -> f64 {
    let mut s = 0.0;
    for x in v.iter() {
        s += (scale * x).tanh();
    }
    s
}

#[test]
fn slices_and_vecs_pass() {
    let xs = vec![1.5, -0.3, 0.8];
    let report = passes(check_gradient!(at: &xs, of: slice_fn));
    assert_eq!(report.inputs, 3);
    passes(check_gradient!(at: &xs[..], of: slice_fn));
    passes(check_gradient!(at: xs.clone(), 0.7, of: vec_fn));
    passes(check_gradient!(at: [1.0, 2.0], of: |p: [f64; 2]| p[0] * p[1].exp()));
}

#[differentiable(wrt = (w, b))]
fn layer(w: &Array2<f64>, b: &Array1<f64>, x: &Array1<f64>) -> f64 {
    let z = w.dot(x) + b;
    z.mapv(|v| v.tanh()).sum()
}

#[test]
fn ndarray_arrays_pass() {
    let w = array![[0.1, -0.2, 0.3], [0.3, 0.05, -0.1]];
    let b = array![0.0, 0.1];
    let x = array![1.0, 2.0, -1.0];
    // `x` is outside `wrt`: a constant, which the check leaves where it is.
    let report = passes(check_gradient!(at: &w, &b, &x, of: layer));
    assert_eq!(report.inputs, 8);
    passes(check_gradient!(at: &w, of: |w| layer(w, &b, &x)));
    // A hundred components: three random directions and 32 components on their own.
    let m = Array2::from_shape_fn((10, 10), |(i, j)| ((i * 10 + j) as f64 * 0.37).sin());
    let v = Array1::from_shape_fn(10, |i| i as f64 * 0.1);
    let report =
        passes(check_gradient!(at: &m, of: |m: &Array2<f64>| m.dot(&v).mapv(f64::sin).sum()));
    assert_eq!((report.inputs, report.components), (100, 32));
}

#[differentiable]
fn tuple_fn(p: (f64, f64), n: i32) -> f64 {
    p.0.powi(n) * p.1.cos()
}

#[derive(Differentiable, Clone, Debug)]
pub struct Ball {
    pub height: f64,
    pub velocity: f64,
    pub bounces: u32,
}

impl Ball {
    #[differentiable]
    pub fn energy(&self, g: f64) -> f64 {
        0.5 * self.velocity * self.velocity + g * self.height * self.velocity.cos()
    }
}

#[test]
fn tuples_structs_and_methods_pass() {
    // The integer `3` is a constant.
    let report = passes(check_gradient!(at: (0.7, 1.2), 3, of: tuple_fn));
    assert_eq!(report.inputs, 2);
    let ball = Ball {
        height: 2.0,
        velocity: -3.0,
        bounces: 1,
    };
    let report = passes(check_gradient!(at: &ball, 9.81, of: Ball::energy));
    assert_eq!(report.inputs, 3);
    passes(check_gradient!(at: ball, of: |b: Ball| b.energy(1.5)));
}

#[differentiable]
fn to_polar(p: &[f64]) -> Vec<f64> {
    vec![p[0].hypot(p[1]), p[1].atan2(p[0])]
}

#[test]
fn vector_valued_functions_pass() {
    let report = passes(check_gradient!(at: &vec![2.0, 0.5], of: to_polar));
    assert_eq!(report.outputs, 2);
    passes(check_gradient!(at: 0.3, of: |t: f64| (t.cos(), t.sin() * t)));
}

#[test]
fn function_values_pass() {
    let k = 3.0;
    let f = function!(|x: f64| (k * x).sin() * x);
    let report = passes(check_function(&f, 0.4));
    assert_eq!(report.function, "function value");
}

#[differentiable]
fn rosenbrock(p: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..p.len() - 1 {
        s += 100.0 * (p[i + 1] - p[i] * p[i]).powi(2) + (1.0 - p[i]).powi(2);
    }
    s
}

#[test]
fn second_order_compares_the_hessian() {
    let report = passes(check_gradient!(at: &vec![1.2, 0.7, -0.3], of: rosenbrock, second_order));
    assert_eq!(report.hessian_directions, 3);
    passes(check_gradient!(at: 0.7, of: |x: f64| x.sin() * x.exp() + x.atan(), second_order));
    let options = Options {
        directions: 5,
        ..Options::default()
    };
    let report = passes(check_gradient!(
        at: array![0.7, 0.3],
        of: |p: Array1<f64>| p[0].hypot(p[1]) * p[0].powf(p[1]),
        with: &options,
        second_order
    ));
    assert_eq!(report.hessian_directions, 5);
    passes(check_gradient!(at: [0.4, 2.0], of: |p: [f64; 2]| (p[0] * p[1]).tanh(), second_order));
}

// Wrong registrations.

fn bump(x: f64, y: f64) -> f64 {
    x * y.sin()
}

/// The derivative in `y` is off by a factor 2.
#[derivative(of = bump)]
fn bump_vjp(x: f64, y: f64) -> (f64, impl Fn(f64) -> (f64, f64)) {
    (bump(x, y), move |d| (d * y.sin(), 2.0 * d * x * y.cos()))
}

#[differentiable]
fn calls_bump(a: f64, b: f64) -> f64 {
    bump(a * a, b + 1.0).exp() + a
}

#[test]
fn a_wrong_pullback_is_caught_at_the_registered_function() {
    let error = fails(check_gradient!(at: 0.7, 0.4, of: bump));
    // Forward mode is derived from the pullback: both modes agree on the wrong value.
    assert_eq!(error.failure, Failure::DifferencesDisagree);
    let component = error.component.clone().expect("a component");
    assert_eq!((component.argument, component.name.as_str()), (1, "0.4"));
    let want = 0.7 * 0.4f64.cos();
    assert!((error.reverse - 2.0 * want).abs() < 1e-12);
    assert!((error.forward - 2.0 * want).abs() < 1e-12);
    assert!((error.differences - want).abs() < 1e-8);
    assert!(error.tolerance < 1e-6);
}

#[test]
fn a_wrong_pullback_is_caught_through_a_caller() {
    let error = fails(check_gradient!(at: 0.6, -0.2, of: calls_bump));
    assert_eq!(error.failure, Failure::DifferencesDisagree);
    assert_eq!(error.component.expect("a component").argument, 1);
    // And through a closure that calls it.
    let error = fails(check_gradient!(at: 0.5, of: |t: f64| bump(1.0, t) * t));
    assert_eq!(error.failure, Failure::DifferencesDisagree);
}

#[test]
fn the_message_names_the_component_the_values_and_the_tolerance() {
    let (x, y) = (0.7, 0.4);
    let error = fails(check_gradient!(at: x, y, of: bump));
    let message = error.to_string();
    for part in [
        "`bump`",
        "at `y` (argument 2)",
        "reverse mode:",
        "forward mode:",
        "central differences:",
        "tolerance:",
        "registration",
    ] {
        assert!(message.contains(part), "{part:?} is not in:\n{message}");
    }
    // `Debug` is the message too, for `unwrap` and `{:?}` in assertions.
    assert_eq!(format!("{error:?}"), message);
    assert!(
        message.contains(&(2.0 * x * y.cos()).to_string()),
        "{message}"
    );
}

fn cube(x: f64) -> f64 {
    x * x * x
}

/// The forward registration is right, the reverse one wrong: the modes disagree.
#[derivative(of = cube, forward = cube_jvp)]
fn cube_vjp(x: f64) -> (f64, impl Fn(f64) -> f64) {
    (cube(x), move |d| 3.0 * x * d)
}

fn cube_jvp(x: f64) -> (f64, impl Fn(f64) -> f64) {
    (cube(x), move |t| 3.0 * x * x * t)
}

#[test]
fn modes_that_disagree_are_caught() {
    let error = fails(check_gradient!(at: 1.5, of: cube));
    assert_eq!(error.failure, Failure::ModesDisagree);
    assert_eq!((error.reverse, error.forward), (4.5, 6.75));
    assert!(
        error
            .to_string()
            .contains("forward mode agrees with central differences")
    );
}

fn spread(x: f32) -> f32 {
    x.exp()
}

/// A forward registration on `f32` with a wrong sign.
#[derivative(of = spread, forward)]
fn spread_jvp(x: f32) -> (f32, impl Fn(f32) -> f32) {
    (spread(x), move |t| -x.exp() * t)
}

#[test]
fn a_wrong_f32_registration_is_caught() {
    let error = fails(check_gradient!(at: 0.5f32, of: |x: f32| spread(x) * 2.0));
    assert_eq!(error.failure, Failure::DifferencesDisagree);
}

// The check cannot pass vacuously.

fn sum_of_squares(x: &[f64]) -> f64 {
    x.iter().map(|v| v * v).sum()
}

/// Right everywhere except component 57.
#[derivative(of = sum_of_squares)]
fn sum_of_squares_vjp(x: &[f64]) -> (f64, impl Fn(f64) -> Vec<f64>) {
    let x = x.to_vec();
    let value = sum_of_squares(&x);
    (value, move |d| {
        let factor = |i| if i == 57 { 2.5 } else { 2.0 };
        x.iter()
            .enumerate()
            .map(|(i, v)| factor(i) * d * v)
            .collect()
    })
}

#[test]
fn one_wrong_component_among_a_hundred_is_found() {
    let xs: Vec<f64> = (0..100).map(|i| (i as f64 * 0.7).cos()).collect();
    // Only 32 components are checked on their own, but the random directions see component 57,
    // and then every component is compared to name it.
    let error = fails(check_gradient!(at: &xs, of: sum_of_squares));
    let component = error.component.clone().expect("a component");
    assert_eq!((component.index, component.len), (57, 100));
    assert!(error.to_string().contains("`&xs`[57]"), "{error}");
}

fn almost(x: f64) -> f64 {
    x.sin()
}

/// Off by a relative 1e-5.
#[derivative(of = almost)]
fn almost_vjp(x: f64) -> (f64, impl Fn(f64) -> f64) {
    (almost(x), move |d| d * x.cos() * (1.0 + 1e-5))
}

#[test]
fn small_errors_are_caught() {
    let error = fails(check_gradient!(at: 0.8, of: almost));
    assert_eq!(error.failure, Failure::DifferencesDisagree);
    // A looser tolerance lets it pass, as it should.
    let loose = Options {
        tolerance: Some(1e-4),
        ..Options::default()
    };
    passes(check_gradient!(at: 0.8, of: almost, with: &loose));
}

#[test]
fn nothing_to_compare_is_an_error() {
    // Every argument is a constant.
    let error = fails(check_gradient!(at: 3, of: |n: i32| n as f64));
    assert_eq!(error.failure, Failure::NothingToCheck);
    // A value that is not finite.
    let error = fails(check_gradient!(at: -1.0, of: |x: f64| x.ln()));
    assert_eq!(error.failure, Failure::NotFinite);
}

#[test]
fn options_choose_the_directions() {
    let options = Options {
        seed: 7,
        directions: 10,
        components: 1,
        ..Options::default()
    };
    let report = passes(check_gradient!(at: 0.3, 1.7, of: scalars, with: options.clone()));
    assert_eq!(
        (report.directions, report.components, report.seed),
        (10, 1, 7)
    );
    // The same seed gives the same comparisons.
    let again = passes(check_gradient!(at: 0.3, 1.7, of: scalars, with: options));
    assert_eq!(report, again);
}

// Every float method and operator of `ad-std`, checked in both modes against differences at
// points where it is differentiable.

#[test]
fn float_methods_pass() {
    for x in [-1.3, -0.4, 0.2, 0.9, 2.1] {
        passes(check_gradient!(at: x, of: |x: f64| x.sin()));
        passes(check_gradient!(at: x, of: |x: f64| x.cos()));
        passes(check_gradient!(at: x, of: |x: f64| x.tan()));
        passes(check_gradient!(at: x, of: |x: f64| x.atan()));
        passes(check_gradient!(at: x, of: |x: f64| x.sinh()));
        passes(check_gradient!(at: x, of: |x: f64| x.cosh()));
        passes(check_gradient!(at: x, of: |x: f64| x.tanh()));
        passes(check_gradient!(at: x, of: |x: f64| x.asinh()));
        passes(check_gradient!(at: x, of: |x: f64| x.exp()));
        passes(check_gradient!(at: x, of: |x: f64| x.exp2()));
        passes(check_gradient!(at: x, of: |x: f64| x.exp_m1()));
        passes(check_gradient!(at: x, of: |x: f64| x.cbrt()));
        passes(check_gradient!(at: x, of: |x: f64| x.abs()));
        passes(check_gradient!(at: x, of: |x: f64| x.signum() * x));
        passes(check_gradient!(at: x, of: |x: f64| x.recip()));
        passes(check_gradient!(at: x, of: |x: f64| x.powi(3) + x.powi(-2)));
        passes(check_gradient!(at: x, of: |x: f64| x.clamp(-1.0, 1.0)));
        passes(check_gradient!(at: x, of: |x: f64| -x * 3.0 - x / 2.0 + 1.0 - x));
    }
    for x in [0.1, 0.6, 1.7, 40.0] {
        passes(check_gradient!(at: x, of: |x: f64| x.ln()));
        passes(check_gradient!(at: x, of: |x: f64| x.ln_1p()));
        passes(check_gradient!(at: x, of: |x: f64| x.log(3.0)));
        passes(check_gradient!(at: x, of: |x: f64| x.log2() + x.log10()));
        passes(check_gradient!(at: x, of: |x: f64| x.sqrt()));
        passes(check_gradient!(at: x, of: |x: f64| x.powf(1.7)));
        passes(check_gradient!(at: x + 1.0, of: |x: f64| x.acosh()));
    }
    for x in [-0.8, -0.1, 0.3, 0.7] {
        passes(check_gradient!(at: x, of: |x: f64| x.asin()));
        passes(check_gradient!(at: x, of: |x: f64| x.acos()));
        passes(check_gradient!(at: x, of: |x: f64| x.atanh()));
    }
}

#[test]
fn binary_methods_and_operators_pass() {
    let points = [(0.4, 1.3), (-1.2, 0.7), (2.5, -0.6), (0.9, 3.0)];
    for (x, y) in points {
        passes(check_gradient!(at: x, y, of: |x: f64, y: f64| x.atan2(y)));
        passes(check_gradient!(at: x, y, of: |x: f64, y: f64| x.hypot(y)));
        passes(check_gradient!(at: x, y, of: |x: f64, y: f64| x.max(y) + x.min(y) * 2.0));
        passes(check_gradient!(at: x, y, of: |x: f64, y: f64| x.copysign(y)));
        passes(check_gradient!(at: x, y, of: |x: f64, y: f64| x.mul_add(y, x * y)));
        passes(check_gradient!(at: x, y, of: |x: f64, y: f64| x + y - x * y + x / y));
        passes(check_gradient!(at: x.abs(), y, of: |x: f64, y: f64| x.powf(y)));
    }
}

#[test]
fn f32_methods_pass() {
    for x in [0.2f32, 0.9, 1.6] {
        passes(check_gradient!(at: x, of: |x: f32| x.sin() * x.exp() + x.sqrt() / x.cosh()));
        passes(check_gradient!(at: x, 0.5f32, of: |x: f32, y: f32| x.atan2(y) * x.powf(y)));
    }
}
