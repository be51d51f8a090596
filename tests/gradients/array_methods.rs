//! ndarray's methods beyond the first rules: every elementwise float method, `powi`,
//! `product` and `mean_axis`, each in the three modes: the gradient against central finite
//! differences (and, through the suite's operators, forward mode against reverse mode), and
//! the Hessian row by row against central differences of the gradient.

use crate::{assert_deriv_fd, assert_grad_fd};
use ad::ndarray::{Array1, Array2, Axis, array};
use ad::prelude::*;
// The suite's operators, which also check forward mode against reverse mode.
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};

/// The gradient of `f` (a `#[differentiable]` function of one vector) against finite
/// differences, and its Hessian against differences of the gradient, at `at`.
macro_rules! check_three_modes {
    ($f:ident, $at:expr) => {{
        let at: Array1<f64> = $at;
        let g = gradient!(at: at.clone(), of: $f);
        assert_grad_fd(|p| $f(Array1::from(p.to_vec())), at.as_slice().unwrap(), g.as_slice().unwrap());
        let h: Array2<f64> = hessian!(at: at.clone(), of: $f);
        for i in 0..at.len() {
            for j in 0..at.len() {
                let partial = |t: f64| {
                    let mut moved = at.clone();
                    moved[j] = t;
                    ad::gradient!(at: moved, of: $f)[i]
                };
                assert_deriv_fd(partial, at[j], h[[i, j]]);
            }
        }
    }};
}

/// The elementwise float methods of the first rules' list and the rest of ndarray's.
#[differentiable]
fn exponentials_and_logarithms(v: Array1<f64>) -> f64 {
    let u = v.exp2() + v.exp_m1() * v.log2() + v.log10() / v.ln_1p();
    (u * v.cbrt()).sum()
}

#[differentiable]
fn trigonometric(v: Array1<f64>) -> f64 {
    let u = v.tan() * v.asin() + v.acos() - v.atan();
    (u * v.sinh() + v.cosh() * v.asinh() + v.atanh()).sum()
}

#[differentiable]
fn hyperbolic_cosine_inverse(v: Array1<f64>) -> f64 {
    ((&v + 2.0).acosh() * v.signum()).sum()
}

#[test]
fn every_elementwise_float_method_in_the_three_modes() {
    check_three_modes!(exponentials_and_logarithms, array![0.3, 0.7, 0.45]);
    check_three_modes!(trigonometric, array![0.3, -0.2, 0.45]);
    check_three_modes!(hyperbolic_cosine_inverse, array![0.3, -0.7, 0.45]);
}

#[differentiable]
fn powers(v: Array1<f64>) -> f64 {
    (v.powi(3) - v.powi(-2) + v.powi(0)).sum()
}

/// A product with a zero element: its derivative there is the product of the others.
#[differentiable]
fn product_of_elements(v: Array1<f64>) -> f64 {
    v.product() + (&v * 2.0).product().sin()
}

#[test]
fn powers_and_products_in_the_three_modes() {
    check_three_modes!(powers, array![0.8, -1.3, 2.0]);
    check_three_modes!(product_of_elements, array![0.8, -1.3, 2.0, 0.5]);
    check_three_modes!(product_of_elements, array![0.8, 0.0, 2.0]);
    // d/dv_1 Π v = v_0 v_2 at v_1 = 0 (no division by the zero element).
    let g = gradient!(at: array![0.8, 0.0, 2.0], of: |v: Array1<f64>| v.product());
    assert_eq!(g, array![0.0, 1.6, 0.0]);
}

/// The means of the rows and of the columns of a matrix made from `v`.
#[differentiable]
fn means_along_axes(v: Array1<f64>) -> f64 {
    let m = v.clone().insert_axis(Axis(1)) * v.insert_axis(Axis(0));
    let rows = m.mean_axis(Axis(1)).unwrap();
    let columns = m.mean_axis(Axis(0)).unwrap();
    (rows.exp() * &columns).sum()
}

#[test]
fn means_along_axes_in_the_three_modes() {
    check_three_modes!(means_along_axes, array![0.8, -1.3, 0.4]);
}

/// A float on the left of an array: literals (`2.0 * a`, `1.0 - p`) and a variable.
#[differentiable]
fn scalars_on_the_left(v: Array1<f64>) -> f64 {
    let s = v[0] * 0.5 + 1.0;
    let p = 1.0 / (1.0 + (-&v).exp());
    let q = 2.0 * v.clone() + s * &p - s / &p;
    (1.0 - p + q * s).sum()
}

#[test]
fn scalars_on_the_left_in_the_three_modes() {
    check_three_modes!(scalars_on_the_left, array![0.8, -1.3, 0.4]);
}

/// A maximum (and a minimum) of a vector through its iterator: the derivative goes to the
/// element that wins; iterator chains over an `Array1` read it like a `Vec`.
#[differentiable]
fn extremes(v: &Array1<f64>) -> f64 {
    let largest = v.iter().fold(f64::NEG_INFINITY, |a, &b| a.max(b));
    let smallest = v.iter().copied().fold(f64::INFINITY, |a, b| a.min(b));
    let squares: f64 = v.iter().map(|x| x * x).sum();
    largest * 3.0 - smallest + squares
}

#[test]
fn max_and_min_reductions_of_a_vector() {
    let v = array![0.5, 2.0, -1.0, 1.5];
    let g = gradient!(at: &v, of: extremes);
    // 3 at the maximum (index 1), -1 at the minimum (index 2), plus 2 v everywhere.
    assert_eq!(g, array![1.0, 3.0 + 4.0, -1.0 - 2.0, 3.0]);
    assert_grad_fd(
        |p| extremes(&Array1::from(p.to_vec())),
        v.as_slice().unwrap(),
        &g.to_vec(),
    );
}

/// The spread of a vector, and a power whose exponent is differentiated too.
#[differentiable]
fn spreads_and_powers(v: Array1<f64>) -> f64 {
    let positive = v.mapv(|x| x * x + 0.5);
    let exponent = v[0] * 0.5 + 1.5;
    v.var(1.0) * 2.0 + v.std(0.0) + positive.powf(exponent).sum()
}

/// A vector times a matrix (`v.dot(&m)`), both differentiated.
#[differentiable]
fn vector_times_matrix(v: Array1<f64>) -> f64 {
    let m = v.clone().insert_axis(Axis(1)) * v.clone().insert_axis(Axis(0)) + 1.0;
    v.dot(&m).tanh().sum()
}

#[test]
fn variance_powf_and_vector_matrix_products_in_the_three_modes() {
    check_three_modes!(spreads_and_powers, array![0.8, -1.3, 0.4, 2.0]);
    check_three_modes!(vector_times_matrix, array![0.8, -1.3, 0.4]);
}
