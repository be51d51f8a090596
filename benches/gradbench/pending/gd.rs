//! PENDING: used by the pending `saddle.rs` (not compiled; not referenced from `main.rs`):
//! the differentiable part of gradbench's solver, which saddle differentiates through.
//!
//! gradbench's gradient descent solver of the particle and saddle evals, ported line by line
//! from `cpp/gradbench/gd.hpp` (the template's `FUNC` as the trait `Func`, its `objective`
//! and `gradient` writing through out-parameters, `while (true)` as `loop` left by `return`),
//! and ADBench's finite differences of `tools/finite/finite.hpp` (`FiniteDifferencesEngine`,
//! one thread), which gradbench's `finite` tool, the reference of the nested evals' published
//! ratios, runs.
//!
//! saddle differentiates through `multivariate_max`, so the trait and the solver are
//! `#[differentiable]`; `plain` is the same solver for the costs that are only minimised.
//! The marked part does not compile (see `saddle.rs`): "`F` is not differentiable" at
//! `f: &F` of `multivariate_argmin<F: Func>` (with `Func` marked, its methods writing through
//! `&mut` parameters), rustc's "the trait bound `impl ::ad::__private::MaybeTangent<..>:
//! MaybeTangent<...>` is not satisfied", "`gd::MultiplicativeInverse<'_, F>` is not
//! differentiable" (a struct holding `&'a F`), and "mismatched types: expected `Vec<f64>`,
//! found `()`" at `multivariate_argmin`'s `loop` left only by `return` (see `particle.rs`),
//! with the warnings "the result of `multivariate_argmin` does not depend on `xp`" (it does).

use ad::prelude::*;

/// The `FUNC` of `multivariate_argmin`: `input_size()`, `objective(in, out)` storing the
/// objective in `out`, `gradient(in, out)` storing the gradient in `out`.
#[differentiable]
pub trait Func {
    fn input_size(&self) -> usize;
    fn objective(&self, x: &[f64], out: &mut f64);
    fn gradient(&self, x: &[f64], out: &mut [f64]);
}

#[differentiable]
pub fn magnitude_squared(v: &Vec<f64>) -> f64 {
    let mut acc = 0.0;
    for x in v {
        acc += x * x;
    }
    acc
}

#[differentiable]
pub fn magnitude(v: &Vec<f64>) -> f64 {
    magnitude_squared(v).sqrt()
}

#[differentiable]
pub fn vector_dist(u: &Vec<f64>, v: &Vec<f64>) -> f64 {
    let mut acc = 0.0;
    for i in 0..u.len() {
        acc += (u[i] - v[i]) * (u[i] - v[i]);
    }
    acc.sqrt()
}

/// Finds the multivariate argmin of a function via gradient descent, from `xp`.
#[differentiable]
pub fn multivariate_argmin<F: Func>(f: &F, xp: &[f64]) -> Vec<f64> {
    // `T fx;`: Rust lends only initialised locals.
    let mut fx = 0.0;
    let mut x = vec![0.0; f.input_size()];
    let mut gx = vec![0.0; f.input_size()];
    let mut x_prime = vec![0.0; f.input_size()];

    for j in 0..f.input_size() {
        x[j] = xp[j];
    }

    f.objective(xp, &mut fx);
    f.gradient(&x, &mut gx);

    let mut i = 0;
    let mut eta = 1e-5;

    loop {
        if magnitude(&gx) <= 1e-5 {
            return x;
        } else if i == 10 {
            eta *= 2.0;
            i = 0;
        } else {
            for j in 0..f.input_size() {
                x_prime[j] = x[j] - eta * gx[j];
            }
            if vector_dist(&x, &x_prime) <= 1e-5 {
                return x;
            } else {
                let mut fx_prime = 0.0;
                f.objective(&x_prime, &mut fx_prime);
                if fx_prime < fx {
                    x = x_prime.clone();
                    fx = fx_prime;
                    f.gradient(&x, &mut gx);
                    i += 1;
                } else {
                    eta /= 2.0;
                    i = 0;
                }
            }
        }
    }
}

/// `multivariate_argmax`'s local `struct multiplicative_inverse` (an item of the module: a
/// differentiable impl cannot be local to a function body).
pub struct MultiplicativeInverse<'a, F: Func> {
    pub f: &'a F,
}

#[differentiable]
impl<'a, F: Func> Func for MultiplicativeInverse<'a, F> {
    fn objective(&self, x: &[f64], out: &mut f64) {
        let mut tmp = 0.0;
        self.f.objective(x, &mut tmp);
        *out = -tmp;
    }
    fn gradient(&self, x: &[f64], out: &mut [f64]) {
        self.f.gradient(x, out);
        for i in 0..self.f.input_size() {
            out[i] *= -1.0;
        }
    }
    fn input_size(&self) -> usize {
        self.f.input_size()
    }
}

/// Finds the multivariate argmax of a function via gradient descent, from `xp`.
#[differentiable]
pub fn multivariate_argmax<F: Func>(f: &F, xp: &[f64]) -> Vec<f64> {
    multivariate_argmin(&MultiplicativeInverse { f }, xp)
}

#[differentiable]
pub fn multivariate_max<F: Func>(f: &F, x: &[f64]) -> f64 {
    let mut res = 0.0;
    let xmax = multivariate_argmax(f, x);
    f.objective(&xmax, &mut res);
    res
}

// The same solver not differentiated (`plain`) and the finite differences are compiled, in
// `../gd.rs`: particle uses them. To try this file, put its items into that module.
