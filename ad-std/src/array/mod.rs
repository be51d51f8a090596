//! Rules for ndarray's owned `f64` arrays (`Array<f64, D>`), in reverse, forward and
//! second-order forward mode:
//!
//! - elementwise `+ - * /` between arrays of one shape and with `f64` scalars, a row vector
//!   broadcast over a matrix (`+`, `-`), and unary `-`;
//! - the reductions `sum`, `mean` and `sum_axis`;
//! - `dot` (vector·vector, matrix·vector, matrix·matrix);
//! - the elementwise methods `exp`, `ln`, `sqrt`, `tanh`, `sin`, `cos`, `abs`, `recip`, and
//!   `mapv` of a function given with its derivatives.
//!
//! Other broadcasting is not differentiated yet. A scalar goes on the right (`a * s`,
//! `a + s`): rules for a float on the left would make `x + y` ambiguous for rustc when `y` is
//! a float whose type it has not decided yet, in every scalar function. A scalar operand's
//! cotangent is the sum over the array of what the elementwise rule gives it. Pullbacks own
//! what they keep (the operands they need).
//!
//! [`operators`] holds the operator rules (the `ops` traits implemented for arrays), and
//! [`methods`] the rules of ndarray's methods, each a trait named after what it covers.

pub mod broadcast;
pub mod methods;
pub mod operators;
pub mod partial;
pub mod products;
pub mod scalar_left;
pub mod shape;

pub use methods::{ArrayMapv, ArrayMath, ArrayMeanAxis, ArrayReductions, ArraySumAxis, DotRule};
pub use partial::{WrtArgs, WrtSelf};
pub use products::{ArrayPowi, ArrayProduct};
pub use shape::{ArrayColumn, ArrayInsertAxis, ArrayRow, ArraySlice, ArrayToOwned, ArrayTranspose};

/// An owned `f64` array of dimension `D`.
type A<D> = ndarray::Array<f64, D>;
