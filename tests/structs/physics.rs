//! The two systems the issue names: a spring-mass system's energy as struct methods (one
//! spring, a chain of three springs and masses under gravity, and a system of nested
//! spring/mass structs), and a 2-D particle simulated over 100 explicit-Euler steps by a
//! struct with methods, differentiated with respect to the initial velocity and the
//! parameters.

use crate::{assert_close, assert_close_tol, assert_grad_fd};
use ad::prelude::*;
// The suite's operators, which also check forward mode against reverse mode.
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};

/// One mass `mass` at height `x` on a spring of stiffness `k` and rest length `rest`, under
/// gravity `g`.
#[derive(Differentiable, Clone, Debug)]
pub struct Spring {
    pub k: f64,
    pub rest: f64,
    pub mass: f64,
    pub x: f64,
}

impl Spring {
    #[differentiable]
    pub fn energy(&self, g: f64) -> f64 {
        let s = self.x - self.rest;
        0.5 * self.k * s * s + self.mass * g * self.x
    }
}

#[test]
fn single_spring_energy_method() {
    // E = ½k(x - L)² + m g x: ∂k = ½(x - L)², ∂L = -k(x - L), ∂m = g x, ∂x = k(x - L) + m g,
    // ∂g = m x
    for &(k, rest, mass, x, g) in &[
        (3.0, 1.0, 2.0, 1.4, 9.81),
        (0.5, 2.0, 0.1, -0.3, 1.62),
        (10.0, 0.2, 5.0, 0.0, 9.81),
    ] {
        let spring = Spring { k, rest, mass, x };
        let (dspring, dg) = gradient!(at: &spring, g, of: Spring::energy);
        let s = x - rest;
        assert_close(dspring.k, 0.5 * s * s);
        assert_close(dspring.rest, -k * s);
        assert_close(dspring.mass, g * x);
        assert_close(dspring.x, k * s + mass * g);
        assert_close(dg, mass * x);
        let (value, _) = value_with_gradient!(at: &spring, g, of: Spring::energy);
        assert_eq!(value, spring.energy(g));
    }
}

/// A vertical chain hanging from a ceiling at height 0: spring i joins mass i - 1 (the
/// ceiling for i = 0) to mass i. Heights `y`, velocities `v`.
#[derive(Differentiable, Clone, Debug)]
pub struct SpringChain {
    pub k: [f64; 3],
    pub rest: [f64; 3],
    pub mass: [f64; 3],
    pub y: [f64; 3],
    pub v: [f64; 3],
}

impl SpringChain {
    #[differentiable]
    pub fn kinetic(&self) -> f64 {
        let mut e = 0.0;
        for i in 0..3 {
            e += 0.5 * self.mass[i] * self.v[i] * self.v[i];
        }
        e
    }

    #[differentiable]
    pub fn potential(&self, g: f64) -> f64 {
        let mut e = 0.0;
        let mut above = 0.0;
        for i in 0..3 {
            let ext = above - self.y[i] - self.rest[i];
            e += 0.5 * self.k[i] * ext * ext + self.mass[i] * g * self.y[i];
            above = self.y[i];
        }
        e
    }

    #[differentiable]
    pub fn energy(&self, g: f64) -> f64 {
        self.kinetic() + self.potential(g)
    }
}

/// The chain from a flat parameter vector `[k; rest; mass; y; v]` (15 numbers).
fn chain_from(p: &[f64]) -> SpringChain {
    SpringChain {
        k: [p[0], p[1], p[2]],
        rest: [p[3], p[4], p[5]],
        mass: [p[6], p[7], p[8]],
        y: [p[9], p[10], p[11]],
        v: [p[12], p[13], p[14]],
    }
}

fn chain_tangent_flat(t: &SpringChainTangentVector) -> Vec<f64> {
    let mut flat = Vec::new();
    flat.extend_from_slice(&t.k);
    flat.extend_from_slice(&t.rest);
    flat.extend_from_slice(&t.mass);
    flat.extend_from_slice(&t.y);
    flat.extend_from_slice(&t.v);
    flat
}

#[test]
fn spring_chain_energy_with_gravity() {
    // ext_i = y_{i-1} - y_i - L_i (y_{-1} = 0), E = Σ ½ m_i v_i² + ½ k_i ext_i² + m_i g y_i:
    // ∂k_i = ½ ext_i², ∂L_i = -k_i ext_i, ∂m_i = ½ v_i² + g y_i, ∂v_i = m_i v_i,
    // ∂y_i = -k_i ext_i + k_{i+1} ext_{i+1} + m_i g, ∂g = Σ m_i y_i
    let points: [[f64; 15]; 2] = [
        [
            20.0, 15.0, 10.0, 1.0, 0.8, 0.5, 1.0, 2.0, 0.5, -1.2, -2.1, -2.9, 0.3, -0.4, 1.1,
        ],
        [
            5.0, 7.5, 3.0, 0.4, 0.6, 1.2, 0.2, 0.9, 1.5, -0.5, -0.7, -2.5, -1.0, 0.0, 2.0,
        ],
    ];
    for p in &points {
        for g in [9.81, 0.0, 3.7] {
            let chain = chain_from(p);
            let (value, (dchain, dg)) =
                value_with_gradient!(at: &chain, g, of: SpringChain::energy);
            assert_eq!(value, chain.energy(g));
            let (k, rest, mass, y, v) = (chain.k, chain.rest, chain.mass, chain.y, chain.v);
            let ext = [
                -y[0] - rest[0],
                y[0] - y[1] - rest[1],
                y[1] - y[2] - rest[2],
            ];
            for i in 0..3 {
                assert_close(dchain.k[i], 0.5 * ext[i] * ext[i]);
                assert_close(dchain.rest[i], -k[i] * ext[i]);
                assert_close(dchain.mass[i], 0.5 * v[i] * v[i] + g * y[i]);
                assert_close(dchain.v[i], mass[i] * v[i]);
                let below = if i < 2 { k[i + 1] * ext[i + 1] } else { 0.0 };
                assert_close(dchain.y[i], -k[i] * ext[i] + below + mass[i] * g);
            }
            assert_close(dg, mass[0] * y[0] + mass[1] * y[1] + mass[2] * y[2]);
            // and the whole gradient against finite differences of the original method
            let mut flat = chain_tangent_flat(&dchain);
            flat.push(dg);
            let mut point = p.to_vec();
            point.push(g);
            assert_grad_fd(|q| chain_from(&q[..15]).energy(q[15]), &point, &flat);
        }
    }
}

/// A mass as its own struct, nested in a two-mass system.
#[derive(Differentiable, Clone, Debug)]
pub struct Mass {
    pub m: f64,
    pub y: f64,
    pub v: f64,
}

impl Mass {
    #[differentiable]
    pub fn kinetic(&self) -> f64 {
        0.5 * self.m * self.v * self.v
    }

    #[differentiable]
    pub fn gravity(&self, g: f64) -> f64 {
        self.m * g * self.y
    }
}

/// Two masses, a spring from the ceiling to `top` and one from `top` to `bottom`.
#[derive(Differentiable, Clone, Debug)]
pub struct TwoMassSystem {
    pub top: Mass,
    pub bottom: Mass,
    pub k_top: f64,
    pub k_bottom: f64,
    pub rest: (f64, f64),
}

impl TwoMassSystem {
    #[differentiable]
    pub fn kinetic(&self) -> f64 {
        self.top.kinetic() + self.bottom.kinetic()
    }

    #[differentiable]
    pub fn potential(&self, g: f64) -> f64 {
        let e1 = -self.top.y - self.rest.0;
        let e2 = self.top.y - self.bottom.y - self.rest.1;
        0.5 * self.k_top * e1 * e1
            + 0.5 * self.k_bottom * e2 * e2
            + self.top.gravity(g)
            + self.bottom.gravity(g)
    }

    #[differentiable]
    pub fn energy(&self, g: f64) -> f64 {
        self.kinetic() + self.potential(g)
    }
}

fn two_mass_from(p: &[f64]) -> TwoMassSystem {
    TwoMassSystem {
        top: Mass {
            m: p[0],
            y: p[1],
            v: p[2],
        },
        bottom: Mass {
            m: p[3],
            y: p[4],
            v: p[5],
        },
        k_top: p[6],
        k_bottom: p[7],
        rest: (p[8], p[9]),
    }
}

#[test]
fn nested_mass_structs_energy() {
    // e1 = -y_t - L1, e2 = y_t - y_b - L2:
    // ∂y_t = -k_t e1 + k_b e2 + m_t g, ∂y_b = -k_b e2 + m_b g, ∂v_t = m_t v_t,
    // ∂m_b = ½ v_b² + g y_b, ∂L1 = -k_t e1, ∂L2 = -k_b e2, ∂k_b = ½ e2²
    for p in [
        [1.0, -1.3, 0.4, 2.0, -2.2, -0.1, 12.0, 8.0, 1.0, 0.7],
        [0.3, -0.2, -2.0, 0.8, -1.9, 1.5, 4.0, 30.0, 0.5, 1.1],
    ] {
        let g = 9.81;
        let sys = two_mass_from(&p);
        let (value, (d, dg)) = value_with_gradient!(at: &sys, g, of: TwoMassSystem::energy);
        assert_eq!(value, sys.energy(g));
        let e1 = -p[1] - p[8];
        let e2 = p[1] - p[4] - p[9];
        assert_close(d.top.y, -p[6] * e1 + p[7] * e2 + p[0] * g);
        assert_close(d.bottom.y, -p[7] * e2 + p[3] * g);
        assert_close(d.top.v, p[0] * p[2]);
        assert_close(d.bottom.m, 0.5 * p[5] * p[5] + g * p[4]);
        assert_close(d.rest.0, -p[6] * e1);
        assert_close(d.rest.1, -p[7] * e2);
        assert_close(d.k_bottom, 0.5 * e2 * e2);
        assert_close(dg, p[0] * p[1] + p[3] * p[4]);
        let flat = [
            d.top.m, d.top.y, d.top.v, d.bottom.m, d.bottom.y, d.bottom.v, d.k_top, d.k_bottom,
            d.rest.0, d.rest.1, dg,
        ];
        let mut point = p.to_vec();
        point.push(g);
        assert_grad_fd(|q| two_mass_from(q).energy(q[10]), &point, &flat);
    }
}

/// A point particle in the plane.
#[derive(Differentiable, Clone, Copy, Debug, PartialEq)]
pub struct Particle {
    pub x: f64,
    pub y: f64,
    pub vx: f64,
    pub vy: f64,
}

/// A particle under gravity and linear drag, stepped by explicit Euler `steps` times with
/// time step `dt`.
#[derive(Differentiable, Clone, Debug)]
pub struct World {
    pub particle: Particle,
    pub drag: f64,
    pub gravity: f64,
    pub dt: f64,
    pub steps: usize,
}

impl World {
    #[differentiable]
    pub fn acceleration(&self, p: &Particle) -> (f64, f64) {
        (-self.drag * p.vx, -self.gravity - self.drag * p.vy)
    }

    #[differentiable]
    pub fn step(&self, p: &Particle) -> Particle {
        let (ax, ay) = self.acceleration(p);
        Particle {
            x: p.x + self.dt * p.vx,
            y: p.y + self.dt * p.vy,
            vx: p.vx + self.dt * ax,
            vy: p.vy + self.dt * ay,
        }
    }

    #[differentiable]
    pub fn run(&self) -> Particle {
        let mut p = self.step(&self.particle);
        for _ in 1..self.steps {
            p = self.step(&p);
        }
        p
    }

    #[differentiable]
    pub fn final_x(&self) -> f64 {
        let p = self.run();
        p.x
    }

    #[differentiable]
    pub fn final_y(&self) -> f64 {
        let p = self.run();
        p.y
    }

    /// Squared distance of the final position from a target.
    #[differentiable]
    pub fn miss(&self, tx: f64, ty: f64) -> f64 {
        let p = self.run();
        let dx = p.x - tx;
        let dy = p.y - ty;
        dx * dx + dy * dy
    }
}

fn world(x: f64, y: f64, vx: f64, vy: f64, drag: f64, gravity: f64) -> World {
    world_dt(x, y, vx, vy, drag, gravity, 0.01)
}

fn world_dt(x: f64, y: f64, vx: f64, vy: f64, drag: f64, gravity: f64, dt: f64) -> World {
    World {
        particle: Particle { x, y, vx, vy },
        drag,
        gravity,
        dt,
        steps: 100,
    }
}

#[test]
fn particle_simulation_closed_form() {
    // r = 1 - dt c, vx_n = rⁿ vx0, x_N = x0 + dt vx0 Σ_{n<N} rⁿ:
    // ∂x_N/∂vx0 = dt Σ rⁿ, ∂x_N/∂c = -dt² vx0 Σ_{n<N} n rⁿ⁻¹, ∂x_N/∂x0 = 1.
    // vy_n = rⁿ vy0 - dt g Σ_{j<n} rʲ, y_N = y0 + dt Σ_{n<N} vy_n:
    // ∂y_N/∂vy0 = dt Σ rⁿ, ∂y_N/∂g = -dt² Σ_{n<N} Σ_{j<n} rʲ
    let n = 100;
    for &(vx, vy, c, g) in &[(3.0, 4.0, 0.5, 9.81), (-1.0, 10.0, 2.0, 1.62)] {
        let w = world(0.2, 1.0, vx, vy, c, g);
        let dt = w.dt;
        let r = 1.0 - dt * c;
        let geometric: f64 = (0..n).map(|k| r.powi(k)).sum();
        let weighted: f64 = (1..n).map(|k| k as f64 * r.powi(k - 1)).sum();
        let double: f64 = (0..n).map(|k| (0..k).map(|j| r.powi(j)).sum::<f64>()).sum();

        let (value, dx) = value_with_gradient!(at: &w, of: World::final_x);
        assert_eq!(value, w.final_x());
        assert_close_tol(dx.particle.vx, dt * geometric, 1e-11);
        assert_close_tol(dx.drag, -dt * dt * vx * weighted, 1e-11);
        assert_close_tol(dx.particle.x, 1.0, 1e-11);
        assert_close_tol(dx.particle.y, 0.0, 1e-11);
        assert_close_tol(dx.particle.vy, 0.0, 1e-11);
        assert_close_tol(dx.gravity, 0.0, 1e-11);

        let dy = gradient!(at: &w, of: World::final_y);
        assert_close_tol(dy.particle.vy, dt * geometric, 1e-11);
        assert_close_tol(dy.gravity, -dt * dt * double, 1e-11);
        assert_close_tol(dy.particle.vx, 0.0, 1e-11);
        assert_close_tol(dy.particle.y, 1.0, 1e-11);
    }
}

#[test]
fn particle_simulation_miss_distance() {
    // gradient w.r.t. the initial velocity, the drag, gravity, the time step and the target,
    // against finite differences of the original method
    for &(vx, vy, c, g, tx, ty) in &[
        (3.0, 4.0, 0.5, 9.81, 2.0, -1.0),
        (1.0, 8.0, 0.1, 9.81, 1.5, 3.0),
        (-2.0, 0.5, 1.5, 3.7, 0.0, 0.0),
    ] {
        let w = world(0.0, 0.0, vx, vy, c, g);
        let (value, (dw, dtx, dty)) = value_with_gradient!(at: &w, tx, ty, of: World::miss);
        assert_eq!(value, w.miss(tx, ty));
        // the tangent has exactly these fields: `steps` is an integer
        let WorldTangentVector {
            particle,
            drag,
            gravity,
            dt,
        } = dw;
        // the time step through the total time T = 100 dt (a finite-difference step in dt
        // itself would be too coarse): ∂/∂T = ∂/∂dt / 100
        assert_grad_fd(
            |q| world_dt(q[0], q[1], q[2], q[3], q[4], q[5], q[8] / 100.0).miss(q[6], q[7]),
            &[0.0, 0.0, vx, vy, c, g, tx, ty, 1.0],
            &[
                particle.x,
                particle.y,
                particle.vx,
                particle.vy,
                drag,
                gravity,
                dtx,
                dty,
                dt / 100.0,
            ],
        );
        // the final position and the target enter as p - t
        let end = w.run();
        assert_close_tol(dtx, -2.0 * (end.x - tx), 1e-12);
        assert_close_tol(dty, -2.0 * (end.y - ty), 1e-12);
    }
}

impl World {
    /// The same kind of simulation written with compound field assignment on a mutable local
    /// particle, under a nonlinear force: a soft central spring of strength `k` and quadratic
    /// drag. Returns a mix of the final position and velocity.
    #[differentiable]
    pub fn run_in_place(&self, k: f64) -> f64 {
        let mut p = Particle {
            x: self.particle.x,
            y: self.particle.y,
            vx: self.particle.vx,
            vy: self.particle.vy,
        };
        for _ in 0..self.steps {
            let r2 = p.x * p.x + p.y * p.y + 1.0;
            let speed = (p.vx * p.vx + p.vy * p.vy).sqrt();
            let ax = -k * p.x / r2 - self.drag * speed * p.vx;
            let ay = -k * p.y / r2 - self.drag * speed * p.vy - self.gravity;
            p.x += self.dt * p.vx;
            p.y += self.dt * p.vy;
            p.vx += self.dt * ax;
            p.vy += self.dt * ay;
        }
        p.x * p.x + p.y + 0.1 * p.vx * p.vy
    }
}

#[test]
fn particle_simulation_in_place_nonlinear() {
    for &(x, y, vx, vy, c, g, k) in &[
        (1.0, 0.0, 0.0, 1.0, 0.2, 0.0, 4.0),
        (0.5, -0.3, 2.0, 1.0, 0.05, 9.81, 1.0),
        (-1.0, 2.0, 0.3, -0.7, 0.4, 1.62, 10.0),
    ] {
        let w = world(x, y, vx, vy, c, g);
        let (value, (dw, dk)) = value_with_gradient!(at: &w, k, of: World::run_in_place);
        assert_eq!(value, w.run_in_place(k));
        assert_grad_fd(
            |q| world(q[0], q[1], q[2], q[3], q[4], q[5]).run_in_place(q[6]),
            &[x, y, vx, vy, c, g, k],
            &[
                dw.particle.x,
                dw.particle.y,
                dw.particle.vx,
                dw.particle.vy,
                dw.drag,
                dw.gravity,
                dk,
            ],
        );
    }
}
