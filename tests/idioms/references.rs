//! Loops and chains over reference parameters (`for row in m` with `m: &Vec<Vec<f64>>`,
//! `for &c in coeffs.iter().rev()`, `v.into_iter().map(|x| f64::sin(*x))` with `v: &Vec<f64>`),
//! and local `&mut` reborrows (`let r = &mut acc; *r += x;`, and the loops `for x in
//! v.iter_mut()`, `for p in &mut ps` and `v.iter_mut().for_each(..)` that bind one to each
//! element).

use crate::check::{check_hessian, check_idiom};
use ad::prelude::*;

/// `for row in m { for &a in row { .. } }` over a `&Vec<Vec<f64>>`.
#[differentiable]
fn sum_of_squares(m: &Vec<Vec<f64>>) -> f64 {
    let mut s = 0.0;
    for row in m {
        for &a in row {
            s += a * a;
        }
    }
    s
}

#[differentiable]
fn rows_of(x: f64, y: f64) -> f64 {
    let m = vec![vec![x, y * x], vec![y.sin()]];
    sum_of_squares(&m)
}

#[test]
fn nested_loops_over_rows_of_a_reference() {
    check_idiom!(rows_of, [(0.5, 1.5), (-1.2, 0.3)]);
    check_hessian!(rows_of, [(0.5, 1.5)]);
}

/// Horner's rule over `coeffs.iter().rev()`.
#[differentiable]
fn horner(x: f64, coeffs: &[f64]) -> f64 {
    let mut acc = 0.0;
    for &c in coeffs.iter().rev() {
        acc = acc * x + c;
    }
    acc
}

#[differentiable]
fn cubic(x: f64, y: f64) -> f64 {
    horner(x, &vec![1.0, y, 2.0 * y, 0.5])
}

#[test]
fn horner_over_a_reversed_iterator() {
    check_idiom!(cubic, [(0.7, 1.3), (-1.5, 0.2)]);
    check_hessian!(cubic, [(0.7, 1.3)]);
}

/// `v.into_iter().map(|x| f64::sin(*x)).sum()` with `v: &Vec<f64>`.
#[differentiable]
fn sum_of_sines(v: &Vec<f64>) -> f64 {
    v.into_iter().map(|x| f64::sin(*x)).sum()
}

#[differentiable]
fn sines(x: f64, y: f64) -> f64 {
    sum_of_sines(&vec![x, x * y, y])
}

#[test]
fn a_chain_over_a_reference_dereferencing_its_items() {
    check_idiom!(sines, [(0.4, 1.1), (2.0, -0.7)]);
    check_hessian!(sines, [(0.4, 1.1)]);
}

/// `let r = &mut acc; *r += ..` and `let slot = &mut v[i]; *slot *= ..`, also in a loop.
#[differentiable]
fn through_reborrows(x: f64, y: f64) -> f64 {
    let mut acc = 0.0;
    let mut v = vec![x, y, x * y];
    for i in 0..3 {
        let r = &mut acc;
        *r += v[i] * x;
        let slot = &mut v[i];
        *slot *= y;
    }
    acc + v[0] * v[2]
}

#[test]
fn local_reborrows_read_and_assigned() {
    check_idiom!(through_reborrows, [(0.6, 1.2), (-0.9, 0.4)]);
    check_hessian!(through_reborrows, [(0.6, 1.2)]);
}

/// `break value` out of a `loop` from inside a nested block.
#[differentiable]
fn nested_break(x: f64) -> f64 {
    let mut acc = x;
    let out = loop {
        acc *= 0.5;
        {
            if acc < 0.1 {
                break acc * x;
            }
        }
        acc += 0.01;
    };
    out
}

#[test]
fn break_with_a_value_from_a_nested_block() {
    check_idiom!(nested_break, [0.9, 2.5]);
}

/// `for (a, b) in xs.iter().zip(ys.iter())`, also with `&` patterns and reversed.
#[differentiable]
fn zipped_loops(xs: &[f64], ys: &[f64]) -> f64 {
    let mut dot = 0.0;
    for (a, b) in xs.iter().zip(ys.iter()) {
        dot += a * b;
    }
    let mut weighted = 0.0;
    let mut k = 1.0;
    for (&a, &b) in xs.iter().zip(ys).rev() {
        weighted += k * (a - b).powi(2);
        k += 1.0;
    }
    dot + weighted
}

#[differentiable]
fn zipped(x: f64, y: f64) -> f64 {
    let xs = vec![x, y, x * y];
    let ys = vec![y.sin(), x, 2.0];
    zipped_loops(&xs, &ys)
}

#[test]
fn loops_over_zipped_slices() {
    check_idiom!(zipped, [(0.5, 1.5), (-1.2, 0.3)]);
    check_hessian!(zipped, [(0.5, 1.5)]);
}

/// `xs.iter().skip(1)`, `&xs[1..]`, `xs[..2].iter().enumerate()` and `&xs[1..=2]` reversed.
#[differentiable]
fn parts_of_slices(xs: &[f64], y: f64) -> f64 {
    let mut differences = 0.0;
    let mut previous = xs[0];
    for &x in xs.iter().skip(1) {
        differences += (x - previous).powi(2);
        previous = x;
    }
    let mut tail = 0.0;
    for x in &xs[1..] {
        tail += x * y;
    }
    let mut head = 0.0;
    for (k, x) in xs[..2].iter().enumerate() {
        head += (k as f64 + 1.0) * x;
    }
    let mut middle = 0.0;
    for &x in xs[1..=2].iter().rev() {
        middle = middle * y + x;
    }
    differences + tail + head + middle
}

#[differentiable]
fn slice_parts(x: f64, y: f64) -> f64 {
    let xs = vec![x, x * y, y.cos(), 0.5];
    parts_of_slices(&xs, y)
}

#[test]
fn loops_over_parts_of_slices() {
    check_idiom!(slice_parts, [(0.5, 1.5), (-1.2, 0.3)]);
    check_hessian!(slice_parts, [(0.5, 1.5)]);
}

/// A particle of the line.
#[derive(Clone, Copy, Debug, Differentiable)]
struct Particle {
    x: f64,
    v: f64,
}

/// `for x in v.iter_mut()` (also enumerated and reversed, and over an `Array1`) and
/// `for p in &mut ps`, writing
/// through the element (`*x *= a`, `p.v -= ..`) and calling methods on it; a name of the loop
/// (`x`) read again after it is the outer one.
#[differentiable]
fn mutable_loops(a: f64, b: f64) -> f64 {
    let x = Particle { x: b, v: a };
    let mut v = vec![1.0, a, b * a];
    for (i, x) in v.iter_mut().enumerate() {
        *x += i as f64 * b;
        *x = x.powi(2) * 0.5;
    }
    for x in v.iter_mut().rev() {
        let old = *x;
        *x = old.sin() + a;
    }
    let mut arr = ad::ndarray::Array1::from(vec![a, b]);
    for y in arr.iter_mut() {
        *y = y.cos() * a;
    }
    let mut ps = vec![Particle { x: a, v: b }, Particle { x: 0.5, v: a * b }];
    for _ in 0..3 {
        for p in &mut ps {
            p.v -= 0.2 * a * p.x;
            p.x += 0.1 * p.v;
        }
    }
    v.iter().sum::<f64>() + ps[0].x * ps[1].v + x.x.powi(3) * x.v + arr[0] * arr[1]
}

/// A world of particles stepped by a `&mut self` method that loops over `self.ps.iter_mut()`.
#[derive(Clone, Debug, Differentiable)]
struct World {
    ps: Vec<Particle>,
    g: f64,
}

#[differentiable]
impl World {
    fn step(&mut self, dt: f64) {
        for p in self.ps.iter_mut() {
            p.v -= self.g * dt;
            p.x += p.v * dt;
        }
    }

    fn energy(&self) -> f64 {
        self.ps.iter().map(|p| 0.5 * p.v * p.v + self.g * p.x).sum()
    }
}

/// Ten steps of falling particles: closed form `x(t) = x0 + v0 t - g t (t + dt) / 2` at
/// `t = 10 dt` (the explicit scheme's).
#[differentiable]
fn fallen(g: f64, v0: f64) -> f64 {
    let mut w = World {
        ps: vec![
            Particle { x: 0.0, v: v0 },
            Particle {
                x: 1.0,
                v: 0.5 * v0,
            },
        ],
        g,
    };
    for _ in 0..10 {
        w.step(0.1);
    }
    w.energy() + w.ps[0].x
}

/// The same loops written with `for_each`: `v.iter_mut().for_each(|x| ..)`, enumerated, over
/// structs inside another loop, and `v.iter().for_each(|x| total += ..)`.
#[differentiable]
fn mutable_for_each(a: f64, b: f64) -> f64 {
    let mut v = vec![1.0, b, a];
    v.iter_mut().for_each(|x| *x *= a);
    v.iter_mut().enumerate().for_each(|(i, x)| {
        *x += i as f64 * b;
    });
    let mut ps = vec![Particle { x: a, v: 1.0 }, Particle { x: 0.5, v: b }];
    for _ in 0..2 {
        ps.iter_mut().for_each(|p: &mut Particle| {
            p.v -= a * p.x;
            p.x += 0.1 * p.v;
        });
    }
    let mut total = 0.0;
    v.iter().for_each(|x| total += x * b);
    total + ps[0].x * ps[1].x
}

#[test]
fn loops_over_mutable_elements() {
    check_idiom!(mutable_for_each, [(0.5, 1.5), (-1.2, 0.3)]);
    check_hessian!(mutable_for_each, [(0.5, 1.5)]);
    // b Σv = b ((1 + b + a) a + (0 + 1 + 2) b), the loop's part is separate.
    let (a, b) = (0.5, 1.5);
    let without_particles = |a: f64, b: f64| b * ((1.0 + b + a) * a + 3.0 * b);
    let particles = mutable_for_each(a, b) - without_particles(a, b);
    let mut ps = [(a, 1.0), (0.5, b)];
    for _ in 0..2 {
        for p in ps.iter_mut() {
            p.1 -= a * p.0;
            p.0 += 0.1 * p.1;
        }
    }
    crate::assert_close(particles, ps[0].0 * ps[1].0);
    check_idiom!(mutable_loops, [(0.5, 1.5), (-1.2, 0.3)]);
    check_hessian!(mutable_loops, [(0.5, 1.5)]);
    check_idiom!(fallen, [(9.8, 3.0), (1.5, -0.7)]);
    check_hessian!(fallen, [(9.8, 3.0)]);
    // x(t) = v0 t − g t (t + dt) / 2 at t = 1, dt = 0.1: ∂x/∂g = −0.55, ∂x/∂v0 = 1.
    let (g, v0) = (9.8, 3.0);
    crate::assert_close(first_fallen(g, v0), v0 - g * 0.55);
    let (dg, dv0) = ad::gradient!(at: g, v0, of: first_fallen);
    crate::assert_close(dg, -0.55);
    crate::assert_close(dv0, 1.0);
}

/// The position of one particle after ten steps of `World::step`.
#[differentiable]
fn first_fallen(g: f64, v0: f64) -> f64 {
    let mut w = World {
        ps: vec![Particle { x: 0.0, v: v0 }],
        g,
    };
    for _ in 0..10 {
        w.step(0.1);
    }
    w.ps[0].x
}

/// Copies of sequences (`xs.to_vec()` of a slice parameter, `w.clone()` of a local `Vec`)
/// written through `iter_mut`, the originals read again afterwards.
#[differentiable]
fn clones_written_in_place(xs: &[f64], s: f64) -> f64 {
    let mut w = xs.to_vec();
    for x in w.iter_mut() {
        *x *= s;
    }
    let mut u = w.clone();
    for (i, y) in u.iter_mut().enumerate() {
        *y = y.sin() + i as f64 * s;
    }
    w.iter().sum::<f64>() + u[1] * u[2] + xs[0]
}

#[test]
fn copies_of_sequences_written_through_iter_mut() {
    let xs = vec![0.3, -1.2, 0.8];
    let s = 1.7;
    let by_hand = |xs: &[f64], s: f64| {
        let w: Vec<f64> = xs.iter().map(|x| x * s).collect();
        let u: Vec<f64> = w
            .iter()
            .enumerate()
            .map(|(i, y)| y.sin() + i as f64 * s)
            .collect();
        w.iter().sum::<f64>() + u[1] * u[2] + xs[0]
    };
    crate::assert_close(clones_written_in_place(&xs, s), by_hand(&xs, s));
    let (gx, gs) = gradient!(at: &xs, s, of: clones_written_in_place);
    let mut point = xs.clone();
    point.push(s);
    let mut g = gx.clone();
    g.push(gs);
    crate::assert_grad_fd(|p| clones_written_in_place(&p[..3], p[3]), &point, &g);
    let (_, differential) = value_with_differential!(at: &xs, s, of: clones_written_in_place);
    let along_s = differential(vec![0.0; 3], 1.0);
    crate::assert_close(along_s, gs);
}
