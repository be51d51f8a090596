//! Small numerical methods written as a Rust programmer writes them: quadrature rules
//! (trapezoid, Simpson, Gauss-Legendre with array literals of nodes), Newton iterations
//! (Kepler's equation, Lambert's W, a bracketed root polished by a Newton step), fixed
//! points, compensated and streaming sums (Kahan, Welford, an exponential moving average),
//! Horner at `f32` and `f64`, Clenshaw's recurrence, a power iteration, RK4, matrices as
//! `Vec<Vec<f64>>` and `[[f64; 3]; 3]`, Gaussian elimination with pivoting, a softmax.

use crate::check::{check_hessian, check_idiom, check_slice_hessian, check_slice_idiom};
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};
use crate::{ITERATED, assert_all_close, assert_close, assert_close_tol, assert_grad_fd};
use ad::prelude::*;
use std::f64::consts::PI;

/// The trapezoid rule for ∫₀ʸ sin(x t) dt, end points weighted by `||`.
#[differentiable]
fn trapezoid(x: f64, y: f64) -> f64 {
    let n = 64;
    let h = y / n as f64;
    let mut s = 0.0;
    for i in 0..=n {
        let t = i as f64 * h;
        let w = if i == 0 || i == n { 0.5 } else { 1.0 };
        s += w * (x * t).sin();
    }
    s * h
}

#[test]
fn the_trapezoid_rule() {
    check_idiom!(trapezoid, [(0.7, 1.3), (-1.2, 2.5)]);
    check_hessian!(trapezoid, [(0.7, 1.3)]);
    // d/dy ∫₀ʸ sin(x t) dt = sin(x y), up to the rule's error.
    let (_, dy) = gradient!(at: 0.7, 1.3, of: trapezoid);
    assert_close_tol(dy, (0.7f64 * 1.3).sin(), 1e-3);
}

/// Simpson's rule for ∫₀ʸ e^(x t) dt, with weights 4, 2, 4, ... chosen by `%`.
#[differentiable]
fn simpson(x: f64, y: f64) -> f64 {
    let n = 20;
    let h = y / n as f64;
    let mut s = 1.0 + (x * y).exp();
    for i in 1..n {
        let w = if i % 2 == 1 { 4.0 } else { 2.0 };
        s += w * (x * i as f64 * h).exp();
    }
    s * h / 3.0
}

#[test]
fn simpsons_rule() {
    check_idiom!(simpson, [(0.5, 1.0), (-1.5, 0.8)]);
    check_hessian!(simpson, [(0.5, 1.0)]);
    // ∫₀ʸ e^(xt) dt = (e^(xy) - 1) / x: ∂y = e^(xy), ∂x = (y e^(xy) x - e^(xy) + 1) / x².
    let (x, y) = (0.5f64, 1.0f64);
    let (dx, dy) = gradient!(at: x, y, of: simpson);
    let e = (x * y).exp();
    assert_close_tol(dy, e, 1e-6);
    assert_close_tol(dx, (y * e * x - e + 1.0) / (x * x), 1e-6);
}

/// Three-point Gauss-Legendre on [0, y]: nodes and weights as array literals, exact for
/// polynomials of degree 5.
#[differentiable]
fn gauss_legendre(x: f64, y: f64) -> f64 {
    let nodes = [-(0.6f64).sqrt(), 0.0, (0.6f64).sqrt()];
    let weights = [5.0 / 9.0, 8.0 / 9.0, 5.0 / 9.0];
    let half = 0.5 * y;
    let mut total = 0.0;
    for i in 0..3 {
        let t = half * (nodes[i] + 1.0);
        total += weights[i] * (x * t * t + t.powi(5));
    }
    total * half
}

#[test]
fn gauss_legendre_with_literal_nodes() {
    check_idiom!(gauss_legendre, [(0.7, 1.3), (-2.0, 0.6)]);
    check_hessian!(gauss_legendre, [(0.7, 1.3)]);
    // Exact: ∫₀ʸ x t² + t⁵ dt = x y³ / 3 + y⁶ / 6.
    for (x, y) in [(0.7f64, 1.3f64), (-2.0, 0.6)] {
        let (dx, dy) = gradient!(at: x, y, of: gauss_legendre);
        assert_close_tol(dx, y.powi(3) / 3.0, ITERATED);
        assert_close_tol(dy, x * y * y + y.powi(5), ITERATED);
    }
}

/// Composite two-point Gauss-Legendre over `m` panels, nodes and weights zipped.
#[differentiable]
fn gauss_composite(x: f64, y: f64) -> f64 {
    let nodes = [-1.0 / 3.0f64.sqrt(), 1.0 / 3.0f64.sqrt()];
    let weights = [1.0, 1.0];
    let m = 8;
    let width = y / m as f64;
    let mut total = 0.0;
    for panel in 0..m {
        let mid = (panel as f64 + 0.5) * width;
        for (&u, &w) in nodes.iter().zip(weights.iter()) {
            let t = mid + 0.5 * width * u;
            total += w * (x * t).cos();
        }
    }
    total * 0.5 * width
}

#[test]
fn composite_gauss_legendre_zipping_nodes_and_weights() {
    check_idiom!(gauss_composite, [(0.9, 1.7), (2.0, -0.5)]);
    check_hessian!(gauss_composite, [(0.9, 1.7)]);
    // ∫₀ʸ cos(x t) dt = sin(x y) / x: ∂y = cos(x y).
    let (_, dy) = gradient!(at: 0.9, 1.7, of: gauss_composite);
    assert_close_tol(dy, (0.9f64 * 1.7).cos(), 1e-5);
}

/// Kepler's equation E - e sin E = M by Newton's method, stopping when the step is tiny.
#[differentiable]
fn eccentric_anomaly(mean_anomaly: f64, e: f64) -> f64 {
    let mut big_e = mean_anomaly;
    for _ in 0..50 {
        let step = (big_e - e * big_e.sin() - mean_anomaly) / (1.0 - e * big_e.cos());
        big_e -= step;
        if step.abs() < 1e-15 {
            break;
        }
    }
    big_e
}

#[test]
fn newton_on_keplers_equation() {
    check_idiom!(eccentric_anomaly, [(1.2, 0.3), (2.5, 0.7), (-0.4, 0.1)]);
    // Implicit derivatives: ∂E/∂M = 1 / (1 - e cos E), ∂E/∂e = sin E / (1 - e cos E).
    for (m, e) in [(1.2f64, 0.3f64), (2.5, 0.7)] {
        let (big_e, (dm, de)) = value_with_gradient!(at: m, e, of: eccentric_anomaly);
        assert_close_tol(big_e - e * big_e.sin(), m, 1e-13);
        let denominator = 1.0 - e * big_e.cos();
        assert_close_tol(dm, 1.0 / denominator, ITERATED);
        assert_close_tol(de, big_e.sin() / denominator, ITERATED);
    }
}

/// Lambert's W (w eʷ = y) by Newton in a `loop` left by `break` on a float condition.
#[differentiable]
fn lambert_w(y: f64) -> f64 {
    let mut w = (1.0 + y).ln();
    loop {
        let ew = w.exp();
        let step = (w * ew - y) / (ew * (w + 1.0));
        w -= step;
        if step.abs() <= 1e-15 * (1.0 + w.abs()) {
            break;
        }
    }
    w
}

#[test]
fn newton_for_lamberts_w() {
    check_idiom!(lambert_w, [0.5, 3.0, 20.0]);
    // dW/dy = W / (y (1 + W)).
    for y in [0.5f64, 3.0, 20.0] {
        let (w, dy) = value_with_gradient!(at: y, of: lambert_w);
        assert_close_tol(w * w.exp(), y, 1e-13);
        assert_close_tol(dy, w / (y * (1.0 + w)), ITERATED);
    }
}

/// A root bracketed by sixty bisection steps (a constant), then polished by one Newton step,
/// which carries the derivative: x³ + x = a.
#[differentiable]
fn bracketed_root(a: f64) -> f64 {
    let (mut lo, mut hi) = (-10.0, 10.0);
    for _ in 0..60 {
        let mid = 0.5 * (lo + hi);
        if mid * mid * mid + mid - a > 0.0 {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    let x = 0.5 * (lo + hi);
    x - (x * x * x + x - a) / (3.0 * x * x + 1.0)
}

#[test]
fn bisection_then_a_newton_step() {
    check_idiom!(bracketed_root, [2.0, -0.7, 5.5]);
    for a in [2.0f64, -0.7, 5.5] {
        let (x, da) = value_with_gradient!(at: a, of: bracketed_root);
        assert_close_tol(da, 1.0 / (3.0 * x * x + 1.0), ITERATED);
    }
}

/// A fixed point x = cos(a x), iterated a fixed number of times.
#[differentiable]
fn cosine_fixed_point(a: f64) -> f64 {
    let mut x = 1.0;
    for _ in 0..200 {
        x = (a * x).cos();
    }
    x
}

#[test]
fn a_fixed_point_iteration() {
    check_idiom!(cosine_fixed_point, [0.8, 1.1]);
    // x = cos(a x): dx/da = -x sin(a x) / (1 + a sin(a x)).
    for a in [0.8f64, 1.1] {
        let (x, da) = value_with_gradient!(at: a, of: cosine_fixed_point);
        let s = (a * x).sin();
        assert_close_tol(da, -x * s / (1.0 + a * s), ITERATED);
    }
}

/// The continued fraction x + y / (x + y / (x + ...)), evaluated to depth 40.
#[differentiable]
fn continued_fraction(x: f64, y: f64) -> f64 {
    let mut f = x;
    for _ in 0..40 {
        f = x + y / f;
    }
    f
}

#[test]
fn a_continued_fraction() {
    check_idiom!(continued_fraction, [(1.0, 1.0), (2.5, 0.7)]);
    check_hessian!(continued_fraction, [(2.5, 0.7)]);
    // Its limit is (x + √(x² + 4y)) / 2.
    for (x, y) in [(1.0f64, 1.0f64), (2.5, 0.7)] {
        let s = (x * x + 4.0 * y).sqrt();
        let (dx, dy) = gradient!(at: x, y, of: continued_fraction);
        assert_close_tol(dx, 0.5 * (1.0 + x / s), ITERATED);
        assert_close_tol(dy, 1.0 / s, ITERATED);
    }
}

/// eˣ by its Taylor series, summed while the terms still matter (a `while` on floats).
#[differentiable]
fn taylor_exp(x: f64) -> f64 {
    let mut term: f64 = 1.0;
    let mut sum: f64 = 1.0;
    let mut n = 1.0;
    while term.abs() > 1e-17 * sum.abs() {
        term *= x / n;
        sum += term;
        n += 1.0;
    }
    sum
}

#[test]
fn a_taylor_series_until_the_terms_vanish() {
    check_idiom!(taylor_exp, [0.3, -1.7, 2.2]);
    for x in [0.3f64, -1.7, 2.2] {
        let (value, dx) = value_with_gradient!(at: x, of: taylor_exp);
        assert_close_tol(value, x.exp(), 1e-14);
        assert_close_tol(dx, x.exp(), ITERATED);
    }
}

/// Kahan's compensated sum: the compensation cancels exactly in the derivative, so every
/// element's derivative is 1.
#[differentiable]
fn kahan_sum(xs: &[f64]) -> f64 {
    let mut sum = 0.0;
    let mut c = 0.0;
    for &x in xs {
        let y = x - c;
        let t = sum + y;
        c = (t - sum) - y;
        sum = t;
    }
    sum
}

#[test]
fn kahan_summation() {
    check_slice_idiom!(
        kahan_sum,
        [vec![0.5, -1.25, 3.0], vec![1.1, 0.1, -3.7, 2.2e-3]]
    );
    // Where the compensation matters (too large for central differences).
    let xs = vec![1e8, 0.1, -3.7, 2.2e-3, 5.5, 0.123456789];
    let g = gradient!(at: &xs[..], of: kahan_sum);
    assert_all_close(&g, &[1.0; 6]);
}

/// Welford's streaming variance over `enumerate`.
#[differentiable]
fn welford_variance(xs: &[f64]) -> f64 {
    let mut mean = 0.0;
    let mut m2 = 0.0;
    for (i, &x) in xs.iter().enumerate() {
        let delta = x - mean;
        mean += delta / (i + 1) as f64;
        m2 += delta * (x - mean);
    }
    m2 / (xs.len() - 1) as f64
}

#[test]
fn welfords_variance() {
    let xs = vec![0.5, -1.2, 2.0, 0.3, -0.7];
    check_slice_idiom!(welford_variance, [xs.clone(), vec![3.0, 3.5, 2.25]]);
    check_slice_hessian!(welford_variance, [xs.clone()]);
    // ∂xᵢ = 2 (xᵢ - mean) / (n - 1).
    let mean = xs.iter().sum::<f64>() / 5.0;
    let want: Vec<f64> = xs.iter().map(|x| 2.0 * (x - mean) / 4.0).collect();
    let g = gradient!(at: &xs[..], of: welford_variance);
    for (a, b) in g.iter().zip(&want) {
        assert_close_tol(*a, *b, 1e-12);
    }
}

/// An exponential moving average over the tail of a series, by `skip(1)` and `fold`.
#[differentiable]
fn moving_average(xs: &[f64], alpha: f64) -> f64 {
    xs.iter()
        .skip(1)
        .fold(xs[0], |avg, &x| alpha * x + (1.0 - alpha) * avg)
}

#[test]
fn an_exponential_moving_average() {
    check_slice_idiom!(
        moving_average,
        [
            (vec![1.0, 2.0, 0.5, 3.0], 0.3),
            (vec![-1.0, 0.25, 4.0], 0.8)
        ]
    );
    // ∂xₖ = α (1 - α)^(n-1-k) for k ≥ 1, (1 - α)^(n-1) for x₀.
    let xs = [1.0, 2.0, 0.5, 3.0];
    let (g, _) = gradient!(at: &xs[..], 0.3, of: moving_average);
    let a: f64 = 0.3;
    assert_all_close(
        &g,
        &[(1.0 - a).powi(3), a * (1.0 - a).powi(2), a * (1.0 - a), a],
    );
}

/// Horner's rule at `f32` over a literal of coefficients, and its `f64` twin.
#[differentiable]
fn horner_f32(x: f32, y: f32) -> f32 {
    let coeffs = [1.0f32, -0.5, y, 0.25];
    let mut acc = 0.0f32;
    for &c in coeffs.iter().rev() {
        acc = acc * x + c;
    }
    acc
}

#[differentiable]
fn horner_f64(x: f64, y: f64) -> f64 {
    let coeffs = [1.0, -0.5, y, 0.25];
    let mut acc = 0.0;
    for &c in coeffs.iter().rev() {
        acc = acc * x + c;
    }
    acc
}

#[test]
fn horner_at_f32_and_f64() {
    check_idiom!(horner_f64, [(0.7, 1.3), (-1.5, 0.2)]);
    check_hessian!(horner_f64, [(0.7, 1.3)]);
    for (x, y) in [(0.7f32, 1.3f32), (-1.5, 0.2)] {
        let (value, (dx, dy)) = value_with_gradient!(at: x, y, of: horner_f32);
        crate::assert_close_f32(value, horner_f32(x, y));
        // p = 1 - x/2 + y x² + x³/4.
        crate::assert_close_f32(dx, -0.5 + 2.0 * y * x + 0.75 * x * x);
        crate::assert_close_f32(dy, x * x);
    }
}

/// A Chebyshev series Σ cₖ Tₖ(x) by Clenshaw's recurrence, with a tuple assignment.
#[differentiable]
fn clenshaw(x: f64, coeffs: &[f64]) -> f64 {
    let (mut b1, mut b2) = (0.0, 0.0);
    for k in (1..coeffs.len()).rev() {
        (b1, b2) = (coeffs[k] + 2.0 * x * b1 - b2, b1);
    }
    coeffs[0] + x * b1 - b2
}

#[test]
fn clenshaws_recurrence() {
    let c = [0.5, -1.0, 0.75, 0.2, -0.3];
    for x in [0.3f64, -0.8] {
        let (value, (dx, dc)) = value_with_gradient!(at: x, &c[..], of: clenshaw);
        // Tₖ(x) = cos(k θ) with x = cos θ; Tₖ'(x) = k sin(k θ) / sin θ.
        let theta = x.acos();
        let t: Vec<f64> = (0..5).map(|k| (k as f64 * theta).cos()).collect();
        let dt: f64 = (0..5)
            .map(|k| c[k] * k as f64 * (k as f64 * theta).sin() / theta.sin())
            .sum();
        assert_close_tol(value, c.iter().zip(&t).map(|(a, b)| a * b).sum(), 1e-12);
        assert_close_tol(dx, dt, 1e-11);
        for (a, b) in dc.iter().zip(&t) {
            assert_close_tol(*a, *b, 1e-12);
        }
        assert_grad_fd(
            |p| clenshaw(p[0], &p[1..]),
            &crate::concat(&[x], &c),
            &crate::concat(&[dx], &dc),
        );
    }
}

/// The dominant eigenvalue of [[x, y], [y, 1]] by power iteration over arrays of arrays,
/// then the Rayleigh quotient.
#[differentiable]
fn dominant_eigenvalue(x: f64, y: f64) -> f64 {
    let m = [[x, y], [y, 1.0]];
    let mut v = [1.0, 0.3];
    for _ in 0..100 {
        let w = [
            m[0][0] * v[0] + m[0][1] * v[1],
            m[1][0] * v[0] + m[1][1] * v[1],
        ];
        let norm = (w[0] * w[0] + w[1] * w[1]).sqrt();
        v = [w[0] / norm, w[1] / norm];
    }
    let mv = [
        m[0][0] * v[0] + m[0][1] * v[1],
        m[1][0] * v[0] + m[1][1] * v[1],
    ];
    v[0] * mv[0] + v[1] * mv[1]
}

#[test]
fn a_power_iteration() {
    check_idiom!(dominant_eigenvalue, [(3.0, 0.5), (4.0, -1.2)]);
    // λ = (x + 1)/2 + s with s = √(((x - 1)/2)² + y²).
    for (x, y) in [(3.0f64, 0.5f64), (4.0, -1.2)] {
        let s = (((x - 1.0) / 2.0).powi(2) + y * y).sqrt();
        let (value, (dx, dy)) = value_with_gradient!(at: x, y, of: dominant_eigenvalue);
        assert_close_tol(value, (x + 1.0) / 2.0 + s, 1e-12);
        assert_close_tol(dx, 0.5 + (x - 1.0) / (4.0 * s), ITERATED);
        assert_close_tol(dy, y / s, ITERATED);
    }
}

/// One classical Runge-Kutta integration of y' = -k y + sin t, the right-hand side a
/// separate function.
#[differentiable]
fn rate(t: f64, y: f64, k: f64) -> f64 {
    -k * y + t.sin()
}

#[differentiable]
fn runge_kutta(y0: f64, k: f64) -> f64 {
    let h = 0.1;
    let mut y = y0;
    let mut t = 0.0;
    for _ in 0..10 {
        let k1 = rate(t, y, k);
        let k2 = rate(t + h / 2.0, y + h / 2.0 * k1, k);
        let k3 = rate(t + h / 2.0, y + h / 2.0 * k2, k);
        let k4 = rate(t + h, y + h * k3, k);
        y += h / 6.0 * (k1 + 2.0 * k2 + 2.0 * k3 + k4);
        t += h;
    }
    y
}

#[test]
fn a_runge_kutta_integration() {
    check_idiom!(runge_kutta, [(1.0, 0.5), (-0.3, 2.0)]);
    check_hessian!(runge_kutta, [(1.0, 0.5)]);
    // Linear in y0, with slope e^(-k) up to the method's error.
    let (dy0, _) = gradient!(at: 1.0, 0.5, of: runge_kutta);
    assert_close_tol(dy0, (-0.5f64).exp(), 1e-6);
}

/// A product with early `break`: multiply factors 1 + x/k while the product stays below y
/// (`y` only decides where to stop: its derivative is zero).
#[allow(deprecated)]
#[differentiable]
fn product_until(x: f64, y: f64) -> f64 {
    let mut p = 1.0;
    for k in 1..20 {
        let factor = 1.0 + x / k as f64;
        if p * factor > y {
            break;
        }
        p *= factor;
    }
    p
}

#[test]
fn a_cumulative_product_with_an_early_break() {
    check_idiom!(product_until, [(0.5, 3.1), (1.3, 10.0), (0.2, 100.0)]);
    // At (0.5, 3.1) six factors fit (their product is 2.93, a seventh makes it 3.14):
    // p = Π (1 + x/k), dp/dx = p Σ 1 / (k + x).
    let (dx, dy) = gradient!(at: 0.5, 3.1, of: product_until);
    let p: f64 = (1..7).map(|k| 1.0 + 0.5 / k as f64).product();
    assert_close(dx, p * (1..7).map(|k| 1.0 / (k as f64 + 0.5)).sum::<f64>());
    assert_eq!(dy, 0.0);
}

/// The residual of a straight-line fit over a table of constants, zipped.
const TS: [f64; 5] = [0.0, 0.5, 1.0, 1.5, 2.0];
const YS: [f64; 5] = [1.1, 1.9, 3.2, 3.9, 5.1];

#[differentiable]
fn fit_residual(a: f64, b: f64) -> f64 {
    let mut sse = 0.0;
    for (t, y) in TS.iter().zip(YS.iter()) {
        let r = y - (a + b * t);
        sse += r * r;
    }
    sse / TS.len() as f64
}

#[test]
fn a_least_squares_residual() {
    check_idiom!(fit_residual, [(1.0, 2.0), (0.3, -0.5)]);
    check_hessian!(fit_residual, [(1.0, 2.0)]);
    let (a, b) = (1.0, 2.0);
    let (da, db) = gradient!(at: a, b, of: fit_residual);
    let r: Vec<f64> = TS.iter().zip(&YS).map(|(t, y)| y - a - b * t).collect();
    assert_close(da, -2.0 * r.iter().sum::<f64>() / 5.0);
    assert_close(
        db,
        -2.0 * r.iter().zip(&TS).map(|(r, t)| r * t).sum::<f64>() / 5.0,
    );
}

/// A matrix-vector product over `Vec<Vec<f64>>` and a `&Vec<f64>` passed as a slice. (An
/// array passed as `&v` to the `&[f64]` parameter fails to compile, reported.)
#[differentiable]
fn mat_vec(m: &Vec<Vec<f64>>, v: &[f64]) -> Vec<f64> {
    let mut out = vec![0.0; m.len()];
    for i in 0..m.len() {
        for j in 0..v.len() {
            out[i] += m[i][j] * v[j];
        }
    }
    out
}

#[differentiable]
fn quadratic_form(x: f64, y: f64) -> f64 {
    let a = vec![vec![x, 1.0, y], vec![0.5, y * y, x], vec![y, x, 2.0]];
    let v = vec![x, y, 1.0];
    let av = mat_vec(&a, &v);
    v.iter().zip(av.iter()).map(|(p, q)| p * q).sum()
}

#[test]
fn a_matrix_vector_product_over_rows() {
    check_idiom!(quadratic_form, [(0.5, 1.5), (-1.2, 0.3)]);
    check_hessian!(quadratic_form, [(0.5, 1.5)]);
}

/// The same product written with iterator chains over the rows.
#[differentiable]
fn mat_vec_by_rows(m: &Vec<Vec<f64>>, v: &Vec<f64>) -> Vec<f64> {
    m.iter()
        .map(|row| row.iter().zip(v.iter()).map(|(a, b)| a * b).sum())
        .collect()
}

#[differentiable]
fn residual_norm(x: f64, y: f64) -> f64 {
    let a = vec![vec![x, 1.0], vec![y, x * y]];
    let r = mat_vec_by_rows(&a, &vec![y, 2.0]);
    r[0] * r[0] + r[1] * r[1]
}

#[test]
fn a_matrix_vector_product_by_nested_chains() {
    check_idiom!(residual_norm, [(0.5, 1.5), (-1.2, 0.3)]);
}

/// A 3×3 determinant by cofactors of the first row, columns chosen by `%`.
#[differentiable]
fn det3(m: [[f64; 3]; 3]) -> f64 {
    let mut d = 0.0;
    for j in 0..3 {
        let (a, b) = ((j + 1) % 3, (j + 2) % 3);
        d += m[0][j] * (m[1][a] * m[2][b] - m[1][b] * m[2][a]);
    }
    d
}

#[test]
fn a_determinant_by_cofactors() {
    let m = [[2.0, -1.0, 0.5], [0.3, 1.5, -2.0], [1.0, 0.25, 3.0]];
    let (value, g) = value_with_gradient!(at: m, of: det3);
    assert_close(value, det3(m));
    // ∂det/∂mᵢⱼ is the cofactor Cᵢⱼ.
    for i in 0..3 {
        for j in 0..3 {
            let (r1, r2) = ((i + 1) % 3, (i + 2) % 3);
            let (c1, c2) = ((j + 1) % 3, (j + 2) % 3);
            let cofactor = m[r1][c1] * m[r2][c2] - m[r1][c2] * m[r2][c1];
            assert_close(g[i][j], cofactor);
        }
    }
    let flat: Vec<f64> = m.iter().flatten().copied().collect();
    let flat_g: Vec<f64> = g.iter().flatten().copied().collect();
    assert_grad_fd(
        |p| det3([[p[0], p[1], p[2]], [p[3], p[4], p[5]], [p[6], p[7], p[8]]]),
        &flat,
        &flat_g,
    );
}

/// Gaussian elimination with partial pivoting on a matrix stored flat by rows (rows
/// exchanged by `m.swap(..)` of their elements), then back substitution. (With rows as
/// `Vec<Vec<f64>>`, `m.swap(k, p)` fails to compile, reported.)
#[differentiable]
fn solve(a: &Vec<f64>, b: &Vec<f64>) -> Vec<f64> {
    let n = b.len();
    let mut m = a.clone();
    let mut r = b.clone();
    for k in 0..n {
        let mut p = k;
        for i in k + 1..n {
            if m[i * n + k].abs() > m[p * n + k].abs() {
                p = i;
            }
        }
        if p != k {
            for j in 0..n {
                m.swap(k * n + j, p * n + j);
            }
            r.swap(k, p);
        }
        for i in k + 1..n {
            let factor = m[i * n + k] / m[k * n + k];
            for j in k..n {
                m[i * n + j] -= factor * m[k * n + j];
            }
            r[i] -= factor * r[k];
        }
    }
    let mut x = vec![0.0; n];
    for i in (0..n).rev() {
        let mut s = r[i];
        for j in i + 1..n {
            s -= m[i * n + j] * x[j];
        }
        x[i] = s / m[i * n + i];
    }
    x
}

#[differentiable]
fn solved_weighted(x: f64, y: f64) -> f64 {
    let a = vec![
        0.5,
        x,
        1.0, //
        2.0,
        1.0,
        y, //
        x * y,
        -1.0,
        3.0,
    ];
    let sol = solve(&a, &vec![1.0, y, 2.0]);
    sol[0] + 2.0 * sol[1] - sol[2]
}

#[test]
fn gaussian_elimination_with_pivoting() {
    check_idiom!(solved_weighted, [(0.7, 1.3), (-1.1, 0.4)]);
    check_hessian!(solved_weighted, [(0.7, 1.3)]);
}

/// A softmax with the maximum shift held constant by `no_grad`, over a slice. (Called with
/// `&vec![..]`: `&[x, y, x * y]` fails to compile, reported.)
#[differentiable]
fn softmax(z: &[f64]) -> Vec<f64> {
    let m = no_grad(z.iter().fold(f64::NEG_INFINITY, |a, &b| a.max(b)));
    let exps: Vec<f64> = z.iter().map(|&v| (v - m).exp()).collect();
    let total: f64 = exps.iter().sum();
    exps.iter().map(|&e| e / total).collect()
}

#[differentiable]
fn expected_label(x: f64, y: f64) -> f64 {
    let p = softmax(&vec![x, y, x * y]);
    p[0] + 2.0 * p[1] + 3.0 * p[2]
}

#[test]
fn a_softmax() {
    check_idiom!(expected_label, [(0.5, 1.5), (-1.2, 0.3), (3.0, 2.0)]);
    check_hessian!(expected_label, [(0.5, 1.5)]);
    // ∂pᵢ/∂zⱼ = pᵢ (δᵢⱼ - pⱼ).
    let z = vec![0.5, -1.0, 2.0];
    let j = jacobian!(at: &z, of: softmax);
    let p = softmax(&z);
    for a in 0..3 {
        for b in 0..3 {
            let delta = if a == b { 1.0 } else { 0.0 };
            assert_close(j[[a, b]], p[a] * (delta - p[b]));
        }
    }
}

/// Newton's method taking f' from a nested `differentiate!` of a closure that captures the
/// parameter: the cube root of a, times y.
#[differentiable]
fn newton_by_nested_derivative(a: f64, y: f64) -> f64 {
    let mut x = 1.0;
    for _ in 0..25 {
        let fx = x * x * x - a;
        let slope = differentiate!(at: x, of: |t: f64| t * t * t - a);
        x -= fx / slope;
    }
    x * y
}

#[test]
fn newton_with_a_nested_derivative() {
    check_idiom!(newton_by_nested_derivative, [(2.0, 1.3), (10.0, -0.4)]);
    for (a, y) in [(2.0f64, 1.3f64), (10.0, -0.4)] {
        let (da, dy) = gradient!(at: a, y, of: newton_by_nested_derivative);
        assert_close_tol(da, y / (3.0 * a.cbrt().powi(2)), ITERATED);
        assert_close_tol(dy, a.cbrt(), ITERATED);
    }
}

/// Horner's rule with fused multiply-adds, `acc.mul_add(x, c)`.
#[differentiable]
fn horner_fma(x: f64, y: f64) -> f64 {
    let coeffs = [0.25, y, -0.5, 1.0];
    let mut acc: f64 = 0.0;
    for &c in coeffs.iter() {
        acc = acc.mul_add(x, c);
    }
    acc
}

#[test]
fn horner_by_mul_add() {
    check_idiom!(horner_fma, [(0.7, 1.3), (-1.5, 0.2)]);
    check_hessian!(horner_fma, [(0.7, 1.3)]);
    // p = x³/4 + y x² - x/2 + 1.
    let (x, y) = (0.7, 1.3);
    let (dx, dy) = gradient!(at: x, y, of: horner_fma);
    assert_close(dx, 0.75 * x * x + 2.0 * y * x - 0.5);
    assert_close(dy, x * x);
}

/// The great-circle distance by the haversine formula (degrees to radians, `asin`, `sqrt`).
/// (`lat.to_radians()` has no derivative: not in the supported methods.)
#[differentiable]
fn haversine(lat: f64, lon: f64) -> f64 {
    let (lat0, lon0) = (48.85f64.to_radians(), 2.35f64.to_radians());
    let (lat1, lon1) = (lat * PI / 180.0, lon * PI / 180.0);
    let a = ((lat1 - lat0) / 2.0).sin().powi(2)
        + lat0.cos() * lat1.cos() * ((lon1 - lon0) / 2.0).sin().powi(2);
    2.0 * 6371.0 * a.sqrt().asin()
}

#[test]
fn the_haversine_distance() {
    check_idiom!(haversine, [(51.5, -0.12), (40.7, -74.0), (-33.9, 151.2)]);
    check_hessian!(haversine, [(51.5, -0.12)]);
}

/// The signed angle between two vectors by `atan2` of their cross and dot products.
#[differentiable]
fn signed_angle(x: f64, y: f64) -> f64 {
    let (ax, ay) = (1.0, 0.5);
    let (bx, by) = (x, y);
    (ax * by - ay * bx).atan2(ax * bx + ay * by)
}

#[test]
fn an_angle_by_atan2() {
    check_idiom!(signed_angle, [(0.3, 1.7), (-1.0, -0.4), (2.0, 0.2)]);
    check_hessian!(signed_angle, [(0.3, 1.7)]);
    // The angle of (x, y) minus a constant: ∂x = -y / r², ∂y = x / r².
    let (dx, dy) = gradient!(at: 0.3, 1.7, of: signed_angle);
    let r2 = 0.3 * 0.3 + 1.7 * 1.7;
    assert_close(dx, -1.7 / r2);
    assert_close(dy, 0.3 / r2);
}

/// Compound interest with both base and exponent differentiated, `powf`.
#[differentiable]
fn compound(rate: f64, years: f64) -> f64 {
    let periods = 12.0;
    1000.0 * (1.0 + rate / periods).powf(periods * years)
}

#[test]
fn compound_interest_by_powf() {
    check_idiom!(compound, [(0.05, 10.0), (0.12, 2.5)]);
    check_hessian!(compound, [(0.05, 10.0)]);
    let (r, t) = (0.05f64, 10.0f64);
    let value = compound(r, t);
    let (dr, dt) = gradient!(at: r, t, of: compound);
    assert_close(dr, value * 12.0 * t / (12.0 + r));
    assert_close(dt, value * 12.0 * (1.0 + r / 12.0).ln());
}

/// A matrix product over `Vec<Vec<f64>>` built by `vec![vec![0.0; p]; n]`, then a trace.
#[differentiable]
fn matmul(a: &Vec<Vec<f64>>, b: &Vec<Vec<f64>>) -> Vec<Vec<f64>> {
    let (n, m, p) = (a.len(), b.len(), b[0].len());
    let mut c = vec![vec![0.0; p]; n];
    for i in 0..n {
        for j in 0..p {
            for k in 0..m {
                c[i][j] += a[i][k] * b[k][j];
            }
        }
    }
    c
}

#[differentiable]
fn trace_of_square(x: f64, y: f64) -> f64 {
    let a = vec![vec![x, y], vec![1.0, x * y]];
    let c = matmul(&a, &a);
    c[0][0] + c[1][1]
}

#[test]
fn a_matrix_product_of_nested_vecs() {
    check_idiom!(trace_of_square, [(0.4, 1.3), (-1.2, 0.5)]);
    check_hessian!(trace_of_square, [(0.4, 1.3)]);
    // tr(A²) = x² + 2y + x²y².
    let (x, y) = (0.4, 1.3);
    let (dx, dy) = gradient!(at: x, y, of: trace_of_square);
    assert_close(dx, 2.0 * x + 2.0 * x * y * y);
    assert_close(dy, 2.0 + 2.0 * x * x * y);
}
