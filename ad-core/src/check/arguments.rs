//! The arguments of a checked function as one value, and the cotangents its pullback gives
//! them.
//!
//! `check_gradient!(at: x, n, &w, of: f)` keeps an owned copy of its arguments as a tuple
//! `(x, n, w)`, and the pullback of `f` gives one cotangent per argument: the argument's
//! tangent for a differentiated one, `NoTangent` for a constant (an integer, or a parameter
//! left out of `wrt`), even where the argument's own type could vary. So the cotangents are not
//! `Tangent<(X, N, W)>`, and the check moves each argument by its own slot, through the slot's
//! components ([`Basis`]): an empty slot leaves its argument unchanged.

use crate::basis::{Basis, components};
use crate::{Differentiable, Tangent};

/// A tuple of arguments (`(x,)` for one): the point where a function is checked.
pub trait Arguments: Clone {
    /// The number of components of each argument's tangent, in order.
    fn tangent_lengths(&self) -> Vec<usize>;

    /// The arguments, each moved by its step (an argument's components, in [`Basis`] order);
    /// an argument with an empty step stays where it is.
    fn moved(&self, steps: &[&[f64]]) -> Self;
}

/// The cotangents a pullback gives a tuple of arguments, one slot per argument.
pub trait Slots: Basis {
    /// The number of components of each slot, in order (0 for `NoTangent`).
    fn slot_lengths(&self) -> Vec<usize>;
}

/// `argument + step`, with `step` the components of a tangent of `argument`.
fn moved<A: Differentiable + Clone>(argument: &A, step: &[f64]) -> A
where
    Tangent<A>: Basis,
{
    let mut moved = argument.clone();
    if !step.is_empty() {
        let mut tangent = argument.zero_tangent();
        tangent.set_components(&mut step.iter().copied());
        moved.move_by(&tangent);
    }
    moved
}

macro_rules! tuple_arguments {
    ($(($($t:ident $i:tt),+))*) => {$(
        impl<$($t: Differentiable + Clone),+> Arguments for ($($t,)+)
        where
            $(Tangent<$t>: Basis,)+
        {
            fn tangent_lengths(&self) -> Vec<usize> {
                vec![$(components(&self.$i.zero_tangent()).len()),+]
            }

            fn moved(&self, steps: &[&[f64]]) -> Self {
                ($(moved(&self.$i, steps.get($i).copied().unwrap_or(&[])),)+)
            }
        }

        impl<$($t: Basis),+> Slots for ($($t,)+) {
            fn slot_lengths(&self) -> Vec<usize> {
                vec![$(components(&self.$i).len()),+]
            }
        }
    )*};
}

for_each_tuple_arity!(tuple_arguments);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::NoTangent;

    #[test]
    fn each_argument_moves_by_its_own_slot() {
        let point = (1.0f64, 3i32, vec![1.0f64, 2.0]);
        assert_eq!(point.tangent_lengths(), vec![1, 0, 2]);
        let slots = (0.5f64, NoTangent, vec![0.25f64, -1.0]);
        assert_eq!(slots.slot_lengths(), vec![1, 0, 2]);
        let moved = point.moved(&[&[0.5], &[], &[0.25, -1.0]]);
        assert_eq!(moved, (1.5, 3, vec![1.25, 1.0]));
        // A differentiable argument with an empty slot (left out of `wrt`) stays put.
        assert_eq!((2.0f64,).moved(&[&[]]), (2.0,));
    }
}
