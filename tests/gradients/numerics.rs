//! Realistic numerical functions: activations, losses, densities, test functions of
//! optimisation, kinematics, finance and physics.

use crate::{assert_all_close, assert_close, assert_deriv_fd, assert_grad_fd};
use ad::prelude::*;
// The suite's operators, which also check forward mode against reverse mode.
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};

/// softplus(x) = ln(1 + eˣ)
#[differentiable]
fn softplus(x: f64) -> f64 {
    x.exp().ln_1p()
}

/// σ(x) = 1 / (1 + e⁻ˣ)
#[differentiable]
fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn sigmoid_plain(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

#[test]
fn softplus_derivative_is_the_sigmoid() {
    for x in [-5.0f64, -0.3, 0.0, 1.0, 6.0] {
        assert_close(gradient!(at: x, of: softplus), sigmoid_plain(x));
    }
}

#[test]
fn sigmoid_derivative() {
    // σ'(x) = σ(x)(1 - σ(x))
    for x in [-4.0f64, 0.0, 0.8, 3.0] {
        let s = sigmoid_plain(x);
        let (value, dx) = value_with_gradient!(at: x, of: sigmoid);
        assert_close(value, s);
        assert_close(dx, s * (1.0 - s));
    }
}

/// Logistic loss of one sample with label y ∈ {0, 1}: softplus(z) - y z, z = w x + b.
#[differentiable]
fn logistic_loss(w: f64, b: f64, x: f64, y: f64) -> f64 {
    let z = w * x + b;
    z.exp().ln_1p() - y * z
}

#[test]
fn logistic_loss_of_one_sample() {
    // r = σ(z) - y: ∂/∂w = r x, ∂/∂b = r, ∂/∂x = r w, ∂/∂y = -z
    for (w, b, x, y) in [(0.7, -0.2, 1.5, 1.0), (-1.3, 0.4, 2.0, 0.0)] {
        let z = w * x + b;
        let r = sigmoid_plain(z) - y;
        let (dw, db, dx, dy) = gradient!(at: w, b, x, y, of: logistic_loss);
        assert_all_close(&[dw, db, dx, dy], &[r * x, r, r * w, -z]);
    }
}

/// log N(x; μ, σ²) = -((x - μ)/σ)²/2 - ln σ - ln(2π)/2
#[differentiable]
fn gaussian_log_density(x: f64, mu: f64, sigma: f64) -> f64 {
    let z = (x - mu) / sigma;
    -0.5 * z * z - sigma.ln() - 0.5 * (2.0 * std::f64::consts::PI).ln()
}

#[test]
fn gaussian_log_density_gradient() {
    // ∂/∂x = -(x-μ)/σ², ∂/∂μ = (x-μ)/σ², ∂/∂σ = (x-μ)²/σ³ - 1/σ
    let (x, mu, sigma) = (1.3, 0.4, 0.7);
    let (dx, dmu, dsigma) = gradient!(at: x, mu, sigma, of: gaussian_log_density);
    let d = x - mu;
    let s2 = sigma * sigma;
    assert_all_close(
        &[dx, dmu, dsigma],
        &[-d / s2, d / s2, d * d / (s2 * sigma) - 1.0 / sigma],
    );
}

/// Rosenbrock's function (a = 1, b = 100); the closure tests call it too.
#[differentiable]
pub(crate) fn rosenbrock(x: f64, y: f64) -> f64 {
    let a = 1.0 - x;
    let b = y - x * x;
    a * a + 100.0 * b * b
}

#[test]
fn rosenbrock_gradient() {
    // ∂/∂x = -2(1-x) - 400x(y-x²), ∂/∂y = 200(y-x²)
    for (x, y) in [(-1.2, 1.0), (0.5, 0.3), (2.0, 3.0)] {
        let (dx, dy) = gradient!(at: x, y, of: rosenbrock);
        let b = y - x * x;
        assert_all_close(&[dx, dy], &[-2.0 * (1.0 - x) - 400.0 * x * b, 200.0 * b]);
    }
    // the minimum at (1, 1) is stationary
    assert_eq!(gradient!(at: 1.0, 1.0, of: rosenbrock), (0.0, 0.0));
}

const L1: f64 = 1.0;
const L2: f64 = 0.7;

/// Distance from the end effector of a planar 2-link arm to the target (tx, ty).
#[differentiable(wrt = (theta1, theta2))]
fn arm_distance(theta1: f64, theta2: f64, tx: f64, ty: f64) -> f64 {
    let ex = L1 * theta1.cos() + L2 * (theta1 + theta2).cos();
    let ey = L1 * theta1.sin() + L2 * (theta1 + theta2).sin();
    (ex - tx).hypot(ey - ty)
}

#[test]
fn two_link_arm_end_effector_distance() {
    // e = (L1 c1 + L2 c12, L1 s1 + L2 s12), d = |e - t|,
    // ∂e/∂θ1 = (-ey, ex), ∂e/∂θ2 = (-L2 s12, L2 c12), ∂d/∂θ = (e - t)·∂e/∂θ / d
    let (t1, t2, tx, ty) = (0.4, 0.9, 0.5, 1.2);
    let (d1, d2, _, _) = gradient!(at: t1, t2, tx, ty, of: arm_distance);
    let (ex, ey) = (
        L1 * t1.cos() + L2 * (t1 + t2).cos(),
        L1 * t1.sin() + L2 * (t1 + t2).sin(),
    );
    let (ux, uy) = (ex - tx, ey - ty);
    let d = ux.hypot(uy);
    let want1 = (ux * -ey + uy * ex) / d;
    let want2 = (ux * -L2 * (t1 + t2).sin() + uy * L2 * (t1 + t2).cos()) / d;
    assert_all_close(&[d1, d2], &[want1, want2]);
    assert_grad_fd(|p| arm_distance(p[0], p[1], tx, ty), &[t1, t2], &[d1, d2]);
}

/// Φ(x) ≈ 1 / (1 + exp(-1.5976 x - 0.070566 x³)), a logistic approximation of the normal CDF.
#[differentiable]
fn normal_cdf_approx(x: f64) -> f64 {
    1.0 / (1.0 + (-1.5976 * x - 0.070566 * x * x * x).exp())
}

/// Black–Scholes price of a European call with the approximate normal CDF above.
#[differentiable]
fn black_scholes_call(s: f64, k: f64, r: f64, sigma: f64, t: f64) -> f64 {
    let vol = sigma * t.sqrt();
    let d1 = ((s / k).ln() + (r + 0.5 * sigma * sigma) * t) / vol;
    let d2 = d1 - vol;
    s * normal_cdf_approx(d1) - k * (-r * t).exp() * normal_cdf_approx(d2)
}

#[test]
fn black_scholes_greeks_match_finite_differences() {
    for p in [[100.0, 95.0, 0.03, 0.2, 0.5], [42.0, 50.0, 0.01, 0.35, 2.0]] {
        let (ds, dk, dr, dsigma, dt) =
            gradient!(at: p[0], p[1], p[2], p[3], p[4], of: black_scholes_call);
        assert_grad_fd(
            |q| black_scholes_call(q[0], q[1], q[2], q[3], q[4]),
            &p,
            &[ds, dk, dr, dsigma, dt],
        );
        // sanity of the finance: delta in (0, 1), vega > 0
        assert!(ds > 0.0 && ds < 1.0 && dsigma > 0.0);
    }
}

/// ln(eᵃ + eᵇ + eᶜ), computed stably by shifting with the maximum.
#[differentiable]
fn log_sum_exp3(a: f64, b: f64, c: f64) -> f64 {
    let m = a.max(b).max(c);
    m + ((a - m).exp() + (b - m).exp() + (c - m).exp()).ln()
}

#[test]
fn log_sum_exp_gradient_is_softmax() {
    // ∂/∂aᵢ = e^aᵢ / Σ e^aⱼ; the shift's contributions cancel, whichever operand max picks,
    // also on a tie (second point) and with large values (third point)
    for [a, b, c] in [[0.3, -1.0, 2.0], [1.5, 1.5, -0.5], [700.0, 699.0, 698.5]] {
        let (da, db, dc) = gradient!(at: a, b, c, of: log_sum_exp3);
        let m = a.max(b).max(c);
        let (ea, eb, ec) = ((a - m).exp(), (b - m).exp(), (c - m).exp());
        let s = ea + eb + ec;
        assert_all_close(&[da, db, dc], &[ea / s, eb / s, ec / s]);
    }
}

/// Softmax cross-entropy of 3 logits with the true class 0: lse(a, b, c) - a.
#[differentiable]
fn cross_entropy3(a: f64, b: f64, c: f64) -> f64 {
    log_sum_exp3(a, b, c) - a
}

#[test]
fn cross_entropy_gradient_is_softmax_minus_one_hot() {
    let (a, b, c) = (0.2, 1.1, -0.4);
    let (da, db, dc) = gradient!(at: a, b, c, of: cross_entropy3);
    let s = a.exp() + b.exp() + c.exp();
    assert_all_close(
        &[da, db, dc],
        &[a.exp() / s - 1.0, b.exp() / s, c.exp() / s],
    );
}

/// Huber loss written with abs and min: q = min(|x|, δ), q (|x| - q/2).
/// It is x²/2 for |x| ≤ δ and δ(|x| - δ/2) beyond.
#[differentiable]
fn huber(x: f64, delta: f64) -> f64 {
    let a = x.abs();
    let q = a.min(delta);
    q * (a - 0.5 * q)
}

#[test]
fn huber_like_loss_in_both_regimes() {
    // quadratic regime: ∂/∂x = x, ∂/∂δ = 0
    assert_eq!(gradient!(at: 0.5, 1.0, of: huber), (0.5, 0.0));
    assert_eq!(gradient!(at: -0.25, 1.0, of: huber), (-0.25, 0.0));
    // linear regime: ∂/∂x = δ sign(x), ∂/∂δ = |x| - δ
    let (dx, ddelta) = gradient!(at: 3.0, 1.5, of: huber);
    assert_all_close(&[dx, ddelta], &[1.5, 1.5]);
    let (dx, ddelta) = gradient!(at: -2.0, 0.5, of: huber);
    assert_all_close(&[dx, ddelta], &[-0.5, 1.5]);
    // at 0: abs'(0) = 0 gives 0, which is also the true derivative
    assert_eq!(gradient!(at: 0.0, 1.0, of: huber), (0.0, 0.0));
}

const MASS: f64 = 2.0;
const G: f64 = 9.81;
const LENGTH: f64 = 1.5;
const STIFFNESS: f64 = 40.0;

/// Energy of a pendulum (angle θ, angular velocity ω) whose bob is also held by a
/// horizontal spring anchored at x₀: kinetic + gravity + spring.
#[differentiable(wrt = (theta, omega))]
fn pendulum_energy(theta: f64, omega: f64, x0: f64) -> f64 {
    let kinetic = 0.5 * MASS * LENGTH * LENGTH * omega * omega;
    let gravity = MASS * G * LENGTH * (1.0 - theta.cos());
    let stretch = LENGTH * theta.sin() - x0;
    kinetic + gravity + 0.5 * STIFFNESS * stretch * stretch
}

#[test]
fn physics_energy_spring_and_gravity() {
    // ∂/∂θ = m g L sin θ + k (L sin θ - x₀) L cos θ, ∂/∂ω = m L² ω
    let (theta, omega, x0) = (0.3, -1.2, 0.1);
    let (dt, dw, _) = gradient!(at: theta, omega, x0, of: pendulum_energy);
    let want_t = MASS * G * LENGTH * theta.sin()
        + STIFFNESS * (LENGTH * theta.sin() - x0) * LENGTH * theta.cos();
    assert_all_close(&[dt, dw], &[want_t, MASS * LENGTH * LENGTH * omega]);
}

/// Compound interest: P (1 + r/n)^(n t) with n = 12 periods a year.
#[differentiable]
fn compound(principal: f64, rate: f64, years: f64) -> f64 {
    let n = 12.0;
    principal * (1.0 + rate / n).powf(n * years)
}

#[test]
fn compound_interest_with_powf() {
    // g = 1 + r/n: ∂/∂P = g^(nt), ∂/∂r = P t g^(nt-1), ∂/∂t = P g^(nt) n ln g
    let (p, r, t) = (1000.0, 0.05, 10.0);
    let (dp, dr, dt) = gradient!(at: p, r, t, of: compound);
    let g: f64 = 1.0 + r / 12.0;
    let growth = g.powf(12.0 * t);
    assert_all_close(
        &[dp, dr, dt],
        &[
            growth,
            p * t * g.powf(12.0 * t - 1.0),
            p * growth * 12.0 * g.ln(),
        ],
    );
}

/// Signed angle between (x1, y1) and (x2, y2): atan2(cross, dot).
#[differentiable]
fn angle_between(x1: f64, y1: f64, x2: f64, y2: f64) -> f64 {
    (x1 * y2 - y1 * x2).atan2(x1 * x2 + y1 * y2)
}

#[test]
fn angle_between_vectors_with_atan2() {
    // θ = angle(v2) - angle(v1): ∂θ/∂v1 = (y1, -x1)/|v1|², ∂θ/∂v2 = (-y2, x2)/|v2|²
    let (x1, y1, x2, y2) = (1.0, 0.5, -0.3, 2.0);
    let g = gradient!(at: x1, y1, x2, y2, of: angle_between);
    let (n1, n2) = (x1 * x1 + y1 * y1, x2 * x2 + y2 * y2);
    assert_all_close(
        &[g.0, g.1, g.2, g.3],
        &[y1 / n1, -x1 / n1, -y2 / n2, x2 / n2],
    );
}

/// Population variance of three values.
#[differentiable]
fn variance3(a: f64, b: f64, c: f64) -> f64 {
    let m = (a + b + c) / 3.0;
    ((a - m) * (a - m) + (b - m) * (b - m) + (c - m) * (c - m)) / 3.0
}

#[test]
fn variance_of_three_values() {
    // ∂/∂aᵢ = 2(aᵢ - m)/3 (the mean's contributions sum to zero)
    let (a, b, c) = (1.0, 4.0, -2.5);
    let m = (a + b + c) / 3.0;
    let (da, db, dc) = gradient!(at: a, b, c, of: variance3);
    assert_all_close(
        &[da, db, dc],
        &[
            2.0 * (a - m) / 3.0,
            2.0 * (b - m) / 3.0,
            2.0 * (c - m) / 3.0,
        ],
    );
}

/// A damped oscillator's position: A e^(-γ t) cos(ω t + φ).
#[differentiable]
fn damped(amplitude: f64, gamma: f64, omega: f64, phase: f64, t: f64) -> f64 {
    amplitude * (-gamma * t).exp() * (omega * t + phase).cos()
}

#[test]
fn damped_oscillator_matches_finite_differences() {
    let p = [1.3, 0.4, 2.5, 0.2, 1.7];
    let g = gradient!(at: p[0], p[1], p[2], p[3], p[4], of: damped);
    assert_grad_fd(
        |q| damped(q[0], q[1], q[2], q[3], q[4]),
        &p,
        &[g.0, g.1, g.2, g.3, g.4],
    );
    // and its velocity at t in closed form: e^(-γt)(-γ cos(ωt+φ) - ω sin(ωt+φ)) A
    let (a, gamma, omega, phase, t) = (p[0], p[1], p[2], p[3], p[4]);
    let want = a
        * (-gamma * t).exp()
        * (-gamma * (omega * t + phase).cos() - omega * (omega * t + phase).sin());
    assert_close(g.4, want);
    assert_deriv_fd(|t| damped(a, gamma, omega, phase, t), t, g.4);
}
