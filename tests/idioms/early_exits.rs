//! Exits in expression position: `return` in a `match` arm or an `if` branch that gives a
//! value (`let v = match o { Some(v) => v, None => return x };`), in a block expression,
//! `continue` and `break` as a value's branch in a loop, and the `?` operator on `Option` and
//! `Result` (also converting the error with `From`), wherever an expression always evaluates
//! it; `return` inside a loop inside such a value. Every mode against central differences,
//! and closed forms.

use crate::check::{check_hessian, check_idiom};
use ad::prelude::*;

/// `return` from a `match` arm and from an `if` that give `let`s their values.
#[differentiable]
fn matched_or_returned(x: f64, y: f64) -> f64 {
    let o = if y > 0.0 { Some(x * y) } else { None };
    let v = match o {
        Some(v) => v,
        None => return x.sin(),
    };
    let w = if v > 1.0 {
        v.ln()
    } else if v > 0.0 {
        return v * 3.0;
    } else {
        -v
    };
    w * w + v
}

/// `return` inside a block expression, with a guard before its value.
#[differentiable]
fn guarded_block(x: f64, y: f64) -> f64 {
    let r = {
        if x < 0.0 {
            return y * y;
        }
        (x * y).sqrt()
    };
    r * x + y
}

/// `return` inside a loop inside the branch that gives a `let` its value (puruspe's `gamma`):
/// the loop's product, or the function's value when it grows past a bound.
#[differentiable]
fn product_or_returned(x: f64, y: f64) -> f64 {
    let mut z = x;
    let f = if z < 2.5 {
        let mut f = 1.0;
        while z <= 2.5 {
            f *= z * y;
            if f > 50.0 {
                return f.ln();
            }
            z += 1.0;
        }
        f.recip()
    } else {
        y
    };
    f * z.sin()
}

#[test]
fn return_in_a_loop_in_expression_position() {
    check_idiom!(product_or_returned, [(0.7, 1.3), (1.1, 9.0), (3.0, 0.4)]);
    check_hessian!(product_or_returned, [(0.7, 1.3), (1.1, 9.0)]);
    // Closed form at (1.1, 9): the loop returns at its second step, ln(1.1·9·2.1·9).
    let (dx, dy) = ad::gradient!(at: 1.1, 9.0, of: product_or_returned);
    crate::assert_close(dx, 1.0 / 1.1 + 1.0 / 2.1);
    crate::assert_close(dy, 2.0 / 9.0);
}

#[test]
fn return_in_expression_position() {
    check_idiom!(
        matched_or_returned,
        [(1.5, 2.0), (0.3, 1.2), (0.7, -1.0), (-2.0, 0.5)]
    );
    check_hessian!(matched_or_returned, [(1.5, 2.0), (0.7, -1.0)]);
    check_idiom!(guarded_block, [(1.5, 2.0), (-0.5, 1.3)]);
    // Closed forms: ln(xy)² + xy at (1.5, 2), and sin x when y ≤ 0.
    let (dx, dy) = ad::gradient!(at: 1.5, 2.0, of: matched_or_returned);
    crate::assert_close(dx, 2.0 * (3f64).ln() / 1.5 + 2.0);
    crate::assert_close(dy, 2.0 * (3f64).ln() / 2.0 + 1.5);
    let (dx, dy) = ad::gradient!(at: 0.7, -1.0, of: matched_or_returned);
    crate::assert_close(dx, 0.7f64.cos());
    assert_eq!(dy, 0.0);
}

/// `continue` and `break` as branches of values in a loop.
#[differentiable]
fn skipped_and_stopped(x: f64, y: f64) -> f64 {
    let mut total = 0.0;
    for k in 0..8 {
        let t = x * k as f64 - y;
        let kept = if t > 0.0 { t.sqrt() } else { continue };
        let step = match k {
            6 => break,
            _ => kept * y,
        };
        total += step;
    }
    total
}

#[test]
fn continue_and_break_in_expression_position() {
    check_idiom!(skipped_and_stopped, [(0.5, 1.2), (1.1, 0.3)]);
    check_hessian!(skipped_and_stopped, [(0.5, 1.2)]);
}

/// Half of a positive number.
#[differentiable]
fn half(x: f64) -> Option<f64> {
    if x > 0.0 { Some(x / 2.0) } else { None }
}

/// `?` in a `let`, inside arithmetic, in an `if` condition, in a compound assignment and in
/// the result.
#[differentiable]
fn halves(x: f64, y: f64) -> Option<f64> {
    let h = half(x)?;
    let mut q = half(h)? * 3.0 + half(x * y)?;
    if half(q)? > 100.0 {
        return None;
    }
    q += half(y)?;
    Some(q * x + half(h + y)?)
}

#[differentiable]
fn halves_or_zero(x: f64, y: f64) -> f64 {
    halves(x, y).unwrap_or(0.0)
}

#[test]
fn question_mark_on_options() {
    check_idiom!(
        halves_or_zero,
        [(3.0, 1.5), (0.4, 2.2), (-1.0, 2.0), (2.0, -0.5)]
    );
    check_hessian!(halves_or_zero, [(3.0, 1.5)]);
    // Closed form: q = 3x/4 + xy/2 + y/2, result qx + (x/2 + y)/2.
    let (x, y) = (3.0, 1.5);
    let (dx, dy) = ad::gradient!(at: x, y, of: halves_or_zero);
    crate::assert_close(dx, 1.5 * x + y * x + y / 2.0 + 0.25);
    crate::assert_close(dy, x * x / 2.0 + x / 2.0 + 0.5);
}

/// A failure of the square root, and the error a caller's `?` converts it into.
#[derive(Differentiable, Clone, Debug, PartialEq)]
enum RootError {
    Negative,
}

#[derive(Differentiable, Clone, Debug, PartialEq)]
enum ModelError {
    Root(RootError),
}

impl From<RootError> for ModelError {
    fn from(e: RootError) -> Self {
        ModelError::Root(e)
    }
}

#[differentiable]
fn checked_sqrt(x: f64) -> Result<f64, RootError> {
    if x >= 0.0 {
        Ok(x.sqrt())
    } else {
        Err(RootError::Negative)
    }
}

/// `?` on `Result`s: the same error type, and one converted by `From`.
#[differentiable]
fn chained_roots(x: f64, y: f64) -> Result<f64, RootError> {
    let a = checked_sqrt(x)?;
    let b = checked_sqrt(y - a)?;
    Ok(a * b + checked_sqrt(x * y)?)
}

#[differentiable]
fn model(x: f64, y: f64) -> Result<f64, ModelError> {
    let r = chained_roots(x, y)?;
    Ok(r * r)
}

#[differentiable]
fn model_or_zero(x: f64, y: f64) -> f64 {
    match model(x, y) {
        Ok(v) => v,
        Err(_) => 0.0,
    }
}

#[test]
fn question_mark_on_results() {
    check_idiom!(
        model_or_zero,
        [(4.0, 5.0), (1.2, 3.0), (4.0, 1.0), (-1.0, 2.0)]
    );
    assert_eq!(model(4.0, 1.0), Err(ModelError::Root(RootError::Negative)));
}

/// A function given twice over a callee's closure parameter, ignored by it.
#[differentiable]
fn first_of<F: Fn(f64, f64) -> f64>(x: f64, _h: F) -> f64 {
    x
}

/// A function given to a function.
#[differentiable]
fn applied<F: Fn(f64) -> f64>(x: f64, h: F) -> f64 {
    h(x)
}

/// The rest of the body after an early return is lowered once in each branch, and so is the
/// closure in it: each copy takes its own form (capturing in one branch, where the captured
/// `a` is differentiated, as a function with derivatives in the other, where it is a
/// constant). The generator found the copies sharing one form and the derivative lost (seed
/// 20261129, program 928).
#[differentiable]
fn closure_after_early_return(x0: f64) -> f64 {
    let mut a1 = x0;
    if a1 < a1 {
        let t2 = a1;
        if x0.sin().powi(2) < x0 {
            return t2;
        }
    } else {
        a1 = 0.57;
    }
    first_of(x0, |c, _| c.sin().mul_add(1.59, a1))
}

/// The same, with the closure's captures read by the callee.
#[differentiable]
fn captured_after_early_return(x: f64, c: f64) -> f64 {
    let mut a = x * x;
    if c > 0.0 {
        if c > 10.0 {
            return x;
        }
    } else {
        a = 0.5;
    }
    applied(x, |t| t * a + c * t.sin())
}

#[test]
fn closures_in_the_rest_after_an_early_return() {
    check_idiom!(closure_after_early_return, [0.3, 1.2, -0.8]);
    // Closed form: the value is x0, whatever the closure.
    assert_eq!(ad::gradient!(at: 0.3, of: closure_after_early_return), 1.0);
    assert_eq!(ad::hessian!(at: 0.3, of: closure_after_early_return), 0.0);
    check_idiom!(
        captured_after_early_return,
        [(0.7, 2.0), (1.3, -1.0), (0.4, 12.0)]
    );
    check_hessian!(captured_after_early_return, [(0.7, 2.0), (1.3, -1.0)]);
    // Closed forms: x³ + c sin x when 0 < c ≤ 10, 0.5 x + c sin x when c ≤ 0.
    let (dx, dc) = ad::gradient!(at: 0.7, 2.0, of: captured_after_early_return);
    crate::assert_close(dx, 3.0 * 0.49 + 2.0 * 0.7f64.cos());
    crate::assert_close(dc, 0.7f64.sin());
    let (dx, dc) = ad::gradient!(at: 1.3, -1.0, of: captured_after_early_return);
    crate::assert_close(dx, 0.5 - 1.3f64.cos());
    crate::assert_close(dc, 1.3f64.sin());
}

/// A `loop` without `break` that ends the function and is left only by a `return`, as C's
/// `while (true) { ..; if (done) return v; }` is ported (gradbench's particle): its value
/// was taken as the loop's `()` (E0308, with a false warning that the result does not depend
/// on `w`).
#[differentiable]
fn falls_until_below_zero(w: f64) -> f64 {
    let mut y = 10.0;
    loop {
        y -= w;
        if y <= 0.0 {
            return y * y;
        }
    }
}

#[test]
fn a_loop_left_only_by_return_at_the_end_of_the_function() {
    // At w = 3 the fourth step ends it: y = 10 - 4w, the result (10 - 4w)², slope -8 (10 - 4w).
    crate::assert_close(ad::gradient!(at: 3.0, of: falls_until_below_zero), 16.0);
    crate::common::every_mode::assert_every_mode!(falls_until_below_zero, 3.0);
    crate::common::every_mode::assert_every_mode!(falls_until_below_zero, 1.7);
}

/// A nested `gradient!` capturing a `Vec`, inside a `loop` left only by `return` (gradbench's
/// particle): the closure's code is spliced into the function's, which inlines the constant
/// `None` the `return` starts from by its local's name, and replaced the closure's own local
/// of the same name (`let mut (None) = ..`, "`mut` must be followed by a named binding").
#[differentiable]
fn nested_gradient_in_a_loop_left_by_return(w: f64) -> f64 {
    let centres = vec![1.0 + w, 2.0];
    let mut x = 0.0;
    loop {
        let g = gradient!(at: x, of: |t: f64| (t - centres[0]).powi(2) + (t - centres[1]).powi(2));
        x -= 0.25 * g;
        if x > 1.0 {
            return x * w;
        }
    }
}

#[test]
fn a_nested_gradient_in_a_loop_left_by_return() {
    // One step from 0: x = (3 + w) / 2 > 1, the result (3 + w) w / 2, slope (3 + 2w) / 2.
    let w = 1.0;
    let (value, slope) =
        ad::value_with_gradient!(at: w, of: nested_gradient_in_a_loop_left_by_return);
    crate::assert_close(value, 2.0);
    crate::assert_close(slope, 2.5);
    crate::assert_close(
        ad::differentiate!(at: w, of: nested_gradient_in_a_loop_left_by_return),
        2.5,
    );
    crate::assert_deriv_fd(
        nested_gradient_in_a_loop_left_by_return,
        0.8,
        ad::gradient!(at: 0.8, of: nested_gradient_in_a_loop_left_by_return),
    );
}

/// A function returning a `Result`, with `return Ok(..)` from inside a loop.
#[differentiable]
fn settled(x: f64) -> Result<f64, String> {
    if x < 0.0 {
        return Err(format!("{x} is negative"));
    }
    let mut v = x;
    for _ in 0..10 {
        v = v * 0.5 + 1.0;
        if v < 1.5 {
            return Ok(v);
        }
    }
    Ok(v * x)
}

/// `.unwrap()` and `.expect(..)` of a differentiable function's `Result`.
#[differentiable]
fn settled_twice(x: f64, y: f64) -> f64 {
    settled(x).unwrap() * y + settled(x * y).expect("x * y is not negative")
}

#[test]
fn results_unwrapped_and_returned_from_loops() {
    check_idiom!(settled_twice, [(0.7, 1.3), (2.5, 0.5), (9.0, 2.0)]);
    check_hessian!(settled_twice, [(0.7, 1.3), (2.5, 0.5)]);
    // At 0.7 the loop returns at its first step (v = 1.35): d/dx of 0.5x + 1 is 0.5.
    let (dx, dy) = ad::gradient!(at: 0.7, 1.0, of: |x: f64, y: f64| settled(x).unwrap() * y);
    crate::assert_close(dx, 0.5);
    crate::assert_close(dy, 1.35);
}
