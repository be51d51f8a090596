//! Physics simulations: explicit Euler of a damped spring, a bouncing ball with restitution,
//! a projectile stopped by a data-dependent `break` with an interpolated landing point, and a
//! simulation stepping a helper function with control flow.

use crate::{assert_close_tol, assert_grad_fd};
use ad::prelude::*;
// The suite's operators, which also check forward mode against reverse mode.
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};

/// Explicit Euler of x'' = -k x - c x' over 100 steps of dt; returns the final position plus
/// a quarter of the final velocity.
#[differentiable]
fn damped_spring(c: f64, v0: f64, k: f64) -> f64 {
    let dt = 0.05;
    let mut x = 1.0;
    let mut v = v0;
    for _ in 0..100 {
        let a = -k * x - c * v;
        x += dt * v;
        v += dt * a;
    }
    x + 0.25 * v
}

/// The state map of one Euler step is linear, [x, v] ← A [x, v] with
/// A = [[1, dt], [-k dt, 1 - c dt]]: the result is (1, 0.25) · A¹⁰⁰ · (1, v0).
fn euler_matrix_power(c: f64, k: f64) -> [[f64; 2]; 2] {
    let dt = 0.05;
    let a = [[1.0, dt], [-k * dt, 1.0 - c * dt]];
    let mut p = [[1.0, 0.0], [0.0, 1.0]];
    for _ in 0..100 {
        let q = p;
        for i in 0..2 {
            for j in 0..2 {
                p[i][j] = a[i][0] * q[0][j] + a[i][1] * q[1][j];
            }
        }
    }
    p
}

#[test]
fn damped_spring_euler() {
    for &(c, v0, k) in &[(0.3, 0.5, 4.0), (1.2, -2.0, 1.0), (0.05, 0.0, 9.0)] {
        let (value, (dc, dv0, dk)) = value_with_gradient!(at: c, v0, k, of: damped_spring);
        assert_eq!(value, damped_spring(c, v0, k));
        assert_grad_fd(
            |p| damped_spring(p[0], p[1], p[2]),
            &[c, v0, k],
            &[dc, dv0, dk],
        );
        // closed form for the initial velocity: ∂/∂v0 = (1, 0.25) · A¹⁰⁰ · (0, 1)
        let p = euler_matrix_power(c, k);
        assert_close_tol(dv0, p[0][1] + 0.25 * p[1][1], 1e-11);
        assert_close_tol(
            value,
            p[0][0] + 0.25 * p[1][0] + v0 * (p[0][1] + 0.25 * p[1][1]),
            1e-11,
        );
    }
}

/// Only the damping and the initial velocity are differentiated (`wrt`).
#[differentiable(wrt = (c, v0))]
fn spring_energy(c: f64, v0: f64, k: f64) -> f64 {
    let dt = 0.02;
    let mut x = 0.0;
    let mut v = v0;
    let mut t = 0.0;
    while t < 2.0 {
        let a = -k * x - c * v;
        v += dt * a;
        x += dt * v;
        t += dt;
    }
    0.5 * v * v + 0.5 * k * x * x
}

#[test]
fn spring_energy_wrt_damping_and_velocity() {
    for &(c, v0) in &[(0.4, 1.0), (2.0, -0.7)] {
        let k = 3.0;
        let (value, (dc, dv0, _)) = value_with_gradient!(at: c, v0, k, of: spring_energy);
        assert_eq!(value, spring_energy(c, v0, k));
        assert_grad_fd(|p| spring_energy(p[0], p[1], k), &[c, v0], &[dc, dv0]);
        // the energy is quadratic in v0 with x(0) = 0: ∂/∂v0 = 2E / v0
        assert_close_tol(dv0, 2.0 * value / v0, 1e-10);
    }
}

/// A ball dropped from height h with horizontal speed u, bouncing with restitution e.
#[differentiable]
fn bouncing_ball(h: f64, e: f64, u: f64) -> f64 {
    let dt = 0.01;
    let g = 9.81;
    let mut y = h;
    let mut vy = 0.0;
    let mut x = 0.0;
    let mut bounces = 0;
    for _ in 0..300 {
        vy -= g * dt;
        y += vy * dt;
        x += u * dt;
        if y < 0.0 {
            y = -y * e;
            vy = -vy * e;
            bounces += 1;
        }
    }
    y + 0.1 * x + bounces as f64
}

#[test]
fn bouncing_ball_with_restitution() {
    for &(h, e, u) in &[(2.0, 0.8, 1.0), (1.0, 0.5, -0.3), (3.3, 0.9, 0.0)] {
        let (value, (dh, de, du)) = value_with_gradient!(at: h, e, u, of: bouncing_ball);
        assert_eq!(value, bouncing_ball(h, e, u));
        assert_grad_fd(
            |p| bouncing_ball(p[0], p[1], p[2]),
            &[h, e, u],
            &[dh, de, du],
        );
        // x = 3u, so ∂u = 0.1 · 3 exactly up to rounding
        assert_close_tol(du, 0.3, 1e-12);
    }
}

/// A projectile with linear drag, stepped until it falls below the ground (`loop` with a
/// data-dependent `break`); the landing point is interpolated in the last step.
#[differentiable]
fn projectile_range(speed: f64, angle: f64, drag: f64) -> f64 {
    let dt = 0.01;
    let mut x = 0.0;
    let mut y = 0.0;
    let mut vx = speed * angle.cos();
    let mut vy = speed * angle.sin();
    let mut px = x;
    let mut py = y;
    let mut steps = 0;
    loop {
        vx -= drag * vx * dt;
        vy -= (9.81 + drag * vy) * dt;
        x += vx * dt;
        y += vy * dt;
        steps += 1;
        if y < 0.0 || steps > 10_000 {
            break;
        }
        px = x;
        py = y;
    }
    px + (x - px) * py / (py - y)
}

#[test]
fn projectile_range_with_break() {
    // Without drag vx = v cos θ stays constant and the positions at the steps lie exactly on
    // y_k = dt (k v sin θ - g dt k(k+1)/2), x_k = k vx dt. If y_n is the first negative one,
    // with m = n - 1, H = g dt n, G = g dt m n / 2:
    // R = vx dt (m + (m v sin θ - G) / (H - v sin θ)),
    // ∂R/∂v = R / v + vx dt sin θ (m H - G) / (H - v sin θ)².
    for &(s, a, d) in &[
        (10.0f64, 0.6f64, 0.1f64),
        (25.0, 1.1, 0.3),
        (5.0, 0.3, 0.0),
        (12.0, 0.9, 0.0),
    ] {
        let (value, (ds, da, dd)) = value_with_gradient!(at: s, a, d, of: projectile_range);
        assert_eq!(value, projectile_range(s, a, d));
        assert_grad_fd(
            |p| projectile_range(p[0], p[1], p[2]),
            &[s, a, d],
            &[ds, da, dd],
        );
        if d == 0.0 {
            let (dt, g) = (0.01, 9.81);
            let (vx, vs) = (s * a.cos(), s * a.sin());
            let y = |k: f64| dt * (k * vs - g * dt * k * (k + 1.0) / 2.0);
            let mut n = 1.0;
            while y(n) >= 0.0 {
                n += 1.0;
            }
            let m = n - 1.0;
            let (h, gg) = (g * dt * n, g * dt * m * n / 2.0);
            let range = vx * dt * (m + (m * vs - gg) / (h - vs));
            assert_close_tol(value, range, 1e-9);
            assert_close_tol(
                ds,
                range / s + vx * dt * a.sin() * (m * h - gg) / (h - vs).powi(2),
                1e-9,
            );
        }
    }
}

/// One step of a relaxation with a kink: a helper with control flow called in a loop.
#[differentiable]
fn relax(u: f64, target: f64, rate: f64) -> f64 {
    let d = target - u;
    if d.abs() < 0.1 {
        u + d * 0.5
    } else if d > 0.0 {
        u + rate * d.sqrt()
    } else {
        u - rate * (-d).sqrt()
    }
}

#[differentiable]
fn relaxation(u0: f64, target: f64, rate: f64, n: usize) -> f64 {
    let mut u = u0;
    let mut i = 0;
    while i < n {
        u = relax(u, target, rate);
        i += 1;
    }
    u * u
}

#[test]
fn simulation_stepping_a_helper_with_branches() {
    for &(u0, t, r) in &[(0.0, 2.0, 0.3), (3.0, -1.0, 0.5), (0.5, 0.55, 0.2)] {
        for n in [1usize, 6, 20] {
            let (value, (du, dt, dr, _)) = value_with_gradient!(at: u0, t, r, n, of: relaxation);
            assert_eq!(value, relaxation(u0, t, r, n));
            assert_grad_fd(
                |p| relaxation(p[0], p[1], p[2], n),
                &[u0, t, r],
                &[du, dt, dr],
            );
        }
    }
}
