//! [ndarray](https://docs.rs/ndarray) as `ad` uses it: everything of the `ndarray` crate,
//! plus the derivatives of its free functions [`concatenate`](fn@concatenate),
//! [`stack`](fn@stack), [`arr1`](fn@arr1) and [`arr2`](fn@arr2) (of array literals).
//!
//! A free function's derivative is found next to the function's name (see
//! [registering derivatives](crate::guide::registering)), and these live here: differentiable
//! code that names them through `ndarray` itself (`ndarray::concatenate(..)`, or
//! `use ndarray::concatenate;`) is
//! pointed here by the attribute. Their derivative code takes the parts as owned arrays: `&[a.view(), b.view()]`
//! is read as `&[a.to_owned(), b.to_owned()]` there. ndarray returns a `Result` (the shapes
//! may not fit); derivative code gets an `Option`, so `.unwrap()` reads the same.

pub use ::ndarray::*;

/// The derivatives of [`concatenate`](fn@concatenate) (generated code calls them).
#[doc(hidden)]
pub mod concatenate {
    use super::*;
    /// What a forward-mode call stands for (see `ad_core::output_hint`): nothing to add here.
    pub fn original<T, P, R>(_axis: T, _parts: P) -> R {
        unreachable!("a call in `output_of` is never run")
    }
    use crate::__private::{MaybeTangent, NoTangent};
    use ad_std::second::Second;

    /// `concatenate` of owned parts: `None` where ndarray gives an error.
    fn joined<F: NdFloat, D: RemoveAxis>(axis: Axis, parts: &[Array<F, D>]) -> Option<Array<F, D>> {
        let views: Vec<ArrayView<F, D>> = parts.iter().map(|a| a.view()).collect();
        super::concatenate(axis, &views).ok()
    }

    /// Reverse mode: the cotangent of each part is its slice of the result's.
    ///
    /// Original: `y = [a | b | ..]` along `axis` / Tangent: `ty = [ta | tb | ..]` /
    /// Adjoint: `adj[a] += adj[y][a's range]`.
    #[allow(
        clippy::type_complexity,
        reason = "the contract generated code relies on"
    )]
    pub fn vjp<F: NdFloat, D: RemoveAxis, const N: usize>(
        axis: Axis,
        parts: &[Array<F, D>; N],
    ) -> (
        Option<Array<F, D>>,
        impl Fn(Option<Array<F, D>>) -> (NoTangent, [Array<F, D>; N]) + use<F, D, N>,
    ) {
        let shapes = parts.each_ref().map(|a| a.raw_dim());
        let mut start = 0;
        let ranges = parts.each_ref().map(|a| {
            start += a.len_of(axis);
            start - a.len_of(axis)..start
        });
        (joined(axis, parts), move |d: Option<Array<F, D>>| {
            let parts = std::array::from_fn(|k| match &d {
                Some(d) => d
                    .slice_axis(axis, Slice::from(ranges[k].clone()))
                    .to_owned(),
                None => Array::zeros(shapes[k].clone()),
            });
            (NoTangent, parts)
        })
    }

    /// Forward mode (linear): the tangents concatenated like the parts.
    #[allow(
        clippy::type_complexity,
        reason = "the contract generated code relies on"
    )]
    pub fn forward<F: NdFloat, D: RemoveAxis, const N: usize>(
        axis: Axis,
        parts: &[Array<F, D>; N],
        _t_axis: impl MaybeTangent<NoTangent>,
        t: impl MaybeTangent<[Array<F, D>; N]>,
    ) -> (Option<Array<F, D>>, Option<Array<F, D>>) {
        let value = joined(axis, parts);
        let zero = value.as_ref().map(|v| v * F::zero());
        (value, t.map_or(zero, |t| joined(axis, &t)))
    }

    /// Second order (linear): each component concatenated.
    #[allow(
        clippy::type_complexity,
        reason = "the contract generated code relies on"
    )]
    pub fn second<F: NdFloat, D: RemoveAxis, const N: usize>(
        axis: Axis,
        parts: &[Array<F, D>; N],
        _t_axis: impl MaybeTangent<Second<NoTangent>>,
        t: impl MaybeTangent<Second<[Array<F, D>; N]>>,
    ) -> (Option<Array<F, D>>, Second<Option<Array<F, D>>>) {
        let value = joined(axis, parts);
        let zero = || value.as_ref().map(|v| v * F::zero());
        let tangent = t.map_or((zero(), zero(), zero()), |(a, b, ab)| {
            (joined(axis, &a), joined(axis, &b), joined(axis, &ab))
        });
        (value, tangent)
    }
}

/// The derivatives of [`stack`](fn@stack) (generated code calls them).
#[doc(hidden)]
pub mod stack {
    use super::*;
    /// What a forward-mode call stands for (see `ad_core::output_hint`): nothing to add here.
    pub fn original<T, P, R>(_axis: T, _parts: P) -> R {
        unreachable!("a call in `output_of` is never run")
    }
    use crate::__private::{MaybeTangent, NoTangent};
    use ad_std::second::Second;

    /// `stack` of owned parts: `None` where ndarray gives an error.
    fn stacked<F: NdFloat, D: Dimension>(
        axis: Axis,
        parts: &[Array<F, D>],
    ) -> Option<Array<F, D::Larger>>
    where
        D::Larger: RemoveAxis,
    {
        let views: Vec<ArrayView<F, D>> = parts.iter().map(|a| a.view()).collect();
        super::stack(axis, &views).ok()
    }

    /// Reverse mode: the cotangent of part `k` is the result's at index `k` of the new axis.
    ///
    /// Original: `y[.., k, ..] = part_k` / Tangent: `ty[.., k, ..] = t_part_k` /
    /// Adjoint: `adj[part_k] += adj[y][.., k, ..]`.
    #[allow(
        clippy::type_complexity,
        reason = "the contract generated code relies on"
    )]
    pub fn vjp<F: NdFloat, D: Dimension, const N: usize>(
        axis: Axis,
        parts: &[Array<F, D>; N],
    ) -> (
        Option<Array<F, D::Larger>>,
        impl Fn(Option<Array<F, D::Larger>>) -> (NoTangent, [Array<F, D>; N]) + use<F, D, N>,
    )
    where
        D::Larger: RemoveAxis,
    {
        let shapes = parts.each_ref().map(|a| a.raw_dim());
        (
            stacked(axis, parts),
            move |d: Option<Array<F, D::Larger>>| {
                let parts = std::array::from_fn(|k| {
                    let part = d.as_ref().and_then(|d| {
                        d.index_axis(axis, k)
                            .to_owned()
                            .into_dimensionality::<D>()
                            .ok()
                    });
                    part.unwrap_or_else(|| Array::zeros(shapes[k].clone()))
                });
                (NoTangent, parts)
            },
        )
    }

    /// Forward mode (linear): the tangents stacked like the parts.
    #[allow(
        clippy::type_complexity,
        reason = "the contract generated code relies on"
    )]
    pub fn forward<F: NdFloat, D: Dimension, const N: usize>(
        axis: Axis,
        parts: &[Array<F, D>; N],
        _t_axis: impl MaybeTangent<NoTangent>,
        t: impl MaybeTangent<[Array<F, D>; N]>,
    ) -> (Option<Array<F, D::Larger>>, Option<Array<F, D::Larger>>)
    where
        D::Larger: RemoveAxis,
    {
        let value = stacked(axis, parts);
        let zero = value.as_ref().map(|v| v * F::zero());
        (value, t.map_or(zero, |t| stacked(axis, &t)))
    }

    /// Second order (linear): each component stacked.
    #[allow(
        clippy::type_complexity,
        reason = "the contract generated code relies on"
    )]
    pub fn second<F: NdFloat, D: Dimension, const N: usize>(
        axis: Axis,
        parts: &[Array<F, D>; N],
        _t_axis: impl MaybeTangent<Second<NoTangent>>,
        t: impl MaybeTangent<Second<[Array<F, D>; N]>>,
    ) -> (
        Option<Array<F, D::Larger>>,
        Second<Option<Array<F, D::Larger>>>,
    )
    where
        D::Larger: RemoveAxis,
    {
        let value = stacked(axis, parts);
        let zero = || value.as_ref().map(|v| v * F::zero());
        let tangent = t.map_or((zero(), zero(), zero()), |(a, b, ab)| {
            (stacked(axis, &a), stacked(axis, &b), stacked(axis, &ab))
        });
        (value, tangent)
    }
}

/// The derivatives of [`arr1`](fn@arr1) of an array literal `&[a, b, ..]` (generated code
/// calls them).
#[doc(hidden)]
pub mod arr1 {
    use super::*;
    use crate::__private::MaybeTangent;
    use ad_std::second::Second;

    /// What a forward-mode call stands for (see `ad_core::output_hint`): nothing to add here.
    pub fn original<P, R>(_elements: P) -> R {
        unreachable!("a call in `output_of` is never run")
    }

    /// Reverse mode.
    ///
    /// Original: `y_i = x_i` / Tangent: `ty_i = tx_i` / Adjoint: `adj[x_i] += adj[y]_i`.
    #[allow(
        clippy::type_complexity,
        reason = "the contract generated code relies on"
    )]
    pub fn vjp<F: NdFloat, const N: usize>(
        elements: &[F; N],
    ) -> (Array1<F>, impl Fn(Array1<F>) -> ([F; N],) + use<F, N>) {
        (super::arr1(elements), |d: Array1<F>| {
            (std::array::from_fn(|i| d[i]),)
        })
    }

    /// Forward mode (linear).
    pub fn forward<F: NdFloat, const N: usize>(
        elements: &[F; N],
        t: impl MaybeTangent<[F; N]>,
    ) -> (Array1<F>, Array1<F>) {
        let tangent = t.map_or(Array1::zeros(N), |t| super::arr1(&t));
        (super::arr1(elements), tangent)
    }

    /// Second order (linear).
    pub fn second<F: NdFloat, const N: usize>(
        elements: &[F; N],
        t: impl MaybeTangent<Second<[F; N]>>,
    ) -> (Array1<F>, Second<Array1<F>>) {
        let zero = || Array1::zeros(N);
        let tangent = t.map_or((zero(), zero(), zero()), |(a, b, ab)| {
            (super::arr1(&a), super::arr1(&b), super::arr1(&ab))
        });
        (super::arr1(elements), tangent)
    }
}

/// The derivatives of [`arr2`](fn@arr2) of a nested array literal `&[[a, b], [c, d], ..]`
/// (generated code calls them).
#[doc(hidden)]
pub mod arr2 {
    use super::*;
    use crate::__private::MaybeTangent;
    use ad_std::second::Second;

    /// What a forward-mode call stands for (see `ad_core::output_hint`): nothing to add here.
    pub fn original<P, R>(_rows: P) -> R {
        unreachable!("a call in `output_of` is never run")
    }

    /// Reverse mode.
    ///
    /// Original: `y_ij = x_ij` / Tangent: `ty_ij = tx_ij` / Adjoint: `adj[x_ij] += adj[y]_ij`.
    #[allow(
        clippy::type_complexity,
        reason = "the contract generated code relies on"
    )]
    pub fn vjp<F: NdFloat, const N: usize, const M: usize>(
        rows: &[[F; N]; M],
    ) -> (
        Array2<F>,
        impl Fn(Array2<F>) -> ([[F; N]; M],) + use<F, N, M>,
    ) {
        (super::arr2(rows), |d: Array2<F>| {
            (std::array::from_fn(|i| std::array::from_fn(|j| d[[i, j]])),)
        })
    }

    /// Forward mode (linear).
    pub fn forward<F: NdFloat, const N: usize, const M: usize>(
        rows: &[[F; N]; M],
        t: impl MaybeTangent<[[F; N]; M]>,
    ) -> (Array2<F>, Array2<F>) {
        let tangent = t.map_or(Array2::zeros((M, N)), |t| super::arr2(&t));
        (super::arr2(rows), tangent)
    }

    /// Second order (linear).
    pub fn second<F: NdFloat, const N: usize, const M: usize>(
        rows: &[[F; N]; M],
        t: impl MaybeTangent<Second<[[F; N]; M]>>,
    ) -> (Array2<F>, Second<Array2<F>>) {
        let zero = || Array2::zeros((M, N));
        let tangent = t.map_or((zero(), zero(), zero()), |(a, b, ab)| {
            (super::arr2(&a), super::arr2(&b), super::arr2(&ab))
        });
        (super::arr2(rows), tangent)
    }
}
