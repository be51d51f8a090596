//! Rules of ndarray's reductions of float arrays: `sum`, `mean`, `sum_axis`, `mean_axis`,
//! `var` and `std`.

use super::zero_like::MapOrZeroLike;
use crate::float::FloatMethods;
use crate::forward::FloatForward;
use crate::second::{FloatSecond, Second};
use ad_core::NoTangent;
use ad_core::forward::{Absent, MaybeTangent, Present};
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

/// `a.var(ddof)` and `a.std(ddof)` of a float array, in the three modes. `ddof` is treated as
/// a constant (its cotangent is zero).
///
/// Original: `v = Σ (a - m)² / (n - ddof)`, `s = √v` / Tangent: `tv = g · ta` with
/// `g = 2 (a - m) / (n - ddof)`, `ts = tv / 2s` / Adjoint: `adj[a] += adj[v] g`, `adj[a] +=
/// adj[s] g / 2s`. (`Σ (a - m) = 0`, so the mean's own dependence on `a` cancels.)
#[allow(
    clippy::type_complexity,
    reason = "the contract generated code relies on"
)]
pub trait ArrayVariance: Sized {
    /// The element type.
    type Elem;
    /// `var`, reverse mode.
    fn __ad_vjp_var(
        &self,
        ddof: Self::Elem,
    ) -> (
        Self::Elem,
        impl Fn(Self::Elem) -> (Self, Self::Elem) + use<Self>,
    );
    /// `var`, forward mode.
    fn __ad_fwd_var(
        &self,
        ddof: Self::Elem,
        t: impl MaybeTangent<Self>,
        t_ddof: impl MaybeTangent<Self::Elem>,
    ) -> (Self::Elem, Self::Elem);
    /// `var`, second order: `t12 = g · t12 + 2 (t1 · t2 - Σt1 Σt2 / n) / (n - ddof)`.
    fn __ad_hvp_var(
        &self,
        ddof: Self::Elem,
        t: impl MaybeTangent<Second<Self>>,
        t_ddof: impl MaybeTangent<Second<Self::Elem>>,
    ) -> (Self::Elem, Second<Self::Elem>);
    /// `std`, reverse mode.
    fn __ad_vjp_std(
        &self,
        ddof: Self::Elem,
    ) -> (
        Self::Elem,
        impl Fn(Self::Elem) -> (Self, Self::Elem) + use<Self>,
    );
    /// `std`, forward mode.
    fn __ad_fwd_std(
        &self,
        ddof: Self::Elem,
        t: impl MaybeTangent<Self>,
        t_ddof: impl MaybeTangent<Self::Elem>,
    ) -> (Self::Elem, Self::Elem);
    /// `std`, second order: `t12 = v12 / 2s - v1 v2 / 4s³` from `var`'s components (the
    /// scalar `sqrt` rule applied to them).
    fn __ad_hvp_std(
        &self,
        ddof: Self::Elem,
        t: impl MaybeTangent<Second<Self>>,
        t_ddof: impl MaybeTangent<Second<Self::Elem>>,
    ) -> (Self::Elem, Second<Self::Elem>);
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

/// `var(ddof)` and its gradient `2 (a - m) / (n - ddof)`.
fn variance_and_gradient<D: Dimension>(a: &A<D>, ddof: Float) -> (Float, A<D>) {
    let n = a.len() as Float;
    let mean = a.mean().unwrap_or(0.0);
    let centred = a - mean;
    let dof = n - ddof;
    ((&centred * &centred).sum() / dof, centred * (2.0 / dof))
}

/// The second-order components of `var` along `t`: `(g·t1, g·t2, g·t12 + 2 (t1·t2 - Σt1 Σt2 / n) / (n - ddof))`.
fn variance_tangents<D: Dimension>(
    a: &A<D>,
    ddof: Float,
    gradient: &A<D>,
    (t1, t2, t12): &Second<A<D>>,
) -> Second<Float> {
    let n = a.len() as Float;
    let curvature = 2.0 * ((t1 * t2).sum() - t1.sum() * t2.sum() / n) / (n - ddof);
    (
        (gradient * t1).sum(),
        (gradient * t2).sum(),
        (gradient * t12).sum() + curvature,
    )
}

impl<D: Dimension> ArrayVariance for A<D> {
    type Elem = Float;
    fn __ad_vjp_var(&self, ddof: Float) -> (Float, impl Fn(Float) -> (Self, Float) + use<D>) {
        let (v, gradient) = variance_and_gradient(self, ddof);
        (v, move |d: Float| (&gradient * d, 0.0))
    }
    fn __ad_fwd_var(
        &self,
        ddof: Float,
        t: impl MaybeTangent<Self>,
        _t_ddof: impl MaybeTangent<Float>,
    ) -> (Float, Float) {
        let (v, gradient) = variance_and_gradient(self, ddof);
        (v, t.map_or(0.0, |t| (&gradient * &t).sum()))
    }
    fn __ad_hvp_var(
        &self,
        ddof: Float,
        t: impl MaybeTangent<Second<Self>>,
        _t_ddof: impl MaybeTangent<Second<Float>>,
    ) -> (Float, Second<Float>) {
        let (v, gradient) = variance_and_gradient(self, ddof);
        let tangent = t.map_or((0.0, 0.0, 0.0), |t| variance_tangents(self, ddof, &gradient, &t));
        (v, tangent)
    }
    // `std` is `sqrt` of `var`: each mode chains `var`'s rule with the scalar `sqrt` rule (and
    // its convention at 0).
    fn __ad_vjp_std(&self, ddof: Float) -> (Float, impl Fn(Float) -> (Self, Float) + use<D>) {
        let (v, var_pullback) = self.__ad_vjp_var(ddof);
        let (s, sqrt_pullback) = v.__ad_vjp_sqrt();
        (s, move |d: Float| var_pullback(sqrt_pullback(d).0))
    }
    fn __ad_fwd_std(
        &self,
        ddof: Float,
        t: impl MaybeTangent<Self>,
        _t_ddof: impl MaybeTangent<Float>,
    ) -> (Float, Float) {
        let (v, tv) = self.__ad_fwd_var(ddof, t, Absent);
        v.__ad_fwd_sqrt(Present(tv))
    }
    fn __ad_hvp_std(
        &self,
        ddof: Float,
        t: impl MaybeTangent<Second<Self>>,
        _t_ddof: impl MaybeTangent<Second<Float>>,
    ) -> (Float, Second<Float>) {
        let (v, tv) = self.__ad_hvp_var(ddof, t, Absent);
        v.__ad_hvp_sqrt(Present(tv))
    }
}
}
