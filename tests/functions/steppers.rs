//! ODE steppers taking functions, as people write them: explicit Euler taking `F: Fn` (also
//! from an operator's closure), the classical Runge-Kutta method through `&dyn Fn`, velocity
//! Verlet on a derived struct state taking `impl Fn`, leapfrog on a `[f64; 2]` state through
//! `&dyn Fn`, Euler on a system whose right-hand side returns an array, Runge-Kutta on a
//! system given a function's name as a `fn` pointer, Euler keeping its trajectory in a
//! `Vec`, and symplectic Euler updating a particle in place (`&mut`) given a closure literal,
//! a lent closure and a function's name; a state advanced through `iter_mut().zip(..)` pairs.
//! The closures capture the differentiated parameters. Every mode
//! against central differences; where the problem is linear the stepper is a power of one
//! matrix (or number), and the derivatives are also compared with that closed form.

use crate::common::every_mode::assert_every_mode;
use crate::{assert_close, assert_deriv_fd};
use ad::prelude::*;
// The suite's operators, which also check forward mode against reverse mode.
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};

/// Explicit Euler for the autonomous `y' = f(y)`: `n` steps of `h`.
#[differentiable]
fn euler<F: Fn(f64) -> f64>(f: F, y0: f64, h: f64, n: usize) -> f64 {
    let mut y = y0;
    for _ in 0..n {
        y += h * f(y);
    }
    y
}

/// The classical Runge-Kutta method for the autonomous `y' = f(y)`.
#[differentiable]
fn rk4(f: &dyn Fn(f64) -> f64, y0: f64, h: f64, n: usize) -> f64 {
    let mut y = y0;
    for _ in 0..n {
        let k1 = f(y);
        let k2 = f(y + 0.5 * h * k1);
        let k3 = f(y + 0.5 * h * k2);
        let k4 = f(y + h * k3);
        y += h / 6.0 * (k1 + 2.0 * k2 + 2.0 * k3 + k4);
    }
    y
}

/// A particle of unit mass on a line.
#[derive(Clone, Debug, Differentiable)]
struct Particle {
    x: f64,
    v: f64,
}

/// Velocity Verlet under the acceleration `accel(x)`.
#[differentiable]
fn verlet(accel: impl Fn(f64) -> f64, start: Particle, h: f64, n: usize) -> Particle {
    let mut p = start.clone();
    let mut a = accel(p.x);
    for _ in 0..n {
        p.x += h * p.v + 0.5 * h * h * a;
        let a_next = accel(p.x);
        p.v += 0.5 * h * (a + a_next);
        a = a_next;
    }
    p
}

/// Leapfrog (kick, drift, kick) on `[position, momentum]`.
#[differentiable]
fn leapfrog(accel: &dyn Fn(f64) -> f64, state: [f64; 2], h: f64, n: usize) -> [f64; 2] {
    let mut q = state[0];
    let mut p = state[1];
    for _ in 0..n {
        p += 0.5 * h * accel(q);
        q += h * p;
        p += 0.5 * h * accel(q);
    }
    [q, p]
}

/// Explicit Euler for a system of two equations, the right-hand side returning an array.
#[differentiable]
fn euler_system(f: impl Fn([f64; 2]) -> [f64; 2], y0: [f64; 2], h: f64, n: usize) -> [f64; 2] {
    let mut y = y0;
    for _ in 0..n {
        let d = f(y);
        y = [y[0] + h * d[0], y[1] + h * d[1]];
    }
    y
}

/// `y + s k`, componentwise.
#[differentiable]
fn axpy(y: [f64; 2], s: f64, k: [f64; 2]) -> [f64; 2] {
    [y[0] + s * k[0], y[1] + s * k[1]]
}

/// The classical Runge-Kutta method for a non-autonomous system, through a `fn` pointer.
#[differentiable]
fn rk4_system(f: fn(f64, [f64; 2]) -> [f64; 2], y0: [f64; 2], h: f64, n: usize) -> [f64; 2] {
    let mut y = y0;
    for i in 0..n {
        let t = i as f64 * h;
        let k1 = f(t, y);
        let k2 = f(t + 0.5 * h, axpy(y, 0.5 * h, k1));
        let k3 = f(t + 0.5 * h, axpy(y, 0.5 * h, k2));
        let k4 = f(t + h, axpy(y, h, k3));
        y = [
            y[0] + h / 6.0 * (k1[0] + 2.0 * k2[0] + 2.0 * k3[0] + k4[0]),
            y[1] + h / 6.0 * (k1[1] + 2.0 * k2[1] + 2.0 * k3[1] + k4[1]),
        ];
    }
    y
}

/// Explicit Euler for `y' = f(y)`, keeping every state: `n + 1` values from `y0`.
#[differentiable]
fn trajectory(f: impl Fn(f64) -> f64, y0: f64, h: f64, n: usize) -> Vec<f64> {
    let mut ys = vec![y0];
    let mut y = y0;
    for _ in 0..n {
        y += h * f(y);
        ys.push(y);
    }
    ys
}

/// The forced Van der Pol oscillator.
#[differentiable]
fn van_der_pol(t: f64, y: [f64; 2]) -> [f64; 2] {
    [
        y[1],
        1.5 * (1.0 - y[0] * y[0]) * y[1] - y[0] + 0.3 * t.cos(),
    ]
}

/// `y' = b − k y` from `y(0) = 2`, 20 Euler steps of 0.05.
#[differentiable]
fn relaxed(k: f64, b: f64) -> f64 {
    euler(|y| b - k * y, 2.0, 0.05, 20)
}

/// `y' = −λ y` from `y(0) = y0`, 8 Runge-Kutta steps of 0.25.
#[differentiable]
fn rk4_decay(lambda: f64, y0: f64) -> f64 {
    rk4(&|y| -lambda * y, y0, 0.25, 8)
}

/// A spring `x'' = −k x` from rest at `x0`, 30 Verlet steps of 0.1: the position.
#[differentiable]
fn spring_position(x0: f64, k: f64) -> f64 {
    let end = verlet(|x| -k * x, Particle { x: x0, v: 0.0 }, 0.1, 30);
    end.x
}

/// A pendulum of length `length` from rest at `theta0`, 40 leapfrog steps of 0.05: the
/// angle times the momentum.
#[differentiable]
fn pendulum(theta0: f64, length: f64) -> f64 {
    let g = 9.81;
    let end = leapfrog(&|q| -g / length * q.sin(), [theta0, 0.0], 0.05, 40);
    end[0] * end[1]
}

/// A rotation `x' = −ω y, y' = ω x` from `(r, 0)`, 20 Euler steps of 0.1: the first
/// coordinate.
#[differentiable]
fn rotated(omega: f64, r: f64) -> f64 {
    let end = euler_system(
        |y: [f64; 2]| [-omega * y[1], omega * y[0]],
        [r, 0.0],
        0.1,
        20,
    );
    end[0]
}

/// The Van der Pol oscillator from `(x0, v0)`, 40 Runge-Kutta steps of 0.05.
#[differentiable]
fn oscillator(x0: f64, v0: f64) -> f64 {
    let end = rk4_system(van_der_pol, [x0, v0], 0.05, 40);
    end[0] * end[1] + end[0]
}

/// `h Σ y_j²` over the Euler trajectory of `y' = −k y` from `y0`, 15 steps of 0.1.
#[differentiable]
fn trajectory_energy(k: f64, y0: f64) -> f64 {
    let h = 0.1;
    let ys = trajectory(|y| -k * y, y0, h, 15);
    ys.iter().map(|y| y * y).sum::<f64>() * h
}

/// `m^n` for a 2×2 matrix.
fn matrix_power(m: [[f64; 2]; 2], n: usize) -> [[f64; 2]; 2] {
    let mut r = [[1.0, 0.0], [0.0, 1.0]];
    for _ in 0..n {
        r = [
            [
                r[0][0] * m[0][0] + r[0][1] * m[1][0],
                r[0][0] * m[0][1] + r[0][1] * m[1][1],
            ],
            [
                r[1][0] * m[0][0] + r[1][1] * m[1][0],
                r[1][0] * m[0][1] + r[1][1] * m[1][1],
            ],
        ];
    }
    r
}

#[test]
fn euler_on_a_forced_linear_equation() {
    let (h, n) = (0.05, 20.0);
    for (k, b) in [(0.8, 0.3), (2.5, -1.0)] {
        assert_every_mode!(relaxed, k, b);
        // y_n = b/k + (y0 − b/k) q^n with q = 1 − h k.
        let q: f64 = 1.0 - h * k;
        let y0 = 2.0;
        assert_close(relaxed(k, b), b / k + (y0 - b / k) * q.powf(n));
        let (dk, db) = gradient!(at: k, b, of: relaxed);
        assert_close(db, (1.0 - q.powf(n)) / k);
        assert_close(
            dk,
            -b / (k * k) * (1.0 - q.powf(n)) - (y0 - b / k) * n * h * q.powf(n - 1.0),
        );
    }
}

#[test]
fn euler_from_an_operators_closure() {
    // y' = −k y from 1: y_n = (1 − h k)^n.
    let (h, n) = (0.05, 20);
    let nf = n as f64;
    for k in [0.5, 3.0] {
        let q: f64 = 1.0 - h * k;
        let reverse = ad::gradient!(at: k, of: |k: f64| euler(|y| -k * y, 1.0, 0.05, 20));
        let forward = differentiate!(at: k, of: |k: f64| euler(|y| -k * y, 1.0, 0.05, 20));
        let second = hessian!(at: k, of: |k: f64| euler(|y| -k * y, 1.0, 0.05, 20));
        let original = |k: f64| euler(|y| -k * y, 1.0, h, n);
        assert_deriv_fd(original, k, reverse);
        assert_deriv_fd(original, k, forward);
        assert_close(reverse, -nf * h * q.powf(nf - 1.0));
        assert_close(forward, -nf * h * q.powf(nf - 1.0));
        assert_close(second, nf * (nf - 1.0) * h * h * q.powf(nf - 2.0));
    }
}

#[test]
fn runge_kutta_through_a_trait_object_on_linear_decay() {
    let (h, n) = (0.25, 8.0);
    for (lambda, y0) in [(0.7, 1.5), (2.0, -0.4)] {
        assert_every_mode!(rk4_decay, lambda, y0);
        // One step multiplies by R(z) = 1 + z + z²/2 + z³/6 + z⁴/24 at z = −h λ.
        let z: f64 = -h * lambda;
        let r = 1.0 + z + z * z / 2.0 + z.powi(3) / 6.0 + z.powi(4) / 24.0;
        let dr = 1.0 + z + z * z / 2.0 + z.powi(3) / 6.0;
        let (dlambda, dy0) = gradient!(at: lambda, y0, of: rk4_decay);
        assert_close(rk4_decay(lambda, y0), y0 * r.powf(n));
        assert_close(dy0, r.powf(n));
        assert_close(dlambda, -y0 * n * r.powf(n - 1.0) * dr * h);
    }
}

#[test]
fn velocity_verlet_on_a_struct_state() {
    let (h, n) = (0.1, 30);
    for (x0, k) in [(0.6, 1.5), (-1.2, 4.0)] {
        assert_every_mode!(spring_position, x0, k);
        // One step is linear: (x, v) ↦ M (x, v).
        let m = [
            [1.0 - h * h * k / 2.0, h],
            [-h * k * (1.0 - h * h * k / 4.0), 1.0 - h * h * k / 2.0],
        ];
        let mn = matrix_power(m, n);
        let (dx0, _) = gradient!(at: x0, k, of: spring_position);
        assert_close(spring_position(x0, k), mn[0][0] * x0);
        assert_close(dx0, mn[0][0]);
        // The gradient with respect to the whole starting state: the first row of M^n.
        let start = Particle { x: x0, v: 0.3 };
        let d_start = gradient!(at: start.clone(), of: |p: Particle| {
            verlet(|x| -2.0 * x, p, 0.1, 30).x
        });
        let m2 = matrix_power(
            [
                [1.0 - h * h, h],
                [-2.0 * h * (1.0 - h * h / 2.0), 1.0 - h * h],
            ],
            n,
        );
        assert_close(d_start.x, m2[0][0]);
        assert_close(d_start.v, m2[0][1]);
    }
}

#[test]
fn leapfrog_on_an_array_state_through_a_trait_object() {
    for (theta0, length) in [(0.3, 1.0), (1.1, 2.5)] {
        assert_every_mode!(pendulum, theta0, length);
    }
}

#[test]
fn euler_on_a_system_whose_right_hand_side_returns_an_array() {
    let (h, n) = (0.1, 20.0);
    for (omega, r) in [(0.9, 1.0), (2.0, -0.5)] {
        assert_every_mode!(rotated, omega, r);
        // Each step multiplies x + i y by 1 + i h ω = ρ e^(iφ): x_n = r ρ^n cos(n φ).
        let rho = (1.0 + h * h * omega * omega).sqrt();
        let phi = (h * omega).atan();
        let drho = h * h * omega / rho;
        let dphi = h / (1.0 + h * h * omega * omega);
        let (domega, dr) = gradient!(at: omega, r, of: rotated);
        assert_close(rotated(omega, r), r * rho.powf(n) * (n * phi).cos());
        assert_close(dr, rho.powf(n) * (n * phi).cos());
        assert_close(
            domega,
            r * n * rho.powf(n - 1.0) * (drho * (n * phi).cos() - rho * dphi * (n * phi).sin()),
        );
    }
}

#[test]
fn runge_kutta_on_a_system_given_by_name() {
    for (x0, v0) in [(0.5, 0.0), (-1.5, 0.8)] {
        assert_every_mode!(oscillator, x0, v0);
    }
}

#[test]
fn euler_keeping_its_trajectory() {
    let h = 0.1;
    for (k, y0) in [(0.6, 1.2), (3.0, -0.7)] {
        assert_every_mode!(trajectory_energy, k, y0);
        // y_j = y0 q^j with q = 1 − h k.
        let q: f64 = 1.0 - h * k;
        let sum: f64 = (0..=15).map(|j| q.powi(2 * j)).sum();
        let dsum: f64 = (1..=15)
            .map(|j| 2.0 * j as f64 * q.powi(2 * j - 1) * -h)
            .sum();
        let (dk, dy0) = gradient!(at: k, y0, of: trajectory_energy);
        assert_close(trajectory_energy(k, y0), h * y0 * y0 * sum);
        assert_close(dy0, 2.0 * h * y0 * sum);
        assert_close(dk, h * y0 * y0 * dsum);
    }
}

/// One kick and one drift of `h`, the acceleration given as a function.
#[differentiable]
fn kick_drift(p: &mut Particle, accel: impl Fn(f64) -> f64, h: f64) {
    p.v += h * accel(p.x);
    p.x += h * p.v;
}

#[differentiable]
fn unit_spring(x: f64) -> f64 {
    -x
}

/// Twenty steps on the spring `x'' = -k x`: ten given a closure literal, five a lent closure,
/// five the name of a differentiable function (with `k = 1` there).
#[differentiable]
fn symplectic_spring(x0: f64, k: f64) -> f64 {
    let mut p = Particle { x: x0, v: 0.0 };
    for _ in 0..10 {
        kick_drift(&mut p, |x| -k * x, 0.1);
    }
    let accel = |x: f64| -k * x;
    for _ in 0..5 {
        kick_drift(&mut p, &accel, 0.1);
        kick_drift(&mut p, unit_spring, 0.1);
    }
    p.x
}

#[test]
fn symplectic_euler_in_place_given_closures_and_a_name() {
    for (x0, k) in [(0.7, 1.3), (-1.2, 0.4)] {
        assert_every_mode!(symplectic_spring, x0, k);
        // Linear in the starting position: the derivative in x0 is the value at x0 = 1.
        let (dx0, _) = gradient!(at: x0, k, of: symplectic_spring);
        assert_close(dx0, symplectic_spring(1.0, k));
    }
}

/// A Runge-Kutta stage as ode_solvers writes it: the state advanced in place through the
/// pairs of `iter_mut().zip(..)`, in a `for` loop and in `for_each`.
#[differentiable]
fn advance(y: &mut [f64], k: &[f64], h: f64) {
    for (y, k) in y.iter_mut().zip(k.iter()) {
        *y += h * k;
    }
}

#[differentiable]
fn advance_each(y: &mut [f64], k: &[f64], h: f64) {
    y.iter_mut().zip(k.iter()).for_each(|(y, k)| *y += h * k);
}

#[test]
fn a_state_advanced_through_zipped_pairs() {
    let at = vec![0.5, 1.5, -0.3, 0.8, 0.1];
    let report = check_gradient!(at: at.clone(), of: |v: Vec<f64>| {
        let mut y = vec![v[0], v[1]];
        advance(&mut y, &[v[2], v[3]], v[4]);
        y[0] * 2.0 + y[1] * y[1]
    });
    assert!(report.is_ok(), "{:?}", report.err());
    let report = check_gradient!(at: at.clone(), of: |v: Vec<f64>| {
        let mut y = vec![v[0], v[1]];
        advance_each(&mut y, &[v[2], v[3]], v[4]);
        y[0] * 2.0 + y[1] * y[1]
    });
    assert!(report.is_ok(), "{:?}", report.err());
    // y0 + h k0 doubled, (y1 + h k1)²: in h, 2 k0 + 2 (y1 + h k1) k1.
    let grad = gradient!(at: at.clone(), of: |v: Vec<f64>| {
        let mut y = vec![v[0], v[1]];
        advance_each(&mut y, &[v[2], v[3]], v[4]);
        y[0] * 2.0 + y[1] * y[1]
    });
    crate::common::assert_close(grad[4], 2.0 * -0.3 + 2.0 * (1.5 + 0.1 * 0.8) * 0.8);
}
