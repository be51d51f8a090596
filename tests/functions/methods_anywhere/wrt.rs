//! `wrt` on methods: `wrt = self` on `self`, `&self` and `&mut self` methods, `wrt` of one
//! float or of `(self, b)` beside others, `wrt = (a, c)` on an associated function, on a
//! method of a generic impl at `f64` and `f32`, in forward mode, and a method called from
//! differentiable code with a parameter it holds constant (that call gives it zero).
//! A parameter left out gets `ad::NoTangent` in its slot.

use crate::{assert_close, assert_close_f32, assert_grad_fd};
use ad::num_traits::Float;
use ad::prelude::*;

/// A charged particle in a field.
#[derive(Clone, Copy, Debug, Differentiable)]
struct Charge {
    q: f64,
    x: f64,
}

impl Charge {
    /// `wrt = self` on a by-value receiver.
    #[differentiable(wrt = self)]
    fn potential(self, field: f64) -> f64 {
        self.q * self.x * field
    }

    /// `wrt` of the float, not of `&self`.
    #[differentiable(wrt = distance)]
    fn coulomb(&self, distance: f64) -> f64 {
        self.q * self.q / distance
    }

    /// `wrt` of the receiver and one of two floats.
    #[differentiable(wrt = (self, b))]
    fn mixed(&self, a: f64, b: f64) -> f64 {
        self.q * a.sin() + self.x * b * b + a * b
    }

    /// `wrt` of two of three floats of an associated function.
    #[differentiable(wrt = (a, c))]
    fn three(a: f64, b: f64, c: f64) -> f64 {
        a * b * c + a.exp() + c * b * b
    }

    /// `wrt = self` on a `&mut self` method.
    #[differentiable(wrt = self)]
    fn relax(&mut self, rate: f64) {
        self.x *= 1.0 - rate * self.q;
        self.q += rate * self.x;
    }
}

#[test]
fn wrt_self_on_a_by_value_method() {
    let c = Charge { q: 2.0, x: 3.0 };
    let (d, ad::NoTangent) = gradient!(at: c, 0.5, of: Charge::potential);
    assert_close(d.q, 1.5);
    assert_close(d.x, 1.0);
}

#[test]
fn wrt_a_float_on_a_shared_self_method() {
    let c = Charge { q: 2.0, x: 3.0 };
    let (ad::NoTangent, dd) = gradient!(at: &c, 0.5, of: Charge::coulomb);
    assert_close(dd, -4.0 / 0.25);
    let (value, (ad::NoTangent, dd)) = value_with_gradient!(at: &c, 2.0, of: Charge::coulomb);
    assert_close(value, 2.0);
    assert_close(dd, -1.0);
}

#[test]
fn wrt_self_and_one_of_two_floats() {
    let c = Charge { q: 2.0, x: 3.0 };
    let (a, b) = (0.7, 1.2);
    let (d, ad::NoTangent, db) = gradient!(at: &c, a, b, of: Charge::mixed);
    assert_close(d.q, a.sin());
    assert_close(d.x, b * b);
    assert_close(db, 2.0 * 3.0 * b + a);
    let mixed = |p: &[f64]| Charge { q: p[0], x: p[1] }.mixed(a, p[2]);
    assert_grad_fd(mixed, &[2.0, 3.0, b], &[d.q, d.x, db]);
}

#[test]
fn wrt_two_of_three_floats_of_an_associated_function() {
    let (a, b, c) = (0.3, 1.5, -0.8);
    let (da, ad::NoTangent, dc) = gradient!(at: a, b, c, of: Charge::three);
    assert_close(da, b * c + a.exp());
    assert_close(dc, a * b + b * b);
    let (_, pullback) = value_with_pullback!(at: a, b, c, of: Charge::three);
    let (da2, ad::NoTangent, dc2) = pullback(2.0);
    assert_close(da2, 2.0 * da);
    assert_close(dc2, 2.0 * dc);
}

#[test]
fn wrt_self_on_a_mut_self_method() {
    let mut c = Charge { q: 2.0, x: 3.0 };
    let rate = 0.1;
    let ((), pullback) = value_with_pullback!(at: &mut c, rate, of: Charge::relax);
    // x' = x (1 - r q), q' = q + r x'.
    assert_close(c.x, 3.0 * 0.8);
    assert_close(c.q, 2.0 + 0.1 * 2.4);
    let (d, ad::NoTangent) = pullback(ChargeTangentVector { q: 1.0, x: 0.0 });
    assert_close(d.q, 1.0 + rate * (-rate * 3.0));
    assert_close(d.x, rate * (1.0 - rate * 2.0));
}

#[differentiable]
fn coulomb_of_built_charge(q: f64, distance: f64) -> f64 {
    Charge { q, x: 0.0 }.coulomb(distance) + q
}

#[test]
fn a_parameter_held_constant_by_the_callee_gets_zero_from_that_call() {
    let (q, distance) = (2.0, 0.5);
    let (dq, dd) = gradient!(at: q, distance, of: coulomb_of_built_charge);
    // The call holds `self` constant: only the `+ q` reaches `q`.
    assert_close(dq, 1.0);
    assert_close(dd, -q * q / (distance * distance));
    let (_, differential) = value_with_differential!(at: q, distance, of: coulomb_of_built_charge);
    assert_close(differential(1.0, 0.0), 1.0);
    assert_close(differential(0.0, 1.0), dd);
}

/// A generic damped spring.
#[derive(Clone, Copy, Debug, Differentiable)]
struct Damper<T> {
    k: T,
    c: T,
}

impl<T: Float> Damper<T> {
    /// `wrt` of the velocity only, on a method of a generic impl.
    #[differentiable(wrt = v)]
    fn force(&self, x: T, v: T) -> T {
        -self.k * x - self.c * v * v.abs()
    }

    /// `wrt = self` on a method of a generic impl.
    #[differentiable(wrt = self)]
    fn energy(&self, x: T) -> T {
        self.k * x * x / (T::one() + self.c)
    }
}

#[test]
fn wrt_on_methods_of_a_generic_impl_at_f64_and_f32() {
    let d = Damper { k: 2.0, c: 0.5 };
    let (ad::NoTangent, ad::NoTangent, dv) = gradient!(at: &d, 1.0, -3.0, of: Damper::<f64>::force);
    assert_close(dv, -0.5 * 2.0 * 3.0);
    let d32 = Damper { k: 2.0f32, c: 0.5 };
    let (ad::NoTangent, ad::NoTangent, dv) =
        gradient!(at: &d32, 1.0f32, -3.0f32, of: Damper::<f32>::force);
    assert_close_f32(dv, -3.0);
    let (t, ad::NoTangent) = gradient!(at: &d, 2.0, of: Damper::<f64>::energy);
    assert_close(t.k, 4.0 / 1.5);
    assert_close(t.c, -2.0 * 4.0 / 2.25);
    let (t, ad::NoTangent) = gradient!(at: &d32, 2.0f32, of: Damper::<f32>::energy);
    assert_close_f32(t.c, (-2.0 * 4.0 / 2.25) as f32);
}

#[test]
fn a_wrt_method_in_forward_mode() {
    let c = Charge { q: 2.0, x: 3.0 };
    let d = differentiate!(at: 0.5, of: |distance: f64| c.coulomb(distance));
    assert_close(d, -16.0);
    let d = differentiate!(at: 1.5, of: |v: f64| Damper { k: 2.0, c: 0.5 }.force(1.0, v));
    assert_close(d, -0.5 * 2.0 * 1.5);
}
