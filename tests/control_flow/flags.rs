//! Loops whose condition is a flag the body sets (`while go { ..; go = .. }`): the flag is a
//! carried value, read at the top of the next iteration. Set at the end, in the middle, in a
//! branch, by a `match`, from a differentiated value; nested, inside a `for`, tested at the
//! top of a `loop`, after a `continue`. Each is checked in every mode (value, reverse,
//! forward, second order) against the original function and central differences, and
//! against a closed form where one is short.

use crate::common::every_mode::assert_every_mode;
use crate::*;
use ad::prelude::*;

/// `t = y^8`: three squarings, the flag set at the end of the body.
#[differentiable]
fn flag_at_end(y: f64) -> f64 {
    let mut t = y;
    let mut keep_going = true;
    let mut i = 2;
    while keep_going {
        i += 1;
        t = t * t;
        keep_going = i < 5;
    }
    t
}

#[test]
fn a_flag_set_at_the_end_of_the_body() {
    for y in [0.7, 1.0, 1.1] {
        // Closed form: d(y^8)/dy = 8 y^7.
        assert_close(gradient!(at: y, of: flag_at_end), 8.0 * y.powi(7));
        assert_close(differentiate!(at: y, of: flag_at_end), 8.0 * y.powi(7));
        assert_every_mode!(flag_at_end, y);
    }
}

/// Multiplies by 1.5 until the value reaches 10: the flag depends on a differentiated value.
#[differentiable]
fn flag_from_the_value(y: f64) -> f64 {
    let mut t = y;
    let mut go = true;
    while go {
        t = t * 1.5;
        go = t < 10.0;
    }
    t
}

#[test]
fn a_flag_computed_from_a_differentiated_value() {
    // At 1.0 the loop runs 6 times: 1.5^6 = 11.39 (1.5^5 = 7.59 < 10).
    assert_close(gradient!(at: 1.0, of: flag_from_the_value), 1.5f64.powi(6));
    for y in [0.5, 1.0, 3.0, 12.0] {
        assert_every_mode!(flag_from_the_value, y);
    }
}

/// The flag is set between two updates of `t`.
#[differentiable]
fn flag_in_the_middle(x: f64, y: f64) -> f64 {
    let mut t = x;
    let mut go = true;
    let mut k = 0;
    while go {
        t = (t * y).sin() + x;
        k += 1;
        go = k < 3;
        t = t * 0.9 + y;
    }
    t
}

#[test]
fn a_flag_set_in_the_middle_of_the_body() {
    for (x, y) in [(0.3, 0.8), (-1.2, 0.4), (0.9, -0.6)] {
        assert_every_mode!(flag_in_the_middle, x, y);
    }
}

/// The flag is cleared in one branch of an `if` on a differentiated value.
#[differentiable]
fn flag_in_a_branch(x: f64) -> f64 {
    let mut t = x;
    let mut go = true;
    let mut k = 0;
    while go {
        k += 1;
        if t > 3.0 || k >= 8 {
            go = false;
        } else {
            t = t * t + 0.5;
        }
    }
    t * x
}

#[test]
fn a_flag_cleared_in_a_branch() {
    for x in [0.2, 1.1, 1.5, 4.0] {
        assert_every_mode!(flag_in_a_branch, x);
    }
}

/// The flag is set by a `match` on the iteration count.
#[differentiable]
fn flag_by_match(x: f64) -> f64 {
    let mut t = x;
    let mut go = true;
    let mut k = 0;
    while go {
        t = (t + 0.3).tanh() * 2.0;
        k += 1;
        go = match k {
            0..=2 => true,
            _ => false,
        };
    }
    t
}

#[test]
fn a_flag_set_by_a_match() {
    for x in [-0.8, 0.1, 0.9] {
        assert_every_mode!(flag_by_match, x);
    }
}

/// A flag loop inside a flag loop.
#[differentiable]
fn nested_flags(x: f64, y: f64) -> f64 {
    let mut t = x;
    let mut outer = true;
    let mut i = 0;
    while outer {
        let mut inner = true;
        let mut j = 0;
        while inner {
            t = t * 0.8 + y * (j as f64 + 1.0);
            j += 1;
            inner = j < 2;
        }
        i += 1;
        outer = i < 3;
        t = t.sin();
    }
    t
}

#[test]
fn nested_flag_loops() {
    for (x, y) in [(0.3, 0.8), (-1.2, 0.4)] {
        assert_every_mode!(nested_flags, x, y);
    }
}

/// A flag loop inside a `for` over a range.
#[differentiable]
fn flag_loop_in_a_for(x: f64) -> f64 {
    let mut acc = 0.0;
    for n in 1..4 {
        let mut t = x;
        let mut go = true;
        let mut k = 0;
        while go {
            t = t * x + 0.1;
            k += 1;
            go = k < n;
        }
        acc += t;
    }
    acc
}

#[test]
fn a_flag_loop_inside_a_for() {
    for x in [-0.7, 0.4, 1.3] {
        assert_every_mode!(flag_loop_in_a_for, x);
    }
}

/// `loop` testing the flag at its top.
#[differentiable]
fn flag_at_top_of_loop(x: f64) -> f64 {
    let mut t = x;
    let mut go = true;
    let mut k = 0;
    loop {
        if !go {
            break;
        }
        t = (t * 1.7).cos() + x;
        k += 1;
        go = k < 4;
    }
    t
}

#[test]
fn a_loop_testing_its_flag_at_the_top() {
    for x in [-0.7, 0.4, 1.3] {
        assert_every_mode!(flag_at_top_of_loop, x);
    }
}

/// `continue` skips some iterations before the flag update.
#[differentiable]
fn continue_before_flag(x: f64) -> f64 {
    let mut t = x;
    let mut go = true;
    let mut k = 0;
    while go {
        k += 1;
        if k == 2 {
            continue;
        }
        t = t * x + 0.25;
        go = k < 4;
    }
    t
}

#[test]
fn continue_before_the_flag_update() {
    for x in [-0.7f64, 0.4, 1.3] {
        // Closed form: iterations 1, 3 and 4 apply t = t x + 1/4 to t = x, which gives
        // x^4 + x^2/4 + x/4 + 1/4.
        let want = 4.0 * x.powi(3) + 0.5 * x + 0.25;
        assert_close(gradient!(at: x, of: continue_before_flag), want);
        assert_every_mode!(continue_before_flag, x);
    }
}
