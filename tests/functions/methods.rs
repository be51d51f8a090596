//! Methods and trait impls: the attribute on a method that uses `self` in an inherent impl,
//! and on a trait impl block whose trait the module does not import (`std::ops::Add`, and
//! `std::ops::Mul<f64>` with its argument), used by differentiable code through the
//! operators. Closed forms, and central differences through the suite's operators.

use crate::{assert_close, assert_grad_fd};
use ad::prelude::*;
// The suite's operators, which also check forward mode against reverse mode.
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};

#[derive(Clone, Debug, Differentiable)]
struct Spring {
    k: f64,
    rest: f64,
}

impl Spring {
    #[differentiable]
    fn energy(&self, x: f64) -> f64 {
        0.5 * self.k * (x - self.rest).powi(2)
    }

    #[differentiable]
    fn force(&self, x: f64) -> f64 {
        -self.k * (x - self.rest)
    }
}

#[derive(Clone, Copy, Debug, Differentiable)]
struct V2 {
    x: f64,
    y: f64,
}

#[differentiable]
impl std::ops::Add for V2 {
    type Output = V2;
    fn add(self, o: V2) -> V2 {
        V2 {
            x: self.x + o.x,
            y: self.y + o.y,
        }
    }
}

#[differentiable]
impl std::ops::Mul<f64> for V2 {
    type Output = V2;
    fn mul(self, s: f64) -> V2 {
        V2 {
            x: self.x * s,
            y: self.y * s,
        }
    }
}

/// E = ½k(x - ½)² - k(x - ½)/10: ∂x = k(x - ½) - k/10, ∂k = ½(x - ½)² - (x - ½)/10.
#[differentiable]
fn springs(x: f64, k: f64) -> f64 {
    let s = Spring { k, rest: 0.5 };
    s.energy(x) + s.force(x) * 0.1
}

/// v = (a + b², b + a) · 2: f = 4 (a + b²)(a + b).
#[differentiable]
fn vectors(a: f64, b: f64) -> f64 {
    let v = (V2 { x: a, y: b } + V2 { x: b * b, y: a }) * 2.0;
    v.x * v.y
}

#[test]
fn methods_with_self_in_an_inherent_impl() {
    let (x, k) = (0.3, 2.0);
    let (dx, dk) = gradient!(at: x, k, of: springs);
    assert_close(dx, k * (x - 0.5) - k / 10.0);
    assert_close(dk, 0.5 * (x - 0.5f64).powi(2) - (x - 0.5) / 10.0);
}

#[test]
fn trait_impls_whose_trait_is_not_imported() {
    for (a, b) in [(0.3, 2.0), (-1.2, 0.4)] {
        let (da, db) = gradient!(at: a, b, of: vectors);
        assert_close(da, 4.0 * ((a + b) + (a + b * b)));
        assert_close(db, 4.0 * (2.0 * b * (a + b) + (a + b * b)));
        assert_grad_fd(|p: &[f64]| vectors(p[0], p[1]), &[a, b], &[da, db]);
    }
}
