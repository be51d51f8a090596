//! `let y;` declared without a value and assigned later, on every path that reads it: in
//! branches, and inside loops that carry it out (a float, a `Vec` and a struct that has a
//! `Default`).

use crate::check::{check_hessian, check_idiom, check_slice_idiom};
use ad::prelude::*;

/// Assigned in both branches of an `if`.
#[differentiable]
fn either(x: f64, y: f64) -> f64 {
    let z;
    if x > y {
        z = x * y;
    } else {
        z = x + y.sin();
    }
    z * z
}

#[test]
fn assigned_in_both_branches() {
    check_idiom!(either, [(1.5, 0.5), (0.2, 0.9), (-1.0, 2.0)]);
}

/// Declared with a type, assigned by every arm of a `match`.
#[differentiable]
fn by_sign(x: f64) -> f64 {
    let slope: f64;
    match x.partial_cmp(&0.0) {
        Some(std::cmp::Ordering::Less) => slope = -x.exp(),
        Some(std::cmp::Ordering::Greater) => slope = x * x,
        _ => slope = 0.0,
    }
    slope * x
}

#[test]
fn assigned_in_every_arm() {
    check_idiom!(by_sign, [-1.3, 0.7, 2.5]);
}

/// Assigned in one branch and read only there; a second declaration assigned after it.
#[differentiable]
fn read_where_assigned(x: f64, y: f64) -> f64 {
    let total;
    let scaled;
    if x > 0.0 {
        scaled = x * y;
        total = scaled + y;
    } else {
        total = y * y;
    }
    total * x
}

#[test]
fn assigned_on_one_path_and_read_there() {
    check_idiom!(read_where_assigned, [(1.2, 0.4), (-0.7, 1.1)]);
}

/// Assigned inside a loop's body before each read, and a running value carried by the loop.
#[differentiable]
fn assigned_each_iteration(x: f64, y: f64) -> f64 {
    let mut acc = 0.0;
    for k in 0..4 {
        let term;
        if k % 2 == 0 {
            term = x * (k as f64);
        } else {
            term = y.cos();
        }
        acc += term * x;
    }
    acc
}

#[test]
fn assigned_in_every_iteration() {
    check_idiom!(assigned_each_iteration, [(0.3, 1.7), (-1.1, 0.2)]);
}

/// Declared first, assigned later in straight-line code.
#[differentiable]
fn declared_first(x: f64) -> f64 {
    let a;
    let b: f64;
    a = x.exp();
    b = a * x;
    a + b
}

#[test]
fn declared_then_assigned() {
    check_idiom!(declared_first, [0.4, -2.0]);
}

/// Newton's iteration for `√c`, its result assigned inside the `loop` that finds it.
#[differentiable]
fn newton_root(c: f64, scale: f64) -> f64 {
    let mut x = c.max(1.0);
    let root;
    let mut steps = 0;
    loop {
        let next = 0.5 * (x + c / x);
        steps += 1;
        if (next - x).abs() < 1e-13 || steps > 60 {
            root = next;
            break;
        }
        x = next;
    }
    root * scale
}

#[test]
fn assigned_inside_a_loop_and_read_after_it() {
    check_idiom!(newton_root, [(2.0, 1.5), (0.3, -0.7)]);
    check_hessian!(newton_root, [(2.0, 1.5)]);
    // Closed form: ∂(s√c)/∂c = s / (2√c), ∂/∂s = √c.
    let (dc, ds) = ad::gradient!(at: 2.0, 1.5, of: newton_root);
    crate::assert_close(dc, 1.5 / (2.0 * 2f64.sqrt()));
    crate::assert_close(ds, 2f64.sqrt());
}

/// A point with a `Default`, the type of a local a loop assigns.
#[derive(Differentiable, Clone, Copy, Debug, Default)]
struct Hit {
    at: f64,
    weight: f64,
}

/// Locals declared without values and assigned in loops: a struct (the first element above a
/// level, or the level), a float in a nested loop and a `Vec`.
#[differentiable]
fn first_above(xs: &[f64], level: f64) -> f64 {
    let hit;
    let mut i = 0;
    loop {
        if i == xs.len() {
            hit = Hit {
                at: level,
                weight: 0.0,
            };
            break;
        }
        if xs[i] > level {
            hit = Hit {
                at: xs[i] * level,
                weight: i as f64,
            };
            break;
        }
        i += 1;
    }
    let scaled;
    let mut factor = level;
    loop {
        let mut inner;
        let mut j = 0;
        loop {
            inner = factor * (j as f64 + 1.0);
            j += 1;
            if j == 2 {
                break;
            }
        }
        factor = inner;
        if j == 2 {
            scaled = xs.iter().map(|x| x * factor).collect::<Vec<f64>>();
            break;
        }
    }
    hit.at * (hit.weight + 1.0) + scaled.iter().sum::<f64>()
}

#[test]
fn loops_assign_floats_vectors_and_structs() {
    check_slice_idiom!(
        first_above,
        [
            (vec![0.5, 2.0, 3.0], 1.0),
            (vec![0.1, 0.2], 0.7),
            (vec![], 0.4)
        ]
    );
}
