//! A two-link planar arm written with nalgebra (`cargo run --example two_link_arm --features
//! nalgebra`): its energy and the gradient of it, the Jacobian of the end effector, the mass
//! matrix as a Hessian, and inverse kinematics by gradient descent, each checked against the
//! closed form a robotics textbook gives.

use ad::nalgebra::{Matrix2, Vector2};
use ad::prelude::*;

/// Link lengths (m), masses at the link ends (kg), gravity (m/s²).
const L1: f64 = 1.0;
const L2: f64 = 0.7;
const M1: f64 = 2.0;
const M2: f64 = 1.2;
const G: f64 = 9.81;

/// The arm's state: joint angles (from the x axis, then relative) and their rates.
#[derive(Differentiable, Clone, Debug)]
pub struct ArmState {
    pub q: Vector2<f64>,
    pub qdot: Vector2<f64>,
}

/// Where the end effector is.
#[differentiable]
pub fn end_effector(q: &Vector2<f64>) -> Vector2<f64> {
    let elbow = Vector2::new(L1 * q[0].cos(), L1 * q[0].sin());
    let a = q[0] + q[1];
    elbow + Vector2::new(L2 * a.cos(), L2 * a.sin())
}

impl ArmState {
    /// Kinetic energy of the two point masses.
    #[differentiable]
    pub fn kinetic(&self) -> f64 {
        let (q, w) = (self.q, self.qdot);
        let a = q[0] + q[1];
        let v1 = Vector2::new(-q[0].sin(), q[0].cos()) * (L1 * w[0]);
        let v2 = v1 + Vector2::new(-a.sin(), a.cos()) * (L2 * (w[0] + w[1]));
        0.5 * M1 * v1.norm_squared() + 0.5 * M2 * v2.norm_squared()
    }

    /// Potential energy in gravity.
    #[differentiable]
    pub fn potential(&self) -> f64 {
        let y1 = L1 * self.q[0].sin();
        let y2 = end_effector(&self.q)[1];
        G * (M1 * y1 + M2 * y2)
    }

    /// Total energy.
    #[differentiable]
    pub fn energy(&self) -> f64 {
        self.kinetic() + self.potential()
    }
}

/// Squared distance of the end effector from a target.
#[differentiable(wrt = q)]
fn miss(q: &Vector2<f64>, target: &Vector2<f64>) -> f64 {
    (end_effector(q) - target).norm_squared()
}

fn main() {
    let state = ArmState {
        q: Vector2::new(0.6, 0.9),
        qdot: Vector2::new(1.5, -0.4),
    };
    let (q1, q12) = (state.q[0], state.q[0] + state.q[1]);

    // The energy and its gradient: with respect to q the gravity torques (and the
    // configuration dependence of the kinetic energy), with respect to qdot the momenta.
    let (e, d) = value_with_gradient!(at: &state, of: ArmState::energy);
    println!("energy E = {e:.6} J");
    println!("dE/dq    = {:.6?}", d.q.as_slice());
    println!("dE/dqdot = {:.6?} (generalized momenta)", d.qdot.as_slice());

    // The Jacobian of the end effector, an nalgebra matrix, against the closed form.
    let j: Matrix2<f64> = jacobian!(at: &state.q, of: end_effector);
    let want = Matrix2::new(
        -L1 * q1.sin() - L2 * q12.sin(),
        -L2 * q12.sin(),
        L1 * q1.cos() + L2 * q12.cos(),
        L2 * q12.cos(),
    );
    println!("Jacobian of the end effector:{j:.6}");
    assert!((j - want).norm() < 1e-12);

    // Gravity torques are the potential's gradient: Jᵀ of the weights.
    let dv = gradient!(at: &state, of: ArmState::potential).q;
    let weights = Vector2::new(0.0, M2 * G);
    let elbow = Vector2::new(M1 * G * L1 * q1.cos(), 0.0);
    let torques = j.transpose() * weights + elbow;
    println!("gravity torques {:.6?}", dv.as_slice());
    assert!((dv - torques).norm() < 1e-12);

    // The mass matrix is the Hessian of the kinetic energy in the rates, and the momenta are
    // that matrix times the rates.
    let q = state.q;
    let mass: Matrix2<f64> = hessian!(at: state.qdot, of: |w: Vector2<f64>| {
        ArmState { q, qdot: w }.kinetic()
    });
    println!("mass matrix M(q):{mass:.6}");
    assert!((mass * state.qdot - d.qdot).norm() < 1e-12);
    let c = q[1].cos();
    let m11 = M1 * L1 * L1 + M2 * (L1 * L1 + L2 * L2 + 2.0 * L1 * L2 * c);
    assert!((mass[(0, 0)] - m11).abs() < 1e-12);

    // Inverse kinematics: move the joints until the end effector reaches a target.
    let target = Vector2::new(0.4, 1.2);
    let mut q = Vector2::new(0.3, 0.3);
    for step in 0..=200 {
        let (m, g) = value_with_gradient!(at: &q, of: |q| miss(q, &target));
        if step % 50 == 0 {
            println!(
                "inverse kinematics step {step:3}: miss² = {m:.3e}, q = {:.4?}",
                q.as_slice()
            );
        }
        q -= 0.2 * g;
    }
    let reached = end_effector(&q);
    println!(
        "reached {:.6?} for target {:.6?}",
        reached.as_slice(),
        target.as_slice()
    );
    assert!((reached - target).norm() < 1e-6);
}
