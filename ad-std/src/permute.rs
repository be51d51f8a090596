//! Sorting differentiated values. `v.sort_by(compare)` in differentiable code is the
//! permutation that sorts `v` (found from the values by the user's comparison: a constant,
//! no derivative flows through it) applied to `v`; derivatives follow the elements, so the
//! sorted order is a constant and a median or a sorted sum differentiates as the elements
//! at those positions do.
//!
//! Original: `y = v ∘ p` (`y[k] = v[p[k]]`) / Tangent: `ty[k] = tv[p[k]]` /
//! Adjoint: `adj[v][p[k]] += adj[y][k]`.
//!
//! Equal elements keep their order (a stable sort); `sort_unstable_by` may order them
//! differently in the original function, which gives the same values and moves the
//! derivative of one tied element to another (the tie convention of a sort).

use crate::second::Second;
use ad_core::forward::MaybeTangent;
use ad_core::{Differentiable, NoTangent, TangentVector};
use std::cmp::Ordering;

/// The permutation that sorts `v` by `compare`: `p[k]` is the position in `v` of the `k`-th
/// element of the sorted sequence.
pub fn sort_permutation<T>(v: &[T], mut compare: impl FnMut(&T, &T) -> Ordering) -> Vec<usize> {
    let mut permutation: Vec<usize> = (0..v.len()).collect();
    permutation.sort_by(|&i, &j| compare(&v[i], &v[j]));
    permutation
}

/// The permutation `v.select_nth_unstable_by(k, compare)` applies to `v`: the same
/// algorithm run on the positions, comparing the values they hold, makes the same moves.
pub fn select_nth_permutation<T>(
    v: &[T],
    k: usize,
    mut compare: impl FnMut(&T, &T) -> Ordering,
) -> Vec<usize> {
    let mut permutation: Vec<usize> = (0..v.len()).collect();
    permutation.select_nth_unstable_by(k, |&i, &j| compare(&v[i], &v[j]));
    permutation
}

/// `v` permuted (`y[k] = v[p[k]]`), with its derivatives in the three modes.
pub trait Permute: Differentiable + Sized {
    /// `y[k] = self[p[k]]`.
    fn permuted(self, p: Vec<usize>) -> Self;
    /// Reverse mode; the permutation has no cotangent.
    #[allow(
        clippy::type_complexity,
        reason = "the contract generated code relies on"
    )]
    fn __ad_vjp_permuted(
        &self,
        p: Vec<usize>,
    ) -> (
        Self,
        impl Fn(Self::TangentVector) -> (Self::TangentVector, NoTangent) + use<Self>,
    );
    /// Forward mode.
    fn __ad_fwd_permuted(
        &self,
        p: Vec<usize>,
        t: impl MaybeTangent<Self::TangentVector>,
        t_p: impl MaybeTangent<NoTangent>,
    ) -> (Self, Self::TangentVector);
    /// Second order (linear).
    fn __ad_hvp_permuted(
        &self,
        p: Vec<usize>,
        t: impl MaybeTangent<Second<Self::TangentVector>>,
        t_p: impl MaybeTangent<Second<NoTangent>>,
    ) -> (Self, Second<Self::TangentVector>);
}

/// `y[k] = v[p[k]]` for any vector (a length-less zero tangent stays one).
fn gather<T: Clone>(v: &[T], p: &[usize]) -> Vec<T> {
    if v.is_empty() {
        return Vec::new();
    }
    p.iter().map(|&i| v[i].clone()).collect()
}

impl<T: Differentiable + Clone> Permute for Vec<T> {
    fn permuted(self, p: Vec<usize>) -> Self {
        gather(&self, &p)
    }

    fn __ad_vjp_permuted(
        &self,
        p: Vec<usize>,
    ) -> (
        Self,
        impl Fn(Vec<T::TangentVector>) -> (Vec<T::TangentVector>, NoTangent) + use<T>,
    ) {
        let value = gather(self, &p);
        let pullback = move |d: Vec<T::TangentVector>| {
            if d.is_empty() {
                return (Vec::new(), NoTangent);
            }
            let mut adjoint = vec![T::TangentVector::zero_vector(); d.len()];
            for (k, dk) in d.into_iter().enumerate() {
                adjoint[p[k]] = dk;
            }
            (adjoint, NoTangent)
        };
        (value, pullback)
    }

    fn __ad_fwd_permuted(
        &self,
        p: Vec<usize>,
        t: impl MaybeTangent<Vec<T::TangentVector>>,
        _t_p: impl MaybeTangent<NoTangent>,
    ) -> (Self, Vec<T::TangentVector>) {
        let tangent = t.map_or(Vec::new(), |t| gather(&t, &p));
        (gather(self, &p), tangent)
    }

    fn __ad_hvp_permuted(
        &self,
        p: Vec<usize>,
        t: impl MaybeTangent<Second<Vec<T::TangentVector>>>,
        _t_p: impl MaybeTangent<Second<NoTangent>>,
    ) -> (Self, Second<Vec<T::TangentVector>>) {
        let (t1, t2, t12) = t.or_zero(|| (Vec::new(), Vec::new(), Vec::new()));
        let tangents = (gather(&t1, &p), gather(&t2, &p), gather(&t12, &p));
        (gather(self, &p), tangents)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ad_core::forward::{Absent, Present};

    #[test]
    fn selection_moves_the_values_as_the_original_does() {
        let v = vec![0.3, -1.0, 2.5, 0.0, 7.0, -3.0, 1.5];
        for k in 0..v.len() {
            let p = select_nth_permutation(&v, k, |a: &f64, b: &f64| a.total_cmp(b));
            let mut selected = v.clone();
            selected.select_nth_unstable_by(k, |a, b| a.total_cmp(b));
            assert_eq!(v.clone().permuted(p), selected);
        }
    }

    #[test]
    fn the_permutation_sorts_and_the_derivatives_follow_the_elements() {
        let v = vec![0.3, -1.0, 2.5, 0.0];
        let p = sort_permutation(&v, |a: &f64, b: &f64| a.total_cmp(b));
        assert_eq!(p, vec![1, 3, 0, 2]);
        let (sorted, pullback) = v.__ad_vjp_permuted(p.clone());
        assert_eq!(sorted, vec![-1.0, 0.0, 0.3, 2.5]);
        // The cotangent of sorted position k goes back to the element that landed there.
        let (adjoint, _) = pullback(vec![1.0, 2.0, 3.0, 4.0]);
        assert_eq!(adjoint, vec![3.0, 1.0, 4.0, 2.0]);
        let (_, tangent) =
            v.__ad_fwd_permuted(p.clone(), Present(vec![10.0, 20.0, 30.0, 40.0]), Absent);
        assert_eq!(tangent, vec![20.0, 40.0, 10.0, 30.0]);
        // <adj, t> = <d, J t>: the permutation's transpose is its inverse.
        let lhs: f64 = adjoint
            .iter()
            .zip([10.0, 20.0, 30.0, 40.0])
            .map(|(a, b)| a * b)
            .sum();
        let rhs: f64 = [1.0, 2.0, 3.0, 4.0]
            .iter()
            .zip(&tangent)
            .map(|(a, b)| a * b)
            .sum();
        assert_eq!(lhs, rhs);
    }
}
