//! Methods: `&self`, `self` and `&mut self` receivers (with a result, and inout without
//! one), methods calling methods
//! (`self.kinetic() + self.potential()`), `Self::new(..)` constructors, associated functions
//! under a `#[differentiable]` impl block called as `Type::f(..)`, `wrt = self`, methods
//! differentiated through closures that capture data, and free functions calling methods.

use crate::{assert_all_close, assert_close, assert_grad_fd};
use ad::NoTangent;
use ad::prelude::*;
// The suite's operators, which also check forward mode against reverse mode.
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};
use std::f64::consts::PI;

/// A simple pendulum: length, bob mass, angle and angular velocity.
#[derive(Differentiable, Clone, Debug)]
pub struct Pendulum {
    pub length: f64,
    pub mass: f64,
    pub theta: f64,
    pub omega: f64,
}

impl Pendulum {
    #[differentiable]
    pub fn kinetic(&self) -> f64 {
        0.5 * self.mass * self.length * self.length * self.omega * self.omega
    }

    #[differentiable]
    pub fn potential(&self) -> f64 {
        self.mass * 9.81 * self.length * (1.0 - self.theta.cos())
    }

    #[differentiable]
    pub fn energy(&self) -> f64 {
        self.kinetic() + self.potential()
    }

    #[differentiable]
    pub fn lagrangian(&self) -> f64 {
        self.kinetic() - self.potential()
    }

    /// Three levels deep: calls two methods that each call two methods.
    #[differentiable]
    pub fn mixed(&self, a: f64) -> f64 {
        a * self.energy() + self.lagrangian() * self.lagrangian()
    }
}

#[test]
fn methods_calling_methods() {
    // T = ½ m L² ω², V = m g L (1 - cos θ), E = T + V:
    // ∂L = m L ω² + m g (1 - cos θ), ∂m = ½ L² ω² + g L (1 - cos θ), ∂θ = m g L sin θ,
    // ∂ω = m L² ω
    let g = 9.81;
    for &(l, m, theta, omega) in &[(1.0, 2.0, 0.3, 1.5), (0.5, 0.1, -2.0, -0.4)] {
        let p = Pendulum {
            length: l,
            mass: m,
            theta,
            omega,
        };
        let (value, d) = value_with_gradient!(at: &p, of: Pendulum::energy);
        assert_eq!(value, p.energy());
        let c = 1.0 - theta.cos();
        assert_all_close(
            &[d.length, d.mass, d.theta, d.omega],
            &[
                m * l * omega * omega + m * g * c,
                0.5 * l * l * omega * omega + g * l * c,
                m * g * l * theta.sin(),
                m * l * l * omega,
            ],
        );
        // the deeper chain against finite differences
        let a = 0.7;
        let (value, (d, da)) = value_with_gradient!(at: &p, a, of: Pendulum::mixed);
        assert_eq!(value, p.mixed(a));
        assert_grad_fd(
            |q| pendulum(q).mixed(q[4]),
            &[l, m, theta, omega, a],
            &[d.length, d.mass, d.theta, d.omega, da],
        );
        assert_close(da, p.energy());
    }
}

#[derive(Differentiable, Clone, Copy, Debug, PartialEq)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

/// A circle with a nested center.
#[derive(Differentiable, Clone, Debug)]
pub struct Circle {
    pub radius: f64,
    pub center: Point,
}

impl Circle {
    #[differentiable]
    pub fn new(radius: f64, cx: f64, cy: f64) -> Self {
        Self {
            radius,
            center: Point { x: cx, y: cy },
        }
    }

    #[differentiable]
    pub fn area(&self) -> f64 {
        PI * self.radius * self.radius
    }

    /// A scaled copy through the constructor.
    #[differentiable]
    pub fn scaled(&self, k: f64) -> Self {
        Self::new(self.radius * k, self.center.x * k, self.center.y)
    }
}

#[differentiable]
fn circle_metric(r: f64, cx: f64, cy: f64, k: f64) -> f64 {
    let c = Circle::new(r, cx, cy);
    let d = c.scaled(k);
    d.area() + d.center.x * c.center.y
}

#[test]
fn self_new_constructor() {
    // f = π r² k² + k cx cy: ∂r = 2π r k², ∂cx = k cy, ∂cy = k cx, ∂k = 2π r² k + cx cy
    for &(r, cx, cy, k) in &[(1.0, 2.0, 3.0, 0.5), (0.3, -1.0, 0.7, 2.0)] {
        let (value, (dr, dcx, dcy, dk)) = value_with_gradient!(at: r, cx, cy, k, of: circle_metric);
        assert_eq!(value, circle_metric(r, cx, cy, k));
        assert_all_close(
            &[dr, dcx, dcy, dk],
            &[
                2.0 * PI * r * k * k,
                k * cy,
                k * cx,
                2.0 * PI * r * r * k + cx * cy,
            ],
        );
    }
    // `new` itself, through its pullback: the seed's radius and center come back
    let (c, pb) = value_with_pullback!(at: 2.0, 1.0, -1.0, of: Circle::new);
    assert_eq!(c.radius, 2.0);
    let seed = CircleTangentVector {
        radius: 3.0,
        center: PointTangentVector { x: -1.0, y: 0.5 },
    };
    let (dr, dcx, dcy) = pb(seed);
    assert_all_close(&[dr, dcx, dcy], &[3.0, -1.0, 0.5]);
}

/// A namespace for associated functions that mention neither `self` nor `Self`.
pub struct Geometry;

#[differentiable]
impl Geometry {
    pub fn hypot(a: f64, b: f64) -> f64 {
        (a * a + b * b).sqrt()
    }

    pub fn cone_volume(r: f64, h: f64) -> f64 {
        PI * r * r * h / 3.0
    }
}

#[differentiable]
fn cone_surface_like(r: f64, h: f64) -> f64 {
    Geometry::cone_volume(r, h) + PI * r * Geometry::hypot(r, h)
}

#[test]
fn associated_functions_on_an_impl_block() {
    // hypot: ∂a = a/ρ, ∂b = b/ρ
    let (da, db) = gradient!(at: 3.0, 4.0, of: Geometry::hypot);
    assert_all_close(&[da, db], &[0.6, 0.8]);
    // f = π r² h/3 + π r ρ, ρ = √(r² + h²):
    // ∂r = 2π r h/3 + π ρ + π r²/ρ, ∂h = π r²/3 + π r h/ρ
    for &(r, h) in &[(3.0, 4.0), (0.5, 2.0)] {
        let (value, (dr, dh)) = value_with_gradient!(at: r, h, of: cone_surface_like);
        assert_eq!(value, cone_surface_like(r, h));
        let rho: f64 = (r * r + h * h).sqrt();
        assert_all_close(
            &[dr, dh],
            &[
                2.0 * PI * r * h / 3.0 + PI * rho + PI * r * r / rho,
                PI * r * r / 3.0 + PI * r * h / rho,
            ],
        );
    }
}

/// A cylinder whose impl block is `#[differentiable]` as a whole: an associated function and a
/// method calling it as `Cylinder::volume_of(..)`.
#[derive(Differentiable, Clone, Debug)]
pub struct Cylinder {
    pub r: f64,
    pub h: f64,
}

#[differentiable]
impl Cylinder {
    pub fn volume_of(r: f64, h: f64) -> f64 {
        PI * r * r * h
    }

    pub fn volume(&self) -> f64 {
        Cylinder::volume_of(self.r, self.h)
    }

    pub fn surface(&self) -> f64 {
        2.0 * PI * self.r * (self.r + self.h)
    }

    pub fn ratio(&self) -> f64 {
        self.volume() / self.surface()
    }
}

#[test]
fn type_path_calls_between_methods() {
    // V/S = π r² h / (2π r (r + h)) = r h / (2(r + h)):
    // ∂r = h² / (2(r + h)²), ∂h = r² / (2(r + h)²)
    for &(r, h) in &[(1.0, 2.0), (0.4, 0.1)] {
        let c = Cylinder { r, h };
        let (value, d) = value_with_gradient!(at: &c, of: Cylinder::ratio);
        assert_eq!(value, c.ratio());
        let q = 2.0 * (r + h) * (r + h);
        assert_all_close(&[d.r, d.h], &[h * h / q, r * r / q]);
        let d = gradient!(at: &c, of: Cylinder::volume);
        assert_all_close(&[d.r, d.h], &[2.0 * PI * r * h, PI * r * r]);
    }
}

impl Point {
    /// A `self` receiver by value.
    #[differentiable]
    pub fn dot(self, other: Point) -> f64 {
        self.x * other.x + self.y * other.y
    }

    #[differentiable]
    pub fn norm(self) -> f64 {
        self.dot(self).sqrt()
    }

    /// Only `self` is differentiated; `k` is a constant.
    #[differentiable(wrt = self)]
    pub fn stretched_norm(&self, k: f64) -> f64 {
        (k * self.x * self.x + self.y * self.y).sqrt()
    }
}

#[test]
fn self_by_value_and_wrt_self() {
    // |p|: ∂ = p/|p|; p·q: ∂p = q, ∂q = p
    let p = Point { x: 3.0, y: -4.0 };
    let q = Point { x: 0.5, y: 2.0 };
    let d = gradient!(at: p, of: Point::norm);
    assert_all_close(&[d.x, d.y], &[0.6, -0.8]);
    let (dp, dq) = gradient!(at: p, q, of: Point::dot);
    assert_all_close(&[dp.x, dp.y, dq.x, dq.y], &[0.5, 2.0, 3.0, -4.0]);
    // √(k x² + y²): ∂x = k x/s, ∂y = y/s; k's slot is NoTangent
    let (dp, dk) = gradient!(at: &p, 2.0, of: Point::stretched_norm);
    let s = (2.0 * 9.0 + 16.0f64).sqrt();
    assert_all_close(&[dp.x, dp.y], &[2.0 * 3.0 / s, -4.0 / s]);
    assert_eq!(dk, NoTangent);
}

/// A line y = slope · x + intercept fitted by least squares.
#[derive(Differentiable, Clone, Debug)]
pub struct Line {
    pub slope: f64,
    pub intercept: f64,
}

impl Line {
    #[differentiable]
    pub fn predict(&self, x: f64) -> f64 {
        self.slope * x + self.intercept
    }

    #[differentiable]
    pub fn loss(&self, xs: &[f64], ys: &[f64]) -> f64 {
        let mut s = 0.0;
        for i in 0..xs.len() {
            let r = self.predict(xs[i]) - ys[i];
            s += r * r;
        }
        s / xs.len() as f64
    }
}

/// The same loss with the data in arrays.
impl Line {
    #[differentiable]
    pub fn loss5(&self, xs: &[f64; 5], ys: &[f64; 5]) -> f64 {
        let mut s = 0.0;
        for i in 0..5 {
            let r = self.predict(xs[i]) - ys[i];
            s += r * r;
        }
        s / 5.0
    }
}

#[test]
fn method_through_a_closure_capturing_arrays() {
    // L = (1/N) Σ r_i², r_i = a x_i + b - y_i: ∂a = (2/N) Σ r_i x_i, ∂b = (2/N) Σ r_i
    let xs = [0.0, 1.0, 2.0, 3.0, 4.0];
    let ys = [1.0, 2.9, 5.2, 7.1, 8.8];
    for &(a, b) in &[(1.5, 0.5), (-0.3, 2.0)] {
        let line = Line {
            slope: a,
            intercept: b,
        };
        let (value, d) = value_with_gradient!(at: &line, of: |l: &Line| l.loss5(&xs, &ys));
        assert_eq!(value, line.loss5(&xs, &ys));
        let r: Vec<f64> = xs.iter().zip(&ys).map(|(x, y)| a * x + b - y).collect();
        let want_a = 0.4 * r.iter().zip(&xs).map(|(r, x)| r * x).sum::<f64>();
        let want_b = 0.4 * r.iter().sum::<f64>();
        assert_all_close(&[d.slope, d.intercept], &[want_a, want_b]);
    }
}

/// A free function calling a method.
#[differentiable]
fn regularised_loss(line: &Line, lambda: f64, xs: &[f64], ys: &[f64]) -> f64 {
    line.loss(xs, ys) + lambda * line.slope * line.slope
}

#[test]
fn method_through_a_capturing_closure() {
    // L = (1/N) Σ r_i², r_i = a x_i + b - y_i: ∂a = (2/N) Σ r_i x_i, ∂b = (2/N) Σ r_i
    let xs = vec![0.0, 1.0, 2.0, 3.0, 4.0];
    let ys = vec![1.0, 2.9, 5.2, 7.1, 8.8];
    let line = Line {
        slope: 1.5,
        intercept: 0.5,
    };
    let d = gradient!(at: &line, of: |l: &Line| l.loss(&xs, &ys));
    let n = xs.len() as f64;
    let r: Vec<f64> = xs.iter().zip(&ys).map(|(x, y)| 1.5 * x + 0.5 - y).collect();
    let want_a = 2.0 / n * r.iter().zip(&xs).map(|(r, x)| r * x).sum::<f64>();
    let want_b = 2.0 / n * r.iter().sum::<f64>();
    assert_all_close(&[d.slope, d.intercept], &[want_a, want_b]);
    // plus λ a²: ∂a gains 2λa, ∂λ = a²
    let (d, dlambda) = gradient!(at: &line, 0.1, of: |l: &Line, lambda: f64| {
        regularised_loss(l, lambda, &xs, &ys)
    });
    assert_all_close(
        &[d.slope, d.intercept, dlambda],
        &[want_a + 2.0 * 0.1 * 1.5, want_b, 2.25],
    );
}

/// A pendulum from `q = [length, mass, theta, omega, ..]`: finite differences vary all of `q`.
fn pendulum(q: &[f64]) -> Pendulum {
    Pendulum {
        length: q[0],
        mass: q[1],
        theta: q[2],
        omega: q[3],
    }
}

/// The fields of `p` in `pendulum`'s order, followed by `x`: the point finite differences
/// vary around.
fn point(p: &Pendulum, x: f64) -> [f64; 5] {
    [p.length, p.mass, p.theta, p.omega, x]
}

/// A tangent's fields in `pendulum`'s order, followed by the other argument's derivative `dx`:
/// the gradient to compare with finite differences at `point`.
fn gradient(d: &PendulumTangentVector, dx: f64) -> [f64; 5] {
    [d.length, d.mass, d.theta, d.omega, dx]
}

/// A `&mut self` method: one explicit Euler step that updates the state in place and returns
/// the step's energy change.
impl Pendulum {
    #[differentiable]
    pub fn step(&mut self, dt: f64) -> f64 {
        let before = self.energy();
        self.omega -= dt * 9.81 / self.length * self.theta.sin();
        self.theta += dt * self.omega;
        self.energy() - before
    }
}

#[test]
fn mut_self_method() {
    // The gradient of the returned value with respect to the state before the step and `dt`,
    // against central differences of `step` on copies; the state is updated as by `step`.
    let start = pendulum(&[1.3, 0.8, 0.4, -0.9]);
    let dt = 0.05;
    let mut by_ad = start.clone();
    let (value, (d, ddt)) = value_with_gradient!(at: &mut by_ad, dt, of: Pendulum::step);
    let mut by_hand = start.clone();
    assert_eq!(value, by_hand.step(dt));
    assert_eq!(point(&by_ad, 0.0), point(&by_hand, 0.0));
    assert_grad_fd(
        |q| pendulum(q).step(q[4]),
        &point(&start, dt),
        &gradient(&d, ddt),
    );
}

/// An inout method: no result, the state is the output.
impl Pendulum {
    #[differentiable]
    pub fn advance(&mut self, dt: f64) {
        for _ in 0..3 {
            self.omega -= dt * 9.81 / self.length * self.theta.sin();
            self.theta += dt * self.omega;
        }
    }

    /// Returns early on one path: the state written back is the one of the path taken.
    #[differentiable]
    pub fn kick(&mut self, impulse: f64) -> f64 {
        if impulse > 1.0 {
            self.omega += impulse / self.mass;
            return self.omega * 2.0;
        }
        self.theta += impulse;
        self.theta * 3.0
    }
}

#[test]
fn inout_method_pullback() {
    // The pullback of `advance` maps a cotangent of the final state to one of the initial
    // state and `dt`: checked for a seed on each field of the final state.
    let start = pendulum(&[1.1, 0.6, 0.7, 0.2]);
    let dt = 0.1;
    let mut by_ad = start.clone();
    let ((), pullback) = value_with_pullback!(at: &mut by_ad, dt, of: Pendulum::advance);
    let mut by_hand = start.clone();
    by_hand.advance(dt);
    assert_eq!(point(&by_ad, 0.0), point(&by_hand, 0.0));
    for k in 0..4 {
        let mut seed = PendulumTangentVector::zero_vector();
        match k {
            0 => seed.length = 1.0,
            1 => seed.mass = 1.0,
            2 => seed.theta = 1.0,
            _ => seed.omega = 1.0,
        }
        let (d, ddt) = pullback(seed);
        assert_grad_fd(
            |q| {
                let mut p = pendulum(q);
                p.advance(q[4]);
                point(&p, 0.0)[k]
            },
            &point(&start, dt),
            &gradient(&d, ddt),
        );
    }
}

#[test]
fn mut_self_method_with_early_return() {
    // One impulse per path: below 1 the method runs to the end, above it returns early.
    for impulse in [0.4, 1.5] {
        let start = pendulum(&[1.0, 0.5, 0.3, 0.1]);
        let mut by_ad = start.clone();
        let (value, (d, di)) = value_with_gradient!(at: &mut by_ad, impulse, of: Pendulum::kick);
        let mut by_hand = start.clone();
        assert_eq!(value, by_hand.kick(impulse));
        assert_eq!(point(&by_ad, 0.0), point(&by_hand, 0.0));
        assert_grad_fd(
            |q| pendulum(q).kick(q[4]),
            &point(&start, impulse),
            &gradient(&d, di),
        );
    }
}

/// Differentiable code calling an inout method as a statement, in a loop, on a local copy and
/// on `self`.
#[differentiable]
fn swing(p0: &Pendulum, dt: f64) -> f64 {
    let mut p = p0.clone();
    for _ in 0..4 {
        p.advance(dt);
    }
    p.energy() + p.theta
}

impl Pendulum {
    #[differentiable]
    pub fn advance_twice(&mut self, dt: f64) {
        self.advance(dt);
        self.advance(0.5 * dt);
    }
}

#[test]
fn inout_method_called_from_differentiable_code() {
    let start = pendulum(&[0.9, 1.4, 0.5, -0.3]);
    let dt = 0.05;
    let (value, (d, ddt)) = value_with_gradient!(at: &start, dt, of: swing);
    assert_eq!(value, swing(&start, dt));
    assert_grad_fd(
        |q| swing(&pendulum(q), q[4]),
        &point(&start, dt),
        &gradient(&d, ddt),
    );

    // Through `self`: the pullback of `advance_twice`, seeded on the final angle.
    let mut by_ad = start.clone();
    let ((), pullback) = value_with_pullback!(at: &mut by_ad, dt, of: Pendulum::advance_twice);
    let mut by_hand = start.clone();
    by_hand.advance_twice(dt);
    assert_eq!(point(&by_ad, 0.0), point(&by_hand, 0.0));
    let mut seed = by_ad.zero_tangent();
    seed.theta = 1.0;
    let (d, ddt) = pullback(seed);
    assert_grad_fd(
        |q| {
            let mut p = pendulum(q);
            p.advance_twice(q[4]);
            p.theta
        },
        &point(&start, dt),
        &gradient(&d, ddt),
    );
}
