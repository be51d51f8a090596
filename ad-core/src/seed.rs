//! Seeds of the differential operators: `gradient!` starts the pullback of a scalar result
//! with the cotangent `1`.

use crate::Differentiable;
use crate::forward::ScalarArgument;

/// A scalar result (`f32` or `f64`) whose gradient can be taken.
#[diagnostic::on_unimplemented(
    message = "`gradient!` needs a function that returns `f32` or `f64`, this one returns `{Self}`",
    note = "use `value_with_pullback!` or `pullback!` and call the pullback with a cotangent of the result"
)]
pub trait Scalar: Differentiable<TangentVector = Self> {
    /// The multiplicative identity: the seed cotangent `d result / d result`.
    fn one() -> Self;
    /// The value as an `f64` (exact for both float types).
    fn to_f64(self) -> f64;
}

impl Scalar for f32 {
    fn one() -> Self {
        1.0
    }
    fn to_f64(self) -> f64 {
        f64::from(self)
    }
}

impl Scalar for f64 {
    fn one() -> Self {
        1.0
    }
    fn to_f64(self) -> f64 {
        self
    }
}

/// The cotangent `1` of a scalar result; the argument only fixes its type.
#[inline(always)]
pub fn seed<T: Scalar>(_result: &T) -> T {
    T::one()
}

/// `(value, d value / d x)` from the forward derivative `(value, tangent)` of a function of the
/// scalar argument `x` seeded with `1`: the gradient, in the argument's type as reverse mode
/// gives it, when the function returns a scalar (the bound makes `gradient!` of any other
/// result the same error in both modes).
#[inline(always)]
pub fn scalar_gradient<X: ScalarArgument, T: Scalar>(_x: &X, value_and_tangent: (T, T)) -> (T, X) {
    let (value, tangent) = value_and_tangent;
    (value, X::from_f64(tangent.to_f64()))
}
