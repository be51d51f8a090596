//! A two-layer perceptron (4 inputs -> 16 tanh units -> 3 class scores) trained on Fisher's
//! Iris data with a softmax cross-entropy loss, by full-batch gradient descent with gradients
//! from `gradient!`.
//!
//! The network, [`forward`], and its loss, [`cross_entropy`], are ordinary ndarray code;
//! `#[differentiable]` writes the loss's gradient with respect to all four parameters (both
//! layers' weights and biases), backpropagation included. Before training, the example checks
//! that gradient against central finite differences.
//!
//! Run with `cargo run --release --example mlp`.

#[path = "data/iris.rs"]
mod iris;
#[path = "data/softmax.rs"]
mod softmax;

use ad::check::central_difference;
use ad::ndarray::{Array1, Array2};
use ad::prelude::*;

/// The width of the hidden layer.
const HIDDEN: usize = 16;
/// The step size of gradient descent.
const LEARNING_RATE: f64 = 0.5;
/// The number of gradient steps.
const STEPS: usize = 500;
/// Print the loss every this many steps.
const REPORT_EVERY: usize = 50;

/// The network's parameters.
#[derive(Clone)]
struct Mlp {
    w1: Array2<f64>,
    b1: Array1<f64>,
    w2: Array2<f64>,
    b2: Array1<f64>,
}

/// The class scores of the network for samples `x` (one per row): `tanh(x w1 + b1) w2 + b2`.
#[differentiable(wrt = (w1, b1, w2, b2))]
fn forward(
    w1: &Array2<f64>,
    b1: &Array1<f64>,
    w2: &Array2<f64>,
    b2: &Array1<f64>,
    x: &Array2<f64>,
) -> Array2<f64> {
    let hidden = (x.dot(w1) + b1).tanh();
    hidden.dot(w2) + b2
}

/// The mean softmax cross-entropy of the network's scores against one-hot labels `y`.
#[differentiable(wrt = (w1, b1, w2, b2))]
fn cross_entropy(
    w1: &Array2<f64>,
    b1: &Array1<f64>,
    w2: &Array2<f64>,
    b2: &Array1<f64>,
    x: &Array2<f64>,
    y: &Array2<f64>,
) -> f64 {
    // Calls of other differentiable functions: their pullbacks are chained into this one.
    softmax::cross_entropy(forward(w1, b1, w2, b2, x), y)
}

/// One of the two weight matrices.
#[derive(Clone, Copy)]
enum Layer {
    First,
    Second,
}

impl Mlp {
    /// Random weights scaled by `1/sqrt(fan_in)`, so that the hidden units start in tanh's
    /// linear range, and zero biases.
    fn new(seed: &mut u64) -> Mlp {
        let (inputs, outputs) = (iris::FEATURES, iris::CLASSES);
        Mlp {
            w1: iris::random_matrix(seed, inputs, HIDDEN, 1.0 / (inputs as f64).sqrt()),
            b1: Array1::zeros(HIDDEN),
            w2: iris::random_matrix(seed, HIDDEN, outputs, 1.0 / (HIDDEN as f64).sqrt()),
            b2: Array1::zeros(outputs),
        }
    }

    fn loss(&self, x: &Array2<f64>, y: &Array2<f64>) -> f64 {
        cross_entropy(&self.w1, &self.b1, &self.w2, &self.b2, x, y)
    }

    fn scores(&self, x: &Array2<f64>) -> Array2<f64> {
        forward(&self.w1, &self.b1, &self.w2, &self.b2, x)
    }

    fn weights_mut(&mut self, layer: Layer) -> &mut Array2<f64> {
        match layer {
            Layer::First => &mut self.w1,
            Layer::Second => &mut self.w2,
        }
    }

    /// One step of gradient descent; returns the loss before the step.
    fn step(&mut self, x: &Array2<f64>, y: &Array2<f64>) -> f64 {
        let (loss, (dw1, db1, dw2, db2, _, _)) = value_with_gradient!(
            at: &self.w1, &self.b1, &self.w2, &self.b2, x, y,
            of: cross_entropy
        );
        self.w1 = &self.w1 - dw1 * LEARNING_RATE;
        self.b1 = &self.b1 - db1 * LEARNING_RATE;
        self.w2 = &self.w2 - dw2 * LEARNING_RATE;
        self.b2 = &self.b2 - db2 * LEARNING_RATE;
        loss
    }
}

/// The largest relative error between `gradient!` and central differences of the loss, over
/// a few entries of both weight matrices.
fn check_gradient(net: &Mlp, x: &Array2<f64>, y: &Array2<f64>) -> f64 {
    let (dw1, _, dw2, _, _, _) =
        gradient!(at: &net.w1, &net.b1, &net.w2, &net.b2, x, y, of: cross_entropy);
    let entries = [
        (Layer::First, 0, 0),
        (Layer::First, 2, 7),
        (Layer::First, 3, 15),
        (Layer::Second, 0, 0),
        (Layer::Second, 9, 1),
        (Layer::Second, 15, 2),
    ];
    let mut worst: f64 = 0.0;
    for (layer, i, j) in entries {
        let (name, weights, gradient) = match layer {
            Layer::First => ("w1", &net.w1, &dw1),
            Layer::Second => ("w2", &net.w2, &dw2),
        };
        let numeric = central_difference(
            |t| {
                let mut moved = net.clone();
                moved.weights_mut(layer)[[i, j]] = t;
                moved.loss(x, y)
            },
            weights[[i, j]],
        );
        let analytic = gradient[[i, j]];
        println!(
            "  dL/d{name}[{i},{j}]: gradient! {analytic:+.10}, finite difference {numeric:+.10}"
        );
        worst = worst.max(softmax::relative_error(analytic, numeric));
    }
    worst
}

fn main() {
    let (x, labels, y) = iris::training_set();
    println!("A two-layer perceptron with {HIDDEN} hidden tanh units");

    let mut seed = 7;
    let mut net = Mlp::new(&mut seed);

    println!("Gradient check against central finite differences:");
    let error = check_gradient(&net, &x, &y);
    println!("  max relative error: {error:.2e}");
    assert!(
        error < 1e-5,
        "the gradient disagrees with finite differences"
    );

    for step in 0..STEPS {
        let loss = net.step(&x, &y);
        if step % REPORT_EVERY == 0 {
            println!("step {step:4}  loss {loss:.4}");
        }
    }
    println!("step {STEPS:4}  loss {:.4}", net.loss(&x, &y));

    let accuracy = iris::accuracy(&net.scores(&x), &labels);
    println!("training accuracy: {:.1}%", 100.0 * accuracy);
    assert!(
        accuracy > 0.95,
        "the network should fit Iris's training set"
    );
}
