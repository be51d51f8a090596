//! Rules of ndarray's elementwise float methods (`exp`, `ln`, `tanh`, ...) and of `mapv`.

use super::zero_like::MapOrZeroLike;
use crate::float::FloatMethods;
use crate::second::{FloatSecond, Second};
use ad_core::forward::MaybeTangent;
use ad_core::function::DifferentiableFn;
use ad_core::{Tangent, TangentVector};
use ndarray::{Array, Dimension, NdFloat};

/// `(f(x), f'(x))` of every element, in one pass: the scalar rule computes the value and the
/// slope together (`exp` once for both), where `a.exp()` and a separate slope would not.
pub(super) fn values_and_slopes<F: NdFloat, D: Dimension>(
    a: &Array<F, D>,
    rule: impl Fn(F) -> (F, F),
) -> (Array<F, D>, Array<F, D>) {
    let mut values = Array::zeros(a.raw_dim());
    let mut slopes = Array::zeros(a.raw_dim());
    ndarray::Zip::from(&mut values)
        .and(&mut slopes)
        .and(a)
        .for_each(|value, slope, &x| (*value, *slope) = rule(x));
    (values, slopes)
}

/// `slopes ⊙ d` in reverse mode: with the strong zeros of a strong scalar rule (`abs`,
/// `signum`, `powi`, `powf`; see [`crate::strong`]) when `strong`, IEEE products otherwise.
pub(super) fn times_slopes<F: NdFloat, D: Dimension>(
    strong: bool,
    slopes: &Array<F, D>,
    mut d: Array<F, D>,
) -> Array<F, D> {
    if strong {
        ndarray::Zip::from(&mut d)
            .and(slopes)
            .for_each(|d, &slope| *d = crate::strong::times(slope, *d));
        d
    } else {
        d * slopes
    }
}

/// `slopes ⊙ t` in forward mode: a zero tangent gives zero, and so does a zero slope of a strong
/// rule (see [`crate::strong`]).
pub(super) fn tangent_along<F: NdFloat, D: Dimension>(
    strong: bool,
    slopes: &Array<F, D>,
    mut t: Array<F, D>,
) -> Array<F, D> {
    ndarray::Zip::from(&mut t)
        .and(slopes)
        .for_each(|t, &slope| {
            *t = if strong {
                crate::strong::product(slope, *t)
            } else {
                crate::strong::along(slope, *t)
            }
        });
    t
}

/// The second-order tangents of an elementwise rule: the scalar second-order rule `rule` of
/// each element with its tangents (`rule(x, (a, b, ab))`). Each element goes through the
/// scalar rule whole, tangents included, rather than through `f'` and `f''` per element: the
/// scalar rules multiply tangents in first where `f''` alone would overflow (`ln`, `sqrt`,
/// `recip`, `powi` at small elements; see [`crate::second`]).
pub(super) fn second_by_element<F: NdFloat, D: Dimension>(
    a: &Array<F, D>,
    (mut t1, mut t2, mut t12): Second<Array<F, D>>,
    rule: impl Fn(F, ad_core::forward::Present<Second<F>>) -> Second<F>,
) -> Second<Array<F, D>> {
    ndarray::Zip::from(&mut t1)
        .and(&mut t2)
        .and(&mut t12)
        .and(a)
        .for_each(|t1, t2, t12, &x| {
            (*t1, *t2, *t12) = rule(x, ad_core::forward::Present((*t1, *t2, *t12)));
        });
    (t1, t2, t12)
}

/// The elementwise methods: the scalar rules of `crate::float` and `crate::second` applied to
/// each element (`f'` per element in reverse and forward mode, the whole scalar second-order
/// rule per element in second order), with the scalar rules' strong zeros.
///
/// Original: `y = f(a)` / Tangent: `ty = f'(a) ⊙ ta` (second order:
/// `t12 = f'(a) ⊙ t12 + f''(a) ⊙ t1 ⊙ t2`, by the scalar second-order rule of each element) /
/// Adjoint: `adj[a] += adj[y] ⊙ f'(a)`.
macro_rules! elementwise_method {
    ($($method:ident $(strong = $strong:literal)?: $vjp:ident, $fwd:ident, $hvp:ident, $scalar_vjp:ident, $scalar_hvp:ident;)*) => {
        /// Elementwise float methods of float arrays (ndarray's `a.exp()`, `a.tanh()`, ...),
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

        for_each_float! {
        impl<D: Dimension> ArrayMath for A<D> {
            $(
                fn $vjp(&self) -> (Self, impl Fn(Self) -> (Self,) + use<D>) {
                    let (y, d1) = values_and_slopes(self, |x| {
                        let (y, pullback) = x.$scalar_vjp();
                        (y, pullback(1.0).0)
                    });
                    let strong = false $(|| $strong)?;
                    (y, move |d: Self| (times_slopes(strong, &d1, d),))
                }
                fn $fwd(&self, t: impl MaybeTangent<Self>) -> (Self, Self) {
                    let (y, d1) = values_and_slopes(self, |x| {
                        let (y, pullback) = x.$scalar_vjp();
                        (y, pullback(1.0).0)
                    });
                    let strong = false $(|| $strong)?;
                    let tangent = t.map_or_zero_like(self, |t| tangent_along(strong, &d1, t));
                    (y, tangent)
                }
                fn $hvp(&self, t: impl MaybeTangent<Second<Self>>) -> (Self, Second<Self>) {
                    let zero = self * 0.0;
                    let tangents = t.or_zero(|| (zero.clone(), zero.clone(), zero));
                    (self.$method(), second_by_element(self, tangents, |x, t| x.$scalar_hvp(t).1))
                }
            )*
        }
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
    abs strong = true: __ad_vjp_abs, __ad_fwd_abs, __ad_hvp_abs, __ad_vjp_abs, __ad_hvp_abs;
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
    signum strong = true: __ad_vjp_signum, __ad_fwd_signum, __ad_hvp_signum, __ad_vjp_signum, __ad_hvp_signum;
}

/// `a.mapv(f)` of a float array, in the three modes, with `f` given as `function!(f)` (a
/// function with its derivatives, see `ad_core::function`) or as a capturing function (a
/// closure reading differentiated locals, see `ad_core::capturing`): generated code calls
/// `differentiable_mapv` for `mapv`, and the rules apply `f`'s own rules to each element.
///
/// Original: `y_i = f(a_i)` / Tangent: `ty_i = ∂ₐf(a_i) ta_i + ∂_f f(a_i) t_f` /
/// Adjoint: `adj[a]_i += adj[y]_i ∂ₐf(a_i)`, `adj[f] += Σ_i adj[y]_i ∂_f f(a_i)` (what `f`
/// captured; nothing for a plain function).
pub trait ArrayMapv: Sized {
    /// The element type.
    type Elem: ad_core::Differentiable;
    /// `mapv`, for `f` given with its derivatives.
    fn differentiable_mapv<F: DifferentiableFn<Self::Elem, Output = Self::Elem>>(
        &self,
        f: F,
    ) -> Self;
    /// Reverse mode: each element's cotangent times `∂ₐf` there, and the function's cotangent.
    fn __ad_vjp_differentiable_mapv<F: DifferentiableFn<Self::Elem, Output = Self::Elem>>(
        &self,
        f: F,
    ) -> (Self, impl Fn(Self) -> (Self, Tangent<F>) + use<Self, F>);
    /// Forward mode: each element's tangent through `f`'s forward rule.
    fn __ad_fwd_differentiable_mapv<F: DifferentiableFn<Self::Elem, Output = Self::Elem>>(
        &self,
        f: F,
        t: impl MaybeTangent<Self>,
        t_f: impl MaybeTangent<Tangent<F>>,
    ) -> (Self, Self);
    /// Second order: each element's tangents through `f`'s second-order rule.
    fn __ad_hvp_differentiable_mapv<F: DifferentiableFn<Self::Elem, Output = Self::Elem>>(
        &self,
        f: F,
        t: impl MaybeTangent<Second<Self>>,
        t_f: impl MaybeTangent<Second<Tangent<F>>>,
    ) -> (Self, Second<Self>);
}

for_each_float! {
impl<D: Dimension> ArrayMapv for A<D> {
    type Elem = Float;
    fn differentiable_mapv<F: DifferentiableFn<Float, Output = Float>>(&self, f: F) -> Self {
        self.mapv(|x| f.call(x))
    }
    fn __ad_vjp_differentiable_mapv<F: DifferentiableFn<Float, Output = Float>>(
        &self,
        f: F,
    ) -> (Self, impl Fn(Self) -> (Self, Tangent<F>) + use<D, F>) {
        // One call of `f`'s rule per element gives both the value and the slopes (calling `f`
        // again for the value would evaluate `tanh`, `exp`, .. twice). A plain function has
        // no tangent (a zero-sized one): only a capturing one keeps its slopes, per element
        // in logical order. (Pullbacks are linear: `adj[y]_i` times the slope at seed 1.)
        let captures = std::mem::size_of::<Tangent<F>>() != 0;
        let mut slopes_of_f: Vec<Tangent<F>> = Vec::new();
        let (value, slope) = if captures {
            let (mut values, mut slopes) = (Vec::new(), Vec::new());
            for &x in self.iter() {
                let (y, pullback) = f.__ad_vjp_call(x);
                let (of_f, of_x) = pullback(1.0);
                values.push(y);
                slopes.push(of_x);
                slopes_of_f.push(of_f);
            }
            let shaped = |v| Array::from_shape_vec(self.raw_dim(), v).expect("one per element");
            (shaped(values), shaped(slopes))
        } else {
            values_and_slopes(self, |x| {
                let (y, pullback) = f.__ad_vjp_call(x);
                (y, pullback(1.0).1)
            })
        };
        (value, move |d: Self| {
            let mut of_f = <Tangent<F> as TangentVector>::zero_vector();
            for (slope, &di) in slopes_of_f.iter().zip(d.iter()) {
                of_f.add_assign(slope.clone().scaled(f64::from(di)));
            }
            (d * &slope, of_f)
        })
    }
    fn __ad_fwd_differentiable_mapv<F: DifferentiableFn<Float, Output = Float>>(
        &self,
        f: F,
        t: impl MaybeTangent<Self>,
        t_f: impl MaybeTangent<Tangent<F>>,
    ) -> (Self, Self) {
        let value = self.mapv(|x| f.call(x));
        let t = t.or_zero(|| self * 0.0);
        let t_f: Option<Tangent<F>> = t_f.map_or(None, Some);
        let mut tangent = t.clone();
        ndarray::Zip::from(&mut tangent)
            .and(self)
            .and(&t)
            .for_each(|out, &x, &tx| {
                let tx = ad_core::forward::Present(tx);
                *out = match &t_f {
                    Some(t_f) => f.__ad_fwd_call(x, ad_core::forward::Present(t_f.clone()), tx),
                    None => f.__ad_fwd_call(x, ad_core::forward::Absent, tx),
                }
                .1;
            });
        (value, tangent)
    }
    fn __ad_hvp_differentiable_mapv<F: DifferentiableFn<Float, Output = Float>>(
        &self,
        f: F,
        t: impl MaybeTangent<Second<Self>>,
        t_f: impl MaybeTangent<Second<Tangent<F>>>,
    ) -> (Self, Second<Self>) {
        let value = self.mapv(|x| f.call(x));
        let zero = self * 0.0;
        let (a, b, ab) = t.or_zero(|| (zero.clone(), zero.clone(), zero));
        let t_f: Option<Second<Tangent<F>>> = t_f.map_or(None, Some);
        let tangents: Vec<Second<Float>> = self
            .iter()
            .zip(a.iter().zip(b.iter()).zip(ab.iter()))
            .map(|(&x, ((&ta, &tb), &tab))| {
                let given = ad_core::forward::Present((ta, tb, tab));
                match &t_f {
                    Some(t_f) => {
                        f.__ad_hvp_call(x, ad_core::forward::Present(t_f.clone()), given).1
                    }
                    None => f.__ad_hvp_call(x, ad_core::forward::Absent, given).1,
                }
            })
            .collect();
        // Elements in logical order, back into arrays of the value's shape.
        let component = |pick: fn(&Second<Float>) -> Float| {
            Array::from_shape_vec(self.raw_dim(), tangents.iter().map(pick).collect())
                .expect("one tangent per element")
        };
        let (first, second, mixed) = (component(|t| t.0), component(|t| t.1), component(|t| t.2));
        (value, (first, second, mixed))
    }
}
}

/// `a.map(f)` of a float array: `mapv`'s rules ([`ArrayMapv`]). ndarray's `map` hands `f` a
/// reference to each element; generated code gives the element itself to `function!(f)`,
/// whose parameter pattern `&v` or untyped `v` the lowering types as the float.
pub trait ArrayMap: ArrayMapv {
    /// `map`, for `f` given with its derivatives.
    fn differentiable_map<F: DifferentiableFn<Self::Elem, Output = Self::Elem>>(
        &self,
        f: F,
    ) -> Self {
        self.differentiable_mapv(f)
    }
    /// Reverse mode.
    fn __ad_vjp_differentiable_map<F: DifferentiableFn<Self::Elem, Output = Self::Elem>>(
        &self,
        f: F,
    ) -> (Self, impl Fn(Self) -> (Self, Tangent<F>) + use<Self, F>) {
        self.__ad_vjp_differentiable_mapv(f)
    }
    /// Forward mode.
    fn __ad_fwd_differentiable_map<F: DifferentiableFn<Self::Elem, Output = Self::Elem>>(
        &self,
        f: F,
        t: impl MaybeTangent<Self>,
        t_f: impl MaybeTangent<Tangent<F>>,
    ) -> (Self, Self) {
        self.__ad_fwd_differentiable_mapv(f, t, t_f)
    }
    /// Second order.
    fn __ad_hvp_differentiable_map<F: DifferentiableFn<Self::Elem, Output = Self::Elem>>(
        &self,
        f: F,
        t: impl MaybeTangent<Second<Self>>,
        t_f: impl MaybeTangent<Second<Tangent<F>>>,
    ) -> (Self, Second<Self>) {
        self.__ad_hvp_differentiable_mapv(f, t, t_f)
    }
}

impl<T: ArrayMapv> ArrayMap for T {}
