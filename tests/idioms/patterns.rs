//! `if let`, `while let`, `let .. else` and `match` arms that bind parts of the value: the
//! payload of `Some(..)`, fields of structs and tuple structs, references, `name @ pattern`,
//! elements of arrays and slices (`let [a, b, c] = arr;`, `match xs { [a, b] => .., [first,
//! .., last] => .. }`).

use crate::check::{check_hessian, check_idiom, check_slice_hessian, check_slice_idiom};
use ad::prelude::*;

/// An optional factor: `if let Some(k) = o { x * k } else { x }`.
#[differentiable]
fn factor(x: f64) -> Option<f64> {
    if x > 0.0 { Some(x.sqrt()) } else { None }
}

#[differentiable]
fn scaled_if_some(x: f64, y: f64) -> f64 {
    if let Some(k) = factor(x) {
        y * k + x
    } else {
        y * y
    }
}

#[test]
fn if_let_some_else() {
    check_idiom!(scaled_if_some, [(1.3, 0.4), (-0.5, 1.2)]);
}

/// The payload of a differentiated option passes its derivative on.
#[differentiable]
fn through_an_option(x: f64, y: f64) -> f64 {
    let o = if y > 0.0 { Some(x * y) } else { None };
    match o {
        Some(v) if v > 1.0 => v.ln(),
        Some(v) => v * 2.0,
        None => x,
    }
}

#[test]
fn match_on_some_with_a_guard() {
    check_idiom!(through_an_option, [(2.0, 0.9), (0.3, 0.5), (0.7, -1.0)]);
}

/// `let .. else` returning early.
#[differentiable]
fn let_else_return(x: f64, y: f64) -> f64 {
    let Some(root) = factor(y) else {
        return x * x;
    };
    root * x.sin()
}

#[test]
fn let_else_with_a_return() {
    check_idiom!(let_else_return, [(0.8, 2.0), (0.8, -2.0)]);
}

/// `while let` over a countdown that a plain function steps.
fn next_step(k: u32) -> Option<u32> {
    k.checked_sub(1)
}

#[differentiable]
fn while_let_countdown(x: f64, y: f64) -> f64 {
    let mut acc = y;
    let mut k = 5u32;
    while let Some(next) = next_step(k) {
        acc = acc * x + next as f64;
        k = next;
    }
    acc
}

#[test]
fn while_let_steps_a_loop() {
    check_idiom!(while_let_countdown, [(0.9, 0.3), (-1.1, 2.0)]);
    check_hessian!(while_let_countdown, [(0.9, 0.3)]);
}

/// Struct and tuple-struct patterns, a reference pattern and an `@` binding.
#[derive(Clone, Copy, Differentiable)]
struct Point {
    x: f64,
    y: f64,
}

#[derive(Clone, Copy, Differentiable)]
struct Meters(f64);

#[differentiable]
fn destructuring_arms(x: f64, y: f64) -> f64 {
    let p = Point { x, y: x * y };
    let along = match p {
        Point { x: 0.0, .. } => 0.0,
        Point { x: px, y: py } => px * py,
    };
    let Meters(m) = Meters(y.exp());
    let whole = match (along, m) {
        pair @ (a, _) if a > 0.0 => pair.0 + pair.1 * a,
        (a, b) => a - b,
    };
    match &whole {
        &w => w * x,
    }
}

#[test]
fn struct_tuple_struct_reference_and_at_patterns() {
    check_idiom!(destructuring_arms, [(0.6, 1.3), (-0.4, 0.9)]);
}

/// A state machine over an `Option` of a differentiated value.
#[differentiable]
fn optional_state(x: f64, y: f64) -> f64 {
    let mut state: Option<f64> = None;
    let mut total = 0.0;
    for k in 0..6 {
        state = match state {
            None => Some(x + k as f64 * 0.1),
            Some(v) if v > 1.0 => None,
            Some(v) => Some(v * y + 0.2),
        };
        if let Some(v) = state {
            total += v;
        }
    }
    total
}

#[test]
fn a_state_machine_over_an_option() {
    check_idiom!(optional_state, [(0.3, 1.4), (0.05, 0.8)]);
}

/// Let chains: `if let Some(k) = o && k > 1.0`, with a condition before the `let` too.
#[differentiable]
fn chained(x: f64, y: f64) -> f64 {
    let o = factor(x);
    if y > 0.0
        && let Some(k) = o
        && k > 1.0
    {
        k * y
    } else if let Some(k) = o {
        k - y
    } else {
        y * y
    }
}

#[test]
fn let_chains() {
    check_idiom!(chained, [(2.0, 0.5), (0.5, 0.5), (2.0, -0.5), (-1.0, 0.7)]);
}

/// Half-open range patterns `..=x` on floats and integers.
#[differentiable]
fn by_ranges(x: f64, y: f64) -> f64 {
    let k = (y * 3.0) as i32;
    let scale = match k {
        ..=0 => 0.5,
        1..=2 => 1.0,
        _ => 2.0,
    };
    match x {
        ..=0.0 => -x * scale,
        _ => x * x * scale + y,
    }
}

#[test]
fn half_open_range_patterns() {
    check_idiom!(by_ranges, [(-0.7, 0.1), (0.6, 0.5), (1.3, 1.1)]);
}

/// `o.unwrap_or(default)` with a differentiated option and default.
#[differentiable]
fn with_a_default(x: f64, y: f64) -> f64 {
    let o = factor(x);
    let k = o.unwrap_or(y * y);
    k * x + y
}

#[test]
fn unwrap_or_takes_the_side_that_was_taken() {
    check_idiom!(with_a_default, [(1.3, 0.4), (-0.5, 1.2)]);
}

/// Or-patterns that bind: `(true, (v, _)) | (false, (_, v))` picks a side of a pair,
/// `(Some(v), _) | (None, Some(v))` the first option that holds one, with a guard.
#[differentiable]
fn either_side(x: f64, y: f64) -> f64 {
    let pair = (x * y, y.exp());
    let picked = match (x > 0.0, pair) {
        (true, (v, _)) | (false, (_, v)) => v * x,
    };
    let first = if x > 1.0 { Some(x.sqrt()) } else { None };
    let second = if y > 0.0 { Some(y * x) } else { None };
    let found = match (first, second) {
        (Some(v), _) | (None, Some(v)) if v < 10.0 => v.sin(),
        (Some(_), _) | (None, Some(_)) => 1.0,
        (None, None) => y,
    };
    picked + found
}

/// `if let` and `let .. else` with a binding or-pattern: the first option that holds a value.
#[differentiable]
fn first_present(x: f64, y: f64) -> f64 {
    let a = if x > 0.0 { Some(x * y) } else { None };
    let b = if y > 0.0 { Some(y.cos()) } else { None };
    let head = if let (Some(v), _) | (None, Some(v)) = (a, b) {
        v * x
    } else {
        y
    };
    let ((Some(w), _) | (None, Some(w))) = (b, a) else {
        return head + x;
    };
    head * w
}

#[test]
fn or_patterns_that_bind() {
    check_idiom!(
        either_side,
        [(0.5, 1.5), (-1.2, 0.3), (2.0, 0.4), (4.0, -0.5)]
    );
    check_hessian!(either_side, [(0.5, 1.5), (2.0, 0.4)]);
    check_idiom!(
        first_present,
        [(0.5, 1.5), (-1.2, 0.3), (0.7, -0.4), (-0.5, -0.5)]
    );
    check_hessian!(first_present, [(0.5, 1.5), (-1.2, 0.3)]);
}

/// Or-patterns that bind inside other patterns: in a tuple with another part, under a
/// variant, under a reference and an `@` binding.
#[differentiable]
fn nested_alternatives(x: f64, y: f64) -> f64 {
    let a = if x > 0.0 { Some(x * y) } else { None };
    let b = if y > 0.0 { Some(y.cos()) } else { None };
    let picked = match ((a, b), x > y) {
        ((Some(v), _) | (None, Some(v)), true) => v * x,
        ((Some(v), _) | (None, Some(v)), false) => v + y,
        _ => x - y,
    };
    let pair = (x, y);
    let side = match &pair {
        &((v, _) | (_, v)) if v > 0.0 => v.exp(),
        _ => 0.5,
    };
    let wrapped = Some((x * x, y));
    let inner = match wrapped {
        Some(whole @ ((v, _) | (_, v))) if v > 1.0 => whole.1 * v,
        Some((v, _)) => v,
        None => 0.0,
    };
    picked * side + inner
}

#[test]
fn or_patterns_that_bind_inside_other_patterns() {
    check_idiom!(
        nested_alternatives,
        [
            (0.5, 1.5),
            (-1.2, 0.3),
            (2.0, 0.4),
            (0.7, -0.4),
            (-0.5, -0.5)
        ]
    );
    check_hessian!(nested_alternatives, [(0.5, 1.5), (2.0, 0.4)]);
}

#[derive(Clone, Differentiable)]
enum Side {
    Left(f64),
    Right(f64),
}

/// An or-pattern that binds in a plain `let` (irrefutable: every variant binds `v`).
#[differentiable]
fn either_variant(x: f64, y: f64) -> f64 {
    let side = if x > 0.0 {
        Side::Left(x * y)
    } else {
        Side::Right(y - x)
    };
    let (Side::Left(v) | Side::Right(v)) = side;
    let k = v * 2.0;
    v * x + k.sin()
}

#[test]
fn an_or_pattern_in_a_let() {
    check_idiom!(either_variant, [(0.7, 1.5), (-0.7, 0.3)]);
    check_hessian!(either_variant, [(0.7, 1.5), (-0.7, 0.3)]);
}

/// `Result` payloads bound in `match` and `if let`, and `Ok(..)`/`Err(..)` built from
/// differentiated values.
#[differentiable]
fn through_a_result(x: f64, y: f64) -> f64 {
    let r: Result<f64, f64> = if x > 0.0 { Ok(x.ln() * y) } else { Err(-x * y) };
    let a = match r {
        Ok(v) => v * 2.0,
        Err(e) => e.sin(),
    };
    let b = if let Ok(w) = r { w + y } else { y * y };
    a + b
}

#[test]
fn result_payloads() {
    check_idiom!(through_a_result, [(0.7, 1.3), (-0.7, 1.3), (2.5, -0.4)]);
    check_hessian!(through_a_result, [(0.7, 1.3), (-0.7, 1.3)]);
}

/// An array taken apart by `let`, its elements built from both arguments.
#[differentiable]
fn array_destructured(x: f64, y: f64) -> f64 {
    let corners = [x * y, x.sin(), y + 1.0];
    let [a, b, c] = corners;
    let [first, .., last] = corners;
    a * b + c * y + first / last
}

#[test]
fn let_array_patterns() {
    check_idiom!(array_destructured, [(0.6, 1.3), (-0.4, 0.9)]);
    check_hessian!(array_destructured, [(0.6, 1.3)]);
}

/// Arms by the slice's length: references to its elements (`*first`, `last.sin()`), elements
/// from the back after `..`, a `&[..]` pattern that copies them, and the empty slice.
#[differentiable]
fn by_length(xs: &[f64], s: f64) -> f64 {
    match xs {
        [] => s * s,
        [only] => only * s,
        &[a, b] => a * b * s,
        [first, .., before_last, last] => *first * s - last.sin() + before_last * before_last,
    }
}

/// `if let` and `let .. else` with slice patterns.
#[differentiable]
fn leading_pair(xs: &[f64], s: f64) -> f64 {
    let [head, ..] = xs else {
        return s;
    };
    if let [_, second, rest_first, ..] = xs {
        head * second * s + rest_first.exp()
    } else {
        head * s
    }
}

#[test]
fn slice_patterns_by_length() {
    check_slice_idiom!(
        by_length,
        [
            (vec![], 0.7),
            (vec![1.3], 0.7),
            (vec![1.3, -0.4], 0.7),
            (vec![1.3, -0.4, 2.1], 0.7),
            (vec![0.2, 1.3, -0.4, 2.1, 0.9], -1.1),
        ]
    );
    check_slice_idiom!(
        leading_pair,
        [
            (vec![], 0.5),
            (vec![1.2], 0.5),
            (vec![1.2, -0.3], 0.5),
            (vec![1.2, -0.3, 0.4, 2.0], 0.5),
        ]
    );
    // Closed forms: d/dxs of `[first, .., before_last, last]` and of `[a, b]`.
    let xs = [0.2, 1.3, -0.4, 2.1];
    let (dxs, ds) = ad::gradient!(at: &xs[..], 0.5, of: by_length);
    assert_eq!(dxs, vec![0.5, 0.0, 2.0 * -0.4, -(2.1f64).cos()]);
    assert_eq!(ds, 0.2);
    let (dxs, ds) = ad::gradient!(at: &[3.0, 4.0][..], 0.5, of: by_length);
    assert_eq!((dxs, ds), (vec![2.0, 1.5], 12.0));
}

/// A function of one slice, for the Hessian check.
#[differentiable]
fn ends_product(xs: &[f64]) -> f64 {
    match xs {
        [first, .., last] => first * last * first,
        _ => 0.0,
    }
}

#[test]
fn slice_pattern_hessian() {
    check_slice_hessian!(ends_product, [vec![0.5, 2.0, -1.5], vec![1.1, 0.3]]);
}

/// A `Vec` bound by a tuple pattern beside a float (`let (mut k1, h) = (vec![..], ..)`, one
/// declaration as a C++ port writes it), then a swap by tuples: the vector was moved into a
/// tuple and then read (E0382).
#[differentiable]
fn vec_in_a_tuple_pattern(x: f64) -> f64 {
    let (mut a, b) = (vec![x; 2], 2.0 * x);
    a[1] = a[0] * b;
    let (c, d) = (b, a[1]);
    let (c, d) = (d, c);
    a[0] * c + d
}

#[test]
fn a_vec_bound_by_a_tuple_pattern() {
    // a = [x, 2x²], (c, d) = (2x², 2x): 2x³ + 2x.
    let x = 1.5;
    crate::assert_close(
        ad::gradient!(at: x, of: vec_in_a_tuple_pattern),
        6.0 * x * x + 2.0,
    );
    crate::common::every_mode::assert_every_mode!(vec_in_a_tuple_pattern, x);
}

/// The roots of `t² = x`, as the `roots` crate returns them: an enum of how many there are.
#[derive(Differentiable)]
#[allow(dead_code)] // `No` is a variant of the crate's enum that this function never builds
enum Roots {
    No,
    One(f64),
    Two(f64, f64),
}

/// `ref` bindings in the patterns of a reference to an enum that is not `Copy`
/// (`&Roots::One(ref a) => *a`, the `roots` crate's way): references to the variant's fields.
#[differentiable]
fn ref_bindings(x: f64, y: f64) -> f64 {
    let roots = if x > 0.0 {
        Roots::Two(x.sqrt() * y, -x.sqrt())
    } else {
        Roots::One(x * y)
    };
    match &roots {
        &Roots::No => 0.0,
        &Roots::One(ref a) => *a * 2.0,
        &Roots::Two(ref a, ref b) => *a - *b * y,
    }
}

#[test]
fn ref_bindings_in_patterns_of_a_reference() {
    // x > 0: √x·y + √x·y = 2√x·y; x ≤ 0: 2xy.
    check_idiom!(ref_bindings, [(4.0, 0.5), (2.0, -1.5), (-1.0, 0.7)]);
    let (dx, dy) = ad::gradient!(at: 4.0, 0.5, of: ref_bindings);
    crate::assert_close(dx, 0.5 / 4f64.sqrt());
    crate::assert_close(dy, 4.0);
    crate::common::every_mode::assert_every_mode!(ref_bindings, 4.0, 0.5);
}
