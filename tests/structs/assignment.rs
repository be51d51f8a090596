//! Field assignment and compound field assignment on mutable locals, in straight-line code,
//! in loops and in branches; nested places (`b.position.x`, `b.trail[i].y`, `b.weights[i]`)
//! on a local and on `&mut self`; struct literals built from computed values (in declaration
//! order, out of order and with shorthand fields) and struct-valued functions seeded through
//! their pullback.

use crate::{assert_all_close, assert_close, assert_close_tol, assert_grad_fd};
use ad::prelude::*;
// The suite's operators, which also check forward mode against reverse mode.
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};

#[derive(Differentiable, Clone, Copy, Debug, PartialEq)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

/// Every kind of field assignment, one after the other.
#[differentiable]
fn shuffle(a: f64, b: f64) -> f64 {
    let mut p = Point { x: a, y: b };
    p.x = p.x * p.y; // ab
    p.y += p.x; // b + ab
    p.x -= 2.0 * a; // ab - 2a
    p.y *= p.x; // (b + ab)(ab - 2a)
    p.x /= b; // a - 2a/b
    p.x + p.y
}

#[test]
fn field_assignment_straight_line() {
    // f = a - 2a/b + (b + ab)(ab - 2a):
    // ∂a = 1 - 2/b + b(ab - 2a) + (b + ab)(b - 2), ∂b = 2a/b² + (1 + a)(ab - 2a) + (b + ab)a
    for &(a, b) in &[(1.5, 2.0), (-0.7, 0.4), (3.0, -1.25)] {
        let (value, (da, db)) = value_with_gradient!(at: a, b, of: shuffle);
        assert_eq!(value, shuffle(a, b));
        let u = a * b - 2.0 * a;
        let w = b + a * b;
        assert_all_close(
            &[da, db],
            &[
                1.0 - 2.0 / b + b * u + w * (b - 2.0),
                2.0 * a / (b * b) + (1.0 + a) * u + w * a,
            ],
        );
    }
}

/// Symplectic Euler of x'' = -ω² x over 200 steps, state in a struct (x = position,
/// y = velocity) updated by compound field assignment.
#[differentiable]
fn oscillator(x0: f64, v0: f64, omega: f64) -> f64 {
    let h = 0.01;
    let mut s = Point { x: x0, y: v0 };
    for _ in 0..200 {
        s.y -= h * omega * omega * s.x;
        s.x += h * s.y;
    }
    s.x
}

#[test]
fn compound_field_assignment_in_a_loop() {
    // one step is linear: (x, v) ← A (x, v), A = [[1 - h²ω², h], [-hω², 1]], so
    // ∂x0 = (A²⁰⁰)₀₀ and ∂v0 = (A²⁰⁰)₀₁; ∂ω against finite differences
    for &(x0, v0, omega) in &[(1.0, 0.0, 2.0), (0.3, -1.5, 0.7), (-2.0, 0.5, 5.0)] {
        let (value, (dx0, dv0, domega)) = value_with_gradient!(at: x0, v0, omega, of: oscillator);
        assert_eq!(value, oscillator(x0, v0, omega));
        let h: f64 = 0.01;
        let a = [[1.0 - h * h * omega * omega, h], [-h * omega * omega, 1.0]];
        let mut p = [[1.0, 0.0], [0.0, 1.0]];
        for _ in 0..200 {
            let q = p;
            for i in 0..2 {
                for j in 0..2 {
                    p[i][j] = a[i][0] * q[0][j] + a[i][1] * q[1][j];
                }
            }
        }
        assert_close_tol(dx0, p[0][0], 1e-11);
        assert_close_tol(dv0, p[0][1], 1e-11);
        assert_grad_fd(
            |q| oscillator(q[0], q[1], q[2]),
            &[x0, v0, omega],
            &[dx0, dv0, domega],
        );
    }
}

/// Field assignments in both arms of branches.
#[differentiable]
fn branchy(a: f64, b: f64) -> f64 {
    let mut p = Point { x: a, y: b };
    if p.x > p.y {
        p.x = p.x - p.y;
        p.y *= 2.0;
    } else {
        p.y -= p.x * p.x;
    }
    if a > 0.0 {
        p.x += p.y.sin();
    }
    p.x * p.y
}

#[test]
fn field_assignment_in_branches() {
    // a > b and a > 0: x = a - b + sin 2b, y = 2b, f = (a - b + sin 2b) · 2b:
    // ∂a = 2b, ∂b = 2(a - b + sin 2b) + 2b(-1 + 2cos 2b); all four paths against finite
    // differences
    let (a, b) = (2.0f64, 1.0f64);
    let (da, db) = gradient!(at: a, b, of: branchy);
    assert_all_close(
        &[da, db],
        &[
            2.0 * b,
            2.0 * (a - b + (2.0 * b).sin()) + 2.0 * b * (-1.0 + 2.0 * (2.0 * b).cos()),
        ],
    );
    for &(a, b) in &[(2.0, 1.0), (0.5, 1.5), (-0.5, -1.5), (-2.0, 0.7)] {
        let (value, (da, db)) = value_with_gradient!(at: a, b, of: branchy);
        assert_eq!(value, branchy(a, b));
        assert_grad_fd(|q| branchy(q[0], q[1]), &[a, b], &[da, db]);
    }
}

/// A walker with an integer counter field, reflected at 1.
#[derive(Differentiable, Clone, Debug)]
pub struct Walker {
    pub pos: f64,
    pub energy: f64,
    pub bounces: u32,
}

/// Field assignment inside a branch inside a loop, integer field updated alongside.
#[differentiable]
fn reflected_walk(x: f64, step: f64, n: usize) -> f64 {
    let mut w = Walker {
        pos: x,
        energy: 0.0,
        bounces: 0,
    };
    for i in 0..n {
        w.pos += step * (i as f64).cos();
        if w.pos > 1.0 {
            w.pos = 2.0 - w.pos;
            w.bounces += 1;
        }
        w.energy += w.pos * w.pos;
    }
    w.energy + w.bounces as f64
}

#[test]
fn field_assignment_in_branch_in_loop() {
    for &(x, step) in &[(0.2, 0.3), (0.9, 0.15), (-0.4, 0.45), (0.1, -0.2)] {
        let (value, (dx, dstep, _)) = value_with_gradient!(at: x, step, 12, of: reflected_walk);
        assert_eq!(value, reflected_walk(x, step, 12));
        assert_grad_fd(|q| reflected_walk(q[0], q[1], 12), &[x, step], &[dx, dstep]);
    }
    // no reflection, n = 2: pos₀ = x + s, pos₁ = x + s + s cos 1,
    // f = pos₀² + pos₁²: ∂x = 2pos₀ + 2pos₁, ∂s = 2pos₀ + 2pos₁(1 + cos 1)
    let (x, s) = (0.1, 0.2);
    let (dx, ds, _) = gradient!(at: x, s, 2, of: reflected_walk);
    let (p0, p1) = (x + s, x + s + s * 1f64.cos());
    assert_all_close(
        &[dx, ds],
        &[
            2.0 * p0 + 2.0 * p1,
            2.0 * p0 + 2.0 * p1 * (1.0 + 1f64.cos()),
        ],
    );
}

/// Field assignment inside a branch inside a loop (the counter field is left alone).
#[differentiable]
fn reflected_energy(x: f64, step: f64, n: usize) -> f64 {
    let mut w = Walker {
        pos: x,
        energy: 0.0,
        bounces: 0,
    };
    for i in 0..n {
        w.pos += step * (i as f64).cos();
        if w.pos > 1.0 {
            w.pos = 2.0 - w.pos;
            w.energy *= 0.5;
        }
        w.energy += w.pos * w.pos;
    }
    w.energy
}

#[test]
fn field_assignment_in_branch_in_loop_float_fields() {
    for &(x, step) in &[(0.2, 0.3), (0.9, 0.15), (-0.4, 0.45), (0.1, -0.2)] {
        let (value, (dx, dstep, _)) = value_with_gradient!(at: x, step, 12, of: reflected_energy);
        assert_eq!(value, reflected_energy(x, step, 12));
        assert_grad_fd(
            |q| reflected_energy(q[0], q[1], 12),
            &[x, step],
            &[dx, dstep],
        );
    }
    // n = 3, x = 0.6, s = 0.3: pos₀ = x + s = 0.9, pos₁ = x + s + s cos 1 > 1 is reflected to
    // 2 - x - s(1 + cos 1), e = pos₀²/2 + pos₁², then pos₂ = pos₁ + s cos 2 (≈ 0.80, no
    // reflection), f = e + pos₂²
    let (x, s) = (0.6f64, 0.3f64);
    let (dx, ds, _) = gradient!(at: x, s, 3, of: reflected_energy);
    let p0 = x + s;
    let p1 = 2.0 - x - s * (1.0 + 1f64.cos());
    let p2 = p1 + s * 2f64.cos();
    assert!(p1 < 1.0 && p2 < 1.0);
    // ∂p0 = (1, 1), ∂p1 = (-1, -(1 + cos 1)), ∂p2 = ∂p1 + (0, cos 2)
    let (p1x, p1s) = (-1.0, -(1.0 + 1f64.cos()));
    let (p2x, p2s) = (p1x, p1s + 2f64.cos());
    assert_all_close(
        &[dx, ds],
        &[
            p0 + 2.0 * p1 * p1x + 2.0 * p2 * p2x,
            p0 + 2.0 * p1 * p1s + 2.0 * p2 * p2s,
        ],
    );
}

/// A struct literal from computed values, returned.
#[differentiable]
fn polar(r: f64, theta: f64) -> Point {
    Point {
        x: r * theta.cos(),
        y: r * theta.sin(),
    }
}

#[test]
fn struct_valued_function_pullback() {
    // the Jacobian of (r, θ) ↦ (r cos θ, r sin θ), row by row through the pullback
    for &(r, theta) in &[(2.0, 0.5), (0.3, -2.0)] {
        let (p, pb) = value_with_pullback!(at: r, theta, of: polar);
        assert_eq!(p, polar(r, theta));
        let (s, c) = (theta.sin(), theta.cos());
        let (dr, dtheta) = pb(PointTangentVector { x: 1.0, y: 0.0 });
        assert_all_close(&[dr, dtheta], &[c, -r * s]);
        let (dr, dtheta) = pb(PointTangentVector { x: 0.0, y: 1.0 });
        assert_all_close(&[dr, dtheta], &[s, r * c]);
        let (dr, dtheta) = pb(PointTangentVector { x: 2.0, y: -3.0 });
        assert_all_close(
            &[dr, dtheta],
            &[2.0 * c - 3.0 * s, -2.0 * r * s - 3.0 * r * c],
        );
    }
}

/// A struct-valued call, then its result updated field by field.
#[differentiable]
fn polar_then_shear(r: f64, theta: f64, k: f64) -> f64 {
    let mut p = polar(r, theta);
    p.x += k * p.y;
    p.y *= p.x;
    p.x - p.y
}

#[test]
fn field_assignment_on_a_returned_struct() {
    // x = r cos θ + k r sin θ, y = r sin θ · x, f = x - y = x (1 - r sin θ)
    for &(r, theta, k) in &[(1.5, 0.4, 0.3), (0.7, 2.0, -1.0)] {
        let (value, (dr, dtheta, dk)) = value_with_gradient!(at: r, theta, k, of: polar_then_shear);
        assert_eq!(value, polar_then_shear(r, theta, k));
        let (s, c) = (theta.sin(), theta.cos());
        let x = r * c + k * r * s;
        let m = 1.0 - r * s;
        assert_all_close(
            &[dr, dtheta, dk],
            &[
                (c + k * s) * m - x * s,
                (-r * s + k * r * c) * m - x * r * c,
                r * s * m,
            ],
        );
    }
}

/// Struct literals with shorthand fields and fields out of declaration order.
#[differentiable]
fn literal_forms(a: f64, b: f64) -> f64 {
    let x = a * b;
    let y = a - b;
    let p = Point { x, y };
    let q = Point {
        y: p.x.exp(),
        x: p.y * p.y,
    };
    q.x * 3.0 + q.y
}

#[test]
fn struct_literal_forms() {
    // f = 3(a - b)² + e^(ab): ∂a = 6(a - b) + b e^(ab), ∂b = -6(a - b) + a e^(ab)
    for &(a, b) in &[(0.5, 1.0), (-1.0, 0.3)] {
        let (value, (da, db)) = value_with_gradient!(at: a, b, of: literal_forms);
        assert_eq!(value, literal_forms(a, b));
        let e = (a * b).exp();
        assert_all_close(&[da, db], &[6.0 * (a - b) + b * e, -6.0 * (a - b) + a * e]);
    }
}

#[derive(Differentiable, Clone, Debug)]
pub struct Frame {
    pub origin: Point,
    pub tip: Point,
    pub scale: f64,
}

/// Assigning a whole nested struct field, and a field of the outer struct.
#[differentiable]
fn reframe(a: f64, b: f64) -> f64 {
    let mut f = Frame {
        origin: Point { x: 0.0, y: 0.0 },
        tip: Point { x: a, y: b },
        scale: 1.0,
    };
    f.origin = Point { x: b, y: a * a };
    f.scale *= a + b;
    f.scale += 1.0;
    let dx = f.tip.x - f.origin.x;
    let dy = f.tip.y - f.origin.y;
    f.scale * (dx * dx + dy * dy)
}

#[test]
fn assigning_a_nested_struct_field() {
    // f = (a + b + 1)((a - b)² + (b - a²)²):
    // ∂a = D + (a + b + 1)(2(a - b) - 4a(b - a²)), ∂b = D + (a + b + 1)(-2(a - b) + 2(b - a²))
    for &(a, b) in &[(1.0, 2.0), (-0.5, 0.25), (2.0, -3.0)] {
        let (value, (da, db)) = value_with_gradient!(at: a, b, of: reframe);
        assert_eq!(value, reframe(a, b));
        let d = (a - b).powi(2) + (b - a * a).powi(2);
        let s = a + b + 1.0;
        assert_all_close(
            &[da, db],
            &[
                d + s * (2.0 * (a - b) - 4.0 * a * (b - a * a)),
                d + s * (-2.0 * (a - b) + 2.0 * (b - a * a)),
            ],
        );
        assert_close(value, s * d);
    }
}

/// A body with a nested struct, a `Vec` of structs and a `Vec` field.
#[derive(Differentiable, Clone, Debug)]
pub struct Body {
    pub position: Point,
    pub velocity: Point,
    pub trail: Vec<Point>,
    pub weights: Vec<f64>,
}

/// Nested places on a mutable local: `b.position.x`, `b.trail[i].y`, `b.weights[i]`.
#[differentiable]
fn nested_places(b0: &Body, g: f64) -> f64 {
    let mut b = b0.clone();
    for i in 0..b.trail.len() {
        b.velocity.y -= g * b.weights[i];
        b.position.x += b.velocity.x * b.position.y;
        b.position.y += b.velocity.y;
        b.trail[i].x = b.position.x;
        b.trail[i].y *= b.position.y;
        b.weights[i] = b.weights[i] * b.position.x;
    }
    let mut s = 0.0;
    for i in 0..b.trail.len() {
        s += b.trail[i].x * b.trail[i].y + b.weights[i];
    }
    s
}

fn sample_body(q: &[f64]) -> Body {
    Body {
        position: Point { x: q[0], y: q[1] },
        velocity: Point { x: q[2], y: q[3] },
        trail: vec![Point { x: q[4], y: q[5] }, Point { x: q[6], y: q[7] }],
        weights: vec![q[8], q[9]],
    }
}

fn flatten(d: &BodyTangentVector) -> Vec<f64> {
    vec![
        d.position.x,
        d.position.y,
        d.velocity.x,
        d.velocity.y,
        d.trail[0].x,
        d.trail[0].y,
        d.trail[1].x,
        d.trail[1].y,
        d.weights[0],
        d.weights[1],
    ]
}

#[test]
fn nested_place_assignment() {
    let q = [0.3, 1.2, 0.5, -0.4, 0.7, 1.1, -0.6, 0.9, 0.8, 1.3, 0.25];
    let b = sample_body(&q);
    let (value, (db, dg)) = value_with_gradient!(at: &b, q[10], of: nested_places);
    assert_eq!(value, nested_places(&b, q[10]));
    let mut got = flatten(&db);
    got.push(dg);
    assert_grad_fd(|p| nested_places(&sample_body(p), p[10]), &q, &got);
}

impl Body {
    /// The same updates on `self`, in place.
    #[differentiable]
    pub fn advance(&mut self, g: f64) {
        for i in 0..self.trail.len() {
            self.velocity.y -= g * self.weights[i];
            self.position.x += self.velocity.x * self.position.y;
            self.position.y += self.velocity.y;
            self.trail[i].x = self.position.x;
            self.trail[i].y *= self.position.y;
            self.weights[i] = self.weights[i] * self.position.x;
        }
    }
}

#[test]
fn nested_places_of_mut_self() {
    // Seed the final trail's first point and the last weight; compare with finite differences
    // of that combination of the state after `advance`.
    let q = [0.3, 1.2, 0.5, -0.4, 0.7, 1.1, -0.6, 0.9, 0.8, 1.3, 0.25];
    let mut b = sample_body(&q);
    let ((), pullback) = value_with_pullback!(at: &mut b, q[10], of: Body::advance);
    let mut expected = sample_body(&q);
    expected.advance(q[10]);
    assert_eq!(flatten_body(&b), flatten_body(&expected));
    let mut seed = b.zero_tangent();
    seed.trail[0].x = 1.0;
    seed.trail[0].y = 2.0;
    seed.weights[1] = -1.0;
    let (db, dg) = pullback(seed);
    let mut got = flatten(&db);
    got.push(dg);
    assert_grad_fd(
        |p| {
            let mut b = sample_body(p);
            b.advance(p[10]);
            b.trail[0].x + 2.0 * b.trail[0].y - b.weights[1]
        },
        &q,
        &got,
    );
}

fn flatten_body(b: &Body) -> Vec<f64> {
    let mut out = vec![b.position.x, b.position.y, b.velocity.x, b.velocity.y];
    out.extend(b.trail.iter().flat_map(|p| [p.x, p.y]));
    out.extend(&b.weights);
    out
}

/// Weights updated in place through a local, the README's advice for long `Vec` fields.
#[derive(Differentiable, Clone, Debug)]
pub struct Weights {
    pub w: Vec<f64>,
}

impl Weights {
    #[differentiable]
    pub fn decay(&mut self, rate: f64) -> f64 {
        let mut w = self.w.clone();
        for i in 0..w.len() {
            w[i] -= rate * w[i] * w[i];
        }
        self.w = w;
        let mut norm = 0.0;
        for i in 0..self.w.len() {
            norm += self.w[i] * self.w[i];
        }
        norm
    }
}

#[test]
fn vec_field_updated_through_a_local() {
    let q = [0.5, -1.0, 2.0, 0.1];
    let mut weights = Weights { w: q[..3].to_vec() };
    let (value, (d, drate)) = value_with_gradient!(at: &mut weights, q[3], of: Weights::decay);
    let mut expected = Weights { w: q[..3].to_vec() };
    assert_eq!(value, expected.decay(q[3]));
    assert_eq!(weights.w, expected.w);
    let mut got = d.w.clone();
    got.push(drate);
    assert_grad_fd(|p| Weights { w: p[..3].to_vec() }.decay(p[3]), &q, &got);
}
