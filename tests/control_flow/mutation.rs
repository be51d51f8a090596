//! Vectors changed in place: element writes `v[i] = ..`, `v[i] += ..`, `m[i][j] = ..`,
//! `v.push(..)`, and vectors built with `vec![..]`. In the IR each write makes a new version of
//! the vector; the pullback hands the written element's cotangent to the value written and
//! the rest to the previous version, so values overwritten (even several times) get exactly
//! the derivative of what survives.

use crate::*;
use ad::prelude::*;
// The suite's operators, which also check forward mode against reverse mode.
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};

/// A cumulative sum written with element writes, then weighted.
#[differentiable]
fn weighted_cumsum(xs: &[f64]) -> f64 {
    let n = xs.len();
    let mut c = vec![0.0; n];
    c[0] = xs[0];
    for i in 1..n {
        c[i] = c[i - 1] + xs[i] * xs[i];
    }
    let mut total = 0.0;
    for k in 0..n {
        total += c[k] * (k + 1) as f64;
    }
    total
}

#[test]
fn cumulative_sum_with_element_writes() {
    let xs = [0.5, -1.0, 2.0, 0.25];
    let g = gradient!(at: &xs, of: weighted_cumsum);
    // Closed form: c_k = x_0 + sum_{1..=k} x_i^2, weights (k + 1): d/dx_0 = sum of weights,
    // d/dx_i = 2 x_i * sum_{k >= i} (k + 1).
    let weight_from = |i: usize| (i..xs.len()).map(|k| (k + 1) as f64).sum::<f64>();
    let want: Vec<f64> = (0..xs.len())
        .map(|i| {
            if i == 0 {
                weight_from(0)
            } else {
                2.0 * xs[i] * weight_from(i)
            }
        })
        .collect();
    assert_all_close(&g, &want);
    assert_grad_fd(weighted_cumsum, &xs, &g);
}

/// The same element written again and again: only the last write survives.
#[differentiable]
fn overwrite_repeatedly(x: f64, y: f64) -> f64 {
    let mut v = vec![x, y, x * y];
    v[0] = v[0] * 2.0;
    v[0] = v[0] + y;
    v[2] = v[0] * v[1];
    v[1] = 3.0;
    v.push(x.sin());
    v[2] + v[3] * v[0] + v[1]
}

#[test]
fn overwriting_the_same_element() {
    for (x, y) in [(0.7, 1.3), (-1.2, 0.4)] {
        let (dx, dy) = gradient!(at: x, y, of: overwrite_repeatedly);
        // v0 = 2x + y, v2 = v0 y, v3 = sin x: f = (2x + y) y + sin(x) (2x + y) + 3.
        let (v0, s, c) = (2.0 * x + y, x.sin(), x.cos());
        assert_close(dx, 2.0 * y + c * v0 + 2.0 * s);
        assert_close(dy, v0 + y + s);
        assert_grad_fd(|p| overwrite_repeatedly(p[0], p[1]), &[x, y], &[dx, dy]);
    }
}

/// Writes into a matrix stored as rows.
#[differentiable]
fn matrix_writes(x: f64, n: usize) -> f64 {
    let mut m = vec![vec![0.0; n]; n];
    for i in 0..n {
        for j in 0..n {
            m[i][j] = x * (i + 2 * j) as f64;
        }
    }
    for i in 1..n {
        m[i][0] += m[i - 1][1] * x;
    }
    let mut s = 0.0;
    for row in m.iter() {
        for v in row.iter() {
            s += v * v;
        }
    }
    s
}

#[test]
fn element_writes_in_a_matrix_of_rows() {
    for x in [-0.6, 0.3, 1.1] {
        let (dx, _) = gradient!(at: x, 4, of: matrix_writes);
        assert_deriv_fd(|x| matrix_writes(x, 4), x, dx);
    }
}

/// A vector built with `push` in a loop, then reduced.
#[differentiable]
fn pushed_then_reduced(x: f64, n: usize) -> f64 {
    let mut powers = vec![1.0];
    for k in 0..n {
        let last = powers[k];
        powers.push(last * x);
    }
    let mut s = 0.0;
    for p in powers.iter() {
        s += p / (1.0 + p);
    }
    s
}

#[test]
fn push_in_a_loop() {
    for x in [0.4, 0.9, 1.6] {
        let (dx, _) = gradient!(at: x, 6, of: pushed_then_reduced);
        // s = sum_{k=0..=n} x^k / (1 + x^k): ds/dx = sum k x^(k-1) / (1 + x^k)^2.
        let want: f64 = (1..=6)
            .map(|k| k as f64 * x.powi(k - 1) / (1.0 + x.powi(k)).powi(2))
            .sum();
        assert_close(dx, want);
    }
}

/// A 2-D particle system updated in place over 100 steps: positions and velocities in
/// vectors, a spring to the origin and drag; the loss is the final distance to a target.
#[differentiable]
fn particles(v0: &[f64], drag: f64) -> f64 {
    let n = v0.len() / 2;
    let dt = 0.01;
    let mut pos = vec![0.0; 2 * n];
    let mut vel = vec![0.0; 2 * n];
    for i in 0..2 * n {
        vel[i] = v0[i];
        pos[i] = 0.1 * i as f64;
    }
    for _ in 0..100 {
        for i in 0..2 * n {
            let a = -4.0 * pos[i] - drag * vel[i];
            vel[i] += dt * a;
            pos[i] += dt * vel[i];
        }
    }
    let mut loss = 0.0;
    for i in 0..n {
        let dx = pos[2 * i] - 1.0;
        let dy = pos[2 * i + 1] + 0.5;
        loss += dx * dx + dy * dy;
    }
    loss
}

#[test]
fn particle_simulation_updated_in_place() {
    let v0 = [1.0, -0.5, 0.3, 2.0, -1.0, 0.7];
    for drag in [0.1, 0.8] {
        let (dv, ddrag) = gradient!(at: &v0, drag, of: particles);
        let point = concat(&v0, &[drag]);
        let got = concat(&dv, &[ddrag]);
        assert_grad_fd(|p| particles(&p[..6], p[6]), &point, &got);
        let (value, _) = value_with_gradient!(at: &v0, drag, of: particles);
        assert_eq!(value, particles(&v0, drag));
    }
}

/// `vec![a, b, c]` of differentiated values, one of them twice.
#[differentiable]
fn listed(x: f64, y: f64) -> f64 {
    let v = vec![x * y, x, x * y, y.exp()];
    v[0] * v[1] + v[2] - v[3] * v[0]
}

#[test]
fn vectors_listed_from_values() {
    let (dx, dy) = gradient!(at: 0.8, -0.3, of: listed);
    assert_grad_fd(|p| listed(p[0], p[1]), &[0.8, -0.3], &[dx, dy]);
}

#[derive(Differentiable, Clone, Debug)]
pub struct Pendulum {
    pub length: f64,
    pub angle: f64,
    pub damping: f64,
}

/// A struct built from another with `..base`: the fields not listed come from `base`.
#[differentiable]
fn swung(p: &Pendulum, push: f64) -> f64 {
    let mut q = Pendulum {
        angle: p.angle + push,
        ..p.clone()
    };
    q.damping *= 0.5;
    let r = Pendulum {
        length: q.length * 2.0,
        ..q
    };
    r.length * r.angle.sin() + r.damping * push
}

#[test]
fn struct_update_syntax() {
    let p = Pendulum {
        length: 1.5,
        angle: 0.4,
        damping: 0.2,
    };
    let (dp, dpush) = gradient!(at: &p, 0.3, of: swung);
    let f = |v: &[f64]| {
        swung(
            &Pendulum {
                length: v[0],
                angle: v[1],
                damping: v[2],
            },
            v[3],
        )
    };
    let got = [dp.length, dp.angle, dp.damping, dpush];
    assert_grad_fd(f, &[1.5, 0.4, 0.2, 0.3], &got);
}
