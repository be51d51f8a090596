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
#[path = "data/softmax.rs"]
mod softmax;

use ad::check::central_difference;
use ad::ndarray::{Array1, Array2};
use ad::prelude::*;

/// The step size of gradient descent.
const LEARNING_RATE: f64 = 0.5;
/// The number of gradient steps.
const STEPS: usize = 300;
/// Print the loss every this many steps.
const REPORT_EVERY: usize = 30;

/// The mean softmax cross-entropy of the linear classifier `(w, b)` on samples `x` (one per
/// row) with one-hot labels `y`; the scores are `z = x w + b`, `b` broadcast over the rows.
#[differentiable(wrt = (w, b))]
fn cross_entropy(w: &Array2<f64>, b: &Array1<f64>, x: &Array2<f64>, y: &Array2<f64>) -> f64 {
    // A call of a differentiable function of another module: its pullback is chained in.
    softmax::cross_entropy(x.dot(w) + b, y)
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
        worst = worst.max(softmax::relative_error(dw[[i, j]], numeric));
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
        worst = worst.max(softmax::relative_error(db[j], numeric));
    }
    worst
}

fn main() {
    let (x, labels, y) = iris::training_set();

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
