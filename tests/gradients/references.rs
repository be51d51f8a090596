//! Parameters by reference: `&f64`, `&[f64]`, `&Vec<f64>`; `*x`, `&x` and `&x` patterns.
//! Slices cannot be indexed in differentiable bodies yet, so slice parameters reach
//! plain functions with registered derivatives.

use crate::{assert_all_close, assert_close, assert_grad_fd};
use ad::prelude::*;
// The suite's operators, which also check forward mode against reverse mode.
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};

/// x³ through a reference.
#[differentiable]
fn cube_ref(x: &f64) -> f64 {
    *x * *x * *x
}

#[test]
fn dereferenced_reference_parameter() {
    // f'(x) = 3x²
    let x = 1.5;
    let (value, dx) = value_with_gradient!(at: &x, of: cube_ref);
    assert_eq!(value, 3.375);
    assert_close(dx, 3.0 * x * x);
}

/// A reference and a value: (*x)·sin y, the referent copied into a local first.
#[differentiable]
fn ref_and_value(x: &f64, y: f64) -> f64 {
    let a = *x;
    a * y.sin()
}

#[test]
fn reference_and_value_parameters() {
    // ∂/∂x = sin y, ∂/∂y = x cos y
    let (x, y) = (2.0, 0.3);
    let (dx, dy) = gradient!(at: &x, y, of: ref_and_value);
    assert_all_close(&[dx, dy], &[y.sin(), x * y.cos()]);
}

/// Float methods and operators applied to references directly (auto-deref and
/// `&f64 * &f64`): x.sin() · (x * y)
#[differentiable]
fn methods_on_references(x: &f64, y: &f64) -> f64 {
    x.sin() * (x * y)
}

#[test]
fn methods_and_operators_on_references() {
    // ∂/∂x = cos x · xy + sin x · y, ∂/∂y = sin x · x
    let (x, y) = (0.9, -1.4);
    let (dx, dy) = gradient!(at: &x, &y, of: methods_on_references);
    assert_all_close(&[dx, dy], &[x.cos() * x * y + x.sin() * y, x.sin() * x]);
}

/// A `&x` pattern binds the referent: let &a = x.
#[differentiable]
fn ref_pattern(x: &f64) -> f64 {
    let &a = x;
    a * a.exp()
}

#[test]
fn reference_pattern_in_let() {
    // f'(x) = eˣ (1 + x)
    let x = 0.4;
    assert_close(gradient!(at: &x, of: ref_pattern), x.exp() * (1.0 + x));
}

#[differentiable]
fn sin_of_ref(x: &f64) -> f64 {
    x.sin()
}

/// Passes `&y` (a local) and `&x` (a parameter) to a function taking `&f64`.
#[differentiable]
fn passes_references(x: f64) -> f64 {
    let y = 2.0 * x;
    let r = &y;
    sin_of_ref(&x) * sin_of_ref(&y) + *r
}

#[test]
fn taking_references_of_locals_and_parameters() {
    // f = sin x sin 2x + 2x: f' = cos x sin 2x + 2 sin x cos 2x + 2
    let x: f64 = 0.6;
    let want = x.cos() * (2.0 * x).sin() + 2.0 * x.sin() * (2.0 * x).cos() + 2.0;
    assert_close(gradient!(at: x, of: passes_references), want);
}

/// Σ vᵢ², a plain function with a registered derivative.
fn sum_of_squares(v: &[f64]) -> f64 {
    v.iter().map(|x| x * x).sum()
}

/// The pullback owns its data; `use<>` says so (see `registration_without_use_bound`).
#[derivative(of = sum_of_squares)]
fn sum_of_squares_vjp(v: &[f64]) -> (f64, impl Fn(f64) -> Vec<f64> + use<>) {
    let doubled: Vec<f64> = v.iter().map(|x| 2.0 * x).collect();
    (sum_of_squares(v), move |d| {
        doubled.iter().map(|g| d * g).collect()
    })
}

/// Σ vᵢ⁴, registered with the plain spelling `impl Fn(f64) -> Vec<f64>`, which in edition
/// 2024 captures the lifetime of `v`.
fn sum_of_fourth_powers(v: &[f64]) -> f64 {
    v.iter().map(|x| x * x * x * x).sum()
}

#[derivative(of = sum_of_fourth_powers)]
fn sum_of_fourth_powers_vjp(v: &[f64]) -> (f64, impl Fn(f64) -> Vec<f64>) {
    let cubes: Vec<f64> = v.iter().map(|x| 4.0 * x * x * x).collect();
    (sum_of_fourth_powers(v), move |d| {
        cubes.iter().map(|g| d * g).collect()
    })
}

#[differentiable]
fn fourth_power_energy(v: &[f64], s: f64) -> f64 {
    s * sum_of_fourth_powers(v)
}

#[test]
fn registration_without_use_bound() {
    // ∂/∂vᵢ = 4 s vᵢ³, ∂/∂s = Σ vᵢ⁴
    let (dv, ds) = gradient!(at: &[1.0, -2.0], 0.5, of: fourth_power_energy);
    assert_all_close(&dv, &[2.0, -16.0]);
    assert_close(ds, 17.0);
}

/// s · Σ vᵢ² + s²
#[differentiable]
fn scaled_energy(v: &[f64], s: f64) -> f64 {
    s * sum_of_squares(v) + s * s
}

#[test]
fn slice_parameter_gradient_is_a_vec() {
    // ∂/∂vᵢ = 2 s vᵢ, ∂/∂s = Σ vᵢ² + 2s
    let v = [1.0, -2.0, 0.5];
    let s = 1.5;
    let (dv, ds): (Vec<f64>, f64) = gradient!(at: &v, s, of: scaled_energy);
    assert_all_close(&dv, &[3.0, -6.0, 1.5]);
    assert_close(ds, 5.25 + 3.0);
    // and against finite differences of the original in every coordinate
    let mut got = dv.clone();
    got.push(ds);
    assert_grad_fd(
        |p| scaled_energy(&p[..3], p[3]),
        &[1.0, -2.0, 0.5, 1.5],
        &got,
    );
}

/// x · Σ vᵢ² with a `&Vec<f64>` parameter passed on to a `&[f64]` function.
#[differentiable]
fn vec_ref_energy(v: &Vec<f64>, x: f64) -> f64 {
    x * sum_of_squares(v)
}

#[test]
fn vec_reference_parameter() {
    // ∂/∂vᵢ = 2 x vᵢ, ∂/∂x = Σ vᵢ²
    let v = vec![0.5, 3.0];
    let (dv, dx) = gradient!(at: &v, -2.0, of: vec_ref_energy);
    assert_all_close(&dv, &[-2.0, -12.0]);
    assert_close(dx, 9.25);
}

/// The slice is used only through its length, a constant.
#[differentiable]
fn length_only(v: &[f64], x: f64) -> f64 {
    x * v.len() as f64
}

#[test]
fn slice_used_only_through_its_length_has_zero_gradient() {
    let v = [4.0, 5.0, 6.0];
    let (dv, dx) = gradient!(at: &v, 2.0, of: length_only);
    assert_eq!(dx, 3.0);
    assert_eq!(dv, vec![0.0, 0.0, 0.0]);
}

/// A slice passed twice, both uses contributing: Σvᵢ² · Σvᵢ² = (Σvᵢ²)²
#[differentiable]
fn slice_used_twice(v: &[f64]) -> f64 {
    sum_of_squares(v) * sum_of_squares(v)
}

#[test]
fn slice_used_twice_sums_contributions() {
    // ∂/∂vᵢ = 2 (Σv²) 2vᵢ
    let v = [1.0, 2.0];
    let dv: Vec<f64> = gradient!(at: &v, of: slice_used_twice);
    assert_all_close(&dv, &[20.0, 40.0]);
}

/// Reference arithmetic with literals and negation: -*x + x * 2.0 + *&y * y
#[differentiable]
fn reference_arithmetic(x: &f64, y: f64) -> f64 {
    -*x + x * 2.0 + *&y * y
}

#[test]
fn reference_arithmetic_with_literals() {
    // ∂/∂x = -1 + 2, ∂/∂y = 2y
    let (dx, dy) = gradient!(at: &5.0, 1.5, of: reference_arithmetic);
    assert_all_close(&[dx, dy], &[1.0, 3.0]);
}

/// A reference parameter shadowed by its referent.
#[differentiable]
fn shadow_deref(x: &f64) -> f64 {
    let x = *x;
    x.cos() * x
}

#[test]
fn reference_parameter_shadowed_by_its_value() {
    // f' = -sin x · x + cos x
    let x: f64 = 0.9;
    assert_close(gradient!(at: &x, of: shadow_deref), -x.sin() * x + x.cos());
}
