//! The derived tangents as values: `move_by` in gradient descent on struct models (the loss
//! decreases, each gradient matches finite differences), `zero_tangent`, and the
//! `TangentVector` arithmetic (`zero`, `add`, `add_assign`, `scaled`) of tangents that
//! came out of `gradient!`, for flat, `Vec`, nested, tuple-struct and generic tangents.

use crate::{assert_all_close, assert_close, assert_grad_fd};
use ad::prelude::*;
// The suite's operators, which also check forward mode against reverse mode.
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};

/// A linear model with a `Vec` of weights, a bias and a fixed, non-trained feature scale.
#[derive(Differentiable, Clone, Debug)]
pub struct Linear {
    pub w: Vec<f64>,
    pub b: f64,
    #[no_derivative]
    pub feature_scale: f64,
}

// Does not compile (bugs): `self.w[i]` reads the `Vec` field through `&self` by move, and the
// `#[no_derivative]` field `self.feature_scale` is used in arithmetic.
impl Linear {
    #[differentiable]
    pub fn predict(&self, x: &[f64]) -> f64 {
        let mut s = self.b;
        for i in 0..x.len() {
            s += self.w[i] * x[i] * self.feature_scale;
        }
        s
    }

    /// Mean squared error over rows of `xs` (row-major, `w.len()` columns).
    #[differentiable]
    pub fn loss(&self, xs: &[f64], ys: &[f64]) -> f64 {
        let n = self.w.len();
        let mut total = 0.0;
        for r in 0..ys.len() {
            let mut s = self.b;
            for i in 0..n {
                s += self.w[i] * xs[r * n + i] * self.feature_scale;
            }
            let e = s - ys[r];
            total += e * e;
        }
        total / ys.len() as f64
    }
}

fn linear_from(q: &[f64], feature_scale: f64) -> Linear {
    Linear {
        w: q[..q.len() - 1].to_vec(),
        b: q[q.len() - 1],
        feature_scale,
    }
}

#[test]
fn gradient_descent_with_move_by() {
    let xs = vec![
        1.0, 0.0, 2.0, //
        0.5, 1.0, -1.0, //
        -1.0, 2.0, 0.0, //
        2.0, 1.5, 1.0, //
        0.0, -0.5, 0.5,
    ];
    let ys = vec![3.0, 0.2, 1.7, 4.5, 0.4];
    let mut model = Linear {
        w: vec![0.0, 0.0, 0.0],
        b: 0.0,
        feature_scale: 0.8,
    };
    let lr = 0.1;
    let mut last = model.loss(&xs, &ys);
    for _ in 0..8 {
        let (value, grad) = value_with_gradient!(at: &model, of: |m: &Linear| m.loss(&xs, &ys));
        assert_eq!(value, last);
        assert_eq!(grad.w.len(), 3);
        let mut point = model.w.clone();
        point.push(model.b);
        let mut flat = grad.w.clone();
        flat.push(grad.b);
        assert_grad_fd(|q| linear_from(q, 0.8).loss(&xs, &ys), &point, &flat);

        let before = model.clone();
        model.move_by(&grad.clone().scaled(-lr));
        // move_by is field-wise `+=`; the fixed field is untouched
        for i in 0..3 {
            assert_close(model.w[i], before.w[i] - lr * grad.w[i]);
        }
        assert_close(model.b, before.b - lr * grad.b);
        assert_eq!(model.feature_scale, 0.8);

        let now = model.loss(&xs, &ys);
        assert!(now < last, "loss went from {last} to {now}");
        last = now;
    }
}

#[derive(Differentiable, Clone, Copy, Debug, PartialEq)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

/// A two-joint arm: joint angles and link lengths, the hand position from forward
/// kinematics.
#[derive(Differentiable, Clone, Debug)]
pub struct Arm {
    pub angles: [f64; 2],
    pub lengths: (f64, f64),
    pub base: Point,
}

impl Arm {
    #[differentiable]
    pub fn hand(&self) -> Point {
        let a1 = self.angles[0];
        let a2 = a1 + self.angles[1];
        Point {
            x: self.base.x + self.lengths.0 * a1.cos() + self.lengths.1 * a2.cos(),
            y: self.base.y + self.lengths.0 * a1.sin() + self.lengths.1 * a2.sin(),
        }
    }

    /// Squared distance of the hand from the target, plus a penalty on the base leaving the
    /// origin and on the lengths leaving 1.
    #[differentiable]
    pub fn reach_loss(&self, target: &Point) -> f64 {
        let h = self.hand();
        let dx = h.x - target.x;
        let dy = h.y - target.y;
        let l0 = self.lengths.0 - 1.0;
        let l1 = self.lengths.1 - 1.0;
        dx * dx
            + dy * dy
            + 2.0 * (self.base.x * self.base.x + self.base.y * self.base.y)
            + l0 * l0
            + l1 * l1
    }
}

fn arm_from(q: &[f64]) -> Arm {
    Arm {
        angles: [q[0], q[1]],
        lengths: (q[2], q[3]),
        base: Point { x: q[4], y: q[5] },
    }
}

#[test]
fn gradient_descent_on_a_nested_struct() {
    let target = Point { x: 0.5, y: 1.2 };
    let mut arm = arm_from(&[0.1, 0.2, 1.0, 1.0, 0.0, 0.0]);
    let mut last = arm.reach_loss(&target);
    for _ in 0..10 {
        let (grad, dtarget) = gradient!(at: &arm, &target, of: Arm::reach_loss);
        let flat = [
            grad.angles[0],
            grad.angles[1],
            grad.lengths.0,
            grad.lengths.1,
            grad.base.x,
            grad.base.y,
        ];
        let a = &arm;
        let point = [
            a.angles[0],
            a.angles[1],
            a.lengths.0,
            a.lengths.1,
            a.base.x,
            a.base.y,
        ];
        assert_grad_fd(|q| arm_from(q).reach_loss(&target), &point, &flat);
        // the target enters as -(h - t): ∂t = -2(h - t)
        let h = arm.hand();
        assert_all_close(
            &[dtarget.x, dtarget.y],
            &[-2.0 * (h.x - target.x), -2.0 * (h.y - target.y)],
        );
        arm.move_by(&grad.scaled(-0.05));
        let now = arm.reach_loss(&target);
        assert!(now < last, "loss went from {last} to {now}");
        last = now;
    }
}

/// Weights in an array and a bias.
#[derive(Differentiable, Clone, Debug)]
pub struct Weights {
    pub w: [f64; 3],
    pub b: f64,
}

/// A quadratic with a known gradient: ∂w_i = 2(i + 1) w_i, ∂b = 3b².
#[differentiable]
fn weighted_squares(m: &Weights) -> f64 {
    let mut s = m.b * m.b * m.b;
    for i in 0..3 {
        s += (i as f64 + 1.0) * m.w[i] * m.w[i];
    }
    s
}

#[test]
fn tangent_arithmetic_of_gradients() {
    let m1 = Weights {
        w: [1.0, -2.0, 0.5],
        b: 2.0,
    };
    let m2 = Weights {
        w: [0.25, 1.0, -3.0],
        b: -1.0,
    };
    let g1 = gradient!(at: &m1, of: weighted_squares);
    let g2 = gradient!(at: &m2, of: weighted_squares);
    assert_all_close(&g1.w, &[2.0, -8.0, 3.0]);
    assert_close(g1.b, 12.0);
    assert_all_close(&g2.w, &[0.5, 4.0, -18.0]);
    assert_close(g2.b, 3.0);

    // zero, the identity of addition, and zero_tangent
    let zero = WeightsTangentVector::zero_vector();
    assert_eq!(zero.w, [0.0; 3]);
    assert_eq!(zero.b, 0.0);
    assert_eq!(zero.clone().add(g1.clone()), g1);
    assert_eq!(g1.clone().add(WeightsTangentVector::zero_vector()), g1);
    assert_eq!(m1.zero_tangent(), zero);

    // add, add_assign, scaled: field by field
    let sum = g1.clone().add(g2.clone());
    assert_all_close(&sum.w, &[2.5, -4.0, -15.0]);
    assert_close(sum.b, 15.0);
    let mut acc = g1.clone();
    acc.add_assign(g2.clone());
    assert_eq!(acc, sum);
    let scaled = g1.clone().scaled(-0.5);
    assert_all_close(&scaled.w, &[-1.0, 4.0, -1.5]);
    assert_close(scaled.b, -6.0);
    let combo = g1.clone().scaled(2.0).add(g2.clone().scaled(-1.0));
    assert_all_close(&combo.w, &[3.5, -20.0, 24.0]);
    assert_close(combo.b, 21.0);

    // move_by: one gradient step on the quadratic lowers it
    let mut m = m1.clone();
    m.move_by(&g1.clone().scaled(-0.05));
    assert_all_close(&m.w, &[0.9, -1.6, 0.35]);
    assert_close(m.b, 1.4);
    assert!(weighted_squares(&m) < weighted_squares(&m1));
}

/// Weights in a `Vec` and a bias.
#[derive(Differentiable, Clone, Debug)]
pub struct VecWeights {
    pub w: Vec<f64>,
    pub b: f64,
}

/// The same quadratic over a `Vec` field.
#[differentiable]
fn vec_weighted_squares(m: &VecWeights) -> f64 {
    let mut s = m.b * m.b * m.b;
    for i in 0..m.w.len() {
        s += (i as f64 + 1.0) * m.w[i] * m.w[i];
    }
    s
}

#[test]
fn tangent_arithmetic_of_vec_field_tangents() {
    let m1 = VecWeights {
        w: vec![1.0, -2.0, 0.5],
        b: 2.0,
    };
    let m2 = VecWeights {
        w: vec![0.25, 1.0, -3.0],
        b: -1.0,
    };
    let g1 = gradient!(at: &m1, of: vec_weighted_squares);
    let g2 = gradient!(at: &m2, of: vec_weighted_squares);
    assert_all_close(&g1.w, &[2.0, -8.0, 3.0]);
    assert_close(g1.b, 12.0);
    assert_all_close(&g2.w, &[0.5, 4.0, -18.0]);
    assert_close(g2.b, 3.0);
    // zero: a length-less Vec field and a zero bias, still the identity of addition
    let zero = VecWeightsTangentVector::zero_vector();
    assert!(zero.w.is_empty());
    assert_eq!(zero.b, 0.0);
    assert_eq!(zero.clone().add(g1.clone()), g1);
    assert_eq!(g1.clone().add(VecWeightsTangentVector::zero_vector()), g1);
    // zero_tangent: shaped like the model
    let shaped = m1.zero_tangent();
    assert_eq!(shaped.w, vec![0.0; 3]);
    let sum = g1.clone().add(g2.clone());
    assert_all_close(&sum.w, &[2.5, -4.0, -15.0]);
    let scaled = g1.clone().scaled(-0.5);
    assert_all_close(&scaled.w, &[-1.0, 4.0, -1.5]);
    let mut m = m1.clone();
    m.move_by(&g1.clone().scaled(-0.05));
    assert_all_close(&m.w, &[0.9, -1.6, 0.35]);
    assert!(vec_weighted_squares(&m) < vec_weighted_squares(&m1));
}

#[test]
fn tangent_arithmetic_of_nested_tangents() {
    // the arm's gradient at two points, combined; the hand's pullback seeded by a sum of
    // seeds equals the sum of the pullbacks (a linear map), checked against the closed form
    let arm = arm_from(&[0.3, -0.6, 1.2, 0.8, 0.1, -0.2]);
    let (hand, pb) = value_with_pullback!(at: &arm, of: Arm::hand);
    assert_eq!(hand, arm.hand());
    let gx = pb(PointTangentVector { x: 1.0, y: 0.0 });
    let gy = pb(PointTangentVector { x: 0.0, y: 1.0 });
    // h = base + L1 (cos a1, sin a1) + L2 (cos(a1 + a2), sin(a1 + a2))
    let (a1, a12) = (0.3f64, 0.3f64 - 0.6);
    let (l1, l2) = (1.2, 0.8);
    assert_all_close(
        &[
            gx.angles[0],
            gx.angles[1],
            gx.lengths.0,
            gx.lengths.1,
            gx.base.x,
            gx.base.y,
        ],
        &[
            -l1 * a1.sin() - l2 * a12.sin(),
            -l2 * a12.sin(),
            a1.cos(),
            a12.cos(),
            1.0,
            0.0,
        ],
    );
    assert_all_close(
        &[
            gy.angles[0],
            gy.angles[1],
            gy.lengths.0,
            gy.lengths.1,
            gy.base.x,
            gy.base.y,
        ],
        &[
            l1 * a1.cos() + l2 * a12.cos(),
            l2 * a12.cos(),
            a1.sin(),
            a12.sin(),
            0.0,
            1.0,
        ],
    );
    let combined = gx.clone().scaled(3.0).add(gy.clone().scaled(-2.0));
    let seeded = pb(PointTangentVector { x: 3.0, y: -2.0 });
    let flat = |t: &ArmTangentVector| {
        vec![
            t.angles[0],
            t.angles[1],
            t.lengths.0,
            t.lengths.1,
            t.base.x,
            t.base.y,
        ]
    };
    assert_all_close(&flat(&combined), &flat(&seeded));
    // zero of the nested tangent is all zeros, and an identity
    let zero = ArmTangentVector::zero_vector();
    assert_eq!(flat(&zero), vec![0.0; 6]);
    assert_eq!(zero.add(gx.clone()), gx);
    // moving the arm along the pullback of the hand moves the hand to first order
    let mut moved = arm.clone();
    let eps = 1e-6;
    moved.move_by(&gx.clone().scaled(eps));
    let dh = moved.hand();
    let n2: f64 = flat(&gx).iter().map(|v| v * v).sum();
    assert!(((dh.x - hand.x) / eps - n2).abs() < 1e-4 * n2.max(1.0));
}

/// A tuple struct and a generic struct, for their tangents' arithmetic.
#[derive(Differentiable, Clone, Debug)]
pub struct Interval(pub f64, pub f64);

#[derive(Differentiable, Clone, Debug)]
pub struct Pair<T> {
    pub first: T,
    pub second: T,
}

#[differentiable]
fn interval_score(i: &Interval, a: f64, b: f64) -> f64 {
    (i.1 - i.0) * a + i.0 * i.1 * b
}

#[test]
fn tangent_arithmetic_of_tuple_struct_tangents() {
    // f = (u - l) a + l u b: ∂l = -a + u b, ∂u = a + l b, ∂a = u - l, ∂b = l u
    let (l, u, a, b) = (0.5, 2.0, 3.0, -1.0);
    let i = Interval(l, u);
    let (di, da, db) = gradient!(at: &i, a, b, of: interval_score);
    assert_all_close(
        &[di.0, di.1, da, db],
        &[-a + u * b, a + l * b, u - l, l * u],
    );
    let twice = di.clone().add(di.clone());
    assert_all_close(
        &[twice.0, twice.1],
        &[2.0 * (-a + u * b), 2.0 * (a + l * b)],
    );
    let third = di.clone().scaled(1.0 / 3.0);
    assert_all_close(
        &[third.0, third.1],
        &[(-a + u * b) / 3.0, (a + l * b) / 3.0],
    );
    assert_eq!(
        IntervalTangentVector::zero_vector(),
        IntervalTangentVector(0.0, 0.0)
    );
    assert_eq!(IntervalTangentVector::zero_vector().add(di.clone()), di);
    let mut j = i.clone();
    j.move_by(&di.scaled(0.5));
    assert_all_close(
        &[j.0, j.1],
        &[l + 0.5 * (-a + u * b), u + 0.5 * (a + l * b)],
    );
}

#[differentiable]
fn interval_pair_score(i: &Interval, p: &Pair<f64>) -> f64 {
    (i.1 - i.0) * p.first + i.0 * i.1 * p.second
}

#[test]
fn tangent_arithmetic_of_generic_tangents() {
    // f = (u - l) a + l u b: ∂l = -a + u b, ∂u = a + l b, ∂a = u - l, ∂b = l u
    let (l, u, a, b) = (0.5, 2.0, 3.0, -1.0);
    let i = Interval(l, u);
    let p = Pair {
        first: a,
        second: b,
    };
    let (di, dp) = gradient!(at: &i, &p, of: interval_pair_score);
    assert_all_close(
        &[di.0, di.1, dp.first, dp.second],
        &[-a + u * b, a + l * b, u - l, l * u],
    );
    let twice = di.clone().add(di.clone());
    assert_all_close(
        &[twice.0, twice.1],
        &[2.0 * (-a + u * b), 2.0 * (a + l * b)],
    );
    let dp: PairTangentVector<f64> = dp;
    let half = dp.clone().scaled(0.5);
    assert_all_close(&[half.first, half.second], &[0.5 * (u - l), 0.5 * l * u]);
    assert_eq!(PairTangentVector::<f64>::zero_vector().add(dp.clone()), dp);
    assert_eq!(
        IntervalTangentVector::zero_vector(),
        IntervalTangentVector(0.0, 0.0)
    );
    let mut q = p.clone();
    q.move_by(&dp.scaled(2.0));
    assert_all_close(&[q.first, q.second], &[a + 2.0 * (u - l), b + 2.0 * l * u]);
}
