//! Operators on user types: `#[differentiable]` on `impl Add`, `Sub`, `Mul<f64>`, `Div<f64>`,
//! `Neg` and, with the float on the left, `Mul<Vec2> for f64`, for a 2-D and a 3-D vector,
//! used in larger differentiable functions: the issue's
//! `(a + b * s - c).dot(&d)`, a normalisation, a vector Euler integration in a loop and a
//! Gram-Schmidt step.

use crate::{assert_all_close, assert_close, assert_grad_fd};
use ad::prelude::*;
// The suite's operators, which also check forward mode against reverse mode.
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};
use std::ops::{Add, Div, Mul, Neg, Sub};

#[derive(Differentiable, Clone, Copy, Debug, PartialEq)]
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
impl Mul<f64> for Vec2 {
    type Output = Vec2;
    fn mul(self, s: f64) -> Vec2 {
        Vec2 {
            x: self.x * s,
            y: self.y * s,
        }
    }
}

#[differentiable]
impl Div<f64> for Vec2 {
    type Output = Vec2;
    fn div(self, s: f64) -> Vec2 {
        Vec2 {
            x: self.x / s,
            y: self.y / s,
        }
    }
}

#[differentiable]
impl Neg for Vec2 {
    type Output = Vec2;
    fn neg(self) -> Vec2 {
        Vec2 {
            x: -self.x,
            y: -self.y,
        }
    }
}

impl Vec2 {
    #[differentiable]
    pub fn dot(&self, o: &Vec2) -> f64 {
        self.x * o.x + self.y * o.y
    }

    #[differentiable]
    pub fn norm(&self) -> f64 {
        self.dot(self).sqrt()
    }
}

fn v(x: f64, y: f64) -> Vec2 {
    Vec2 { x, y }
}

#[differentiable]
fn combination(a: Vec2, b: Vec2, c: Vec2, d: Vec2, s: f64) -> f64 {
    (a + b * s - c).dot(&d)
}

#[test]
fn vector_expression_dot() {
    // f = (a + s b - c)·d: ∂a = d, ∂b = s d, ∂c = -d, ∂d = a + s b - c, ∂s = b·d
    let (a, b, c, d, s) = (v(1.0, 2.0), v(-0.5, 3.0), v(0.25, -1.0), v(2.0, 0.7), 1.5);
    let (value, (da, db, dc, dd, ds)) = value_with_gradient!(at: a, b, c, d, s, of: combination);
    assert_eq!(value, combination(a, b, c, d, s));
    assert_all_close(
        &[da.x, da.y, db.x, db.y, dc.x, dc.y, dd.x, dd.y, ds],
        &[
            d.x,
            d.y,
            s * d.x,
            s * d.y,
            -d.x,
            -d.y,
            a.x + s * b.x - c.x,
            a.y + s * b.y - c.y,
            b.x * d.x + b.y * d.y,
        ],
    );
}

#[differentiable]
fn negated_quotient(a: Vec2, b: Vec2, s: f64) -> f64 {
    let w = -a + b / s;
    let u = -(w - a * 2.0);
    u.norm() * w.x
}

#[test]
fn neg_and_div_in_a_larger_expression() {
    for &(ax, ay, bx, by, s) in &[
        (1.0, 2.0, 3.0, -1.0, 0.5),
        (-0.3, 0.8, 2.0, 2.0, -1.7),
        (0.1, -2.0, -4.0, 1.0, 3.0),
    ] {
        let (a, b) = (v(ax, ay), v(bx, by));
        let (value, (da, db, ds)) = value_with_gradient!(at: a, b, s, of: negated_quotient);
        assert_eq!(value, negated_quotient(a, b, s));
        assert_grad_fd(
            |q| negated_quotient(v(q[0], q[1]), v(q[2], q[3]), q[4]),
            &[ax, ay, bx, by, s],
            &[da.x, da.y, db.x, db.y, ds],
        );
    }
    // closed form at one point: w = b/s - a, u = 3a - b/s, f = |u| w.x;
    // ∂s = (∂|u|/∂u · b/s²) w.x + |u| (-b.x/s²)
    let (a, b, s) = (v(1.0, 0.0), v(2.0, 2.0), 2.0);
    let (_, _, ds) = gradient!(at: a, b, s, of: negated_quotient);
    let u = v(3.0 - 1.0, -1.0); // (2, -1), |u| = √5
    let w = v(0.0, 1.0);
    let nu = 5f64.sqrt();
    let du_ds = v(b.x / (s * s), b.y / (s * s));
    let want = (u.x * du_ds.x + u.y * du_ds.y) / nu * w.x + nu * (-b.x / (s * s));
    assert_close(ds, want);
}

/// Normalisation through `Div<f64>` by a differentiated norm.
#[differentiable]
fn normalized_projection(a: Vec2, b: Vec2) -> f64 {
    let u = a / a.norm();
    u.dot(&b)
}

#[test]
fn normalisation_by_div() {
    // f = â·b: ∂a = (b - (â·b) â)/|a|, ∂b = â
    let (a, b) = (v(3.0, 4.0), v(1.0, -2.0));
    let (da, db) = gradient!(at: a, b, of: normalized_projection);
    let (ux, uy) = (0.6, 0.8);
    let p = ux * b.x + uy * b.y;
    assert_all_close(
        &[da.x, da.y, db.x, db.y],
        &[(b.x - p * ux) / 5.0, (b.y - p * uy) / 5.0, ux, uy],
    );
}

/// Explicit Euler in vector form: position and velocity are `Vec2`s updated with the
/// operators, with drag `c` and a constant field `g`.
#[differentiable]
fn vector_euler(p0: Vec2, v0: Vec2, c: f64, g: Vec2) -> f64 {
    let dt = 0.02;
    let mut p = p0;
    let mut vel = v0;
    for _ in 0..100 {
        let acc = g - vel * c;
        p = p + vel * dt;
        vel = vel + acc * dt;
    }
    p.dot(&p) + vel.x
}

#[test]
fn operators_in_a_loop() {
    for &(px, py, vx, vy, c, gx, gy) in &[
        (0.0, 0.0, 1.0, 2.0, 0.3, 0.0, -9.81),
        (1.0, -1.0, -0.5, 0.5, 1.2, 0.5, -1.0),
    ] {
        let (value, (dp, dv, dc, dg)) =
            value_with_gradient!(at: v(px, py), v(vx, vy), c, v(gx, gy), of: vector_euler);
        assert_eq!(value, vector_euler(v(px, py), v(vx, vy), c, v(gx, gy)));
        assert_grad_fd(
            |q| vector_euler(v(q[0], q[1]), v(q[2], q[3]), q[4], v(q[5], q[6])),
            &[px, py, vx, vy, c, gx, gy],
            &[dp.x, dp.y, dv.x, dv.y, dc, dg.x, dg.y],
        );
    }
}

/// A 3-D vector with the same operators, used for a Gram-Schmidt step.
#[derive(Differentiable, Clone, Copy, Debug, PartialEq)]
pub struct Vec3 {
    pub x: f64,
    pub y: f64,
    pub z: f64,
}

#[differentiable]
impl Add for Vec3 {
    type Output = Vec3;
    fn add(self, o: Vec3) -> Vec3 {
        Vec3 {
            x: self.x + o.x,
            y: self.y + o.y,
            z: self.z + o.z,
        }
    }
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
    pub fn dot(&self, o: &Vec3) -> f64 {
        self.x * o.x + self.y * o.y + self.z * o.z
    }

    #[differentiable]
    pub fn cross(&self, o: &Vec3) -> Vec3 {
        Vec3 {
            x: self.y * o.z - self.z * o.y,
            y: self.z * o.x - self.x * o.z,
            z: self.x * o.y - self.y * o.x,
        }
    }
}

/// The component of b orthogonal to a, crossed with a, dotted with c.
#[differentiable]
fn gram_schmidt_triple(a: Vec3, b: Vec3, c: Vec3) -> f64 {
    let b_perp = b - a * (a.dot(&b) / a.dot(&a));
    a.cross(&b_perp).dot(&c) + b_perp.dot(&b_perp)
}

fn v3(q: &[f64]) -> Vec3 {
    Vec3 {
        x: q[0],
        y: q[1],
        z: q[2],
    }
}

#[test]
fn three_d_operators_gram_schmidt() {
    // a × b⊥ = a × b (the removed part is parallel to a), so the first term is the triple
    // product (a × b)·c: ∂c = a × b
    let point = [1.0, 0.5, -0.3, 0.2, 2.0, 1.0, -1.0, 0.4, 0.9];
    let (a, b, c) = (v3(&point[0..3]), v3(&point[3..6]), v3(&point[6..9]));
    let (value, (da, db, dc)) = value_with_gradient!(at: a, b, c, of: gram_schmidt_triple);
    assert_eq!(value, gram_schmidt_triple(a, b, c));
    let axb = [
        a.y * b.z - a.z * b.y,
        a.z * b.x - a.x * b.z,
        a.x * b.y - a.y * b.x,
    ];
    assert_all_close(&[dc.x, dc.y, dc.z], &axb);
    assert_grad_fd(
        |q| gram_schmidt_triple(v3(&q[0..3]), v3(&q[3..6]), v3(&q[6..9])),
        &point,
        &[da.x, da.y, da.z, db.x, db.y, db.z, dc.x, dc.y, dc.z],
    );
}

/// A float on the left: `impl Mul<Vec2> for f64`, used as `dt * v` and `2.0 * v`.
#[differentiable]
impl Mul<Vec2> for f64 {
    type Output = Vec2;
    fn mul(self, v: Vec2) -> Vec2 {
        Vec2 {
            x: self * v.x,
            y: self * v.y.sin(),
        }
    }
}

#[differentiable]
fn scaled_on_the_left(v: Vec2, dt: f64) -> f64 {
    let w = dt * v;
    let u = 2.0 * w + v * dt;
    u.x * u.y + dt * u.x
}

#[test]
fn a_float_on_the_left_of_a_user_type() {
    let (v, dt) = (Vec2 { x: 0.7, y: -1.3 }, 0.4);
    let (dv, ddt) = gradient!(at: v, dt, of: scaled_on_the_left);
    let at = |p: &[f64]| scaled_on_the_left(Vec2 { x: p[0], y: p[1] }, p[2]);
    assert_grad_fd(at, &[v.x, v.y, dt], &[dv.x, dv.y, ddt]);
    // Forward mode and a second derivative through the same rule.
    let d = differentiate!(at: dt, of: |t: f64| scaled_on_the_left(v, t));
    assert_close(d, ddt);
    let h = hessian!(at: dt, of: |t: f64| scaled_on_the_left(v, t));
    crate::assert_deriv_fd(
        |t| differentiate!(at: t, of: |t: f64| scaled_on_the_left(v, t)),
        dt,
        h,
    );
}
