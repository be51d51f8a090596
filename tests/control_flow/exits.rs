//! Early exits out of loops: `return` from inside a loop, labelled `break` and `continue`,
//! `break` with a value out of `loop`; and mutual recursion (`#[differentiable(recursive)]`).

use crate::*;
use ad::prelude::*;
// The suite's operators, which also check forward mode against reverse mode.
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};

/// Returns from inside the loop at the first element above the threshold.
#[differentiable]
fn first_above(xs: &[f64], limit: f64) -> f64 {
    for &x in xs.iter() {
        if x * limit > 1.0 {
            return x * x * limit;
        }
    }
    limit * 0.5
}

#[test]
fn return_from_inside_a_loop() {
    let xs = [0.1, 0.5, 2.0, 3.0];
    for limit in [0.3, 1.0, 4.0, 20.0] {
        // Closed form: the element returned is the first with x * limit > 1, if any.
        let (dxs, dlimit) = gradient!(at: &xs, limit, of: first_above);
        match xs.iter().position(|&x| x * limit > 1.0) {
            Some(k) => {
                let mut want = vec![0.0; xs.len()];
                want[k] = 2.0 * xs[k] * limit;
                assert_all_close(&dxs, &want);
                assert_close(dlimit, xs[k] * xs[k]);
            }
            None => {
                assert_all_close(&dxs, &[0.0; 4]);
                assert_close(dlimit, 0.5);
            }
        }
        let point = concat(&xs, &[limit]);
        let got = concat(&dxs, &[dlimit]);
        assert_grad_fd(|p| first_above(&p[..4], p[4]), &point, &got);
    }
}

/// Returns from inside two nested loops.
#[differentiable]
fn search_grid(x: f64, n: usize) -> f64 {
    let mut acc = x;
    for i in 0..n {
        for j in 0..n {
            acc = acc * 1.1 + (i * j) as f64 * 0.01;
            if acc > 20.0 {
                return acc.sqrt() * x;
            }
        }
    }
    acc
}

#[test]
fn return_from_nested_loops() {
    for x in [0.5, 1.7, 3.0, 9.0] {
        let (dx, _) = gradient!(at: x, 6, of: search_grid);
        assert_deriv_fd(|x| search_grid(x, 6), x, dx);
        let (value, _) = value_with_gradient!(at: x, 6, of: search_grid);
        assert_eq!(value, search_grid(x, 6));
    }
}

/// `continue 'outer` skips the rest of the outer iteration; `break 'outer` leaves both loops.
#[differentiable]
fn labelled_exits(x: f64, n: usize) -> f64 {
    let mut y = x;
    'outer: for i in 0..n {
        for j in 0..n {
            if j > i {
                continue 'outer;
            }
            y = y * 1.1 + x;
            if y > 50.0 {
                break 'outer;
            }
        }
        y = y.sin() + y;
    }
    y
}

#[test]
fn labelled_break_and_continue() {
    for x in [0.05, 0.3, 0.7, 2.0] {
        let (dx, _) = gradient!(at: x, 6, of: labelled_exits);
        assert_deriv_fd(|x| labelled_exits(x, 6), x, dx);
    }
}

/// The value of a `loop` is what its `break` carries.
#[differentiable]
fn break_value(x: f64) -> f64 {
    let mut y = x;
    let found = loop {
        y = y * 2.0;
        if y > 10.0 {
            break y * 3.0;
        }
    };
    found + y
}

#[test]
fn break_with_a_value() {
    for x in [0.7, 1.3, 4.0, 11.0] {
        let got = gradient!(at: x, of: break_value);
        // Closed form: y = x 2^k for the first k with y > 10, result 4 y.
        let k = (1..).find(|k| x * 2f64.powi(*k) > 10.0).unwrap_or(1);
        assert_close(got, 4.0 * 2f64.powi(k));
        assert_deriv_fd(break_value, x, got);
    }
}

/// Mutual recursion: one of the two functions boxes its pullback.
#[differentiable(recursive)]
fn even_terms(x: f64, n: u32) -> f64 {
    if n == 0 { 1.0 } else { x * odd_terms(x, n - 1) }
}

#[differentiable]
fn odd_terms(x: f64, n: u32) -> f64 {
    if n == 0 {
        x
    } else {
        x.sin() + even_terms(x, n - 1)
    }
}

#[test]
fn mutual_recursion() {
    for x in [-0.8, 0.4, 1.9] {
        for n in [0, 1, 4, 7] {
            let (dx, _) = gradient!(at: x, n, of: even_terms);
            assert_deriv_fd(|x| even_terms(x, n), x, dx);
        }
    }
}
