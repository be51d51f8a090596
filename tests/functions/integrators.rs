//! Numerical methods taking functions, as people write them: Heun's ODE stepper taking
//! `impl Fn(f64, f64) -> f64`, three-point Gauss–Legendre quadrature taking `&dyn Fn` (its
//! nodes and weights arrays of literals), composition of two `impl Fn`s given closures
//! stored in locals, closures and functions by name, and a method of a struct taking
//! `impl Fn`; each called from differentiable code and from an operator's closure. Every
//! mode against central differences, closed forms where the method is exact.

use crate::common::every_mode::assert_every_mode;
use ad::prelude::*;

#[differentiable]
fn heun(f: impl Fn(f64, f64) -> f64, y0: f64, h: f64, n: usize) -> f64 {
    let mut y = y0;
    let mut t = 0.0;
    for _ in 0..n {
        let k1 = f(t, y);
        let k2 = f(t + h, y + h * k1);
        y = y + 0.5 * h * (k1 + k2);
        t = t + h;
    }
    y
}

#[differentiable]
fn gauss3(f: &dyn Fn(f64) -> f64, a: f64, b: f64) -> f64 {
    let nodes = [-0.7745966692414834, 0.0, 0.7745966692414834];
    let weights = [0.5555555555555556, 0.8888888888888888, 0.5555555555555556];
    let (m, r) = (0.5 * (a + b), 0.5 * (b - a));
    let mut s = 0.0;
    for i in 0..3 {
        s += weights[i] * f(m + r * nodes[i]);
    }
    s * r
}

#[differentiable]
fn compose(f: impl Fn(f64) -> f64, g: impl Fn(f64) -> f64, x: f64) -> f64 {
    f(g(x))
}

#[differentiable]
fn apply(f: impl Fn(f64) -> f64, x: f64) -> f64 {
    f(x)
}

#[differentiable]
fn cube(t: f64) -> f64 {
    t * t * t
}

/// A midpoint rule of `n` cells on [0, 1].
#[derive(Clone, Debug, Differentiable)]
struct Grid {
    n: usize,
}

#[differentiable]
impl Grid {
    fn integrate(&self, f: impl Fn(f64) -> f64) -> f64 {
        let h = 1.0 / self.n as f64;
        (0..self.n).map(|i| f((i as f64 + 0.5) * h) * h).sum()
    }
}

/// y' = -r y + sin t, two steps of Heun's method.
#[differentiable]
fn relaxation(y0: f64, r: f64) -> f64 {
    heun(|t, y| -r * y + t.sin(), y0, 0.1, 10)
}

/// ∫₀ᵇ e^{a t} dt by Gauss–Legendre.
#[differentiable]
fn exponential_area(a: f64, b: f64) -> f64 {
    gauss3(&|t| (a * t).exp(), 0.0, b)
}

/// Compositions of stored closures, of literals, and a stored closure lent.
#[differentiable]
fn compositions(x: f64, k: f64) -> f64 {
    let sq = |t: f64| t * t * k;
    let sn = |t: f64| (t * k).sin();
    compose(sq, sn, x) + compose(|t| t.exp(), |t| t * k, x) + apply(&sq, x) + compose(cube, sn, x)
}

/// ∫₀¹ sin(a t) dt by a method taking `impl Fn`.
#[differentiable]
fn grid_integral(a: f64) -> f64 {
    let g = Grid { n: 50 };
    g.integrate(|t| (a * t).sin())
}

#[test]
fn heuns_method_with_a_captured_rate() {
    assert_every_mode!(relaxation, 0.4, 1.3);
}

#[test]
fn gauss_legendre_through_a_lent_trait_object() {
    assert_every_mode!(exponential_area, 0.4, 1.3);
    // Exact for polynomials up to degree five: ∫₀ᵇ t² dt = b³/3, so d/db = b².
    let b = 1.7;
    let db = gradient!(at: b, of: |b: f64| gauss3(&|t| t * t, 0.0, b));
    crate::assert_close(db, b * b);
}

#[test]
fn compositions_of_stored_and_named_functions() {
    assert_every_mode!(compositions, 0.4, 1.3);
}

#[test]
fn a_method_taking_impl_fn() {
    assert_every_mode!(grid_integral, 0.7);
}

#[test]
fn called_from_an_operators_closure() {
    let report =
        check_gradient!(at: 0.4, of: |x: f64| compose(|t| t * t * x, |t| (t * x).sin(), x));
    assert!(report.is_ok(), "{:?}", report.err());
    // y' = -r y + t from y(0) = 1: Heun's method is exact to O(h²); compare with differences.
    let dr = gradient!(at: 0.8, of: |r: f64| heun(|t, y| -r * y + t, 1.0, 0.1, 5));
    crate::assert_deriv_fd(|r| heun(|t, y| -r * y + t, 1.0, 0.1, 5), 0.8, dr);
}
