//! A `let` in a loop's body that shadows a name the loop carries, before and after
//! assignments to the outer name, in every loop kind (issue 33): the shadow is local to one
//! iteration, and the outer name keeps what was assigned to it. Checked in every mode against
//! central differences and against closed forms.

use crate::common::every_mode::assert_every_mode;
use ad::prelude::*;

/// The case: `loop` with `break`, the shadow after the assignment; 8x at any x.
#[differentiable]
pub fn in_loop_after_assignment(x: f64) -> f64 {
    let mut v1 = x;
    let mut k = 0;
    loop {
        k += 1;
        v1 = v1 * 2.0;
        let v1 = 100.0 * x;
        if k >= 3 {
            break;
        }
        let _ = v1;
    }
    v1
}

#[test]
fn loop_shadow_after_an_assignment() {
    let (value, slope) = value_with_gradient!(at: 1.0, of: in_loop_after_assignment);
    assert_eq!((value, slope), (8.0, 8.0));
    assert_every_mode!(in_loop_after_assignment, 1.3);
}

/// The shadow is read in the body, before and after a second assignment to the outer name.
#[differentiable]
pub fn in_loop_read(x: f64) -> f64 {
    let mut v = x;
    let mut s = 0.0;
    let mut k = 0;
    loop {
        let v = v * x;
        s += v;
        k += 1;
        if k == 3 {
            break;
        }
    }
    v = v * 3.0;
    let mut k = 0;
    loop {
        v = v.sin();
        let v = 2.0 * v;
        s += v;
        k += 1;
        if k == 2 {
            break;
        }
    }
    s + v
}

fn in_loop_read_by_hand(x: f64) -> f64 {
    let mut s = 3.0 * x * x;
    let v = (3.0 * x).sin();
    s += 2.0 * v;
    let v = v.sin();
    s += 2.0 * v;
    s + v
}

#[test]
fn loop_shadow_read_in_the_body() {
    for x in [0.4, -0.9] {
        assert!((in_loop_read(x) - in_loop_read_by_hand(x)).abs() < 1e-14);
        assert_every_mode!(in_loop_read, x);
    }
}

/// `while` on a counter and `while` driven by a flag, shadows before and after assignments.
#[differentiable]
pub fn in_whiles(x: f64, y: f64) -> f64 {
    let mut a = x;
    let mut b = y;
    let mut i = 0;
    while i < 3 {
        let a2 = a;
        a = a * y + 0.5;
        let a = a2 * 10.0;
        b += a * 0.01;
        i += 1;
    }
    let mut going = true;
    let mut n = 0;
    while going {
        b = b + 0.1 * x;
        let b = b * x;
        a += b * 0.1;
        n += 1;
        if n >= 2 {
            going = false;
        }
        let a = 7.0 * y;
        let _ = a;
    }
    a + b
}

fn in_whiles_by_hand(x: f64, y: f64) -> f64 {
    let (mut a, mut b) = (x, y);
    for _ in 0..3 {
        let a2 = a;
        a = a * y + 0.5;
        b += a2 * 10.0 * 0.01;
    }
    for _ in 0..2 {
        b += 0.1 * x;
        a += b * x * 0.1;
    }
    a + b
}

#[test]
fn while_and_flag_loop_shadows() {
    for (x, y) in [(0.7, 0.3), (-0.2, 1.1)] {
        assert!((in_whiles(x, y) - in_whiles_by_hand(x, y)).abs() < 1e-13);
        assert_every_mode!(in_whiles, x, y);
    }
}

/// `for` over a range, over a slice's elements and over an iterator, nested, with shadows.
#[differentiable]
pub fn in_fors(x: f64, y: f64) -> f64 {
    let w = [0.5, 1.5, -0.25];
    let mut acc = x;
    for i in 0..3 {
        acc = acc * y;
        let acc = acc + 100.0;
        for &c in w.iter() {
            let acc = acc * c;
            let _ = acc;
        }
        let _ = (acc, i);
    }
    let mut t = y;
    for c in w {
        let t = t * c;
        acc += t;
    }
    for (j, c) in w.iter().enumerate() {
        t = t + c * x;
        let t = j as f64;
        acc += t;
    }
    acc + t
}

fn in_fors_by_hand(x: f64, y: f64) -> f64 {
    let mut acc = x * y * y * y;
    acc += y * (0.5 + 1.5 - 0.25);
    acc += 0.0 + 1.0 + 2.0;
    acc + y + x * (0.5 + 1.5 - 0.25)
}

#[test]
fn for_loop_shadows() {
    for (x, y) in [(0.7, 0.3), (-0.2, 1.1)] {
        assert!((in_fors(x, y) - in_fors_by_hand(x, y)).abs() < 1e-13);
        assert_every_mode!(in_fors, x, y);
    }
}

/// Nested loops: an inner `loop` shadows a name the outer `loop` carries.
#[differentiable]
pub fn nested(x: f64) -> f64 {
    let mut v = x;
    let mut i = 0;
    loop {
        let mut j = 0;
        loop {
            v = v * 1.5;
            let v = v * 1000.0;
            j += 1;
            if j == 2 || v < 0.0 {
                break;
            }
        }
        i += 1;
        let v = -v;
        if i == 2 && v != 1.0 {
            break;
        }
    }
    v
}

#[test]
fn nested_loop_shadows() {
    let (value, slope) = value_with_gradient!(at: 1.0, of: nested);
    assert_eq!((value, slope), (1.5f64.powi(4), 1.5f64.powi(4)));
    assert_every_mode!(nested, 0.8);
}

/// Shadows in plain blocks, in a labelled block left early, and in branches that exit a loop.
#[differentiable]
pub fn in_blocks(x: f64) -> f64 {
    let mut v = x;
    let mut s = 0.0;
    {
        v = v * 2.0;
        let v = 100.0 * x;
        s += v * 0.01;
    }
    'done: {
        v = v + x;
        let v = v * 1000.0;
        if x > -10.0 {
            break 'done;
        }
        s += v;
    }
    let mut k = 0;
    loop {
        k += 1;
        if k > 2 {
            let v = v * 50.0;
            s += v * 0.001;
            break;
        } else {
            v = v * 1.5;
            let v = 3.0;
            if k > 10 {
                break;
            }
            s += v * x;
        }
    }
    s + v
}

fn in_blocks_by_hand(x: f64) -> f64 {
    let v = 3.0 * x * 1.5 * 1.5;
    let s = x + 3.0 * x * 2.0 + v * 0.05;
    s + v
}

#[test]
fn block_and_branch_shadows() {
    for x in [0.6, -1.7] {
        assert!(
            (in_blocks(x) - in_blocks_by_hand(x)).abs() < 1e-13,
            "{}",
            in_blocks(x)
        );
        assert_every_mode!(in_blocks, x);
    }
}
