//! What differentiable code gives to functions that take functions, beyond one closure of
//! one float: functions of several arguments by name (to `fn` pointers, `impl Fn` and `F: Fn`
//! of two or three floats), functions lent by name (`&f`), closures given to calls whose
//! result is dead or carries no derivative (built as plain closures), closures capturing
//! reference parameters (a slice, a struct, a `Vec`), and a capturing closure after loops
//! that leave with a value. Each is checked in every mode against central differences, or
//! with `check_gradient!` to second order.

use crate::common::every_mode::assert_every_mode;
use ad::prelude::*;

#[differentiable]
fn apply(f: impl Fn(f64) -> f64, x: f64) -> f64 {
    f(x) * x
}

#[differentiable]
fn apply_lent(f: &dyn Fn(f64) -> f64, x: f64) -> f64 {
    f(x) + f(2.0 * x)
}

#[differentiable]
fn apply2(f: impl Fn(f64, f64) -> f64, x: f64, y: f64) -> f64 {
    f(x, y) + f(y, 0.5)
}

#[differentiable]
fn apply2_generic<F: Fn(f64, f64) -> f64>(f: F, x: f64) -> f64 {
    f(x, x * x)
}

#[differentiable]
fn apply2_pointer(f: fn(f64, f64) -> f64, x: f64) -> f64 {
    f(1.5, x) * f(x, 0.25)
}

#[differentiable]
fn apply3(f: impl Fn(f64, f64, f64) -> f64, x: f64) -> f64 {
    f(x, 2.0 * x, x.sin())
}

#[differentiable]
fn wave(t: f64) -> f64 {
    (3.0 * t).sin() + t
}

#[differentiable]
fn spring(t: f64, y: f64) -> f64 {
    -0.5 * y * y + t.cos() * y
}

#[differentiable]
fn trilinear(a: f64, b: f64, c: f64) -> f64 {
    a * b + b * c * c - a.exp() * c
}

/// Two-argument and three-argument functions given by name: to `impl Fn`, to a generic
/// `F: Fn` and to a `fn` pointer.
#[differentiable]
fn several_arguments_by_name(x: f64) -> f64 {
    apply2(spring, x, 0.3) + apply2_generic(spring, x) + apply2_pointer(spring, x)
        - apply3(trilinear, x)
}

/// A function lent by name to `&dyn Fn` and to `impl Fn`.
#[differentiable]
fn lent_by_name(x: f64) -> f64 {
    apply_lent(&wave, x) + apply(&wave, x * x)
}

/// A call whose result is dead, given a closure that captures a differentiated value: the
/// call is not differentiated, so its closure is the plain closure the source wrote.
#[differentiable]
#[allow(unused_variables)]
fn dead_call(x: f64, y: f64) -> f64 {
    let unused = apply(|c| c.sin().mul_add(1.5, y), x);
    x * y.cos()
}

/// A call that reads no differentiated value (its closure captures a constant) inside a
/// differentiated body.
#[differentiable]
fn constant_call(x: f64) -> f64 {
    let k = 0.75;
    let scale = apply(|c| c * k, 2.0);
    x.sin() * scale + apply_lent(&|c| c * c * k, 1.0)
}

/// Counts the elements `keep` accepts: a plain function taking a closure of integers.
fn count_where(ns: &[usize], keep: impl Fn(usize) -> bool) -> usize {
    ns.iter().filter(|&&n| keep(n)).count()
}

/// Closures of integers given to a method of the standard library and to a plain function,
/// in calls that carry no derivative: their parameters keep the type rustc infers there.
#[differentiable(wrt = x)]
fn integer_closures(x: f64, n: Option<usize>, ns: &[usize]) -> f64 {
    let k = n.map_or(1, |m| m + 1);
    let kept = count_where(ns, |m| m % 2 == 0);
    x.sin() * k as f64 + x * kept as f64
}

/// Closures capturing a slice parameter, a struct behind a reference and a lent `Vec`,
/// which the function's derivatives keep owned copies of.
#[derive(Clone, Debug, Differentiable)]
struct Gain {
    k: f64,
}

#[differentiable]
fn captures_references(x: f64, s: &[f64], g: &Gain, v: &Vec<f64>) -> f64 {
    apply(|c| c * s[0] + s[1] * g.k, x) + apply(|c| (c * v[1]).sin() * g.k, s[2])
}

/// A capturing closure given after a labelled loop that leaves with a value from a nested
/// loop (the derivative code of the loops and of the closure used to share value names).
#[differentiable]
fn after_loops(x0: f64) -> f64 {
    let mut a1 = x0.atan() * -0.1;
    let mut a2 = a1.atan().atan();
    let mut k: i32 = 0;
    let r: f64 = 'outer: loop {
        k += 1;
        if k >= 4 {
            break -(a1 / (1.0 + x0 * x0));
        }
        a2 *= x0.cos();
        if a2 > 0.5 {
            a1 = x0.sin();
            break 'outer a1;
        }
    };
    a2 + apply(|c| ((c + a2) / (1.0 + a1.sin() * a1.sin())) + a2, r)
}

#[test]
fn functions_of_several_arguments_given_by_name() {
    for x in [0.4, -0.9, 1.3] {
        assert_every_mode!(several_arguments_by_name, x);
    }
}

#[test]
fn functions_lent_by_name() {
    for x in [0.2, 1.1] {
        assert_every_mode!(lent_by_name, x);
    }
}

#[test]
fn closures_given_to_calls_that_carry_no_derivative() {
    assert_every_mode!(dead_call, 0.5, 0.2);
    assert_every_mode!(dead_call, -1.0, 2.0);
    for x in [0.3, 2.0] {
        assert_every_mode!(constant_call, x);
    }
    // k = 4, two even numbers: 4 sin x + 2x.
    let ns = [2, 3, 8, 5];
    for x in [0.3, 2.0] {
        let report =
            check_gradient!(at: x, of: |x: f64| integer_closures(x, Some(3), &ns), second_order);
        assert!(report.is_ok(), "{:?}", report.err());
        let dx = gradient!(at: x, of: |x: f64| integer_closures(x, Some(3), &ns));
        crate::assert_close(dx, 4.0 * x.cos() + 2.0);
    }
}

#[test]
fn closures_capturing_reference_parameters() {
    let (s, g, v) = (vec![2.0, -0.5, 0.7], Gain { k: 1.3 }, vec![0.4, 1.9]);
    let report = check_gradient!(at: 0.6, &s[..], &g, &v, of: captures_references);
    assert!(report.is_ok(), "{:?}", report.err());
    // Second order in the slice, the others constants.
    let report = check_gradient!(
        at: s.clone(),
        of: |s: Vec<f64>| captures_references(0.6, &s, &g, &v),
        second_order
    );
    assert!(report.is_ok(), "{:?}", report.err());
    // The closed form: x s₀ x + s₁ k x, plus sin(s₂ v₁) k s₂.
    let (dx, ds, dg, dv) = gradient!(at: 0.6, &s[..], &g, &v, of: captures_references);
    let x = 0.6;
    assert!((dx - (2.0 * x * s[0] + s[1] * g.k)).abs() < 1e-12);
    assert!((ds[0] - x * x).abs() < 1e-12);
    assert!((dg.k - (s[1] * x + (s[2] * v[1]).sin() * s[2])).abs() < 1e-12);
    assert!((dv[1] - (s[2] * v[1]).cos() * s[2] * g.k * s[2]).abs() < 1e-12);
}

#[test]
fn a_capturing_closure_after_loops_that_leave_with_a_value() {
    for x in [0.3, -0.8, 2.4] {
        assert_every_mode!(after_loops, x);
    }
}
