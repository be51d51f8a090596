//! `if`/`else if`/`else` chains (statements and expressions), several locals assigned in
//! branches, early `return` from branches, `&&`, `||` and `!` in conditions, and `if` nested
//! inside loops inside `if`.

use crate::{assert_all_close, assert_close, assert_deriv_fd, assert_grad_fd};
use ad::prelude::*;
// The suite's operators, which also check forward mode against reverse mode.
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};

/// A four-way piecewise function; each branch assigns a different subset of two locals.
#[differentiable]
fn piecewise_chain(x: f64, y: f64) -> f64 {
    let mut a = 0.5;
    let mut b = 1.0;
    if x < -1.0 {
        a = x * y;
        b = y.exp();
    } else if x < 0.5 {
        a = x.sin();
        b = x * x + y;
    } else if x < 2.0 {
        a = a * y * y;
    } else {
        b = x.ln() * y;
        a = b * x;
    }
    a * b + a
}

#[test]
fn piecewise_chain_every_branch() {
    for &(x, y) in &[
        (-2.5, 0.7),
        (-1.2, -0.4),
        (-0.3, 1.1),
        (0.2, -2.0),
        (1.0, 0.3),
        (1.9, -1.5),
        (2.5, 0.8),
        (7.0, -0.2),
    ] {
        let (value, (dx, dy)) = value_with_gradient!(at: x, y, of: piecewise_chain);
        assert_eq!(value, piecewise_chain(x, y));
        assert_grad_fd(|p| piecewise_chain(p[0], p[1]), &[x, y], &[dx, dy]);
    }
    // Closed form in the third branch: a = 0.5y², b = 1, f = y²: ∂x = 0, ∂y = 2y.
    let (dx, dy) = gradient!(at: 1.0, 0.3, of: piecewise_chain);
    assert_all_close(&[dx, dy], &[0.0, 0.6]);
    // Closed form in the first branch: a = xy, b = e^y, f = xy e^y + xy:
    // ∂x = y e^y + y, ∂y = x e^y + xy e^y + x.
    let (x, y) = (-2.5, 0.7);
    let (dx, dy) = gradient!(at: x, y, of: piecewise_chain);
    assert_all_close(
        &[dx, dy],
        &[y * y.exp() + y, x * y.exp() + x * y * y.exp() + x],
    );
}

/// `if` as an expression, nested in a `let` and in another expression.
#[differentiable]
fn if_expression(x: f64) -> f64 {
    let s = if x > 1.0 {
        x.ln()
    } else if x > 0.0 {
        x - 1.0
    } else {
        -x * x - 1.0
    };
    s * x + if s > 0.0 { s.sqrt() } else { 0.0 }
}

#[test]
fn if_as_expression() {
    // x > 1: f = x ln x + √(ln x), f' = ln x + 1 + 1/(2x√(ln x))
    let x = 3.0f64;
    let (value, dx) = value_with_gradient!(at: x, of: if_expression);
    assert_eq!(value, if_expression(x));
    assert_close(dx, x.ln() + 1.0 + 1.0 / (2.0 * x * x.ln().sqrt()));
    // 0 < x < 1: f = (x - 1) x, f' = 2x - 1
    assert_close(gradient!(at: 0.25, of: if_expression), -0.5);
    // x < 0: f = (-x² - 1) x, f' = -3x² - 1
    assert_close(gradient!(at: -2.0, of: if_expression), -13.0);
    for &x in &[-3.0, -0.5, 0.4, 0.9, 1.5, 10.0] {
        let (value, dx) = value_with_gradient!(at: x, of: if_expression);
        assert_eq!(value, if_expression(x));
        assert_deriv_fd(if_expression, x, dx);
    }
}

/// Early `return` from two branches; the fall-through computes after them.
#[differentiable]
fn early_return(x: f64, y: f64) -> f64 {
    if x < 0.0 {
        return x * y;
    }
    let z = x.sqrt() * y;
    if z > 3.0 {
        return z.ln() * x;
    } else if z < -3.0 {
        return z * z;
    }
    z * x + y
}

#[test]
fn early_return_from_branches() {
    // x < 0: ∂x = y, ∂y = x
    let (dx, dy) = gradient!(at: -2.0, 5.0, of: early_return);
    assert_all_close(&[dx, dy], &[5.0, -2.0]);
    // fall-through: f = x^{3/2} y + y, ∂x = 1.5 √x y, ∂y = x^{3/2} + 1
    let (dx, dy) = gradient!(at: 4.0, 0.5, of: early_return);
    assert_all_close(&[dx, dy], &[1.5, 9.0]);
    for &(x, y) in &[
        (-1.0, 2.0),
        (-3.0, -0.5),
        (4.0, 0.5),
        (4.0, 2.0),
        (9.0, -1.5),
        (0.5, -7.0),
        (2.0, 2.5),
    ] {
        let (value, (dx, dy)) = value_with_gradient!(at: x, y, of: early_return);
        assert_eq!(value, early_return(x, y));
        assert_grad_fd(|p| early_return(p[0], p[1]), &[x, y], &[dx, dy]);
    }
}

/// An early `return` before a loop, and the loop result otherwise.
#[differentiable]
fn early_then_loop(x: f64, n: usize) -> f64 {
    if n == 0 {
        return x * x;
    }
    let mut acc = x;
    for _ in 0..n {
        acc = acc.sin() + x;
    }
    acc
}

#[test]
fn early_return_before_loop() {
    assert_close(gradient!(at: 3.0, 0, of: early_then_loop).0, 6.0);
    // n = 1: f = sin x + x, f' = cos x + 1
    assert_close(
        gradient!(at: 0.8, 1, of: early_then_loop).0,
        0.8f64.cos() + 1.0,
    );
    for n in [0, 1, 2, 5] {
        for &x in &[-1.3, 0.4, 2.2] {
            let (value, (dx, _)) = value_with_gradient!(at: x, n, of: early_then_loop);
            assert_eq!(value, early_then_loop(x, n));
            assert_deriv_fd(|x| early_then_loop(x, n), x, dx);
        }
    }
}

/// `&&`, `||` and `!` in conditions, in all four quadrants.
#[differentiable]
fn logic(x: f64, y: f64) -> f64 {
    if x > 0.0 && y > 0.0 {
        x * y
    } else if x < -1.0 || y < -1.0 {
        x + y * y
    } else if !(x > y) {
        (x - y).exp()
    } else {
        x.sin() * y
    }
}

#[test]
fn and_or_not_conditions() {
    // x, y > 0: (y, x)
    let (dx, dy) = gradient!(at: 2.0, 3.0, of: logic);
    assert_all_close(&[dx, dy], &[3.0, 2.0]);
    // y < -1 (|| second operand): (1, 2y)
    let (dx, dy) = gradient!(at: 0.5, -2.0, of: logic);
    assert_all_close(&[dx, dy], &[1.0, -4.0]);
    // x < -1 (|| first operand): (1, 2y)
    let (dx, dy) = gradient!(at: -3.0, 0.5, of: logic);
    assert_all_close(&[dx, dy], &[1.0, 1.0]);
    // !(x > y): e^{x-y} · (1, -1)
    let (dx, dy) = gradient!(at: -0.5, 0.5, of: logic);
    let e = (-1.0f64).exp();
    assert_all_close(&[dx, dy], &[e, -e]);
    // otherwise: (cos x · y, sin x)
    let (dx, dy) = gradient!(at: 0.5, -0.5, of: logic);
    assert_all_close(&[dx, dy], &[0.5f64.cos() * -0.5, 0.5f64.sin()]);
    for &(x, y) in &[
        (2.0, 3.0),
        (0.5, -2.0),
        (-3.0, 0.5),
        (-0.5, 0.5),
        (0.5, -0.5),
        (-0.2, -0.6),
        (1.0, -0.3),
    ] {
        let (value, (dx, dy)) = value_with_gradient!(at: x, y, of: logic);
        assert_eq!(value, logic(x, y));
        assert_grad_fd(|p| logic(p[0], p[1]), &[x, y], &[dx, dy]);
    }
}

/// A short-circuiting condition whose operands compute with the differentiated inputs.
#[differentiable]
fn short_circuit(x: f64, y: f64) -> f64 {
    let mut r = x + y;
    if x * y > 1.0 || (x - y).abs() < 0.5 && x.sin() > 0.0 {
        r = r * x * y;
    }
    if !(r > 0.0) && y < 2.0 {
        r = r - y * y;
    }
    r
}

#[test]
fn short_circuit_with_computed_operands() {
    // x·y > 1: f = (x + y)xy, ∂x = 2xy + y², ∂y = x² + 2xy
    let (dx, dy) = gradient!(at: 2.0, 1.0, of: short_circuit);
    assert_all_close(&[dx, dy], &[5.0, 8.0]);
    // neither: x + y < 0, so f = x + y - y², ∂ = (1, 1 - 2y)
    let (dx, dy) = gradient!(at: -3.0, 0.5, of: short_circuit);
    assert_all_close(&[dx, dy], &[1.0, 0.0]);
    for &(x, y) in &[
        (2.0, 1.0),
        (0.6, 0.5),
        (-0.6, -0.5),
        (-3.0, 0.5),
        (0.3, -2.0),
        (1.5, 3.0),
        (0.2, 0.1),
    ] {
        let (value, (dx, dy)) = value_with_gradient!(at: x, y, of: short_circuit);
        assert_eq!(value, short_circuit(x, y));
        assert_grad_fd(|p| short_circuit(p[0], p[1]), &[x, y], &[dx, dy]);
    }
}

/// `if` inside a loop inside `if`, with a second level of `if` in the loop.
#[differentiable]
fn nested_if_loop_if(xs: &[f64], x: f64) -> f64 {
    let mut s = 0.0;
    if x > 0.0 {
        for i in 0..xs.len() {
            if xs[i] > x {
                s += xs[i] * x;
            } else {
                if xs[i] < -x {
                    s -= xs[i].sin();
                } else {
                    s += x * x;
                }
            }
        }
    } else {
        s = x.exp();
        for &v in xs.iter() {
            if v > 0.0 {
                s = s * v;
            }
        }
    }
    s
}

#[test]
fn if_inside_loop_inside_if() {
    let xs = vec![2.0, -0.5, 0.3, -1.7, 1.2];
    // x = 1: terms 2x, x², x², -sin(-1.7), 1.2x: ∂x = 2 + 4x + 1.2, ∂xs = (x, 0, 0, -cos(-1.7), x)
    let (value, (dxs, dx)) = value_with_gradient!(at: &xs, 1.0, of: nested_if_loop_if);
    assert_eq!(value, nested_if_loop_if(&xs, 1.0));
    assert_close(dx, 7.2);
    assert_all_close(&dxs, &[1.0, 0.0, 0.0, -(-1.7f64).cos(), 1.0]);
    // x = -1: f = e^x · 2 · 0.3 · 1.2, ∂x = f, ∂xs_i = f / xs_i for positive xs_i
    let (dxs, dx) = gradient!(at: &xs, -1.0, of: nested_if_loop_if);
    let f = (-1.0f64).exp() * 2.0 * 0.3 * 1.2;
    assert_close(dx, f);
    assert_all_close(&dxs, &[f / 2.0, 0.0, f / 0.3, 0.0, f / 1.2]);
    for &x in &[-1.0, -0.2, 0.1, 0.4, 1.0, 1.5, 2.5] {
        let (value, (dxs, dx)) = value_with_gradient!(at: &xs, x, of: nested_if_loop_if);
        assert_eq!(value, nested_if_loop_if(&xs, x));
        let point = crate::concat(&xs, &[x]);
        let mut got = dxs.clone();
        got.push(dx);
        assert_grad_fd(|p| nested_if_loop_if(&p[..5], p[5]), &point, &got);
    }
}

/// A branch that does not touch the result at all still gives a zero, not a stale, adjoint.
#[differentiable]
fn branch_discards_input(x: f64, y: f64) -> f64 {
    let mut r = y * 2.0;
    if x > 1.0 {
        r = x * x;
    }
    r
}

#[test]
fn branch_that_overwrites_a_local() {
    // x > 1: f = x², (2x, 0); otherwise f = 2y, (0, 2)
    for &(x, y) in &[(3.0, 5.0), (1.5, -2.0), (0.5, 5.0), (-4.0, 0.1)] {
        let (value, (dx, dy)) = value_with_gradient!(at: x, y, of: branch_discards_input);
        assert_eq!(value, branch_discards_input(x, y));
        let want = if x > 1.0 { [2.0 * x, 0.0] } else { [0.0, 2.0] };
        assert_all_close(&[dx, dy], &want);
    }
}
