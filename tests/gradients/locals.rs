//! Locals: `mut`, reassignment, compound assignment, shadowing, typed and wildcard `let`,
//! block expressions and `return`.

use crate::{assert_all_close, assert_close, assert_grad_fd};
use ad::prelude::*;
// The suite's operators, which also check forward mode against reverse mode.
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};

/// acc = x; acc = acc · y; acc = acc + x; acc = acc · acc
#[differentiable]
fn reassigned(x: f64, y: f64) -> f64 {
    let mut acc = x;
    acc = acc * y;
    acc = acc + x;
    acc = acc * acc;
    acc
}

#[test]
fn mutable_local_reassigned() {
    // f = (xy + x)² = x²(y + 1)²: ∂/∂x = 2x(y+1)², ∂/∂y = 2x²(y+1)
    let (x, y) = (1.5, 0.5);
    let (dx, dy) = gradient!(at: x, y, of: reassigned);
    assert_all_close(
        &[dx, dy],
        &[2.0 * x * (y + 1.0) * (y + 1.0), 2.0 * x * x * (y + 1.0)],
    );
}

/// s = x; s += y; s -= 2x; s *= y; s /= x
#[differentiable]
fn compound(x: f64, y: f64) -> f64 {
    let mut s = x;
    s += y;
    s -= 2.0 * x;
    s *= y;
    s /= x;
    s
}

#[test]
fn compound_assignment_operators() {
    // f = (y - x) y / x = y²/x - y: ∂/∂x = -y²/x², ∂/∂y = 2y/x - 1
    let (x, y) = (2.0, 3.0);
    let (dx, dy) = gradient!(at: x, y, of: compound);
    assert_all_close(&[dx, dy], &[-y * y / (x * x), 2.0 * y / x - 1.0]);
}

/// Compound assignment whose right side is the variable itself: s *= s; s += s; s /= s + 1
#[differentiable]
fn self_compound(x: f64) -> f64 {
    let mut s = x;
    s *= s;
    s += s;
    s /= s + 1.0;
    s
}

#[test]
fn compound_assignment_with_the_target_on_the_right() {
    // u = 2x², f = u/(u + 1): f' = 4x / (u + 1)²
    let x = 0.7;
    let u = 2.0 * x * x;
    assert_close(
        gradient!(at: x, of: self_compound),
        4.0 * x / ((u + 1.0) * (u + 1.0)),
    );
}

/// An accumulator that starts as a constant: s = 0; s += x; s += x²; s -= 1; s *= 3
#[differentiable]
fn accumulator_from_constant(x: f64) -> f64 {
    let mut s = 0.0;
    s += x;
    s += x * x;
    s -= 1.0;
    s *= 3.0;
    s
}

#[test]
fn accumulator_starting_from_a_constant() {
    // f = 3(x + x² - 1): f' = 3(1 + 2x)
    assert_close(
        gradient!(at: 1.25, of: accumulator_from_constant),
        3.0 * 3.5,
    );
}

/// let x = 2x; let x = sin x; let x = x · x
#[differentiable]
fn shadowing(x: f64) -> f64 {
    let x = x * 2.0;
    let x = x.sin();
    let x = x * x;
    x
}

#[test]
fn shadowed_parameter() {
    // f = sin²(2x): f' = 4 sin 2x cos 2x
    let x: f64 = 0.35;
    assert_close(
        gradient!(at: x, of: shadowing),
        4.0 * (2.0 * x).sin() * (2.0 * x).cos(),
    );
}

/// Blocks: a value block, and a block whose inner shadowing must not leak.
#[differentiable]
fn blocks(x: f64) -> f64 {
    let y = {
        let t = x * x;
        t + 1.0
    };
    let a = x;
    let b = {
        let a = a * 3.0;
        a * a
    };
    y * x + a + b
}

#[test]
fn block_expressions_and_scoping() {
    // f = (x² + 1)x + x + 9x²: f' = 3x² + 1 + 1 + 18x
    let x = -0.6;
    assert_close(gradient!(at: x, of: blocks), 3.0 * x * x + 2.0 + 18.0 * x);
}

/// Typed, wildcard and unused lets: only the returned chain matters.
#[differentiable]
fn typed_and_ignored(x: f64, y: f64) -> f64 {
    let a: f64 = x * 2.0;
    let _ = y.exp();
    let _unused = y * y * 100.0;
    let b: f64 = a.powi(2);
    b
}

#[test]
fn typed_wildcard_and_unused_lets() {
    // f = 4x²: ∂/∂x = 8x, ∂/∂y = 0 exactly
    let (dx, dy) = gradient!(at: 1.5, 2.0, of: typed_and_ignored);
    assert_eq!(dx, 12.0);
    assert_eq!(dy, 0.0);
}

/// A trailing `return`.
#[differentiable]
fn with_return(x: f64, y: f64) -> f64 {
    let z = x * y;
    return z.exp() - y;
}

#[test]
fn trailing_return_statement() {
    // ∂/∂x = y e^(xy), ∂/∂y = x e^(xy) - 1
    let (x, y) = (0.4, -1.5);
    let (dx, dy) = gradient!(at: x, y, of: with_return);
    let e = (x * y).exp();
    assert_all_close(&[dx, dy], &[y * e, x * e - 1.0]);
}

/// `return` as the value of a block: the rest of the function is unreachable.
#[differentiable]
fn return_in_block(x: f64) -> f64 {
    let y = x * x;
    {
        return y * x;
    }
}

#[test]
fn return_inside_a_block() {
    // f = x³: f' = 3x²
    assert_close(gradient!(at: 1.2, of: return_in_block), 3.0 * 1.44);
}

/// A `mut` parameter modified in place.
#[differentiable]
fn mut_param(mut x: f64, y: f64) -> f64 {
    x *= y;
    x += 1.0;
    x.ln()
}

#[test]
fn mutable_parameter() {
    // f = ln(xy + 1): ∂/∂x = y/(xy+1), ∂/∂y = x/(xy+1)
    let (x, y) = (2.0, 0.75);
    let (dx, dy) = gradient!(at: x, y, of: mut_param);
    assert_all_close(&[dx, dy], &[y / 2.5, x / 2.5]);
}

/// A mix of all the above, checked by finite differences.
#[differentiable]
fn everything(x: f64, y: f64, z: f64) -> f64 {
    let mut u = x * y;
    let v = {
        let w = u.sin();
        w * z
    };
    u += v;
    let (p, q) = (u, v * x);
    let u = p / (1.0 + q * q);
    let mut out = u;
    out -= z.tanh();
    out *= out;
    return out;
}

#[test]
fn mixed_locals_match_finite_differences() {
    for p in [[0.5, 1.2, -0.7], [-1.1, 0.3, 2.0]] {
        let (dx, dy, dz) = gradient!(at: p[0], p[1], p[2], of: everything);
        assert_grad_fd(|q| everything(q[0], q[1], q[2]), &p, &[dx, dy, dz]);
    }
}

/// A mutable local that stops depending on x: s = x; s = 2; s · x
#[allow(unused_assignments)]
#[differentiable]
fn overwritten_with_constant(x: f64) -> f64 {
    let mut s = x * x;
    s = 2.0;
    s * x
}

#[test]
fn local_overwritten_with_a_constant() {
    // f = 2x: f' = 2 (the first value of s no longer matters)
    assert_eq!(gradient!(at: 3.0, of: overwritten_with_constant), 2.0);
}

/// Mutation inside a nested block is seen after it; an inner `let` of the same name is not.
#[differentiable]
fn mutation_in_block(x: f64) -> f64 {
    let mut s = x;
    {
        s = s * 3.0;
        let s = 100.0 * s;
        let _ = s;
    }
    let y = {
        s += x;
        s * 2.0
    };
    s * y
}

#[test]
fn mutation_inside_blocks_escapes_the_block() {
    // s = 3x, then s = 4x, y = 8x: f = 32x², f' = 64x
    assert_close(gradient!(at: 0.25, of: mutation_in_block), 16.0);
}

/// `mut` inside a tuple pattern and reassignment from calls.
#[differentiable]
fn tuple_mut(x: f64, y: f64) -> f64 {
    let (mut a, b): (f64, f64) = (x, y);
    a += b;
    a = a.exp();
    a * b
}

#[test]
fn mutable_binding_in_a_tuple_pattern() {
    // f = e^(x+y) y: ∂/∂x = e^(x+y) y, ∂/∂y = e^(x+y)(y + 1)
    let (x, y): (f64, f64) = (0.2, 0.7);
    let e = (x + y).exp();
    let (dx, dy) = gradient!(at: x, y, of: tuple_mut);
    assert_all_close(&[dx, dy], &[e * y, e * (y + 1.0)]);
}

/// Parameter and local names that generated code might also use.
#[differentiable]
fn generated_looking_names(vjp: f64, seed: f64, pullback: f64) -> f64 {
    let value = vjp * seed;
    let ad = value + pullback;
    let adj = ad * ad;
    adj
}

#[test]
fn names_that_generated_code_might_use() {
    // f = (ab + c)²: ∂/∂a = 2(ab+c) b, ∂/∂b = 2(ab+c) a, ∂/∂c = 2(ab+c)
    let (a, b, c) = (1.5, -2.0, 0.5);
    let s = a * b + c;
    let (da, db, dc) = gradient!(at: a, b, c, of: generated_looking_names);
    assert_all_close(&[da, db, dc], &[2.0 * s * b, 2.0 * s * a, 2.0 * s]);
}

/// ADBench's GMM inner step with its helpers written inline: a scratch vector overwritten
/// for every point, a lower-triangular product accumulated into a second one through a
/// carried index, and a squared norm read back. Local float vectors make the loop's
/// reverse float arithmetic on stored floats (see `analysis::floats`).
#[differentiable(wrt = (mu, l))]
fn scratch_buffers(d: usize, n: usize, x: &[f64], mu: &[f64], l: &[f64]) -> f64 {
    let mut xc = vec![0.0; d];
    let mut qx = vec![0.0; d];
    let mut total = 0.0;
    for ix in 0..n {
        for id in 0..d {
            xc[id] = x[ix * d + id] - mu[id];
        }
        for id in 0..d {
            qx[id] = 2.0 * xc[id];
        }
        let mut k = 0;
        for i in 0..d {
            for j in i + 1..d {
                qx[j] = qx[j] + l[k] * xc[i];
                k += 1;
            }
        }
        let mut norm = qx[0] * qx[0];
        for i in 1..d {
            norm = norm + qx[i] * qx[i];
        }
        total += (0.5 * norm).sin();
    }
    total
}

#[test]
fn scratch_buffers_overwritten_for_every_point() {
    let x = [0.3, -0.2, 0.5, 0.1, 0.4, -0.6, 0.2, 0.0, -0.3];
    let mu = [0.1, 0.2, -0.1];
    let l = [0.3, -0.4, 0.25];
    let (gmu, gl) = gradient!(
        at: &mu[..], &l[..],
        of: |mu: &[f64], l: &[f64]| scratch_buffers(3, 3, &x, mu, l)
    );
    assert_grad_fd(|p| scratch_buffers(3, 3, &x, p, &l), &mu, &gmu);
    assert_grad_fd(|p| scratch_buffers(3, 3, &x, &mu, p), &l, &gl);
}

/// A scratch vector written and read at recomputed positions in a `for` inside a `while`:
/// its shape is saved before the `for`, from the version the `for` starts from (the one the
/// `while` started from has been moved into it by then; found by the generator, seed
/// 5551212).
#[differentiable]
fn written_in_a_for_inside_a_while(x: f64) -> f64 {
    let mut w = vec![x, 2.0 * x];
    let mut k = 0;
    while k < 3 {
        k += 1;
        for j in 1..3 {
            w[j % 2] += (x * w[(j + 1) % 2]).sin();
        }
    }
    w[0] * w[1]
}

#[test]
fn a_vector_written_in_a_counted_loop_inside_a_loop_that_is_not() {
    for x in [0.3, -0.8] {
        let g = gradient!(at: x, of: written_in_a_for_inside_a_while);
        crate::assert_deriv_fd(written_in_a_for_inside_a_while, x, g);
    }
}

/// `v[i - 1].sin()` reads the element by reference while the same iteration writes `v[i]`
/// (benches/scaling.rs): the reference is not kept past the write.
#[differentiable]
fn fill_overwrite(x: &[f64]) -> f64 {
    let n = x.len();
    let mut v = vec![0.0; n];
    for i in 0..n {
        v[i] = x[i] * x[i];
    }
    for i in 1..n {
        v[i] = v[i] + v[i - 1].sin();
    }
    let mut s = 0.0;
    for i in 0..n {
        s += v[i];
    }
    s
}

#[test]
fn an_element_read_by_reference_before_a_write_in_the_same_iteration() {
    let x = [0.3, -0.7, 1.1, 0.4];
    let g = gradient!(at: &x[..], of: |x: &[f64]| fill_overwrite(x));
    assert_grad_fd(fill_overwrite, &x, &g);
}
