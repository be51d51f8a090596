//! `%` and `%=` on differentiated floats, with `rem_euclid`, `copysign` and `sin_cos`: the
//! remainder's derivative is 1 in the dividend and minus the quotient in the divisor.

use crate::check::{check_hessian, check_idiom};
use ad::prelude::*;

/// A periodic function written with `%`.
#[differentiable]
fn sawtooth(x: f64, y: f64) -> f64 {
    let phase = (x * 3.0) % y;
    phase * phase + (x % 1.5) * y
}

#[test]
fn remainders_in_both_operands() {
    check_idiom!(sawtooth, [(1.3, 0.7), (2.9, 1.1), (-1.7, 0.45)]);
    check_hessian!(sawtooth, [(1.3, 0.7)]);
    // Closed form at (1.3, 0.7): phase = 3.9 % 0.7 = 3.9 - 5 * 0.7, so
    // ∂/∂x = 2 phase * 3 + y and ∂/∂y = 2 phase * (-5) + x % 1.5.
    let (x, y) = (1.3_f64, 0.7_f64);
    let phase = (x * 3.0) % y;
    let (dx, dy) = gradient!(at: x, y, of: sawtooth);
    crate::assert_close(dx, 2.0 * phase * 3.0 + y);
    crate::assert_close(dy, 2.0 * phase * -5.0 + x % 1.5);
}

/// `%=` in a loop: the remainder's adjoint in a reversed counted loop.
#[differentiable]
fn wrapped_walk(x: f64, y: f64) -> f64 {
    let mut position = x;
    let mut total = 0.0;
    for k in 0..6 {
        position += y * (k as f64 + 1.0);
        position %= 2.5;
        total += position * position;
    }
    total
}

#[test]
fn remainder_assignments_in_a_loop() {
    check_idiom!(wrapped_walk, [(0.3, 0.37), (1.1, 0.21)]);
}

/// `rem_euclid`, `copysign` and `sin_cos` together.
#[differentiable]
fn angles(x: f64, y: f64) -> f64 {
    let wrapped = (x * y).rem_euclid(std::f64::consts::TAU);
    let (s, c) = wrapped.sin_cos();
    s * c + x.copysign(y) * y
}

#[test]
fn euclidean_remainder_sign_copy_and_sin_cos() {
    check_idiom!(angles, [(2.5, 3.1), (-1.4, 2.2), (0.8, -0.6)]);
    check_hessian!(angles, [(2.5, 3.1)]);
}

/// Angles in degrees: `to_radians` and `to_degrees`.
#[differentiable]
fn bearing(x: f64, y: f64) -> f64 {
    let heading = (x * 90.0).to_radians();
    (heading.sin() * y).atan2(heading.cos()).to_degrees()
}

#[test]
fn angles_in_degrees() {
    check_idiom!(bearing, [(0.3, 1.2), (1.4, 0.7)]);
    check_hessian!(bearing, [(0.3, 1.2)]);
}
