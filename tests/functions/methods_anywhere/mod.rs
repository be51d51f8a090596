//! `#[differentiable]` and `#[derivative]` on methods as written, wherever they stand (issue
//! 36): associated functions without `self`, methods of generic inherent impls, methods of
//! trait impls (a marked trait of the crate, `Add`, `Sub`, `Neg`, `Mul<f64>` beside `Mul`,
//! `f64 * V`, a generic `impl<T: Float> Add for W<T>`), impls in a nested module and in
//! another file, and a method's reverse and forward registrations as two attributes. The
//! attribute reads the enclosing `impl` from the source file (`ad_compiler::source::impls`).
//! Each is called directly (`of: Type::m`), from differentiable code, through the operator
//! and through generic code, in every mode against central differences or closed forms.

mod associated;
mod generics;
mod index_impls;
mod layouts;
mod modules;
mod operator_impls;
mod other_file;
mod receivers;
mod registrations;
mod trait_impls;
mod updates;
mod wrt;

use crate::common::every_mode::assert_every_mode;
use crate::{assert_close, assert_close_f32, assert_grad_fd};
use ad::num_traits::Float;
use ad::prelude::*;
use std::cell::Cell;
use std::ops::{Add, Mul, Neg, Sub};

#[derive(Clone, Copy, Debug, Differentiable)]
struct Parameter {
    x: f64,
}

impl Parameter {
    #[differentiable]
    fn squared(&self) -> f64 {
        self.x * self.x
    }

    /// An associated function without `self` or `Self`: it looks like a free function.
    #[differentiable]
    fn squared_static(p: Parameter) -> f64 {
        p.x * p.x
    }

    /// A constructor, called by the others.
    #[differentiable]
    fn new(x: f64) -> Parameter {
        Parameter { x }
    }

    /// An associated function of two floats calling the constructor and a method.
    #[differentiable]
    fn product(a: f64, b: f64) -> f64 {
        Parameter::new(a).squared() * b.sin()
    }
}

#[differentiable]
fn through_parameter(a: f64, b: f64) -> f64 {
    Parameter::squared_static(Parameter::new(a)) * b + Parameter::product(b, a)
}

#[test]
fn an_associated_function_without_self_called_directly() {
    let p = Parameter { x: 3.0 };
    assert_close(gradient!(at: p, of: Parameter::squared_static).x, 6.0);
    assert_close(gradient!(at: &p, of: Parameter::squared).x, 6.0);
    let (da, db) = gradient!(at: 0.7, 1.3, of: Parameter::product);
    assert_close(da, 2.0 * 0.7 * 1.3.sin());
    assert_close(db, 0.49 * 1.3.cos());
}

#[test]
fn associated_functions_without_self_from_differentiable_code_in_every_mode() {
    for (a, b) in [(0.7, 1.3), (-1.1, 0.4)] {
        assert_every_mode!(through_parameter, a, b);
        assert_every_mode!(Parameter::product, a, b);
    }
}

/// A generic inherent impl, its methods marked one by one.
#[derive(Clone, Copy, Debug, Differentiable)]
struct Pair<T> {
    a: T,
    b: T,
}

impl<T: Float> Pair<T> {
    #[differentiable]
    fn make(a: T, b: T) -> Pair<T> {
        Pair { a, b }
    }

    #[differentiable]
    fn area(&self) -> T {
        self.a * self.b + self.a.sin()
    }

    #[differentiable]
    fn area_of(a: T, b: T) -> T {
        Self::make(a, b).area()
    }
}

#[test]
fn methods_of_a_generic_inherent_impl_at_f64_and_f32() {
    for (a, b) in [(0.7, 1.3), (-1.1, 0.4)] {
        assert_every_mode!(Pair::<f64>::area_of, a, b);
        let (da, db) = gradient!(at: a as f32, b as f32, of: Pair::<f32>::area_of);
        assert_close_f32(da, (b + a.cos()) as f32);
        assert_close_f32(db, a as f32);
    }
    let d = gradient!(at: &Pair { a: 2.0, b: 3.0 }, of: Pair::<f64>::area);
    assert_close(d.a, 3.0 + 2.0.cos());
    assert_close(d.b, 2.0);
}

/// A trait of the crate, marked, implemented by two types whose methods are marked one by one.
#[differentiable]
trait Energy {
    fn energy(&self) -> f64;
    fn stiffness(&self, scale: f64) -> f64;
}

#[derive(Clone, Copy, Debug, Differentiable)]
struct Spring {
    k: f64,
    x: f64,
}

impl Energy for Spring {
    #[differentiable]
    fn energy(&self) -> f64 {
        0.5 * self.k * self.x * self.x
    }

    #[differentiable]
    fn stiffness(&self, scale: f64) -> f64 {
        self.k * scale.exp()
    }
}

#[derive(Clone, Copy, Debug, Differentiable)]
struct Pendulum {
    length: f64,
    angle: f64,
}

impl Energy for Pendulum {
    #[differentiable]
    fn energy(&self) -> f64 {
        9.81 * self.length * (1.0 - self.angle.cos())
    }

    #[differentiable]
    fn stiffness(&self, scale: f64) -> f64 {
        scale * 9.81 / self.length
    }
}

/// Generic code over the marked trait.
#[differentiable]
fn total<E: Energy>(e: &E, scale: f64) -> f64 {
    e.energy() * e.stiffness(scale)
}

#[differentiable]
fn spring_total(k: f64, x: f64) -> f64 {
    let spring = Spring { k, x };
    total(&spring, 0.3) + spring.energy()
}

#[differentiable]
fn pendulum_total(length: f64, angle: f64) -> f64 {
    total(&Pendulum { length, angle }, 0.2 * angle)
}

#[test]
fn methods_of_a_marked_traits_impls_called_directly() {
    let d = gradient!(at: &Spring { k: 2.0, x: 3.0 }, of: Spring::energy);
    assert_close(d.k, 4.5);
    assert_close(d.x, 6.0);
    let (d, ds) = gradient!(at: &Spring { k: 2.0, x: 3.0 }, 0.5, of: Spring::stiffness);
    assert_close(d.k, 0.5.exp());
    assert_close(ds, 2.0 * 0.5.exp());
    let d = gradient!(at: &Pendulum { length: 2.0, angle: 0.4 }, of: Pendulum::energy);
    assert_close(d.length, 9.81 * (1.0 - 0.4.cos()));
    assert_close(d.angle, 9.81 * 2.0 * 0.4.sin());
}

#[test]
fn methods_of_a_marked_traits_impls_through_generic_code_in_every_mode() {
    for (a, b) in [(2.0, 0.7), (0.6, -1.2)] {
        assert_every_mode!(spring_total, a, b);
        assert_every_mode!(pendulum_total, a, b);
    }
}

/// A vector whose operators are marked method by method.
#[derive(Clone, Copy, Debug, Differentiable)]
struct V {
    x: f64,
    y: f64,
}

impl Add for V {
    type Output = V;
    #[differentiable]
    fn add(self, o: V) -> V {
        V {
            x: self.x + o.x,
            y: self.y * o.y,
        }
    }
}

impl Sub for V {
    type Output = V;
    #[differentiable]
    fn sub(self, o: V) -> V {
        V {
            x: self.x - o.x,
            y: self.y - o.y.sin(),
        }
    }
}

impl Neg for V {
    type Output = V;
    #[differentiable]
    fn neg(self) -> V {
        V {
            x: -self.x,
            y: -self.y * self.y,
        }
    }
}

/// `Mul<f64>` (scaling) beside `Mul` (the dot product).
impl Mul<f64> for V {
    type Output = V;
    #[differentiable]
    fn mul(self, s: f64) -> V {
        V {
            x: self.x * s,
            y: self.y * s * s,
        }
    }
}

impl Mul for V {
    type Output = f64;
    #[differentiable]
    fn mul(self, o: V) -> f64 {
        self.x * o.x + self.y * o.y
    }
}

/// A float on the left: `2.0 * v`.
impl Mul<V> for f64 {
    type Output = V;
    #[differentiable]
    fn mul(self, v: V) -> V {
        V {
            x: self * v.x,
            y: self.exp() * v.y,
        }
    }
}

#[differentiable]
fn operators(a: f64, b: f64) -> f64 {
    let u = V { x: a, y: b };
    let w = V { x: b * b, y: a };
    let sum = u + w;
    let difference = u - w;
    let scaled = (-sum) * 1.5;
    let left = a * difference;
    scaled * left + (sum * w)
}

/// The same, by hand.
fn operators_by_hand(a: f64, b: f64) -> f64 {
    let (sum_x, sum_y) = (a + b * b, b * a);
    let (difference_x, difference_y) = (a - b * b, b - a.sin());
    let (neg_x, neg_y) = (-sum_x, -sum_y * sum_y);
    let (scaled_x, scaled_y) = (neg_x * 1.5, neg_y * 1.5 * 1.5);
    let (left_x, left_y) = (a * difference_x, a.exp() * difference_y);
    scaled_x * left_x + scaled_y * left_y + (sum_x * b * b + sum_y * a)
}

#[test]
fn operator_methods_marked_one_by_one_through_the_operators_in_every_mode() {
    for (a, b) in [(0.7, 1.3), (-0.4, 0.9)] {
        assert_close(operators(a, b), operators_by_hand(a, b));
        assert_every_mode!(operators, a, b);
    }
}

#[test]
fn operator_methods_called_directly() {
    let (u, w) = (V { x: 1.0, y: 2.0 }, V { x: 3.0, y: 4.0 });
    let (du, dw) = gradient!(at: u, w, of: |u: V, w: V| { let s = u + w; s.x * s.y });
    // s = (4, 8): d/du = (8, 4 * 4), d/dw = (8, 4 * 2).
    assert_close(du.x, 8.0);
    assert_close(du.y, 16.0);
    assert_close(dw.x, 8.0);
    assert_close(dw.y, 8.0);
    let (du, dw) = gradient!(at: u, w, of: |u: V, w: V| u * w);
    assert_close(du.x, 3.0);
    assert_close(du.y, 4.0);
    assert_close(dw.x, 1.0);
    assert_close(dw.y, 2.0);
    let (du, ds) = gradient!(at: u, 0.5, of: |u: V, s: f64| { let m = u * s; m.x + m.y });
    assert_close(du.x, 0.5);
    assert_close(du.y, 0.25);
    assert_close(ds, 1.0 + 2.0 * 2.0 * 0.5);
}

/// A generic operator impl, marked on its method, used at `f64` and `f32`.
#[derive(Clone, Copy, Debug, Differentiable)]
struct W<T> {
    a: T,
    b: T,
}

impl<T: Float> Add for W<T> {
    type Output = W<T>;
    #[differentiable]
    fn add(self, o: W<T>) -> W<T> {
        W {
            a: self.a + o.a,
            b: self.b * o.b.cos(),
        }
    }
}

#[differentiable]
fn generic_sum<T: Float>(x: T, y: T) -> T {
    let s = W { a: x, b: y } + W { a: y * y, b: x };
    s.a * s.b
}

#[test]
fn a_generic_operator_impl_marked_on_its_method_at_f64_and_f32() {
    for (x, y) in [(0.7, 1.3), (-0.4, 0.9)] {
        assert_every_mode!(generic_sum::<f64>, x, y);
        let (dx, dy) = gradient!(at: x as f32, y as f32, of: generic_sum::<f32>);
        let (ex, ey) = gradient!(at: x, y, of: generic_sum::<f64>);
        assert_close_f32(dx, ex as f32);
        assert_close_f32(dy, ey as f32);
    }
}

// How many times each registration of `Act::softplus` ran.
thread_local! {
    static REVERSE_CALLS: Cell<usize> = const { Cell::new(0) };
    static FORWARD_CALLS: Cell<usize> = const { Cell::new(0) };
}

struct Act;

impl Act {
    fn softplus(x: f64) -> f64 {
        (1.0 + x.exp()).ln()
    }

    fn sigmoid(x: f64) -> f64 {
        1.0 / (1.0 + (-x).exp())
    }

    /// The reverse registration.
    #[derivative(of = Self::softplus)]
    fn softplus_vjp(x: f64) -> (f64, impl Fn(f64) -> f64) {
        REVERSE_CALLS.with(|c| c.set(c.get() + 1));
        let slope = Self::sigmoid(x);
        (Self::softplus(x), move |d| d * slope)
    }

    /// The forward registration, a second attribute in the same block.
    #[derivative(of = Self::softplus, forward)]
    fn softplus_jvp(x: f64) -> (f64, impl Fn(f64) -> f64) {
        FORWARD_CALLS.with(|c| c.set(c.get() + 1));
        let slope = Self::sigmoid(x);
        (Self::softplus(x), move |t| t * slope)
    }
}

#[differentiable]
fn activation(x: f64) -> f64 {
    3.0 * Act::softplus(x) + x
}

#[test]
fn a_methods_reverse_and_forward_registrations_as_two_attributes() {
    let calls = || (REVERSE_CALLS.with(Cell::get), FORWARD_CALLS.with(Cell::get));
    let x = 0.4;
    let (reverse, forward) = calls();
    let (_, pullback) = value_with_pullback!(at: x, of: activation);
    assert_close(pullback(1.0), 3.0 * Act::sigmoid(x) + 1.0);
    assert_eq!(
        calls(),
        (reverse + 1, forward),
        "reverse mode calls the pullback's registration"
    );
    let (_, differential) = value_with_differential!(at: x, of: activation);
    assert_close(differential(1.0), 3.0 * Act::sigmoid(x) + 1.0);
    assert_eq!(
        calls(),
        (reverse + 1, forward + 1),
        "forward mode calls the differential's"
    );
    assert_grad_fd(|p| activation(p[0]), &[x], &[pullback(1.0)]);
}

/// An impl in a nested module, of a type of that module.
mod shapes {
    use ad::prelude::*;

    #[derive(Clone, Copy, Debug, Differentiable)]
    pub struct Disc {
        pub r: f64,
    }

    impl Disc {
        #[differentiable]
        pub fn of_radius(r: f64) -> Disc {
            Disc { r }
        }

        #[differentiable]
        pub fn area(&self) -> f64 {
            std::f64::consts::PI * self.r * self.r
        }
    }
}

#[differentiable]
fn disc_area(r: f64, s: f64) -> f64 {
    shapes::Disc::of_radius(r * s).area()
}

#[test]
fn an_impl_in_a_nested_module() {
    for (r, s) in [(0.7, 1.3), (1.1, -0.4)] {
        assert_every_mode!(disc_area, r, s);
    }
    let tangent = differentiate!(at: 2.0, of: shapes::Disc::of_radius);
    assert_close(tangent.r, 1.0);
}

#[differentiable]
fn other_file_energy(a: f64, b: f64) -> f64 {
    let c = other_file::Cell2::at(a, b);
    c.energy() + other_file::Cell2::dot(c, c)
}

#[test]
fn an_impl_in_another_file_of_the_crate() {
    for (a, b) in [(0.7, 1.3), (1.1, -0.4)] {
        assert_every_mode!(other_file_energy, a, b);
    }
}

impl Spring {
    /// `wrt` of a parameter other than `self` on an associated function.
    #[differentiable(wrt = x)]
    fn at_extension(k: f64, x: f64) -> f64 {
        0.5 * k * x * x
    }

    /// `wrt = self` on a method with another float parameter.
    #[differentiable(wrt = self)]
    fn scaled_energy(&self, scale: f64) -> f64 {
        scale * self.energy()
    }
}

#[test]
fn wrt_on_methods_of_any_kind() {
    // A parameter that is not differentiated gets `NoTangent` in its slot.
    let (ad::NoTangent, dx) = gradient!(at: 2.0, 3.0, of: Spring::at_extension);
    assert_close(dx, 6.0);
    let (d, ad::NoTangent) =
        gradient!(at: &Spring { k: 2.0, x: 3.0 }, 0.5, of: Spring::scaled_energy);
    assert_close(d.k, 0.5 * 4.5);
    assert_close(d.x, 0.5 * 6.0);
}

/// An operator impl written with `Self` and `Self::Output`, as rustc's own suggestions write it.
#[derive(Clone, Copy, Debug, Differentiable)]
struct Q {
    re: f64,
    im: f64,
}

impl Add for Q {
    type Output = Self;
    #[differentiable]
    fn add(self, o: Self) -> Self::Output {
        Self {
            re: self.re + o.re,
            im: self.im * o.im,
        }
    }
}

impl Neg for Q {
    type Output = Q;
    #[differentiable]
    fn neg(self) -> <Self as Neg>::Output {
        Q {
            re: -self.re,
            im: self.im.exp(),
        }
    }
}

#[differentiable]
fn q_energy(a: f64, b: f64) -> f64 {
    let q = -(Q { re: a, im: b } + Q { re: b, im: a * a });
    q.re * q.im
}

#[test]
fn self_and_self_output_in_an_operator_impl() {
    for (a, b) in [(0.7, 0.3), (-0.4, 0.9)] {
        // -(a + b) * exp(a² b).
        assert_close(q_energy(a, b), -(a + b) * (a * a * b).exp());
        assert_every_mode!(q_energy, a, b);
    }
}

/// A `&mut self` method marked alone, updating its state, and an associated function calling
/// it in a loop.
#[derive(Clone, Debug, Differentiable)]
struct Oscillator {
    p: f64,
    v: f64,
}

impl Oscillator {
    #[differentiable]
    fn step(&mut self, dt: f64) {
        self.p += dt * self.v;
        self.v -= dt * self.p;
    }

    #[differentiable]
    fn position_after(p: f64, v: f64) -> f64 {
        let mut state = Oscillator { p, v };
        for _ in 0..5 {
            state.step(0.1);
        }
        state.p
    }
}

#[test]
fn a_mut_self_method_marked_alone_called_in_a_loop() {
    for (p, v) in [(1.0, 0.5), (-0.3, 0.8)] {
        assert_every_mode!(Oscillator::position_after, p, v);
    }
    let mut state = Oscillator { p: 1.0, v: 0.5 };
    let ((), pullback) = value_with_pullback!(at: &mut state, 0.1, of: Oscillator::step);
    assert_close(state.p, 1.05);
    let (d_before, d_dt) = pullback(OscillatorTangentVector { p: 1.0, v: 0.0 });
    // p' = p + dt v: d/dp = 1, d/dv = dt, d/ddt = v.
    assert_close(d_before.p, 1.0);
    assert_close(d_before.v, 0.1);
    assert_close(d_dt, 0.5);
}
