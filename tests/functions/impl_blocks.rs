//! `#[differentiable]` on `impl` blocks, as people write them: methods taking `&self` and
//! `self`, associated functions called as `Type::f(..)` (also as an operator's `of:`), methods
//! calling other methods and associated functions of the block, struct update syntax; a
//! generic block `impl<T: Float>` used at `f64` and `f32`; a trait of the crate implemented
//! by two types; operator traits (`Add`, `Sub`, `Mul<f64>`, `Mul<V3> for f64`, `Div<f64>`)
//! used together; a method taking a closure that captures differentiated values; and, with
//! the attribute on the methods, an inout `&mut self` method beside an associated constant
//! it reads. Every mode against central differences, and closed forms.

use crate::common::every_mode::assert_every_mode;
use crate::{assert_close, assert_close_f32};
use ad::num_traits::Float;
use ad::prelude::*;
use std::ops::{Add, Div, Mul, Sub};
// The suite's operators, which also check forward mode against reverse mode.
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};

/// A segment `[a, b]` of the real line.
#[derive(Clone, Copy, Debug, Differentiable)]
struct Segment {
    a: f64,
    b: f64,
}

#[differentiable]
impl Segment {
    fn new(a: f64, b: f64) -> Segment {
        Segment { a, b }
    }

    /// The segment of length one starting at `x`.
    fn unit(x: f64) -> Self {
        Self::new(x, x + 1.0)
    }

    fn length(&self) -> f64 {
        self.b - self.a
    }

    fn midpoint(&self) -> f64 {
        0.5 * (self.a + self.b)
    }

    /// Both ends multiplied by `s`, the segment taken by value.
    fn scaled(self, s: f64) -> Segment {
        Segment::new(self.a * s, self.b * s)
    }

    /// `∫ₐᵇ x dx`: a method calling two others.
    fn moment(&self) -> f64 {
        self.length() * self.midpoint()
    }

    /// The moment of `[a, b]`: an associated function calling `new` and a method.
    fn moment_of(a: f64, b: f64) -> f64 {
        Self::new(a, b).moment()
    }
}

/// `[x, x²]` scaled by `s`, whose moment is `s² (x⁴ − x²)/2`, plus the midpoint `s + ½` of
/// the unit segment at `s`.
#[differentiable]
fn segments(x: f64, s: f64) -> f64 {
    Segment::new(x, x * x).scaled(s).moment() + Segment::unit(s).midpoint()
}

#[test]
fn methods_and_associated_functions_of_an_impl_block() {
    for (x, s) in [(0.7, 1.3), (-1.4, 0.6)] {
        assert_every_mode!(segments, x, s);
        let (dx, ds) = gradient!(at: x, s, of: segments);
        assert_close(dx, s * s * (2.0 * x * x * x - x));
        assert_close(ds, s * (x.powi(4) - x * x) + 1.0);
    }
}

#[test]
fn associated_functions_and_methods_as_an_operators_of() {
    // (b² − a²)/2.
    let (a, b) = (0.4, 1.9);
    assert_every_mode!(Segment::moment_of, a, b);
    let (da, db) = gradient!(at: a, b, of: Segment::moment_of);
    assert_close(da, -a);
    assert_close(db, b);
    let segment = Segment { a, b };
    let d = gradient!(at: &segment, of: Segment::moment);
    assert_close(d.a, -a);
    assert_close(d.b, b);
}

/// A thin lens of focal length `focal`, its image displaced by `offset`.
#[derive(Clone, Copy, Debug, Differentiable)]
struct Lens {
    focal: f64,
    offset: f64,
}

#[differentiable]
impl Lens {
    /// The same lens with another focal length, by struct update syntax.
    fn with_focal(self, focal: f64) -> Self {
        Lens { focal, ..self }
    }

    /// The image distance of an object at `object`: `1/i = 1/f − 1/o`.
    fn image(&self, object: f64) -> f64 {
        1.0 / (1.0 / self.focal - 1.0 / object) + self.offset
    }
}

/// The image of an object at `object` through a lens of focal length `focal`.
#[differentiable]
fn lens_image(focal: f64, object: f64) -> f64 {
    let lens = Lens {
        focal: 1.0,
        offset: 0.25,
    };
    lens.with_focal(focal).image(object)
}

#[test]
fn a_method_by_value_with_struct_update_syntax() {
    for (f, o) in [(0.5, 2.0), (1.5, 4.0)] {
        assert_every_mode!(lens_image, f, o);
        // i = f o/(o − f): ∂i/∂f = o²/(o − f)², ∂i/∂o = −f²/(o − f)².
        let (df, d_o) = gradient!(at: f, o, of: lens_image);
        assert_close(lens_image(f, o), f * o / (o - f) + 0.25);
        assert_close(df, o * o / ((o - f) * (o - f)));
        assert_close(d_o, -f * f / ((o - f) * (o - f)));
    }
}

/// A complex number over any float type.
#[derive(Clone, Copy, Debug, Differentiable)]
struct Complex<T> {
    re: T,
    im: T,
}

#[differentiable]
impl<T: Float> Complex<T> {
    fn from_polar(r: T, theta: T) -> Self {
        Complex {
            re: r * theta.cos(),
            im: r * theta.sin(),
        }
    }

    fn times(self, o: Self) -> Self {
        Complex {
            re: self.re * o.re - self.im * o.im,
            im: self.re * o.im + self.im * o.re,
        }
    }

    /// `self` to the power `n ≥ 1`, by repeated multiplication.
    fn powi(self, n: usize) -> Self {
        let mut acc = self;
        for _ in 1..n {
            acc = acc.times(self);
        }
        acc
    }

    fn norm_sqr(&self) -> T {
        self.re * self.re + self.im * self.im
    }
}

/// `Re z³ + ½ Im z³ + |z|²` for `z = r e^(iθ)`: `r³ cos 3θ + ½ r³ sin 3θ + r²`.
#[differentiable]
fn polar_cube(r: f64, theta: f64) -> f64 {
    let z = Complex::from_polar(r, theta);
    let c = z.powi(3);
    c.re + 0.5 * c.im + z.norm_sqr()
}

/// [`polar_cube`] in `f32`.
#[differentiable]
fn polar_cube_f32(r: f32, theta: f32) -> f32 {
    let z = Complex::from_polar(r, theta);
    let c = z.powi(3);
    c.re + 0.5 * c.im + z.norm_sqr()
}

#[test]
fn a_generic_impl_block_at_f64_and_f32() {
    for (r, t) in [(0.8, 0.3), (1.3, -1.1)] {
        assert_every_mode!(polar_cube, r, t);
        let (dr, dt) = gradient!(at: r, t, of: polar_cube);
        let (c3, s3) = ((3.0 * t).cos(), (3.0 * t).sin());
        assert_close(dr, 3.0 * r * r * (c3 + 0.5 * s3) + 2.0 * r);
        assert_close(dt, r * r * r * (-3.0 * s3 + 1.5 * c3));
        let (r32, t32) = (r as f32, t as f32);
        let (dr32, dt32) = gradient!(at: r32, t32, of: polar_cube_f32);
        let (c3, s3) = ((3.0 * t32).cos(), (3.0 * t32).sin());
        assert_close_f32(dr32, 3.0 * r32 * r32 * (c3 + 0.5 * s3) + 2.0 * r32);
        assert_close_f32(dt32, r32 * r32 * r32 * (-3.0 * s3 + 1.5 * c3));
    }
}

/// A potential energy on the line.
trait Potential {
    fn energy(&self, x: f64) -> f64;
}

#[derive(Clone, Debug, Differentiable)]
struct Harmonic {
    k: f64,
}

#[derive(Clone, Debug, Differentiable)]
struct Morse {
    depth: f64,
    width: f64,
}

#[differentiable]
impl Potential for Harmonic {
    fn energy(&self, x: f64) -> f64 {
        0.5 * self.k * x * x
    }
}

#[differentiable]
impl Potential for Morse {
    fn energy(&self, x: f64) -> f64 {
        self.depth * (1.0 - (-self.width * x).exp()).powi(2)
    }
}

/// Two particles at `s` and `2s` in a harmonic potential of stiffness `k`: `5/2 k s²`.
#[differentiable]
fn harmonic_pair(k: f64, s: f64) -> f64 {
    let p = Harmonic { k };
    p.energy(s) + p.energy(2.0 * s)
}

/// Two particles at `0.5` and `1.5` in a Morse potential, summed by an iterator chain.
#[differentiable]
fn morse_pair(depth: f64, width: f64) -> f64 {
    let p = Morse { depth, width };
    [0.5, 1.5].iter().map(|&x| p.energy(x)).sum::<f64>()
}

#[test]
fn a_trait_of_the_crate_implemented_by_two_types() {
    for (k, s) in [(1.5, 0.4), (0.3, -1.2)] {
        assert_every_mode!(harmonic_pair, k, s);
        let (dk, ds) = gradient!(at: k, s, of: harmonic_pair);
        assert_close(dk, 2.5 * s * s);
        assert_close(ds, 5.0 * k * s);
    }
    for (depth, width) in [(2.0, 0.7), (0.5, 1.6)] {
        assert_every_mode!(morse_pair, depth, width);
        // ∂/∂D = Σ (1 − e^(−w x))², ∂/∂w = Σ 2 D (1 − e^(−w x)) x e^(−w x).
        let (dd, dw) = gradient!(at: depth, width, of: morse_pair);
        let u = |x: f64| 1.0 - (-width * x).exp();
        assert_close(dd, u(0.5).powi(2) + u(1.5).powi(2));
        let slope = |x: f64| 2.0 * depth * u(x) * x * (-width * x).exp();
        assert_close(dw, slope(0.5) + slope(1.5));
    }
}

/// A vector in space.
#[derive(Clone, Copy, Debug, Differentiable)]
struct V3 {
    x: f64,
    y: f64,
    z: f64,
}

#[differentiable]
impl Add for V3 {
    type Output = V3;
    fn add(self, o: V3) -> V3 {
        V3::new(self.x + o.x, self.y + o.y, self.z + o.z)
    }
}

#[differentiable]
impl Sub for V3 {
    type Output = V3;
    fn sub(self, o: V3) -> V3 {
        V3::new(self.x - o.x, self.y - o.y, self.z - o.z)
    }
}

#[differentiable]
impl Mul<f64> for V3 {
    type Output = V3;
    fn mul(self, s: f64) -> V3 {
        V3::new(self.x * s, self.y * s, self.z * s)
    }
}

#[differentiable]
impl Mul<V3> for f64 {
    type Output = V3;
    fn mul(self, v: V3) -> V3 {
        v * self
    }
}

/// The dot product, a second `Mul` on `V3`, as vector libraries write it.
#[differentiable]
impl Mul for V3 {
    type Output = f64;
    fn mul(self, o: V3) -> f64 {
        self.x * o.x + self.y * o.y + self.z * o.z
    }
}

#[differentiable]
impl Div<f64> for V3 {
    type Output = V3;
    fn div(self, s: f64) -> V3 {
        V3::new(self.x / s, self.y / s, self.z / s)
    }
}

#[differentiable]
impl V3 {
    fn new(x: f64, y: f64, z: f64) -> V3 {
        V3 { x, y, z }
    }

    fn cross(self, o: V3) -> V3 {
        V3::new(
            self.y * o.z - self.z * o.y,
            self.z * o.x - self.x * o.z,
            self.x * o.y - self.y * o.x,
        )
    }

    fn dot(self, o: V3) -> f64 {
        self.x * o.x + self.y * o.y + self.z * o.z
    }

    fn norm(self) -> f64 {
        self.dot(self).sqrt()
    }
}

/// The squared distance from `p = (a, b, 1)` to the centre of mass of `p` (mass 2) and
/// `q = (b², a, −a)` (mass 3): `9/25 |q − p|²`.
#[differentiable]
fn centre_of_mass(a: f64, b: f64) -> f64 {
    let p = V3::new(a, b, 1.0);
    let q = V3::new(b * b, a, -a);
    let com = (2.0 * p + q * 3.0) / 5.0;
    let d = com - p;
    d * d
}

/// The torque of a force about a point, its size and its component along the force.
#[differentiable]
fn torque(a: f64, b: f64) -> f64 {
    let r = V3::new(a, 1.0, b) - V3::new(0.5, b, 0.0);
    let f = V3::new(b.sin(), a * b, 2.0);
    let t = r.cross(f);
    t.norm() + t.dot(f / f.norm()) + (0.5 * r + f).dot(r)
}

#[test]
fn operator_traits_in_differentiable_code() {
    for (a, b) in [(0.4, 1.3), (-0.9, 0.5)] {
        assert_every_mode!(centre_of_mass, a, b);
        // |q − p|² = (b² − a)² + (a − b)² + (a + 1)².
        let (da, db) = gradient!(at: a, b, of: centre_of_mass);
        assert_close(
            da,
            0.36 * (-2.0 * (b * b - a) + 2.0 * (a - b) + 2.0 * (a + 1.0)),
        );
        assert_close(db, 0.36 * (4.0 * b * (b * b - a) - 2.0 * (a - b)));
        assert_every_mode!(torque, a, b);
    }
}

/// A rod lying on `[0, length]`.
#[derive(Clone, Debug, Differentiable)]
struct Rod {
    length: f64,
}

#[differentiable]
impl Rod {
    /// The mass under the line density `density`, by the midpoint rule on 8 cells.
    fn mass(&self, density: impl Fn(f64) -> f64) -> f64 {
        let h = self.length / 8.0;
        (0..8).map(|i| density((i as f64 + 0.5) * h) * h).sum()
    }
}

/// A rod of density `a + a² t`: the midpoint rule is exact, `a L + a² L²/2`.
#[differentiable]
fn rod_mass(length: f64, a: f64) -> f64 {
    let rod = Rod { length };
    rod.mass(|t| a + a * a * t)
}

/// A rod of density `cos(w t)`, its length a local computed from `w`.
#[differentiable]
fn wavy_rod(w: f64, length: f64) -> f64 {
    let rod = Rod { length: length * w };
    let scale = w.sin();
    rod.mass(|t| (w * t).cos() * scale)
}

#[test]
fn a_method_taking_a_closure_that_captures_differentiated_values() {
    for (l, a) in [(1.5, 0.4), (0.7, -1.3)] {
        assert_every_mode!(rod_mass, l, a);
        let (dl, da) = gradient!(at: l, a, of: rod_mass);
        assert_close(dl, a + a * a * l);
        assert_close(da, l + a * l * l);
    }
    assert_every_mode!(wavy_rod, 0.8, 1.7);
}

/// A damped body pushed by a constant force, the attribute on its impl block: `push`, a
/// `&mut self` method without a result (named as `Vec`'s is, with two arguments), updates it.
#[derive(Clone, Debug, Differentiable)]
struct Body {
    x: f64,
    v: f64,
}

#[differentiable]
impl Body {
    const DAMPING: f64 = 0.3;

    /// One explicit step of `x' = v`, `v' = f − c v`.
    fn push(&mut self, f: f64, dt: f64) {
        self.v += dt * (f - Self::DAMPING * self.v);
        self.x += dt * self.v;
    }

    fn kinetic(&self) -> f64 {
        0.5 * self.v * self.v
    }
}

/// The position plus the kinetic energy after ten pushes from rest.
#[differentiable]
fn pushed(f: f64, dt: f64) -> f64 {
    let mut b = Body { x: 0.0, v: 0.0 };
    for _ in 0..10 {
        b.push(f, dt);
    }
    b.x + b.kinetic()
}

#[test]
fn an_inout_method_reading_an_associated_constant() {
    for (f, dt) in [(1.5, 0.1), (-0.4, 0.25)] {
        assert_every_mode!(pushed, f, dt);
        // v_n = (f/c)(1 − q^n) with q = 1 − c dt, x_n = dt Σ v_k: x is linear in f and the
        // energy quadratic, so ∂/∂f = x/f + 2 E/f.
        let (c, q) = (0.3, 1.0 - 0.3 * dt);
        let v = |n: i32| f / c * (1.0 - q.powi(n));
        let x: f64 = dt * (1..=10).map(v).sum::<f64>();
        let e = 0.5 * v(10) * v(10);
        assert_close(pushed(f, dt), x + e);
        let (df, _) = gradient!(at: f, dt, of: pushed);
        assert_close(df, x / f + 2.0 * e / f);
    }
}

/// A vector of the plane with operators written as impls, called below as methods.
#[derive(Clone, Copy, Debug, Differentiable)]
struct Planar {
    x: f64,
    y: f64,
}

#[differentiable]
impl Mul<f64> for Planar {
    type Output = Planar;
    fn mul(self, s: f64) -> Planar {
        Planar {
            x: self.x * s,
            y: self.y * s,
        }
    }
}

#[differentiable]
impl Add for Planar {
    type Output = Planar;
    fn add(self, o: Planar) -> Planar {
        Planar {
            x: self.x + o.x,
            y: self.y + o.y,
        }
    }
}

#[differentiable]
impl std::ops::Neg for Planar {
    type Output = Planar;
    fn neg(self) -> Planar {
        Planar {
            x: -self.x,
            y: -self.y,
        }
    }
}

/// The operators' methods, `a.mul(b)` for `a * b`, on floats and on a type of the crate:
/// `p = -((a, b)·a + (b, 1))`, then `p.x · p.y − (a − b) / (a² + 1)`.
#[differentiable]
fn operator_methods(a: f64, b: f64) -> f64 {
    use std::ops::Neg;
    let p = Planar { x: a, y: b }
        .mul(a)
        .add(Planar { x: b, y: 1.0 })
        .neg();
    // (Not `f64::add`: the prelude's `TangentVector` has an `add` of its own.)
    p.x.mul(p.y) - a.sub(b).div(a.mul(a) + 1.0)
}

#[test]
fn operators_called_as_methods() {
    for (a, b) in [(0.4, 1.3), (-0.9, 0.5)] {
        assert_every_mode!(operator_methods, a, b);
        // p.x · p.y = (a² + b)(ab + 1).
        let (da, db) = gradient!(at: a, b, of: operator_methods);
        let q = a * a + 1.0;
        assert_close(
            da,
            2.0 * a * (a * b + 1.0) + (a * a + b) * b - (q - (a - b) * 2.0 * a) / (q * q),
        );
        assert_close(db, a * b + 1.0 + (a * a + b) * a + 1.0 / q);
    }
}
