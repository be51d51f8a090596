//! Methods of generic inherent impls (`impl<T: Float> Vec3<T>`) with `#[differentiable]` on
//! each method: constructors, `self`/`&self` methods taking other structs of the same type,
//! loops over a `Vec<T>` field, branches and constants `T::from(..)`, and a method calling a
//! free generic differentiable function; each used at `f64` in every mode and at `f32`
//! against the `f64` derivatives.

use crate::common::every_mode::assert_every_mode;
use crate::{assert_close, assert_close_f32, assert_grad_fd};
use ad::num_traits::Float;
use ad::prelude::*;

/// A vector of three components of any float type.
#[derive(Clone, Copy, Debug, Differentiable)]
struct Vec3<T> {
    x: T,
    y: T,
    z: T,
}

impl<T: Float> Vec3<T> {
    #[differentiable]
    fn new(x: T, y: T, z: T) -> Self {
        Self { x, y, z }
    }

    #[differentiable]
    fn dot(&self, o: &Vec3<T>) -> T {
        self.x * o.x + self.y * o.y + self.z * o.z
    }

    #[differentiable]
    fn norm(&self) -> T {
        self.dot(self).sqrt()
    }

    #[differentiable]
    fn scaled(self, s: T) -> Self {
        Vec3::new(self.x * s, self.y * s, self.z * s)
    }

    #[differentiable]
    fn cross(&self, o: &Self) -> Self {
        Self::new(
            self.y * o.z - self.z * o.y,
            self.z * o.x - self.x * o.z,
            self.x * o.y - self.y * o.x,
        )
    }

    /// The area of the triangle spanned by the two vectors, through `Self::` calls.
    #[differentiable]
    fn triangle_area(a: T, b: T) -> T {
        let u = Self::new(a, b, T::from(0.5).unwrap());
        let w = Self::new(b * b, T::one(), a);
        u.cross(&w).norm() * T::from(0.5).unwrap()
    }

    /// The component of `self` along `o`, scaled by `o`'s norm only when it is long.
    #[differentiable]
    fn projected(&self, o: &Self) -> T {
        let n = o.norm();
        if n > T::one() {
            self.dot(o) / n
        } else {
            self.dot(o)
        }
    }
}

#[differentiable]
fn vector_chain<T: Float>(a: T, b: T) -> T {
    let u = Vec3::new(a, b, a * b);
    let w = u.scaled(b).cross(&Vec3::new(T::one(), a, b));
    w.dot(&u) + u.projected(&w) + Vec3::<T>::triangle_area(a, b)
}

#[test]
fn generic_constructors_and_methods_at_f64_in_every_mode() {
    for (a, b) in [(0.7, 1.3), (-1.1, 0.4), (0.2, 0.3)] {
        assert_every_mode!(vector_chain::<f64>, a, b);
        assert_every_mode!(Vec3::<f64>::triangle_area, a, b);
    }
}

#[test]
fn generic_methods_at_f32_agree_with_f64() {
    for (a, b) in [(0.7, 1.3), (-1.1, 0.4)] {
        let (da, db) = gradient!(at: a as f32, b as f32, of: vector_chain::<f32>);
        let (ea, eb) = gradient!(at: a, b, of: vector_chain::<f64>);
        assert_close_f32(da, ea as f32);
        assert_close_f32(db, eb as f32);
        let forward = differentiate!(at: a as f32, of: |a: f32| Vec3::<f32>::triangle_area(a, 0.5));
        let reverse = gradient!(at: a, 0.5, of: Vec3::<f64>::triangle_area).0;
        assert_close_f32(forward, reverse as f32);
    }
}

#[test]
fn generic_methods_taking_structs_called_directly_in_closed_form() {
    let u = Vec3 {
        x: 1.0,
        y: 2.0,
        z: 3.0,
    };
    let w = Vec3 {
        x: -1.0,
        y: 0.5,
        z: 2.0,
    };
    let (du, dw) = gradient!(at: &u, &w, of: Vec3::<f64>::dot);
    assert_close(du.x, -1.0);
    assert_close(du.z, 2.0);
    assert_close(dw.y, 2.0);
    let d = gradient!(at: &u, of: Vec3::<f64>::norm);
    let n = 14.0f64.sqrt();
    assert_close(d.x, 1.0 / n);
    assert_close(d.y, 2.0 / n);
    assert_close(d.z, 3.0 / n);
    let d = gradient!(at: &Vec3 { x: 1.0f32, y: 2.0, z: 3.0 }, of: Vec3::<f32>::norm);
    assert_close_f32(d.y, (2.0 / n) as f32);
}

#[test]
fn a_generic_method_returning_self_in_forward_and_reverse_mode() {
    let u = Vec3 {
        x: 1.0,
        y: 2.0,
        z: 3.0,
    };
    let w = Vec3 {
        x: -1.0,
        y: 0.5,
        z: 2.0,
    };
    // The x component of u × w is u.y w.z - u.z w.y.
    let (du, dw) = gradient!(at: &u, &w, of: |u: &Vec3<f64>, w: &Vec3<f64>| u.cross(w).x);
    assert_close(du.y, 2.0);
    assert_close(du.z, -0.5);
    assert_close(dw.y, -3.0);
    assert_close(dw.z, 2.0);
    assert_close(du.x + dw.x, 0.0);
    let t = differentiate!(at: 2.0, of: |s: f64| Vec3 { x: 1.0, y: 2.0, z: 3.0 }.scaled(s * s));
    assert_close(t.x, 4.0);
    assert_close(t.y, 8.0);
    assert_close(t.z, 12.0);
}

#[test]
fn a_branch_in_a_generic_method_takes_each_side() {
    // Short o: the plain dot product; long o: divided by its norm.
    let u = Vec3 {
        x: 1.0,
        y: 2.0,
        z: 3.0,
    };
    let short = Vec3 {
        x: 0.3,
        y: 0.4,
        z: 0.0,
    };
    let (du, dw) = gradient!(at: &u, &short, of: Vec3::<f64>::projected);
    assert_close(du.x, 0.3);
    assert_close(dw.y, 2.0);
    let long = Vec3 {
        x: 3.0,
        y: 4.0,
        z: 0.0,
    };
    let (du, dw) = gradient!(at: &u, &long, of: Vec3::<f64>::projected);
    assert_close(du.x, 0.6);
    assert_close(du.y, 0.8);
    // d/dw (u·w / |w|) = u/|w| - (u·w) w / |w|³.
    assert_close(dw.x, 1.0 / 5.0 - 11.0 * 3.0 / 125.0);
    assert_close(dw.z, 3.0 / 5.0);
}

/// A polynomial of any float type, coefficients in a `Vec`.
#[derive(Clone, Debug, Differentiable)]
struct Poly<T> {
    c: Vec<T>,
}

/// A free generic function the methods call.
#[differentiable]
fn softclip<T: Float>(x: T) -> T {
    x / (T::one() + x * x).sqrt()
}

impl<T: Float> Poly<T> {
    /// Horner's rule, a loop over the field.
    #[differentiable]
    fn eval(&self, x: T) -> T {
        let mut acc = T::zero();
        for k in (0..self.c.len()).rev() {
            acc = acc * x + self.c[k];
        }
        acc
    }

    /// The derivative polynomial's value, a loop with an index converted to `T`.
    #[differentiable]
    fn slope(&self, x: T) -> T {
        let mut acc = T::zero();
        for k in (1..self.c.len()).rev() {
            acc = acc * x + self.c[k] * T::from(k).unwrap();
        }
        acc
    }

    /// A method calling a free generic differentiable function.
    #[differentiable]
    fn clipped(&self, x: T) -> T {
        softclip(self.eval(x)) + softclip(self.slope(x))
    }
}

#[differentiable]
fn polynomial_of<T: Float>(a: T, x: T) -> T {
    let p = Poly {
        c: vec![a, T::one(), a * a, T::from(-0.5).unwrap()],
    };
    p.clipped(x) * p.eval(a)
}

#[test]
fn a_generic_method_looping_over_a_vec_field_in_closed_form() {
    let p = Poly {
        c: vec![1.0, -2.0, 0.5, 3.0],
    };
    let x = 0.7;
    let (d, dx) = gradient!(at: &p, x, of: Poly::<f64>::eval);
    for k in 0..4 {
        assert_close(d.c[k], x.powi(k as i32));
    }
    assert_close(dx, p.slope(x));
    assert_close(p.slope(x), -2.0 + 2.0 * 0.5 * x + 3.0 * 3.0 * x * x);
    let (d, dx) = gradient!(at: &p, x, of: Poly::<f64>::slope);
    assert_close(d.c[0], 0.0);
    assert_close(d.c[3], 3.0 * x * x);
    assert_close(dx, 2.0 * 0.5 + 6.0 * 3.0 * x);
}

#[test]
fn a_generic_method_calling_a_free_generic_function_in_every_mode() {
    for (a, x) in [(0.7, 0.3), (-0.6, 1.2)] {
        assert_every_mode!(polynomial_of::<f64>, a, x);
        let (da, dx) = gradient!(at: a as f32, x as f32, of: polynomial_of::<f32>);
        let (ea, ex) = gradient!(at: a, x, of: polynomial_of::<f64>);
        assert_close_f32(da, ea as f32);
        assert_close_f32(dx, ex as f32);
    }
    let p = Poly {
        c: vec![0.3, -1.0, 0.5],
    };
    let (d, dx) = gradient!(at: &p, 0.8, of: Poly::<f64>::clipped);
    let clipped = |v: &[f64]| Poly { c: v[..3].to_vec() }.clipped(v[3]);
    assert_grad_fd(
        clipped,
        &[0.3, -1.0, 0.5, 0.8],
        &[d.c[0], d.c[1], d.c[2], dx],
    );
}
