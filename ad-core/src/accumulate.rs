//! Helpers that generated pullbacks call to sum the contributions to an adjoint.
//!
//! A value used several times receives one contribution per use; the pullback adds them
//! (`adj[x] += ...`). A projection `t.K` of a tuple contributes only to component `K`, so its
//! contribution is a tuple that is zero elsewhere ([`from_component`]).

use crate::TangentVector;

/// `*slot += contribution`: sums a second (third, ...) contribution into an adjoint.
#[inline(always)]
pub fn add_into<T: TangentVector>(slot: &mut T, contribution: T) {
    slot.add_assign(contribution);
}

/// `adj += contribution` for an adjoint kept lazily as an `Option` (`None` is zero): the
/// adjoints of values whose contributions are conditional (made inside a branch).
#[inline(always)]
pub fn accumulate<T: TangentVector>(adjoint: &mut Option<T>, contribution: T) {
    match adjoint {
        Some(sum) => sum.add_assign(contribution),
        None => *adjoint = Some(contribution),
    }
}

/// The zero of a tangent type inferred from its use.
#[inline(always)]
pub fn zero<T: TangentVector>() -> T {
    T::zero()
}

/// A tuple tangent whose component `K` is `component` and whose other components are zero.
///
/// Original: `y = t.K` / Adjoint: `adj[t] += (0, .., adj[y], .., 0)`.
#[inline(always)]
pub fn from_component<const K: usize, T: FromComponent<K>>(component: T::Component) -> T {
    T::from_component(component)
}

/// Tuple tangents that can be built from one component and zeros: see [`from_component`].
#[diagnostic::on_unimplemented(
    message = "`.{K}` is taken of a value whose tangent `{Self}` is not a tuple with a component {K}"
)]
pub trait FromComponent<const K: usize>: TangentVector {
    /// The tangent type of component `K`.
    type Component;
    /// The tuple with `component` at `K` and zeros elsewhere.
    fn from_component(component: Self::Component) -> Self;
}

macro_rules! from_component_impls {
    ($( $all:tt => $($t:ident $i:tt),+ ;)*) => {$(
        $( from_component_impl!($all; $t $i); )+
    )*};
}

macro_rules! from_component_impl {
    ([$($all:ident),+]; $t:ident $i:tt) => {
        impl<$($all: TangentVector),+> FromComponent<$i> for ($($all,)+) {
            type Component = $t;
            fn from_component(component: $t) -> Self {
                let mut tuple = ($($all::zero(),)+);
                tuple.$i = component;
                tuple
            }
        }
    };
}

from_component_impls! {
    [A] => A 0;
    [A, B] => A 0, B 1;
    [A, B, C] => A 0, B 1, C 2;
    [A, B, C, D] => A 0, B 1, C 2, D 3;
    [A, B, C, D, E] => A 0, B 1, C 2, D 3, E 4;
    [A, B, C, D, E, F] => A 0, B 1, C 2, D 3, E 4, F 5;
    [A, B, C, D, E, F, G] => A 0, B 1, C 2, D 3, E 4, F 5, G 6;
    [A, B, C, D, E, F, G, H] => A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn from_component_puts_the_value_in_its_slot() {
        let t: (f64, f64, f64) = from_component::<1, _>(2.5);
        assert_eq!(t, (0.0, 2.5, 0.0));
        let u: (f32, Vec<f64>) = from_component::<0, _>(1.5);
        assert_eq!(u, (1.5, vec![]));
    }

    #[test]
    fn add_into_sums_and_treats_empty_vectors_as_zero() {
        let mut a = vec![];
        add_into(&mut a, vec![1.0, 2.0]);
        add_into(&mut a, vec![0.5, 0.5]);
        add_into(&mut a, zero());
        assert_eq!(a, vec![1.5, 2.5]);
    }
}
