//! Root finders and fixed-point iterations taking functions, as people write them: Newton's
//! method with a fixed iteration count taking two generic `F: Fn`s, the secant method and a
//! fixed-point iteration run until the iterates stop moving (`while` loops on values),
//! bisection (comparisons of values) finished by one interpolation, Newton's method through
//! `fn` pointers given the names of differentiable functions, Halley's method through
//! `&dyn Fn`s, Newton warm-started in a loop and Newton with a difference quotient for the
//! slope. The closures capture the differentiated parameters, so the root is an implicit
//! function of them: each is checked in reverse and forward mode against central differences
//! of the original function, and against the closed form the implicit function theorem gives.

use crate::common::every_mode::assert_every_mode;
use crate::{ITERATED, assert_close, assert_close_tol, assert_deriv_fd};
use ad::prelude::*;
// The suite's operators, which also check forward mode against reverse mode.
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};

/// Newton's method for a root of `f` from `x0`, with the slope `df` given: 30 steps.
#[differentiable]
fn newton<F: Fn(f64) -> f64, G: Fn(f64) -> f64>(f: F, df: G, x0: f64) -> f64 {
    let mut x = x0;
    for _ in 0..30 {
        x -= f(x) / df(x);
    }
    x
}

/// The secant method from `a` and `b`, until two iterates give the same value.
#[differentiable]
fn secant(f: impl Fn(f64) -> f64, a: f64, b: f64) -> f64 {
    let (mut x0, mut x1) = (a, b);
    let (mut f0, mut f1) = (f(a), f(b));
    let mut k = 0;
    while f1 != f0 && k < 60 {
        let x2 = x1 - f1 * (x1 - x0) / (f1 - f0);
        x0 = x1;
        f0 = f1;
        x1 = x2;
        f1 = f(x2);
        k += 1;
    }
    x1
}

/// Bisection of `[lo, hi]` (where `f` changes sign) 30 times, then the root of the chord
/// through the ends of the last bracket.
#[differentiable]
fn bisect(f: impl Fn(f64) -> f64, lo: f64, hi: f64) -> f64 {
    let (mut a, mut b) = (lo, hi);
    for _ in 0..30 {
        let m = 0.5 * (a + b);
        if f(a) * f(m) <= 0.0 {
            b = m;
        } else {
            a = m;
        }
    }
    let (fa, fb) = (f(a), f(b));
    a - fa * (b - a) / (fb - fa)
}

/// `x ← g(x)` until the step is below `1e-14`, at most 500 times.
#[differentiable]
fn fixed_point(g: impl Fn(f64) -> f64, x0: f64) -> f64 {
    let mut x = x0;
    let mut step = 1.0;
    let mut k = 0;
    while step > 1e-14 && k < 500 {
        let next = g(x);
        step = (next - x).abs();
        x = next;
        k += 1;
    }
    x
}

/// Newton's method on a function of the unknown and a parameter, through `fn` pointers.
#[differentiable]
fn newton_with(f: fn(f64, f64) -> f64, slope: fn(f64, f64) -> f64, p: f64, x0: f64) -> f64 {
    let mut x = x0;
    for _ in 0..25 {
        x = x - f(x, p) / slope(x, p);
    }
    x
}

/// Halley's method, the function and its two derivatives lent as trait objects.
#[differentiable]
fn halley(
    f: &dyn Fn(f64) -> f64,
    df: &dyn Fn(f64) -> f64,
    d2f: &dyn Fn(f64) -> f64,
    x0: f64,
) -> f64 {
    let mut x = x0;
    for _ in 0..12 {
        let (y, dy, d2y) = (f(x), df(x), d2f(x));
        x -= 2.0 * y * dy / (2.0 * dy * dy - y * d2y);
    }
    x
}

/// Newton's method with the slope a central difference of `f`.
#[differentiable]
fn newton_by_differences(f: impl Fn(f64) -> f64, x0: f64) -> f64 {
    let h = 1e-4;
    let mut x = x0;
    for _ in 0..30 {
        let slope = (f(x + h) - f(x - h)) / (2.0 * h);
        x -= f(x) / slope;
    }
    x
}

#[differentiable]
fn cubic(x: f64, p: f64) -> f64 {
    x * x * x + p * x - 1.0
}

#[differentiable]
fn cubic_slope(x: f64, p: f64) -> f64 {
    3.0 * x * x + p
}

/// `∛c` as the root of `x³ − c`.
#[differentiable]
fn cube_root(c: f64) -> f64 {
    newton(|x| x * x * x - c, |x| 3.0 * x * x, 1.0)
}

/// Kepler's equation `E − e sin E = M` for the eccentric anomaly `E`: both closures capture
/// the eccentricity, the function also the mean anomaly.
#[differentiable]
fn eccentric_anomaly(m: f64, e: f64) -> f64 {
    newton(|x| x - e * x.sin() - m, |x| 1.0 - e * x.cos(), m)
}

/// The real root of `x⁵ + x = a` by the secant method.
#[differentiable]
fn bring_radical(a: f64) -> f64 {
    secant(|x| x.powi(5) + x - a, 0.0, 1.0)
}

/// `√c` by bisection of `[0, 4]` and one chord.
#[differentiable]
fn bisected_root(c: f64) -> f64 {
    bisect(|x| x * x - c, 0.0, 4.0)
}

/// The fixed point of `x = e^(−a x)`.
#[differentiable]
fn exponential_fixed_point(a: f64) -> f64 {
    fixed_point(|x| (-a * x).exp(), 0.5)
}

/// The real root of `x³ + p x − 1`, by function names given to `fn` pointers.
#[differentiable]
fn cubic_root_of(p: f64) -> f64 {
    newton_with(cubic, cubic_slope, p, 1.0)
}

/// `ln c` as the root of `eˣ − c`, by Halley's method.
#[differentiable]
fn logarithm(c: f64) -> f64 {
    halley(&|x| x.exp() - c, &|x| x.exp(), &|x| x.exp(), 0.0)
}

/// `Σ_k √(c + k)` for `k = 0..4`, each root by Newton's method started from the previous
/// one; the closure captures a local computed in the loop.
#[differentiable]
fn warm_started(c: f64) -> f64 {
    let mut total = 0.0;
    let mut guess = 1.0;
    for k in 0..4 {
        let target = c + k as f64;
        guess = newton(|x| x * x - target, |x| 2.0 * x, guess);
        total += guess;
    }
    total
}

/// `artanh c` as the root of `tanh x − c`, the slope by differences.
#[differentiable]
fn inverse_tanh(c: f64) -> f64 {
    newton_by_differences(|x| x.tanh() - c, 0.0)
}

#[test]
fn newton_for_a_cube_root_in_every_mode() {
    for c in [0.5, 2.0, 10.0] {
        assert_every_mode!(cube_root, c);
        assert_close(cube_root(c), c.cbrt());
        // d∛c/dc = ⅓ c^(−2/3), d²∛c/dc² = −²⁄₉ c^(−5/3).
        assert_close(gradient!(at: c, of: cube_root), c.powf(-2.0 / 3.0) / 3.0);
        assert_close(
            differentiate!(at: c, of: cube_root),
            c.powf(-2.0 / 3.0) / 3.0,
        );
        assert_close(
            hessian!(at: c, of: cube_root),
            -2.0 / 9.0 * c.powf(-5.0 / 3.0),
        );
    }
}

#[test]
fn newton_given_capturing_closures_inside_an_operators_closure() {
    for c in [0.3, 2.0, 7.5] {
        let reverse = ad::gradient!(at: c, of: |c: f64| newton(|x| x * x - c, |x| 2.0 * x, 1.0));
        let forward = differentiate!(at: c, of: |c: f64| newton(|x| x * x - c, |x| 2.0 * x, 1.0));
        let second = hessian!(at: c, of: |c: f64| newton(|x| x * x - c, |x| 2.0 * x, 1.0));
        let original = |c: f64| newton(|x| x * x - c, |x| 2.0 * x, 1.0);
        assert_deriv_fd(original, c, reverse);
        assert_deriv_fd(original, c, forward);
        // d√c/dc = 1/(2√c), d²√c/dc² = −¼ c^(−3/2).
        assert_close(reverse, 0.5 / c.sqrt());
        assert_close(forward, 0.5 / c.sqrt());
        assert_close(second, -0.25 * c.powf(-1.5));
    }
}

#[test]
fn keplers_equation_in_two_captured_parameters() {
    for (m, e) in [(0.8, 0.3), (2.5, 0.7)] {
        assert_every_mode!(eccentric_anomaly, m, e);
        // ∂E/∂M = 1/(1 − e cos E), ∂E/∂e = sin E/(1 − e cos E).
        let big_e = eccentric_anomaly(m, e);
        assert_close(big_e - e * big_e.sin(), m);
        let (dm, de) = gradient!(at: m, e, of: eccentric_anomaly);
        let denominator = 1.0 - e * big_e.cos();
        assert_close(dm, 1.0 / denominator);
        assert_close(de, big_e.sin() / denominator);
    }
}

#[test]
fn the_secant_method_until_it_stops_moving() {
    // Not at a = 2, whose root is the starting point 1: there the loop stops after one step,
    // where a neighbouring `a` takes several.
    for a in [0.5, 2.5, 40.0] {
        assert_every_mode!(bring_radical, a);
        // dx/da = 1/(5x⁴ + 1), d²x/da² = −20x³/(5x⁴ + 1)³.
        let x = bring_radical(a);
        assert_close(x.powi(5) + x, a);
        let slope = 5.0 * x.powi(4) + 1.0;
        assert_close_tol(gradient!(at: a, of: bring_radical), 1.0 / slope, ITERATED);
        assert_close_tol(
            hessian!(at: a, of: bring_radical),
            -20.0 * x.powi(3) / slope.powi(3),
            ITERATED,
        );
    }
}

#[test]
fn bisection_finished_by_a_chord() {
    for c in [0.7, 2.0, 3.3] {
        // The bracket depends on `c` only through comparisons, so the derivative comes
        // from the last chord: (b − a)/(f(b) − f(a)) = 1/(a + b), within the bracket's
        // width of 1/(2√c). (Its derivative in `c` is zero between the comparisons' jumps,
        // so only first derivatives are compared.)
        let (value, reverse) = value_with_gradient!(at: c, of: bisected_root);
        let forward = differentiate!(at: c, of: bisected_root);
        assert_close(value, c.sqrt());
        assert_deriv_fd(bisected_root, c, reverse);
        assert_deriv_fd(bisected_root, c, forward);
        assert_close_tol(reverse, 0.5 / c.sqrt(), 1e-7);
        assert_close_tol(forward, 0.5 / c.sqrt(), 1e-7);
    }
}

#[test]
fn a_fixed_point_iterated_until_converged() {
    for a in [0.5, 1.2] {
        assert_every_mode!(exponential_fixed_point, a);
        // x = e^(−a x): dx/da = −x²/(1 + a x).
        let x = exponential_fixed_point(a);
        assert_close(x, (-a * x).exp());
        let want = -x * x / (1.0 + a * x);
        assert_close_tol(
            gradient!(at: a, of: exponential_fixed_point),
            want,
            ITERATED,
        );
        assert_close_tol(
            differentiate!(at: a, of: exponential_fixed_point),
            want,
            ITERATED,
        );
    }
}

#[test]
fn newton_through_fn_pointers_given_function_names() {
    for p in [0.5, 2.0] {
        assert_every_mode!(cubic_root_of, p);
        // x³ + p x = 1: dx/dp = −x/(3x² + p).
        let x = cubic_root_of(p);
        assert_close(cubic(x, p), 0.0);
        assert_close(gradient!(at: p, of: cubic_root_of), -x / (3.0 * x * x + p));
    }
}

#[test]
fn halley_through_lent_trait_objects() {
    for c in [0.4, 3.0, 9.0] {
        assert_every_mode!(logarithm, c);
        assert_close(logarithm(c), c.ln());
        assert_close(gradient!(at: c, of: logarithm), 1.0 / c);
        assert_close(differentiate!(at: c, of: logarithm), 1.0 / c);
        assert_close(hessian!(at: c, of: logarithm), -1.0 / (c * c));
    }
}

#[test]
fn newton_warm_started_in_a_loop() {
    for c in [0.5, 3.0] {
        assert_every_mode!(warm_started, c);
        let want: f64 = (0..4).map(|k| 0.5 / (c + k as f64).sqrt()).sum();
        assert_close(gradient!(at: c, of: warm_started), want);
    }
}

#[test]
fn newton_with_a_difference_quotient_for_the_slope() {
    for c in [0.2, -0.6] {
        // Second derivatives would differentiate the rounding of the inner difference
        // quotient, so the first derivative is compared, in both modes.
        let (value, reverse) = value_with_gradient!(at: c, of: inverse_tanh);
        let forward = differentiate!(at: c, of: inverse_tanh);
        assert_close(value, c.atanh());
        assert_deriv_fd(inverse_tanh, c, reverse);
        assert_deriv_fd(inverse_tanh, c, forward);
        // d artanh c/dc = 1/(1 − c²), up to the difference quotient's relative error, of
        // order h² = 1e-8.
        assert_close_tol(reverse, 1.0 / (1.0 - c * c), 1e-7);
        assert_close_tol(forward, 1.0 / (1.0 - c * c), 1e-7);
    }
}
