//! particle: the charged particle's trajectory of Pearlmutter and Siskind, ported line by line
//! from gradbench's `cpp/gradbench/evals/particle.hpp` (the `Point` class, its operators,
//! `dist` and `accel`) and `tools/enzyme/particle.cpp` (`naive_euler_r`, the Euler
//! integration whose force is the gradient of `accel` taken inside it, and the `rr`
//! variant's objective and gradient), minimised by the gradient descent of
//! `cpp/gradbench/gd.hpp` (`gd::plain`: this minimisation is not differentiated): nested
//! derivatives, a `gradient!` inside the function given to `gradient!`, reverse over
//! reverse.
//!
//! Timed against the same eval with central differences in both places, ported from
//! `tools/finite/particle.cpp` (its `FiniteDifferencesEngine` of order 1): gradbench
//! scores particle by the whole eval's time (the minimisation from `w0 = 0` to its
//! result), and the published ratios are of the `rr` variant against `finite`'s time
//! (nightly 2026-03-14: Enzyme 11.4 ms / finite 8.0 ms = 1.43x, Futhark 0.97x). The check
//! compares the final `w` with the one the finite differences find, to 1e-3 relative.
//!
//! (It was pending until a `loop` left only by `return` compiled: see
//! `tests/idioms/early_exits.rs`.)

use super::gd::{FiniteDifferencesEngine, plain};
use super::harness::Eval;
use ad::prelude::*;
use std::hint::black_box;
use std::ops::{Add, AddAssign, Mul};

#[derive(Differentiable, Clone, Copy, Debug, Default)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

#[differentiable]
impl Point {
    pub fn new(px: f64, py: f64) -> Point {
        Point { x: px, y: py }
    }
}

#[differentiable]
impl Add<Point> for f64 {
    type Output = Point;
    fn add(self, p: Point) -> Point {
        Point::new(self + p.x, self + p.y)
    }
}

#[differentiable]
impl Mul<Point> for f64 {
    type Output = Point;
    fn mul(self, p: Point) -> Point {
        Point::new(self * p.x, self * p.y)
    }
}

#[differentiable]
impl Mul for Point {
    type Output = Point;
    fn mul(self, v: Point) -> Point {
        Point::new(self.x * v.x, self.y * v.y)
    }
}

#[differentiable]
impl Add for Point {
    type Output = Point;
    fn add(self, v: Point) -> Point {
        Point::new(self.x + v.x, self.y + v.y)
    }
}

#[differentiable]
impl AddAssign for Point {
    fn add_assign(&mut self, v: Point) {
        self.x += v.x;
        self.y += v.y;
    }
}

#[differentiable]
pub fn dist(u: &Point, v: &Point) -> f64 {
    ((u.x - v.x) * (u.x - v.x) + (u.y - v.y) * (u.y - v.y)).sqrt()
}

#[differentiable]
pub fn accel(charges: &Vec<Point>, x: &Point) -> f64 {
    let mut a = 0.0;
    for p in charges {
        a += 1.0 / dist(p, x);
    }
    a
}

/// `naive_euler_r` of Enzyme's port: the force is the gradient of `accel` in `x`, by reverse
/// mode, taken inside the function the minimisation differentiates.
#[differentiable]
pub fn naive_euler_r(w: f64) -> f64 {
    let charges = vec![Point::new(10.0, 10.0 - w), Point::new(10.0, 0.0)];
    let mut x = Point::new(0.0, 8.0);
    let mut xdot = Point::new(0.75, 0.0);
    let delta_t = 1e-1;

    loop {
        // `gradient!` inside differentiable code takes floats, `Vec`s or arrays, not a
        // `Point` (its error says so): the point's coordinates are given as an array, as
        // gradbench's finite differences give them (`double x_arr[2] = {x.x, x.y}`).
        let g = gradient!(at: [x.x, x.y], of: |xa: [f64; 2]| accel(&charges, &Point::new(xa[0], xa[1])));
        let mut xddot = Point::new(g[0], g[1]);
        xddot = -1.0 * xddot;
        x += delta_t * xdot;
        if x.y <= 0.0 {
            let delta_t_f = -x.y / xdot.y;
            let x_t_f = x + delta_t_f * xdot;
            return x_t_f.x * x_t_f.x;
        }
        xdot += delta_t * xddot;
    }
}

/// `RR::O` of Enzyme's port: the objective and its gradient by reverse mode, through the
/// reverse-mode gradient inside `naive_euler_r`.
struct O;

impl plain::Func for O {
    fn objective(&self, x: &[f64], out: &mut f64) {
        *out = naive_euler_r(x[0]);
    }

    fn gradient(&self, x: &[f64], out: &mut [f64]) {
        out[0] = gradient!(at: x[0], of: naive_euler_r);
    }

    fn input_size(&self) -> usize {
        1
    }
}

/// `RR::compute`: the minimisation from `w0`.
fn rr(w0: f64) -> f64 {
    plain::multivariate_argmin(&O, &[w0])[0]
}

/// `Outer` of `tools/finite/particle.cpp`: both derivatives by finite differences.
struct Outer;

impl Outer {
    fn objective_of(input: &[f64], out: &mut f64) {
        let w = input[0];
        let mut engine = FiniteDifferencesEngine::new(2);

        let charges = vec![Point::new(10.0, 10.0 - w), Point::new(10.0, 0.0)];
        let mut x = Point::new(0.0, 8.0);
        let mut xdot = Point::new(0.75, 0.0);
        let delta_t = 1e-1;

        loop {
            let x_arr = [x.x, x.y];
            let mut xddot_arr = [0.0; 2];
            engine.finite_differences(
                1,
                &mut |fd_in, res| res[0] = accel(&charges, &Point::new(fd_in[0], fd_in[1])),
                &x_arr,
                2,
                1,
                &mut xddot_arr,
            );
            let mut xddot = Point::new(xddot_arr[0], xddot_arr[1]);

            xddot = -1.0 * xddot;
            x += delta_t * xdot;
            if x.y <= 0.0 {
                let delta_t_f = -x.y / xdot.y;
                let x_t_f = x + delta_t_f * xdot;
                *out = x_t_f.x * x_t_f.x;
                return;
            }
            xdot += delta_t * xddot;
        }
    }
}

impl plain::Func for Outer {
    fn objective(&self, input: &[f64], out: &mut f64) {
        Outer::objective_of(input, out);
    }

    fn gradient(&self, x: &[f64], out: &mut [f64]) {
        let mut engine = FiniteDifferencesEngine::new(self.input_size());
        let w = [x[0]];
        engine.finite_differences(
            1,
            &mut |x_per, res| Outer::objective_of(x_per, &mut res[0]),
            &w,
            self.input_size(),
            1,
            out,
        );
    }

    fn input_size(&self) -> usize {
        1
    }
}

/// `Particle::compute` of `tools/finite/particle.cpp`.
fn finite(w0: f64) -> f64 {
    plain::multivariate_argmin(&Outer, &[w0])[0]
}

/// gradbench's `particle` at its only input, `w0 = 0`: the `rr` variant timed against the
/// same eval by finite differences (`tools/finite`), as gradbench's published ratios are.
pub fn eval() -> Eval {
    let w0 = 0.0;
    Eval {
        name: "particle",
        size: "w0=0".into(),
        derivative_kind: "rr eval vs finite eval",
        enzyme: 1.43,
        best: ("futhark", 0.97),
        objective: Box::new(move || {
            black_box(finite(black_box(w0)));
        }),
        derivative: Box::new(move || {
            black_box(rr(black_box(w0)));
        }),
        // The final `w` of the minimisation by `ad` against the one by finite differences
        // (gradbench expects 0.2071918746486116), relative tolerance 1e-3: the finite
        // differences of a nested derivative are accurate to about the cube root of the
        // machine epsilon, and the descent's stopping tests amplify that.
        check: Box::new(move || {
            let (got, want) = (rr(w0), finite(w0));
            if (got - want).abs() > 1e-3 * want.abs().max(1e-12) {
                return Err(format!(
                    "particle: ad's w = {got} against finite differences' {want}"
                ));
            }
            Ok(())
        }),
    }
}
