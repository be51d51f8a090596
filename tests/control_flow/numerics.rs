//! Small numeric programs: Newton's method for √a and ∛a, Horner's scheme, a softmax
//! cross-entropy written with loops, bisection, and clamping with `min`/`max` in a loop.

use crate::{
    ITERATED, assert_all_close, assert_close, assert_close_tol, assert_deriv_fd, assert_grad_fd,
};
use ad::prelude::*;
// The suite's operators, which also check forward mode against reverse mode.
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};

/// √a by Newton's method with a data-dependent stopping rule.
#[differentiable]
fn newton_sqrt(a: f64) -> f64 {
    let mut x = if a > 1.0 { a } else { 1.0 };
    let mut i = 0;
    while (x * x - a).abs() > 1e-14 * a && i < 100 {
        x = 0.5 * (x + a / x);
        i += 1;
    }
    x
}

#[test]
fn newton_square_root() {
    // d/da √a = 1 / (2√a)
    for &a in &[0.01, 0.5, 2.0, 9.0, 1234.5] {
        let (value, da) = value_with_gradient!(at: a, of: newton_sqrt);
        assert_eq!(value, newton_sqrt(a));
        assert_close_tol(value, a.sqrt(), 1e-13);
        assert_close_tol(da, 0.5 / a.sqrt(), ITERATED);
    }
}

/// ∛a by a fixed number of Newton steps x ← x - (x³ - a) / 3x².
#[differentiable]
fn newton_cbrt(a: f64) -> f64 {
    let mut x = 1.0;
    for _ in 0..60 {
        x = x - (x * x * x - a) / (3.0 * x * x);
    }
    x
}

#[test]
fn newton_cube_root() {
    // d/da ∛a = a^{-2/3} / 3
    for &a in &[-27.0f64, -0.3, 0.2, 8.0, 100.0] {
        let (value, da) = value_with_gradient!(at: a, of: newton_cbrt);
        assert_eq!(value, newton_cbrt(a));
        assert_close_tol(value, a.cbrt(), 1e-13);
        assert_close_tol(da, 1.0 / (3.0 * a.cbrt() * a.cbrt()), ITERATED);
    }
}

/// A polynomial Σ cᵢ xⁱ by Horner's scheme, reading the coefficients by index.
#[differentiable]
fn horner(c: &[f64], x: f64) -> f64 {
    let mut acc = 0.0;
    let n = c.len();
    for i in (0..n).rev() {
        acc = acc * x + c[i];
    }
    acc
}

#[test]
fn horner_polynomial() {
    // ∂cᵢ = xⁱ, ∂x = Σ i cᵢ xⁱ⁻¹
    let c = [2.0, -1.0, 0.5, 3.0, -0.25];
    for &x in &[-1.5f64, 0.3, 2.0] {
        let (value, (dc, dx)) = value_with_gradient!(at: &c[..], x, of: horner);
        assert_eq!(value, horner(&c, x));
        let want_c: Vec<f64> = (0..5).map(|i| x.powi(i)).collect();
        assert_all_close(&dc, &want_c);
        assert_close(
            dx,
            (1..5).map(|i| i as f64 * c[i] * x.powi(i as i32 - 1)).sum(),
        );
    }
}

/// Softmax cross-entropy of logits against a target class, written with loops:
/// log Σ exp(zᵢ - m) + m - z_t, with m the maximum found by `max` in a loop.
#[differentiable]
fn softmax_cross_entropy(z: &[f64], target: usize) -> f64 {
    let mut m = z[0];
    for &v in z.iter() {
        m = m.max(v);
    }
    let mut total = 0.0;
    for v in z.iter() {
        total += (v - m).exp();
    }
    let mut picked = 0.0;
    for (i, v) in z.iter().enumerate() {
        if i == target {
            picked = *v;
        }
    }
    total.ln() + m - picked
}

#[test]
fn softmax_cross_entropy_loss() {
    // ∂zᵢ = softmax(z)ᵢ - [i = t]
    let z = [1.0, -0.5, 3.0, 0.2, 2.9];
    for target in [0usize, 2, 4] {
        let (value, (dz, _)) = value_with_gradient!(at: &z[..], target, of: softmax_cross_entropy);
        assert_eq!(value, softmax_cross_entropy(&z, target));
        let total: f64 = z.iter().map(|v| v.exp()).sum();
        assert_close_tol(value, total.ln() - z[target], 1e-14);
        let want: Vec<f64> = z
            .iter()
            .enumerate()
            .map(|(i, v)| v.exp() / total - if i == target { 1.0 } else { 0.0 })
            .collect();
        assert_all_close(&dz, &want);
    }
}

/// Bisection for the root of t³ + t - a on [lo, hi], finished by a secant step between the
/// bracket's ends: the result depends smoothly on a between bisection decisions.
#[differentiable]
fn bisect_root(a: f64) -> f64 {
    let mut lo = -10.0;
    let mut hi = 10.0;
    for _ in 0..30 {
        let mid = 0.5 * (lo + hi);
        if mid * mid * mid + mid - a > 0.0 {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    let glo = lo * lo * lo + lo - a;
    let ghi = hi * hi * hi + hi - a;
    lo - glo * (hi - lo) / (ghi - glo)
}

#[test]
fn bisection_with_secant_finish() {
    // The bracket [lo, hi] is constant in a between decisions, so with G(t) = t³ + t,
    // f = lo - (G(lo) - a)(hi - lo) / (G(hi) - G(lo)) and ∂f/∂a = (hi - lo) / (G(hi) - G(lo)),
    // the slope of the secant of G over a bracket of width 2e-8: the implicit derivative
    // 1 / G'(t) = 1 / (3t² + 1) at the root to about 1e-7.
    for &a in &[-5.3, 0.77, 2.0, 30.1] {
        let (value, da) = value_with_gradient!(at: a, of: bisect_root);
        assert_eq!(value, bisect_root(a));
        assert_deriv_fd(bisect_root, a, da);
        assert_close_tol(da, 1.0 / (3.0 * value * value + 1.0), 1e-6);
        assert_close_tol(value * value * value + value, a, 1e-12);
    }
}

/// A projected iteration: v ← clamp(v·a + xᵢ, lo, hi) with `min`/`max`, then `clamp`.
#[differentiable]
fn clamped_scan(xs: &[f64], a: f64) -> f64 {
    let mut v = 0.0;
    let mut s = 0.0;
    for &x in xs.iter() {
        v = (v * a + x).max(-1.0).min(1.0);
        s += v * v;
    }
    s + (v * 3.0).clamp(-0.5, 0.5)
}

#[test]
fn clamp_with_min_max_inside_loop() {
    // with a = 0.5 the last v = 0.05 is inside the final clamp, otherwise it saturates
    let xs = [0.3, 0.9, -2.5, 0.2, 0.4, 1.8, -0.45];
    for &a in &[0.5, 0.9, -0.4] {
        let (value, (dxs, da)) = value_with_gradient!(at: &xs[..], a, of: clamped_scan);
        assert_eq!(value, clamped_scan(&xs, a));
        let mut got = dxs.clone();
        got.push(da);
        assert_grad_fd(
            |p| clamped_scan(&p[..7], p[7]),
            &crate::concat(&xs, &[a]),
            &got,
        );
    }
    // xs = (0.5, 2.0), a = 0.5: v₁ = 0.5, v₂ = min(2.25, 1) = 1 (clamped: no adjoint),
    // f = v₁² + 1 + clamp(3, ..) = 0.25 + 1 + 0.5: ∂x₀ = 2v₁ = 1, ∂x₁ = 0, ∂a = 0
    let (dxs, da) = gradient!(at: &[0.5, 2.0][..], 0.5, of: clamped_scan);
    assert_all_close(&dxs, &[1.0, 0.0]);
    assert_close(da, 0.0);
}

/// Gradient descent on (t - a)² for a fixed number of steps: the result is a linear function
/// of a and of the step size's powers.
#[differentiable]
fn descend(a: f64, lr: f64) -> f64 {
    let mut t = 0.0;
    for _ in 0..25 {
        let grad = 2.0 * (t - a);
        t -= lr * grad;
    }
    t
}

#[test]
fn unrolled_gradient_descent() {
    // t_k = a (1 - (1 - 2lr)^k): ∂a = 1 - (1 - 2lr)^25, ∂lr = 50 a (1 - 2lr)^24
    for &(a, lr) in &[(1.7f64, 0.1f64), (-0.4, 0.03), (2.5, 0.6)] {
        let (value, (da, dlr)) = value_with_gradient!(at: a, lr, of: descend);
        assert_eq!(value, descend(a, lr));
        let q = 1.0 - 2.0 * lr;
        assert_all_close(&[da, dlr], &[1.0 - q.powi(25), 50.0 * a * q.powi(24)]);
        assert_grad_fd(|p| descend(p[0], p[1]), &[a, lr], &[da, dlr]);
    }
}

/// Projected gradient descent on (t - a)² + 0.5 t⁴ in the box [lo, hi]: `max`/`min` applied in
/// every step to a value carried from a parameter.
#[differentiable]
fn box_descent(t0: f64, a: f64, lo: f64, hi: f64) -> f64 {
    let mut t = t0;
    for _ in 0..120 {
        let grad = 2.0 * (t - a) + 2.0 * t * t * t;
        t = (t - 0.1 * grad).max(lo).min(hi);
    }
    t
}

#[test]
fn projected_descent_with_min_max_inside_loop() {
    // Interior optimum (|a| small): t solves t - a + t³ = 0, so ∂t/∂a = 1 / (1 + 3t²) and the
    // start and the bounds get no adjoint. At an active bound the result is that bound.
    let (value, (d0, da, dlo, dhi)) =
        value_with_gradient!(at: 0.9, 0.5, -1.0, 1.0, of: box_descent);
    assert_eq!(value, box_descent(0.9, 0.5, -1.0, 1.0));
    assert_close_tol(value - 0.5 + value.powi(3), 0.0, 1e-12);
    assert_close_tol(da, 1.0 / (1.0 + 3.0 * value * value), 1e-9);
    assert_close_tol(d0, 0.0, 1e-9);
    assert_all_close(&[dlo, dhi], &[0.0, 0.0]);
    // a = 3 pushes t against hi = 0.8: f = hi
    let (value, (d0, da, dlo, dhi)) =
        value_with_gradient!(at: 0.0, 3.0, -1.0, 0.8, of: box_descent);
    assert_eq!(value, 0.8);
    assert_all_close(&[d0, da, dlo, dhi], &[0.0, 0.0, 0.0, 1.0]);
    // a = -3 against lo = -0.5
    let (value, (d0, da, dlo, dhi)) =
        value_with_gradient!(at: 0.3, -3.0, -0.5, 1.0, of: box_descent);
    assert_eq!(value, -0.5);
    assert_all_close(&[d0, da, dlo, dhi], &[0.0, 0.0, 1.0, 0.0]);
    // other starts and optima: finite differences
    for &(t0, a) in &[(0.9, 0.5), (-0.2, 0.7), (0.95, -0.3)] {
        let (value, (d0, da, dlo, dhi)) =
            value_with_gradient!(at: t0, a, -1.0, 1.0, of: box_descent);
        assert_eq!(value, box_descent(t0, a, -1.0, 1.0));
        assert_grad_fd(
            |p| box_descent(p[0], p[1], p[2], p[3]),
            &[t0, a, -1.0, 1.0],
            &[d0, da, dlo, dhi],
        );
    }
}
