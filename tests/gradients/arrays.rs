//! ndarray's `f64` arrays in differentiable code: elementwise arithmetic (arrays of one shape,
//! and with scalars), `sum`, `mean` and `dot`, against finite differences and closed forms.

use crate::{assert_all_close, assert_close, assert_grad_fd};
use ad::ndarray::{Array1, Array2, array};
use ad::prelude::*;
// The suite's operators, which also check forward mode against reverse mode.
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};

/// Elementwise arithmetic with arrays and scalars, reduced with `sum`.
#[differentiable]
fn elementwise(a: Array1<f64>, b: Array1<f64>, s: f64) -> f64 {
    let c = &a * &b + a.clone() / s - b.clone() * 2.0;
    let d = -(c.clone() - s) * (a + 1.0);
    (d / b).sum()
}

fn elementwise_at(p: &[f64]) -> f64 {
    let a = Array1::from(p[0..3].to_vec());
    let b = Array1::from(p[3..6].to_vec());
    elementwise(a, b, p[6])
}

#[test]
fn elementwise_operators_against_finite_differences() {
    let a = array![0.5, -1.2, 2.0];
    let b = array![1.5, 0.7, -0.9];
    let s = 1.3;
    let (da, db, ds) = gradient!(at: a.clone(), b.clone(), s, of: elementwise);
    let mut got = da.to_vec();
    got.extend(db.to_vec());
    got.push(ds);
    let point = [a.to_vec(), b.to_vec(), vec![s]].concat();
    assert_grad_fd(elementwise_at, &point, &got);
}

/// A linear model's mean squared error: `mean((X w - y)²)`.
#[differentiable]
fn mse(w: &Array1<f64>, x: &Array2<f64>, y: &Array1<f64>) -> f64 {
    let residual = x.dot(w) - y.clone();
    (&residual * &residual).mean().unwrap()
}

#[test]
fn a_linear_models_gradient_against_the_closed_form() {
    let x = array![[1.0, 0.5], [0.2, -1.0], [1.5, 2.0]];
    let y = array![0.3, -0.4, 1.1];
    let w = array![0.8, -0.3];
    let (dw, dx, dy) = gradient!(at: &w, &x, &y, of: mse);
    // ∂/∂w = 2/n Xᵀ r, ∂/∂X = 2/n r wᵀ, ∂/∂y = -2/n r, with r = X w - y.
    let n = 3.0;
    let r = x.dot(&w) - &y;
    assert_all_close(
        dw.as_slice().unwrap(),
        (x.t().dot(&r) * (2.0 / n)).as_slice().unwrap(),
    );
    let outer = Array2::from_shape_fn((3, 2), |(i, j)| 2.0 / n * r[i] * w[j]);
    assert_all_close(dx.as_slice().unwrap(), outer.as_slice().unwrap());
    assert_all_close(dy.as_slice().unwrap(), (r * (-2.0 / n)).as_slice().unwrap());
}

/// Vector and matrix products.
#[differentiable]
fn products(a: &Array2<f64>, b: &Array2<f64>, v: &Array1<f64>) -> f64 {
    let ab = a.dot(b);
    let abv = ab.dot(v);
    abv.dot(v) + a.sum() * v.sum()
}

#[test]
fn matrix_and_vector_products_against_finite_differences() {
    let a = array![[1.0, 0.5], [0.2, -1.0]];
    let b = array![[0.3, 1.2], [-0.7, 0.4]];
    let v = array![0.6, -1.1];
    let (da, db, dv) = gradient!(at: &a, &b, &v, of: products);
    let at = |p: &[f64]| {
        let a = Array2::from_shape_vec((2, 2), p[0..4].to_vec()).unwrap();
        let b = Array2::from_shape_vec((2, 2), p[4..8].to_vec()).unwrap();
        let v = Array1::from(p[8..10].to_vec());
        products(&a, &b, &v)
    };
    let point = [
        a.as_slice().unwrap(),
        b.as_slice().unwrap(),
        v.as_slice().unwrap(),
    ]
    .concat();
    // (A cotangent may come out of a product in column-major order: read it element by element.)
    let got: Vec<f64> = da
        .iter()
        .chain(db.iter())
        .chain(dv.iter())
        .copied()
        .collect();
    assert_grad_fd(at, &point, &got);
    // And the exact Hessian of the quadratic form in `v`: `AB + (AB)ᵀ`.
    let ab = a.dot(&b);
    let h = hessian!(at: v.clone(), of: |v: Array1<f64>| ab.dot(&v).dot(&v));
    let want = &ab + &ab.t();
    assert_all_close(
        &h.iter().copied().collect::<Vec<_>>(),
        &want.iter().copied().collect::<Vec<_>>(),
    );
    assert_close(
        differentiate!(at: 0.5, of: |t: f64| (&v * t).sum()),
        v.sum(),
    );
}

/// Logistic regression's loss: the mean cross-entropy of `σ(X w + b)` against labels `y`.
#[differentiable]
fn logistic_loss(w: &Array1<f64>, b: f64, x: &Array2<f64>, y: &Array1<f64>) -> f64 {
    let z = x.dot(w) + b;
    let p = ((-z).exp() + 1.0).recip();
    let ones = y * 0.0 + 1.0;
    let log_likelihood = y.clone() * p.ln() + (ones.clone() - y.clone()) * (ones - p).ln();
    -log_likelihood.mean().unwrap()
}

#[test]
fn logistic_regression_against_the_hand_written_gradient() {
    let x = array![[0.5, 1.2], [-1.0, 0.3], [2.0, -0.7], [0.1, 0.1]];
    let y = array![1.0, 0.0, 1.0, 0.0];
    let w = array![0.4, -0.6];
    let b = 0.2;
    let (dw, db, _, _) = gradient!(at: &w, b, &x, &y, of: logistic_loss);
    // The hand-written gradient: Xᵀ (p - y) / n and Σ (p - y) / n.
    let p = (x.dot(&w) + b).mapv(|z| 1.0 / (1.0 + (-z).exp()));
    let residual = &p - &y;
    let n = 4.0;
    assert_all_close(&dw.to_vec(), &(x.t().dot(&residual) / n).to_vec());
    assert_close(db, residual.sum() / n);
}

#[test]
fn elementwise_methods_in_the_three_modes() {
    let v = array![0.3, 1.1, 2.0];
    // f(t) = Σ tanh(t v) + sqrt(t v) · sin(t v): each method's rule, by forward mode...
    let f = |t: f64| {
        let u = &v * t;
        (u.tanh() + u.sqrt() * u.sin()).sum()
    };
    let d = differentiate!(at: 0.7, of: |t: f64| {
        let u = v.clone() * t;
        (u.tanh() + u.sqrt() * u.sin()).sum()
    });
    crate::assert_deriv_fd(f, 0.7, d);
    // ... by reverse mode, and twice.
    let g = gradient!(at: 0.7, of: |t: f64| {
        let u = v.clone() * t;
        (u.tanh() + u.sqrt() * u.sin()).sum()
    });
    assert_close(g, d);
    let h = hessian!(at: 0.7, of: |t: f64| {
        let u = v.clone() * t;
        (u.exp() * u.cos() + u.abs().recip()).sum()
    });
    let first = |t: f64| {
        differentiate!(at: t, of: |t: f64| {
            let u = v.clone() * t;
            (u.exp() * u.cos() + u.abs().recip()).sum()
        })
    };
    crate::assert_deriv_fd(first, 0.7, h);
}

#[test]
fn second_order_rules_of_array_operators() {
    let v = array![0.4, 1.3, -0.8];
    // Every operator on arrays and scalars, against differences of the forward derivative.
    let f = |t: f64| {
        let a = v.clone() * t + 1.0;
        let b = v.clone() - t;
        let c = (a.clone() / b.clone()) * (a * 0.5 - 2.0) / (t + 3.0);
        (c / b).sum()
    };
    let second = hessian!(at: 0.6, of: |t: f64| {
        let a = v.clone() * t + 1.0;
        let b = v.clone() - t;
        let c = (a.clone() / b.clone()) * (a * 0.5 - 2.0) / (t + 3.0);
        (c / b).sum()
    });
    let first = |t: f64| {
        differentiate!(at: t, of: |t: f64| {
            let a = v.clone() * t + 1.0;
            let b = v.clone() - t;
            let c = (a.clone() / b.clone()) * (a * 0.5 - 2.0) / (t + 3.0);
            (c / b).sum()
        })
    };
    crate::assert_deriv_fd(first, 0.6, second);
    crate::assert_deriv_fd(f, 0.6, first(0.6));
}

/// `mapv` with closure literals and a path, in the three modes.
#[differentiable]
fn mapped(a: Array1<f64>) -> f64 {
    let sigmoid = a.mapv(|v| 1.0 / (1.0 + (-v).exp()));
    let softplus = a.mapv(|v: f64| v.exp().ln_1p());
    (sigmoid * softplus + a.mapv(f64::tanh)).sum()
}

#[test]
fn mapv_with_closures_and_paths() {
    let a = array![0.3, -1.2, 2.0];
    let da = gradient!(at: a.clone(), of: mapped);
    let at = |p: &[f64]| mapped(Array1::from(p.to_vec()));
    assert_grad_fd(at, &a.to_vec(), &da.to_vec());
    // Second order: the Hessian's diagonal against differences of the gradient.
    let h = hessian!(at: a.clone(), of: mapped);
    for i in 0..3 {
        let partial = |x: f64| {
            let mut b = a.clone();
            b[i] = x;
            ad::gradient!(at: b, of: mapped)[i]
        };
        crate::assert_deriv_fd(partial, a[i], h[[i, i]]);
    }
}

/// A two-layer perceptron's squared error: `tanh(X W1 + b1) W2 + b2`, with the biases
/// broadcast over the rows and `sum_axis` over the outputs.
#[differentiable]
fn perceptron(
    w1: &Array2<f64>,
    b1: &Array1<f64>,
    w2: &Array2<f64>,
    b2: &Array1<f64>,
    x: &Array2<f64>,
) -> f64 {
    let hidden = (x.dot(w1) + b1.clone()).mapv(f64::tanh);
    let out = hidden.dot(w2) + b2.clone() - 0.5;
    let per_sample = (&out * &out).sum_axis(ad::ndarray::Axis(1));
    per_sample.mean().unwrap()
}

#[test]
fn a_two_layer_perceptron_against_finite_differences_and_backpropagation_by_hand() {
    let x = array![[0.5, -1.0, 0.3], [1.2, 0.4, -0.7]];
    let w1 = array![[0.1, -0.4], [0.3, 0.2], [-0.5, 0.6]];
    let b1 = array![0.05, -0.1];
    let w2 = array![[0.7, -0.2], [0.4, 0.9]];
    let b2 = array![0.1, 0.2];
    let (dw1, db1, dw2, db2, _) = gradient!(at: &w1, &b1, &w2, &b2, &x, of: perceptron);
    let at = |p: &[f64]| {
        let w1 = Array2::from_shape_vec((3, 2), p[0..6].to_vec()).unwrap();
        let b1 = Array1::from(p[6..8].to_vec());
        let w2 = Array2::from_shape_vec((2, 2), p[8..12].to_vec()).unwrap();
        let b2 = Array1::from(p[12..14].to_vec());
        perceptron(&w1, &b1, &w2, &b2, &x)
    };
    let point: Vec<f64> = w1
        .iter()
        .chain(&b1)
        .chain(&w2)
        .chain(&b2)
        .copied()
        .collect();
    let got: Vec<f64> = dw1
        .iter()
        .chain(&db1)
        .chain(&dw2)
        .chain(&db2)
        .copied()
        .collect();
    assert_grad_fd(at, &point, &got);
    // The same gradient by hand (backpropagation): r = 2 (out - 0.5) / n per output,
    // dW2 = Hᵀ r, db2 = Σ r, dZ1 = (r W2ᵀ) ⊙ (1 - H²), dW1 = Xᵀ dZ1, db1 = Σ dZ1.
    let hidden = (x.dot(&w1) + &b1).mapv(f64::tanh);
    let r = (hidden.dot(&w2) + &b2 - 0.5) * (2.0 / 2.0);
    let dz1 = r.dot(&w2.t()) * hidden.mapv(|h| 1.0 - h * h);
    let by_hand = [
        x.t().dot(&dz1).iter().copied().collect::<Vec<_>>(),
        dz1.sum_axis(ad::ndarray::Axis(0)).to_vec(),
        hidden.t().dot(&r).iter().copied().collect(),
        r.sum_axis(ad::ndarray::Axis(0)).to_vec(),
    ]
    .concat();
    crate::assert_all_close(&got, &by_hand);
}
