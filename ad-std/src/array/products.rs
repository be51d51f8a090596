//! Rules of the products of elements: `a.product()` and the elementwise powers `a.powi(n)`
//! and `a.powf(p)`.

use super::elementwise::{second_by_element, tangent_along, times_slopes, values_and_slopes};
use super::zero_like::MapOrZeroLike;
use crate::float::FloatMethods;
use crate::second::{FloatSecond, Second};
use ad_core::NoTangent;
use ad_core::forward::{MaybeTangent, Present};
use ndarray::{Array, Dimension, NdFloat, Zip};

/// `a.product()`: the product of all elements.
///
/// Original: `y = Π_i a_i` / Tangent: `ty = Σ_i (Π_{j≠i} a_j) ta_i` / Adjoint:
/// `adj[a]_i += adj[y] Π_{j≠i} a_j`. The products without one element come from prefix and
/// suffix products, not `y / a_i`, so a zero element gives the right (finite) derivative.
pub trait ArrayProduct: Sized {
    /// The element type.
    type Elem;
    /// Reverse mode.
    fn __ad_vjp_product(&self) -> (Self::Elem, impl Fn(Self::Elem) -> (Self,) + use<Self>);
    /// Forward mode.
    fn __ad_fwd_product(&self, t: impl MaybeTangent<Self>) -> (Self::Elem, Self::Elem);
    /// Second order: `t12 = Σ_i g_i t12_i + Σ_{i≠j} (Π_{k≠i,j} a_k) t1_i t2_j`.
    fn __ad_hvp_product(
        &self,
        t: impl MaybeTangent<Second<Self>>,
    ) -> (Self::Elem, Second<Self::Elem>);
}

/// `Π_{j≠i} a_j` for every `i`, in the array's logical order and shape.
fn products_without_each<F: NdFloat, D: Dimension>(a: &Array<F, D>) -> Array<F, D> {
    let values: Vec<F> = a.iter().copied().collect();
    let mut without = vec![F::one(); values.len()];
    let mut prefix = F::one();
    for (slot, &v) in without.iter_mut().zip(&values) {
        *slot = prefix;
        prefix *= v;
    }
    let mut suffix = F::one();
    for (slot, &v) in without.iter_mut().zip(&values).rev() {
        *slot *= suffix;
        suffix *= v;
    }
    Array::from_shape_vec(a.raw_dim(), without).unwrap_or_else(|_| Array::zeros(a.raw_dim()))
}

/// `a.powi(n)`: every element to the integer power `n`, each by the scalar rule of `powi`
/// (with its conventions at zero).
///
/// Original: `y = a^n` / Tangent: `ty = n a^(n-1) ⊙ ta` / Adjoint: `adj[a] += adj[y] ⊙ n a^(n-1)`.
pub trait ArrayPowi: Sized {
    /// Reverse mode; the exponent is an integer and has no cotangent.
    fn __ad_vjp_powi(&self, n: i32) -> (Self, impl Fn(Self) -> (Self, NoTangent) + use<Self>);
    /// Forward mode.
    fn __ad_fwd_powi(
        &self,
        n: i32,
        t: impl MaybeTangent<Self>,
        t_n: impl MaybeTangent<NoTangent>,
    ) -> (Self, Self);
    /// Second order.
    fn __ad_hvp_powi(
        &self,
        n: i32,
        t: impl MaybeTangent<Second<Self>>,
        t_n: impl MaybeTangent<Second<NoTangent>>,
    ) -> (Self, Second<Self>);
}

/// `a.powf(p)`: every element to the power `p`, a float that may be differentiated too, each
/// by the scalar rule of `powf` (with its conventions at zero and for negative elements).
///
/// Original: `y = a^p` / Tangent: `ty = p a^(p-1) ⊙ ta + y ⊙ ln a tp` / Adjoint: `adj[a] +=
/// adj[y] ⊙ p a^(p-1); adj[p] += Σ adj[y] ⊙ y ⊙ ln a`.
pub trait ArrayPowf: Sized {
    /// The element type.
    type Elem;
    /// Reverse mode: the cotangents of the array and of the exponent.
    #[allow(
        clippy::type_complexity,
        reason = "the contract generated code relies on"
    )]
    fn __ad_vjp_powf(
        &self,
        p: Self::Elem,
    ) -> (Self, impl Fn(Self) -> (Self, Self::Elem) + use<Self>);
    /// Forward mode.
    fn __ad_fwd_powf(
        &self,
        p: Self::Elem,
        t: impl MaybeTangent<Self>,
        t_p: impl MaybeTangent<Self::Elem>,
    ) -> (Self, Self);
    /// Second order, element by element through the scalar rule.
    fn __ad_hvp_powf(
        &self,
        p: Self::Elem,
        t: impl MaybeTangent<Second<Self>>,
        t_p: impl MaybeTangent<Second<Self::Elem>>,
    ) -> (Self, Second<Self>);
}

for_each_float! {
impl<D: Dimension> ArrayProduct for A<D> {
    type Elem = Float;
    fn __ad_vjp_product(&self) -> (Float, impl Fn(Float) -> (Self,) + use<D>) {
        let gradient = products_without_each(self);
        (self.product(), move |d: Float| (&gradient * d,))
    }
    fn __ad_fwd_product(&self, t: impl MaybeTangent<Self>) -> (Float, Float) {
        let tangent = t.map_or(0.0, |t| (&products_without_each(self) * &t).sum());
        (self.product(), tangent)
    }
    fn __ad_hvp_product(&self, t: impl MaybeTangent<Second<Self>>) -> (Float, Second<Float>) {
        let value = self.product();
        let tangent = t.map_or((0.0, 0.0, 0.0), |(t1, t2, t12)| {
            let gradient = products_without_each(self);
            // Σ_{i≠j} (Π_{k≠i,j} a_k) t1_i t2_j: for each i, the products without each
            // element of `a` with a_i set to 1 give row i of the Hessian (O(n) per row).
            let mut cross = 0.0;
            for (i, &u) in t1.iter().enumerate() {
                let mut others = self.clone();
                if let Some(element) = others.iter_mut().nth(i) {
                    *element = 1.0;
                }
                let row = products_without_each(&others);
                let row_dot: Float = row
                    .iter()
                    .zip(t2.iter())
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .map(|(_, (h, w))| h * w)
                    .sum();
                cross += u * row_dot;
            }
            let first = (&gradient * &t1).sum();
            let second = (&gradient * &t2).sum();
            (first, second, (&gradient * &t12).sum() + cross)
        });
        (value, tangent)
    }
}


/// `(x^n, d/dx x^n)` of every element, by the scalar rule.
fn powers_and_slopes<D: Dimension>(a: &A<D>, n: i32) -> (A<D>, A<D>) {
    values_and_slopes(a, |x| {
        let (y, pullback) = x.__ad_vjp_powi(n);
        (y, pullback(1.0).0)
    })
}

impl<D: Dimension> ArrayPowi for A<D> {
    fn __ad_vjp_powi(&self, n: i32) -> (Self, impl Fn(Self) -> (Self, NoTangent) + use<D>) {
        let (y, slopes) = powers_and_slopes(self, n);
        (y, move |d: Self| (times_slopes(true, &slopes, d), NoTangent))
    }
    fn __ad_fwd_powi(
        &self,
        n: i32,
        t: impl MaybeTangent<Self>,
        _t_n: impl MaybeTangent<NoTangent>,
    ) -> (Self, Self) {
        let (y, slopes) = powers_and_slopes(self, n);
        let tangent = t.map_or_zero_like(self, |t| tangent_along(true, &slopes, t));
        (y, tangent)
    }
    fn __ad_hvp_powi(
        &self,
        n: i32,
        t: impl MaybeTangent<Second<Self>>,
        _t_n: impl MaybeTangent<Second<NoTangent>>,
    ) -> (Self, Second<Self>) {
        let zero = self * 0.0;
        let tangents = t.or_zero(|| (zero.clone(), zero.clone(), zero));
        let rule = |x: Float, t| x.__ad_hvp_powi(n, t, ad_core::forward::Absent).1;
        (self.mapv(|x| x.powi(n)), second_by_element(self, tangents, rule))
    }
}

/// `(x^p, ∂/∂x, ∂/∂p)` of every element, by the scalar rule.
fn powers_and_partials<D: Dimension>(a: &A<D>, p: Float) -> (A<D>, A<D>, A<D>) {
    let shape = a.raw_dim();
    let (mut values, mut by_x, mut by_p) =
        (Array::zeros(shape.clone()), Array::zeros(shape.clone()), Array::zeros(shape));
    Zip::from(&mut values)
        .and(&mut by_x)
        .and(&mut by_p)
        .and(a)
        .for_each(|value, dx, dp, &x| {
            let (y, pullback) = x.__ad_vjp_powf(p);
            let (sx, sp) = pullback(1.0);
            (*value, *dx, *dp) = (y, sx, sp);
        });
    (values, by_x, by_p)
}

impl<D: Dimension> ArrayPowf for A<D> {
    type Elem = Float;
    fn __ad_vjp_powf(&self, p: Float) -> (Self, impl Fn(Self) -> (Self, Float) + use<D>) {
        let (y, by_x, by_p) = powers_and_partials(self, p);
        (y, move |d: Self| {
            let dp = times_slopes(true, &by_p, d.clone()).sum();
            (times_slopes(true, &by_x, d), dp)
        })
    }
    fn __ad_fwd_powf(
        &self,
        p: Float,
        t: impl MaybeTangent<Self>,
        t_p: impl MaybeTangent<Float>,
    ) -> (Self, Self) {
        let (y, by_x, by_p) = powers_and_partials(self, p);
        let tangent = t.map_or_zero_like(&y, |t| tangent_along(true, &by_x, t));
        // A constant or zero exponent tangent adds nothing: `∂/∂p` is NaN at negative elements.
        let from_p = t_p.map_or(None, |tp| Some(tangent_along(true, &by_p, by_p.mapv(|_| tp))));
        let tangent = match from_p {
            Some(from_p) => tangent + from_p,
            None => tangent,
        };
        (y, tangent)
    }
    fn __ad_hvp_powf(
        &self,
        p: Float,
        t: impl MaybeTangent<Second<Self>>,
        t_p: impl MaybeTangent<Second<Float>>,
    ) -> (Self, Second<Self>) {
        let zero = self * 0.0;
        let (a1, a2, a12) = t.or_zero(|| (zero.clone(), zero.clone(), zero));
        let tp = t_p.or_zero(|| (0.0, 0.0, 0.0));
        // Element by element, in logical order, into arrays of the same shape.
        let results: Vec<(Float, Second<Float>)> = self
            .iter()
            .zip(a1.iter().zip(a2.iter()).zip(a12.iter()))
            .map(|(&x, ((&u1, &u2), &u12))| {
                x.__ad_hvp_powf(p, Present((u1, u2, u12)), Present(tp))
            })
            .collect();
        let component = |pick: fn(&(Float, Second<Float>)) -> Float| {
            Array::from_shape_vec(self.raw_dim(), results.iter().map(pick).collect())
                .unwrap_or_else(|_| Array::zeros(self.raw_dim()))
        };
        let value = component(|r| r.0);
        (value, (component(|r| r.1.0), component(|r| r.1.1), component(|r| r.1.2)))
    }
}
}
