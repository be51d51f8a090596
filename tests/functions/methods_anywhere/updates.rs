//! `&mut self` methods as people write them: an early `return;`, `*self = ..`, a method of a
//! field called on the field (`self.p.step(dt)`, `s.p.step(dt)`), on a `&mut` reborrow of a
//! field, on an element of a `Vec` of structs, and methods of the user's named `push` and
//! `fill` (a `Vec`'s names, on a value that is not a `Vec`). Each in every mode against
//! central differences, and against closed forms where the update is short.

use crate::assert_close;
use crate::common::every_mode::assert_every_mode;
use ad::prelude::*;

#[derive(Clone, Copy, Debug, Differentiable)]
struct Particle {
    x: f64,
    v: f64,
}

impl Particle {
    /// Moves by `v * dt` and damps `v`; does nothing for a step that is not forward.
    #[differentiable]
    fn step(&mut self, dt: f64) {
        if dt <= 0.0 {
            return;
        }
        self.x += self.v * dt;
        self.v *= 0.9;
    }

    /// Steps until `x` passes `limit`, at most `n` times: `return;` inside a loop. (`limit`
    /// is compared only, so without a derivative.)
    #[differentiable(wrt = self)]
    fn run_to(&mut self, limit: f64, n: usize) {
        for _ in 0..n {
            if self.x > limit {
                return;
            }
            self.x += self.v * 0.1;
        }
    }

    /// Replaces the whole particle: its old value does not matter.
    #[differentiable]
    fn reset(&mut self, x: f64) {
        *self = Particle { x, v: 0.5 * x };
    }
}

/// Two particles, stepped through methods called on the fields.
#[derive(Clone, Copy, Debug, Differentiable)]
struct Pair {
    p: Particle,
    q: Particle,
}

impl Pair {
    #[differentiable]
    fn advance(&mut self, dt: f64) {
        self.p.step(dt);
        self.q.step(2.0 * dt);
    }
}

#[differentiable]
fn stepped_with_an_early_return(v: f64, dt: f64) -> f64 {
    let mut p = Particle { x: 0.0, v };
    p.step(dt);
    p.step(-1.0);
    p.step(dt);
    p.x * p.v
}

#[differentiable]
fn run_until_past(x: f64, v: f64) -> f64 {
    let mut p = Particle { x, v };
    p.run_to(1.0, 30);
    p.x + p.v
}

#[differentiable]
fn reset_in_between(v: f64, s: f64) -> f64 {
    let mut p = Particle { x: 0.0, v };
    p.step(0.5);
    p.reset(p.x * s);
    p.step(0.5);
    p.x
}

#[differentiable]
fn methods_of_fields(v: f64, w: f64) -> f64 {
    let mut s = Pair {
        p: Particle { x: 0.0, v },
        q: Particle { x: 1.0, v: w * v },
    };
    s.advance(0.5);
    s.p.step(0.5);
    let r = &mut s.q;
    r.step(0.25);
    s.p.x * s.q.x
}

#[differentiable]
fn elements_of_a_vec(v: f64, w: f64) -> f64 {
    let mut ps = vec![Particle { x: 0.0, v }, Particle { x: w, v: w * v }];
    for i in 0..ps.len() {
        ps[i].step(0.5);
    }
    ps[1].step(0.5);
    ps[0].x + ps[1].x * ps[1].v
}

#[test]
fn an_early_return_keeps_self_as_it_is() {
    // Two steps of 0.5: x = v/2 + 0.9 v/2, v = 0.81 v; the step of -1 does nothing.
    let f = |v: f64| (0.5 * v + 0.45 * v) * 0.81 * v;
    assert_close(stepped_with_an_early_return(2.0, 0.5), f(2.0));
    let (dv, _) = gradient!(at: 2.0, 0.5, of: stepped_with_an_early_return);
    assert_close(dv, 2.0 * 0.95 * 0.81 * 2.0);
    assert_every_mode!(stepped_with_an_early_return, 2.0, 0.5);
    assert_every_mode!(stepped_with_an_early_return, -0.7, 0.3);
    assert_every_mode!(run_until_past, 0.2, 0.9);
    assert_every_mode!(run_until_past, -0.4, 0.35);
}

#[test]
fn a_whole_self_assigned_takes_the_new_value() {
    // x = (v/2) s after the reset, then x + 0.5 (x/2) = 1.25 x.
    assert_close(reset_in_between(2.0, 3.0), 1.25 * 3.0);
    let (dv, ds) = gradient!(at: 2.0, 3.0, of: reset_in_between);
    assert_close(dv, 1.25 * 0.5 * 3.0);
    assert_close(ds, 1.25 * 0.5 * 2.0);
    assert_every_mode!(reset_in_between, 2.0, 3.0);
}

#[test]
fn methods_called_on_fields_reborrows_and_elements() {
    assert_every_mode!(methods_of_fields, 2.0, 0.5);
    assert_every_mode!(methods_of_fields, -1.1, 1.7);
    assert_every_mode!(elements_of_a_vec, 2.0, 0.5);
    assert_every_mode!(elements_of_a_vec, -0.6, 1.3);
}

/// A running sum of squares with methods named as a `Vec`'s.
#[derive(Clone, Copy, Debug, Differentiable)]
struct Accumulator {
    total: f64,
    count: f64,
}

impl Accumulator {
    #[differentiable]
    fn push(&mut self, x: f64) {
        self.total += x * x;
        self.count += 1.0;
    }

    #[differentiable]
    fn fill(&mut self, x: f64) {
        self.total = x * self.count;
    }
}

#[differentiable]
fn users_push_and_fill(x: f64, y: f64) -> f64 {
    let mut a = Accumulator {
        total: 0.0,
        count: 0.0,
    };
    a.push(x);
    a.push(y * x);
    let before = a.total;
    a.fill(y);
    // A `Vec`'s own `push` beside them.
    let mut v = Vec::new();
    v.push(before);
    v.push(a.total);
    v[0] * v[1]
}

#[test]
fn methods_named_as_a_vecs_are_the_users() {
    let (x, y) = (1.5, 0.7);
    assert_close(users_push_and_fill(x, y), (x * x + y * y * x * x) * 2.0 * y);
    assert_every_mode!(users_push_and_fill, 1.5, 0.7);
    assert_every_mode!(users_push_and_fill, -0.3, 2.1);
}
