//! `for` over slices and `Vec`s in every supported form, indexing reads `xs[i]` inside
//! loops, elements read several times, and nested loops over a matrix stored flat
//! (`m[i * n + j]`) or as rows (`m[i][j]`).

use crate::{assert_all_close, assert_close, assert_grad_fd, concat};
use ad::prelude::*;
// The suite's operators, which also check forward mode against reverse mode.
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};

const XS: [f64; 5] = [0.5, -1.2, 2.0, 0.3, -0.7];
const YS: [f64; 5] = [-2.1, 0.8, 1.4, -0.35, 3.2];

/// `for x in xs.iter()`: Σ x³ + x (the item is a reference).
#[differentiable]
fn iter_refs(xs: &[f64]) -> f64 {
    let mut s = 0.0;
    for x in xs.iter() {
        s += x * x * x + *x;
    }
    s
}

#[test]
fn for_over_iter() {
    // ∂xᵢ = 3xᵢ² + 1
    for xs in [XS, YS] {
        let (value, g) = value_with_gradient!(at: &xs[..], of: iter_refs);
        assert_eq!(value, iter_refs(&xs));
        let want: Vec<f64> = xs.iter().map(|x| 3.0 * x * x + 1.0).collect();
        assert_all_close(&g, &want);
        assert_grad_fd(iter_refs, &xs, &g);
    }
}

/// `for &x in xs.iter()` with a branch on the element: Σ max-like terms.
#[differentiable]
fn iter_by_value(xs: &[f64], w: f64) -> f64 {
    let mut s = 0.0;
    for &x in xs.iter() {
        if x > 0.0 {
            s += w * x.sin();
        } else {
            s += x * x;
        }
    }
    s
}

#[test]
fn for_over_iter_with_ref_pattern() {
    // ∂xᵢ = w cos xᵢ (xᵢ > 0) or 2xᵢ; ∂w = Σ_{xᵢ>0} sin xᵢ
    let w = 1.3;
    let (value, (g, dw)) = value_with_gradient!(at: &XS[..], w, of: iter_by_value);
    assert_eq!(value, iter_by_value(&XS, w));
    let want: Vec<f64> = XS
        .iter()
        .map(|&x| if x > 0.0 { w * x.cos() } else { 2.0 * x })
        .collect();
    assert_all_close(&g, &want);
    assert_close(dw, XS.iter().filter(|&&x| x > 0.0).map(|x| x.sin()).sum());
    let mut got = g.clone();
    got.push(dw);
    assert_grad_fd(|p| iter_by_value(&p[..5], p[5]), &concat(&XS, &[w]), &got);
}

/// `for x in &xs` with `xs: Vec<f64>` by value: Σ eˣ · x.
#[differentiable]
fn for_over_ref_of_vec(xs: Vec<f64>) -> f64 {
    let mut s = 0.0;
    for x in &xs {
        s += x.exp() * x;
    }
    s
}

#[test]
fn for_over_reference_to_vec() {
    // ∂xᵢ = eˣ (1 + x)
    for xs in [XS.to_vec(), YS.to_vec(), vec![]] {
        let (value, g) = value_with_gradient!(at: xs.clone(), of: for_over_ref_of_vec);
        assert_eq!(value, for_over_ref_of_vec(xs.clone()));
        let want: Vec<f64> = xs.iter().map(|x| x.exp() * (1.0 + x)).collect();
        assert_all_close(&g, &want);
        assert_grad_fd(|p| for_over_ref_of_vec(p.to_vec()), &xs, &g);
    }
}

/// `for x in xs` consuming a `Vec<f64>`: a running product with a reset.
#[differentiable]
fn for_over_vec(xs: Vec<f64>, y: f64) -> f64 {
    let mut p = y;
    let mut s = 0.0;
    for x in xs {
        p = p * x;
        if p.abs() > 1.0 {
            s += p;
            p = y;
        }
    }
    s + p
}

#[test]
fn for_over_owned_vec() {
    for ys in [[0.5, 1.5], [-2.0, 0.9], [3.0, 0.2]] {
        let xs = vec![ys[0], 1.7, -0.8, ys[1], 2.5, 0.6];
        for &y in &[0.4, -1.6] {
            let (value, (g, dy)) = value_with_gradient!(at: xs.clone(), y, of: for_over_vec);
            assert_eq!(value, for_over_vec(xs.clone(), y));
            let mut got = g.clone();
            got.push(dy);
            assert_grad_fd(
                |p| for_over_vec(p[..6].to_vec(), p[6]),
                &concat(&xs, &[y]),
                &got,
            );
        }
    }
    // closed form: xs = (2, 3), y = 1: p = 2 > 1 → s = 2, p = y; p = 3 > 1 → s = 2 + 3, p = y.
    // f = x₀y + x₁y + y: ∂ = (y, y), ∂y = x₀ + x₁ + 1
    let (g, dy) = gradient!(at: vec![2.0, 3.0], 1.0, of: for_over_vec);
    assert_all_close(&g, &[1.0, 1.0]);
    assert_close(dy, 6.0);
}

/// `for (i, x) in xs.iter().enumerate()`: Σ i · xᵢ² · w.
#[differentiable]
fn enumerated(xs: &Vec<f64>, w: f64) -> f64 {
    let mut s = 0.0;
    for (i, x) in xs.iter().enumerate() {
        s += i as f64 * x * x * w;
    }
    s
}

#[test]
fn for_over_enumerate() {
    // ∂xᵢ = 2 i xᵢ w, ∂w = Σ i xᵢ²
    for (xs, w) in [(XS.to_vec(), -0.8), (YS.to_vec(), 1.9)] {
        let (value, (g, dw)) = value_with_gradient!(at: &xs, w, of: enumerated);
        assert_eq!(value, enumerated(&xs, w));
        let want: Vec<f64> = xs
            .iter()
            .enumerate()
            .map(|(i, x)| 2.0 * i as f64 * x * w)
            .collect();
        assert_all_close(&g, &want);
        assert_close(
            dw,
            xs.iter().enumerate().map(|(i, x)| i as f64 * x * x).sum(),
        );
    }
}

/// `for x in xs.iter().copied()` with `break` at the first negative element.
#[differentiable]
fn copied_until_negative(xs: &[f64]) -> f64 {
    let mut s = 1.0;
    for x in xs.iter().copied() {
        if x < 0.0 {
            break;
        }
        s = s * (1.0 + x);
    }
    s
}

#[test]
fn for_over_copied_with_break() {
    // xs = (0.5, 2.0, -1.0, 3.0): f = (1.5)(3.0), ∂ = (3.0, 1.5, 0, 0)
    let xs = [0.5, 2.0, -1.0, 3.0];
    let (value, g) = value_with_gradient!(at: &xs[..], of: copied_until_negative);
    assert_eq!(value, copied_until_negative(&xs));
    assert_all_close(&g, &[3.0, 1.5, 0.0, 0.0]);
    for xs in [
        [0.5, 2.0, -1.0, 3.0],
        [-0.5, 2.0, 1.0, 3.0],
        [0.1, 0.2, 0.3, 0.4],
    ] {
        let g = gradient!(at: &xs[..], of: copied_until_negative);
        assert_grad_fd(copied_until_negative, &xs, &g);
    }
}

/// Reading `xs[i]` and `xs[i - 1]` in a loop: a smoothness penalty Σ (xᵢ - xᵢ₋₁)².
#[differentiable]
fn smoothness(xs: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 1..xs.len() {
        let d = xs[i] - xs[i - 1];
        s += d * d;
    }
    s
}

#[test]
fn indexing_neighbours() {
    // ∂xᵢ = 2(xᵢ - xᵢ₋₁) - 2(xᵢ₊₁ - xᵢ)
    let (value, g) = value_with_gradient!(at: &XS[..], of: smoothness);
    assert_eq!(value, smoothness(&XS));
    let n = XS.len();
    let want: Vec<f64> = (0..n)
        .map(|i| {
            let left = if i > 0 {
                2.0 * (XS[i] - XS[i - 1])
            } else {
                0.0
            };
            let right = if i + 1 < n {
                -2.0 * (XS[i + 1] - XS[i])
            } else {
                0.0
            };
            left + right
        })
        .collect();
    assert_all_close(&g, &want);
}

/// The same element read many times: Σᵢ (x₀ xᵢ + xᵢ xᵢ) + x₀.
#[differentiable]
fn repeated_reads(xs: &Vec<f64>, n: usize) -> f64 {
    let mut s = xs[0];
    for i in 0..n {
        s += xs[0] * xs[i] + xs[i] * xs[i];
    }
    s
}

#[test]
fn same_element_read_several_times() {
    // f = x₀ + Σᵢ (x₀xᵢ + xᵢ²): ∂x₀ = 1 + Σᵢ xᵢ + x₀ + 2x₀, ∂xᵢ = x₀ + 2xᵢ (i > 0)
    let xs = XS.to_vec();
    let (value, (g, _)) = value_with_gradient!(at: &xs, 5, of: repeated_reads);
    assert_eq!(value, repeated_reads(&xs, 5));
    let total: f64 = xs.iter().sum();
    let mut want: Vec<f64> = xs.iter().map(|x| xs[0] + 2.0 * x).collect();
    want[0] = 1.0 + total + 3.0 * xs[0];
    assert_all_close(&g, &want);
    // with n = 3 the last two elements are never read: their adjoint is 0
    let (g, _) = gradient!(at: &xs, 3, of: repeated_reads);
    assert_grad_fd(|p| repeated_reads(&p.to_vec(), 3), &xs, &g);
    assert_eq!(&g[3..], &[0.0, 0.0]);
}

/// Dot product of two slices by index: gradients go to the right sequence.
#[differentiable]
fn dot(a: &[f64], b: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..a.len() {
        s += a[i] * b[i];
    }
    s
}

#[test]
fn two_slices_indexed_together() {
    for (a, b) in [(XS, YS), (YS, XS), ([1.0, 2.0, 3.0, 4.0, 5.0], XS)] {
        let (value, (da, db)) = value_with_gradient!(at: &a[..], &b[..], of: dot);
        assert_eq!(value, dot(&a, &b));
        assert_all_close(&da, &b);
        assert_all_close(&db, &a);
    }
}

/// Nested loops over a matrix stored flat, row-major: the quadratic form xᵀ M x.
#[differentiable]
fn quadratic_form(m: &Vec<f64>, x: &[f64], n: usize) -> f64 {
    let mut s = 0.0;
    for i in 0..n {
        for j in 0..n {
            s += x[i] * m[i * n + j] * x[j];
        }
    }
    s
}

#[test]
fn nested_loops_over_flat_matrix() {
    // ∂M_ij = xᵢ xⱼ, ∂x = (M + Mᵀ) x
    let cases = [
        (
            3,
            vec![1.0, 2.0, -0.5, 0.3, -1.0, 4.0, 2.5, 0.0, 0.7],
            vec![0.4, -1.5, 2.0],
        ),
        (2, vec![-0.6, 1.1, 0.25, 3.0], vec![1.7, 0.9]),
    ];
    for (n, m, x) in cases {
        let (value, (dm, dx, _)) = value_with_gradient!(at: &m, &x[..], n, of: quadratic_form);
        assert_eq!(value, quadratic_form(&m, &x, n));
        let want_m: Vec<f64> = (0..n * n).map(|k| x[k / n] * x[k % n]).collect();
        assert_all_close(&dm, &want_m);
        let want_x: Vec<f64> = (0..n)
            .map(|i| (0..n).map(|j| (m[i * n + j] + m[j * n + i]) * x[j]).sum())
            .collect();
        assert_all_close(&dx, &want_x);
        let mut got = dm.clone();
        got.extend_from_slice(&dx);
        let nn = n * n;
        assert_grad_fd(
            |p| quadratic_form(&p[..nn].to_vec(), &p[nn..], n),
            &concat(&m, &x),
            &got,
        );
    }
}

/// A matrix as rows, `m[i][j]`, with a row-wise max found by comparison.
#[differentiable]
fn row_max_sum(m: &Vec<Vec<f64>>) -> f64 {
    let mut s = 0.0;
    for i in 0..m.len() {
        let mut best = m[i][0];
        for j in 1..m[i].len() {
            if m[i][j] > best {
                best = m[i][j];
            }
        }
        s += best * best;
    }
    s
}

#[test]
fn nested_loops_over_rows() {
    // the adjoint of each row is 2·max at the argmax, 0 elsewhere
    let m = vec![
        vec![1.0, 3.0, -2.0],
        vec![-0.5, -0.7, -0.1],
        vec![4.0, 0.0, 2.0],
    ];
    let (value, g) = value_with_gradient!(at: &m, of: row_max_sum);
    assert_eq!(value, row_max_sum(&m));
    assert_eq!(g.len(), 3);
    assert_all_close(&g[0], &[0.0, 6.0, 0.0]);
    assert_all_close(&g[1], &[0.0, 0.0, -0.2]);
    assert_all_close(&g[2], &[8.0, 0.0, 0.0]);
    // a ragged matrix: rows of length 1, 4 and 2
    let m = vec![vec![-1.5], vec![0.2, -3.0, 0.9, 0.85], vec![-2.0, -2.5]];
    let (value, g) = value_with_gradient!(at: &m, of: row_max_sum);
    assert_eq!(value, row_max_sum(&m));
    assert_all_close(&g[0], &[-3.0]);
    assert_all_close(&g[1], &[0.0, 0.0, 1.8, 0.0]);
    assert_all_close(&g[2], &[-4.0, 0.0]);
    let flat: Vec<f64> = m.concat();
    let rows = |p: &[f64]| vec![p[..1].to_vec(), p[1..5].to_vec(), p[5..].to_vec()];
    assert_grad_fd(|p| row_max_sum(&rows(p)), &flat, &g.concat());
}

/// The pullback of a loop over a slice can be called with any seed, several times.
#[test]
fn pullback_of_loop_scales_with_seed() {
    let (value, pb) = value_with_pullback!(at: &XS[..], of: smoothness);
    assert_eq!(value, smoothness(&XS));
    let g1 = pb(1.0);
    let g3 = pb(-3.0);
    assert_grad_fd(smoothness, &XS, &g1);
    let want: Vec<f64> = g1.iter().map(|g| -3.0 * g).collect();
    assert_all_close(&g3, &want);
}

/// `for &v in x` over a slice parameter: the items are references, destructured by the
/// pattern (it did not compile: the element was read by value, then dereferenced).
#[differentiable]
fn logsumexp_by_pattern(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for &v in x {
        s += v.exp();
    }
    s.ln()
}

/// `for &k in idx` over indices, and `(i, &v)` of an enumeration.
#[differentiable]
fn weighted_by_pattern(x: &Vec<f64>, idx: &[usize]) -> f64 {
    let mut s = 0.0;
    for &k in idx {
        s += x[k] * x[k] * k as f64;
    }
    for (i, &v) in x.iter().enumerate() {
        s += v * i as f64;
    }
    s
}

#[test]
fn reference_patterns_over_slices() {
    let x: Vec<f64> = vec![0.1, 0.5, -0.3];
    // Closed form: the gradient of log-sum-exp is the softmax.
    let sum: f64 = x.iter().map(|v| v.exp()).sum();
    let softmax: Vec<f64> = x.iter().map(|v| v.exp() / sum).collect();
    assert_all_close(&gradient!(at: &x, of: logsumexp_by_pattern), &softmax);
    assert_grad_fd(logsumexp_by_pattern, &x, &softmax);
    // Closed form: d/dx_k of x_k^2 k is 2 k x_k for k in idx, plus i from the enumeration.
    let (dx, _) = gradient!(at: &x, &[2usize, 0], of: weighted_by_pattern);
    assert_all_close(&dx, &[0.0, 1.0, 2.0 * 2.0 * x[2] + 2.0]);
    assert_grad_fd(|p| weighted_by_pattern(&p.to_vec(), &[2, 0]), &x, &dx);
}
