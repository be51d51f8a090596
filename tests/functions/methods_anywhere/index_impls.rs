//! `#[differentiable]` on `index` of `impl Index<I> for V`: a small vector indexed by `usize`
//! (with a `panic!` arm), a quaternion indexed by an enum, a generic vector, an array field,
//! and the block attribute on the impl. Elements are read as `v[i]` in straight code and in
//! loops, from locals and parameters, in every mode against central differences and closed
//! forms.

use crate::common::every_mode::assert_every_mode;
use crate::{assert_close, assert_grad_fd};
use ad::num_traits::Float;
use ad::prelude::*;
use std::ops::Index;

#[derive(Clone, Copy, Debug, Differentiable)]
struct Vec3 {
    x: f64,
    y: f64,
    z: f64,
}

impl Index<usize> for Vec3 {
    type Output = f64;

    #[differentiable]
    fn index(&self, i: usize) -> &f64 {
        match i {
            0 => &self.x,
            1 => &self.y,
            2 => &self.z,
            _ => panic!("Vec3 has three components, not {}", i + 1),
        }
    }
}

#[differentiable]
fn weighted_norm(a: f64, b: f64) -> f64 {
    let v = Vec3 {
        x: a,
        y: b,
        z: a * b,
    };
    let mut s = 0.0;
    for k in 0..3 {
        s += (k as f64 + 1.0) * v[k] * v[k];
    }
    s.sqrt() + v[2]
}

#[differentiable]
fn dot(u: &Vec3, w: &Vec3) -> f64 {
    u[0] * w[0] + u[1] * w[1] + u[2] * w[2]
}

#[test]
fn a_vector_indexed_by_position() {
    let (a, b) = (1.5, -0.5);
    let (x, y, z) = (a, b, a * b);
    let s = (x * x + 2.0 * y * y + 3.0 * z * z).sqrt();
    let (da, db) = gradient!(at: a, b, of: weighted_norm);
    assert_close(da, (x + 3.0 * z * b) / s + b);
    assert_close(db, (2.0 * y + 3.0 * z * a) / s + a);
    assert_every_mode!(weighted_norm, 1.5, -0.5);
    assert_every_mode!(weighted_norm, -0.3, 2.2);
}

#[test]
fn vectors_given_by_reference() {
    let u = Vec3 {
        x: 1.0,
        y: 2.0,
        z: 3.0,
    };
    let w = Vec3 {
        x: -1.0,
        y: 0.5,
        z: 4.0,
    };
    let (du, dw) = gradient!(at: &u, &w, of: dot);
    assert_close(du.x, w.x);
    assert_close(du.z, w.z);
    assert_close(dw.y, u.y);
    let (value, differential) = value_with_differential!(at: &u, &w, of: dot);
    assert_close(value, 1.0 * -1.0 + 2.0 * 0.5 + 3.0 * 4.0);
    let t = differential(
        Vec3TangentVector {
            x: 0.0,
            y: 1.0,
            z: 0.0,
        },
        Vec3TangentVector {
            x: 1.0,
            y: 0.0,
            z: 0.0,
        },
    );
    assert_close(t, w.y + u.x);
}

/// A quaternion's components by name.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Part {
    W,
    I,
    J,
    K,
}

#[derive(Clone, Copy, Debug, Differentiable)]
struct Quaternion {
    w: f64,
    v: [f64; 3],
}

impl Index<Part> for Quaternion {
    type Output = f64;

    #[differentiable]
    fn index(&self, part: Part) -> &f64 {
        match part {
            Part::W => &self.w,
            Part::I => &self.v[0],
            Part::J => &self.v[1],
            Part::K => &self.v[2],
        }
    }
}

#[differentiable]
fn quaternion_norm_squared(a: f64, b: f64) -> f64 {
    let q = Quaternion {
        w: a,
        v: [b, a * b, 1.0 - a],
    };
    q[Part::W] * q[Part::W]
        + q[Part::I] * q[Part::I]
        + q[Part::J] * q[Part::J]
        + q[Part::K] * q[Part::K]
}

#[test]
fn a_quaternion_indexed_by_an_enum_with_an_array_field() {
    let (a, b) = (0.7, 1.3);
    let (da, db) = gradient!(at: a, b, of: quaternion_norm_squared);
    assert_close(da, 2.0 * a + 2.0 * a * b * b - 2.0 * (1.0 - a));
    assert_close(db, 2.0 * b + 2.0 * a * a * b);
    assert_every_mode!(quaternion_norm_squared, 0.7, 1.3);
}

/// A generic pair, the attribute on the whole block.
#[derive(Clone, Copy, Debug, Differentiable)]
struct Pair<T> {
    first: T,
    second: T,
}

#[differentiable]
impl<T: Float> Index<bool> for Pair<T> {
    type Output = T;

    fn index(&self, second: bool) -> &T {
        if second { &self.second } else { &self.first }
    }
}

#[differentiable]
fn pair_ratio(a: f64, b: f64) -> f64 {
    let p = Pair {
        first: a,
        second: b,
    };
    let flags = [false, true];
    let mut total = 0.0;
    for f in flags {
        total += p[f].sin();
    }
    total / (1.0 + p[true] * p[true])
}

#[test]
fn a_generic_pair_under_the_block_attribute() {
    assert_every_mode!(pair_ratio, 0.4, -1.1);
    let (a, b) = (0.4f64, -1.1f64);
    let (da, _) = gradient!(at: a, b, of: pair_ratio);
    assert_close(da, a.cos() / (1.0 + b * b));
    let f = |p: &[f64]| pair_ratio(p[0], p[1]);
    let (da, db) = gradient!(at: 2.0, 0.3, of: pair_ratio);
    assert_grad_fd(f, &[2.0, 0.3], &[da, db]);
}
