//! Functions that once gave a wrong value, a wrong derivative or a panic, each reduced to its
//! smallest form: found by hand or by the generated-program tests (`tests/crates/generated`),
//! and kept here so that they stay right. Each is checked in every mode against the original
//! function and central differences.

use crate::common::every_mode::assert_every_mode;
use ad::prelude::*;

/// A shadowing `let` inside a branch is local to the branch: the outer `v1` is unchanged,
/// and the result is `1.39 x` on the `else` side.
#[differentiable]
#[allow(unused_mut, unused_variables, unused_assignments)] // the shadowing copy is the point
fn shadow_in_branch(x: f64) -> f64 {
    let mut v1 = x;
    if (v1 + x) < x {
        return (((v1 + x).mul_add(0.90, x * v1)) * 0.1).tanh() * 3.0;
    } else {
        let mut v1 = v1;
        v1 *= (1.0 / (1.0 + x * x)).cos();
    }
    v1 * 1.39
}

#[test]
fn a_shadowing_let_in_a_branch_stays_in_the_branch() {
    for x in [1.6333, 0.2, -0.5, -2.0] {
        assert_every_mode!(shadow_in_branch, x);
    }
}

/// `break value` out of a `loop`: the value carries the derivative of `y`.
#[differentiable]
fn break_value(x: f64, y: f64) -> f64 {
    let v1 = y;
    let v = loop {
        break (1.0 + v1 * v1).sqrt().sin();
    };
    v + 0.0 * x
}

#[test]
fn break_with_a_value_carries_its_derivative() {
    for (x, y) in [(0.885, 0.153), (-0.3, 1.2)] {
        assert_every_mode!(break_value, x, y);
    }
}

/// `return` inside a `loop` that also ends with `break value`.
#[differentiable]
fn return_in_value_loop(x: f64) -> f64 {
    let v1 = x + (1.0 + x * x).ln();
    let mut k: usize = 0;
    let v = loop {
        k += 1;
        if k >= 6 {
            break (v1 - x + x).atan();
        }
        return (v1 - (-x * x).exp()).atan();
    };
    v * 2.0
}

#[test]
fn return_and_break_value_in_one_loop() {
    for x in [-0.9561, 0.4, 1.7] {
        assert_every_mode!(return_in_value_loop, x);
    }
}

/// `break 'outer value` from a nested `loop`: the value belongs to the outer loop, and the
/// inner loop has none of its own (it did not compile: the inner loop was given an `Option`
/// of unknown type).
#[differentiable]
fn labelled_break_value(x: f64) -> f64 {
    let mut k = 0;
    let v = 'outer: loop {
        k += 1;
        let mut t = x;
        loop {
            t = t * x + 0.1;
            if k >= 2 {
                break 'outer t * 2.0;
            }
            break;
        }
    };
    v + x
}

#[test]
fn a_labelled_break_value_from_a_nested_loop() {
    for x in [0.3f64, -0.7] {
        // Closed form: v = 2 (x^2 + 0.1), so dv/dx + 1 = 4x + 1.
        assert_eq!(labelled_break_value(x), 2.0 * (x * x + 0.1) + x);
        assert_every_mode!(labelled_break_value, x);
    }
}

/// A `return` at the end of a `match` arm's block, with statements after the `match` (it was
/// rejected as a `return` inside a nested block expression).
#[differentiable]
fn return_from_a_match_arm_block(x: f64) -> f64 {
    let k = if x > 0.0 { 1 } else { 2 };
    let mut t = x;
    match k {
        1 => {
            let t2 = t * t;
            if t2 > 0.5 {
                return t2;
            }
            t = t2 + 1.0;
        }
        _ => {
            t = t * 3.0;
        }
    }
    t * x
}

#[test]
fn a_return_inside_a_match_arm_block() {
    for x in [0.3, 0.9, -0.7] {
        assert_every_mode!(return_from_a_match_arm_block, x);
    }
}

/// A labelled `for` over a slice's iterator with `break 'label` (the label was lost when the
/// loop became a loop over indices: "no enclosing loop is labelled"). Found by the generated
/// programs (seed 1, f102).
#[differentiable]
fn labelled_slice_loop(s0: &[f64], x1: f64, x2: f64) -> f64 {
    let mut a2 = x1;
    'l4: for v5 in s0.iter() {
        a2 = a2 * *v5 + x2;
        if a2 > 1.0 {
            break 'l4;
        }
        a2 = a2.sin();
    }
    a2
}

#[differentiable]
fn labelled_slice_loop_at(x: f64) -> f64 {
    labelled_slice_loop(&vec![0.5, 2.0, 0.3], x, x * 0.5)
}

#[test]
fn a_labelled_loop_over_a_slice() {
    for x in [0.3, -0.7, 1.1] {
        assert_every_mode!(labelled_slice_loop_at, x);
    }
}

/// A `return` only in unreachable code after an `if` whose branches both `break`: nothing
/// reachable gives the stored return value its type, so it takes the function's return type
/// (it did not compile: E0282). Found by the generated programs (seed 1, f830).
#[differentiable(wrt = x1)]
#[allow(unreachable_code, unused_assignments, unused_mut)]
fn unreachable_return_in_loop(s0: &[f64], x1: f64) -> f64 {
    let mut a1 = x1;
    let mut a3 = a1;
    let mut k4: usize = 0;
    loop {
        k4 += 1;
        if !(k4 < 5) {
            break;
        }
        if (1.0 + s0[0].tanh() * s0[0].tanh()).sqrt() < x1.cos() {
            break;
        } else {
            break;
        }
        let mut k10: i32 = 0;
        k10 += 1;
        match k10 % 3 {
            2 => {
                a3 = a1;
                return a1;
            }
            _ => {}
        }
        a1 = x1;
    }
    a3 + a1
}

#[differentiable]
fn unreachable_return_in_loop_at(x: f64) -> f64 {
    unreachable_return_in_loop(&vec![0.5], x)
}

#[test]
fn a_return_in_unreachable_code_of_a_loop() {
    for x in [0.3, -0.7] {
        assert_every_mode!(unreachable_return_in_loop_at, x);
    }
}

/// `break 'outer value` from a `let r = loop { .. }` inside a branch that statements follow:
/// the branch leaves the outer loop from a nested one, so the rest of the iteration moves into
/// it (it was rejected as a loop that leaves from a nested block). Found by the generated
/// programs (seed 1, f1722), shrunk by hand.
#[differentiable]
fn break_outer_from_a_branch(x: f64) -> f64 {
    let mut a = x;
    let mut k = 0;
    let r = 'outer: loop {
        k += 1;
        if k > 3 {
            break a;
        }
        if a < 2.0 {
            let mut j = 0;
            let inner = loop {
                j += 1;
                if j > 2 {
                    break a.sin();
                }
                if a * x > 1.5 {
                    break 'outer a * 3.0;
                }
                a = a * 1.2 + 0.1;
            };
            a = a + inner * 0.5;
        }
        a = a * 0.9;
    };
    r + x
}

#[test]
fn a_labelled_break_value_from_a_loop_in_a_branch() {
    for x in [0.3, -0.7, 1.1, 1.6] {
        assert_every_mode!(break_outer_from_a_branch, x);
    }
}

/// A block statement whose `if` leaves the iteration on both branches: the statements after
/// the block belong to the rest of the iteration, so they must not run (they did: the value
/// was 0.3 * 0.9^3 instead of 0.3). Found by the generated programs (seed 1, f6556), shrunk by
/// hand.
#[differentiable]
#[allow(unreachable_code, unused_variables)]
fn exits_inside_a_block_statement(x: f64) -> f64 {
    let mut a = x;
    let mut k = 0;
    while k < 3 {
        k += 1;
        {
            let b = a * 2.0;
            if x > 1.27 {
                a = a + b;
                break;
            } else {
                continue;
            }
            let a = a * 0.5;
        }
        a = a * 0.9;
    }
    a * x
}

#[test]
fn an_exit_inside_a_block_statement_skips_the_rest_of_the_iteration() {
    for x in [0.3f64, -0.7, 1.5] {
        // Closed form: below 1.27 every iteration continues (a = x, so x^2); above it the
        // first breaks with a = 3x, so 3x^2.
        let want = if x > 1.27 { 3.0 * x * x } else { x * x };
        assert_eq!(exits_inside_a_block_statement(x), want);
        assert_every_mode!(exits_inside_a_block_statement, x);
    }
}

/// Found by generated programs (seed 3, f15): a counted loop inside a `while`, whose carried
/// `a2` leaves the outer loop unused; the adjoint of `x1 * 0.7`, written as float arithmetic,
/// had no type rustc could infer (E0282) until the plan gave it the float type of the product.
#[differentiable]
#[allow(unused_assignments)]
fn counted_loop_with_an_unused_carried_value(x0: f64) -> f64 {
    let mut a1 = x0;
    let mut a2 = x0;
    let mut k: i32 = 0;
    while k < 3 {
        k += 1;
        let x1 = a2.cos();
        for _ in 1..6 {
            a1 -= a2;
            a2 -= x1 * 0.7;
        }
    }
    a1
}

#[test]
fn a_counted_loop_whose_carried_value_is_unused_after_the_outer_loop() {
    for x in [0.3f64, -0.7, 1.5] {
        assert_every_mode!(counted_loop_with_an_unused_carried_value, x);
    }
}
