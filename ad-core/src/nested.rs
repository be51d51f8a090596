//! The inner derivative of a nested `gradient!` (or `differentiate!`) inside differentiable
//! code, by the argument's type: one second-order pass for a scalar, one per component for a
//! vector (`Vec`, array, ndarray array), the gradient assembled from them.
//!
//! The generated code (see `emit::nested` in `ad-compiler`) runs a pass for an inner direction
//! `seed` (`1` for a scalar, a unit tangent `e_i` for a vector); these functions say which
//! seeds there are and put the passes' numbers together: the gradient `D_i`, its tangent, the
//! partial derivatives `∂D_i/∂operand` a pullback needs, and the pullback's sum
//! `Σ_i u_i ∂D_i/∂operand`.
//!
//! Original: `D = ∇_y f(y, c)` at `y = a` (`c` the captured operands) / Tangent:
//! `tD_i = ∂²f/∂y_i∂(a, c) · (ta, tc)`, the `t12` of the pass with `t1 = e_i` and `t2 = (ta, tc)` /
//! Adjoint: `adj[operand_k] += Σ_i adj[D]_i ∂D_i/∂operand_k`, each `∂D_i/∂operand_k` a
//! tangent of the operand assembled from the passes with `t1 = e_i`, `t2 = e_j`.

use crate::basis::{Basis, components, units};
use crate::{Differentiable, TangentVector};

/// An argument of a nested `gradient!` inside differentiable code.
#[diagnostic::on_unimplemented(
    message = "a `gradient!` inside differentiable code takes an `f32`, `f64`, or a `Vec`, slice, array or ndarray array of floats, not `{Self}`",
    label = "the nested derivative with respect to this argument"
)]
pub trait NestedArgument {
    /// The argument's tangent, which is also its gradient's type (a reference's is its
    /// referent's).
    type Gradient;

    /// The gradient, component `i` being `pass(e_i)`.
    fn inner_gradient(&self, pass: impl FnMut(Self::Gradient) -> f64) -> Self::Gradient;

    /// The gradient and its tangent, component `i` being `pass(e_i)`.
    fn inner_gradient_and_tangent(
        &self,
        pass: impl FnMut(Self::Gradient) -> (f64, f64),
    ) -> (Self::Gradient, Self::Gradient);

    /// `per_unit(e_i)` for each inner direction, in order.
    fn inner_partials<T>(&self, per_unit: impl FnMut(Self::Gradient) -> T) -> Vec<T>;
}

/// `pullback`, whose parameter this types as the cotangent of `x`'s gradient (the closure's
/// parameter type comes from the bound it is checked against).
pub fn nested_pullback<X: NestedArgument + ?Sized, O, P: Fn(X::Gradient) -> O>(
    _x: &X,
    pullback: P,
) -> P {
    pullback
}

/// `Σ_i u_i partials[i]`: an operand's cotangent from the cotangent `u` of a nested gradient.
#[diagnostic::on_unimplemented(
    message = "a `gradient!` inside differentiable code takes an `f32`, `f64`, or a `Vec`, slice, array or ndarray array of floats, not one whose tangent is `{Self}`"
)]
pub trait NestedCotangent {
    /// `Σ_i self_i partials[i]`.
    fn spread<T: TangentVector>(&self, partials: &[T]) -> T;
}

macro_rules! scalar {
    ($($t:ty),*) => {$(
        impl NestedArgument for $t {
            type Gradient = $t;
            #[inline(always)]
            fn inner_gradient(&self, mut pass: impl FnMut($t) -> f64) -> $t {
                pass(1.0) as $t
            }
            #[inline(always)]
            fn inner_gradient_and_tangent(&self, mut pass: impl FnMut($t) -> (f64, f64)) -> ($t, $t) {
                let (value, tangent) = pass(1.0);
                (value as $t, tangent as $t)
            }
            fn inner_partials<T>(&self, mut per_unit: impl FnMut($t) -> T) -> Vec<T> {
                vec![per_unit(1.0)]
            }
        }

        impl NestedCotangent for $t {
            fn spread<T: TangentVector>(&self, partials: &[T]) -> T {
                partials[0].clone().scaled(f64::from(*self))
            }
        }
    )*};
}

scalar!(f32, f64);

/// The gradient over the units of `x`'s tangent, from one pass per unit.
fn by_units<X: Differentiable + ?Sized>(
    x: &X,
    mut pass: impl FnMut(X::TangentVector) -> f64,
) -> X::TangentVector
where
    X::TangentVector: Basis,
{
    crate::basis::assemble(&x.zero_tangent(), &mut pass)
}

fn by_units_with_tangent<X: Differentiable + ?Sized>(
    x: &X,
    mut pass: impl FnMut(X::TangentVector) -> (f64, f64),
) -> (X::TangentVector, X::TangentVector)
where
    X::TangentVector: Basis,
{
    let zero = x.zero_tangent();
    let (values, tangents): (Vec<f64>, Vec<f64>) = units(&zero).map(&mut pass).unzip();
    let (mut value, mut tangent) = (zero.clone(), zero);
    value.set_components(&mut values.into_iter());
    tangent.set_components(&mut tangents.into_iter());
    (value, tangent)
}

fn spread_by_components<U: Basis, T: TangentVector>(u: &U, partials: &[T]) -> T {
    let mut sum: Option<T> = None;
    for (u_i, partial) in components(u).into_iter().zip(partials) {
        let term = partial.clone().scaled(u_i);
        match &mut sum {
            Some(total) => total.add_assign(term),
            None => sum = Some(term),
        }
    }
    sum.unwrap_or_else(T::zero_vector)
}

/// A sequence argument: its gradient is its tangent, one pass per unit of it. For slices
/// too (`xs: &[f64]`, gradient a `Vec`).
macro_rules! sequence {
    ($([$($generics:tt)*] $ty:ty),* $(,)?) => {$(
        impl<$($generics)*> NestedArgument for $ty {
            type Gradient = <$ty as Differentiable>::TangentVector;
            fn inner_gradient(&self, pass: impl FnMut(Self::Gradient) -> f64) -> Self::Gradient {
                by_units(self, pass)
            }
            fn inner_gradient_and_tangent(
                &self,
                pass: impl FnMut(Self::Gradient) -> (f64, f64),
            ) -> (Self::Gradient, Self::Gradient) {
                by_units_with_tangent(self, pass)
            }
            fn inner_partials<T>(&self, per_unit: impl FnMut(Self::Gradient) -> T) -> Vec<T> {
                units(&self.zero_tangent()).map(per_unit).collect()
            }
        }
    )*};
}

/// The cotangent of a sequence's gradient: spread over the partials by its components.
macro_rules! sequence_cotangent {
    ($([$($generics:tt)*] $ty:ty),* $(,)?) => {$(
        impl<$($generics)*> NestedCotangent for $ty {
            fn spread<T: TangentVector>(&self, partials: &[T]) -> T {
                spread_by_components(self, partials)
            }
        }
    )*};
}

sequence!(
    [] Vec<f64>,
    [] Vec<f32>,
    [] [f64],
    [] [f32],
    [const N: usize] [f64; N],
    [const N: usize] [f32; N],
    [D: ndarray::Dimension] ndarray::Array<f64, D>,
    [D: ndarray::Dimension] ndarray::Array<f32, D>,
);

// (A slice's gradient is a `Vec`, whose cotangent is spread as a `Vec`'s.)
sequence_cotangent!(
    [] Vec<f64>,
    [] Vec<f32>,
    [const N: usize] [f64; N],
    [const N: usize] [f32; N],
    [D: ndarray::Dimension] ndarray::Array<f64, D>,
    [D: ndarray::Dimension] ndarray::Array<f32, D>,
);

impl<X: NestedArgument + ?Sized> NestedArgument for &X {
    type Gradient = X::Gradient;
    fn inner_gradient(&self, pass: impl FnMut(Self::Gradient) -> f64) -> Self::Gradient {
        (**self).inner_gradient(pass)
    }
    fn inner_gradient_and_tangent(
        &self,
        pass: impl FnMut(Self::Gradient) -> (f64, f64),
    ) -> (Self::Gradient, Self::Gradient) {
        (**self).inner_gradient_and_tangent(pass)
    }
    fn inner_partials<T>(&self, per_unit: impl FnMut(Self::Gradient) -> T) -> Vec<T> {
        (**self).inner_partials(per_unit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gradients_and_pullbacks_of_a_quadratic_form() {
        // f(x) = x0² + 3 x0 x1: D = (2 x0 + 3 x1, 3 x0); the pass for e_i gives D_i.
        let x = vec![1.0, 2.0];
        let d = |e: &Vec<f64>| (2.0 * x[0] + 3.0 * x[1]) * e[0] + 3.0 * x[0] * e[1];
        assert_eq!(x.inner_gradient(|e| d(&e)), vec![8.0, 3.0]);
        let (value, tangent) = x.inner_gradient_and_tangent(|e| (d(&e), 2.0 * e[0]));
        assert_eq!((value, tangent), (vec![8.0, 3.0], vec![2.0, 0.0]));
        // ∂D_i/∂x as rows of the Hessian, and the pullback u ↦ Hᵀ u.
        let rows = x.inner_partials(|e| {
            if e[0] == 1.0 {
                vec![2.0, 3.0]
            } else {
                vec![3.0, 0.0]
            }
        });
        assert_eq!(vec![1.0, 10.0].spread(&rows), vec![32.0, 3.0]);
        assert_eq!(2.0f64.inner_gradient(|e| 5.0 * e), 5.0);
        assert_eq!(0.5f64.spread(&[vec![2.0, 4.0]]), vec![1.0, 2.0]);
    }
}
