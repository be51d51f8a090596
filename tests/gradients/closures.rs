//! The operators applied to closure literals: untyped and typed parameters, captured
//! variables (constants), bodies with blocks and calls.

use crate::numerics::rosenbrock;
use crate::{assert_all_close, assert_close, assert_deriv_fd, assert_grad_fd};
use ad::prelude::*;
// The suite's operators, which also check forward mode against reverse mode.
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};

#[test]
fn untyped_closure_of_one_parameter() {
    // f = x³ - 2x: f' = 3x² - 2
    assert_close(gradient!(at: 2.0, of: |x| x * x * x - 2.0 * x), 10.0);
    assert_close(gradient!(at: -0.5, of: |x| x * x * x - 2.0 * x), -1.25);
}

#[test]
fn typed_closure_of_two_parameters() {
    // f = x e^y: ∂/∂x = e^y, ∂/∂y = x e^y
    let (x, y) = (1.5, 0.25);
    let (value, (dx, dy)) = value_with_gradient!(at: x, y, of: |x: f64, y: f64| x * y.exp());
    assert_close(value, x * y.exp());
    assert_all_close(&[dx, dy], &[y.exp(), x * y.exp()]);
}

#[test]
fn untyped_closure_of_two_parameters_with_methods() {
    // f = xʸ: ∂/∂x = y x^(y-1), ∂/∂y = xʸ ln x
    let (dx, dy) = gradient!(at: 2.0, 3.0, of: |x, y| x.powf(y));
    assert_all_close(&[dx, dy], &[12.0, 8.0 * 2f64.ln()]);
}

#[test]
fn captured_variables_are_constants() {
    // f = a x² + b sin x with captured a, b: f' = 2ax + b cos x
    let a: f64 = 3.0;
    let b: f64 = -0.5;
    let x: f64 = 1.1;
    let got = gradient!(at: x, of: |x| a * x * x + b * x.sin());
    assert_close(got, 2.0 * a * x + b * x.cos());
}

#[test]
fn variables_of_inferred_float_type() {
    // as above, but `a` and `b` get their type from the use, as in plain Rust
    let a = 3.0;
    let b = -0.5;
    let x: f64 = 1.1;
    let got = gradient!(at: x, of: |x| a * x * x + b * x.sin());
    assert_close(got, 2.0 * 3.0 * x - 0.5 * x.cos());
    // An argument variable of inferred float type needs a typed closure parameter (an
    // untyped one would stay `{float}` where the rules need a type; see the README):
    // f' = 2x
    let y = 2.0;
    assert_close(gradient!(at: y, of: |t: f64| t * t), 4.0);
}

#[test]
fn captured_variables_computed_from_data() {
    // mean squared error of the model w·tᵢ over captured data: f'(w) = (2/n) Σ tᵢ(w tᵢ - yᵢ)
    let data = [(1.0, 2.1), (2.0, 3.9), (3.0, 6.2)];
    let (t0, y0) = data[0];
    let (t1, y1) = data[1];
    let (t2, y2) = data[2];
    let n = data.len() as f64;
    let w: f64 = 1.7;
    let got = gradient!(at: w, of: |w| {
        let e0 = w * t0 - y0;
        let e1 = w * t1 - y1;
        let e2 = w * t2 - y2;
        (e0 * e0 + e1 * e1 + e2 * e2) / n
    });
    let want = 2.0 / n * data.iter().map(|(t, y)| t * (w * t - y)).sum::<f64>();
    assert_close(got, want);
}

#[test]
fn closure_calling_a_differentiable_function_with_a_fixed_argument() {
    // ∂/∂x rosenbrock(x, 1) = -2(1-x) - 400x(1-x²)
    let x = 0.5;
    let got = gradient!(at: x, of: |x| rosenbrock(x, 1.0));
    assert_close(got, -2.0 * (1.0 - x) - 400.0 * x * (1.0 - x * x));
    // and fixing the first argument to a captured value
    let x0 = -1.2;
    let y = 0.8;
    let got = gradient!(at: y, of: |y: f64| rosenbrock(x0, y));
    assert_close(got, 200.0 * (y - x0 * x0));
}

#[test]
fn closure_with_a_block_body_and_mutable_locals() {
    // f = (x + 1)² · x, built with a mutable local: f' = 2(x+1)x + (x+1)²
    let x = 0.3;
    let got = gradient!(at: x, of: |x: f64| {
        let mut s = x + 1.0;
        s *= s;
        let (a, b) = (s, x);
        a * b
    });
    assert_close(got, 2.0 * (x + 1.0) * x + (x + 1.0) * (x + 1.0));
}

#[test]
fn pullback_of_a_closure_can_be_called_many_times() {
    // f = sin x · x: f' = cos x · x + sin x; pb(s) = s f'
    let x: f64 = 0.9;
    let d = x.cos() * x + x.sin();
    let (value, pb) = value_with_pullback!(at: x, of: |x: f64| x.sin() * x);
    assert_close(value, x.sin() * x);
    assert_close(pb(1.0), d);
    assert_close(pb(-3.0), -3.0 * d);
    assert_close(pb(0.5), 0.5 * d);
}

#[test]
fn pullback_of_a_closure_returning_a_tuple() {
    // f = (sin x, x²): pb((u, v)) = u cos x + 2 v x
    let x: f64 = 0.4;
    let pb = pullback!(at: x, of: |x: f64| (x.sin(), x * x));
    assert_close(pb((1.0, 0.0)), x.cos());
    assert_close(pb((0.0, 1.0)), 2.0 * x);
    assert_close(pb((2.0, -1.0)), 2.0 * x.cos() - 2.0 * x);
}

#[test]
fn argument_expressions_in_at() {
    // `at:` takes expressions; f = ln(x) · y: ∂/∂x = y/x, ∂/∂y = ln x
    let base: f64 = 1.5;
    let (dx, dy) = gradient!(at: base * 2.0, base - 1.0, of: |x: f64, y: f64| x.ln() * y);
    assert_all_close(&[dx, dy], &[0.5 / 3.0, 3f64.ln()]);
}

#[test]
fn closure_with_many_methods_matches_finite_differences() {
    let g = |x: f64, y: f64| (x * y).sin().exp() / (1.0 + x * x + y.abs()).sqrt();
    for p in [[0.3, -0.8], [1.4, 2.2]] {
        let (dx, dy) = gradient!(at: p[0], p[1], of: |x: f64, y: f64| (x * y).sin().exp() / (1.0 + x * x + y.abs()).sqrt());
        assert_grad_fd(|q| g(q[0], q[1]), &p, &[dx, dy]);
    }
    let h = |x: f64| x.tanh().powi(3) + x.atan();
    let x = 0.6;
    assert_deriv_fd(
        h,
        x,
        gradient!(at: x, of: |x: f64| x.tanh().powi(3) + x.atan()),
    );
}

#[test]
fn move_closure() {
    // f = k x³ with a captured k: f' = 3k x²
    let k: f64 = 0.5;
    assert_close(gradient!(at: 2.0, of: move |x: f64| k * x * x * x), 6.0);
}

#[test]
fn closure_with_reference_parameters() {
    // f = x² sin y through references: ∂/∂x = 2x sin y, ∂/∂y = x² cos y
    let (x, y): (f64, f64) = (1.5, 0.4);
    let (dx, dy) = gradient!(at: &x, &y, of: |a: &f64, b: &f64| *a * *a * b.sin());
    assert_all_close(&[dx, dy], &[2.0 * x * y.sin(), x * x * y.cos()]);
}

#[test]
fn closure_shadowing_a_captured_name() {
    // inside: a' = a · x with captured a = 2, f = a'² = 4x²: f' = 8x
    let a: f64 = 2.0;
    let got = gradient!(at: 0.75, of: |x: f64| {
        let a = a * x;
        a * a
    });
    assert_close(got, 6.0);
}

#[test]
fn closure_parameter_with_a_tuple_pattern() {
    // f = a² b: ∂/∂(a, b) = (2ab, a²)
    let (da, db) = gradient!(at: (3.0, 2.0), of: |(a, b): (f64, f64)| a * a * b);
    assert_all_close(&[da, db], &[12.0, 9.0]);
}

/// Data reached through a reference, as a caller holds a training set.
struct Data {
    x: Vec<f64>,
    scale: f64,
}

#[differentiable(wrt = w)]
fn weighted(w: &[f64], x: &[f64], scale: &f64) -> f64 {
    let mut s = 0.0;
    for i in 0..w.len() {
        s += w[i] * w[i] * x[i];
    }
    s * *scale
}

#[test]
fn closure_borrowing_fields_of_a_captured_reference() {
    // f = scale Σ w_i² x_i with x and scale read as `&d.x`, `&d.scale` where `d: &Data`:
    // ∂f/∂w_i = 2 scale w_i x_i
    let data = Data {
        x: vec![1.0, -2.0, 0.5],
        scale: 3.0,
    };
    let d = &data;
    let w = vec![0.3, 0.7, -1.1];
    let (value, dw) = value_with_gradient!(at: &w[..], of: |w: &[f64]| weighted(w, &d.x, &d.scale));
    let expected: f64 = (0..3).map(|i| 3.0 * w[i] * w[i] * d.x[i]).sum();
    assert_close(value, expected);
    let closed: Vec<f64> = (0..3).map(|i| 6.0 * w[i] * d.x[i]).collect();
    assert_all_close(&dw, &closed);
    // Forward mode reads the same fields.
    let (_, differential) =
        value_with_differential!(at: &w[..], of: |w: &[f64]| weighted(w, &d.x, &d.scale));
    let along = differential(vec![1.0, 0.0, 0.0]);
    assert_close(along, closed[0]);
}
