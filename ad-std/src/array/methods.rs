//! The rules of ndarray's methods on `f64` arrays: `sum`, `mean`, `sum_axis`, `dot`, the
//! elementwise float methods and `mapv`.

use super::A;
use crate::float::FloatMethods;
use crate::second::{FloatSecond, Second};
use ad_core::NoTangent;
use ad_core::forward::MaybeTangent;
use ad_core::function::DifferentiableFn;
use ndarray::{Array, Array1, Array2, Dimension};

/// Rules of the reductions `sum` and `mean` of an `f64` array, in the three modes (named
/// `__ad_vjp_<m>`, `__ad_fwd_<m>`, `__ad_hvp_<m>` after the ndarray method `<m>`). Both are
/// linear, so each second-order component is reduced like the value.
///
/// Original: `y = Σ a` / Tangent: `ty = Σ ta` / Adjoint: `adj[a]_i += adj[y]` (`mean`: all
/// divided by the number of elements).
pub trait ArrayReductions: Sized {
    /// `sum`: the cotangent of every element is the result's.
    fn __ad_vjp_sum(&self) -> (f64, impl Fn(f64) -> (Self,) + use<Self>);
    /// `sum`, forward.
    fn __ad_fwd_sum(&self, t: impl MaybeTangent<Self>) -> (f64, f64);
    /// `sum`, second order (linear).
    fn __ad_hvp_sum(&self, t: impl MaybeTangent<Second<Self>>) -> (f64, Second<f64>);
    /// `mean`: `sum / n`; the mean of an empty array is `None`, as in ndarray.
    fn __ad_vjp_mean(&self) -> (Option<f64>, impl Fn(Option<f64>) -> (Self,) + use<Self>);
    /// `mean`, forward.
    fn __ad_fwd_mean(&self, t: impl MaybeTangent<Self>) -> (Option<f64>, Option<f64>);
    /// `mean`, second order (linear).
    fn __ad_hvp_mean(
        &self,
        t: impl MaybeTangent<Second<Self>>,
    ) -> (Option<f64>, Second<Option<f64>>);
}

impl<D: Dimension> ArrayReductions for A<D> {
    fn __ad_vjp_sum(&self) -> (f64, impl Fn(f64) -> (Self,) + use<D>) {
        let shape = self.raw_dim();
        (self.sum(), move |d: f64| {
            (Array::from_elem(shape.clone(), d),)
        })
    }
    fn __ad_fwd_sum(&self, t: impl MaybeTangent<Self>) -> (f64, f64) {
        (self.sum(), t.map_or(0.0, |t| t.sum()))
    }
    fn __ad_hvp_sum(&self, t: impl MaybeTangent<Second<Self>>) -> (f64, Second<f64>) {
        let tangent = t.map_or((0.0, 0.0, 0.0), |(a, b, ab)| (a.sum(), b.sum(), ab.sum()));
        (self.sum(), tangent)
    }
    fn __ad_vjp_mean(&self) -> (Option<f64>, impl Fn(Option<f64>) -> (Self,) + use<D>) {
        let shape = self.raw_dim();
        let n = self.len() as f64;
        (self.mean(), move |d: Option<f64>| {
            (Array::from_elem(shape.clone(), d.unwrap_or(0.0) / n),)
        })
    }
    fn __ad_fwd_mean(&self, t: impl MaybeTangent<Self>) -> (Option<f64>, Option<f64>) {
        (self.mean(), t.map_or(Some(0.0), |t| t.mean()))
    }
    fn __ad_hvp_mean(
        &self,
        t: impl MaybeTangent<Second<Self>>,
    ) -> (Option<f64>, Second<Option<f64>>) {
        let zero = (Some(0.0), Some(0.0), Some(0.0));
        let tangent = t.map_or(zero, |(a, b, ab)| (a.mean(), b.mean(), ab.mean()));
        (self.mean(), tangent)
    }
}

/// Rules of `a.dot(&b)` for `f64` vectors and matrices, in the three modes; `R` is the owned
/// type of `b`.
///
/// Original: `y = a · b` / Tangent: `ty = ta · b + a · tb` /
/// Adjoint: `adj[a] += adj[y] · bᵀ; adj[b] += aᵀ · adj[y]` (for vectors, `adj[y] b` and
/// `adj[y] a`; for a matrix times a vector, the outer product `adj[y] bᵀ`).
pub trait DotRule<R>: Sized {
    /// The product's type.
    type Output;
    /// Reverse mode: the cotangents of `a` and `b`.
    #[allow(
        clippy::type_complexity,
        reason = "the contract generated code relies on"
    )]
    fn __ad_vjp_dot(
        &self,
        rhs: &R,
    ) -> (
        Self::Output,
        impl Fn(Self::Output) -> (Self, R) + use<Self, R>,
    );
    /// Reverse mode when only `a` is differentiated: keeps `b` alone, returns `adj[y] · bᵀ`.
    fn __ad_vjp_dot_lhs(
        &self,
        rhs: &R,
    ) -> (Self::Output, impl Fn(Self::Output) -> Self + use<Self, R>);
    /// Reverse mode when only `b` is differentiated: keeps `a` alone, returns `aᵀ · adj[y]`.
    fn __ad_vjp_dot_rhs(
        &self,
        rhs: &R,
    ) -> (Self::Output, impl Fn(Self::Output) -> R + use<Self, R>);
    /// Forward mode: `ta · b + a · tb`.
    fn __ad_fwd_dot(
        &self,
        rhs: &R,
        t: impl MaybeTangent<Self>,
        t_rhs: impl MaybeTangent<R>,
    ) -> (Self::Output, Self::Output);
    /// Second order (bilinear): `t12 = ta12 · b + a · tb12 + ta1 · tb2 + ta2 · tb1`.
    fn __ad_hvp_dot(
        &self,
        rhs: &R,
        t: impl MaybeTangent<Second<Self>>,
        t_rhs: impl MaybeTangent<Second<R>>,
    ) -> (Self::Output, Second<Self::Output>);
}

macro_rules! dot_rule {
    ($lhs:ty, $rhs:ty, $out:ty, |$d:ident, $a:ident, $b:ident| ($da:expr, $db:expr)) => {
        impl DotRule<$rhs> for $lhs {
            type Output = $out;
            fn __ad_vjp_dot(&self, rhs: &$rhs) -> ($out, impl Fn($out) -> ($lhs, $rhs) + use<>) {
                let ($a, $b) = (self.clone(), rhs.clone());
                (self.dot(rhs), move |$d: $out| ($da, $db))
            }
            fn __ad_vjp_dot_lhs(&self, rhs: &$rhs) -> ($out, impl Fn($out) -> $lhs + use<>) {
                let $b = rhs.clone();
                (self.dot(rhs), move |$d: $out| $da)
            }
            fn __ad_vjp_dot_rhs(&self, rhs: &$rhs) -> ($out, impl Fn($out) -> $rhs + use<>) {
                let $a = self.clone();
                (self.dot(rhs), move |$d: $out| $db)
            }
            fn __ad_fwd_dot(
                &self,
                rhs: &$rhs,
                t: impl MaybeTangent<$lhs>,
                t_rhs: impl MaybeTangent<$rhs>,
            ) -> ($out, $out) {
                let value = self.dot(rhs);
                let left = t.map_or(None, |t| Some(t.dot(rhs)));
                let right = t_rhs.map_or(None, |t| Some(self.dot(&t)));
                let tangent = match (left, right) {
                    (Some(l), Some(r)) => l + r,
                    (Some(l), None) => l,
                    (None, Some(r)) => r,
                    (None, None) => &value * 0.0,
                };
                (value, tangent)
            }
            fn __ad_hvp_dot(
                &self,
                rhs: &$rhs,
                t: impl MaybeTangent<Second<$lhs>>,
                t_rhs: impl MaybeTangent<Second<$rhs>>,
            ) -> ($out, Second<$out>) {
                let zero = |x: &$lhs| x * 0.0;
                let zero_rhs = |x: &$rhs| x * 0.0;
                let (a1, a2, a12) = t.or_zero(|| (zero(self), zero(self), zero(self)));
                let (b1, b2, b12) = t_rhs.or_zero(|| (zero_rhs(rhs), zero_rhs(rhs), zero_rhs(rhs)));
                let first = a1.dot(rhs) + self.dot(&b1);
                let second = a2.dot(rhs) + self.dot(&b2);
                let mixed = a12.dot(rhs) + self.dot(&b12) + a1.dot(&b2) + a2.dot(&b1);
                (self.dot(rhs), (first, second, mixed))
            }
        }
    };
}

dot_rule!(Array1<f64>, Array1<f64>, f64, |d, a, b| (&b * d, &a * d));
// The matrix's cotangent is the outer product `d bᵀ`.
dot_rule!(Array2<f64>, Array1<f64>, Array1<f64>, |d, a, b| (
    d.view()
        .insert_axis(ndarray::Axis(1))
        .dot(&b.view().insert_axis(ndarray::Axis(0))),
    a.t().dot(&d)
));
dot_rule!(Array2<f64>, Array2<f64>, Array2<f64>, |d, a, b| (
    d.dot(&b.t()),
    a.t().dot(&d)
));

/// `(f(x), f'(x))` of every element, in one pass: the scalar rule computes the value and the
/// slope together (`exp` once for both), where `a.exp()` and a separate slope would not.
fn values_and_slopes<D: Dimension>(a: &A<D>, rule: impl Fn(f64) -> (f64, f64)) -> (A<D>, A<D>) {
    let mut values = Array::zeros(a.raw_dim());
    let mut slopes = Array::zeros(a.raw_dim());
    ndarray::Zip::from(&mut values)
        .and(&mut slopes)
        .and(a)
        .for_each(|value, slope, &x| (*value, *slope) = rule(x));
    (values, slopes)
}

/// The elementwise methods: the scalar rules of `crate::float` and `crate::second` applied to
/// each element, with `f'` and `f''` per element.
///
/// Original: `y = f(a)` / Tangent: `ty = f'(a) ⊙ ta` (second order:
/// `t12 = f'(a) ⊙ t12 + f''(a) ⊙ t1 ⊙ t2`) / Adjoint: `adj[a] += adj[y] ⊙ f'(a)`.
macro_rules! elementwise_method {
    ($($method:ident: $vjp:ident, $fwd:ident, $hvp:ident, $scalar_vjp:ident, $scalar_hvp:ident;)*) => {
        /// Elementwise float methods of `f64` arrays (ndarray's `a.exp()`, `a.tanh()`, ...),
        /// in the three modes, each the scalar rule of `crate::float` applied to every element,
        /// with its conventions.
        pub trait ArrayMath: Sized {
            $(
                #[doc = concat!("`", stringify!($method), "`, reverse mode.")]
                fn $vjp(&self) -> (Self, impl Fn(Self) -> (Self,) + use<Self>);
                #[doc = concat!("`", stringify!($method), "`, forward mode.")]
                fn $fwd(&self, t: impl MaybeTangent<Self>) -> (Self, Self);
                #[doc = concat!("`", stringify!($method), "`, second order.")]
                fn $hvp(&self, t: impl MaybeTangent<Second<Self>>) -> (Self, Second<Self>);
            )*
        }

        impl<D: Dimension> ArrayMath for A<D> {
            $(
                fn $vjp(&self) -> (Self, impl Fn(Self) -> (Self,) + use<D>) {
                    let (y, d1) = values_and_slopes(self, |x| {
                        let (y, pullback) = x.$scalar_vjp();
                        (y, pullback(1.0).0)
                    });
                    (y, move |d: Self| (d * &d1,))
                }
                fn $fwd(&self, t: impl MaybeTangent<Self>) -> (Self, Self) {
                    let (y, d1) = values_and_slopes(self, |x| {
                        let (y, pullback) = x.$scalar_vjp();
                        (y, pullback(1.0).0)
                    });
                    let tangent = t.map_or_zero_like(self, |t| t * &d1);
                    (y, tangent)
                }
                fn $hvp(&self, t: impl MaybeTangent<Second<Self>>) -> (Self, Second<Self>) {
                    let d1 = self.mapv(|x| x.$scalar_vjp().1(1.0).0);
                    let d2 = self.mapv(|x| x.$scalar_hvp(ad_core::forward::Present((1.0, 1.0, 0.0))).1.2);
                    let zero = self * 0.0;
                    let (a, b, ab) = t.or_zero(|| (zero.clone(), zero.clone(), zero));
                    let mixed = &ab * &d1 + &a * &b * &d2;
                    (self.$method(), (a * &d1, b * &d1, mixed))
                }
            )*
        }
    };
}

elementwise_method! {
    exp: __ad_vjp_exp, __ad_fwd_exp, __ad_hvp_exp, __ad_vjp_exp, __ad_hvp_exp;
    ln: __ad_vjp_ln, __ad_fwd_ln, __ad_hvp_ln, __ad_vjp_ln, __ad_hvp_ln;
    sqrt: __ad_vjp_sqrt, __ad_fwd_sqrt, __ad_hvp_sqrt, __ad_vjp_sqrt, __ad_hvp_sqrt;
    tanh: __ad_vjp_tanh, __ad_fwd_tanh, __ad_hvp_tanh, __ad_vjp_tanh, __ad_hvp_tanh;
    sin: __ad_vjp_sin, __ad_fwd_sin, __ad_hvp_sin, __ad_vjp_sin, __ad_hvp_sin;
    cos: __ad_vjp_cos, __ad_fwd_cos, __ad_hvp_cos, __ad_vjp_cos, __ad_hvp_cos;
    abs: __ad_vjp_abs, __ad_fwd_abs, __ad_hvp_abs, __ad_vjp_abs, __ad_hvp_abs;
    recip: __ad_vjp_recip, __ad_fwd_recip, __ad_hvp_recip, __ad_vjp_recip, __ad_hvp_recip;
    exp2: __ad_vjp_exp2, __ad_fwd_exp2, __ad_hvp_exp2, __ad_vjp_exp2, __ad_hvp_exp2;
    exp_m1: __ad_vjp_exp_m1, __ad_fwd_exp_m1, __ad_hvp_exp_m1, __ad_vjp_exp_m1, __ad_hvp_exp_m1;
    log2: __ad_vjp_log2, __ad_fwd_log2, __ad_hvp_log2, __ad_vjp_log2, __ad_hvp_log2;
    log10: __ad_vjp_log10, __ad_fwd_log10, __ad_hvp_log10, __ad_vjp_log10, __ad_hvp_log10;
    ln_1p: __ad_vjp_ln_1p, __ad_fwd_ln_1p, __ad_hvp_ln_1p, __ad_vjp_ln_1p, __ad_hvp_ln_1p;
    cbrt: __ad_vjp_cbrt, __ad_fwd_cbrt, __ad_hvp_cbrt, __ad_vjp_cbrt, __ad_hvp_cbrt;
    tan: __ad_vjp_tan, __ad_fwd_tan, __ad_hvp_tan, __ad_vjp_tan, __ad_hvp_tan;
    asin: __ad_vjp_asin, __ad_fwd_asin, __ad_hvp_asin, __ad_vjp_asin, __ad_hvp_asin;
    acos: __ad_vjp_acos, __ad_fwd_acos, __ad_hvp_acos, __ad_vjp_acos, __ad_hvp_acos;
    atan: __ad_vjp_atan, __ad_fwd_atan, __ad_hvp_atan, __ad_vjp_atan, __ad_hvp_atan;
    sinh: __ad_vjp_sinh, __ad_fwd_sinh, __ad_hvp_sinh, __ad_vjp_sinh, __ad_hvp_sinh;
    cosh: __ad_vjp_cosh, __ad_fwd_cosh, __ad_hvp_cosh, __ad_vjp_cosh, __ad_hvp_cosh;
    asinh: __ad_vjp_asinh, __ad_fwd_asinh, __ad_hvp_asinh, __ad_vjp_asinh, __ad_hvp_asinh;
    acosh: __ad_vjp_acosh, __ad_fwd_acosh, __ad_hvp_acosh, __ad_vjp_acosh, __ad_hvp_acosh;
    atanh: __ad_vjp_atanh, __ad_fwd_atanh, __ad_hvp_atanh, __ad_vjp_atanh, __ad_hvp_atanh;
    signum: __ad_vjp_signum, __ad_fwd_signum, __ad_hvp_signum, __ad_vjp_signum, __ad_hvp_signum;
}

/// `a.mapv(f)` of an `f64` array, in the three modes, with `f` given as `function!(f)` (a
/// function with its derivatives, see `ad_core::function`): generated code calls
/// `differentiable_mapv` for `mapv`, and the rules apply `f`'s own rules to each element.
///
/// Original: `y_i = f(a_i)` / Tangent: `ty_i = f'(a_i) ta_i` / Adjoint: `adj[a]_i += adj[y]_i f'(a_i)`.
pub trait ArrayMapv: Sized {
    /// `mapv`, for `f` given with its derivatives.
    fn differentiable_mapv<F: DifferentiableFn<f64, Output = f64>>(&self, f: F) -> Self;
    /// Reverse mode: each element's cotangent times `f'` there; the function has none.
    fn __ad_vjp_differentiable_mapv<F: DifferentiableFn<f64, Output = f64>>(
        &self,
        f: F,
    ) -> (Self, impl Fn(Self) -> (Self, NoTangent) + use<Self, F>);
    /// Forward mode: each element's tangent through `f`'s forward rule.
    fn __ad_fwd_differentiable_mapv<F: DifferentiableFn<f64, Output = f64>>(
        &self,
        f: F,
        t: impl MaybeTangent<Self>,
        t_f: impl MaybeTangent<NoTangent>,
    ) -> (Self, Self);
    /// Second order: each element's tangents through `f`'s second-order rule.
    fn __ad_hvp_differentiable_mapv<F: DifferentiableFn<f64, Output = f64>>(
        &self,
        f: F,
        t: impl MaybeTangent<Second<Self>>,
        t_f: impl MaybeTangent<Second<NoTangent>>,
    ) -> (Self, Second<Self>);
}

impl<D: Dimension> ArrayMapv for A<D> {
    fn differentiable_mapv<F: DifferentiableFn<f64, Output = f64>>(&self, f: F) -> Self {
        self.mapv(|x| f.call(x))
    }
    fn __ad_vjp_differentiable_mapv<F: DifferentiableFn<f64, Output = f64>>(
        &self,
        f: F,
    ) -> (Self, impl Fn(Self) -> (Self, NoTangent) + use<D, F>) {
        let value = self.mapv(|x| f.call(x));
        let slope = self.mapv(|x| f.__ad_vjp_call(x).1(1.0).1);
        (value, move |d: Self| (d * &slope, NoTangent))
    }
    fn __ad_fwd_differentiable_mapv<F: DifferentiableFn<f64, Output = f64>>(
        &self,
        f: F,
        t: impl MaybeTangent<Self>,
        _t_f: impl MaybeTangent<NoTangent>,
    ) -> (Self, Self) {
        let value = self.mapv(|x| f.call(x));
        let t = t.or_zero(|| self * 0.0);
        let mut tangent = t.clone();
        ndarray::Zip::from(&mut tangent)
            .and(self)
            .and(&t)
            .for_each(|out, &x, &tx| {
                *out = f
                    .__ad_fwd_call(x, ad_core::forward::Absent, ad_core::forward::Present(tx))
                    .1;
            });
        (value, tangent)
    }
    fn __ad_hvp_differentiable_mapv<F: DifferentiableFn<f64, Output = f64>>(
        &self,
        f: F,
        t: impl MaybeTangent<Second<Self>>,
        _t_f: impl MaybeTangent<Second<NoTangent>>,
    ) -> (Self, Second<Self>) {
        let value = self.mapv(|x| f.call(x));
        let zero = self * 0.0;
        let (a, b, ab) = t.or_zero(|| (zero.clone(), zero.clone(), zero));
        let tangents: Vec<Second<f64>> = self
            .iter()
            .zip(a.iter().zip(b.iter()).zip(ab.iter()))
            .map(|(&x, ((&ta, &tb), &tab))| {
                let given = ad_core::forward::Present((ta, tb, tab));
                f.__ad_hvp_call(x, ad_core::forward::Absent, given).1
            })
            .collect();
        // Elements in logical order, back into arrays of the value's shape.
        let component = |pick: fn(&Second<f64>) -> f64| {
            Array::from_shape_vec(self.raw_dim(), tangents.iter().map(pick).collect())
                .expect("one tangent per element")
        };
        let (first, second, mixed) = (component(|t| t.0), component(|t| t.1), component(|t| t.2));
        (value, (first, second, mixed))
    }
}

/// `a.sum_axis(axis)` of an `f64` array, in the three modes.
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

/// [`MaybeTangent::map_or`] whose absent case is a zero shaped like the result.
pub(super) trait MapOrZeroLike<T, S> {
    fn map_or_zero_like(self, like: &S, f: impl FnOnce(T) -> S) -> S;
}

impl<D: Dimension, E: Dimension, M: MaybeTangent<A<D>>> MapOrZeroLike<A<D>, A<E>> for M {
    fn map_or_zero_like(self, like: &A<E>, f: impl FnOnce(A<D>) -> A<E>) -> A<E> {
        self.map_or(like * 0.0, f)
    }
}

/// `a.mean_axis(axis)` of an `f64` array, in the three modes: `None` for an empty axis, as
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
        let n = self.len_of(axis) as f64;
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
            let n = self.len_of(axis) as f64;
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
        let n = self.len_of(axis) as f64;
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
