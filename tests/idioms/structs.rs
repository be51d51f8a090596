//! Structs as a Rust programmer writes them: a `Vec2` with operators and methods (a
//! rotation by `sin_cos`), complex numbers, a spring-mass system stepped by a method that
//! returns the new state and a particle updated in place by an inout `&mut self` method,
//! nested structs written field by field, struct update syntax, tuple structs, array and
//! `Vec` fields, a field without derivative, a camera projecting `Vec3`s.

use crate::check::{check_hessian, check_idiom};
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};
use crate::{assert_close, assert_grad_fd};
use ad::prelude::*;
use std::ops::{Add, Mul, Neg, Sub};

#[derive(Differentiable, Clone, Copy, Debug)]
pub struct Vec2 {
    pub x: f64,
    pub y: f64,
}

#[differentiable]
impl Add for Vec2 {
    type Output = Vec2;
    fn add(self, o: Vec2) -> Vec2 {
        Vec2 {
            x: self.x + o.x,
            y: self.y + o.y,
        }
    }
}

#[differentiable]
impl Sub for Vec2 {
    type Output = Vec2;
    fn sub(self, o: Vec2) -> Vec2 {
        Vec2 {
            x: self.x - o.x,
            y: self.y - o.y,
        }
    }
}

#[differentiable]
impl Mul<Vec2> for f64 {
    type Output = Vec2;
    fn mul(self, v: Vec2) -> Vec2 {
        Vec2 {
            x: self * v.x,
            y: self * v.y,
        }
    }
}

impl Vec2 {
    #[differentiable]
    pub fn rotated(self, angle: f64) -> Vec2 {
        let (s, c) = angle.sin_cos();
        Vec2 {
            x: c * self.x - s * self.y,
            y: s * self.x + c * self.y,
        }
    }

    #[differentiable]
    pub fn length(&self) -> f64 {
        self.x.hypot(self.y)
    }

    #[differentiable]
    pub fn dot(&self, o: &Vec2) -> f64 {
        self.x * o.x + self.y * o.y
    }
}

/// A point rotated about the origin, then its distance to a target.
#[differentiable]
fn rotated_distance(x: f64, angle: f64) -> f64 {
    let p = Vec2 { x, y: 1.0 };
    let target = Vec2 { x: 2.0, y: 0.0 };
    (p.rotated(angle) - target).length()
}

#[test]
fn a_rotation_with_a_struct() {
    check_idiom!(rotated_distance, [(0.5, 0.3), (-1.2, 2.0), (3.0, -0.7)]);
    check_hessian!(rotated_distance, [(0.5, 0.3)]);
    // Rotation keeps lengths: |R p - t|² = |p|² + |t|² - 2 t · R p, with t = (2, 0):
    // t · R p = 2 (x cos a - sin a).
    let (x, a) = (0.5f64, 0.3f64);
    let d = (x * x + 1.0 + 4.0 - 4.0 * (x * a.cos() - a.sin())).sqrt();
    let (dx, da) = gradient!(at: x, a, of: rotated_distance);
    assert_close(dx, (x - 2.0 * a.cos()) / d);
    assert_close(da, 2.0 * (x * a.sin() + a.cos()) / d);
}

/// Gradients with respect to the struct itself: the rotated point's projection on a
/// direction.
#[test]
fn a_gradient_with_respect_to_a_struct() {
    let p = Vec2 { x: 0.4, y: -1.1 };
    let (dp, da) =
        gradient!(at: p, 0.9, of: |p: Vec2, a: f64| p.rotated(a).dot(&Vec2 { x: 1.0, y: 2.0 }));
    // d/dp (Rᵀ u) · p = Rᵀ u with u = (1, 2).
    let (s, c) = 0.9f64.sin_cos();
    assert_close(dp.x, c + 2.0 * s);
    assert_close(dp.y, -s + 2.0 * c);
    assert_close(da, (-s * p.x - c * p.y) + 2.0 * (c * p.x - s * p.y));
}

/// A spring-mass system stepped by explicit Euler: a method returning the next state, in a
/// loop.
#[derive(Differentiable, Clone, Copy, Debug)]
pub struct Oscillator {
    pub position: f64,
    pub velocity: f64,
}

impl Oscillator {
    #[differentiable]
    pub fn step(self, stiffness: f64, dt: f64) -> Oscillator {
        let acceleration = -stiffness * self.position;
        Oscillator {
            position: self.position + self.velocity * dt,
            velocity: self.velocity + acceleration * dt,
        }
    }

    #[differentiable]
    pub fn energy(&self, stiffness: f64) -> f64 {
        0.5 * self.velocity * self.velocity + 0.5 * stiffness * self.position * self.position
    }
}

#[differentiable]
fn spring_energy_after(x0: f64, stiffness: f64) -> f64 {
    let mut state = Oscillator {
        position: x0,
        velocity: 0.0,
    };
    for _ in 0..50 {
        state = state.step(stiffness, 0.02);
    }
    state.energy(stiffness)
}

#[test]
fn a_spring_mass_euler_loop() {
    check_idiom!(spring_energy_after, [(1.0, 4.0), (-0.3, 0.5)]);
    check_hessian!(spring_energy_after, [(1.0, 4.0)]);
    // Explicit Euler multiplies the energy by 1 + k dt² per step:
    // E = ½ k x0² (1 + k dt²)^50.
    let (x0, k) = (1.0f64, 4.0f64);
    let growth = (1.0 + k * 0.0004).powi(50);
    let (dx0, _) = gradient!(at: x0, k, of: spring_energy_after);
    assert_close(dx0, k * x0 * growth);
}

/// A particle with drag updated in place by an inout `&mut self` method.
#[derive(Differentiable, Clone, Debug)]
pub struct Particle {
    pub position: Vec2,
    pub velocity: Vec2,
}

impl Particle {
    #[differentiable]
    pub fn advance(&mut self, dt: f64, drag: f64) {
        let speed = self.velocity.length();
        self.velocity.x -= drag * speed * self.velocity.x * dt;
        self.velocity.y -= (9.81 + drag * speed * self.velocity.y) * dt;
        self.position.x += self.velocity.x * dt;
        self.position.y += self.velocity.y * dt;
    }
}

#[differentiable]
fn range_with_drag(angle: f64, drag: f64) -> f64 {
    let (s, c) = angle.sin_cos();
    let mut p = Particle {
        position: Vec2 { x: 0.0, y: 0.0 },
        velocity: 20.0 * Vec2 { x: c, y: s },
    };
    for _ in 0..100 {
        p.advance(0.02, drag);
    }
    p.position.x
}

#[test]
fn a_particle_advanced_in_place() {
    check_idiom!(range_with_drag, [(0.7, 0.01), (1.1, 0.05)]);
}

/// Complex numbers with `Add` and `Mul`: a few Mandelbrot iterations z ← z² + c.
#[derive(Differentiable, Clone, Copy, Debug)]
pub struct Complex {
    pub re: f64,
    pub im: f64,
}

#[differentiable]
impl Add for Complex {
    type Output = Complex;
    fn add(self, o: Complex) -> Complex {
        Complex {
            re: self.re + o.re,
            im: self.im + o.im,
        }
    }
}

#[differentiable]
impl Mul for Complex {
    type Output = Complex;
    fn mul(self, o: Complex) -> Complex {
        Complex {
            re: self.re * o.re - self.im * o.im,
            im: self.re * o.im + self.im * o.re,
        }
    }
}

impl Complex {
    #[differentiable]
    pub fn norm_sqr(&self) -> f64 {
        self.re * self.re + self.im * self.im
    }
}

#[differentiable]
fn mandelbrot(re: f64, im: f64) -> f64 {
    let c = Complex { re, im };
    let mut z = Complex { re: 0.0, im: 0.0 };
    for _ in 0..5 {
        z = z * z + c;
    }
    z.norm_sqr()
}

#[test]
fn complex_numbers_with_operators() {
    check_idiom!(mandelbrot, [(-0.5, 0.3), (0.2, -0.4)]);
    check_hessian!(mandelbrot, [(-0.5, 0.3)]);
}

/// A complex polynomial z³ - 1 by Newton's method on complex numbers: the root's real part
/// as a function of a perturbed constant.
impl Complex {
    #[differentiable]
    pub fn div(self, o: Complex) -> Complex {
        let d = o.norm_sqr();
        Complex {
            re: (self.re * o.re + self.im * o.im) / d,
            im: (self.im * o.re - self.re * o.im) / d,
        }
    }
}

#[differentiable]
fn complex_cube_root(a: f64, b: f64) -> f64 {
    let target = Complex { re: a, im: b };
    let mut z = Complex { re: 1.0, im: 0.5 };
    for _ in 0..40 {
        let z2 = z * z;
        let f = Complex {
            re: z2.re * z.re - z2.im * z.im - target.re,
            im: z2.re * z.im + z2.im * z.re - target.im,
        };
        let df = Complex {
            re: 3.0 * z2.re,
            im: 3.0 * z2.im,
        };
        let step = f.div(df);
        z = Complex {
            re: z.re - step.re,
            im: z.im - step.im,
        };
    }
    z.re + 2.0 * z.im
}

#[test]
fn newton_on_complex_numbers() {
    check_idiom!(complex_cube_root, [(1.5, 0.4), (0.8, 1.1)]);
}

/// A tuple struct of polar coordinates converted by a method returning a tuple.
#[derive(Differentiable, Clone, Copy, Debug)]
pub struct Polar(pub f64, pub f64);

impl Polar {
    #[differentiable]
    pub fn to_cartesian(&self) -> (f64, f64) {
        let (s, c) = self.1.sin_cos();
        (self.0 * c, self.0 * s)
    }
}

#[differentiable]
fn polar_chord(r: f64, theta: f64) -> f64 {
    let (x1, y1) = Polar(r, theta).to_cartesian();
    let (x2, y2) = Polar(2.0 * r, theta + 0.5).to_cartesian();
    ((x2 - x1).powi(2) + (y2 - y1).powi(2)).sqrt()
}

#[test]
fn a_tuple_struct_method_returning_a_tuple() {
    check_idiom!(polar_chord, [(1.3, 0.4), (0.6, -2.0)]);
    check_hessian!(polar_chord, [(1.3, 0.4)]);
    // Law of cosines: chord² = r² + 4r² - 4r² cos 0.5, independent of θ.
    let (dr, dtheta) = gradient!(at: 1.3, 0.4, of: polar_chord);
    assert_close(dr, (5.0 - 4.0 * 0.5f64.cos()).sqrt());
    assert!(dtheta.abs() < 1e-12);
}

/// A bounding box built with `min` and `max` over an array of points, then its area.
#[derive(Differentiable, Clone, Copy, Debug)]
pub struct Rect {
    pub min: Vec2,
    pub max: Vec2,
}

impl Rect {
    #[differentiable]
    pub fn area(&self) -> f64 {
        (self.max.x - self.min.x) * (self.max.y - self.min.y)
    }
}

#[differentiable]
fn bounding_area(x: f64, y: f64) -> f64 {
    let points = [
        Vec2 { x, y: 0.5 },
        Vec2 { x: y, y: x * y },
        Vec2 { x: 1.0, y: -y },
    ];
    let mut bounds = Rect {
        min: points[0],
        max: points[0],
    };
    for p in points.iter() {
        bounds.min.x = bounds.min.x.min(p.x);
        bounds.min.y = bounds.min.y.min(p.y);
        bounds.max.x = bounds.max.x.max(p.x);
        bounds.max.y = bounds.max.y.max(p.y);
    }
    bounds.area()
}

#[test]
fn a_bounding_box() {
    check_idiom!(bounding_area, [(0.3, 1.7), (2.0, -0.6)]);
}

/// A polyline as a struct holding a `Vec<Vec2>`: its length by a method.
#[derive(Differentiable, Clone, Debug)]
pub struct Polyline {
    pub points: Vec<Vec2>,
}

impl Polyline {
    #[differentiable]
    pub fn length(&self) -> f64 {
        let mut total = 0.0;
        for i in 1..self.points.len() {
            total += (self.points[i] - self.points[i - 1]).length();
        }
        total
    }
}

#[differentiable]
fn path_length(x: f64, y: f64) -> f64 {
    let mut points = Vec::new();
    for k in 0..5 {
        let t = k as f64 * 0.25;
        points.push(Vec2 {
            x: t * x,
            y: (t * y).sin(),
        });
    }
    let path = Polyline { points };
    path.length()
}

#[test]
fn a_polyline_with_a_vec_field() {
    check_idiom!(path_length, [(1.0, 2.0), (0.4, -1.3)]);
    check_hessian!(path_length, [(1.0, 2.0)]);
}

/// Nested structs written field by field: `body.position.x += ..`.
#[derive(Differentiable, Clone, Copy, Debug)]
pub struct Body {
    pub position: Vec2,
    pub velocity: Vec2,
    pub mass: f64,
}

#[differentiable]
fn orbit_radius(vx: f64, mass: f64) -> f64 {
    let mut body = Body {
        position: Vec2 { x: 0.0, y: 1.0 },
        velocity: Vec2 { x: vx, y: 0.0 },
        mass,
    };
    let dt = 0.01;
    for _ in 0..100 {
        let r = body.position.length();
        let pull = -1.0 / (r * r * r);
        body.velocity.x += pull * body.position.x * dt / body.mass;
        body.velocity.y += pull * body.position.y * dt / body.mass;
        body.position.x += body.velocity.x * dt;
        body.position.y += body.velocity.y * dt;
    }
    body.position.length()
}

#[test]
fn nested_field_writes() {
    check_idiom!(orbit_radius, [(1.0, 1.0), (0.8, 1.5)]);
    check_hessian!(orbit_radius, [(1.0, 1.0)]);
}

/// Struct update syntax `..base` and a constructor `Self::new`.
#[derive(Differentiable, Clone, Copy, Debug)]
pub struct Settings {
    pub rate: f64,
    pub decay: f64,
    pub offset: f64,
}

impl Settings {
    #[differentiable]
    pub fn new(rate: f64) -> Self {
        Self {
            rate,
            decay: 0.9,
            offset: 0.0,
        }
    }

    #[differentiable]
    pub fn apply(&self, x: f64) -> f64 {
        self.rate * x * self.decay + self.offset
    }

    #[differentiable]
    pub fn tuned(&self, offset: f64) -> Settings {
        Settings {
            offset,
            decay: self.decay * 0.5,
            ..*self
        }
    }
}

#[differentiable]
fn tuned_output(x: f64, rate: f64) -> f64 {
    let base = Settings::new(rate);
    let tuned = base.tuned(x * x);
    let custom = Settings { rate: 2.0, ..base };
    tuned.apply(x) + custom.apply(rate)
}

#[test]
fn struct_update_syntax_and_a_constructor() {
    check_idiom!(tuned_output, [(0.7, 1.3), (-1.2, 0.4)]);
    check_hessian!(tuned_output, [(0.7, 1.3)]);
    // rate · x · 0.45 + x² + 2 · rate · 0.9.
    let (x, rate) = (0.7, 1.3);
    let (dx, drate) = gradient!(at: x, rate, of: tuned_output);
    assert_close(dx, rate * 0.45 + 2.0 * x);
    assert_close(drate, x * 0.45 + 1.8);
}

/// A triangle with array fields: its area by the shoelace formula, indices by `%`.
#[derive(Differentiable, Clone, Copy, Debug)]
pub struct Triangle {
    pub xs: [f64; 3],
    pub ys: [f64; 3],
}

impl Triangle {
    #[differentiable]
    pub fn area(&self) -> f64 {
        let mut twice = 0.0;
        for i in 0..3 {
            let j = (i + 1) % 3;
            twice += self.xs[i] * self.ys[j] - self.xs[j] * self.ys[i];
        }
        0.5 * twice.abs()
    }
}

#[test]
fn the_shoelace_formula_over_array_fields() {
    let t = Triangle {
        xs: [0.0, 2.0, 0.5],
        ys: [0.0, 0.3, 1.5],
    };
    let (value, g) = value_with_gradient!(at: &t, of: Triangle::area);
    assert_close(value, t.area());
    let point = [t.xs.to_vec(), t.ys.to_vec()].concat();
    let got = [g.xs.to_vec(), g.ys.to_vec()].concat();
    assert_grad_fd(
        |p| {
            Triangle {
                xs: [p[0], p[1], p[2]],
                ys: [p[3], p[4], p[5]],
            }
            .area()
        },
        &point,
        &got,
    );
    // ∂A/∂x₀ = (y₁ - y₂) / 2 for a counter-clockwise triangle.
    assert_close(g.xs[0], 0.5 * (t.ys[1] - t.ys[2]));
}

/// A weighted reading with fields that carry no derivative: a label marked
/// `#[no_derivative]` and an integer count.
#[derive(Differentiable, Clone, Debug)]
pub struct Reading {
    pub value: f64,
    pub weight: f64,
    #[no_derivative]
    pub label: String,
    pub count: usize,
}

#[differentiable]
fn weighted_mean(readings: &Vec<Reading>) -> f64 {
    let mut total = 0.0;
    let mut weights = 0.0;
    for r in readings {
        let w = r.weight * r.count as f64;
        total += w * r.value;
        weights += w;
    }
    total / weights
}

#[differentiable]
fn readings_mean(x: f64, y: f64) -> f64 {
    let readings = vec![
        Reading {
            value: x,
            weight: 1.0,
            label: String::from("a"),
            count: 2,
        },
        Reading {
            value: 2.0,
            weight: y,
            label: String::from("b"),
            count: 1,
        },
    ];
    weighted_mean(&readings)
}

#[test]
fn fields_without_derivatives() {
    check_idiom!(readings_mean, [(0.5, 1.5), (3.0, 0.2)]);
    // (2x + 2y) / (2 + y).
    let (x, y) = (0.5, 1.5);
    let (dx, dy) = gradient!(at: x, y, of: readings_mean);
    assert_close(dx, 2.0 / (2.0 + y));
    assert_close(
        dy,
        (2.0 * (2.0 + y) - (2.0 * x + 2.0 * y)) / ((2.0 + y) * (2.0 + y)),
    );
}

/// `Vec3` with `Sub`, `Neg` and `Mul<f64>`, a cross product, and a pinhole camera that
/// projects points.
#[derive(Differentiable, Clone, Copy, Debug)]
pub struct Vec3 {
    pub x: f64,
    pub y: f64,
    pub z: f64,
}

#[differentiable]
impl Sub for Vec3 {
    type Output = Vec3;
    fn sub(self, o: Vec3) -> Vec3 {
        Vec3 {
            x: self.x - o.x,
            y: self.y - o.y,
            z: self.z - o.z,
        }
    }
}

#[differentiable]
impl Neg for Vec3 {
    type Output = Vec3;
    fn neg(self) -> Vec3 {
        Vec3 {
            x: -self.x,
            y: -self.y,
            z: -self.z,
        }
    }
}

#[differentiable]
impl Mul<f64> for Vec3 {
    type Output = Vec3;
    fn mul(self, s: f64) -> Vec3 {
        Vec3 {
            x: self.x * s,
            y: self.y * s,
            z: self.z * s,
        }
    }
}

impl Vec3 {
    #[differentiable]
    pub fn cross(&self, o: &Vec3) -> Vec3 {
        Vec3 {
            x: self.y * o.z - self.z * o.y,
            y: self.z * o.x - self.x * o.z,
            z: self.x * o.y - self.y * o.x,
        }
    }

    #[differentiable]
    pub fn norm(&self) -> f64 {
        (self.x * self.x + self.y * self.y + self.z * self.z).sqrt()
    }
}

#[differentiable]
fn triangle_normal_area(x: f64, y: f64) -> f64 {
    let a = Vec3 {
        x: 0.0,
        y: 0.0,
        z: 0.0,
    };
    let b = Vec3 { x, y: 0.2, z: 1.0 };
    let c = Vec3 {
        x: -0.5,
        y,
        z: x * y,
    };
    let normal = (b - a).cross(&(c - a));
    (-normal * 0.5).norm()
}

#[test]
fn a_cross_product_with_operators() {
    check_idiom!(triangle_normal_area, [(1.3, 0.7), (-0.4, 2.0)]);
    check_hessian!(triangle_normal_area, [(1.3, 0.7)]);
}

pub struct Camera {
    pub focal: f64,
    pub center: (f64, f64),
}

impl Camera {
    #[differentiable(wrt = p)]
    pub fn project(&self, p: Vec3) -> (f64, f64) {
        (
            self.focal * p.x / p.z + self.center.0,
            self.focal * p.y / p.z + self.center.1,
        )
    }
}

#[differentiable]
fn reprojection_error(depth: f64, shift: f64) -> f64 {
    let camera = Camera {
        focal: 500.0,
        center: (320.0, 240.0),
    };
    // Typed: an untyped array of tuples of float literals fails to compile (reported).
    let observed: [(f64, f64); 2] = [(400.0, 250.0), (300.0, 180.0)];
    let points = [
        Vec3 {
            x: 0.3 + shift,
            y: 0.05,
            z: depth,
        },
        Vec3 {
            x: -0.1 + shift,
            y: -0.2,
            z: depth + 0.5,
        },
    ];
    let mut error = 0.0;
    for i in 0..2 {
        let (u, v) = camera.project(points[i]);
        error += (u - observed[i].0).powi(2) + (v - observed[i].1).powi(2);
    }
    error
}

#[test]
fn a_camera_projecting_points() {
    check_idiom!(reprojection_error, [(2.0, 0.01), (1.5, -0.05)]);
    check_hessian!(reprojection_error, [(2.0, 0.01)]);
}

/// Shortest processing time first: tasks sorted by a field with `sort_by`, then the
/// weighted completion time.
#[derive(Differentiable, Clone, Copy, Debug)]
pub struct Task {
    pub duration: f64,
    pub weight: f64,
}

#[differentiable]
fn weighted_completion(x: f64, y: f64) -> f64 {
    let mut tasks = vec![
        Task {
            duration: x,
            weight: 1.0,
        },
        Task {
            duration: 2.0,
            weight: y,
        },
        Task {
            duration: x * y,
            weight: 0.5,
        },
        Task {
            duration: 1.2,
            weight: 2.0,
        },
    ];
    tasks.sort_by(|a, b| a.duration.partial_cmp(&b.duration).unwrap());
    let mut clock = 0.0;
    let mut total = 0.0;
    for task in tasks.iter() {
        clock += task.duration;
        total += task.weight * clock;
    }
    total
}

#[test]
fn structs_sorted_by_a_field() {
    check_idiom!(weighted_completion, [(0.7, 1.3), (2.5, 0.4), (1.5, 1.9)]);
    check_hessian!(weighted_completion, [(0.7, 1.3)]);
}

/// A user trait implemented by a differentiable `impl`, called in a loss.
pub trait Model {
    fn predict(&self, t: f64) -> f64;
}

#[derive(Differentiable, Clone, Copy, Debug)]
pub struct Line {
    pub slope: f64,
    pub intercept: f64,
}

#[differentiable]
impl Model for Line {
    fn predict(&self, t: f64) -> f64 {
        self.slope * t + self.intercept
    }
}

#[differentiable]
fn line_loss(slope: f64, intercept: f64) -> f64 {
    let model = Line { slope, intercept };
    let mut loss = 0.0;
    for k in 0..5 {
        let t = k as f64 * 0.5;
        loss += (model.predict(t) - t.sin()).powi(2);
    }
    loss
}

#[test]
fn a_user_trait_method() {
    check_idiom!(line_loss, [(0.4, 1.3), (-1.0, 0.2)]);
    check_hessian!(line_loss, [(0.4, 1.3)]);
    // ∂intercept = 2 Σ r, ∂slope = 2 Σ r t.
    let (s, b) = (0.4, 1.3);
    let ts: Vec<f64> = (0..5).map(|k| k as f64 * 0.5).collect();
    let r: Vec<f64> = ts.iter().map(|t| s * t + b - t.sin()).collect();
    let (ds, db) = gradient!(at: s, b, of: line_loss);
    assert_close(ds, 2.0 * r.iter().zip(&ts).map(|(r, t)| r * t).sum::<f64>());
    assert_close(db, 2.0 * r.iter().sum::<f64>());
}

/// Vertices of a `Vec<Vec2>` put in counter-clockwise order by `v.swap`, then the area.
#[differentiable]
fn oriented_area(x: f64, y: f64) -> f64 {
    let mut vertices = vec![
        Vec2 { x: 0.0, y: 0.0 },
        Vec2 { x, y: 1.0 },
        Vec2 { x: 1.0, y },
    ];
    let e1 = vertices[1] - vertices[0];
    let e2 = vertices[2] - vertices[0];
    if e1.x * e2.y - e1.y * e2.x < 0.0 {
        vertices.swap(1, 2);
    }
    let mut twice = 0.0;
    for i in 0..3 {
        let (p, q) = (vertices[i], vertices[(i + 1) % 3]);
        twice += p.x * q.y - q.x * p.y;
    }
    0.5 * twice
}

#[test]
fn a_vec_of_structs_reordered_by_swap() {
    // Clockwise at the first point, counter-clockwise at the second.
    check_idiom!(oriented_area, [(0.3, 1.7), (1.5, 0.2)]);
    // |x y - 1| / 2, which is (1 - x y) / 2 at (0.3, 1.7).
    let (dx, dy) = gradient!(at: 0.3, 1.7, of: oriented_area);
    assert_close(dx, -0.5 * 1.7);
    assert_close(dy, -0.5 * 0.3);
}

/// Struct update from `Default::default()`, and a local `&mut` reborrow of a field.
#[derive(Differentiable, Clone, Copy, Debug, Default)]
pub struct Limits {
    pub low: f64,
    pub high: f64,
    pub softness: f64,
}

#[differentiable]
fn soft_clamped(x: f64, y: f64) -> f64 {
    let mut limits = Limits {
        high: y,
        softness: 0.1,
        ..Default::default()
    };
    let high = &mut limits.high;
    *high += 1.0;
    let s = limits.softness;
    let above = ((x - limits.high) / s).exp().ln_1p() * s;
    let below = ((limits.low - x) / s).exp().ln_1p() * s;
    x - above + below
}

#[test]
fn default_base_and_a_field_reborrow() {
    check_idiom!(soft_clamped, [(0.7, 1.3), (2.5, 0.4), (-0.2, 1.0)]);
    check_hessian!(soft_clamped, [(0.7, 1.3)]);
}

/// A linear model with a `Vec` of weights trained in place by an inout `&mut self` method;
/// the loss after training is differentiated with respect to the learning rate and the
/// data's scale (a hypergradient).
#[derive(Differentiable, Clone, Debug)]
pub struct Linear {
    pub w: Vec<f64>,
    pub b: f64,
}

impl Linear {
    #[differentiable]
    pub fn predict(&self, x: &[f64]) -> f64 {
        let mut s = self.b;
        for i in 0..self.w.len() {
            s += self.w[i] * x[i];
        }
        s
    }

    #[differentiable]
    pub fn sgd_step(&mut self, x: &[f64], target: f64, lr: f64) {
        let error = self.predict(x) - target;
        let mut w = self.w.clone();
        for i in 0..w.len() {
            w[i] -= lr * error * x[i];
        }
        self.w = w;
        self.b -= lr * error;
    }
}

#[differentiable]
fn loss_after_training(lr: f64, scale: f64) -> f64 {
    let mut model = Linear {
        w: vec![0.0, 0.0],
        b: 0.0,
    };
    let data = [[1.0, 0.5], [-0.3, 2.0], [0.8, -1.0]];
    let targets = [1.2, -0.4, 0.9];
    for _ in 0..5 {
        for k in 0..3 {
            let x = vec![data[k][0] * scale, data[k][1] * scale];
            model.sgd_step(&x, targets[k], lr);
        }
    }
    let mut loss = 0.0;
    for k in 0..3 {
        let x = vec![data[k][0] * scale, data[k][1] * scale];
        loss += (model.predict(&x) - targets[k]).powi(2);
    }
    loss
}

#[test]
fn a_hypergradient_through_training_in_place() {
    check_idiom!(loss_after_training, [(0.1, 1.0), (0.05, 1.5)]);
    check_hessian!(loss_after_training, [(0.1, 1.0)]);
}

/// Forward kinematics of a three-link arm: angles in an array, the hand's position out.
#[differentiable]
fn hand_position(angles: [f64; 3]) -> [f64; 2] {
    let lengths = [1.0, 0.8, 0.5];
    let (mut x, mut y, mut heading) = (0.0, 0.0, 0.0);
    for i in 0..3 {
        heading += angles[i];
        let (s, c) = heading.sin_cos();
        x += lengths[i] * c;
        y += lengths[i] * s;
    }
    [x, y]
}

#[test]
fn the_jacobian_of_a_robot_arm() {
    let angles = [0.3, -0.7, 1.1];
    let j = jacobian!(at: angles, of: hand_position);
    // Column k: the links from k on turn about joint k, ∂(x, y)/∂θₖ = Σ_{i ≥ k} lᵢ (-sin φᵢ, cos φᵢ).
    let lengths = [1.0, 0.8, 0.5];
    let phi = [0.3, 0.3 - 0.7, 0.3 - 0.7 + 1.1];
    for k in 0..3 {
        let dx: f64 = (k..3).map(|i| -lengths[i] * f64::sin(phi[i])).sum();
        let dy: f64 = (k..3).map(|i| lengths[i] * f64::cos(phi[i])).sum();
        assert_close(j[[0, k]], dx);
        assert_close(j[[1, k]], dy);
    }
    // Reverse mode with a cotangent on the result gives the first row.
    let (_, pullback) = value_with_pullback!(at: angles, of: hand_position);
    let g = pullback([1.0, 0.0]);
    for k in 0..3 {
        assert_close(g[k], j[[0, k]]);
    }
}

/// A function returning a tuple (mean and standard deviation), seeded through its pullback.
#[differentiable]
fn mean_and_std(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / n;
    (mean, var.sqrt())
}

#[test]
fn a_tuple_result_seeded_by_its_pullback() {
    let xs = [0.5, -1.2, 2.0, 0.3];
    let ((mean, std), pullback) = value_with_pullback!(at: &xs[..], of: mean_and_std);
    assert_eq!((mean, std), mean_and_std(&xs));
    let d_mean = pullback((1.0, 0.0));
    let d_std = pullback((0.0, 1.0));
    for i in 0..4 {
        assert_close(d_mean[i], 0.25);
        assert_close(d_std[i], (xs[i] - mean) / (4.0 * std));
    }
    crate::assert_grad_fd(
        |p| 2.0 * mean_and_std(p).0 + mean_and_std(p).1,
        &xs,
        &pullback((2.0, 1.0)),
    );
}

/// A state of array fields stepped by loops over its components, then read by position.
#[derive(Differentiable, Clone, Debug)]
struct PlanarState {
    pos: [f64; 2],
    vel: [f64; 2],
}

/// A damped oscillator stepped in place: the struct's array fields written element by element
/// in a loop nested in the time loop, and read after both.
#[differentiable]
fn damped(k: f64, damping: f64) -> f64 {
    let mut s = PlanarState {
        pos: [1.0, 0.0],
        vel: [0.0, 1.0],
    };
    let dt = 0.05;
    for _ in 0..40 {
        let acc = [
            -k * s.pos[0] - damping * s.vel[0],
            -k * s.pos[1] - damping * s.vel[1],
        ];
        for d in 0..2 {
            s.vel[d] += acc[d] * dt;
            s.pos[d] += s.vel[d] * dt;
        }
    }
    s.pos[0] * s.pos[0] + s.vel[1] + s.pos.iter().map(|p| p.abs()).sum::<f64>()
}

#[test]
fn array_fields_stepped_in_loops() {
    check_idiom!(damped, [(2.0, 0.1), (0.7, 0.5)]);
    check_hessian!(damped, [(2.0, 0.1)]);
}

/// A field of a `&mut` struct parameter replaced by a longer constant `Vec`, then written
/// by element (gradbench's hand tracking sizes its matrices so): forward mode left the
/// field's tangent the length-less zero and its element write panicked ("index out of
/// bounds: the len is 0") where the function runs.
#[derive(Differentiable, Clone, Debug, Default)]
struct Grown {
    data: Vec<f64>,
}

#[differentiable]
fn grow_then_write(x: f64, m: &mut Grown) {
    m.data = vec![0.0; 2];
    m.data[0] = x;
}

#[differentiable]
fn grown_from_default(x: f64) -> f64 {
    let mut m = Grown::default();
    grow_then_write(x, &mut m);
    m.data[0] * x + m.data[1]
}

#[test]
fn a_field_replaced_by_a_longer_vector_then_written() {
    crate::assert_close(ad::gradient!(at: 1.5, of: grown_from_default), 3.0);
    crate::common::every_mode::assert_every_mode!(grown_from_default, 1.5);
}
