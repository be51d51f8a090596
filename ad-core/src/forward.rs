//! What generated forward-mode code passes for an argument's tangent.
//!
//! A caller does not know which parameters of a callee are differentiated, and a constant
//! argument has no tangent worth building (a zero `Vec` as long as the data). So a generated
//! `forward` takes each tangent as `impl MaybeTangent<T>`: the caller passes [`Present`] with
//! the tangent of an active argument, or [`Absent`] for a constant one, and the callee makes
//! a zero only where it needs one.

use crate::{Differentiable, TangentVector};

/// A tangent passed to a forward derivative, or the statement that it is zero.
pub trait MaybeTangent<T> {
    /// The tangent, or `zero()` when absent.
    fn or_zero(self, zero: impl FnOnce() -> T) -> T;
    /// `f(tangent)`, or `absent` when there is none.
    fn map_or<R>(self, absent: R, f: impl FnOnce(T) -> R) -> R;
}

/// The tangent of an active argument.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Present<T>(pub T);

/// The tangent of a constant argument: zero.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Absent;

impl<T> MaybeTangent<T> for Present<T> {
    #[inline(always)]
    fn or_zero(self, _zero: impl FnOnce() -> T) -> T {
        self.0
    }
    #[inline(always)]
    fn map_or<R>(self, _absent: R, f: impl FnOnce(T) -> R) -> R {
        f(self.0)
    }
}

impl<T> MaybeTangent<T> for Absent {
    #[inline(always)]
    fn or_zero(self, zero: impl FnOnce() -> T) -> T {
        zero()
    }
    #[inline(always)]
    fn map_or<R>(self, absent: R, _f: impl FnOnce(T) -> R) -> R {
        absent
    }
}

/// The zero of a float's tangent, of the float's own type: for a float whose type rustc has
/// not decided yet (`let mut s = 0.0;`), which a method call could not be resolved on.
#[inline(always)]
pub fn same_type_zero<T: TangentVector>(_value: &T) -> T {
    T::zero_vector()
}

/// The zero of `value`'s tangent type, without `value`'s shape: the start of a tangent built
/// from parts (a struct literal's fields), typed by the value it belongs to.
#[inline(always)]
pub fn unshaped_zero<T: Differentiable + ?Sized>(_value: &T) -> T::TangentVector {
    T::TangentVector::zero_vector()
}

/// The identity on the tangents of `value`'s type: kept by a pullback to fix the type of an
/// adjoint that nothing else fixes (a struct literal of a generic struct, whose tangent struct
/// cannot be named without the struct's type arguments).
#[inline(always)]
pub fn tangent_witness<V: Differentiable + ?Sized>(
    _value: &V,
) -> fn(V::TangentVector) -> V::TangentVector {
    |t| t
}

/// The tangent given for a parameter, or the parameter's zero tangent when absent.
#[inline(always)]
pub fn tangent_or_zero<V: Differentiable + ?Sized>(
    given: impl MaybeTangent<V::TangentVector>,
    value: &V,
) -> V::TangentVector {
    given.or_zero(|| value.zero_tangent())
}

/// The argument of `differentiate!`: a scalar, seeded with `1`. (`crate::seed::Scalar` does
/// the same for a result, with a message about `gradient!`; this one's message is about
/// `differentiate!`'s argument.)
#[diagnostic::on_unimplemented(
    message = "`differentiate!` takes one `f32` or `f64` argument, not `{Self}`",
    label = "the derivative with respect to this argument",
    note = "for other arguments, use `value_with_differential!(at: x, of: f)` and call the differential with a tangent of `x`, or `jacobian!` for `Vec<f64>`, `[f64; N]` and `Array1<f64>`"
)]
pub trait ScalarArgument: Sized {
    /// `1`.
    fn one() -> Self;
    /// The nearest value to `x` (a derivative computed in the result's float type).
    fn from_f64(x: f64) -> Self;
}

impl ScalarArgument for f32 {
    fn one() -> Self {
        1.0
    }
    fn from_f64(x: f64) -> Self {
        x as f32
    }
}

impl ScalarArgument for f64 {
    fn one() -> Self {
        1.0
    }
    fn from_f64(x: f64) -> Self {
        x
    }
}

/// The seed `1` of a scalar argument.
#[inline(always)]
pub fn argument_seed<T: ScalarArgument>(_x: &T) -> T {
    T::one()
}

/// The second-order tangent `(t1, t2, t12)` given for a parameter, or three zero tangents.
#[inline(always)]
pub fn second_or_zero<V: Differentiable + ?Sized>(
    given: impl MaybeTangent<(V::TangentVector, V::TangentVector, V::TangentVector)>,
    value: &V,
) -> (V::TangentVector, V::TangentVector, V::TangentVector) {
    given.or_zero(|| {
        let zero = value.zero_tangent();
        (zero.clone(), zero.clone(), zero)
    })
}

/// `partial` scaled by the scalar `cotangent`: the cotangent of an operand of a nested
/// derivative (see `ad-compiler`'s `emit::nested`). Typing the cotangent from the result
/// keeps the pullback closure's parameter type known.
#[inline(always)]
pub fn scaled_by<C: crate::hessian::ScalarResult, T: TangentVector>(
    cotangent: C,
    partial: &T,
) -> T {
    partial.clone().scaled(cotangent.to_f64())
}

/// A second-order tangent `(t1, t2, t12)` of a value of type `V`.
pub type SecondTangent<V> = (
    <V as Differentiable>::TangentVector,
    <V as Differentiable>::TangentVector,
    <V as Differentiable>::TangentVector,
);

/// `(value, tangents)`, typing second-order tangents after their value.
#[inline(always)]
pub fn with_second_tangent<V: Differentiable>(
    value: V,
    tangents: SecondTangent<V>,
) -> (V, SecondTangent<V>) {
    (value, tangents)
}
