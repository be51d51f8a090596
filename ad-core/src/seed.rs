//! Seeds of the differential operators: `gradient!` starts the pullback of a scalar result
//! with the cotangent `1`.

use crate::Differentiable;

/// A scalar result (`f32` or `f64`) whose gradient can be taken.
#[diagnostic::on_unimplemented(
    message = "`gradient!` needs a function that returns `f32` or `f64`, this one returns `{Self}`",
    note = "use `value_with_pullback!` or `pullback!` and call the pullback with a cotangent of the result"
)]
pub trait Scalar: Differentiable<TangentVector = Self> {
    /// The multiplicative identity: the seed cotangent `d result / d result`.
    fn one() -> Self;
}

impl Scalar for f32 {
    fn one() -> Self {
        1.0
    }
}

impl Scalar for f64 {
    fn one() -> Self {
        1.0
    }
}

/// The cotangent `1` of a scalar result; the argument only fixes its type.
#[inline(always)]
pub fn seed<T: Scalar>(_result: &T) -> T {
    T::one()
}
