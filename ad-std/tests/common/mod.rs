//! Shared checks of the rule tests: one generic [`check`] compares a rule's value with the
//! std result (bit for bit), its pullback with a closed-form gradient (several cotangents),
//! the pullback's linearity, and (for `f64`) central finite differences of the std function.
#![allow(dead_code)]

use ad_core::NoTangent;
use ad_core::check::{central_difference_gradient, close};
use std::fmt::Debug;

/// Cotangents the checks feed to pullbacks.
pub const COTANGENTS: [f64; 3] = [1.0, -0.5, 3.0];
/// Tolerance of finite differences against the rules (f64 only).
pub const FD_TOLERANCE: f64 = 1e-6;

/// `f32` or `f64`, as the checks need them.
pub trait Scalar: Copy + Debug + PartialEq + Into<f64> + Cotangents + 'static {
    /// Tolerance of the rule (computed in `Self`) against the closed form (computed in f64).
    const TOLERANCE: f64;
    /// Whether to compare with finite differences (of the f64 function only).
    const FINITE_DIFFERENCES: bool;
    /// `v` rounded to `Self`.
    fn of(v: f64) -> Self;
}

impl Scalar for f64 {
    const TOLERANCE: f64 = 1e-12;
    const FINITE_DIFFERENCES: bool = true;
    fn of(v: f64) -> Self {
        v
    }
}

impl Scalar for f32 {
    const TOLERANCE: f64 = 2e-5;
    const FINITE_DIFFERENCES: bool = false;
    fn of(v: f64) -> Self {
        v as f32
    }
}

/// What a pullback returns, flattened to f64 (`NoTangent` components are dropped).
pub trait Cotangents {
    /// The cotangents in operand order.
    fn to_vec(self) -> Vec<f64>;
}

impl Cotangents for f64 {
    fn to_vec(self) -> Vec<f64> {
        vec![self]
    }
}

impl Cotangents for f32 {
    fn to_vec(self) -> Vec<f64> {
        vec![self.into()]
    }
}

impl<T: Scalar> Cotangents for (T,) {
    fn to_vec(self) -> Vec<f64> {
        vec![self.0.into()]
    }
}

impl<T: Scalar> Cotangents for (T, T) {
    fn to_vec(self) -> Vec<f64> {
        vec![self.0.into(), self.1.into()]
    }
}

impl<T: Scalar> Cotangents for (T, T, T) {
    fn to_vec(self) -> Vec<f64> {
        vec![self.0.into(), self.1.into(), self.2.into()]
    }
}

impl<T: Scalar> Cotangents for (T, NoTangent) {
    fn to_vec(self) -> Vec<f64> {
        vec![self.0.into()]
    }
}

/// Asserts that `actual` and `expected` are the same float, bit for bit.
#[track_caller]
pub fn assert_bits<T: Scalar>(what: &str, actual: T, expected: T) {
    let (a, e): (f64, f64) = (actual.into(), expected.into());
    assert_eq!(
        a.to_bits(),
        e.to_bits(),
        "{what}: got {a:e}, expected {e:e}"
    );
}

/// Asserts that `actual` and `expected` agree to `tolerance` (relative, absolute below 1).
#[track_caller]
pub fn assert_close(what: &str, actual: f64, expected: f64, tolerance: f64) {
    assert!(
        close(actual, expected, tolerance),
        "{what}: got {actual:e}, expected {expected:e}"
    );
}

/// Checks a rule with `N` operands at every point of `points`: the value is the std value
/// `f` bit for bit; the pullback of each cotangent `d` is `d * gradient` (the closed form,
/// evaluated in f64 at the point as represented in `T`); the pullback is linear
/// (`pullback(2d) == 2 pullback(d)` exactly); and, for f64, the pullback of 1 matches central
/// finite differences of `f`.
#[track_caller]
pub fn check<T: Scalar, const N: usize, C: Cotangents, P: Fn(T) -> C>(
    name: &str,
    rule: impl Fn([T; N]) -> (T, P),
    f: impl Fn([T; N]) -> T,
    gradient: impl Fn([f64; N]) -> [f64; N],
    points: &[[f64; N]],
) {
    assert!(!points.is_empty());
    for point in points {
        let x: [T; N] = point.map(T::of);
        let at: [f64; N] = x.map(Into::into);
        let what = format!("{name} at {at:?} ({})", std::any::type_name::<T>());
        let (value, pullback) = rule(x);
        assert_bits(&format!("value of {what}"), value, f(x));
        let expected = gradient(at);
        for d in COTANGENTS {
            let got = pullback(T::of(d)).to_vec();
            assert_eq!(got.len(), N, "{what}: one cotangent per operand");
            for i in 0..N {
                let context = format!("cotangent {i} of {what}, d = {d}");
                assert_close(&context, got[i], d * expected[i], T::TOLERANCE);
            }
            let doubled = pullback(T::of(2.0 * d)).to_vec();
            for i in 0..N {
                assert_eq!(
                    doubled[i],
                    2.0 * got[i],
                    "linearity of cotangent {i} of {what}"
                );
            }
        }
        if T::FINITE_DIFFERENCES {
            let differences = central_difference_gradient(
                |p| f(std::array::from_fn(|i| T::of(p[i]))).into(),
                &at,
            );
            let got = pullback(T::of(1.0)).to_vec();
            for i in 0..N {
                let context = format!("cotangent {i} of {what} against finite differences");
                assert_close(&context, got[i], differences[i], FD_TOLERANCE);
            }
        }
    }
}

/// Asserts that `actual` is within `tolerance` of `expected` relative to `expected` itself,
/// however small (unlike [`assert_close`], which is absolute below 1): for slopes like
/// `e^-40 = 4e-18`, where an absolute tolerance would accept 0.
#[track_caller]
pub fn assert_relative(what: &str, actual: f64, expected: f64, tolerance: f64) {
    assert!(
        (actual - expected).abs() <= tolerance * expected.abs(),
        "{what}: got {actual:e}, expected {expected:e} (relative error {:e})",
        ((actual - expected) / expected).abs()
    );
}
