//! The array rules on random shapes: each operator between matrices whose axes are, at
//! random, full or of length 1 (ndarray's broadcasting), a scalar on either side, `dot` of
//! random compatible shapes and reductions along a random axis, each against central finite
//! differences (and, through the suite's operators, forward mode against reverse mode).

use crate::assert_grad_fd;
use ad::ndarray::{Array1, Array2, Axis};
use ad::prelude::*;
// The suite's operators, which also check forward mode against reverse mode.
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};

/// A small deterministic generator (no dependency needed for shapes and values), shared with
/// the other array suites.
pub(crate) struct Random(pub(crate) u64);

impl Random {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    /// An integer in `1..=n`.
    pub(crate) fn length(&mut self, n: u64) -> usize {
        (self.next() % n + 1) as usize
    }
    /// A value in `[0.5, 1.5]`, negated half of the time when `signed`.
    pub(crate) fn value(&mut self, signed: bool) -> f64 {
        let magnitude = 0.5 + (self.next() % 1000) as f64 / 1000.0;
        if signed && self.next() % 2 == 0 {
            -magnitude
        } else {
            magnitude
        }
    }
    pub(crate) fn matrix(&mut self, (rows, columns): (usize, usize), signed: bool) -> Array2<f64> {
        Array2::from_shape_fn((rows, columns), |_| self.value(signed))
    }
    /// Two shapes that broadcast together: each axis full for one operand or both.
    fn broadcast_shapes(&mut self) -> ((usize, usize), (usize, usize)) {
        let (rows, columns) = (self.length(4), self.length(4));
        let mut axis = |n: usize| match self.next() % 3 {
            0 => (n, 1),
            1 => (1, n),
            _ => (n, n),
        };
        let ((ra, rb), (ca, cb)) = (axis(rows), axis(columns));
        ((ra, ca), (rb, cb))
    }
}

/// All elements of the matrices, in order: the point of a finite-difference check.
fn flat(arrays: &[&Array2<f64>]) -> Vec<f64> {
    arrays.iter().flat_map(|a| a.iter().copied()).collect()
}

/// Matrices of the given shapes from the elements of `p`, in order.
fn unflat(p: &[f64], shapes: &[(usize, usize)]) -> Vec<Array2<f64>> {
    let mut start = 0;
    shapes
        .iter()
        .map(|&(r, c)| {
            start += r * c;
            Array2::from_shape_vec((r, c), p[start - r * c..start].to_vec()).unwrap()
        })
        .collect()
}

#[differentiable]
fn add(a: Array2<f64>, b: Array2<f64>) -> f64 {
    (&a + &b).tanh().sum()
}

#[differentiable]
fn sub(a: Array2<f64>, b: Array2<f64>) -> f64 {
    (&a - &b).sin().sum()
}

#[differentiable]
fn mul(a: Array2<f64>, b: Array2<f64>) -> f64 {
    (&a * &b).exp().sum()
}

#[differentiable]
fn div(a: Array2<f64>, b: Array2<f64>) -> f64 {
    (&a / &b).cos().sum()
}

/// `f(a, b)` on twenty pairs of random broadcasting shapes, against finite differences.
fn check_broadcasting(
    f: fn(Array2<f64>, Array2<f64>) -> f64,
    gradient: impl Fn(Array2<f64>, Array2<f64>) -> (Array2<f64>, Array2<f64>),
    seed: u64,
) {
    let mut random = Random(seed);
    for _ in 0..20 {
        let (sa, sb) = random.broadcast_shapes();
        let (a, b) = (random.matrix(sa, true), random.matrix(sb, false));
        let (da, db) = gradient(a.clone(), b.clone());
        assert_eq!((da.dim(), db.dim()), (sa, sb));
        let at = |p: &[f64]| {
            let parts = unflat(p, &[sa, sb]);
            f(parts[0].clone(), parts[1].clone())
        };
        assert_grad_fd(at, &flat(&[&a, &b]), &flat(&[&da, &db]));
    }
}

#[test]
fn operators_on_random_broadcasting_shapes() {
    check_broadcasting(
        add,
        |a: Array2<f64>, b: Array2<f64>| gradient!(at: a.clone(), b.clone(), of: add),
        1,
    );
    check_broadcasting(
        sub,
        |a: Array2<f64>, b: Array2<f64>| gradient!(at: a.clone(), b.clone(), of: sub),
        2,
    );
    check_broadcasting(
        mul,
        |a: Array2<f64>, b: Array2<f64>| gradient!(at: a.clone(), b.clone(), of: mul),
        3,
    );
    check_broadcasting(
        div,
        |a: Array2<f64>, b: Array2<f64>| gradient!(at: a.clone(), b.clone(), of: div),
        4,
    );
}

#[differentiable]
fn scalars_and_reductions(a: Array2<f64>, s: f64, axis: usize) -> f64 {
    let b = (2.0 - &a) * s + a.clone() / s - s / &a;
    let rows = b.sum_axis(Axis(axis));
    let means = b.mean_axis(Axis(1 - axis)).unwrap();
    (rows.exp().sum() + means.powi(2).sum()) * a.mean().unwrap()
}

#[test]
fn scalars_and_reductions_on_random_shapes() {
    let mut random = Random(5);
    for case in 0..20 {
        let shape = (random.length(4), random.length(4));
        let (a, s, axis) = (random.matrix(shape, false), random.value(false), case % 2);
        let (da, ds, _) = gradient!(at: a.clone(), s, axis, of: scalars_and_reductions);
        let at = |p: &[f64]| {
            scalars_and_reductions(unflat(p, &[shape])[0].clone(), p[p.len() - 1], axis)
        };
        let mut got = flat(&[&da]);
        got.push(ds);
        let mut point = flat(&[&a]);
        point.push(s);
        assert_grad_fd(at, &point, &got);
    }
}

#[differentiable]
fn products(a: Array2<f64>, b: Array2<f64>) -> f64 {
    let ab = a.dot(&b);
    let column = ab.column(0).to_owned();
    (ab.tanh().sum() + b.dot(&column.mapv(|v: f64| v.sin())).sum()) * b.t().dot(&b).sum()
}

#[test]
fn products_of_random_shapes() {
    let mut random = Random(6);
    for _ in 0..20 {
        let (m, k) = (random.length(4), random.length(4));
        let (sa, sb) = ((m, k), (k, m));
        let (a, b) = (random.matrix(sa, true), random.matrix(sb, true));
        let (da, db) = gradient!(at: a.clone(), b.clone(), of: products);
        let at = |p: &[f64]| {
            let parts = unflat(p, &[sa, sb]);
            products(parts[0].clone(), parts[1].clone())
        };
        assert_grad_fd(at, &flat(&[&a, &b]), &flat(&[&da, &db]));
    }
}

/// A vector broadcast over a matrix's rows, on either side of each operator.
#[differentiable]
fn vector_and_matrix(m: Array2<f64>, v: Array1<f64>) -> f64 {
    let left = (&v + &m) * (&v - &m) / (&v * &m) + &v / &m;
    let right = (&m + &v) * (&m - &v) / (&m * &v) + &m / &v;
    (left + right).sin().sum()
}

#[test]
fn vectors_and_matrices_on_random_shapes() {
    let mut random = Random(7);
    for _ in 0..20 {
        let (rows, columns) = (random.length(4), random.length(4));
        let (m, v) = (
            random.matrix((rows, columns), false),
            random.matrix((1, columns), false),
        );
        let v = v.row(0).to_owned();
        let (dm, dv) = gradient!(at: m.clone(), v.clone(), of: vector_and_matrix);
        let at = |p: &[f64]| {
            let m = unflat(p, &[(rows, columns)])[0].clone();
            vector_and_matrix(m, Array1::from(p[rows * columns..].to_vec()))
        };
        let mut got = flat(&[&dm]);
        got.extend(dv.iter());
        let mut point = flat(&[&m]);
        point.extend(v.iter());
        assert_grad_fd(at, &point, &got);
    }
}
