//! kmeans: the Newton direction of k-means' cost (its gradient divided by its Hessian, which
//! is diagonal), ported line by line from gradbench's `cpp/gradbench/evals/kmeans.hpp`: a
//! helper for the squared distance, the closest centroid kept by `std::min`, the cost
//! written through an out-parameter. The derivative is what `tools/enzyme/kmeans.cpp`
//! computes: forward mode over the reverse-mode gradient, seeded with ones, which gives the
//! gradient `J` and `H · 1` (the Hessian's diagonal, as the Hessian is diagonal), then
//! `dir = J / H`. Here that is `value_with_differential!` of a closure that returns
//! `gradient!` (`hvp!`, a Hessian-vector product in one pass, is not built yet), which the
//! guide says costs one second-order pass per component of the centroids (k·d = 80 here).
//!
//! The reverse derivative of `euclid_dist_2`, given the tails `&points[i * d..]` and
//! `&centroids[j * d..]` as the C++ passes pointers, copies and returns only the `d` elements
//! it reads (a prefix cotangent, see `ad_core::TangentVector`): the gradient alone grew as n²
//! (about 575x the objective at n = 1000) while it copied the tails whole. The forward passes
//! of the Hessian diagonal still copy the tangent's tail of the centroids at each of the n·k
//! calls (`to_owned(&t[j * d..])`, seen with `#[differentiable(dump)]`), one pass per
//! coordinate.

use super::harness::{Eval, Numbers, central_difference, compare};
use ad::prelude::*;
use std::hint::black_box;

// The C++ template has `A const* a` (the points, always `double`) and `B const* b` (the
// centroids, `T`): only `b` is differentiated.
#[differentiable(wrt = b)]
fn euclid_dist_2(d: usize, a: &[f64], b: &[f64]) -> f64 {
    let mut dist = 0.0;
    for i in 0..d {
        dist += (a[i] - b[i]) * (a[i] - b[i]);
    }
    dist
}

#[differentiable(wrt = centroids)]
fn objective(n: usize, k: usize, d: usize, points: &[f64], centroids: &[f64], err: &mut f64) {
    let mut cost = 0.0;
    for i in 0..n {
        let a = &points[i * d..];
        let mut closest = f64::INFINITY;
        for j in 0..k {
            let b = &centroids[j * d..];
            closest = closest.min(euclid_dist_2(d, a, b));
        }
        cost += closest;
    }
    *err = cost;
}

/// The input of gradbench's `kmeans` eval.
struct Input {
    n: usize,
    k: usize,
    d: usize,
    points: Vec<f64>,    // n*d matrix
    centroids: Vec<f64>, // k*d matrix
}

impl Input {
    /// As gradbench's `run.py`: random points, the centroids the last `k` of them (so that
    /// every cluster is nonempty).
    fn new(k: usize, n: usize, d: usize) -> Input {
        let points = Numbers::new(3).take(n * d);
        let centroids = points[(n - k) * d..].to_vec();
        Input {
            n,
            k,
            d,
            points,
            centroids,
        }
    }

    fn cost_at(&self, centroids: &[f64]) -> f64 {
        let mut err = 0.0;
        objective(self.n, self.k, self.d, &self.points, centroids, &mut err);
        err
    }

    fn cost(&self) -> f64 {
        self.cost_at(&self.centroids)
    }

    /// The gradient in the centroids (the `kmeans_objective_d` of `tools/enzyme`).
    fn gradient_at(&self, centroids: &[f64]) -> Vec<f64> {
        let Input { n, k, d, .. } = *self;
        let points = &self.points;
        gradient!(
            at: centroids,
            of: |c: &[f64]| {
                let mut err = 0.0;
                objective(n, k, d, points, c, &mut err);
                err
            }
        )
    }

    /// The gradient `J` and `H · 1`, the derivative of the gradient along ones (the
    /// `kmeans_objective_dd` of `tools/enzyme`).
    fn gradient_and_hessian(&self) -> (Vec<f64>, Vec<f64>) {
        let Input { n, k, d, .. } = *self;
        let points = &self.points;
        let seed = vec![1.0; k * d];
        let (j, differential) = value_with_differential!(
            at: &self.centroids,
            of: |centroids: &[f64]| gradient!(
                at: centroids,
                of: |c: &[f64]| {
                    let mut err = 0.0;
                    objective(n, k, d, points, c, &mut err);
                    err
                }
            )
        );
        let h = differential(seed);
        (j, h)
    }

    /// gradbench's `dir`: `J / H`, elementwise.
    fn dir(&self) -> Vec<f64> {
        let (j, h) = self.gradient_and_hessian();
        let mut dir = vec![0.0; self.k * self.d];
        for i in 0..self.k * self.d {
            dir[i] = j[i] / h[i];
        }
        dir
    }
}

/// gradbench's `kmeans` at its smallest default size, k = 10, n = 1000, d = 8.
pub fn eval() -> Eval {
    let input = std::rc::Rc::new(Input::new(10, 1000, 8));
    let (for_objective, for_derivative, for_check) = (input.clone(), input.clone(), input);
    Eval {
        name: "kmeans",
        size: "k=10 n=1000 d=8".into(),
        derivative_kind: "dir (gradient / Hessian diagonal)",
        enzyme: 4.16,
        best: ("JAX", 1.63),
        objective: Box::new(move || {
            black_box(for_objective.cost());
        }),
        derivative: Box::new(move || {
            black_box(for_derivative.dir());
        }),
        check: Box::new(move || {
            let input = &*for_check;
            let (j, h) = input.gradient_and_hessian();
            // The gradient against central differences of the cost.
            compare(
                "kmeans gradient",
                &|c| input.cost_at(c),
                &input.centroids,
                &j,
                1e-5,
            )?;
            // The gradient of `gradient!` alone is the one forward over reverse gives.
            compare(
                "kmeans gradient! alone",
                &|c| input.cost_at(c),
                &input.centroids,
                &input.gradient_at(&input.centroids),
                1e-5,
            )?;
            // H · 1 entry e is ∂J_e/∂c_e (the Hessian is diagonal): central differences of
            // the gradient's entry e along coordinate e, at a few entries.
            let x = &input.centroids;
            for e in [0, x.len() / 3, x.len() / 2, x.len() - 1] {
                let want = central_difference(&|c| input.gradient_at(c)[e], x, e);
                if (h[e] - want).abs() > 1e-5 * want.abs().max(1.0) {
                    return Err(format!(
                        "kmeans Hessian diagonal, entry {e}: ad {} against central difference \
                         of the gradient {want}",
                        h[e]
                    ));
                }
            }
            Ok(())
        }),
    }
}
