//! Rules of ndarray's reductions of float arrays: `sum`, `mean`, `sum_axis`, `mean_axis`.

use super::zero_like::MapOrZeroLike;
use crate::second::Second;
use ad_core::NoTangent;
use ad_core::forward::MaybeTangent;
use ndarray::{Array, Dimension};

/// Rules of the reductions `sum` and `mean` of a float array, in the three modes (named
/// `__ad_vjp_<m>`, `__ad_fwd_<m>`, `__ad_hvp_<m>` after the ndarray method `<m>`). Both are
/// linear, so each second-order component is reduced like the value.
///
/// Original: `y = Σ a` / Tangent: `ty = Σ ta` / Adjoint: `adj[a]_i += adj[y]` (`mean`: all
/// divided by the number of elements).
#[allow(
    clippy::type_complexity,
    reason = "the contract generated code relies on"
)]
pub trait ArrayReductions: Sized {
    /// The element type.
    type Elem;
    /// `sum`: the cotangent of every element is the result's.
    fn __ad_vjp_sum(&self) -> (Self::Elem, impl Fn(Self::Elem) -> (Self,) + use<Self>);
    /// `sum`, forward.
    fn __ad_fwd_sum(&self, t: impl MaybeTangent<Self>) -> (Self::Elem, Self::Elem);
    /// `sum`, second order (linear).
    fn __ad_hvp_sum(&self, t: impl MaybeTangent<Second<Self>>) -> (Self::Elem, Second<Self::Elem>);
    /// `mean`: `sum / n`; the mean of an empty array is `None`, as in ndarray.
    fn __ad_vjp_mean(
        &self,
    ) -> (
        Option<Self::Elem>,
        impl Fn(Option<Self::Elem>) -> (Self,) + use<Self>,
    );
    /// `mean`, forward.
    fn __ad_fwd_mean(&self, t: impl MaybeTangent<Self>)
    -> (Option<Self::Elem>, Option<Self::Elem>);
    /// `mean`, second order (linear).
    fn __ad_hvp_mean(
        &self,
        t: impl MaybeTangent<Second<Self>>,
    ) -> (Option<Self::Elem>, Second<Option<Self::Elem>>);
}

/// `a.sum_axis(axis)` of a float array, in the three modes.
///
/// Original: `y = Σ_axis a` / Tangent: `ty = Σ_axis ta` / Adjoint: `adj[a] += adj[y]`
/// repeated along the summed axis.
pub trait ArraySumAxis: Sized {
    /// The array with one axis fewer.
    type Smaller;
    /// Reverse mode.
    fn __ad_vjp_sum_axis(
        &self,
        axis: ndarray::Axis,
    ) -> (
        Self::Smaller,
        impl Fn(Self::Smaller) -> (Self, NoTangent) + use<Self>,
    );
    /// Forward mode.
    fn __ad_fwd_sum_axis(
        &self,
        axis: ndarray::Axis,
        t: impl MaybeTangent<Self>,
        t_axis: impl MaybeTangent<NoTangent>,
    ) -> (Self::Smaller, Self::Smaller);
    /// Second order (linear).
    fn __ad_hvp_sum_axis(
        &self,
        axis: ndarray::Axis,
        t: impl MaybeTangent<Second<Self>>,
        t_axis: impl MaybeTangent<Second<NoTangent>>,
    ) -> (Self::Smaller, Second<Self::Smaller>);
}

/// `a.mean_axis(axis)` of a float array, in the three modes: `None` for an empty axis, as
/// ndarray.
///
/// Original: `y = Σ_axis a / n` / Tangent: `ty = Σ_axis ta / n` / Adjoint: `adj[a] +=
/// adj[y] / n` repeated along the axis.
pub trait ArrayMeanAxis: Sized {
    /// The array with one axis fewer.
    type Smaller;
    /// Reverse mode.
    #[allow(
        clippy::type_complexity,
        reason = "the contract generated code relies on"
    )]
    fn __ad_vjp_mean_axis(
        &self,
        axis: ndarray::Axis,
    ) -> (
        Option<Self::Smaller>,
        impl Fn(Option<Self::Smaller>) -> (Self, NoTangent) + use<Self>,
    );
    /// Forward mode.
    fn __ad_fwd_mean_axis(
        &self,
        axis: ndarray::Axis,
        t: impl MaybeTangent<Self>,
        t_axis: impl MaybeTangent<NoTangent>,
    ) -> (Option<Self::Smaller>, Option<Self::Smaller>);
    /// Second order (linear).
    fn __ad_hvp_mean_axis(
        &self,
        axis: ndarray::Axis,
        t: impl MaybeTangent<Second<Self>>,
        t_axis: impl MaybeTangent<Second<NoTangent>>,
    ) -> (Option<Self::Smaller>, Second<Option<Self::Smaller>>);
}

for_each_float! {
impl<D: Dimension> ArrayReductions for A<D> {
    type Elem = Float;
    fn __ad_vjp_sum(&self) -> (Float, impl Fn(Float) -> (Self,) + use<D>) {
        let shape = self.raw_dim();
        (self.sum(), move |d: Float| {
            (Array::from_elem(shape.clone(), d),)
        })
    }
    fn __ad_fwd_sum(&self, t: impl MaybeTangent<Self>) -> (Float, Float) {
        (self.sum(), t.map_or(0.0, |t| t.sum()))
    }
    fn __ad_hvp_sum(&self, t: impl MaybeTangent<Second<Self>>) -> (Float, Second<Float>) {
        let tangent = t.map_or((0.0, 0.0, 0.0), |(a, b, ab)| (a.sum(), b.sum(), ab.sum()));
        (self.sum(), tangent)
    }
    fn __ad_vjp_mean(&self) -> (Option<Float>, impl Fn(Option<Float>) -> (Self,) + use<D>) {
        let shape = self.raw_dim();
        let n = self.len() as Float;
        (self.mean(), move |d: Option<Float>| {
            (Array::from_elem(shape.clone(), d.unwrap_or(0.0) / n),)
        })
    }
    fn __ad_fwd_mean(&self, t: impl MaybeTangent<Self>) -> (Option<Float>, Option<Float>) {
        (self.mean(), t.map_or(Some(0.0), |t| t.mean()))
    }
    fn __ad_hvp_mean(
        &self,
        t: impl MaybeTangent<Second<Self>>,
    ) -> (Option<Float>, Second<Option<Float>>) {
        let zero = (Some(0.0), Some(0.0), Some(0.0));
        let tangent = t.map_or(zero, |(a, b, ab)| (a.mean(), b.mean(), ab.mean()));
        (self.mean(), tangent)
    }
}


impl<D: ndarray::RemoveAxis> ArraySumAxis for A<D> {
    type Smaller = A<D::Smaller>;
    fn __ad_vjp_sum_axis(
        &self,
        axis: ndarray::Axis,
    ) -> (
        A<D::Smaller>,
        impl Fn(A<D::Smaller>) -> (Self, NoTangent) + use<D>,
    ) {
        let shape = self.raw_dim();
        (self.sum_axis(axis), move |d: A<D::Smaller>| {
            let spread = d
                .insert_axis(axis)
                .broadcast(shape.clone())
                .map(|view| view.to_owned())
                .unwrap_or_else(|| Array::zeros(shape.clone()));
            // `insert_axis` gives the dimension one more axis, which is `D` again.
            let spread = spread
                .into_dimensionality::<D>()
                .unwrap_or_else(|_| Array::zeros(shape.clone()));
            (spread, NoTangent)
        })
    }
    fn __ad_fwd_sum_axis(
        &self,
        axis: ndarray::Axis,
        t: impl MaybeTangent<Self>,
        _t_axis: impl MaybeTangent<NoTangent>,
    ) -> (A<D::Smaller>, A<D::Smaller>) {
        let value = self.sum_axis(axis);
        let tangent = t.map_or_zero_like(&value, |t| t.sum_axis(axis));
        (value, tangent)
    }
    fn __ad_hvp_sum_axis(
        &self,
        axis: ndarray::Axis,
        t: impl MaybeTangent<Second<Self>>,
        _t_axis: impl MaybeTangent<Second<NoTangent>>,
    ) -> (A<D::Smaller>, Second<A<D::Smaller>>) {
        let value = self.sum_axis(axis);
        let zero = &value * 0.0;
        let tangent = t.map_or((zero.clone(), zero.clone(), zero), |(a, b, ab)| {
            (a.sum_axis(axis), b.sum_axis(axis), ab.sum_axis(axis))
        });
        (value, tangent)
    }
}


impl<D: ndarray::RemoveAxis> ArrayMeanAxis for A<D> {
    type Smaller = A<D::Smaller>;
    fn __ad_vjp_mean_axis(
        &self,
        axis: ndarray::Axis,
    ) -> (
        Option<A<D::Smaller>>,
        impl Fn(Option<A<D::Smaller>>) -> (Self, NoTangent) + use<D>,
    ) {
        let (value, sum_pullback) = self.__ad_vjp_sum_axis(axis);
        let n = self.len_of(axis) as Float;
        let shape = self.raw_dim();
        let value = (n > 0.0).then(|| value / n);
        (value, move |d: Option<A<D::Smaller>>| match d {
            Some(d) => sum_pullback(d / n),
            None => (Array::zeros(shape.clone()), NoTangent),
        })
    }
    fn __ad_fwd_mean_axis(
        &self,
        axis: ndarray::Axis,
        t: impl MaybeTangent<Self>,
        _t_axis: impl MaybeTangent<NoTangent>,
    ) -> (Option<A<D::Smaller>>, Option<A<D::Smaller>>) {
        let value = self.mean_axis(axis);
        let tangent = value.as_ref().map(|value| {
            let n = self.len_of(axis) as Float;
            t.map_or_zero_like(value, |t| t.sum_axis(axis) / n)
        });
        (value, tangent)
    }
    fn __ad_hvp_mean_axis(
        &self,
        axis: ndarray::Axis,
        t: impl MaybeTangent<Second<Self>>,
        _t_axis: impl MaybeTangent<Second<NoTangent>>,
    ) -> (Option<A<D::Smaller>>, Second<Option<A<D::Smaller>>>) {
        let value = self.mean_axis(axis);
        let n = self.len_of(axis) as Float;
        let Some(mean) = value.as_ref() else {
            return (None, (None, None, None));
        };
        let zero = mean * 0.0;
        let (a, b, ab) = t.map_or((zero.clone(), zero.clone(), zero), |(a, b, ab)| {
            (
                a.sum_axis(axis) / n,
                b.sum_axis(axis) / n,
                ab.sum_axis(axis) / n,
            )
        });
        (value, (Some(a), Some(b), Some(ab)))
    }
}
}
