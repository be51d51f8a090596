//! Multinomial (softmax) logistic regression on Fisher's Iris data, trained by full-batch
//! gradient descent with gradients from `gradient!`.
//!
//! The loss, [`cross_entropy`], is ordinary ndarray code: class scores `Z = X W + b`, then the
//! mean over the samples of `logsumexp(z_i) - z_i[label_i]`. `#[differentiable]` writes its
//! gradient with respect to `W` and `b`; no hand-written derivative appears anywhere. Before
//! training, the example checks that gradient against central finite differences.
//!
//! Run with `cargo run --release --example logistic_regression`.

#[path = "data/iris.rs"]
mod iris;

use ad::check::central_difference;
use ad::ndarray::{Array1, Array2, Axis};
use ad::prelude::*;

/// The step size of gradient descent.
const LEARNING_RATE: f64 = 0.5;
/// The number of gradient steps.
const STEPS: usize = 300;
/// Print the loss every this many steps.
const REPORT_EVERY: usize = 30;

/// The mean softmax cross-entropy of the linear classifier `(w, b)` on samples `x` (one per
/// row) with one-hot labels `y`: `mean_i(logsumexp_j(z_ij) - Σ_j y_ij z_ij)`, `z = x w + b`.
#[differentiable(wrt = (w, b))]
fn cross_entropy(w: &Array2<f64>, b: &Array1<f64>, x: &Array2<f64>, y: &Array2<f64>) -> f64 {
    let z = x.dot(w) + b;
    // `exp` of a large score overflows, so each row is shifted by its maximum first
    // (logsumexp(z) = m + logsumexp(z - m) for any m). The shift's derivative cancels out
    // exactly, so it is computed under `no_grad`, as JAX does.
    let shift = no_grad(row_max(&z));
    let shift_column = no_grad(shift.clone().insert_axis(Axis(1)));
    let log_sum_exp = (&z - &shift_column).exp().sum_axis(Axis(1)).ln() + shift;
    // With one-hot rows, `Σ_j y_ij z_ij` picks the score of the true class.
    let true_score = (y * &z).sum_axis(Axis(1));
    (log_sum_exp - true_score).mean().unwrap()
}

/// The largest entry of each row (a constant in the loss: no derivative needed).
fn row_max(z: &Array2<f64>) -> Array1<f64> {
    z.map_axis(Axis(1), |row| row.fold(f64::NEG_INFINITY, |a, &v| a.max(v)))
}

/// The class scores of the classifier; the predicted class is the largest.
fn scores(w: &Array2<f64>, b: &Array1<f64>, x: &Array2<f64>) -> Array2<f64> {
    x.dot(w) + b
}

/// One step of gradient descent on `(w, b)`; returns the loss before the step.
fn descend(w: &mut Array2<f64>, b: &mut Array1<f64>, x: &Array2<f64>, y: &Array2<f64>) -> f64 {
    let (loss, (dw, db, _, _)) = value_with_gradient!(at: &*w, &*b, x, y, of: cross_entropy);
    *w -= &(dw * LEARNING_RATE);
    *b -= &(db * LEARNING_RATE);
    loss
}

/// `|a - b|` relative to the larger of the two (absolute when both are tiny). The central
/// difference itself is off by about 1e-11 (rounding in the loss, divided by the step), so
/// the error of a small partial derivative is larger relative to it.
fn relative_error(a: f64, b: f64) -> f64 {
    (a - b).abs() / a.abs().max(b.abs()).max(1e-8)
}

/// The largest relative error between `gradient!` and central differences of the loss, over
/// a few entries of `w` and `b`.
fn check_gradient(w: &Array2<f64>, b: &Array1<f64>, x: &Array2<f64>, y: &Array2<f64>) -> f64 {
    let (dw, db, _, _) = gradient!(at: w, b, x, y, of: cross_entropy);
    let mut worst: f64 = 0.0;
    for (i, j) in [(0, 0), (1, 2), (2, 1), (3, 0)] {
        let numeric = central_difference(
            |t| {
                let mut w = w.clone();
                w[[i, j]] = t;
                cross_entropy(&w, b, x, y)
            },
            w[[i, j]],
        );
        println!(
            "  dL/dw[{i},{j}]: gradient! {:+.10}, finite difference {numeric:+.10}",
            dw[[i, j]]
        );
        worst = worst.max(relative_error(dw[[i, j]], numeric));
    }
    for j in [0, 2] {
        let numeric = central_difference(
            |t| {
                let mut b = b.clone();
                b[j] = t;
                cross_entropy(w, &b, x, y)
            },
            b[j],
        );
        println!(
            "  dL/db[{j}]:   gradient! {:+.10}, finite difference {numeric:+.10}",
            db[j]
        );
        worst = worst.max(relative_error(db[j], numeric));
    }
    worst
}

fn main() {
    let x = iris::standardised_features();
    let labels = iris::labels();
    let y = iris::one_hot(&labels);
    println!(
        "Iris: {} samples, {} features, classes {:?}",
        x.nrows(),
        x.ncols(),
        iris::SPECIES
    );

    // Small random weights rather than zeros, so that the gradient check below sees a
    // generic point, not the special one where every class has the same score.
    let mut seed = 7;
    let mut w = iris::random_matrix(&mut seed, iris::FEATURES, iris::CLASSES, 0.1);
    let mut b = Array1::zeros(iris::CLASSES);

    println!("Gradient check against central finite differences:");
    let error = check_gradient(&w, &b, &x, &y);
    println!("  max relative error: {error:.2e}");
    assert!(
        error < 1e-5,
        "the gradient disagrees with finite differences"
    );

    for step in 0..STEPS {
        let loss = descend(&mut w, &mut b, &x, &y);
        if step % REPORT_EVERY == 0 {
            println!("step {step:4}  loss {loss:.4}");
        }
    }
    println!("step {STEPS:4}  loss {:.4}", cross_entropy(&w, &b, &x, &y));

    let accuracy = iris::accuracy(&scores(&w, &b, &x), &labels);
    println!("training accuracy: {:.1}%", 100.0 * accuracy);
    assert!(
        accuracy > 0.9,
        "the classifier should fit Iris's training set"
    );
}
