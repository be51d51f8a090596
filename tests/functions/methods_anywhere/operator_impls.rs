//! Operator impls with `#[differentiable]` on the method: a complex number with `Add`, `Sub`,
//! `Mul`, `Div`, `Neg`, `Mul<f64>`, `Div<f64>` and `f64 * C` used together in expressions and
//! in loops, the operator methods called by name, an operator of a struct holding a `Vec`,
//! and generic operator impls (`impl<T: Float> Sub for G<T>`, `Mul`, `Neg`, `Mul<T>`) at
//! `f64` and `f32`.

use crate::common::every_mode::assert_every_mode;
use crate::{assert_close, assert_close_f32, assert_grad_fd};
use ad::num_traits::Float;
use ad::prelude::*;
use std::ops::{Add, Div, Mul, Neg, Sub};

/// A complex number.
#[derive(Clone, Copy, Debug, Differentiable)]
struct C {
    re: f64,
    im: f64,
}

impl Add for C {
    type Output = C;
    #[differentiable]
    fn add(self, o: C) -> C {
        C {
            re: self.re + o.re,
            im: self.im + o.im,
        }
    }
}

impl Sub for C {
    type Output = C;
    #[differentiable]
    fn sub(self, o: C) -> C {
        C {
            re: self.re - o.re,
            im: self.im - o.im,
        }
    }
}

impl Mul for C {
    type Output = C;
    #[differentiable]
    fn mul(self, o: C) -> C {
        C {
            re: self.re * o.re - self.im * o.im,
            im: self.re * o.im + self.im * o.re,
        }
    }
}

impl Div for C {
    type Output = C;
    #[differentiable]
    fn div(self, o: C) -> C {
        let d = o.re * o.re + o.im * o.im;
        C {
            re: (self.re * o.re + self.im * o.im) / d,
            im: (self.im * o.re - self.re * o.im) / d,
        }
    }
}

impl Neg for C {
    type Output = C;
    #[differentiable]
    fn neg(self) -> C {
        C {
            re: -self.re,
            im: -self.im,
        }
    }
}

impl Mul<f64> for C {
    type Output = C;
    #[differentiable]
    fn mul(self, s: f64) -> C {
        C {
            re: self.re * s,
            im: self.im * s,
        }
    }
}

impl Div<f64> for C {
    type Output = C;
    #[differentiable]
    fn div(self, s: f64) -> C {
        C {
            re: self.re / s,
            im: self.im / s,
        }
    }
}

impl Mul<C> for f64 {
    type Output = C;
    #[differentiable]
    fn mul(self, z: C) -> C {
        C {
            re: self * z.re,
            im: self * z.im,
        }
    }
}

impl C {
    /// |z|², a method beside the operators.
    #[differentiable]
    fn norm_sqr(&self) -> f64 {
        self.re * self.re + self.im * self.im
    }
}

/// The same arithmetic on `num`-style pairs, by hand, for the closed forms.
fn mul_by_hand(a: (f64, f64), b: (f64, f64)) -> (f64, f64) {
    (a.0 * b.0 - a.1 * b.1, a.0 * b.1 + a.1 * b.0)
}

/// The quotient of two pairs, by hand.
fn div_by_hand(a: (f64, f64), b: (f64, f64)) -> (f64, f64) {
    let d = b.0 * b.0 + b.1 * b.1;
    ((a.0 * b.0 + a.1 * b.1) / d, (a.1 * b.0 - a.0 * b.1) / d)
}

#[differentiable]
fn mobius(a: f64, b: f64) -> f64 {
    let z = C { re: a, im: b };
    let one = C { re: 1.0, im: 0.0 };
    let w = (z - one) / (z + one);
    let v = -(2.0 * w) * 0.5 + z * z / 3.0;
    v.norm_sqr() + v.im
}

fn mobius_by_hand(a: f64, b: f64) -> f64 {
    let w = div_by_hand((a - 1.0, b), (a + 1.0, b));
    let zz = mul_by_hand((a, b), (a, b));
    let v = (-w.0 + zz.0 / 3.0, -w.1 + zz.1 / 3.0);
    v.0 * v.0 + v.1 * v.1 + v.1
}

#[test]
fn every_operator_of_a_type_together_in_an_expression_in_every_mode() {
    for (a, b) in [(0.7, 0.4), (-0.3, 1.1), (2.0, -0.5)] {
        assert_close(mobius(a, b), mobius_by_hand(a, b));
        assert_every_mode!(mobius, a, b);
    }
}

#[differentiable]
fn power_series(a: f64, b: f64) -> f64 {
    // exp(z) by 12 terms, accumulated through the operators in a loop.
    let z = C { re: a, im: b };
    let mut term = C { re: 1.0, im: 0.0 };
    let mut sum = term;
    for k in 1..12 {
        term = term * z / (k as f64);
        sum = sum + term;
    }
    sum.re + sum.im
}

#[test]
fn operators_accumulated_in_a_loop() {
    for (a, b) in [(0.3, 0.5), (-0.6, 0.2)] {
        // exp(a + ib) = e^a (cos b + i sin b); the derivatives of Re + Im follow from
        // analyticity: ∂/∂a = e^a (cos b + sin b), ∂/∂b = e^a (cos b - sin b).
        let (da, db) = gradient!(at: a, b, of: power_series);
        let e = a.exp();
        assert!((da - e * (b.cos() + b.sin())).abs() < 1e-9);
        assert!((db - e * (b.cos() - b.sin())).abs() < 1e-9);
        assert_every_mode!(power_series, a, b);
    }
}

#[test]
fn complex_multiplication_and_division_called_directly() {
    let (z, w) = (C { re: 1.0, im: 2.0 }, C { re: 3.0, im: -1.0 });
    // Re(z w) = z.re w.re - z.im w.im.
    let (dz, dw) = gradient!(at: z, w, of: |z: C, w: C| (z * w).re);
    assert_close(dz.re, 3.0);
    assert_close(dz.im, 1.0);
    assert_close(dw.re, 1.0);
    assert_close(dw.im, -2.0);
    let (dz, dw) = gradient!(at: z, w, of: |z: C, w: C| (z / w).im);
    let quotient_im = |p: &[f64]| div_by_hand((p[0], p[1]), (p[2], p[3])).1;
    assert_grad_fd(
        quotient_im,
        &[1.0, 2.0, 3.0, -1.0],
        &[dz.re, dz.im, dw.re, dw.im],
    );
}

#[test]
fn the_scalar_operators_on_both_sides_called_directly() {
    let z = C { re: 1.5, im: -2.0 };
    let (dz, ds) = gradient!(at: z, 4.0, of: |z: C, s: f64| (z / s).im + (s * z).re);
    // -2/s + 1.5 s.
    assert_close(dz.re, 4.0);
    assert_close(dz.im, 0.25);
    assert_close(ds, 2.0 / 16.0 + 1.5);
    let (dz, ds) = gradient!(at: z, 4.0, of: |z: C, s: f64| (z * s).norm_sqr());
    assert_close(dz.re, 2.0 * 1.5 * 16.0);
    assert_close(dz.im, 2.0 * -2.0 * 16.0);
    assert_close(ds, 2.0 * 4.0 * (1.5 * 1.5 + 4.0));
}

#[test]
fn operator_methods_called_by_name() {
    let (z, w) = (C { re: 0.5, im: 1.5 }, C { re: -1.0, im: 0.25 });
    let (dz, dw) = gradient!(at: z, w, of: |z: C, w: C| z.mul(w).sub(z.neg()).add(w).im);
    // Im(z w + z + w) = z.re w.im + z.im w.re + z.im + w.im.
    assert_close(dz.re, 0.25);
    assert_close(dz.im, -1.0 + 1.0);
    assert_close(dw.re, 1.5);
    assert_close(dw.im, 0.5 + 1.0);
    let t = differentiate!(at: 2.0, of: |s: f64| C { re: s, im: 1.0 } / s);
    // (1, 1/s): tangent (0, -1/s²).
    assert_close(t.re, 0.0);
    assert_close(t.im, -0.25);
}

/// `mul` and `div` of `Mul<f64>`/`Div<f64>` beside those of `Mul`/`Div`, by method syntax, by
/// the trait's path, by the type's path and by a qualified path: each is the operator, so
/// rustc picks the impl by the operand types.
#[differentiable]
fn scalar_operator_methods_by_name(a: f64, b: f64) -> f64 {
    let z = C { re: a, im: b };
    let w = z.mul(2.0).add(z.mul(z));
    let u = Mul::mul(w, b).sub(Div::div(z, 3.0));
    let v = C::mul(u, 0.5).div(z.add(C { re: 1.0, im: 0.0 }));
    let q = <C as Mul<f64>>::mul(v, a).neg();
    q.re + std::ops::Mul::mul(q, q).im
}

#[test]
fn scalar_operator_methods_called_by_name_in_every_mode() {
    assert_every_mode!(scalar_operator_methods_by_name, 0.5, 1.5);
    assert_every_mode!(scalar_operator_methods_by_name, -0.8, 0.3);
    // The same with the operators written out.
    let written = |a: f64, b: f64| {
        let z = C { re: a, im: b };
        let w = z * 2.0 + z * z;
        let u = w * b - z / 3.0;
        let v = (u * 0.5) / (z + C { re: 1.0, im: 0.0 });
        let q = -(v * a);
        q.re + (q * q).im
    };
    assert_close(scalar_operator_methods_by_name(0.5, 1.5), written(0.5, 1.5));
}

/// A sampled signal, added sample by sample.
#[derive(Clone, Debug, Differentiable)]
struct Signal {
    samples: Vec<f64>,
}

impl Add for Signal {
    type Output = Signal;
    #[differentiable]
    fn add(self, o: Signal) -> Signal {
        let mut samples = Vec::new();
        for i in 0..self.samples.len() {
            samples.push(self.samples[i] + o.samples[i] * o.samples[i]);
        }
        Signal { samples }
    }
}

impl Mul<f64> for Signal {
    type Output = Signal;
    #[differentiable]
    fn mul(self, s: f64) -> Signal {
        let mut samples = Vec::new();
        for x in self.samples.iter() {
            samples.push(x * s);
        }
        Signal { samples }
    }
}

#[differentiable]
fn mixed_signals(a: f64, b: f64) -> f64 {
    let u = Signal {
        samples: vec![a, b, a * b],
    };
    let w = Signal {
        samples: vec![b.sin(), a, 1.0],
    };
    let mixed = (u + w) * b;
    mixed.samples[0] * mixed.samples[1] + mixed.samples[2]
}

#[test]
fn operators_of_a_struct_holding_a_vec() {
    for (a, b) in [(0.7, 0.4), (-0.3, 1.1)] {
        // ((a + sin² b) b)((b + a²) b) + (ab + 1) b.
        let want = (a + b.sin().powi(2)) * b * (b + a * a) * b + (a * b + 1.0) * b;
        assert_close(mixed_signals(a, b), want);
        assert_every_mode!(mixed_signals, a, b);
    }
}

/// A generic pair whose operators are marked on their methods.
#[derive(Clone, Copy, Debug, Differentiable)]
struct G<T> {
    u: T,
    v: T,
}

impl<T: Float> Sub for G<T> {
    type Output = G<T>;
    #[differentiable]
    fn sub(self, o: G<T>) -> G<T> {
        G {
            u: self.u - o.u,
            v: self.v - o.v.exp(),
        }
    }
}

impl<T: Float> Mul for G<T> {
    type Output = T;
    #[differentiable]
    fn mul(self, o: G<T>) -> T {
        self.u * o.u + self.v * o.v
    }
}

impl<T: Float> Neg for G<T> {
    type Output = G<T>;
    #[differentiable]
    fn neg(self) -> G<T> {
        G {
            u: -self.v,
            v: self.u,
        }
    }
}

impl<T: Float> Mul<T> for G<T> {
    type Output = G<T>;
    #[differentiable]
    fn mul(self, s: T) -> G<T> {
        G {
            u: self.u * s,
            v: self.v * s.sin(),
        }
    }
}

#[differentiable]
fn generic_operators<T: Float>(x: T, y: T) -> T {
    let p = G { u: x, v: y };
    let q = G { u: y * y, v: x };
    let r = -(p - q) * x;
    r * p + (p * q)
}

/// The same, by hand.
fn generic_operators_by_hand(x: f64, y: f64) -> f64 {
    let (d_u, d_v) = (x - y * y, y - x.exp());
    let (n_u, n_v) = (-d_v, d_u);
    let (r_u, r_v) = (n_u * x, n_v * x.sin());
    r_u * x + r_v * y + (x * y * y + y * x)
}

#[test]
fn generic_operator_impls_at_f64_in_every_mode() {
    for (x, y) in [(0.7, 0.4), (-0.3, 1.1)] {
        assert_close(generic_operators(x, y), generic_operators_by_hand(x, y));
        assert_every_mode!(generic_operators::<f64>, x, y);
    }
}

#[test]
fn generic_operator_impls_at_f32_agree_with_f64() {
    for (x, y) in [(0.7, 0.4), (-0.3, 1.1)] {
        let (dx, dy) = gradient!(at: x as f32, y as f32, of: generic_operators::<f32>);
        let (ex, ey) = gradient!(at: x, y, of: generic_operators::<f64>);
        assert_close_f32(dx, ex as f32);
        assert_close_f32(dy, ey as f32);
        let (value, differential) =
            value_with_differential!(at: x as f32, y as f32, of: generic_operators::<f32>);
        assert_close_f32(value, generic_operators_by_hand(x, y) as f32);
        assert_close_f32(differential(1.0, 0.0), ex as f32);
    }
}

/// A point whose operators all take a float on the left.
#[derive(Clone, Copy, Debug, Differentiable)]
struct Left {
    x: f64,
    y: f64,
}

impl Div<Left> for f64 {
    type Output = Left;
    #[differentiable]
    fn div(self, v: Left) -> Left {
        Left {
            x: self / v.x,
            y: self / v.y,
        }
    }
}

impl Sub<Left> for f64 {
    type Output = Left;
    #[differentiable]
    fn sub(self, v: Left) -> Left {
        Left {
            x: self - v.x,
            y: self * self - v.y,
        }
    }
}

impl Add<Left> for f64 {
    type Output = Left;
    #[differentiable]
    fn add(self, v: Left) -> Left {
        Left {
            x: self + v.x,
            y: v.y,
        }
    }
}

/// A conversion of std's `From`, marked on its method.
impl From<f64> for Left {
    #[differentiable]
    fn from(x: f64) -> Self {
        Left { x, y: x * x }
    }
}

#[differentiable]
fn floats_on_the_left(a: f64, b: f64) -> f64 {
    let v = Left { x: a, y: b };
    let z = a + (b - 2.0 / v);
    let c = Left::from(a * b);
    z.x * z.y + c.x * c.y
}

#[test]
fn a_float_on_the_left_of_div_sub_and_add_and_a_from_impl() {
    for (a, b) in [(0.7, 1.3), (-0.4, 0.9)] {
        // z = (a + b - 2/a, b² - 2/b), c = (ab, a²b²).
        let want = (a + b - 2.0 / a) * (b * b - 2.0 / b) + (a * b).powi(3);
        assert_close(floats_on_the_left(a, b), want);
        assert_every_mode!(floats_on_the_left, a, b);
    }
}
