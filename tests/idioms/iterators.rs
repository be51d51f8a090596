//! Iterator chains as Rust programmers write them over slices, `Vec`s and ranges: `sum`
//! with a turbofish or a typed `let`, `map`, `zip`, `enumerate`, `filter` with `count`,
//! `chain`, `rev`, `take`, `skip`, `step_by`, `fold` (a running maximum), `max_by` and
//! `min_by`, `last`, `product`, `collect` into a `Vec`, `into_iter` of a local `Vec`, and
//! parameters that are iterators.

use crate::check::{check_hessian, check_idiom, check_slice_idiom};
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};
use crate::{assert_all_close, assert_close};
use ad::prelude::*;

const XS: [f64; 6] = [0.5, -1.2, 2.0, 0.3, -0.7, 1.6];

/// The root-mean-square deviation: `let s: f64 = xs.iter().sum();` then a `map` and
/// `sum::<f64>()`.
#[differentiable]
fn rms_deviation(xs: &[f64]) -> f64 {
    let s: f64 = xs.iter().sum();
    let mean = s / xs.len() as f64;
    (xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / xs.len() as f64).sqrt()
}

#[test]
fn a_deviation_by_sums_of_chains() {
    check_slice_idiom!(rms_deviation, [XS.to_vec(), vec![1.0, 2.0, 4.0]]);
    crate::check::check_slice_hessian!(rms_deviation, [vec![1.0, 2.0, 4.0]]);
    // ∂xᵢ = (xᵢ - mean) / (n · rms).
    let g = gradient!(at: &XS[..], of: rms_deviation);
    let mean = XS.iter().sum::<f64>() / 6.0;
    let rms = rms_deviation(&XS);
    let want: Vec<f64> = XS.iter().map(|x| (x - mean) / (6.0 * rms)).collect();
    assert_all_close(&g, &want);
}

/// A partial Fourier sum over a range: `(1..6).map(..).sum()`.
#[differentiable]
fn square_wave(x: f64, y: f64) -> f64 {
    (0..6)
        .map(|k| {
            let n = (2 * k + 1) as f64;
            (n * x).sin() / n
        })
        .sum::<f64>()
        * y
}

#[test]
fn a_fourier_sum_over_a_range() {
    check_idiom!(square_wave, [(0.7, 1.3), (-2.0, 0.4)]);
    check_hessian!(square_wave, [(0.7, 1.3)]);
    let (x, y) = (0.7f64, 1.3f64);
    let (dx, _) = gradient!(at: x, y, of: square_wave);
    assert_close(
        dx,
        y * (0..6).map(|k| ((2 * k + 1) as f64 * x).cos()).sum::<f64>(),
    );
}

/// The mean of the positive values: `filter` with `count` and with `sum`.
#[differentiable]
fn positive_mean(xs: &[f64]) -> f64 {
    let n = xs.iter().filter(|&&x| x > 0.0).count();
    let s: f64 = xs.iter().filter(|&&x| x > 0.0).sum();
    s / n as f64
}

#[test]
fn filter_count_and_sum() {
    check_slice_idiom!(positive_mean, [XS.to_vec()]);
    let g = gradient!(at: &XS[..], of: positive_mean);
    assert_all_close(&g, &[0.25, 0.0, 0.25, 0.25, 0.0, 0.25]);
}

/// The mean squared error of two slices by `zip`, `map` and `sum`.
#[differentiable]
fn mse(predictions: &[f64], targets: &[f64]) -> f64 {
    predictions
        .iter()
        .zip(targets.iter())
        .map(|(p, t)| (p - t).powi(2))
        .sum::<f64>()
        / predictions.len() as f64
}

#[test]
fn zipped_slices() {
    let p = [0.5, 1.5, -0.3];
    let t = [0.7, 1.0, 0.1];
    let (value, (dp, dt)) = value_with_gradient!(at: &p[..], &t[..], of: mse);
    assert_close(value, mse(&p, &t));
    let want: Vec<f64> = p.iter().zip(&t).map(|(a, b)| 2.0 * (a - b) / 3.0).collect();
    assert_all_close(&dp, &want);
    let minus: Vec<f64> = want.iter().map(|w| -w).collect();
    assert_all_close(&dt, &minus);
}

/// A position-weighted sum by `enumerate` and a map over `(i, &x)`.
#[differentiable]
fn ranked_score(xs: &[f64], decay: f64) -> f64 {
    xs.iter()
        .enumerate()
        .map(|(i, &x)| x * decay.powi(i as i32))
        .sum()
}

#[test]
fn enumerated_weights() {
    check_slice_idiom!(ranked_score, [(XS.to_vec(), 0.8), (vec![1.0, 2.0], 1.5)]);
}

/// `chain`, then `take` and `product`; `rev`, `take` and `product`.
#[differentiable]
fn head_products(xs: &[f64], ys: &[f64]) -> f64 {
    let front: f64 = xs.iter().chain(ys.iter()).take(4).product();
    let back: f64 = ys.iter().rev().take(2).product();
    front + back
}

#[test]
fn chain_rev_take_product() {
    let xs = [0.5, 1.5, -0.3];
    let ys = [0.7, 1.2, 2.0];
    let (dx, dy) = gradient!(at: &xs[..], &ys[..], of: head_products);
    // front = x0 x1 x2 y0, back = y2 y1.
    assert_all_close(&dx, &[1.5 * -0.3 * 0.7, 0.5 * -0.3 * 0.7, 0.5 * 1.5 * 0.7]);
    assert_all_close(&dy, &[0.5 * 1.5 * -0.3, 2.0, 1.2]);
}

/// Every other element by `step_by`, and the tail by `skip`.
#[differentiable]
fn strided(xs: &[f64]) -> f64 {
    let even: f64 = xs.iter().step_by(2).map(|x| x * x).sum();
    let tail: f64 = xs.iter().skip(3).sum();
    even * tail
}

#[test]
fn step_by_and_skip() {
    check_slice_idiom!(strided, [XS.to_vec(), vec![1.0, -2.0, 3.0, 0.5]]);
}

/// The maximum by `fold` with a closure calling `max` (the derivative goes to the winner).
#[differentiable]
fn peak(xs: &[f64]) -> f64 {
    xs.iter().fold(f64::NEG_INFINITY, |a, &b| a.max(b))
}

#[test]
fn a_maximum_by_fold() {
    check_slice_idiom!(peak, [XS.to_vec()]);
    let g = gradient!(at: &XS[..], of: peak);
    assert_all_close(&g, &[0.0, 0.0, 1.0, 0.0, 0.0, 0.0]);
}

/// The range of values by `max_by` and `min_by` with `partial_cmp`.
#[differentiable]
fn value_range(xs: &[f64]) -> f64 {
    let hi = *xs.iter().max_by(|a, b| a.partial_cmp(b).unwrap()).unwrap();
    let lo = xs
        .iter()
        .copied()
        .min_by(|a, b| a.partial_cmp(b).unwrap())
        .unwrap();
    hi - lo
}

#[test]
fn max_by_and_min_by() {
    check_slice_idiom!(value_range, [XS.to_vec()]);
    let g = gradient!(at: &XS[..], of: value_range);
    assert_all_close(&g, &[0.0, -1.0, 1.0, 0.0, 0.0, 0.0]);
}

/// The last element of a mapped chain, `last().unwrap()`.
#[differentiable]
fn last_scaled(xs: &[f64], k: f64) -> f64 {
    xs.iter().map(|x| (x * k).tanh()).last().unwrap()
}

#[test]
fn the_last_of_a_chain() {
    check_slice_idiom!(last_scaled, [(XS.to_vec(), 0.8)]);
}

/// `collect` into a `Vec`, then indexing and `len`.
#[differentiable]
fn collected(x: f64, y: f64) -> f64 {
    let squares: Vec<f64> = (1..5).map(|k| (x * k as f64 + y).powi(2)).collect();
    squares[0] + squares[squares.len() - 1] * y
}

#[test]
fn a_chain_collected_into_a_vec() {
    check_idiom!(collected, [(0.7, 1.3), (-1.2, 0.4)]);
    check_hessian!(collected, [(0.7, 1.3)]);
}

/// `into_iter` on a local `Vec`.
#[differentiable]
fn owned_iteration(x: f64, y: f64) -> f64 {
    let v = vec![x, x * y, 2.0, y * y];
    v.into_iter().map(|t| (t * t + 1.0).sqrt()).sum()
}

#[test]
fn into_iter_of_a_local_vec() {
    check_idiom!(owned_iteration, [(0.7, 1.3), (-1.2, 0.4)]);
    check_hessian!(owned_iteration, [(0.7, 1.3)]);
}

/// Log-sum-exp with the shift held constant.
#[differentiable]
fn log_sum_exp(xs: &[f64]) -> f64 {
    let m = no_grad(xs.iter().fold(f64::NEG_INFINITY, |a, &b| a.max(b)));
    xs.iter().map(|&x| (x - m).exp()).sum::<f64>().ln() + m
}

#[test]
fn log_sum_exp_with_a_constant_shift() {
    check_slice_idiom!(log_sum_exp, [XS.to_vec(), vec![10.0, 11.0, 9.5]]);
    crate::check::check_slice_hessian!(log_sum_exp, [XS.to_vec()]);
    // The gradient is the softmax.
    let g = gradient!(at: &XS[..], of: log_sum_exp);
    let total: f64 = XS.iter().map(|x| x.exp()).sum();
    let want: Vec<f64> = XS.iter().map(|x| x.exp() / total).collect();
    assert_all_close(&g, &want);
}

/// The geometric mean by `product` and `powf`.
#[differentiable]
fn geometric_mean(xs: &[f64]) -> f64 {
    xs.iter().product::<f64>().powf(1.0 / xs.len() as f64)
}

#[test]
fn a_geometric_mean() {
    let xs = vec![0.5, 2.0, 3.5, 1.2];
    check_slice_idiom!(geometric_mean, [xs.clone()]);
    let g = gradient!(at: &xs[..], of: geometric_mean);
    let gm = geometric_mean(&xs);
    let want: Vec<f64> = xs.iter().map(|x| gm / (4.0 * x)).collect();
    assert_all_close(&g, &want);
}

/// Searches over a slice: `position` and `find(..).copied()` of the first element above a
/// threshold, `any`/`all` as conditions, and a maximum by `fold` with `f64::max` by name.
#[differentiable]
fn searches(xs: &[f64], t: f64) -> f64 {
    let k = xs.iter().position(|&x| x > t).unwrap_or(0);
    let found = xs.iter().find(|&&x| x > t).copied().unwrap_or(t);
    let best = xs.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
    let spiky = xs.iter().any(|&x| x > 0.8);
    let positive = xs.iter().all(|&x| x > 0.0);
    let bonus = if spiky && positive { t * t } else { t.sin() };
    xs[k] * found + best + bonus
}

#[test]
fn position_find_any_all_and_a_fold_by_name() {
    check_slice_idiom!(
        searches,
        [
            (vec![0.2, 0.9, 0.5], 0.4),
            (vec![0.2, 0.3, -0.5], 0.25),
            (vec![0.1, 0.2], 1.5)
        ]
    );
}

/// Loops over a differentiated slice through an adaptor after the forms loops take
/// (`rev().step_by(k)`, `enumerate().take(n)`, `rev().skip(n)`), with a `break` and a
/// `continue` of the body's own.
#[differentiable]
fn adapted_loops(xs: &[f64]) -> f64 {
    let mut s = 0.0;
    for v in xs.iter().rev().step_by(2) {
        s += v.powi(3);
    }
    for (i, v) in xs.iter().enumerate().take(3) {
        if *v < -1.0 {
            continue;
        }
        s += (i as f64 + 1.0) * v.sin();
    }
    for v in xs.iter().rev().skip(1) {
        if s > 50.0 {
            break;
        }
        s = s * 0.9 + v;
    }
    s
}

#[test]
fn loops_through_step_by_take_and_skip_after_rev() {
    check_slice_idiom!(
        adapted_loops,
        [
            vec![0.3, 0.7, -0.2, 1.1, 0.5],
            vec![-1.5, 2.0],
            vec![4.0, 3.0, 3.5, 2.0]
        ]
    );
    // Closed form for one point: the odd positions from the end cubed, the first three
    // weighted sines, then the leaky sum of all but the last from the end.
    let xs = [0.3, 0.7, -0.2, 1.1, 0.5];
    let grad = gradient!(at: &xs[..], of: adapted_loops);
    let cubes = [3.0 * 0.3 * 0.3, 0.0, 3.0 * 0.04, 0.0, 3.0 * 0.25];
    let sines = [
        0.3f64.cos(),
        2.0 * 0.7f64.cos(),
        3.0 * (-0.2f64).cos(),
        0.0,
        0.0,
    ];
    // s after the first two loops is scaled by 0.9 four times; x[3], x[2], x[1], x[0] enter
    // at the first, second, third and fourth step.
    let leaky = [1.0, 0.9, 0.81, 0.729, 0.0];
    for k in 0..5 {
        let want = (cubes[k] + sines[k]) * 0.9f64.powi(4) + leaky[k];
        crate::assert_close(grad[k], want);
    }
}

/// Three sequences zipped by a zip of a zip, in a chain and in a loop, and one zipped with a
/// zip on its right.
#[differentiable]
fn three_way(a: &[f64], b: f64) -> f64 {
    let w = vec![b, 2.0 * b, b * b, 1.0];
    let chained: f64 = a
        .iter()
        .zip(w.iter())
        .zip(a.iter().skip(1))
        .map(|((x, y), z)| x * y + z.sin())
        .sum();
    let mut looped = 0.0;
    for (x, (y, z)) in a.iter().zip(w.iter().zip(a.iter().skip(1))) {
        looped += x * y * z;
    }
    chained + looped
}

#[test]
fn zips_of_zips() {
    check_slice_idiom!(
        three_way,
        [(vec![0.3, -0.7, 1.2, 0.5], 0.8), (vec![1.5, 0.2], -0.4)]
    );
}

/// A matrix as a `Vec` of rows, its elements visited by `flatten`: in a chain (a norm), and in
/// a loop that `continue`s past negative elements and `break`s at a large one.
#[differentiable]
fn flattened_norm(m: &Vec<Vec<f64>>) -> f64 {
    let norm = m.iter().flatten().map(|v| v * v).sum::<f64>().sqrt();
    let mut positive = 0.0;
    for v in m.iter().flatten() {
        if *v < 0.0 {
            continue;
        }
        if *v > 10.0 {
            break;
        }
        positive += v.exp();
    }
    norm + positive
}

#[test]
fn rows_flattened_in_a_chain_and_a_loop() {
    for m in [
        vec![vec![1.0, 2.0], vec![0.5, -1.0]],
        vec![vec![0.3], vec![-0.2, 0.7, 1.1], vec![]],
    ] {
        let grad = gradient!(at: &m, of: flattened_norm);
        let flat: Vec<f64> = m.iter().flatten().copied().collect();
        let norm = flat.iter().map(|v| v * v).sum::<f64>().sqrt();
        let got: Vec<f64> = grad.iter().flatten().copied().collect();
        // d‖m‖/dv = v/‖m‖, and each non-negative element adds its exponential.
        let want: Vec<f64> = flat
            .iter()
            .map(|v| v / norm + if *v >= 0.0 { v.exp() } else { 0.0 })
            .collect();
        crate::assert_all_close(&got, &want);
    }
}

/// `map` of an `Option` that a slice's `first` gives, kept in a local and unwrapped later,
/// beside `last().copied()`.
#[differentiable]
fn first_scaled(xs: &[f64], s: f64) -> f64 {
    let first = xs.first().map(|v| v * s);
    let last = xs.last().copied().map(|v| v.sin());
    first.unwrap_or(0.0) + last.unwrap_or(1.0) * s
}

#[test]
fn map_of_an_option_kept_in_a_local() {
    check_slice_idiom!(
        first_scaled,
        [(vec![0.3, 1.7, -0.2], 2.0), (vec![1.5], -0.5)]
    );
    let xs = [0.3, 1.7, -0.2];
    let (dxs, ds) = gradient!(at: &xs[..], 2.0, of: first_scaled);
    crate::assert_all_close(&dxs, &[2.0, 0.0, (-0.2f64).cos() * 2.0]);
    crate::assert_close(ds, 0.3 + (-0.2f64).sin());
}

/// A parameter that is an iterator of constants (`I: IntoIterator<Item = f64>`, as puruspe's
/// `polynomial`): it carries no derivative, and its items are read as a `Vec`'s.
#[differentiable]
fn horner<I>(x: f64, coefficients: I) -> f64
where
    I: IntoIterator<Item = f64>,
{
    coefficients.into_iter().fold(0.0, |acc, c| acc * x + c)
}

/// The same with a `for` loop over an `Iterator` parameter.
#[differentiable]
fn horner_by_loop<I: Iterator<Item = f64>>(x: f64, coefficients: I) -> f64 {
    let mut acc = 0.0;
    for c in coefficients {
        acc = acc * x + c;
    }
    acc
}

#[differentiable]
fn cubic(x: f64) -> f64 {
    horner(x, [0.5, -2.0, 1.0, 3.0]) + horner_by_loop(x, vec![1.0, 0.25].into_iter())
}

#[test]
fn iterator_parameters() {
    check_idiom!(cubic, [0.7, -1.3, 2.2]);
    // 0.5x³ - 2x² + x + 3 + x + 0.25: the derivative 1.5x² - 4x + 2.
    for x in [0.7, -1.3] {
        crate::assert_close(gradient!(at: x, of: cubic), 1.5 * x * x - 4.0 * x + 2.0);
    }
}
