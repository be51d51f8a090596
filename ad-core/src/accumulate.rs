//! Helpers that generated pullbacks call to sum the contributions to an adjoint.
//!
//! A value used several times receives one contribution per use; the pullback adds them
//! (`adj[x] += ...`); an adjoint kept as an `Option` (`None` is zero) accumulates with
//! [`accumulate`].

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
    T::zero_vector()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn add_into_sums_and_treats_empty_vectors_as_zero() {
        let mut a = vec![];
        add_into(&mut a, vec![1.0, 2.0]);
        add_into(&mut a, vec![0.5, 0.5]);
        add_into(&mut a, zero());
        assert_eq!(a, vec![1.5, 2.5]);
    }
}
