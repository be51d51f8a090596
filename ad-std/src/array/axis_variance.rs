//! Rules of ndarray's `a.var_axis(axis, ddof)` and `a.std_axis(axis, ddof)` for float
//! arrays: the variance (standard deviation) of each lane along `axis`.
//!
//! Each lane is `var` of `reductions` on its own: with `c = a - m` the lane centred on its
//! mean and `k = n - ddof`, `v = Σ c² / k`, whose gradient is `g = 2c / k`. The lanes are
//! walked with `lanes(axis)`, so the rules hold for arrays of any dimension without
//! broadcasting a reduced array back. `std_axis` applies the scalar `sqrt` rule to each
//! variance (with its convention at 0), as `std` does.

use super::zero_like::MapOrZeroLike;
use crate::float::FloatMethods;
use crate::forward::FloatForward;
use crate::second::{FloatSecond, Second};
use ad_core::NoTangent;
use ad_core::forward::{Absent, MaybeTangent, Present};
use ndarray::{Axis, RemoveAxis, Zip};

/// Rules of `var_axis` and `std_axis` of a float array, in the three modes. The axis and
/// `ddof` are constants (`ddof`'s cotangent is 0, as for `var`).
///
/// Original: `v = Σ_lane (a - m)² / (n - ddof)` / Tangent: `tv = Σ_lane g ta` /
/// Adjoint: `adj[a] += g adj[v]` (spread along the lane), with `g = 2 (a - m) / (n - ddof)`.
#[allow(
    clippy::type_complexity,
    reason = "the contract generated code relies on"
)]
pub trait ArrayVarianceAxis: Sized {
    /// The array of one dimension less.
    type Smaller;
    /// The element type.
    type Elem;
    /// `var_axis`, reverse mode.
    fn __ad_vjp_var_axis(
        &self,
        axis: Axis,
        ddof: Self::Elem,
    ) -> (
        Self::Smaller,
        impl Fn(Self::Smaller) -> (Self, NoTangent, Self::Elem) + use<Self>,
    );
    /// `var_axis`, forward mode.
    fn __ad_fwd_var_axis(
        &self,
        axis: Axis,
        ddof: Self::Elem,
        t: impl MaybeTangent<Self>,
        t_axis: impl MaybeTangent<NoTangent>,
        t_ddof: impl MaybeTangent<Self::Elem>,
    ) -> (Self::Smaller, Self::Smaller);
    /// `var_axis`, second order: per lane, `t12 = Σ g t12 + 2 Σ (t1 - mean t1) t2 / k`.
    fn __ad_hvp_var_axis(
        &self,
        axis: Axis,
        ddof: Self::Elem,
        t: impl MaybeTangent<Second<Self>>,
        t_axis: impl MaybeTangent<Second<NoTangent>>,
        t_ddof: impl MaybeTangent<Second<Self::Elem>>,
    ) -> (Self::Smaller, Second<Self::Smaller>);
    /// `std_axis`, reverse mode.
    fn __ad_vjp_std_axis(
        &self,
        axis: Axis,
        ddof: Self::Elem,
    ) -> (
        Self::Smaller,
        impl Fn(Self::Smaller) -> (Self, NoTangent, Self::Elem) + use<Self>,
    );
    /// `std_axis`, forward mode.
    fn __ad_fwd_std_axis(
        &self,
        axis: Axis,
        ddof: Self::Elem,
        t: impl MaybeTangent<Self>,
        t_axis: impl MaybeTangent<NoTangent>,
        t_ddof: impl MaybeTangent<Self::Elem>,
    ) -> (Self::Smaller, Self::Smaller);
    /// `std_axis`, second order: the scalar `sqrt` rule on each variance's components.
    fn __ad_hvp_std_axis(
        &self,
        axis: Axis,
        ddof: Self::Elem,
        t: impl MaybeTangent<Second<Self>>,
        t_axis: impl MaybeTangent<Second<NoTangent>>,
        t_ddof: impl MaybeTangent<Second<Self::Elem>>,
    ) -> (Self::Smaller, Second<Self::Smaller>);
}

for_each_float! {
/// `a` with each lane along `axis` replaced by `f(lane mean, element)`.
fn map_lanes<D: RemoveAxis>(a: &A<D>, axis: Axis, f: impl Fn(Float, Float) -> Float) -> A<D> {
    let mut out = a.clone();
    for mut lane in out.lanes_mut(axis) {
        let mean = lane.mean().unwrap_or(0.0);
        lane.mapv_inplace(|x| f(mean, x));
    }
    out
}

/// The gradient of each lane's variance, `2 (a - m) / (n - ddof)`.
fn lane_gradient<D: RemoveAxis>(a: &A<D>, axis: Axis, ddof: Float) -> A<D> {
    let dof = a.len_of(axis) as Float - ddof;
    map_lanes(a, axis, |mean, x| 2.0 * (x - mean) / dof)
}

impl<D: RemoveAxis> ArrayVarianceAxis for A<D> {
    type Smaller = A<D::Smaller>;
    type Elem = Float;
    fn __ad_vjp_var_axis(
        &self,
        axis: Axis,
        ddof: Float,
    ) -> (A<D::Smaller>, impl Fn(A<D::Smaller>) -> (Self, NoTangent, Float) + use<D>) {
        let value = self.var_axis(axis, ddof);
        let gradient = lane_gradient(self, axis, ddof);
        (value, move |d: A<D::Smaller>| {
            let mut adjoint = gradient.clone();
            Zip::from(adjoint.lanes_mut(axis))
                .and(&d)
                .for_each(|mut lane, &d| lane.mapv_inplace(|g| g * d));
            (adjoint, NoTangent, 0.0)
        })
    }
    fn __ad_fwd_var_axis(
        &self,
        axis: Axis,
        ddof: Float,
        t: impl MaybeTangent<Self>,
        _t_axis: impl MaybeTangent<NoTangent>,
        _t_ddof: impl MaybeTangent<Float>,
    ) -> (A<D::Smaller>, A<D::Smaller>) {
        let value = self.var_axis(axis, ddof);
        let tangent = t.map_or_zero_like(&value, |t| {
            (lane_gradient(self, axis, ddof) * &t).sum_axis(axis)
        });
        (value, tangent)
    }
    fn __ad_hvp_var_axis(
        &self,
        axis: Axis,
        ddof: Float,
        t: impl MaybeTangent<Second<Self>>,
        _t_axis: impl MaybeTangent<Second<NoTangent>>,
        _t_ddof: impl MaybeTangent<Second<Float>>,
    ) -> (A<D::Smaller>, Second<A<D::Smaller>>) {
        let value = self.var_axis(axis, ddof);
        let Some((t1, t2, t12)) = t.map_or(None, Some) else {
            let zero = || &value * 0.0;
            return (zero(), (zero(), zero(), zero()));
        };
        let gradient = lane_gradient(self, axis, ddof);
        let dof = self.len_of(axis) as Float - ddof;
        let centred_t1 = map_lanes(&t1, axis, |mean, x| x - mean);
        let curvature = (centred_t1 * &t2).sum_axis(axis) * (2.0 / dof);
        let tangent = (
            (&gradient * &t1).sum_axis(axis),
            (&gradient * &t2).sum_axis(axis),
            (&gradient * &t12).sum_axis(axis) + curvature,
        );
        (value, tangent)
    }
    fn __ad_vjp_std_axis(
        &self,
        axis: Axis,
        ddof: Float,
    ) -> (A<D::Smaller>, impl Fn(A<D::Smaller>) -> (Self, NoTangent, Float) + use<D>) {
        let (variance, var_pullback) = self.__ad_vjp_var_axis(axis, ddof);
        let value = variance.mapv(Float::sqrt);
        (value, move |d: A<D::Smaller>| {
            let d_variance = Zip::from(&variance)
                .and(&d)
                .map_collect(|&v, &d| v.__ad_vjp_sqrt().1(d).0);
            var_pullback(d_variance)
        })
    }
    fn __ad_fwd_std_axis(
        &self,
        axis: Axis,
        ddof: Float,
        t: impl MaybeTangent<Self>,
        _t_axis: impl MaybeTangent<NoTangent>,
        _t_ddof: impl MaybeTangent<Float>,
    ) -> (A<D::Smaller>, A<D::Smaller>) {
        let (variance, t_variance) = self.__ad_fwd_var_axis(axis, ddof, t, Absent, Absent);
        let value = variance.mapv(Float::sqrt);
        let tangent = Zip::from(&variance)
            .and(&t_variance)
            .map_collect(|&v, &tv| v.__ad_fwd_sqrt(Present(tv)).1);
        (value, tangent)
    }
    fn __ad_hvp_std_axis(
        &self,
        axis: Axis,
        ddof: Float,
        t: impl MaybeTangent<Second<Self>>,
        _t_axis: impl MaybeTangent<Second<NoTangent>>,
        _t_ddof: impl MaybeTangent<Second<Float>>,
    ) -> (A<D::Smaller>, Second<A<D::Smaller>>) {
        let (variance, (v1, v2, v12)) = self.__ad_hvp_var_axis(axis, ddof, t, Absent, Absent);
        let value = variance.mapv(Float::sqrt);
        let each = |pick: fn(Second<Float>) -> Float| {
            Zip::from(&variance)
                .and(&v1)
                .and(&v2)
                .and(&v12)
                .map_collect(|&v, &a, &b, &ab| pick(v.__ad_hvp_sqrt(Present((a, b, ab))).1))
        };
        let tangent = (each(|t| t.0), each(|t| t.1), each(|t| t.2));
        (value, tangent)
    }
}
}
