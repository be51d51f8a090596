//! PENDING: does not compile as written (not compiled; not referenced from `main.rs`). To try
//! it again, copy it and `gd.rs` to `benches/gradbench/` and add `mod gd;`, `mod saddle;`
//! and `saddle::eval` to `main.rs`.
//!
//! saddle: the saddle point of `f(x, y) = (x1² + y1²) − (x2² + y2²)` by gradient descent
//! (Pearlmutter and Siskind), ported line by line from gradbench's
//! `cpp/gradbench/evals/saddle.hpp` (`objective`) and `tools/enzyme/saddle.cpp`, `rr`
//! variant: `R2CostR` (the inner cost, whose gradient is taken by reverse mode),
//! `max_primal_r` (the inner maximisation, `multivariate_max` of `gd.hpp`) and `R1CostRR`
//! (the outer cost, whose gradient is taken through the inner maximisation by reverse mode,
//! minimised by `gd::plain`, the same solver not differentiated): nested derivatives, a
//! `gradient!` inside the function given to `gradient!`, reverse over reverse.
//!
//! Timed against the same eval with central differences in both places, ported from
//! `tools/finite/saddle.cpp`: gradbench scores saddle by the whole eval's time, and the
//! published ratios are of the `rr` variant against `finite`'s time (nightly 2026-03-14:
//! Enzyme 2.14 ms / finite 26.0 ms = 0.082x, the best). The check compares the four
//! coordinates found with those the finite differences find, to 1e-3 relative.
//!
//! # Why it is pending
//!
//! `cargo check --release --bench gradbench` with this file and `gd.rs` in place, in this
//! file (18 errors) and in `gd.rs` (27):
//!
//! ```text
//! error[E0277]: `&'a [f64]` is not differentiable
//!   --> benches/gradbench/saddle.rs:91:10
//!    |
//! 91 | #[derive(Differentiable, Clone, Copy)]
//!    |          ^^^^^^^^^^^^^^ derivatives are taken through a value of type `&'a [f64]` here
//! error: `impl Trait` captures lifetime parameter, but it is not mentioned in `use<...>` precise captures list
//!   --> benches/gradbench/saddle.rs:98:25
//! error[E0599]: the method `into_adjoint` exists for reference `&ad::__private::Cotangent<R2CostRTangentVector<'_>>`, but its trait bounds were not satisfied
//! error[E0277]: `F` is not differentiable
//!   --> benches/gradbench/gd.rs:57:41
//!    |
//! 57 | pub fn multivariate_argmin<F: Func>(f: &F, xp: &[f64]) -> Vec<f64> {
//!    |                                         ^ derivatives are taken through a value of type `F` here
//!    = note: .. for a type parameter, bound it by a trait marked `#[differentiable]` (or by `Differentiable`) ..
//! error[E0277]: the trait bound `impl ::ad::__private::MaybeTangent<<[f64] as ::ad::__private::Differentiable>::TangentVector>: MaybeTangent<...>` is not satisfied
//! error[E0308]: mismatched types
//!   --> benches/gradbench/gd.rs:56:1
//!    | ^^^^^^^^^^^^^^^^^ expected `Vec<f64>`, found `()`
//! ```
//!
//! 1. `R2CostR` holds the outer point as C++'s `const double* _p1`, `p1: &'a [f64]`, which
//!    it must carry derivatives of (the outer gradient flows through it): a struct with a
//!    reference field does not derive `Differentiable`. Minimal reproduction:
//!    `#[derive(Differentiable, Clone, Copy)] pub struct Holder<'a> { pub p: &'a [f64] }`.
//! 2. `gd.hpp`'s `FUNC` writes its results through out-parameters (`void objective(const
//!    double* in, double* out)`); a marked trait's method with a `&mut` parameter makes every
//!    function generic over the trait fail with "`F` is not differentiable" (`F` is bound by
//!    the marked trait, as the note asks) and rustc's words about `MaybeTangent`. Minimal
//!    reproduction (with `fn value2(&self, x: &[f64]) -> f64` instead, it compiles):
//!
//!    ```ignore
//!    #[differentiable]
//!    pub trait Cost { fn value(&self, x: &[f64], out: &mut f64); }
//!    #[derive(Differentiable, Clone)]
//!    pub struct Quad { pub a: f64 }
//!    #[differentiable]
//!    impl Cost for Quad {
//!        fn value(&self, x: &[f64], out: &mut f64) { *out = self.a * x[0] * x[0]; }
//!    }
//!    #[differentiable]
//!    pub fn eval_cost<F: Cost>(f: &F, x: &[f64]) -> f64 { let mut r = 0.0; f.value(x, &mut r); r }
//!    ```
//! 3. `multivariate_argmin`'s `while (true)`, a `loop` left only by `return`: the minimal
//!    reproduction is in `particle.rs`.
//!
//! # Past these errors (an experiment, not this file)
//!
//! With `gd.hpp`'s loop written into `max_primal_r` (the inner costs' `objective` and
//! `gradient` inlined, `break` for `return`), the outer gradient of `max_primal_r` matches
//! central differences, the four coordinates are 8.246324826140356e-6 each, exactly what
//! gradbench expects (finite differences: 8.2463248261346e-6), and the `rr` eval takes 0.96x
//! the finite-differences eval (26 ms) against Enzyme's 0.082x.

use super::gd::{FiniteDifferencesEngine, Func, multivariate_argmax, multivariate_max, plain};
use super::harness::Eval;
use ad::prelude::*;
use std::hint::black_box;

/// The underlying function that we try to find saddle points for.
#[differentiable]
pub fn objective(x1: f64, y1: f64, x2: f64, y2: f64) -> f64 {
    (x1 * x1 + y1 * y1) - (x2 * x2 + y2 * y2)
}

/// The inner cost, `f(p1, ·)`, its gradient in `p2` by reverse mode.
#[derive(Differentiable, Clone, Copy)]
pub struct R2CostR<'a> {
    pub p1: &'a [f64],
}

#[differentiable]
impl<'a> R2CostR<'a> {
    pub fn new(p1: &'a [f64]) -> R2CostR<'a> {
        R2CostR { p1 }
    }
}

#[differentiable]
impl<'a> Func for R2CostR<'a> {
    fn objective(&self, p2: &[f64], out: &mut f64) {
        *out = objective(self.p1[0], self.p1[1], p2[0], p2[1]);
    }

    fn gradient(&self, p2: &[f64], out: &mut [f64]) {
        let (p2x, p2y) = gradient!(at: p2[0], p2[1], of: |x2: f64, y2: f64| objective(self.p1[0], self.p1[1], x2, y2));
        out[0] = p2x;
        out[1] = p2y;
    }

    fn input_size(&self) -> usize {
        2
    }
}

#[differentiable]
pub fn max_primal_r(p1x: f64, p1y: f64, p2x: f64, p2y: f64) -> f64 {
    let p1 = [p1x, p1y];
    let p2 = [p2x, p2y];
    multivariate_max(&R2CostR::new(&p1), &p2)
}

/// The outer cost, `max_y f(·, y)`, its gradient through the inner maximisation by reverse
/// mode.
pub struct R1CostRR {
    pub start: [f64; 2],
}

impl R1CostRR {
    pub fn new(input: &Input) -> R1CostRR {
        R1CostRR {
            start: [input.start[0], input.start[1]],
        }
    }
}

impl plain::Func for R1CostRR {
    fn objective(&self, p1: &[f64], out: &mut f64) {
        *out = max_primal_r(p1[0], p1[1], self.start[0], self.start[1]);
    }

    fn gradient(&self, p1: &[f64], out: &mut [f64]) {
        let (p1x, p1y) = gradient!(at: p1[0], p1[1], of: |x: f64, y: f64| max_primal_r(x, y, self.start[0], self.start[1]));
        out[0] = p1x;
        out[1] = p1y;
    }

    fn input_size(&self) -> usize {
        2
    }
}

/// The input of gradbench's `saddle` eval.
pub struct Input {
    pub start: [f64; 2],
}

/// `RR::compute`: the argmin of the outer cost, then the argmax of the inner one there.
fn rr(input: &Input) -> Vec<f64> {
    let r1 = plain::multivariate_argmin(&R1CostRR::new(input), &input.start);
    let r2 = multivariate_argmax(&R2CostR::new(&r1), &input.start);
    vec![r1[0], r1[1], r2[0], r2[1]]
}

/// `tools/finite/saddle.cpp`'s `R2Cost`: the inner cost, its gradient by finite differences.
struct R2Cost<'a> {
    p1: &'a [f64],
}

impl<'a> plain::Func for R2Cost<'a> {
    fn objective(&self, p2: &[f64], out: &mut f64) {
        *out = objective(self.p1[0], self.p1[1], p2[0], p2[1]);
    }

    fn gradient(&self, p2: &[f64], out: &mut [f64]) {
        let mut engine = FiniteDifferencesEngine::new(self.input_size());
        let p2_copy = [p2[0], p2[1]];
        engine.finite_differences(
            1,
            &mut |fd_in, fd_out| self.objective(fd_in, &mut fd_out[0]),
            &p2_copy,
            self.input_size(),
            1,
            out,
        );
    }

    fn input_size(&self) -> usize {
        2
    }
}

/// `tools/finite/saddle.cpp`'s `R1Cost`: the outer cost, its gradient by finite differences.
struct R1Cost {
    start: [f64; 2],
}

impl plain::Func for R1Cost {
    fn objective(&self, p1: &[f64], out: &mut f64) {
        *out = plain::multivariate_max(&R2Cost { p1 }, &self.start);
    }

    fn gradient(&self, p1: &[f64], out: &mut [f64]) {
        let mut engine = FiniteDifferencesEngine::new(self.input_size());
        let p1_copy = [p1[0], p1[1]];
        engine.finite_differences(
            1,
            &mut |fd_in, fd_out| self.objective(fd_in, &mut fd_out[0]),
            &p1_copy,
            self.input_size(),
            1,
            out,
        );
    }

    fn input_size(&self) -> usize {
        2
    }
}

/// `Saddle::compute` of `tools/finite/saddle.cpp`.
fn finite(input: &Input) -> Vec<f64> {
    let r1 = plain::multivariate_argmin(&R1Cost { start: input.start }, &input.start);
    let r2 = plain::multivariate_argmax(&R2Cost { p1: &r1 }, &input.start);
    vec![r1[0], r1[1], r2[0], r2[1]]
}

/// gradbench's `saddle` at its only input, `start = (1, 1)`: the `rr` variant timed against
/// the same eval by finite differences (`tools/finite`), as gradbench's published ratios
/// are.
pub fn eval() -> Eval {
    let input = std::rc::Rc::new(Input { start: [1.0, 1.0] });
    let (for_objective, for_derivative, for_check) = (input.clone(), input.clone(), input);
    Eval {
        name: "saddle",
        size: "start=(1,1)".into(),
        derivative_kind: "rr eval vs finite eval",
        enzyme: 0.082,
        best: ("enzyme", 0.082),
        objective: Box::new(move || {
            black_box(finite(&for_objective));
        }),
        derivative: Box::new(move || {
            black_box(rr(&for_derivative));
        }),
        // The four coordinates found by `ad` against those found by finite differences
        // (gradbench expects 8.246324826140356e-06 for each), to 1e-3 relative to the larger
        // of 1e-5 and the value: the points are near 0, where the descent stops once a step
        // is shorter than 1e-5.
        check: Box::new(move || {
            let (got, want) = (rr(&for_check), finite(&for_check));
            for k in 0..4 {
                if (got[k] - want[k]).abs() > 1e-3 * want[k].abs().max(1e-5) {
                    return Err(format!(
                        "saddle, coordinate {k}: ad {} against finite differences {}",
                        got[k], want[k]
                    ));
                }
            }
            Ok(())
        }),
    }
}
