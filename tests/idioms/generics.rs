//! Generic code over `T: Float` (num-traits), at `f32` and `f64`: `T::zero()` and the
//! float methods of the user's bound, loops over `&[T]`.

use ad::prelude::*;
use num_traits::Float;

/// Horner's rule over `coeffs.iter().rev()`, generic.
#[differentiable]
fn horner<T: Float>(x: T, coeffs: &[T]) -> T {
    let mut acc = T::zero();
    for &c in coeffs.iter().rev() {
        acc = acc * x + c;
    }
    acc
}

/// A generic smooth function with a loop over a slice and methods of `Float`.
#[differentiable]
fn soft_norm<T: Float>(xs: &[T], scale: T) -> T {
    let mut s = T::zero();
    for &x in xs {
        s = s + (x * scale).tanh() * x;
    }
    (s + T::one()).ln()
}

#[test]
fn horner_at_f64_and_f32() {
    let coeffs = [0.5, -1.0, 2.0, 0.25];
    for x in [0.7_f64, -1.3] {
        let (dx, dc) = gradient!(at: x, &coeffs[..], of: horner);
        // Closed form: p'(x) = c1 + 2 c2 x + 3 c3 x², ∂p/∂c_k = x^k.
        crate::assert_close(dx, -1.0 + 2.0 * 2.0 * x + 3.0 * 0.25 * x * x);
        crate::assert_all_close(&dc, &[1.0, x, x * x, x * x * x]);
        crate::assert_deriv_fd(
            |t| horner(t, &coeffs),
            x,
            differentiate!(at: x, of: |t: f64| horner(t, &coeffs)),
        );
    }
    let coeffs32 = [0.5_f32, -1.0, 2.0, 0.25];
    let (dx, _) = gradient!(at: 0.7_f32, &coeffs32[..], of: horner);
    crate::assert_close_f32(dx, -1.0 + 2.0 * 2.0 * 0.7 + 3.0 * 0.25 * 0.49);
}

#[test]
fn a_generic_loop_at_f64_and_f32() {
    let xs = [0.3, -0.8, 1.2];
    let (value, (dxs, dscale)) = value_with_gradient!(at: &xs[..], 0.9, of: soft_norm);
    crate::assert_close(value, soft_norm(&xs, 0.9));
    crate::assert_grad_fd(|p| soft_norm(p, 0.9), &xs, &dxs);
    crate::assert_deriv_fd(|s| soft_norm(&xs, s), 0.9, dscale);
    let xs32 = [0.3_f32, -0.8, 1.2];
    let (dxs32, dscale32) = gradient!(at: &xs32[..], 0.9_f32, of: soft_norm);
    assert_f32_matches_f64((&dxs32, dscale32), (&dxs, dscale));
}

/// Chains summed and multiplied at a type parameter (`sum::<T>()`, `product::<T>()`).
#[differentiable]
fn generic_chains<T: Float + std::iter::Sum + std::iter::Product>(xs: &[T], s: T) -> T {
    let norm = xs.iter().map(|&x| x * x).sum::<T>().sqrt();
    let scaled = xs.iter().map(|&x| (x * s).sin()).product::<T>();
    norm * s + scaled
}

#[test]
fn generic_sums_and_products() {
    let xs = [0.3, -0.8, 1.2];
    let (value, (dxs, ds)) = value_with_gradient!(at: &xs[..], 0.9, of: generic_chains);
    crate::assert_close(value, generic_chains(&xs, 0.9));
    crate::assert_grad_fd(|p| generic_chains(p, 0.9), &xs, &dxs);
    crate::assert_deriv_fd(|s| generic_chains(&xs, s), 0.9, ds);
    let xs32 = [0.3_f32, -0.8, 1.2];
    let (dxs32, ds32) = gradient!(at: &xs32[..], 0.9_f32, of: generic_chains);
    assert_f32_matches_f64((&dxs32, ds32), (&dxs, ds));
    // Empty: the sum of no items is zero, their product one.
    let (dxs, ds) = gradient!(at: &[][..], 0.9, of: generic_chains);
    assert!(dxs.is_empty());
    assert_eq!(ds, 0.0);
}

/// The gradient of a generic function at `f32` against the one at `f64` (itself checked
/// against central differences), component by component: the same code at a narrower type.
fn assert_f32_matches_f64(at_f32: (&[f32], f32), at_f64: (&[f64], f64)) {
    assert_eq!(at_f32.0.len(), at_f64.0.len());
    for (a, b) in at_f32.0.iter().zip(at_f64.0) {
        crate::assert_close_f32(*a, *b as f32);
    }
    crate::assert_close_f32(at_f32.1, at_f64.1 as f32);
}
