//! More closures capturing differentiated values, as people write them: a prediction closure
//! reading the fields of a struct built from the parameters, called in a loop; a closure
//! rebuilt in each iteration of a loop around the value the loop carries; stored closures
//! called from the closures of `map` and `fold`; a closure capturing the root Newton's
//! method found, given to an integrator; a `move` closure owning a `Vec` built from the
//! parameter. Every mode against central differences, and closed forms
//! where the program is linear in what is differentiated.

use crate::assert_close;
use crate::common::every_mode::assert_every_mode;
use ad::prelude::*;
// The suite's operators, which also check forward mode against reverse mode.
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};

/// A line `y = a x + b`.
#[derive(Clone, Debug, Differentiable)]
struct Line {
    a: f64,
    b: f64,
}

/// The data of the least-squares fits below: `(x, y)` pairs.
const DATA: [(f64, f64); 4] = [(0.0, 0.3), (0.5, 1.1), (1.0, 1.4), (2.0, 3.2)];

/// The squared error of the line `(a, b)` on [`DATA`], through a closure reading the line's
/// fields, called in a loop.
#[differentiable]
fn squared_error(a: f64, b: f64) -> f64 {
    let line = Line { a, b };
    let predict = |x: f64| line.a * x + line.b;
    let mut total = 0.0;
    for i in 0..DATA.len() {
        let (x, y) = DATA[i];
        total += (predict(x) - y).powi(2);
    }
    total
}

#[test]
fn a_closure_reading_a_structs_fields_in_a_loop() {
    for (a, b) in [(1.2, 0.1), (-0.5, 2.0)] {
        assert_every_mode!(squared_error, a, b);
        // ∂a = Σ 2 r x, ∂b = Σ 2 r with the residuals r = a x + b − y.
        let (da, db) = gradient!(at: a, b, of: squared_error);
        let r = |x: f64, y: f64| a * x + b - y;
        assert_close(da, DATA.iter().map(|&(x, y)| 2.0 * r(x, y) * x).sum());
        assert_close(db, DATA.iter().map(|&(x, y)| 2.0 * r(x, y)).sum());
    }
}

/// A closure built anew in each iteration around the carried `y`, called twice there.
#[differentiable]
fn rebuilt_each_iteration(s: f64) -> f64 {
    let mut y = s;
    for k in 0..4 {
        let step = |t: f64| t * y + k as f64 * s;
        y = step(0.5) + step(y).sin();
    }
    y
}

#[test]
fn a_closure_rebuilt_in_each_iteration() {
    for s in [0.3, -0.8, 1.4] {
        assert_every_mode!(rebuilt_each_iteration, s);
    }
}

/// Stored closures called from adaptor closures: a distance of two arguments in `fold`, a
/// weight in `map`.
#[differentiable]
fn stored_closures_in_adaptors(s: f64, w: f64) -> f64 {
    let xs = vec![0.4, -0.2, 1.3, 0.9];
    let distance = |u: f64, v: f64| ((u - v) * w).powi(2);
    let weight = |u: f64| (u * s).exp();
    let spread = xs
        .iter()
        .zip(xs.iter().skip(1))
        .fold(0.0, |acc, (u, v)| acc + distance(*u, *v));
    let mass = xs.iter().map(|u| weight(*u) * w).sum::<f64>();
    spread + mass
}

#[test]
fn stored_closures_called_from_adaptor_closures() {
    let xs: [f64; 4] = [0.4, -0.2, 1.3, 0.9];
    for (s, w) in [(0.35, 0.8), (1.1, -0.6)] {
        assert_every_mode!(stored_closures_in_adaptors, s, w);
        // w² Σ (Δx)² + w Σ e^(s x).
        let (ds, dw) = gradient!(at: s, w, of: stored_closures_in_adaptors);
        let squares: f64 = xs.windows(2).map(|p| (p[0] - p[1]).powi(2)).sum();
        let masses: f64 = xs.iter().map(|x| (x * s).exp()).sum();
        assert_close(dw, 2.0 * w * squares + masses);
        assert_close(ds, w * xs.iter().map(|x| x * (x * s).exp()).sum::<f64>());
    }
}

/// `∫₀¹ e^(r t) dt` with `r = √s` found by Newton's method: a closure capturing the result
/// of a function that was given closures, itself given to a function.
#[differentiable]
fn captured_root(s: f64) -> f64 {
    let r = crate::values::newton(|x| x * x - s, |x| 2.0 * x, 1.0);
    crate::values::trapezoid(|t| (r * t).exp(), 0.0, 1.0)
}

#[test]
fn a_closure_capturing_a_root_given_to_an_integrator() {
    for s in [0.5, 2.0] {
        assert_every_mode!(captured_root, s);
        // Nearly (e^r − 1)/r, whose derivative in s is (e^r (r − 1) + 1)/r² · 1/(2r), up to
        // the trapezoid rule's error of order (1/64)².
        let r = s.sqrt();
        let want = (r.exp() * (r - 1.0) + 1.0) / (r * r) / (2.0 * r);
        let got = gradient!(at: s, of: captured_root);
        assert!((got - want).abs() < 1e-3, "{got} against {want}");
    }
}

/// A `move` closure owning a `Vec` of coefficients built from `s`, called at several points.
#[differentiable]
fn moved_coefficients(s: f64, x: f64) -> f64 {
    let c = vec![s, s * s, 0.5];
    let poly = move |t: f64| c[0] + c[1] * t + c[2] * t * t;
    poly(x) + poly(2.0 * x) * poly(1.0)
}

#[test]
fn a_move_closure_owning_a_vec() {
    for (s, x) in [(0.7, 0.3), (-1.2, 1.5)] {
        assert_every_mode!(moved_coefficients, s, x);
        // p(t) = s + s² t + t²/2.
        let p = |t: f64| s + s * s * t + 0.5 * t * t;
        let dp_ds = |t: f64| 1.0 + 2.0 * s * t;
        let dp_dt = |t: f64| s * s + t;
        let (ds, dx) = gradient!(at: s, x, of: moved_coefficients);
        assert_close(
            ds,
            dp_ds(x) + dp_ds(2.0 * x) * p(1.0) + p(2.0 * x) * dp_ds(1.0),
        );
        assert_close(dx, dp_dt(x) + 2.0 * dp_dt(2.0 * x) * p(1.0));
    }
}
