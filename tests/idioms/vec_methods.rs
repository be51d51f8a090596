//! A local `Vec` edited in place: `insert`, `remove`, `swap_remove`, `truncate`, `clear`,
//! `resize`, `extend_from_slice`, `retain`, `reverse` (also of an array); elements that may be
//! missing, `xs.get(i)` (also `.copied()`); and the items a chain's `max_by`, `min_by` and
//! `last` find taken by value (`.copied()`, `.cloned()`).
//! Every mode against central differences, closed forms where they are short, and the
//! Hessian of one.

use crate::check::{check_hessian, check_idiom, check_slice_hessian, check_slice_idiom};
use ad::prelude::*;

/// An element put in and others taken out: `insert`, `remove` (its result used),
/// `swap_remove`, then a `remove` for its effect alone.
#[differentiable]
fn inserted_and_removed(xs: &[f64], s: f64) -> f64 {
    let mut v = xs.to_vec();
    v.insert(1, s * s);
    let first = v.remove(0);
    let moved = v.swap_remove(1);
    v.remove(0);
    first * moved + v.iter().map(|x| x * s).sum::<f64>()
}

/// Shortened, emptied, grown and extended: `truncate`, `resize` both ways,
/// `extend_from_slice` with a parameter and with another local, `clear`.
#[differentiable]
fn resized(xs: &[f64], s: f64) -> f64 {
    let mut v = xs.to_vec();
    v.truncate(3);
    v.resize(5, s.sin());
    let mut w = Vec::new();
    w.extend_from_slice(&v);
    w.extend_from_slice(xs);
    w.resize(6, 0.0);
    let mut gone = vec![s, s];
    gone.clear();
    gone.push(s * 2.0);
    w.iter()
        .enumerate()
        .map(|(i, x)| x * (i as f64 + s))
        .sum::<f64>()
        + gone[0]
}

/// The elements that pass a test kept (`retain`, whose closure takes a reference), then the
/// order reversed: the last kept one weighs most.
#[differentiable]
fn kept_and_reversed(xs: &[f64], s: f64) -> f64 {
    let mut v: Vec<f64> = xs.iter().map(|x| x * s).collect();
    v.retain(|&x| x > 0.5);
    v.reverse();
    let mut total = 0.0;
    for (i, x) in v.iter().enumerate() {
        total += x / (i as f64 + 1.0);
    }
    total
}

#[test]
fn vec_edits_in_every_mode() {
    let points = [
        (vec![0.7, -1.2, 2.5, 0.3], 0.8),
        (vec![1.5, 0.2, -0.4, 2.0, 0.9], -0.6),
    ];
    for (xs, s) in points.clone() {
        check_slice_idiom!(inserted_and_removed, [(xs.clone(), s)]);
        check_slice_idiom!(resized, [(xs.clone(), s)]);
        check_slice_idiom!(kept_and_reversed, [(xs, s)]);
    }
    check_slice_hessian!(single_argument, [vec![0.7, -1.2, 2.5, 0.3]]);
}

/// `inserted_and_removed` at `s = 1.5`, for the Hessian check of a function of one slice.
#[differentiable]
fn single_argument(xs: &[f64]) -> f64 {
    inserted_and_removed(xs, 1.5) * xs[0]
}

#[test]
fn vec_edits_closed_forms() {
    // [a, b, c, d] with s² inserted at 1: [a, s², b, c, d]; remove(0) = a leaves [s², b, c, d];
    // swap_remove(1) = b leaves [s², d, c]; remove(0) leaves [d, c]: a·b + s·(d + c).
    let (a, b, c, d, s) = (0.7, -1.2, 2.5, 0.3, 0.8);
    let (dxs, ds) = ad::gradient!(at: &[a, b, c, d][..], s, of: inserted_and_removed);
    assert_eq!(dxs, vec![b, a, s, s]);
    assert_eq!(ds, c + d);
    // Kept: 0.7·2 = 1.4 and 2.5·2 = 5 (of [1.4, -2.4, 5, 0.6]: 0.6 passes too), reversed
    // [0.6, 5, 1.4]: total 0.6 + 5/2 + 1.4/3.
    let (dxs, ds) = ad::gradient!(at: &[0.7, -1.2, 2.5, 0.3][..], 2.0, of: kept_and_reversed);
    assert_eq!(dxs, vec![2.0 / 3.0, 0.0, 1.0, 2.0]);
    assert!((ds - (0.7 / 3.0 + 2.5 / 2.0 + 0.3)).abs() < 1e-15);
}

/// An array reversed in place, then read by position.
#[differentiable]
fn reversed_array(x: f64, y: f64) -> f64 {
    let mut a = [x, y, x * y, y.sin()];
    a.reverse();
    a[0] * 3.0 + a[1] * a[3] - a[2]
}

#[test]
fn an_array_reversed() {
    check_idiom!(reversed_array, [(0.5, 1.5), (-1.1, 0.4)]);
    check_hessian!(reversed_array, [(0.5, 1.5)]);
}

/// The largest, the smallest and the last item of chains, by value.
#[differentiable]
fn found_by_value(xs: &[f64], s: f64) -> f64 {
    let largest = xs
        .iter()
        .max_by(|a, b| a.total_cmp(b))
        .copied()
        .unwrap_or(0.0);
    let smallest = xs.iter().min_by(|a, b| a.total_cmp(b)).cloned();
    let last = xs.iter().last().copied().unwrap_or(s);
    largest * s + smallest.unwrap_or(s) * s + last * last
}

#[test]
fn chain_results_copied() {
    check_slice_idiom!(
        found_by_value,
        [
            (vec![0.7, -1.2, 2.5, 0.3], 0.8),
            (vec![1.5], -0.6),
            (vec![], 0.4)
        ]
    );
}

/// Elements that may be missing: `get(i).copied()` in and out of bounds, `if let Some(x) =
/// xs.get(i)` (a reference), and a local's `get` in a loop that runs past its end.
#[differentiable]
fn got(xs: &[f64], s: f64) -> f64 {
    let second = xs.get(1).copied().unwrap_or(s);
    let far = xs.get(7).cloned().unwrap_or(s * s);
    let third = if let Some(x) = xs.get(2) { x * s } else { s };
    let v = vec![s, second * s];
    let mut t = 0.0;
    for i in 0..4 {
        if let Some(&x) = v.get(i) {
            t += x * (i as f64 + 1.0);
        }
    }
    second * s + far + third + t
}

#[test]
fn elements_that_may_be_missing() {
    check_slice_idiom!(
        got,
        [
            (vec![0.7, -1.2, 2.5], 0.8),
            (vec![1.5], -0.6),
            (vec![], 0.4)
        ]
    );
}

/// A slice split in two (`split_at`), and at its ends (`split_first`, `split_last`, with
/// `if let` and `match`).
#[differentiable]
fn split(xs: &[f64], s: f64) -> f64 {
    let k = xs.len() / 2;
    let (front, back) = xs.split_at(k);
    let halves = front.iter().sum::<f64>() * s + back.iter().map(|v| v * v).sum::<f64>();
    let head = if let Some((first, rest)) = xs.split_first() {
        first * s + rest.iter().sum::<f64>()
    } else {
        s
    };
    let tail = match xs.split_last() {
        Some((last, init)) => last * init.len() as f64 * s,
        None => 0.0,
    };
    halves + head + tail
}

#[test]
fn slices_split() {
    check_slice_idiom!(
        split,
        [
            (vec![0.7, -1.2, 2.5, 0.3], 0.8),
            (vec![1.5], -0.6),
            (vec![], 0.4)
        ]
    );
    // [a, b, c] at s: (a)s + b² + c² + as + b + c + 2cs.
    let (dxs, ds) = ad::gradient!(at: &[1.0, 2.0, 3.0][..], 2.0, of: split);
    assert_eq!((dxs, ds), (vec![4.0, 5.0, 11.0], 1.0 + 1.0 + 6.0));
}

/// `extend` from a chain, a slice's iterator, a slice, a local lent and moved, and an array.
#[differentiable]
fn extended(xs: &[f64], s: f64) -> f64 {
    let mut v = vec![s];
    v.extend(xs.iter().map(|x| x * s));
    v.extend(xs.iter());
    v.extend(xs);
    let w = vec![s * s, 1.0];
    v.extend(&w);
    v.extend(w);
    v.extend([s, 2.0 * s]);
    v.iter()
        .enumerate()
        .map(|(i, x)| x * (i as f64 + 1.0))
        .sum()
}

#[test]
fn vec_extended() {
    check_slice_idiom!(extended, [(vec![1.0, 2.0], 1.5), (vec![], -0.4)]);
    // Weights 1..: s, x₀s, x₁s, x₀, x₁, x₀, x₁, s², 1, s², 1, s, 2s.
    let (dxs, ds) = ad::gradient!(at: &[1.0, 2.0][..], 1.5, of: extended);
    assert_eq!(dxs, vec![2.0 * 1.5 + 4.0 + 6.0, 3.0 * 1.5 + 5.0 + 7.0]);
    assert_eq!(ds, 1.0 + 2.0 + 6.0 + 8.0 * 3.0 + 10.0 * 3.0 + 12.0 + 26.0);
}

/// `fill` of a range of a vector or of a `&mut` slice parameter (`yf[..n].fill(0.0)`, C++'s
/// `std::fill(yf, yf + n, 0)` as gradbench's ode writes it): was refused ("the result of
/// `.fill(..)` is discarded").
#[differentiable]
fn fill_ranges(x: f64, n: usize) -> f64 {
    let mut v = vec![x; 4];
    v[..n].fill(0.0);
    v[2..].fill(x * x);
    v[0] + v[1] + v[2] + v[3]
}

#[differentiable]
fn fill_the_tail(yf: &mut [f64], x: f64) {
    yf[1..].fill(x);
    yf[0] = yf[0] * x;
}

#[differentiable]
fn through_fill_the_tail(x: f64) -> f64 {
    let mut y = vec![2.0, 1.0, 1.0];
    fill_the_tail(&mut y, x);
    y[0] + y[1] * y[2]
}

#[test]
fn fill_of_a_range() {
    // [0, x, x², x²] at n = 1: x + 2x²; [2x, x, x]: 2x + x².
    let x = 1.5;
    crate::assert_close(ad::gradient!(at: x, 1, of: fill_ranges).0, 1.0 + 4.0 * x);
    crate::common::every_mode::assert_every_mode!(through_fill_the_tail, x);
    crate::assert_close(
        ad::gradient!(at: x, of: through_fill_the_tail),
        2.0 + 2.0 * x,
    );
    let at_n = |n: usize| move |t: f64| fill_ranges(t, n);
    crate::assert_deriv_fd(at_n(2), 0.7, ad::gradient!(at: 0.7, 2, of: fill_ranges).0);
}
