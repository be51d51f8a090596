//! Fisher's Iris data set, as distributed by the UCI Machine Learning Repository
//! (`iris.data`): 150 flowers, 50 of each of three species, each measured in centimetres.
//!
//! With the helpers both examples need (standardised features, one-hot labels, accuracy,
//! seeded random weights). Shared by the `logistic_regression` and `mlp` examples through
//! `#[path = "data/iris.rs"] mod iris;`. Cargo does not build it as an example of its own:
//! it discovers only `examples/*.rs` and `examples/*/main.rs`.

use ad::ndarray::{Array2, Axis};

/// The species, in the order of their class indices.
pub const SPECIES: [&str; 3] = ["setosa", "versicolor", "virginica"];

/// The number of features: sepal length, sepal width, petal length, petal width.
pub const FEATURES: usize = 4;

/// The number of classes.
pub const CLASSES: usize = SPECIES.len();

/// Each row: the four measurements (sepal length, sepal width, petal length, petal width)
/// and the species' class index into [`SPECIES`].
pub const DATA: [([f64; FEATURES], usize); 150] = [
    ([5.1, 3.5, 1.4, 0.2], 0),
    ([4.9, 3.0, 1.4, 0.2], 0),
    ([4.7, 3.2, 1.3, 0.2], 0),
    ([4.6, 3.1, 1.5, 0.2], 0),
    ([5.0, 3.6, 1.4, 0.2], 0),
    ([5.4, 3.9, 1.7, 0.4], 0),
    ([4.6, 3.4, 1.4, 0.3], 0),
    ([5.0, 3.4, 1.5, 0.2], 0),
    ([4.4, 2.9, 1.4, 0.2], 0),
    ([4.9, 3.1, 1.5, 0.1], 0),
    ([5.4, 3.7, 1.5, 0.2], 0),
    ([4.8, 3.4, 1.6, 0.2], 0),
    ([4.8, 3.0, 1.4, 0.1], 0),
    ([4.3, 3.0, 1.1, 0.1], 0),
    ([5.8, 4.0, 1.2, 0.2], 0),
    ([5.7, 4.4, 1.5, 0.4], 0),
    ([5.4, 3.9, 1.3, 0.4], 0),
    ([5.1, 3.5, 1.4, 0.3], 0),
    ([5.7, 3.8, 1.7, 0.3], 0),
    ([5.1, 3.8, 1.5, 0.3], 0),
    ([5.4, 3.4, 1.7, 0.2], 0),
    ([5.1, 3.7, 1.5, 0.4], 0),
    ([4.6, 3.6, 1.0, 0.2], 0),
    ([5.1, 3.3, 1.7, 0.5], 0),
    ([4.8, 3.4, 1.9, 0.2], 0),
    ([5.0, 3.0, 1.6, 0.2], 0),
    ([5.0, 3.4, 1.6, 0.4], 0),
    ([5.2, 3.5, 1.5, 0.2], 0),
    ([5.2, 3.4, 1.4, 0.2], 0),
    ([4.7, 3.2, 1.6, 0.2], 0),
    ([4.8, 3.1, 1.6, 0.2], 0),
    ([5.4, 3.4, 1.5, 0.4], 0),
    ([5.2, 4.1, 1.5, 0.1], 0),
    ([5.5, 4.2, 1.4, 0.2], 0),
    ([4.9, 3.1, 1.5, 0.1], 0),
    ([5.0, 3.2, 1.2, 0.2], 0),
    ([5.5, 3.5, 1.3, 0.2], 0),
    ([4.9, 3.1, 1.5, 0.1], 0),
    ([4.4, 3.0, 1.3, 0.2], 0),
    ([5.1, 3.4, 1.5, 0.2], 0),
    ([5.0, 3.5, 1.3, 0.3], 0),
    ([4.5, 2.3, 1.3, 0.3], 0),
    ([4.4, 3.2, 1.3, 0.2], 0),
    ([5.0, 3.5, 1.6, 0.6], 0),
    ([5.1, 3.8, 1.9, 0.4], 0),
    ([4.8, 3.0, 1.4, 0.3], 0),
    ([5.1, 3.8, 1.6, 0.2], 0),
    ([4.6, 3.2, 1.4, 0.2], 0),
    ([5.3, 3.7, 1.5, 0.2], 0),
    ([5.0, 3.3, 1.4, 0.2], 0),
    ([7.0, 3.2, 4.7, 1.4], 1),
    ([6.4, 3.2, 4.5, 1.5], 1),
    ([6.9, 3.1, 4.9, 1.5], 1),
    ([5.5, 2.3, 4.0, 1.3], 1),
    ([6.5, 2.8, 4.6, 1.5], 1),
    ([5.7, 2.8, 4.5, 1.3], 1),
    ([6.3, 3.3, 4.7, 1.6], 1),
    ([4.9, 2.4, 3.3, 1.0], 1),
    ([6.6, 2.9, 4.6, 1.3], 1),
    ([5.2, 2.7, 3.9, 1.4], 1),
    ([5.0, 2.0, 3.5, 1.0], 1),
    ([5.9, 3.0, 4.2, 1.5], 1),
    ([6.0, 2.2, 4.0, 1.0], 1),
    ([6.1, 2.9, 4.7, 1.4], 1),
    ([5.6, 2.9, 3.6, 1.3], 1),
    ([6.7, 3.1, 4.4, 1.4], 1),
    ([5.6, 3.0, 4.5, 1.5], 1),
    ([5.8, 2.7, 4.1, 1.0], 1),
    ([6.2, 2.2, 4.5, 1.5], 1),
    ([5.6, 2.5, 3.9, 1.1], 1),
    ([5.9, 3.2, 4.8, 1.8], 1),
    ([6.1, 2.8, 4.0, 1.3], 1),
    ([6.3, 2.5, 4.9, 1.5], 1),
    ([6.1, 2.8, 4.7, 1.2], 1),
    ([6.4, 2.9, 4.3, 1.3], 1),
    ([6.6, 3.0, 4.4, 1.4], 1),
    ([6.8, 2.8, 4.8, 1.4], 1),
    ([6.7, 3.0, 5.0, 1.7], 1),
    ([6.0, 2.9, 4.5, 1.5], 1),
    ([5.7, 2.6, 3.5, 1.0], 1),
    ([5.5, 2.4, 3.8, 1.1], 1),
    ([5.5, 2.4, 3.7, 1.0], 1),
    ([5.8, 2.7, 3.9, 1.2], 1),
    ([6.0, 2.7, 5.1, 1.6], 1),
    ([5.4, 3.0, 4.5, 1.5], 1),
    ([6.0, 3.4, 4.5, 1.6], 1),
    ([6.7, 3.1, 4.7, 1.5], 1),
    ([6.3, 2.3, 4.4, 1.3], 1),
    ([5.6, 3.0, 4.1, 1.3], 1),
    ([5.5, 2.5, 4.0, 1.3], 1),
    ([5.5, 2.6, 4.4, 1.2], 1),
    ([6.1, 3.0, 4.6, 1.4], 1),
    ([5.8, 2.6, 4.0, 1.2], 1),
    ([5.0, 2.3, 3.3, 1.0], 1),
    ([5.6, 2.7, 4.2, 1.3], 1),
    ([5.7, 3.0, 4.2, 1.2], 1),
    ([5.7, 2.9, 4.2, 1.3], 1),
    ([6.2, 2.9, 4.3, 1.3], 1),
    ([5.1, 2.5, 3.0, 1.1], 1),
    ([5.7, 2.8, 4.1, 1.3], 1),
    ([6.3, 3.3, 6.0, 2.5], 2),
    ([5.8, 2.7, 5.1, 1.9], 2),
    ([7.1, 3.0, 5.9, 2.1], 2),
    ([6.3, 2.9, 5.6, 1.8], 2),
    ([6.5, 3.0, 5.8, 2.2], 2),
    ([7.6, 3.0, 6.6, 2.1], 2),
    ([4.9, 2.5, 4.5, 1.7], 2),
    ([7.3, 2.9, 6.3, 1.8], 2),
    ([6.7, 2.5, 5.8, 1.8], 2),
    ([7.2, 3.6, 6.1, 2.5], 2),
    ([6.5, 3.2, 5.1, 2.0], 2),
    ([6.4, 2.7, 5.3, 1.9], 2),
    ([6.8, 3.0, 5.5, 2.1], 2),
    ([5.7, 2.5, 5.0, 2.0], 2),
    ([5.8, 2.8, 5.1, 2.4], 2),
    ([6.4, 3.2, 5.3, 2.3], 2),
    ([6.5, 3.0, 5.5, 1.8], 2),
    ([7.7, 3.8, 6.7, 2.2], 2),
    ([7.7, 2.6, 6.9, 2.3], 2),
    ([6.0, 2.2, 5.0, 1.5], 2),
    ([6.9, 3.2, 5.7, 2.3], 2),
    ([5.6, 2.8, 4.9, 2.0], 2),
    ([7.7, 2.8, 6.7, 2.0], 2),
    ([6.3, 2.7, 4.9, 1.8], 2),
    ([6.7, 3.3, 5.7, 2.1], 2),
    ([7.2, 3.2, 6.0, 1.8], 2),
    ([6.2, 2.8, 4.8, 1.8], 2),
    ([6.1, 3.0, 4.9, 1.8], 2),
    ([6.4, 2.8, 5.6, 2.1], 2),
    ([7.2, 3.0, 5.8, 1.6], 2),
    ([7.4, 2.8, 6.1, 1.9], 2),
    ([7.9, 3.8, 6.4, 2.0], 2),
    ([6.4, 2.8, 5.6, 2.2], 2),
    ([6.3, 2.8, 5.1, 1.5], 2),
    ([6.1, 2.6, 5.6, 1.4], 2),
    ([7.7, 3.0, 6.1, 2.3], 2),
    ([6.3, 3.4, 5.6, 2.4], 2),
    ([6.4, 3.1, 5.5, 1.8], 2),
    ([6.0, 3.0, 4.8, 1.8], 2),
    ([6.9, 3.1, 5.4, 2.1], 2),
    ([6.7, 3.1, 5.6, 2.4], 2),
    ([6.9, 3.1, 5.1, 2.3], 2),
    ([5.8, 2.7, 5.1, 1.9], 2),
    ([6.8, 3.2, 5.9, 2.3], 2),
    ([6.7, 3.3, 5.7, 2.5], 2),
    ([6.7, 3.0, 5.2, 2.3], 2),
    ([6.3, 2.5, 5.0, 1.9], 2),
    ([6.5, 3.0, 5.2, 2.0], 2),
    ([6.2, 3.4, 5.4, 2.3], 2),
    ([5.9, 3.0, 5.1, 1.8], 2),
];

/// The training set: standardised features, the class of each sample and the classes one-hot,
/// after printing what it holds.
pub fn training_set() -> (Array2<f64>, Vec<usize>, Array2<f64>) {
    let (x, labels) = (standardised_features(), labels());
    let y = one_hot(&labels);
    println!(
        "Iris: {} samples, {} features, classes {:?}",
        x.nrows(),
        x.ncols(),
        SPECIES
    );
    (x, labels, y)
}

/// The features as a `150 × 4` matrix, each column standardised to mean 0 and standard
/// deviation 1, so that one learning rate suits every weight.
fn standardised_features() -> Array2<f64> {
    let x = Array2::from_shape_fn((DATA.len(), FEATURES), |(i, j)| DATA[i].0[j]);
    let mean = x.mean_axis(Axis(0)).expect("the data set is not empty");
    let std = x.std_axis(Axis(0), 0.0);
    (x - &mean) / &std
}

/// The class indices, one per sample.
fn labels() -> Vec<usize> {
    DATA.iter().map(|&(_, class)| class).collect()
}

/// The labels one-hot encoded as a `150 × 3` matrix: row `i` has a 1 in column `labels[i]`.
fn one_hot(labels: &[usize]) -> Array2<f64> {
    Array2::from_shape_fn((labels.len(), CLASSES), |(i, j)| {
        if labels[i] == j { 1.0 } else { 0.0 }
    })
}

/// The fraction of rows of `scores` (one row of class scores per sample) whose largest
/// score is at the sample's label.
pub fn accuracy(scores: &Array2<f64>, labels: &[usize]) -> f64 {
    let correct = scores
        .outer_iter()
        .zip(labels)
        .filter(|(row, label)| argmax(row.as_slice().expect("rows are contiguous")) == **label)
        .count();
    correct as f64 / labels.len() as f64
}

/// The index of the largest entry.
fn argmax(row: &[f64]) -> usize {
    (0..row.len())
        .max_by(|&a, &b| row[a].total_cmp(&row[b]))
        .expect("a row has entries")
}

/// A deterministic pseudo-random number in `[-scale, scale)` (a 64-bit LCG), so that the
/// examples need no `rand` dependency and print the same numbers on every run.
fn uniform(seed: &mut u64, scale: f64) -> f64 {
    *seed = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let unit = (*seed >> 11) as f64 / (1u64 << 53) as f64;
    (2.0 * unit - 1.0) * scale
}

/// A `rows × cols` matrix of [`uniform`] numbers.
pub fn random_matrix(seed: &mut u64, rows: usize, cols: usize, scale: f64) -> Array2<f64> {
    Array2::from_shape_simple_fn((rows, cols), || uniform(seed, scale))
}
