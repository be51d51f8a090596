//! [`Real`]: what generated code needs of a float type it does not know. A generic function
//! `fn f<T: Float>(x: T) -> T` (num-traits' `Float`) is differentiated with the extra bound
//! `T: Real`, which `f32` and `f64` meet, so every operator rule and float-method rule is
//! available for `T`.

use crate::float::FloatMethods;
use crate::forward::FloatForward;
use crate::ops::{AddRule, DivRule, MulRule, NegRule, RemRule, SubRule};
use crate::second::FloatSecond;
use ad_core::{Differentiable, Operand, TangentVector};

/// A float type with every derivative rule: `f32` or `f64`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not known to be `f32` or `f64`, the float types derivatives exist at",
    label = "derivatives need `f32` or `f64` here",
    note = "a generic impl of a trait marked `#[differentiable]` must hold only where its derivatives do: put `#[differentiable]` on the `impl` block, which bounds its parameters so"
)]
pub trait Real:
    Copy
    + TangentVector
    + Differentiable<TangentVector = Self>
    + Operand<Value = Self>
    + AddRule<Self, Output = Self>
    + SubRule<Self, Output = Self>
    + MulRule<Self, Output = Self>
    + DivRule<Self, Output = Self>
    + RemRule<Self, Output = Self>
    + NegRule<Output = Self>
    + FloatMethods
    + FloatForward
    + FloatSecond
    + crate::convert::ConversionTarget
    + crate::convert::ConversionSource<Tangent = Self>
{
}

impl Real for f32 {}
impl Real for f64 {}
