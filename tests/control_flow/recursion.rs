//! Recursive differentiable functions: power, series sum, power by squaring, a continued
//! fraction, recursion over a slice index, and recursion called inside a loop.

use crate::{assert_all_close, assert_close, assert_deriv_fd, assert_grad_fd};
use ad::prelude::*;
// The suite's operators, which also check forward mode against reverse mode.
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};

/// xⁿ by recursion: x · xⁿ⁻¹.
#[differentiable]
fn rec_pow(x: f64, n: u32) -> f64 {
    if n == 0 { 1.0 } else { x * rec_pow(x, n - 1) }
}

#[test]
fn recursive_power() {
    // d/dx xⁿ = n xⁿ⁻¹
    for n in [0u32, 1, 2, 5, 11] {
        for &x in &[-1.3, 0.4, 1.3] {
            let (value, (dx, _)) = value_with_gradient!(at: x, n, of: rec_pow);
            assert_eq!(value, rec_pow(x, n));
            let want = if n == 0 {
                0.0
            } else {
                n as f64 * x.powi(n as i32 - 1)
            };
            assert_close(dx, want);
        }
    }
}

/// 1 + Σ_{k=1}^{n} x^k / k by recursion, with an early `return` for the base case.
#[differentiable]
fn rec_series(x: f64, n: u32) -> f64 {
    if n == 0 {
        return 1.0;
    }
    let term = x.powi(n as i32) / n as f64;
    term + rec_series(x, n - 1)
}

#[test]
fn recursive_series_sum() {
    // f' = Σ_{k=1}^{n} x^{k-1} = (1 - xⁿ) / (1 - x)
    for n in [0u32, 1, 4, 10] {
        for &x in &[-0.8f64, 0.7, 1.5] {
            let (value, (dx, _)) = value_with_gradient!(at: x, n, of: rec_series);
            assert_eq!(value, rec_series(x, n));
            assert_close(dx, (1.0 - x.powi(n as i32)) / (1.0 - x));
        }
    }
}

/// xⁿ by squaring: a local used twice and two recursive branches.
#[differentiable]
fn pow_by_squaring(x: f64, n: u32) -> f64 {
    if n == 0 {
        1.0
    } else if n % 2 == 0 {
        let h = pow_by_squaring(x, n / 2);
        h * h
    } else {
        x * pow_by_squaring(x, n - 1)
    }
}

#[test]
fn recursive_power_by_squaring() {
    for n in [1u32, 2, 6, 13, 32] {
        for &x in &[-1.1f64, 0.9, 1.05] {
            let (value, (dx, _)) = value_with_gradient!(at: x, n, of: pow_by_squaring);
            assert_eq!(value, pow_by_squaring(x, n));
            assert_close(dx, n as f64 * x.powi(n as i32 - 1));
        }
    }
}

/// A continued fraction x + 1/(x + 1/(x + ...)), n levels deep.
#[differentiable]
fn continued_fraction(x: f64, n: u32) -> f64 {
    if n == 0 {
        return x;
    }
    x + 1.0 / continued_fraction(x, n - 1)
}

#[test]
fn recursive_continued_fraction() {
    // n = 1: x + 1/x, f' = 1 - 1/x²
    assert_close(gradient!(at: 2.0, 1, of: continued_fraction).0, 0.75);
    // n → ∞: f = (x + √(x² + 4)) / 2, f' = (1 + x/√(x² + 4)) / 2
    let x = 1.5f64;
    let want = 0.5 * (1.0 + x / (x * x + 4.0).sqrt());
    crate::assert_close_tol(
        gradient!(at: x, 60, of: continued_fraction).0,
        want,
        crate::ITERATED,
    );
    for n in [2u32, 5, 9] {
        for &x in &[0.5, 1.5, 3.0] {
            let (value, (dx, _)) = value_with_gradient!(at: x, n, of: continued_fraction);
            assert_eq!(value, continued_fraction(x, n));
            assert_deriv_fd(|x| continued_fraction(x, n), x, dx);
        }
    }
}

/// Recursion along a slice: Σ_{j ≥ i} w^{j-i} xⱼ² by r(i) = xᵢ² + w·r(i + 1).
#[differentiable]
fn rec_discounted(xs: &[f64], w: f64, i: usize) -> f64 {
    if i == xs.len() {
        return 0.0;
    }
    xs[i] * xs[i] + w * rec_discounted(xs, w, i + 1)
}

#[test]
fn recursion_over_slice_index() {
    // ∂xⱼ = 2 w^j xⱼ, ∂w = Σ j w^{j-1} xⱼ²
    let xs = [0.5, -1.5, 2.0, 0.25];
    let w = 0.8f64;
    let (value, (dxs, dw, _)) = value_with_gradient!(at: &xs[..], w, 0, of: rec_discounted);
    assert_eq!(value, rec_discounted(&xs, w, 0));
    let want: Vec<f64> = (0..4).map(|j| 2.0 * w.powi(j) * xs[j as usize]).collect();
    assert_all_close(&dxs, &want);
    assert_close(
        dw,
        (1..4)
            .map(|j| j as f64 * w.powi(j - 1) * xs[j as usize].powi(2))
            .sum(),
    );
    // starting at i = 2 the first two elements get no adjoint
    let (dxs, dw, _) = gradient!(at: &xs[..], w, 2, of: rec_discounted);
    let mut got = dxs.clone();
    got.push(dw);
    assert_grad_fd(
        |p| rec_discounted(&p[..4], p[4], 2),
        &crate::concat(&xs, &[w]),
        &got,
    );
    assert_eq!(&dxs[..2], &[0.0, 0.0]);
}

/// A loop that calls a recursive function with a varying depth.
#[differentiable]
fn loop_of_recursions(x: f64, n: u32) -> f64 {
    let mut s = 0.0;
    for k in 0..n {
        if k % 2 == 1 {
            s += rec_pow(x, k);
        } else {
            s -= rec_series(x, k) * 0.5;
        }
    }
    s
}

#[test]
fn recursion_called_inside_loop() {
    for n in [1u32, 4, 7] {
        for &x in &[-0.6, 0.8, 1.4] {
            let (value, (dx, _)) = value_with_gradient!(at: x, n, of: loop_of_recursions);
            assert_eq!(value, loop_of_recursions(x, n));
            assert_deriv_fd(|x| loop_of_recursions(x, n), x, dx);
        }
    }
    // n = 2: s = -0.5·1 + x, f' = 1; n = 3: adds -0.5(1 + x + x²/2), f' = 1 - 0.5(1 + x)
    assert_close(gradient!(at: 0.8, 2, of: loop_of_recursions).0, 1.0);
    assert_close(
        gradient!(at: 0.8, 3, of: loop_of_recursions).0,
        1.0 - 0.5 * 1.8,
    );
}

/// Mutual recursion without any annotation: `even_steps` and `odd_steps` call each other,
/// each only on some paths.
#[differentiable]
fn even_steps(x: f64, n: u32) -> f64 {
    if n == 0 {
        x
    } else {
        odd_steps(x * 1.1 - 0.05, n - 1)
    }
}

#[differentiable]
fn odd_steps(x: f64, n: u32) -> f64 {
    if n == 0 {
        x * x
    } else {
        even_steps(x.sin() + 0.5, n - 1)
    }
}

/// A cycle through a function that calls the next one on every path: `wrapped` always calls
/// `unwrapping`, which calls `wrapped` back only while `n > 0`.
#[differentiable]
fn wrapped(x: f64, n: u32) -> f64 {
    2.0 * unwrapping(x.cos(), n) + x
}

#[differentiable]
fn unwrapping(x: f64, n: u32) -> f64 {
    let mut y = x;
    for _ in 0..n.min(1) {
        y = wrapped(y * 0.5, n - 1);
    }
    y.sin() + 0.1 * y
}

#[test]
fn mutual_recursion_without_annotation() {
    for n in [0u32, 1, 4, 7] {
        for x in [-0.9, 0.3, 1.4] {
            let dx = gradient!(at: x, of: |x: f64| even_steps(x, n));
            assert_deriv_fd(|x| even_steps(x, n), x, dx);
            let forward = differentiate!(at: x, of: |x: f64| even_steps(x, n));
            assert_close(forward, dx);
            let dx = gradient!(at: x, of: |x: f64| wrapped(x, n));
            assert_deriv_fd(|x| wrapped(x, n), x, dx);
            let (value, pullback) = value_with_pullback!(at: x, n, of: odd_steps);
            assert_eq!(value, odd_steps(x, n));
            assert_deriv_fd(|x| odd_steps(x, n), x, pullback(1.0).0);
        }
    }
}

/// The determinant by expansion in minors, as gradbench's `det_of_minor` writes it: the
/// minor's rows and columns are linked lists `r` and `c` of indices, shared by every call,
/// changed before each recursive call and restored after it. The index vectors carry no
/// derivative (their type says so), whatever the calls that give them back read.
#[differentiable]
fn det_of_minor(a: &[f64], n: usize, m: usize, r: &mut [usize], c: &mut [usize]) -> f64 {
    let r0 = r[n];
    let mut cj = c[n];
    if m == 1 {
        return a[r0 * n + cj];
    }
    let mut det_m = 0.0;
    let mut sign: i32 = 1;
    r[n] = r[r0];
    let mut cj1 = n;
    for _j in 0..m {
        let m0j = a[r0 * n + cj];
        c[cj1] = c[cj];
        let det_s = det_of_minor(a, n, m - 1, r, c);
        c[cj1] = cj;
        if sign > 0 {
            det_m = det_m + m0j * det_s;
        } else {
            det_m = det_m - m0j * det_s;
        }
        cj1 = cj;
        cj = c[cj];
        sign = -sign;
    }
    r[n] = r0;
    det_m
}

/// The determinant of the `ell`×`ell` matrix `a` (row-major), through `det_of_minor`.
#[differentiable]
fn det_by_minors(ell: usize, a: &[f64]) -> f64 {
    let mut r = vec![0usize; ell + 1];
    let mut c = vec![0usize; ell + 1];
    for i in 0..ell {
        r[i] = i + 1;
        c[i] = i + 1;
    }
    det_of_minor(a, ell, ell, &mut r, &mut c)
}

#[test]
fn determinant_by_minors_with_index_vectors_lent_mutably() {
    // ∂det/∂a_ij is the cofactor C_ij; for a 3×3 matrix, C_00 = a11 a22 - a12 a21, ...
    let a = [2.0, -1.0, 0.5, 0.3, 1.7, -0.8, 1.1, 0.4, 2.6];
    let at = |i: usize, j: usize| a[3 * (i % 3) + j % 3];
    let cofactor = |i: usize, j: usize| {
        at(i + 1, j + 1) * at(i + 2, j + 2) - at(i + 1, j + 2) * at(i + 2, j + 1)
    };
    let want: Vec<f64> = (0..9).map(|k| cofactor(k / 3, k % 3)).collect();
    let (value, (_, da)) = value_with_gradient!(at: 3, &a[..], of: det_by_minors);
    let det: f64 = (0..3).map(|j| a[j] * cofactor(0, j)).sum();
    assert_close(value, det);
    assert_all_close(&da, &want);
    // 4×4 and 5×5 against central differences.
    for ell in [4usize, 5] {
        let a: Vec<f64> = (0..ell * ell)
            .map(|k| (k as f64 * 0.73).sin() + 0.1)
            .collect();
        let (_, da) = gradient!(at: ell, &a[..], of: det_by_minors);
        assert_grad_fd(|p| det_by_minors(ell, p), &a, &da);
    }
}
