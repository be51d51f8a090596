//! `differentiate!` and `value_with_differential!` on functions with every construct.

use crate::{assert_close, assert_deriv_fd, assert_grad_fd};
use ad::prelude::*;

#[differentiable]
fn sin_cos(x: f64) -> f64 {
    x.sin() * x.cos()
}

#[test]
fn derivative_of_a_straight_line_function() {
    // (sin x cos x)' = cos² x - sin² x = cos 2x
    for x in [-1.3, 0.0, 0.4, 2.5] {
        assert_close(differentiate!(at: x, of: sin_cos), (2.0 * x).cos());
    }
}

#[test]
fn closure_literals_with_and_without_types_and_captures() {
    let a = 3.0;
    assert_close(differentiate!(at: 0.5, of: |x: f64| x.sin()), 0.5f64.cos());
    assert_close(
        differentiate!(at: 2.0, of: |x| a * x * x + x.exp()),
        12.0 + 2.0f64.exp(),
    );
    // The captured `a` is still usable afterwards.
    assert_eq!(a, 3.0);
}

/// Branches, a loop with an early exit, and `match`.
#[differentiable]
fn control(x: f64, n: usize) -> f64 {
    let mut s = if x > 0.0 { x * x } else { -x };
    for i in 0..n {
        if s > 100.0 {
            break;
        }
        s = s * x + i as f64;
    }
    match n {
        0 => s,
        1 | 2 => (s * s + 1.0).sqrt() + x,
        _ => (s * s).ln_1p(),
    }
}

#[test]
fn control_flow_against_finite_differences() {
    for n in [0usize, 1, 3, 8] {
        for x in [-0.7, 0.3, 1.1, 2.9] {
            let d = differentiate!(at: x, of: |x: f64| control(x, n));
            assert_deriv_fd(|x| control(x, n), x, d);
        }
    }
}

/// Recursion and a call of another differentiable function.
#[differentiable]
fn power_tower(x: f64, depth: u32) -> f64 {
    if depth == 0 {
        x
    } else {
        sin_cos(x) + x * power_tower(x, depth - 1)
    }
}

#[test]
fn recursion_and_calls() {
    for depth in [0, 1, 4] {
        let x = 0.8;
        let d = differentiate!(at: x, of: |x: f64| power_tower(x, depth));
        assert_deriv_fd(|x| power_tower(x, depth), x, d);
    }
}

/// Slices, indexing, writes, `push` and an iterator chain.
#[differentiable]
fn vector_code(xs: &[f64], w: f64) -> f64 {
    let mut ys = vec![0.0; xs.len()];
    for i in 0..xs.len() {
        ys[i] = xs[i] * w;
    }
    ys.push(w * w);
    let m: f64 = ys.iter().map(|y| y.tanh()).sum();
    m * xs[0]
}

#[test]
fn value_with_differential_is_linear_and_reusable() {
    let xs = vec![0.3, -1.2, 0.8];
    let w = 1.7;
    let (value, differential) = value_with_differential!(at: &xs, w, of: vector_code);
    assert_eq!(value, vector_code(&xs, w));
    // Column by column, the differential gives the gradient (checked against finite
    // differences), and it is linear in its arguments.
    let mut gradient = Vec::new();
    for i in 0..xs.len() {
        let mut e = vec![0.0; xs.len()];
        e[i] = 1.0;
        gradient.push(differential(e, 0.0));
    }
    gradient.push(differential(vec![0.0; 3], 1.0));
    let point = [xs.clone(), vec![w]].concat();
    assert_grad_fd(|p| vector_code(&p[..3], p[3]), &point, &gradient);
    let combined = differential(vec![2.0, 0.0, -1.0], 0.5);
    let expected = 2.0 * gradient[0] - gradient[2] + 0.5 * gradient[3];
    assert_close(combined, expected);
}

/// The argument may be any expression of a type that coerces to the parameter's: a
/// `&Vec<f64>` held in a local (or returned by a call) where `&[f64]` is expected.
#[test]
fn value_with_differential_of_a_reference_held_in_a_local() {
    let xs = vec![0.3, -1.2, 0.8];
    let held: &Vec<f64> = &xs;
    let (value, differential) = value_with_differential!(at: held, 1.7, of: vector_code);
    let (_, direct) = value_with_differential!(at: &xs, 1.7, of: vector_code);
    assert_eq!(value, vector_code(&xs, 1.7));
    let through_a_call =
        value_with_differential!(at: std::hint::black_box(held), 1.7, of: vector_code);
    let along = vec![1.0, -0.5, 2.0];
    assert_close(
        differential(along.clone(), 0.25),
        direct(along.clone(), 0.25),
    );
    assert_close((through_a_call.1)(along.clone(), 0.25), direct(along, 0.25));
}

#[derive(Differentiable, Clone, Debug, PartialEq)]
struct Pendulum {
    theta: f64,
    omega: f64,
    #[no_derivative]
    length: f64,
}

impl Pendulum {
    #[differentiable]
    fn advance(&mut self, dt: f64) {
        self.omega -= dt * 9.81 / self.length * self.theta.sin();
        self.theta += dt * self.omega;
    }

    #[differentiable]
    fn energy(&self) -> f64 {
        0.5 * self.omega * self.omega - 9.81 / self.length * self.theta.cos()
    }
}

/// Struct literals, methods taking `&self`, and an inout `&mut self` method in a loop.
#[differentiable]
fn simulate(theta0: f64, dt: f64) -> f64 {
    let mut p = Pendulum {
        theta: theta0,
        omega: 0.0,
        length: 2.0,
    };
    for _ in 0..20 {
        p.advance(dt);
    }
    p.energy() + p.theta
}

#[test]
fn structs_methods_and_inout_calls() {
    for theta0 in [0.2, 1.0] {
        let d = differentiate!(at: theta0, of: |t: f64| simulate(t, 0.05));
        assert_deriv_fd(|t| simulate(t, 0.05), theta0, d);
    }
}

#[test]
fn a_function_with_a_tuple_result_gives_the_tangent_of_the_tuple() {
    // (x², sin x)' = (2x, cos x)
    let t = differentiate!(at: 1.5, of: |x: f64| (x * x, x.sin()));
    assert_close(t.0, 3.0);
    assert_close(t.1, 1.5f64.cos());
}

#[test]
fn f32_arguments() {
    let d = differentiate!(at: 0.25f32, of: |x: f32| x.exp() * x);
    let want = 0.25f32.exp() * 1.25;
    assert!((d - want).abs() < 1e-6);
}
