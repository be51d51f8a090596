//! Receivers of every kind with `#[differentiable]` on the method itself: `self` by value
//! (also returning `Self`, chained), `&self` (calling other methods of the same impl), and
//! `&mut self` without a result (one field, several fields, loops and branches inside, called
//! in a loop), plus a `&mut self` method with a result taken directly by the operators.
//! Checked in every mode against central differences and against closed forms.

use crate::common::every_mode::assert_every_mode;
use crate::{assert_close, assert_grad_fd};
use ad::prelude::*;

/// A segment of the plane from the origin to `(a, b)`.
#[derive(Clone, Copy, Debug, Differentiable)]
struct Segment {
    a: f64,
    b: f64,
}

impl Segment {
    /// `self` by value, returning a float.
    #[differentiable]
    fn length(self) -> f64 {
        (self.a * self.a + self.b * self.b).sqrt()
    }

    /// `self` by value, returning `Self`.
    #[differentiable]
    fn scaled(self, s: f64) -> Self {
        Segment {
            a: self.a * s,
            b: self.b * s,
        }
    }

    /// `self` by value, returning `Self` built with `Self { .. }`.
    #[differentiable]
    fn rotated(self, angle: f64) -> Self {
        let (s, c) = (angle.sin(), angle.cos());
        Self {
            a: c * self.a - s * self.b,
            b: s * self.a + c * self.b,
        }
    }

    /// `&self`, calling a by-value method on a copy of itself.
    #[differentiable]
    fn slope(&self) -> f64 {
        self.b / self.length()
    }

    /// `&self` with a float parameter, calling another `&self` method.
    #[differentiable]
    fn weighted_slope(&self, w: f64) -> f64 {
        w * w * self.slope() + self.a * w
    }
}

#[differentiable]
fn segment_length(a: f64, b: f64) -> f64 {
    Segment { a, b }.length()
}

#[differentiable]
fn chained_by_value(a: f64, b: f64) -> f64 {
    let s = Segment { a, b: 0.5 * a + b };
    s.scaled(b).rotated(a).scaled(1.5).b
}

#[differentiable]
fn through_shared_receivers(a: f64, b: f64) -> f64 {
    let s = Segment { a, b };
    s.weighted_slope(b) + s.slope()
}

#[test]
fn a_by_value_self_method_in_every_mode_and_in_closed_form() {
    for (a, b) in [(3.0, 4.0), (-0.7, 1.2)] {
        assert_close(segment_length(a, b), (a * a + b * b as f64).sqrt());
        assert_every_mode!(segment_length, a, b);
    }
    let d = gradient!(at: Segment { a: 3.0, b: 4.0 }, of: Segment::length);
    assert_close(d.a, 0.6);
    assert_close(d.b, 0.8);
}

#[test]
fn by_value_self_methods_returning_self_chained() {
    for (a, b) in [(0.4, 1.1), (-0.9, 0.3)] {
        // s = (a, a/2 + b) scaled by b, rotated by a, scaled by 1.5: the b component.
        let (x, y) = (a * b, (0.5 * a + b) * b);
        assert_close(chained_by_value(a, b), 1.5 * (a.sin() * x + a.cos() * y));
        assert_every_mode!(chained_by_value, a, b);
    }
}

#[test]
fn a_by_value_self_method_returning_self_called_directly() {
    let (ds, dt) = gradient!(
        at: Segment { a: 2.0, b: 3.0 }, 0.5,
        of: |s: Segment, t: f64| s.scaled(t).a * 4.0 + s.scaled(t).b
    );
    // 4 a t + b t.
    assert_close(ds.a, 2.0);
    assert_close(ds.b, 0.5);
    assert_close(dt, 4.0 * 2.0 + 3.0);
}

#[test]
fn shared_self_methods_calling_each_other_in_every_mode() {
    for (a, b) in [(0.8, 1.3), (1.5, -0.6)] {
        assert_every_mode!(through_shared_receivers, a, b);
    }
}

#[test]
fn a_shared_self_method_with_a_float_parameter_called_directly() {
    let s = Segment { a: 3.0, b: 4.0 };
    let (ds, dw) = gradient!(at: &s, 2.0, of: Segment::weighted_slope);
    // slope = b / |s| = 0.8; ∂slope/∂a = -ab/|s|³, ∂slope/∂b = a²/|s|³.
    assert_close(dw, 2.0 * 2.0 * 0.8 + 3.0);
    assert_close(ds.a, 4.0 * (-12.0 / 125.0) + 2.0);
    assert_close(ds.b, 4.0 * (9.0 / 125.0));
    let wrapped = |p: &[f64]| Segment { a: p[0], b: p[1] }.weighted_slope(p[2]);
    assert_grad_fd(wrapped, &[3.0, 4.0, 2.0], &[ds.a, ds.b, dw]);
}

/// A particle with a position and a velocity, moved by `&mut self` methods without a result.
#[derive(Clone, Debug, Differentiable)]
struct Particle {
    x: f64,
    v: f64,
}

impl Particle {
    /// One field updated from another.
    #[differentiable]
    fn drift(&mut self, dt: f64) {
        self.x += dt * self.v;
    }

    /// Several fields, a loop and a branch.
    #[differentiable]
    fn kick(&mut self, force: f64, substeps: usize) {
        for _ in 0..substeps {
            if self.x > 0.0 {
                self.v -= force * self.x.sin();
            } else {
                self.v += force * self.x * self.x;
            }
            self.x *= 0.9;
        }
    }

    /// A `&mut self` method calling other `&mut self` methods.
    #[differentiable]
    fn leapfrog(&mut self, dt: f64) {
        self.drift(0.5 * dt);
        self.kick(dt, 2);
        self.drift(0.5 * dt);
    }

    /// `&mut self` with a result: not callable from differentiable code, taken directly.
    #[differentiable]
    fn advance_and_measure(&mut self, dt: f64) -> f64 {
        self.x += dt * self.v;
        self.v *= 1.0 - dt;
        self.x * self.v
    }
}

#[differentiable]
fn leapfrog_trajectory(x: f64, v: f64) -> f64 {
    let mut p = Particle { x, v };
    for _ in 0..4 {
        p.leapfrog(0.2);
    }
    p.x * p.v + p.x
}

#[differentiable]
fn drifted_with_time_step(x: f64, dt: f64) -> f64 {
    let mut p = Particle { x, v: x * x };
    p.drift(dt);
    p.drift(dt * dt);
    p.x
}

#[test]
fn a_mut_self_method_updating_one_field_in_closed_form() {
    for (x, dt) in [(0.5, 0.1), (-1.2, 0.7)] {
        // x + x² (dt + dt²).
        let (dx, ddt) = gradient!(at: x, dt, of: drifted_with_time_step);
        assert_close(dx, 1.0 + 2.0 * x * (dt + dt * dt));
        assert_close(ddt, x * x * (1.0 + 2.0 * dt));
        assert_every_mode!(drifted_with_time_step, x, dt);
    }
}

#[test]
fn mut_self_methods_with_loops_and_branches_calling_each_other() {
    // Both branches of `kick` are taken along these trajectories.
    for (x, v) in [(0.6, -0.4), (-0.5, 0.3), (0.05, -1.5)] {
        assert_every_mode!(leapfrog_trajectory, x, v);
    }
}

#[test]
fn the_pullback_of_a_mut_self_method_seeded_on_each_field() {
    let mut p = Particle { x: 0.4, v: 1.5 };
    let ((), pullback) = value_with_pullback!(at: &mut p, 0.2, of: Particle::drift);
    assert_close(p.x, 0.4 + 0.2 * 1.5);
    assert_close(p.v, 1.5);
    // x' = x + dt v, v' = v.
    let (d, d_dt) = pullback(ParticleTangentVector { x: 0.0, v: 1.0 });
    assert_close(d.x, 0.0);
    assert_close(d.v, 1.0);
    assert_close(d_dt, 0.0);
    let (d, d_dt) = pullback(ParticleTangentVector { x: 1.0, v: 0.0 });
    assert_close(d.x, 1.0);
    assert_close(d.v, 0.2);
    assert_close(d_dt, 1.5);
}

#[test]
fn a_mut_self_method_with_a_result_taken_directly() {
    let (x, v, dt) = (0.4, 1.5, 0.2);
    let mut p = Particle { x, v };
    let (value, (d, d_dt)) =
        value_with_gradient!(at: &mut p, dt, of: Particle::advance_and_measure);
    let measure = |p: &[f64]| (p[0] + p[2] * p[1]) * (p[1] * (1.0 - p[2]));
    assert_close(value, measure(&[x, v, dt]));
    assert_grad_fd(measure, &[x, v, dt], &[d.x, d.v, d_dt]);
}

/// Running sums of any float type, updated by a `&mut self` method of a generic impl.
#[derive(Clone, Debug, Differentiable)]
struct Moments<T> {
    sum: T,
    squares: T,
}

impl<T: ad::num_traits::Float> Moments<T> {
    #[differentiable]
    fn add_sample(&mut self, x: T) {
        self.sum = self.sum + x;
        self.squares = self.squares + x * x;
    }

    #[differentiable]
    fn spread(&self) -> T {
        self.squares - self.sum * self.sum / T::from(3.0).unwrap()
    }
}

#[differentiable]
fn moments_of<T: ad::num_traits::Float>(a: T, b: T) -> T {
    let mut m = Moments {
        sum: T::zero(),
        squares: T::zero(),
    };
    m.add_sample(a);
    m.add_sample(a * b);
    m.add_sample(b);
    m.spread()
}

#[test]
fn a_mut_self_method_of_a_generic_impl_at_f64_and_f32() {
    for (a, b) in [(0.7, 1.3), (-0.4, 0.9)] {
        let s = a + a * b + b;
        assert_close(
            moments_of(a, b),
            a * a + a * a * b * b + b * b - s * s / 3.0,
        );
        assert_every_mode!(moments_of::<f64>, a, b);
        let (da, db) = gradient!(at: a as f32, b as f32, of: moments_of::<f32>);
        let (ea, eb) = gradient!(at: a, b, of: moments_of::<f64>);
        crate::assert_close_f32(da, ea as f32);
        crate::assert_close_f32(db, eb as f32);
    }
}

/// A one-neuron model whose `&mut self` methods loop over a `Vec` field and over slices.
#[derive(Clone, Debug, Differentiable)]
struct Neuron {
    weights: Vec<f64>,
    bias: f64,
}

impl Neuron {
    #[differentiable]
    fn output(&self, x: f64) -> f64 {
        let mut s = self.bias;
        for w in &self.weights {
            s += w * x;
        }
        s.tanh()
    }

    /// Every weight shrunk through `iter_mut`, then a `&self` method read.
    #[differentiable]
    fn decay(&mut self, rate: f64) {
        for w in self.weights.iter_mut() {
            *w *= 1.0 - rate;
        }
        self.bias -= rate * self.output(1.0);
    }

    /// A loop over a slice parameter.
    #[differentiable]
    fn nudge(&mut self, xs: &[f64]) {
        for &x in xs {
            self.bias += 0.1 * self.output(x);
        }
    }
}

#[differentiable]
fn trained_neuron(a: f64, b: f64) -> f64 {
    let mut n = Neuron {
        weights: vec![a, b, 0.3],
        bias: a * b,
    };
    n.decay(0.1);
    n.nudge(&[a, 0.5]);
    n.decay(b * 0.1);
    n.output(b)
}

#[test]
fn mut_self_methods_looping_over_a_vec_field_and_a_slice() {
    for (a, b) in [(0.7, 1.3), (-0.4, 0.9)] {
        assert_every_mode!(trained_neuron, a, b);
    }
    let n = Neuron {
        weights: vec![0.5, -0.2],
        bias: 0.1,
    };
    let mut state = n.clone();
    let ((), pullback) = value_with_pullback!(at: &mut state, 0.25, of: Neuron::decay);
    let (d, d_rate) = pullback(NeuronTangentVector {
        weights: vec![0.0, 0.0],
        bias: 1.0,
    });
    // bias' = bias - r tanh(bias + (w0 + w1)).
    let bias_after = |p: &[f64]| {
        let mut n = Neuron {
            weights: vec![p[0], p[1]],
            bias: p[2],
        };
        n.decay(p[3]);
        n.bias
    };
    assert_grad_fd(
        bias_after,
        &[0.5, -0.2, 0.1, 0.25],
        &[d.weights[0], d.weights[1], d.bias, d_rate],
    );
    assert_close(state.weights[0], 0.375);
}
