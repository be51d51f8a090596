//! PENDING: not compiled (not referenced from `main.rs`). To try it, move it to
//! `benches/gradbench/ode.rs`, add `mod ode;` and `ode::eval` to `main.rs`.
//!
//! ode: the gradient of the last element of a Runge-Kutta solution of an ODE, ported line by
//! line from gradbench's `cpp/gradbench/evals/ode.hpp` (after cmpad's `an_ode`): the helper
//! `ode_fun` writing through an out-parameter, the scratch vectors `k1`..`k4` and `y_tmp`
//! allocated once (`std::vector<T> k1(n), k2(n), k3(n), k4(n), y_tmp(n);`, one declaration,
//! here one `let`) and overwritten at every step, the solution written into `yf` (the
//! `#pragma omp parallel for` there left out of this single-threaded port).
//!
//! Status (2026-11-29, later the same day): reasons 1 (`fill` of a range) and 3 (a `Vec` bound
//! by a tuple pattern) are fixed (tests `tests/idioms/vec_methods.rs::fill_of_a_range`,
//! `tests/idioms/patterns.rs::a_vec_bound_by_a_tuple_pattern`); reason 2 remains: a bare
//! `&mut` parameter passed where the callee takes `&[f64]` is taken for an inout argument,
//! because the macro cannot see the callee's signature (it will once it reads the callee's
//! declaration from the source file, as issue 36 reads the enclosing `impl`).
//!
//! `primal` does not compile under `#[differentiable]`, for three independent reasons; rustc
//! reports them one after the other, each once the one before is out of the way (the line
//! numbers quoted are those of this file without this header).
//!
//! 1. `std::fill(yf, yf + n, T(0))`, written `yf[..n].fill(0.0)` (the macro's error):
//!
//! ```text
//! error: the result of `.fill(..)` is discarded but it reads a differentiated value; mutation through methods is not differentiated yet: bind its result, or wrap the argument in `no_grad(..)`
//!   --> benches/gradbench/ode.rs:30:5
//!    |
//! 30 |     yf[..n].fill(0.0);
//!    |     ^^
//! ```
//!
//! `fill` returns nothing to bind, and `no_grad(0.0)` as the argument gives the same error.
//! The guide lists `v.fill(x)` as supported: the whole slice's `yf.fill(0.0)` compiles, a
//! range slice's does not, of a parameter or of a local alike. Minimal reproduction:
//!
//! ```ignore
//! #[differentiable]
//! pub fn f(x: f64) -> f64 {
//!     let mut v = vec![x; 2];
//!     v[..1].fill(0.0);
//!     v[0] + v[1]
//! }
//! ```
//!
//! 2. `ode_fun(n, xi, yf, &mut k1)`: the `&mut [f64]` parameter `yf` given where `ode_fun`
//!    takes `y: &[f64]` (C++'s `T*` passed as `const T*`; in Rust, `&mut [f64]` coerces to
//!    `&[f64]`). rustc's errors about the generated code (with `yf.fill(0.0)` in place of 1):
//!
//! ```text
//! error[E0308]: mismatched types
//!   --> benches/gradbench/ode.rs:38:9
//!    |
//! 19 | #[differentiable]
//!    | -----------------
//!    | |
//!    | arguments to this function are incorrect
//!    | in this attribute macro expansion
//! ...
//! 38 |         ode_fun(n, xi, yf, &mut k1);
//!    |         ^^^^^^^ expected `&[f64]`, found `Vec<f64>`
//! error[E0609]: no field `2` on type `((), Vec<f64>)`
//! error[E0277]: `(NoTangent, Vec<f64>)` has no differentiable field with this name
//!    | the trait `ad::__private::FieldTangent<12638137722532372501>` is not implemented for `(NoTangent, Vec<f64>)`
//!    = note: derive `Differentiable` for the struct; fields marked `#[no_derivative]`, integers and `bool`s carry no derivative
//! note: required by a bound in `ad::__private::from_field`
//! error[E0308]: mismatched types
//!    | expected a tuple with 3 elements, found one with 2 elements
//!    = note: expected tuple `((_, Vec<f64>, Vec<f64>), _)`
//!               found tuple `(((), Vec<f64>), (NoTangent, Vec<f64>))`
//! note: function defined here
//!   --> ad-core/src/output_hint.rs:58:8
//! 58 | pub fn same_output<R, T>(_output: PhantomData<R>, result: (R, T)) -> (R, T) {
//! ```
//!
//! Minimal reproduction (`first(&*y)` and `first(&y[..])` compile):
//!
//! ```ignore
//! #[differentiable]
//! fn first(y: &[f64]) -> f64 {
//!     y[0]
//! }
//!
//! #[differentiable]
//! pub fn f(y: &mut [f64]) {
//!     let s = first(y);
//!     y[0] = s * y[0];
//! }
//! ```
//!
//! 3. `let (mut k1, mut k2, mut k3, mut k4, mut y_tmp) = (vec![0.0; n], ..)`: a `Vec` bound
//!    by a tuple pattern. The generated code moves the `Vec` into the tuple
//!    (`let mut __ad_v4 = (__ad_v2, __ad_v3);`) and then reads it (`__ad_v2[..]`):
//!
//! ```text
//! error[E0382]: use of moved value
//!   --> benches/gradbench/ode.rs:19:1
//!    |
//! 19 | #[differentiable]
//!    | ^^^^^^^^^^^^^^^^^
//!    | |
//!    | value used here after move
//!    | move occurs because value has type `Vec<f64>`, which does not implement the `Copy` trait
//! help: borrow this binding in the pattern to avoid moving the value
//!    |
//! 19 | ref #[differentiable]
//!    | +++
//! ```
//!
//! Minimal reproduction (an array `[x; 1]` in place of the `Vec` compiles; so do five `let`s):
//!
//! ```ignore
//! #[differentiable]
//! pub fn f(x: f64) -> f64 {
//!     let (a, b) = (vec![x; 1], 2.0);
//!     a[0] * b
//! }
//! ```
//!
//! With the three written otherwise (`yf.fill(0.0)`, `ode_fun(n, xi, &*yf, &mut k1)`, five
//! `let`s), none of them a spelling the errors suggest, it compiles and its gradient agrees
//! with central differences (n = 6, s = 10), at 78x the objective at n = 10000, s = 10 (65x at
//! n = 1000, 34x at n = 100000; Enzyme 4.88x): not committed, since it is not the port as
//! written.

use super::harness::{Eval, Numbers, compare};
use ad::prelude::*;
use std::hint::black_box;

#[differentiable]
fn ode_fun(n: usize, x: &[f64], y: &[f64], z: &mut [f64]) {
    z[0] = x[0];
    for i in 1..n {
        z[i] = x[i] * y[i - 1];
    }
}

#[differentiable]
fn primal(n: usize, xi: &[f64], s: usize, yf: &mut [f64]) {
    let tf = 2.0;
    let h = tf / s as f64;
    let (mut k1, mut k2, mut k3, mut k4, mut y_tmp) = (
        vec![0.0; n],
        vec![0.0; n],
        vec![0.0; n],
        vec![0.0; n],
        vec![0.0; n],
    );
    yf[..n].fill(0.0);

    for _i_step in 0..s {
        ode_fun(n, xi, yf, &mut k1);

        for i in 0..n {
            y_tmp[i] = yf[i] + h * k1[i] / 2.0;
        }
        ode_fun(n, xi, &y_tmp, &mut k2);

        for i in 0..n {
            y_tmp[i] = yf[i] + h * k2[i] / 2.0;
        }
        ode_fun(n, xi, &y_tmp, &mut k3);

        for i in 0..n {
            y_tmp[i] = yf[i] + h * k3[i];
        }
        ode_fun(n, xi, &y_tmp, &mut k4);

        for i in 0..n {
            yf[i] += h * (k1[i] + 2.0 * k2[i] + 2.0 * k3[i] + k4[i]) / 6.0;
        }
    }
}

/// The input of gradbench's `ode` eval.
struct Input {
    x: Vec<f64>,
    s: usize,
}

impl Input {
    fn new(n: usize, s: usize) -> Input {
        let mut numbers = Numbers::new(1);
        Input {
            x: numbers.take(n),
            s,
        }
    }

    /// The last element of the solution at `x`.
    fn objective_of(&self, x: &[f64]) -> f64 {
        let n = x.len();
        let mut yf = vec![0.0; n];
        primal(n, x, self.s, &mut yf);
        yf[n - 1]
    }

    fn objective(&self) -> Vec<f64> {
        let n = self.x.len();
        let mut yf = vec![0.0; n];
        primal(n, &self.x, self.s, &mut yf);
        yf
    }

    /// The gradient of the solution's last element in `x`.
    fn gradient(&self) -> Vec<f64> {
        let (n, s) = (self.x.len(), self.s);
        gradient!(
            at: &self.x,
            of: |xi: &[f64]| {
                let mut yf = vec![0.0; n];
                primal(n, xi, s, &mut yf);
                yf[n - 1]
            }
        )
    }

    fn check(&self) -> Result<(), String> {
        compare(
            &format!("ode n={} s={}", self.x.len(), self.s),
            &|x| self.objective_of(x),
            &self.x,
            &self.gradient(),
            1e-5,
        )
    }
}

/// gradbench's `ode` at n = 10000, s = 10.
pub fn eval() -> Eval {
    let input = std::rc::Rc::new(Input::new(10000, 10));
    let (for_objective, for_derivative, for_check) = (input.clone(), input.clone(), input);
    Eval {
        name: "ode",
        size: "n=10000 s=10".into(),
        derivative_kind: "gradient",
        enzyme: 4.88,
        best: ("JAX", 3.03),
        objective: Box::new(move || {
            black_box(for_objective.objective());
        }),
        derivative: Box::new(move || {
            black_box(for_derivative.gradient());
        }),
        check: Box::new(move || {
            // Each Runge-Kutta step reaches four elements further, so at n = 10000, s = 10 the
            // last element and its gradient are exactly 0: the same code at n = 6, on inputs
            // near 1.5, has a last element and a gradient of order 1 that it checks.
            let mut small = Input::new(6, 10);
            small.x.iter_mut().for_each(|v| *v += 1.5);
            small.check()?;
            for_check.check()
        }),
    }
}
