//! Float literals assigned to float locals, fields and elements, in loops and branches, then
//! used as floats (`v.sin()`): the literal has the local's type (issue 33; they were
//! `{float}` to rustc in the generated code, E0689). Every mode against central differences
//! and closed forms.

use crate::common::every_mode::assert_every_mode;
use ad::prelude::*;

/// The case: a reset in a loop, then a method on the local.
#[differentiable]
pub fn reset_in_a_loop(x: f64) -> f64 {
    let mut v1 = x;
    let mut s = 0.0;
    for _ in 0..3 {
        v1 = 0.5;
        s += v1.sin() * x;
    }
    s + v1
}

#[test]
fn a_literal_assigned_in_a_loop() {
    let (value, slope) = value_with_gradient!(at: 1.5, of: reset_in_a_loop);
    assert!((value - (3.0 * 0.5f64.sin() * 1.5 + 0.5)).abs() < 1e-15);
    assert!((slope - 3.0 * 0.5f64.sin()).abs() < 1e-15);
    assert_every_mode!(reset_in_a_loop, 1.5);
}

/// Assigned in one branch of an `if` and of a `match`, in a `while` and a `loop`.
#[differentiable]
pub fn reset_in_branches(x: f64, y: f64) -> f64 {
    let mut a = x * y;
    let mut b = y;
    let mut i = 0;
    while i < 4 {
        if a > 1.0 {
            a = 0.25;
        } else {
            a = a * 1.5 + y;
        }
        match i % 2 {
            0 => b = 2.0,
            _ => b = b.cos() * x,
        }
        i += 1;
    }
    let mut c = y;
    let mut n = 0;
    loop {
        n += 1;
        if n > 2 || c.exp() > 1e9 {
            break;
        }
        c = 1.0;
    }
    a.tanh() + (b * b + 1.0).sqrt() + c.ln() + a * b * x
}

#[test]
fn literals_assigned_in_branches() {
    for (x, y) in [(0.3, 0.4), (0.9, 0.2)] {
        assert_every_mode!(reset_in_branches, x, y);
    }
}

/// A literal assigned to a field and to an element, then a method on them.
#[derive(Clone, Copy, Debug, Differentiable)]
pub struct State {
    pub p: f64,
    pub q: f64,
}

#[differentiable]
pub fn reset_fields_and_elements(x: f64) -> f64 {
    let mut s = State { p: x, q: x * x };
    let mut w = [x, 2.0 * x];
    let mut total = 0.0;
    for k in 0..2 {
        s.p = 0.75;
        w[k] = 0.5;
        total += s.p.sin() * s.q + w[0].cos() * w[1];
    }
    total
}

#[test]
fn literals_assigned_to_fields_and_elements() {
    let closed = |x: f64| 2.0 * 0.75f64.sin() * x * x + 0.5f64.cos() * 2.0 * x + 0.5f64.cos() * 0.5;
    let slope = gradient!(at: 0.8, of: reset_fields_and_elements);
    assert!((reset_fields_and_elements(0.8) - closed(0.8)).abs() < 1e-14);
    assert!((slope - (4.0 * 0.75f64.sin() * 0.8 + 0.5f64.cos() * 2.0)).abs() < 1e-14);
    assert_every_mode!(reset_fields_and_elements, 0.8);
}

/// A literal assigned at the top level, then a method of the local (found by the generator).
#[allow(unused_assignments)]
#[differentiable]
pub fn reset_then_method(x0: f64) -> f64 {
    let mut a1 = x0;
    a1 = 0.61;
    a1 = a1.sin();
    a1 * x0
}

#[test]
fn a_literal_assigned_outside_loops() {
    let slope = gradient!(at: 0.9, of: reset_then_method);
    assert!((slope - 0.61f64.sin()).abs() < 1e-15);
    assert_every_mode!(reset_then_method, 0.9);
}

/// A literal carried by a loop and passed to a let-bound closure whose parameters shadow
/// the locals (found by the generator).
#[allow(unused_assignments, unused_mut, unused_variables, unused_parens)]
#[differentiable]
pub fn reset_then_closure(x0: f64) -> f64 {
    let mut a1 = x0;
    let mut a2 = x0;
    let mut k6: i32 = 0;
    let r7: f64 = loop {
        k6 += 1;
        if !(k6 < 5) {
            break a1;
        }
        a2 = 1.94;
        let g11 = |a2: f64, a1: f64| {
            a2.sin()
                .mul_add((-1.79), (((x0 * (-0.27)) * (-1.56)) + (-0.12)))
        };
        a2 *= g11(a1, a2);
    };
    a2
}

#[test]
fn a_literal_given_to_a_closure_that_shadows() {
    // Each iteration sets a2 = 1.94 * g11(a1, a2), and g11's first parameter (its `a2`) is
    // the caller's a1, which stays x0: 1.94 (sin(x0) (-1.79) + 0.4212 x0 - 0.12).
    let x0: f64 = 0.6;
    let closed = 1.94 * x0.sin().mul_add(-1.79, x0 * -0.27 * -1.56 + -0.12);
    let slope = gradient!(at: x0, of: reset_then_closure);
    assert!((reset_then_closure(x0) - closed).abs() < 1e-14);
    assert!((slope - 1.94 * (-1.79 * x0.cos() + 0.27 * 1.56)).abs() < 1e-14);
    assert_every_mode!(reset_then_closure, 0.6);
}

/// Literals assigned to locals, then read only through arithmetic whose result a method is
/// called on (found by the generator's long run: E0689 on `.exp()`).
#[allow(unused_assignments, unused_parens)]
#[differentiable]
pub fn reset_then_arithmetic(x0: f64, x1: f64) -> f64 {
    let mut a1 = x1 * 1.23 + (x0 - x1);
    let mut a2 = x0 * 0.5;
    a2 = (-1.28);
    a1 = x0.tanh() + x1;
    a1 = (-0.07);
    a2 -= a1.tanh() * (-(a2 * (-0.75)) * (a2 * (-0.75))).exp();
    a1 * x1 + a2 * x0
}

#[test]
fn a_literal_read_through_arithmetic() {
    let a2 = -1.28 - (-0.07f64).tanh() * (-(0.96f64 * 0.96)).exp();
    let (value, (dx0, dx1)) = value_with_gradient!(at: 0.5, 0.3, of: reset_then_arithmetic);
    assert!((value - (-0.07 * 0.3 + a2 * 0.5)).abs() < 1e-15);
    assert!((dx0 - a2).abs() < 1e-15 && (dx1 + 0.07).abs() < 1e-15);
    assert_every_mode!(reset_then_arithmetic, 0.5, 0.3);
}

/// A literal assigned to a local whose first value comes from a call of a function parameter:
/// the parameter's declared output (`-> f64`) types it (seed 60221, programs 3730-3748, were
/// E0689 "can't call method `cos` on ambiguous numeric type").
#[differentiable]
fn literal_after_a_function_call(h: &dyn Fn(f64) -> f64, x: f64) -> f64 {
    let mut a = h(x * 0.5).atan();
    let s = a * x;
    a = -0.66;
    a = a.cos() + (a * x).atan();
    s + a
}

#[differentiable]
fn literal_after_a_call_of_sine(x: f64) -> f64 {
    literal_after_a_function_call(&|t: f64| t.sin(), x)
}

/// The same with the parameter's type a generic bound by `Fn(..) -> f64`, inline or in the
/// `where` clause (seed 60221, programs 3737, 3742, 3748).
#[differentiable]
fn literal_after_a_generic_call<F: Fn(f64, f64) -> f64>(x: f64, h: F) -> f64 {
    let mut a = h(x, 0.5).atan();
    let s = a * x;
    a = -0.66;
    a = a.cos() + (a * x).atan();
    s + a
}

#[differentiable]
fn literal_after_a_call_bound_in_where<G>(g: G, x: f64) -> f64
where
    G: Fn(f64) -> f64,
{
    let mut a = g(x);
    let s = a * x;
    a = 1.25;
    a.sin() * x + a + s
}

#[differentiable]
fn literal_after_generic_calls(x: f64) -> f64 {
    literal_after_a_generic_call(x, |t, u| t.sin() * u)
        + literal_after_a_call_bound_in_where(|t| t * t, x)
}

#[test]
fn a_literal_after_a_call_of_a_function_parameter() {
    crate::check::check_idiom!(literal_after_a_call_of_sine, [0.7, -0.3]);
    // Closed form: d/dx [atan(sin(x/2)) x + cos(-0.66) + atan(-0.66 x)].
    let x: f64 = 0.7;
    let inner = (x / 2.0).sin();
    let expected = inner.atan() + x * (0.5 * (x / 2.0).cos()) / (1.0 + inner * inner)
        - 0.66 / (1.0 + 0.4356 * x * x);
    crate::assert_close(
        ad::gradient!(at: x, of: literal_after_a_call_of_sine),
        expected,
    );
    crate::check::check_idiom!(literal_after_generic_calls, [0.7, -0.3]);
    // d/dx [atan(sin(x)/2) x + cos(-0.66) + atan(-0.66 x) + sin(1.25) x + 1.25 + x³].
    let inner = x.sin() / 2.0;
    let expected = inner.atan() + x * (0.5 * x.cos()) / (1.0 + inner * inner)
        - 0.66 / (1.0 + 0.4356 * x * x)
        + 1.25f64.sin()
        + 3.0 * x * x;
    crate::assert_close(
        ad::gradient!(at: x, of: literal_after_generic_calls),
        expected,
    );
}

/// A float literal written with a trailing dot (`0.`, as C++ ports write it) and later typed
/// by the local it is assigned to: the macro panicked making `0.f64`, which does not lex.
#[differentiable]
fn trailing_dot_literals(x: &[f64]) -> f64 {
    let mut semx = 0.;
    for i in 0..x.len() {
        semx = semx + (x[i] - 1.).exp();
    }
    semx.ln() + 2.
}

#[test]
fn a_literal_with_a_trailing_dot() {
    let x = [0.5, -0.25, 1.5];
    let total: f64 = x.iter().map(|v| (v - 1.0f64).exp()).sum();
    let expected: Vec<f64> = x.iter().map(|v| (v - 1.0f64).exp() / total).collect();
    let got = ad::gradient!(at: &x[..], of: trailing_dot_literals);
    for (g, e) in got.iter().zip(&expected) {
        crate::assert_close(*g, *e);
    }
    crate::assert_grad_fd(trailing_dot_literals, &x, &got);
    let (_, differential) = ad::value_with_differential!(at: &x[..], of: trailing_dot_literals);
    crate::assert_close(differential(vec![1.0, 0.0, 0.0]), expected[0]);
}
