//! Rules of the array constructors with differentiated elements: `Array::from_elem(shape, x)`
//! (also through `Array1`, `Array2`, ..), `Array1::from(v)` and `Array1::from_vec(v)` of a
//! `Vec`, and `Array::from_shape_vec(shape, v)`. (`zeros`, `ones` and arrays built from
//! constants are constants, emitted as written.)

use crate::second::Second;
use ad_core::NoTangent;
use ad_core::forward::MaybeTangent;
use ndarray::{Array, Array1, Dimension, ShapeBuilder};

/// `Array::from_elem(shape, x)`, in the three modes; the shape is a constant.
///
/// Original: `y_i = x` for every position `i` / Tangent: `ty_i = tx` /
/// Adjoint: `adj[x] += Σ_i adj[y]_i`.
#[allow(
    clippy::type_complexity,
    reason = "the contract generated code relies on"
)]
// Generic over the element, not with an associated type: `Array1::from_elem(3, x)` names
// `Array1<_>`, and only the element's type `x` has picks the impl.
pub trait ArrayFromElem<F>: Sized {
    /// The array's dimension.
    type Dim: Dimension;
    /// Reverse mode.
    fn __ad_vjp_from_elem<Sh: ShapeBuilder<Dim = Self::Dim>>(
        shape: Sh,
        x: F,
    ) -> (Self, impl Fn(Self) -> (NoTangent, F) + use<Self, F, Sh>);
    /// Forward mode.
    fn __ad_fwd_from_elem<Sh: ShapeBuilder<Dim = Self::Dim>>(
        shape: Sh,
        x: F,
        t_shape: impl Sized,
        t: impl MaybeTangent<F>,
    ) -> (Self, Self);
    /// Second order (linear).
    fn __ad_hvp_from_elem<Sh: ShapeBuilder<Dim = Self::Dim>>(
        shape: Sh,
        x: F,
        t_shape: impl Sized,
        t: impl MaybeTangent<Second<F>>,
    ) -> (Self, Second<Self>);
}

for_each_float! {
impl<D: Dimension> ArrayFromElem<Float> for A<D> {
    type Dim = D;
    fn __ad_vjp_from_elem<Sh: ShapeBuilder<Dim = D>>(
        shape: Sh,
        x: Float,
    ) -> (Self, impl Fn(Self) -> (NoTangent, Float) + use<D, Sh>) {
        (Array::from_elem(shape, x), |d: Self| (NoTangent, d.sum()))
    }
    fn __ad_fwd_from_elem<Sh: ShapeBuilder<Dim = D>>(
        shape: Sh,
        x: Float,
        _t_shape: impl Sized,
        t: impl MaybeTangent<Float>,
    ) -> (Self, Self) {
        let value = Array::from_elem(shape, x);
        let tangent = Array::from_elem(value.raw_dim(), t.or_zero(|| 0.0));
        (value, tangent)
    }
    fn __ad_hvp_from_elem<Sh: ShapeBuilder<Dim = D>>(
        shape: Sh,
        x: Float,
        _t_shape: impl Sized,
        t: impl MaybeTangent<Second<Float>>,
    ) -> (Self, Second<Self>) {
        let value = Array::from_elem(shape, x);
        let (t1, t2, t12) = t.or_zero(|| (0.0, 0.0, 0.0));
        let fill = |t: Float| Array::from_elem(value.raw_dim(), t);
        let tangent = (fill(t1), fill(t2), fill(t12));
        (value, tangent)
    }
}
}

/// `Array1::from(v)` and `Array1::from_vec(v)` of a `Vec`, in the three modes.
///
/// Original: `y_i = v_i` / Tangent: `ty_i = tv_i` / Adjoint: `adj[v]_i += adj[y]_i`.
#[allow(
    clippy::type_complexity,
    reason = "the contract generated code relies on"
)]
pub trait ArrayFromVec<F>: Sized {
    /// `from`, reverse mode.
    fn __ad_vjp_from(v: Vec<F>) -> (Self, impl Fn(Self) -> (Vec<F>,) + use<Self, F>);
    /// `from`, forward mode.
    fn __ad_fwd_from(v: Vec<F>, t: impl MaybeTangent<Vec<F>>) -> (Self, Self);
    /// `from`, second order (linear).
    fn __ad_hvp_from(v: Vec<F>, t: impl MaybeTangent<Second<Vec<F>>>) -> (Self, Second<Self>);
    /// `from_vec`, reverse mode.
    fn __ad_vjp_from_vec(v: Vec<F>) -> (Self, impl Fn(Self) -> (Vec<F>,) + use<Self, F>) {
        Self::__ad_vjp_from(v)
    }
    /// `from_vec`, forward mode.
    fn __ad_fwd_from_vec(v: Vec<F>, t: impl MaybeTangent<Vec<F>>) -> (Self, Self) {
        Self::__ad_fwd_from(v, t)
    }
    /// `from_vec`, second order.
    fn __ad_hvp_from_vec(v: Vec<F>, t: impl MaybeTangent<Second<Vec<F>>>) -> (Self, Second<Self>) {
        Self::__ad_hvp_from(v, t)
    }
}

/// `Array::from_shape_vec(shape, v)`, in the three modes: `None` where ndarray gives an error
/// (a `Result` of ndarray is an `Option` in derivative code, so `.unwrap()` reads the same).
///
/// Original: `y = v` in the shape / Tangent: `ty = tv` in the shape / Adjoint: `adj[v] += adj[y]`
/// in order.
#[allow(
    clippy::type_complexity,
    reason = "the contract generated code relies on"
)]
pub trait ArrayFromShapeVec<F>: Sized {
    /// The array's dimension.
    type Dim: Dimension;
    /// Reverse mode.
    fn __ad_vjp_from_shape_vec<Sh: ShapeBuilder<Dim = Self::Dim> + Clone>(
        shape: Sh,
        v: Vec<F>,
    ) -> (
        Option<Self>,
        impl Fn(Option<Self>) -> (NoTangent, Vec<F>) + use<Self, F, Sh>,
    );
    /// Forward mode.
    fn __ad_fwd_from_shape_vec<Sh: ShapeBuilder<Dim = Self::Dim> + Clone>(
        shape: Sh,
        v: Vec<F>,
        t_shape: impl Sized,
        t: impl MaybeTangent<Vec<F>>,
    ) -> (Option<Self>, Option<Self>);
    /// Second order (linear).
    fn __ad_hvp_from_shape_vec<Sh: ShapeBuilder<Dim = Self::Dim> + Clone>(
        shape: Sh,
        v: Vec<F>,
        t_shape: impl Sized,
        t: impl MaybeTangent<Second<Vec<F>>>,
    ) -> (Option<Self>, Second<Option<Self>>);
}

for_each_float! {
impl ArrayFromVec<Float> for Array1<Float> {
    fn __ad_vjp_from(v: Vec<Float>) -> (Self, impl Fn(Self) -> (Vec<Float>,) + use<>) {
        (Array1::from(v), |d: Self| (d.to_vec(),))
    }
    fn __ad_fwd_from(v: Vec<Float>, t: impl MaybeTangent<Vec<Float>>) -> (Self, Self) {
        let n = v.len();
        (Array1::from(v), Array1::from(t.or_zero(|| vec![0.0; n])))
    }
    fn __ad_hvp_from(v: Vec<Float>, t: impl MaybeTangent<Second<Vec<Float>>>) -> (Self, Second<Self>) {
        let n = v.len();
        let (a, b, ab) = t.or_zero(|| (vec![0.0; n], vec![0.0; n], vec![0.0; n]));
        (Array1::from(v), (Array1::from(a), Array1::from(b), Array1::from(ab)))
    }
}

impl<D: Dimension> ArrayFromShapeVec<Float> for A<D> {
    type Dim = D;
    fn __ad_vjp_from_shape_vec<Sh: ShapeBuilder<Dim = D> + Clone>(
        shape: Sh,
        v: Vec<Float>,
    ) -> (Option<Self>, impl Fn(Option<Self>) -> (NoTangent, Vec<Float>) + use<D, Sh>) {
        let n = v.len();
        let value = Array::from_shape_vec(shape, v).ok();
        // The elements were given in the shape's order: row-major, or column-major for a
        // shape written `.f()` (which gives an array that is not in standard layout).
        let row_major = value.as_ref().is_none_or(|v| v.is_standard_layout());
        (value, move |d: Option<Self>| {
            let elements = d.map(|d| match row_major {
                true => d.iter().copied().collect(),
                false => d.reversed_axes().iter().copied().collect(),
            });
            (NoTangent, elements.unwrap_or_else(|| vec![0.0; n]))
        })
    }
    fn __ad_fwd_from_shape_vec<Sh: ShapeBuilder<Dim = D> + Clone>(
        shape: Sh,
        v: Vec<Float>,
        _t_shape: impl Sized,
        t: impl MaybeTangent<Vec<Float>>,
    ) -> (Option<Self>, Option<Self>) {
        let n = v.len();
        let value = Array::from_shape_vec(shape.clone(), v).ok();
        let tangent = Array::from_shape_vec(shape, t.or_zero(|| vec![0.0; n])).ok();
        (value, tangent)
    }
    fn __ad_hvp_from_shape_vec<Sh: ShapeBuilder<Dim = D> + Clone>(
        shape: Sh,
        v: Vec<Float>,
        _t_shape: impl Sized,
        t: impl MaybeTangent<Second<Vec<Float>>>,
    ) -> (Option<Self>, Second<Option<Self>>) {
        let n = v.len();
        let value = Array::from_shape_vec(shape.clone(), v).ok();
        let (a, b, ab) = t.or_zero(|| (vec![0.0; n], vec![0.0; n], vec![0.0; n]));
        let shaped = |e: Vec<Float>| Array::from_shape_vec(shape.clone(), e).ok();
        (value, (shaped(a), shaped(b), shaped(ab)))
    }
}
}
