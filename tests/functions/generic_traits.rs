//! Generic code over a trait of the user's: `#[differentiable]` on the trait, on each impl,
//! and a generic function `fn total<P: Potential>(p: &P, ..)` that calls its methods. Methods
//! taking floats, slices, a constant index and a struct, returning floats and structs; a
//! generic function looping over one value and over a slice of them, two type parameters of
//! two traits, a generic function calling another, and the gradient with respect to the
//! implementing struct itself, a method taking `self` by value, and a trait generic over the
//! float type. Every mode against central differences, and closed forms.

use crate::assert_close;
use crate::common::every_mode::assert_every_mode;
use ad::num_traits::Float;
use ad::prelude::*;
// The suite's operators, which also check forward mode against reverse mode.
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};

/// A potential energy on the line, which generic code is differentiated through.
#[differentiable]
trait Energy {
    fn energy(&self, x: f64) -> f64;

    /// Not differentiated (a constant result): implementations need nothing for it.
    fn label(&self) -> &'static str {
        "energy"
    }
}

#[derive(Clone, Debug, Differentiable)]
struct Spring {
    k: f64,
}

#[derive(Clone, Debug, Differentiable)]
struct Morse {
    depth: f64,
    width: f64,
}

#[differentiable]
impl Energy for Spring {
    fn energy(&self, x: f64) -> f64 {
        0.5 * self.k * x * x
    }
}

#[differentiable]
impl Energy for Morse {
    fn energy(&self, x: f64) -> f64 {
        self.depth * (1.0 - (-self.width * x).exp()).powi(2)
    }
}

/// The energy of particles at `xs`, whatever the potential.
#[differentiable]
fn total<P: Energy>(p: &P, xs: &[f64]) -> f64 {
    let mut sum = 0.0;
    for &x in xs {
        sum += p.energy(x);
    }
    sum
}

/// Two particles at `s` and `2s` in a spring of stiffness `k`: `5/2 k s²`.
#[differentiable]
fn spring_pair(k: f64, s: f64) -> f64 {
    let p = Spring { k };
    total(&p, &[s, 2.0 * s])
}

/// Particles at `0.5 w` and `1.5 w` in a Morse potential of depth `d`.
#[differentiable]
fn morse_pair(d: f64, w: f64) -> f64 {
    let p = Morse {
        depth: d,
        width: 1.3,
    };
    total(&p, &[0.5 * w, 1.5 * w])
}

#[test]
fn a_generic_function_calls_a_marked_traits_method_for_two_types() {
    for (k, s) in [(1.5, 0.4), (0.3, -1.2)] {
        assert_every_mode!(spring_pair, k, s);
        let (dk, ds) = gradient!(at: k, s, of: spring_pair);
        assert_close(dk, 2.5 * s * s);
        assert_close(ds, 5.0 * k * s);
    }
    for (d, w) in [(2.0, 0.7), (0.5, 1.6)] {
        assert_every_mode!(morse_pair, d, w);
        // ∂/∂d = Σ (1 − e^(−1.3 x))², x = c w for c = 0.5, 1.5.
        let u = |x: f64| 1.0 - (-1.3 * x).exp();
        let dd = gradient!(at: d, w, of: morse_pair).0;
        assert_close(dd, u(0.5 * w).powi(2) + u(1.5 * w).powi(2));
    }
    assert_eq!(Spring { k: 1.0 }.label(), "energy");
}

#[test]
fn the_gradient_with_respect_to_the_implementing_struct() {
    let g = gradient!(at: Spring { k: 2.0 }, of: |p: Spring| total(&p, &[1.0, 3.0]));
    // ∂/∂k Σ ½ k x² = ½ (1 + 9).
    assert_close(g.k, 5.0);
    let g = gradient!(
        at: Morse { depth: 1.5, width: 0.8 },
        of: |p: Morse| total(&p, &[0.4, 1.1])
    );
    let fd = |depth: f64, width: f64| total(&Morse { depth, width }, &[0.4, 1.1]);
    crate::common::assert_grad_fd(|q| fd(q[0], q[1]), &[1.5, 0.8], &[g.depth, g.width]);
}

/// Each potential of `ps` at `x`: a loop over a slice of a type parameter.
#[differentiable]
fn sum_of<P: Energy>(ps: &[P], x: f64) -> f64 {
    let mut sum = 0.0;
    for p in ps {
        sum += p.energy(x);
    }
    sum
}

/// Three springs of stiffness `k`, `2k` and `3k`, at `x`: `3 k x²`.
#[differentiable]
fn three_springs(k: f64, x: f64) -> f64 {
    let springs = vec![Spring { k }, Spring { k: 2.0 * k }, Spring { k: 3.0 * k }];
    sum_of(&springs, x)
}

/// A generic function calling another with its type parameter.
#[differentiable]
fn doubled<P: Energy>(p: &P, x: f64) -> f64 {
    2.0 * total(p, &[x]) + p.energy(0.5 * x)
}

#[differentiable]
fn doubled_spring(k: f64, x: f64) -> f64 {
    doubled(&Spring { k }, x)
}

#[test]
fn generic_functions_over_slices_and_calling_each_other() {
    for (k, x) in [(1.5, 0.4), (0.3, -1.2)] {
        assert_every_mode!(three_springs, k, x);
        let (dk, dx) = gradient!(at: k, x, of: three_springs);
        assert_close(dk, 3.0 * x * x);
        assert_close(dx, 6.0 * k * x);
        assert_every_mode!(doubled_spring, k, x);
        // 2 · ½ k x² + ½ k (x/2)² = (9/8) k x².
        let (dk, dx) = gradient!(at: k, x, of: doubled_spring);
        assert_close(dk, 1.125 * x * x);
        assert_close(dx, 2.25 * k * x);
    }
}

/// A point of the plane.
#[derive(Clone, Copy, Debug, Differentiable)]
struct P2 {
    x: f64,
    y: f64,
}

/// A field over samples: methods taking a slice, a constant index and a struct, one returning
/// a struct.
#[differentiable]
trait Field {
    /// The field at sample `i` of `xs`.
    fn at(&self, xs: &[f64], i: usize) -> f64;
    /// `p` moved by the field, scaled by `s`.
    fn push(&self, p: P2, s: f64) -> P2;
}

#[derive(Clone, Debug, Differentiable)]
struct Linear {
    slope: f64,
}

#[differentiable]
impl Field for Linear {
    fn at(&self, xs: &[f64], i: usize) -> f64 {
        self.slope * xs[i] * xs[i]
    }

    fn push(&self, p: P2, s: f64) -> P2 {
        P2 {
            x: p.x + s * self.slope * p.y,
            y: p.y * (self.slope * s).cos(),
        }
    }
}

/// The energy of `e` at the field's samples, then a pushed point: two type parameters of two
/// traits.
#[differentiable]
fn combined<E: Energy, F: Field>(e: &E, f: &F, xs: &[f64]) -> f64 {
    let mut sum = 0.0;
    for i in 0..xs.len() {
        sum += e.energy(f.at(xs, i));
    }
    let q = f.push(P2 { x: xs[0], y: xs[1] }, 0.5);
    sum + q.x * q.y
}

#[differentiable]
fn combined_at(a: f64, b: f64) -> f64 {
    let e = Spring { k: a };
    let f = Linear { slope: b };
    combined(&e, &f, &[a, b, 0.3])
}

#[test]
fn two_traits_with_slices_indices_and_structs() {
    for (a, b) in [(0.7, 1.2), (-0.4, 0.9)] {
        assert_every_mode!(combined_at, a, b);
    }
}

/// A shape of the plane, with a method taking `self` by value beside a `&self` one.
#[differentiable]
trait Shape {
    fn area(self) -> f64;
    fn rim(&self, s: f64) -> f64;
}

#[derive(Clone, Copy, Debug, Differentiable)]
struct Disc {
    r: f64,
}

#[differentiable]
impl Shape for Disc {
    fn area(self) -> f64 {
        std::f64::consts::PI * self.r * self.r
    }

    fn rim(&self, s: f64) -> f64 {
        2.0 * std::f64::consts::PI * self.r * s
    }
}

/// A generic function taking the shape by value.
#[differentiable]
fn painted<S: Shape + Copy>(shape: S, s: f64) -> f64 {
    shape.area() * s + shape.rim(s * s)
}

#[differentiable]
fn painted_disc(r: f64, s: f64) -> f64 {
    painted(Disc { r }, s)
}

#[test]
fn a_method_taking_self_by_value() {
    use std::f64::consts::PI;
    for (r, s) in [(1.5, 0.4), (0.3, -1.2)] {
        assert_every_mode!(painted_disc, r, s);
        // π r² s + 2π r s².
        let (dr, ds) = gradient!(at: r, s, of: painted_disc);
        assert_close(dr, 2.0 * PI * r * s + 2.0 * PI * s * s);
        assert_close(ds, PI * r * r + 4.0 * PI * r * s);
    }
}

/// A model generic over its float type, implemented generically and at `f64` alone.
#[differentiable]
trait Model<T: Float> {
    fn predict(&self, x: T) -> T;
}

#[derive(Clone, Debug, Differentiable)]
struct Line<T> {
    w: T,
    b: T,
}

#[differentiable]
impl<T: Float> Model<T> for Line<T> {
    fn predict(&self, x: T) -> T {
        self.w * x + self.b
    }
}

#[derive(Clone, Debug, Differentiable)]
struct Wave {
    a: f64,
}

#[differentiable]
impl Model<f64> for Wave {
    fn predict(&self, x: f64) -> f64 {
        (self.a * x).sin()
    }
}

/// The squared error of `m` on three points, for any float type and model.
#[differentiable]
fn squared_error<T: Float + Differentiable, M: Model<T>>(m: &M, xs: &[T], ys: &[T]) -> T {
    let mut sum = T::zero();
    for i in 0..xs.len() {
        let d = m.predict(xs[i]) - ys[i];
        sum = sum + d * d;
    }
    sum
}

#[differentiable]
fn line_error(w: f64, b: f64) -> f64 {
    squared_error(&Line { w, b }, &[0.5, 1.0, 2.0], &[1.0, 2.5, 3.0])
}

#[differentiable]
fn wave_error(a: f64, y: f64) -> f64 {
    squared_error(&Wave { a }, &[0.5, 1.0, 2.0], &[y, 0.5, -0.2])
}

#[test]
fn a_generic_trait_at_two_float_types_and_a_concrete_impl() {
    let (xs, ys) = ([0.5, 1.0, 2.0], [1.0, 2.5, 3.0]);
    for (w, b) in [(1.5, 0.2), (-0.4, 1.1)] {
        assert_every_mode!(line_error, w, b);
        // Σ 2 (w x + b − y) (x, 1).
        let (dw, db) = gradient!(at: w, b, of: line_error);
        let r = |i: usize| w * xs[i] + b - ys[i];
        assert_close(dw, (0..3).map(|i| 2.0 * r(i) * xs[i]).sum());
        assert_close(db, (0..3).map(|i| 2.0 * r(i)).sum());
    }
    for (a, y) in [(0.7, 1.0), (1.9, -0.3)] {
        assert_every_mode!(wave_error, a, y);
    }
    let (xs32, ys32) = ([0.5f32, 1.0], [1.0f32, 2.0]);
    let g = gradient!(at: Line { w: 1.5f32, b: 0.2 }, of: |m: Line<f32>| squared_error(&m, &xs32, &ys32));
    let r = |i: usize| 1.5f32 * xs32[i] + 0.2 - ys32[i];
    crate::assert_close_f32(g.w, (0..2).map(|i| 2.0 * r(i) * xs32[i]).sum());
}

/// A trait that is not marked, with a method returning a slice, implemented under the
/// block attribute beside a method that is differentiated.
trait Coefficients {
    fn coefficients(&self) -> &[f64];
    fn leading(&self) -> f64;
}

#[derive(Clone, Debug, Differentiable)]
struct Quadratic {
    c: Vec<f64>,
}

#[differentiable]
impl Coefficients for Quadratic {
    fn coefficients(&self) -> &[f64] {
        &self.c
    }

    fn leading(&self) -> f64 {
        self.c[2] * self.c[2]
    }
}

#[test]
fn a_trait_impl_with_a_method_returning_a_slice() {
    let q = Quadratic {
        c: vec![1.0, 2.0, 3.0],
    };
    assert_eq!(q.coefficients(), &[1.0, 2.0, 3.0]);
    let g = gradient!(at: q.clone(), of: |q: Quadratic| q.leading());
    assert_eq!(g.c, vec![0.0, 0.0, 6.0]);
}

/// An easing function, as easing crates write them: a trait generic over the float type,
/// implemented for a unit struct by an impl whose parameter only the trait names.
pub trait Easing<F> {
    fn ease_in(t: F) -> F;
    fn ease_out(t: F) -> F;
}

pub struct Back;

#[differentiable]
impl<F: Float> Easing<F> for Back {
    fn ease_in(t: F) -> F {
        let s = F::from(1.70158).unwrap();
        t * t * ((s + F::one()) * t - s)
    }

    fn ease_out(t: F) -> F {
        let s = F::from(1.70158).unwrap();
        let t = t - F::one();
        t * t * ((s + F::one()) * t + s) + F::one()
    }
}

/// The same, with the attribute on one method of the impl.
pub struct Cubic;

impl<F> Easing<F> for Cubic
where
    F: Float,
{
    #[differentiable]
    fn ease_in(t: F) -> F {
        t * t * t
    }

    fn ease_out(t: F) -> F {
        let t = t - F::one();
        t * t * t + F::one()
    }
}

#[differentiable]
fn back_in(t: f64) -> f64 {
    Back::ease_in(t)
}

#[differentiable]
fn back_out(t: f64) -> f64 {
    <Back as Easing<f64>>::ease_out(t)
}

#[differentiable]
fn cubic_in(t: f64) -> f64 {
    Cubic::ease_in(t)
}

#[test]
fn a_generic_trait_impl_for_a_type_without_parameters() {
    let s = 1.70158;
    for t in [0.25, 0.5, 0.9] {
        // ease_in = (s + 1) t³ − s t², ease_out = (s + 1) u³ + s u² + 1 with u = t − 1.
        let din = gradient!(at: t, of: |t: f64| Back::ease_in(t));
        assert_close(din, 3.0 * (s + 1.0) * t * t - 2.0 * s * t);
        let u = t - 1.0;
        let dout = gradient!(at: t, of: |t: f64| Back::ease_out(t));
        assert_close(dout, 3.0 * (s + 1.0) * u * u + 2.0 * s * u);
        assert_close(
            gradient!(at: t, of: |t: f64| Cubic::ease_in(t)),
            3.0 * t * t,
        );
        let din32 = gradient!(at: t as f32, of: |t: f32| Back::ease_in(t));
        assert!((din32 as f64 - din).abs() < 1e-5);
    }
    assert_every_mode!(back_in, 0.4);
    assert_every_mode!(back_out, 0.4);
    assert_every_mode!(cubic_in, 0.4);
}
