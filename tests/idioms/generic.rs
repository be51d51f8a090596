//! Generic numerical code over num-traits' `Float`, run at `f64` (against central
//! differences) and at `f32` (against the `f64` derivatives): activations, interpolation,
//! Newton, statistics over `&[T]`, Rosenbrock, quadrature over samples, a generic struct.

use crate::check::{check_hessian, check_idiom};
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};
use crate::{assert_close, assert_close_f32};
use ad::prelude::*;
use num_traits::Float;

/// At each point, the gradient of the generic `f` at `f32` agrees with its gradient at `f64`.
macro_rules! check_f32_against_f64 {
    ($f:ident, [$(($x:expr, $y:expr)),+ $(,)?]) => {$({
        let (x, y): (f64, f64) = ($x, $y);
        let (v64, (dx64, dy64)) = value_with_gradient!(at: x, y, of: $f);
        let (v32, (dx32, dy32)) = value_with_gradient!(at: x as f32, y as f32, of: $f);
        assert_close_f32(v32, v64 as f32);
        assert_close_f32(dx32, dx64 as f32);
        assert_close_f32(dy32, dy64 as f32);
    })+};
    ($f:ident, [$($x:expr),+ $(,)?]) => {$({
        let x: f64 = $x;
        let (v64, dx64) = value_with_gradient!(at: x, of: $f);
        let (v32, dx32) = value_with_gradient!(at: x as f32, of: $f);
        assert_close_f32(v32, v64 as f32);
        assert_close_f32(dx32, dx64 as f32);
    })+};
}

/// The logistic function.
#[differentiable]
fn logistic<T: Float>(x: T) -> T {
    T::one() / (T::one() + (-x).exp())
}

#[test]
fn a_generic_logistic() {
    check_idiom!(logistic, [0.3, -2.5, 4.0]);
    check_f32_against_f64!(logistic, [0.3, -2.5, 4.0]);
    for x in [0.3f64, -2.5] {
        let s = logistic(x);
        assert_close(gradient!(at: x, of: logistic), s * (1.0 - s));
    }
}

/// Softplus, switching to the identity for large inputs, literals by `T::from`.
#[differentiable]
fn softplus<T: Float>(x: T) -> T {
    if x > T::from(20.0).unwrap() {
        x
    } else {
        x.exp().ln_1p()
    }
}

#[test]
fn a_generic_softplus_with_a_branch() {
    check_idiom!(softplus, [0.3, -2.5, 25.0]);
    check_f32_against_f64!(softplus, [0.3, -2.5, 25.0]);
    assert_close(gradient!(at: 0.3, of: softplus), logistic(0.3));
}

/// Smoothstep of x between two edges, clamped by `max` and `min`.
#[differentiable]
fn smoothstep<T: Float>(edge: T, x: T) -> T {
    let t = ((x - edge) / (T::one() - edge))
        .max(T::zero())
        .min(T::one());
    let three = T::from(3.0).unwrap();
    let two = T::from(2.0).unwrap();
    t * t * (three - two * t)
}

#[test]
fn a_generic_smoothstep() {
    check_idiom!(
        smoothstep,
        [(0.2, 0.5), (-0.5, 0.1), (0.1, 1.5), (0.4, 0.0)]
    );
    check_f32_against_f64!(smoothstep, [(0.2, 0.5), (-0.5, 0.1)]);
}

/// Linear interpolation between two values.
#[differentiable]
fn lerp<T: Float>(a: T, b: T, t: T) -> T {
    a + (b - a) * t
}

#[differentiable]
fn blend<T: Float>(x: T, y: T) -> T {
    let half = T::from(0.5).unwrap();
    lerp(x.sin(), y * y, half) * lerp(x, y, x * y)
}

#[test]
fn generic_functions_calling_each_other() {
    check_idiom!(blend, [(0.7, 1.3), (-1.2, 0.4)]);
    check_hessian!(blend, [(0.7, 1.3)]);
    check_f32_against_f64!(blend, [(0.7, 1.3), (-1.2, 0.4)]);
}

/// √a by Newton's method, generic, a fixed number of steps.
#[differentiable]
fn newton_sqrt<T: Float>(a: T) -> T {
    let half = T::from(0.5).unwrap();
    let mut x = if a > T::one() { a } else { T::one() };
    for _ in 0..30 {
        x = half * (x + a / x);
    }
    x
}

#[test]
fn a_generic_newton_iteration() {
    check_idiom!(newton_sqrt, [0.3, 2.0, 50.0]);
    check_f32_against_f64!(newton_sqrt, [0.3, 2.0, 50.0]);
    assert_close(gradient!(at: 2.0, of: newton_sqrt), 0.5 / 2.0f64.sqrt());
}

/// The Rosenbrock function.
#[differentiable]
fn rosenbrock<T: Float>(x: T, y: T) -> T {
    let a = T::one();
    let b = T::from(100.0).unwrap();
    (a - x).powi(2) + b * (y - x * x).powi(2)
}

#[test]
fn a_generic_rosenbrock() {
    check_idiom!(rosenbrock, [(0.5, 1.3), (-1.2, 1.0)]);
    check_hessian!(rosenbrock, [(0.5, 1.3)]);
    check_f32_against_f64!(rosenbrock, [(0.5, 1.3)]);
    let (x, y) = (-1.2, 1.0);
    let (dx, dy) = gradient!(at: x, y, of: rosenbrock);
    assert_close(dx, -2.0 * (1.0 - x) - 400.0 * x * (y - x * x));
    assert_close(dy, 200.0 * (y - x * x));
}

/// The sample variance of a slice, two passes, generic.
#[differentiable]
fn variance<T: Float>(xs: &[T]) -> T {
    let n = T::from(xs.len()).unwrap();
    let mut mean = T::zero();
    for &x in xs {
        mean = mean + x;
    }
    mean = mean / n;
    let mut s = T::zero();
    for &x in xs {
        s = s + (x - mean) * (x - mean);
    }
    s / (n - T::one())
}

#[test]
fn a_generic_variance_over_a_slice() {
    let xs = [0.5, -1.2, 2.0, 0.3];
    let (value, g) = value_with_gradient!(at: &xs[..], of: variance);
    assert_close(value, variance(&xs));
    let mean = xs.iter().sum::<f64>() / 4.0;
    for (gi, x) in g.iter().zip(&xs) {
        assert_close(*gi, 2.0 * (x - mean) / 3.0);
    }
    let xs32 = xs.map(|x| x as f32);
    let g32 = gradient!(at: &xs32[..], of: variance);
    for (a, b) in g32.iter().zip(&g) {
        assert_close_f32(*a, *b as f32);
    }
}

/// The trapezoid rule over evenly spaced samples, generic.
#[differentiable]
fn trapezoid_samples<T: Float>(ys: &[T], h: T) -> T {
    let half = T::from(0.5).unwrap();
    let n = ys.len();
    let mut s = half * (ys[0] + ys[n - 1]);
    for i in 1..n - 1 {
        s = s + ys[i];
    }
    s * h
}

#[differentiable]
fn sampled_area<T: Float>(x: T, y: T) -> T {
    let mut samples = Vec::new();
    for k in 0..9 {
        let t = T::from(k).unwrap() * T::from(0.125).unwrap();
        samples.push((x * t).sin() + y * t * t);
    }
    trapezoid_samples(&samples, T::from(0.125).unwrap())
}

#[test]
fn generic_quadrature_over_samples() {
    check_idiom!(sampled_area, [(0.7, 1.3), (-2.0, 0.5)]);
    check_hessian!(sampled_area, [(0.7, 1.3)]);
    check_f32_against_f64!(sampled_area, [(0.7, 1.3)]);
}

/// A dot product by `zip` and `fold`, generic.
#[differentiable]
fn dot<T: Float>(a: &[T], b: &[T]) -> T {
    a.iter()
        .zip(b.iter())
        .fold(T::zero(), |acc, (&p, &q)| acc + p * q)
}

#[differentiable]
fn cosine_similarity<T: Float>(x: T, y: T) -> T {
    let a = vec![x, T::one(), y];
    let b = vec![y * y, x, T::from(2.0).unwrap()];
    dot(&a, &b) / (dot(&a, &a) * dot(&b, &b)).sqrt()
}

#[test]
fn a_generic_fold_over_zipped_slices() {
    check_idiom!(cosine_similarity, [(0.7, 1.3), (-1.2, 0.4)]);
    check_hessian!(cosine_similarity, [(0.7, 1.3)]);
    check_f32_against_f64!(cosine_similarity, [(0.7, 1.3)]);
}

/// A polynomial Σ cₖ xᵏ by `powi` over `enumerate`, generic.
#[differentiable]
fn poly<T: Float>(x: T, coeffs: &[T]) -> T {
    let mut total = T::zero();
    for (k, &c) in coeffs.iter().enumerate() {
        total = total + c * x.powi(k as i32);
    }
    total
}

#[test]
fn a_generic_polynomial_by_powi() {
    let c = [1.0, -0.5, 0.25, 2.0];
    for x in [0.7f64, -1.3] {
        let (dx, dc) = gradient!(at: x, &c[..], of: poly);
        assert_close(dx, -0.5 + 0.5 * x + 6.0 * x * x);
        crate::assert_all_close(&dc, &[1.0, x, x * x, x * x * x]);
        let c32 = c.map(|v| v as f32);
        let (dx32, _) = gradient!(at: x as f32, &c32[..], of: poly);
        assert_close_f32(dx32, dx as f32);
    }
}

/// A generic struct with a method in a generic `impl` block.
#[derive(Differentiable, Clone, Copy, Debug)]
pub struct Pair<T> {
    pub a: T,
    pub b: T,
}

#[differentiable]
impl<T: Float> Pair<T> {
    pub fn geometric_mean(&self) -> T {
        (self.a * self.b).sqrt()
    }

    pub fn swapped(&self) -> Pair<T> {
        Pair {
            a: self.b,
            b: self.a,
        }
    }
}

#[differentiable]
fn pair_means<T: Float>(x: T, y: T) -> T {
    let p = Pair { a: x, b: y * y };
    p.geometric_mean() + p.swapped().a
}

#[test]
fn a_generic_struct_with_a_generic_impl() {
    check_idiom!(pair_means, [(0.7, 1.3), (2.0, -0.4)]);
    check_hessian!(pair_means, [(0.7, 1.3)]);
    check_f32_against_f64!(pair_means, [(0.7, 1.3), (2.0, -0.4)]);
}

/// The tanh approximation of GELU, generic, constants by `T::from`.
#[differentiable]
fn gelu<T: Float>(x: T) -> T {
    let c = T::from((2.0 / std::f64::consts::PI).sqrt()).unwrap();
    let k = T::from(0.044715).unwrap();
    let half = T::from(0.5).unwrap();
    half * x * (T::one() + (c * (x + k * x * x * x)).tanh())
}

#[test]
fn a_generic_gelu() {
    check_idiom!(gelu, [0.3, -1.5, 2.5]);
    check_f32_against_f64!(gelu, [0.3, -1.5, 2.5]);
}

/// A generic function that computes in `f64`, as `argmin_testfunctions`' `cross_in_tray`
/// does: `x.into()` to `f64`, then `T::from_f64(..).unwrap()` and `T::from(..).unwrap()`
/// back; each conversion carries the derivative.
#[differentiable]
fn through_f64<T: Float + Into<f64> + num_traits::FromPrimitive>(x: T) -> T {
    let w: f64 = x.into();
    let back = T::from_f64(w.sin() * w).unwrap();
    back + T::from(0.5 * w).unwrap()
}

#[test]
fn conversions_through_f64() {
    check_idiom!(through_f64, [0.3, -1.2, 2.5]);
    for x in [0.3f64, -1.2] {
        assert_close(
            gradient!(at: x, of: through_f64),
            x.sin() + x * x.cos() + 0.5,
        );
    }
    let at_f32 = gradient!(at: 0.3f32, of: through_f64);
    assert_close_f32(at_f32, (0.3f64.sin() + 0.3 * 0.3f64.cos() + 0.5) as f32);
}

/// A float trait's methods called by the trait's path (`Float::cos(t)`, `<T as Float>::sqrt`).
#[differentiable]
fn by_trait_path<T: Float>(t: T) -> T {
    num_traits::Float::cos(t) * t + <T as Float>::sqrt(t) + Float::powi(t, 2)
}

#[test]
fn float_methods_by_the_traits_path() {
    check_idiom!(by_trait_path, [0.7, 2.5]);
    check_f32_against_f64!(by_trait_path, [0.7, 2.5]);
    for x in [0.7f64, 2.5] {
        assert_close(
            gradient!(at: x, of: by_trait_path),
            x.cos() - x * x.sin() + 0.5 / x.sqrt() + 2.0 * x,
        );
    }
}

/// A type of the user's that converts into `f64` through std's `From`.
#[derive(Clone, Copy)]
struct Meters(f64);

impl From<Meters> for f64 {
    fn from(m: Meters) -> f64 {
        m.0
    }
}

/// `f64::from(..)` of an `f32` (a derivative flows) and of the user's type (a constant),
/// and `.into()` of both.
#[differentiable(wrt = x)]
fn widened(x: f32, scale: Meters) -> f64 {
    let s: f64 = scale.into();
    let w: f64 = x.into();
    f64::from(x) * f64::from(scale) + w * s
}

#[test]
fn std_conversions_into_f64() {
    let report = check_gradient!(at: 0.3f32, of: |x: f32| widened(x, Meters(2.5)));
    assert!(report.is_ok(), "{:?}", report.err());
    assert_close(
        gradient!(at: 0.3f32, of: |x: f32| widened(x, Meters(2.5))) as f64,
        5.0,
    );
}

/// Sums typed by their `let`s in a generic function: one at the type parameter, one at `f64`.
#[differentiable]
fn typed_sums<T: Float + std::iter::Sum>(param: &[T], w: &[f64]) -> T {
    let s: f64 = w.iter().map(|x| x * 2.0).sum();
    let t: T = param.iter().map(|x| *x * *x).sum();
    t * T::from(s).unwrap()
}

#[test]
fn sums_typed_by_their_lets() {
    let (p, w) = ([1.0, -2.0], [0.5, 1.5]);
    let report = check_gradient!(at: &p[..], &w[..], of: typed_sums::<f64>);
    assert!(report.is_ok(), "{:?}", report.err());
    // (p0² + p1²) · 2 (w0 + w1): 2 p · 4 and 5 · 2 per weight.
    let (dp, dw) = gradient!(at: &p[..], &w[..], of: typed_sums::<f64>);
    crate::assert_all_close(&dp, &[8.0, -16.0]);
    crate::assert_all_close(&dw, &[10.0, 10.0]);
}

/// num-traits' `FloatConst` constants, which are functions named as constants: `F::PI()`,
/// `f64::FRAC_PI_2()`; not tuple structs of no fields.
#[differentiable]
fn phase<F: Float + num_traits::FloatConst>(t: F) -> F {
    (t * F::PI()).sin() + t * F::SQRT_2()
}

#[differentiable]
fn phase64(t: f64) -> f64 {
    use num_traits::FloatConst;
    (t * f64::FRAC_PI_2()).cos() * f64::E()
}

#[test]
fn float_constants_as_functions() {
    use std::f64::consts::{E, FRAC_PI_2, PI, SQRT_2};
    for t in [0.25, -0.7] {
        assert_close(gradient!(at: t, of: phase), PI * (t * PI).cos() + SQRT_2);
        assert_close(
            gradient!(at: t, of: phase64),
            -FRAC_PI_2 * (t * FRAC_PI_2).sin() * E,
        );
        let d32 = gradient!(at: t as f32, of: phase);
        assert_close_f32(d32, (PI * (t * PI).cos() + SQRT_2) as f32);
    }
    check_idiom!(phase64, [0.3, 1.1]);
}
