//! Every second-order rule of `ad-std`'s float methods and operators, through `hessian!`, at
//! negative arguments, at zero where the function is twice differentiable there, near the
//! ends of its domain and at large arguments, against central differences of `gradient!`.
//!
//! The points are where rules break in practice: `powf`'s second-order rule with a constant
//! exponent once evaluated `ln` of a negative base and made the Hessian of `x.powf(2.0) * x`
//! NaN at `-1.5`, and closed forms with `x²` or `y³` overflowed at large arguments where the
//! derivatives themselves are representable.

use ad::check::DEFAULT_STEP;
use ad::prelude::*;

/// Relative tolerance of the second derivatives against differences of the gradient.
const TOLERANCE: f64 = 1e-6;

/// `got` agrees with `want` to [`TOLERANCE`], relative to `|want|` plus `scale`, the size the
/// derivative has at this point (the gradient over the argument): a second derivative that
/// is tiny at a large argument is compared with its own size, not with 1.
#[track_caller]
fn assert_second(what: &str, at: &[f64], got: f64, want: f64, scale: f64) {
    assert!(
        got.is_finite() && want.is_finite(),
        "{what} at {at:?}: hessian {got:e}, differences of the gradient {want:e}"
    );
    assert!(
        (got - want).abs() <= TOLERANCE * (want.abs() + scale),
        "{what} at {at:?}: hessian {got:e}, differences of the gradient {want:e}"
    );
}

/// The step of the differences at `x`: relative to `|x|` (`ad::check`'s is relative only
/// above 1, too coarse for the points near the end of a domain such as `ln` at `1e-3`).
fn step(x: f64) -> f64 {
    DEFAULT_STEP * if x == 0.0 { 1.0 } else { x.abs() }
}

/// `(f(x + h) - f(x - h)) / 2h`.
fn central_difference(f: impl Fn(f64) -> f64, x: f64) -> f64 {
    let h = step(x);
    (f(x + h) - f(x - h)) / (2.0 * h)
}

/// Central differences in each coordinate.
fn central_difference_gradient(f: impl Fn(&[f64]) -> f64, x: &[f64; 2]) -> [f64; 2] {
    std::array::from_fn(|i| {
        let (mut up, mut down) = (*x, *x);
        let h = step(x[i]);
        up[i] += h;
        down[i] -= h;
        (f(&up) - f(&down)) / (2.0 * h)
    })
}

/// `hessian!` of `|x| body` at each point against central differences of `gradient!`.
macro_rules! unary_sweep {
    ($($what:literal: |$x:ident| $body:expr, at: [$($p:expr),+ $(,)?];)*) => {$(
        for at in [$($p),+] {
            let at: f64 = at;
            let second = hessian!(at: at, of: |$x: f64| $body);
            let first = |t: f64| gradient!(at: t, of: |$x: f64| $body);
            let scale = first(at).abs() / at.abs().max(1.0);
            assert_second($what, &[at], second, central_difference(first, at), scale);
        }
    )*};
}

/// `hessian!` of `|x, y| body` at each point against central differences of the gradient,
/// one row at a time.
macro_rules! binary_sweep {
    ($($what:literal: |$x:ident, $y:ident| $body:expr, at: [$($p:expr),+ $(,)?];)*) => {$(
        for at in [$($p),+] {
            let at: [f64; 2] = at;
            let second = hessian!(at: at.to_vec(), of: |p: Vec<f64>| {
                let ($x, $y) = (p[0], p[1]);
                $body
            });
            let gradient = |p: &[f64]| {
                let (dx, dy) = gradient!(at: p[0], p[1], of: |$x: f64, $y: f64| $body);
                [dx, dy]
            };
            let g = gradient(&at);
            let scale = g[0].abs().max(g[1].abs()) / at[0].abs().max(at[1].abs()).max(1.0);
            for i in 0..2 {
                let row = central_difference_gradient(|p| gradient(p)[i], &at);
                for j in 0..2 {
                    let what = format!("{} (entry {i}, {j})", $what);
                    assert_second(&what, &at, second[[i, j]], row[j], scale);
                }
            }
        }
    )*};
}

#[test]
fn trigonometric_and_hyperbolic() {
    unary_sweep! {
        "sin": |x| x.sin(), at: [-2.0, 0.0, 100.0];
        "cos": |x| x.cos(), at: [-2.0, 0.0, 100.0];
        "tan": |x| x.tan(), at: [-1.2, 0.0, 100.0];
        "asin": |x| x.asin(), at: [-0.99, 0.0, 0.99];
        "acos": |x| x.acos(), at: [-0.99, 0.0, 0.99];
        "atan": |x| x.atan(), at: [-3.0, 0.0, 1e100];
        "sinh": |x| x.sinh(), at: [-2.0, 0.0, 30.0];
        "cosh": |x| x.cosh(), at: [-2.0, 0.0, 30.0];
        "tanh": |x| x.tanh(), at: [-2.0, 0.0, 3.0];
        "asinh": |x| x.asinh(), at: [-3.0, 0.0, 1e120, -1e120];
        "acosh": |x| x.acosh(), at: [1.01, 2.0, 1e120];
        "atanh": |x| x.atanh(), at: [-0.99, 0.0, 0.99];
        "sin_cos": |x| { let (s, c) = x.sin_cos(); s * c + s - c }, at: [-2.0, 0.0, 100.0];
    }
}

#[test]
fn exponentials_logarithms_and_roots() {
    unary_sweep! {
        "exp": |x| x.exp(), at: [-30.0, 0.0, 50.0];
        "exp2": |x| x.exp2(), at: [-30.0, 0.0, 50.0];
        // Not at -30: its gradient `y + 1` has only three digits there, too few to difference.
        "exp_m1": |x| x.exp_m1(), at: [-10.0, 0.0, 50.0];
        "ln": |x| x.ln(), at: [1e-3, 1.0, 1e200];
        "ln_1p": |x| x.ln_1p(), at: [-0.99, -0.5, 0.0, 1e200];
        "log2": |x| x.log2(), at: [1e-3, 1.0, 1e200];
        "log10": |x| x.log10(), at: [1e-3, 1.0, 1e200];
        "sqrt": |x| x.sqrt(), at: [1e-4, 2.0, 1e200];
        "cbrt": |x| x.cbrt(), at: [-8.0, -1e-3, 1e-3, 1e150, -1e150];
        "recip": |x| x.recip(), at: [-4.0, 1e-3, 1e100, -1e100];
    }
}

#[test]
fn powers() {
    // Integer exponents at negative bases and at zero, and large bases.
    unary_sweep! {
        "powi(_, -3)": |x| x.powi(-3), at: [-1.5, 0.7, 1e50];
        "powi(_, 0)": |x| x.powi(0) * x, at: [-1.5, 0.0, 1e50];
        "powi(_, 1)": |x| x.powi(1) * x, at: [-1.5, 0.0, 1e50];
        "powi(_, 2)": |x| x.powi(2), at: [-1.5, 0.0, 1e50];
        "powi(_, 5)": |x| x.powi(5), at: [-1.5, 0.0, 1e50];
    }
    // A constant float exponent: negative bases with integral exponents (the Hessian of
    // `x.powf(2.0) * x` at -1.5 was NaN), zero where the power is twice differentiable.
    unary_sweep! {
        "powf(_, 2) * x": |x| x.powf(2.0) * x, at: [-1.5, 0.0, 1e50];
        "powf(_, 2)": |x| x.powf(2.0), at: [-1.5, 0.0, 1e100];
        "powf(_, 3)": |x| x.powf(3.0), at: [-1.5, 0.0, 1e50];
        "powf(_, -2)": |x| x.powf(-2.0), at: [-1.5, 0.3, 1e50];
        "powf(_, 0)": |x| x.powf(0.0) * x, at: [-1.5, 0.0, 1e50];
        "powf(_, 1)": |x| x.powf(1.0) * x, at: [-1.5, 0.0, 1e50];
        "powf(_, 2.5)": |x| x.powf(2.5), at: [1e-3, 2.0, 1e50];
        "powf(_, -1.5)": |x| x.powf(-1.5), at: [1e-3, 2.0, 1e50];
        "powf(2, _)": |x| 2f64.powf(x), at: [-30.0, 0.0, 50.0];
    }
    // Base and exponent both varying (x > 0: the exponent's derivative is y ln x).
    binary_sweep! {
        "powf": |x, p| x.powf(p), at: [[1.4, 2.3], [0.5, -1.0], [1.0, 3.0], [1e10, 3.0]];
    }
}

#[test]
fn piecewise_methods() {
    // Away from their kinks: the second derivatives are 0 (or those of the other factor).
    unary_sweep! {
        "abs": |x| x.abs() * x, at: [-2.0, 2.0, 1e100, -1e100];
        "signum": |x| x.signum() * x * x, at: [-2.0, 2.0, 1e100];
        "clamp": |x| x.clamp(-1.0, 1.0) * x, at: [-3.0, 0.0, 0.5, 1e100];
        "max": |x| x.max(0.5) * x, at: [-3.0, 0.0, 2.0, 1e100];
        "min": |x| x.min(0.5) * x, at: [-3.0, 0.0, 2.0, 1e100];
    }
    binary_sweep! {
        "max": |x, y| x.max(y) * y, at: [[0.6, -0.8], [-2.0, 3.0], [1e100, -1.0]];
        "min": |x, y| x.min(y) * y, at: [[0.6, -0.8], [-2.0, 3.0], [1e100, -1.0]];
        "copysign": |x, y| x.copysign(y) * x, at: [[-1.3, 0.4], [1.3, -0.4], [1e100, -3.0]];
        "rem_euclid": |x, y| x.rem_euclid(y) * x, at: [[-7.3, 2.0], [7.3, -2.0], [0.5, 3.0], [1e3, 7.5]];
    }
}

#[test]
fn methods_of_two_and_three_operands() {
    binary_sweep! {
        "atan2": |y, x| y.atan2(x), at: [[-0.7, -1.3], [0.0, 1.0], [0.0, -2.0], [1e100, 1e100], [-1e100, 3e99]];
        "hypot": |x, y| x.hypot(y), at: [[-0.6, -0.8], [0.0, 2.0], [1e120, 1e120], [-1e200, 3e199]];
        "log": |x, b| x.log(b), at: [[2.5, 3.0], [1.0, 0.5], [1e-3, 10.0], [1e200, 10.0]];
        "mul_add": |x, y| x.mul_add(y, 0.5) + x.mul_add(x, y), at: [[-1.5, 2.0], [0.0, 0.0], [1e50, -1e50]];
    }
}

#[test]
fn operators() {
    unary_sweep! {
        "neg": |x| -(x * x), at: [-1.5, 0.0, 1e100];
        "cast": |x| (x as f64) * x, at: [-1.5, 0.0, 1e100];
    }
    binary_sweep! {
        "+": |x, y| (x + y) * x, at: [[-1.5, 2.0], [0.0, 0.0], [1e100, -1e100]];
        "-": |x, y| (x - y) * y, at: [[-1.5, 2.0], [0.0, 0.0], [1e100, -1e100]];
        "*": |x, y| x * y * y, at: [[-1.5, 2.0], [0.0, 0.0], [1e50, -1e50]];
        "/": |x, y| x / y, at: [[-1.5, 2.0], [0.0, 3.0], [1e100, 3.0], [2.0, -1e100]];
    }
}
