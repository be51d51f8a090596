//! Filling a whole differentiated sequence in place: `v.fill(x)` on a `Vec` or an ndarray
//! array. Differentiable code computes the new version of `v` with [`Fill`], as for any
//! other write to a local.
//!
//! Original: `v' = [x; n]` / Tangent: `tv' = [tx; n]` / Adjoint: `adj[x] += Σₖ adj[v']ₖ`,
//! `adj[v]` gets nothing (every element was overwritten).

use crate::second::Second;
use ad_core::forward::MaybeTangent;
use ad_core::{Differentiable, TangentVector};

/// The new version of a sequence written whole, with its derivatives in the three modes.
pub trait Fill<T: Differentiable>: Differentiable + Sized {
    /// `self` with every element `x`.
    fn filled(self, x: T) -> Self;
    /// Reverse mode of [`filled`](Self::filled).
    #[allow(
        clippy::type_complexity,
        reason = "the contract generated code relies on"
    )]
    fn __ad_vjp_filled(
        &self,
        x: T,
    ) -> (
        Self,
        impl Fn(Self::TangentVector) -> (Self::TangentVector, T::TangentVector) + use<Self, T>,
    );
    /// Forward mode of [`filled`](Self::filled).
    fn __ad_fwd_filled(
        &self,
        x: T,
        t: impl MaybeTangent<Self::TangentVector>,
        t_x: impl MaybeTangent<T::TangentVector>,
    ) -> (Self, Self::TangentVector);
    /// Second order of [`filled`](Self::filled) (linear).
    fn __ad_hvp_filled(
        &self,
        x: T,
        t: impl MaybeTangent<Second<Self::TangentVector>>,
        t_x: impl MaybeTangent<Second<T::TangentVector>>,
    ) -> (Self, Second<Self::TangentVector>);
}

/// The tangent of a sequence of `n` copies of `t`.
fn copies<T: Clone>(t: T, n: usize) -> Vec<T> {
    vec![t; n]
}

impl<T: Differentiable + Clone> Fill<T> for Vec<T> {
    fn filled(self, x: T) -> Self {
        copies(x, self.len())
    }

    fn __ad_vjp_filled(
        &self,
        x: T,
    ) -> (
        Self,
        impl Fn(Vec<T::TangentVector>) -> (Vec<T::TangentVector>, T::TangentVector) + use<T>,
    ) {
        let n = self.len();
        let pullback = move |d: Vec<T::TangentVector>| {
            let sum = d
                .into_iter()
                .fold(T::TangentVector::zero_vector(), TangentVector::add);
            (Vec::new(), sum)
        };
        (copies(x, n), pullback)
    }

    fn __ad_fwd_filled(
        &self,
        x: T,
        _t: impl MaybeTangent<Vec<T::TangentVector>>,
        t_x: impl MaybeTangent<T::TangentVector>,
    ) -> (Self, Vec<T::TangentVector>) {
        let n = self.len();
        (copies(x, n), t_x.map_or(Vec::new(), |t| copies(t, n)))
    }

    fn __ad_hvp_filled(
        &self,
        x: T,
        _t: impl MaybeTangent<Second<Vec<T::TangentVector>>>,
        t_x: impl MaybeTangent<Second<T::TangentVector>>,
    ) -> (Self, Second<Vec<T::TangentVector>>) {
        let n = self.len();
        let tangents = t_x.map_or((Vec::new(), Vec::new(), Vec::new()), |(t1, t2, t12)| {
            (copies(t1, n), copies(t2, n), copies(t12, n))
        });
        (copies(x, n), tangents)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ad_core::forward::{Absent, Present};

    #[test]
    fn a_filled_vector_sends_its_cotangents_to_the_value() {
        let v = vec![1.0, 2.0, 3.0];
        let (filled, pullback) = v.__ad_vjp_filled(0.5);
        assert_eq!(filled, vec![0.5; 3]);
        let (adj_v, adj_x) = pullback(vec![1.0, 2.0, 4.0]);
        assert_eq!(adj_x, 7.0);
        assert!(
            adj_v.is_empty(),
            "the old elements were overwritten: a zero adjoint"
        );
        let (_, tangent) = v.__ad_fwd_filled(0.5, Absent, Present(3.0));
        assert_eq!(tangent, vec![3.0; 3]);
    }
}

/// `a.fill(x)` on an ndarray array of floats: every element `x`.
macro_rules! fill_arrays {
    ($($f:ty),*) => {$(
        impl<D: ndarray::Dimension> Fill<$f> for ndarray::Array<$f, D> {
            fn filled(self, x: $f) -> Self {
                ndarray::Array::from_elem(self.raw_dim(), x)
            }

            fn __ad_vjp_filled(
                &self,
                x: $f,
            ) -> (Self, impl Fn(Self) -> (Self, $f) + use<D>) {
                let value = ndarray::Array::from_elem(self.raw_dim(), x);
                // (The old elements were overwritten: a length-less zero for them.)
                let pullback = |d: Self| (<Self as TangentVector>::zero_vector(), d.sum());
                (value, pullback)
            }

            fn __ad_fwd_filled(
                &self,
                x: $f,
                _t: impl MaybeTangent<Self>,
                t_x: impl MaybeTangent<$f>,
            ) -> (Self, Self) {
                let shape = self.raw_dim();
                let tangent = ndarray::Array::from_elem(shape.clone(), t_x.or_zero(|| 0.0));
                (ndarray::Array::from_elem(shape, x), tangent)
            }

            fn __ad_hvp_filled(
                &self,
                x: $f,
                _t: impl MaybeTangent<Second<Self>>,
                t_x: impl MaybeTangent<Second<$f>>,
            ) -> (Self, Second<Self>) {
                let shape = self.raw_dim();
                let (t1, t2, t12) = t_x.or_zero(|| (0.0, 0.0, 0.0));
                let filled = |t: $f| ndarray::Array::from_elem(shape.clone(), t);
                (filled(x), (filled(t1), filled(t2), filled(t12)))
            }
        }
    )*};
}

fill_arrays!(f32, f64);

#[cfg(test)]
mod array_tests {
    use super::*;
    use ad_core::forward::{Absent, Present};

    #[test]
    fn a_filled_array_sends_the_sum_of_its_cotangent_to_the_value() {
        let a = ndarray::Array2::<f64>::zeros((2, 3));
        let (filled, pullback) = a.__ad_vjp_filled(1.5);
        assert_eq!(filled, ndarray::Array2::from_elem((2, 3), 1.5));
        let (_, dx) = pullback(ndarray::Array2::from_elem((2, 3), 2.0));
        assert_eq!(dx, 12.0);
        let (_, tangent) = a.__ad_fwd_filled(1.5, Absent, Present(0.5));
        assert_eq!(tangent, ndarray::Array2::from_elem((2, 3), 0.5));
    }
}
