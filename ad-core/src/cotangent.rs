//! A called function's cotangent for one argument, made the caller's contribution to that
//! argument's adjoint.
//!
//! A function differentiates only some of its parameters: those `wrt` names, and not a
//! parameter the result does not depend on whose type the macro cannot see into (a struct of
//! settings). Its pullback returns [`NoTangent`] for the others. A caller may still pass a
//! differentiated value there (a struct of floats, one field of which selects a branch in
//! the callee); its adjoint then receives a zero of its own tangent type, which only the
//! caller's code determines. Generated code writes `(&Cotangent::new(ct)).into_adjoint()`:
//! method lookup tries `Cotangent<NoTangent>` (a zero of the type inference asks for) before
//! it takes a reference to reach `&Cotangent<T>` (the cotangent itself), the usual
//! "autoref specialisation" on a concrete type. In generic code, a cotangent of type
//! `Tangent<T>` is not `NoTangent` and is passed on.
//!
//! ```text
//! Original: y = f(c, x), where `f` holds `c` constant (`wrt` leaves it out)
//! Tangent:  ty = J_x tx (as `f` is written, ∂f/∂c is taken to be 0)
//! Adjoint:  adj[x] += J_xᵀ adj[y]; adj[c] += 0, a zero of `c`'s own tangent type
//! ```

use crate::{NoTangent, TangentVector};
use std::cell::Cell;

/// A cotangent on its way to an adjoint (see the module's documentation).
pub struct Cotangent<T>(Cell<Option<T>>);

impl<T> Cotangent<T> {
    /// Wraps `cotangent`.
    #[inline(always)]
    pub fn new(cotangent: T) -> Self {
        Cotangent(Cell::new(Some(cotangent)))
    }
}

/// The cotangent of a parameter the callee does not differentiate: a zero of the type the
/// caller's adjoint has.
pub trait ZeroOfConstant {
    /// The zero of the adjoint's tangent type.
    fn into_adjoint<X: TangentVector>(&self) -> X;
}

impl ZeroOfConstant for Cotangent<NoTangent> {
    #[inline(always)]
    fn into_adjoint<X: TangentVector>(&self) -> X {
        X::zero_vector()
    }
}

/// Any other cotangent: itself.
pub trait Itself<T> {
    /// The cotangent.
    fn into_adjoint(&self) -> T;
}

impl<T> Itself<T> for &Cotangent<T> {
    #[inline(always)]
    fn into_adjoint(&self) -> T {
        match self.0.take() {
            Some(cotangent) => cotangent,
            // `into_adjoint` is called once on each `Cotangent`, by the generated code.
            None => unreachable!("a cotangent taken twice"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_constant_parameter_contributes_a_zero_and_others_themselves() {
        let zero: Vec<f64> = (&Cotangent::new(NoTangent)).into_adjoint();
        assert!(zero.is_empty());
        let zero: f64 = (&Cotangent::new(NoTangent)).into_adjoint();
        assert_eq!(zero, 0.0);
        let itself: Vec<f64> = (&Cotangent::new(vec![1.0, 2.0])).into_adjoint();
        assert_eq!(itself, vec![1.0, 2.0]);
        let constant: NoTangent = (&Cotangent::new(NoTangent)).into_adjoint();
        assert_eq!(constant, NoTangent);
    }
}
