//! Associated functions with `#[differentiable]` on each: constructors `new(..) -> Self`
//! built with `Self { .. }` and called as `Self::new`, `Type::new` and from methods;
//! associated functions taking structs by value and by reference, returning tuples, and
//! methods calling associated functions and the other way round.

use crate::common::every_mode::assert_every_mode;
use crate::{assert_close, assert_grad_fd};
use ad::prelude::*;

/// A point in polar form.
#[derive(Clone, Copy, Debug, Differentiable)]
struct Polar {
    r: f64,
    phi: f64,
}

impl Polar {
    /// A constructor built with `Self { .. }`.
    #[differentiable]
    fn new(r: f64, phi: f64) -> Self {
        Self { r, phi }
    }

    /// A constructor calling the other one through `Self::`.
    #[differentiable]
    fn unit(phi: f64) -> Self {
        Self::new(1.0, phi)
    }

    /// A constructor from Cartesian coordinates, with a branch.
    #[differentiable]
    fn from_xy(x: f64, y: f64) -> Polar {
        let r = (x * x + y * y).sqrt();
        if x >= 0.0 {
            Polar::new(r, (y / x).atan())
        } else {
            Polar::new(r, (y / x).atan() + std::f64::consts::PI)
        }
    }

    #[differentiable]
    fn x(&self) -> f64 {
        self.r * self.phi.cos()
    }

    #[differentiable]
    fn y(&self) -> f64 {
        self.r * self.phi.sin()
    }

    /// An associated function of two structs by reference.
    #[differentiable]
    fn distance(p: &Polar, q: &Polar) -> f64 {
        let (dx, dy) = (p.x() - q.x(), p.y() - q.y());
        (dx * dx + dy * dy).sqrt()
    }

    /// An associated function of two structs by value, returning a tuple.
    #[differentiable]
    fn sum_xy(p: Polar, q: Polar) -> (f64, f64) {
        (p.x() + q.x(), p.y() + q.y())
    }

    /// A method calling associated functions with itself as argument.
    #[differentiable]
    fn distance_to_unit(&self, phi: f64) -> f64 {
        Polar::distance(self, &Self::unit(phi))
    }
}

#[differentiable]
fn round_trip(x: f64, y: f64) -> f64 {
    let p = Polar::from_xy(x, y);
    p.x() * 2.0 + p.y() * p.y()
}

#[differentiable]
fn distance_of_two(r: f64, phi: f64) -> f64 {
    Polar::distance(&Polar::new(r, phi), &Polar::unit(phi * 0.5))
}

#[differentiable]
fn tuple_of_sums(r: f64, phi: f64) -> f64 {
    let (x, y) = Polar::sum_xy(Polar::new(r, phi), doubled_unit(phi));
    x * y
}

/// A free function calling a constructor by its type path.
#[differentiable]
fn doubled_unit(phi: f64) -> Polar {
    Polar::unit(2.0 * phi)
}

#[differentiable]
fn method_calling_associated(r: f64, phi: f64) -> f64 {
    Polar { r, phi: r * phi }.distance_to_unit(phi)
}

#[test]
fn constructors_calling_each_other_in_every_mode() {
    // Both branches of `from_xy`.
    for (x, y) in [(0.8, 0.3), (-0.6, 0.9)] {
        // The round trip gives x and y back: 2x + y².
        assert_close(round_trip(x, y), 2.0 * x + y * y);
        let (dx, dy) = gradient!(at: x, y, of: round_trip);
        assert_close(dx, 2.0);
        assert_close(dy, 2.0 * y);
        assert_every_mode!(round_trip, x, y);
    }
}

#[test]
fn a_constructor_in_forward_mode_gives_the_tangent_of_the_struct() {
    let t = differentiate!(at: 0.7, of: Polar::unit);
    assert_close(t.r, 0.0);
    assert_close(t.phi, 1.0);
    let (value, differential) = value_with_differential!(at: 3.0, 4.0, of: Polar::from_xy);
    assert_close(value.r, 5.0);
    let t = differential(1.0, 0.0);
    // ∂r/∂x = x / r, ∂φ/∂x = -y / r².
    assert_close(t.r, 0.6);
    assert_close(t.phi, -4.0 / 25.0);
}

#[test]
fn the_pullback_of_a_constructor_returns_the_fields_cotangents() {
    let (value, pullback) = value_with_pullback!(at: 2.0, 0.5, of: Polar::new);
    assert_close(value.r, 2.0);
    let (dr, dphi) = pullback(PolarTangentVector { r: 3.0, phi: -1.5 });
    assert_close(dr, 3.0);
    assert_close(dphi, -1.5);
}

#[test]
fn an_associated_function_of_structs_by_reference_in_every_mode() {
    for (r, phi) in [(1.7, 0.4), (0.6, -1.1)] {
        assert_every_mode!(distance_of_two, r, phi);
    }
    let p = Polar { r: 2.0, phi: 0.3 };
    let q = Polar { r: 1.0, phi: 1.2 };
    let (dp, dq) = gradient!(at: &p, &q, of: Polar::distance);
    let distance =
        |v: &[f64]| Polar::distance(&Polar { r: v[0], phi: v[1] }, &Polar { r: v[2], phi: v[3] });
    assert_grad_fd(
        distance,
        &[2.0, 0.3, 1.0, 1.2],
        &[dp.r, dp.phi, dq.r, dq.phi],
    );
}

#[test]
fn an_associated_function_returning_a_tuple() {
    for (r, phi) in [(1.7, 0.4), (0.6, -1.1)] {
        assert_every_mode!(tuple_of_sums, r, phi);
    }
    let p = Polar { r: 2.0, phi: 0.3 };
    let q = Polar { r: 1.0, phi: 1.2 };
    let ((x, y), pullback) = value_with_pullback!(at: p, q, of: Polar::sum_xy);
    assert_close(x, 2.0 * 0.3f64.cos() + 1.2f64.cos());
    assert_close(y, 2.0 * 0.3f64.sin() + 1.2f64.sin());
    let (dp, dq) = pullback((1.0, 0.0));
    assert_close(dp.r, 0.3f64.cos());
    assert_close(dp.phi, -2.0 * 0.3f64.sin());
    assert_close(dq.r, 1.2f64.cos());
    assert_close(dq.phi, -1.2f64.sin());
}

#[test]
fn a_method_calling_associated_functions_with_self() {
    for (r, phi) in [(1.7, 0.4), (0.6, -1.1)] {
        assert_every_mode!(method_calling_associated, r, phi);
    }
    let p = Polar { r: 2.0, phi: 0.0 };
    // The distance from (2, 0) to (cos φ, sin φ): ∂/∂φ at φ = 0 is 0, ∂/∂r is 1.
    let (dp, dphi) = gradient!(at: &p, 0.0, of: Polar::distance_to_unit);
    assert_close(dp.r, 1.0);
    assert_close(dp.phi, 0.0);
    assert_close(dphi, 0.0);
}
