//! `a.map(f)` of Rust's fixed-size float arrays (`[f64; N]`, `[f32; N]`): the rules of
//! [`ArrayMapv`], which generated code calls for `map` with a closure or a function (see
//! [`super::elementwise::ArrayMap`]). Rust's `map` hands `f` each element by value.
//!
//! Original: `y_k = f(a_k)` / Tangent: `ty_k = ∂ₐf(a_k) ta_k + ∂_f f(a_k) t_f` /
//! Adjoint: `adj[a]_k += adj[y]_k ∂ₐf(a_k)`, `adj[f] += Σ_k adj[y]_k ∂_f f(a_k)` (what `f`
//! captured; nothing for a plain function).

use super::elementwise::ArrayMapv;
use crate::second::Second;
use ad_core::forward::{MaybeTangent, Present};
use ad_core::function::DifferentiableFn;
use ad_core::{Tangent, TangentVector};

for_each_float! {
impl<const N: usize> ArrayMapv for [Float; N] {
    type Elem = Float;
    fn differentiable_mapv<F: DifferentiableFn<Float, Output = Float>>(&self, f: F) -> Self {
        self.map(|x| f.call(x))
    }
    fn __ad_vjp_differentiable_mapv<F: DifferentiableFn<Float, Output = Float>>(
        &self,
        f: F,
    ) -> (Self, impl Fn(Self) -> (Self, Tangent<F>) + use<N, F>) {
        // One call of `f`'s rule per element gives the value and the slopes; a capturing
        // function also keeps its own slopes per element (pullbacks are linear: the slope at
        // seed 1 times the cotangent).
        let captures = std::mem::size_of::<Tangent<F>>() != 0;
        let (mut values, mut slopes) = ([0.0; N], [0.0; N]);
        let mut slopes_of_f: Vec<Tangent<F>> = Vec::new();
        for (k, &x) in self.iter().enumerate() {
            let (y, pullback) = f.__ad_vjp_call(x);
            let (of_f, of_x) = pullback(1.0);
            (values[k], slopes[k]) = (y, of_x);
            if captures {
                slopes_of_f.push(of_f);
            }
        }
        (values, move |d: Self| {
            let mut of_f = <Tangent<F> as TangentVector>::zero_vector();
            for (slope, &dk) in slopes_of_f.iter().zip(d.iter()) {
                of_f.add_assign(slope.clone().scaled(f64::from(dk)));
            }
            (std::array::from_fn(|k| d[k] * slopes[k]), of_f)
        })
    }
    fn __ad_fwd_differentiable_mapv<F: DifferentiableFn<Float, Output = Float>>(
        &self,
        f: F,
        t: impl MaybeTangent<Self>,
        t_f: impl MaybeTangent<Tangent<F>>,
    ) -> (Self, Self) {
        let t = t.or_zero(|| [0.0; N]);
        let t_f: Option<Tangent<F>> = t_f.map_or(None, Some);
        let mut value = [0.0; N];
        let tangent = std::array::from_fn(|k| {
            let (x, tx) = (self[k], Present(t[k]));
            let (y, ty) = match &t_f {
                Some(t_f) => f.__ad_fwd_call(x, Present(t_f.clone()), tx),
                None => f.__ad_fwd_call(x, ad_core::forward::Absent, tx),
            };
            value[k] = y;
            ty
        });
        (value, tangent)
    }
    fn __ad_hvp_differentiable_mapv<F: DifferentiableFn<Float, Output = Float>>(
        &self,
        f: F,
        t: impl MaybeTangent<Second<Self>>,
        t_f: impl MaybeTangent<Second<Tangent<F>>>,
    ) -> (Self, Second<Self>) {
        let (a, b, ab) = t.or_zero(|| ([0.0; N], [0.0; N], [0.0; N]));
        let t_f: Option<Second<Tangent<F>>> = t_f.map_or(None, Some);
        let mut value = [0.0; N];
        let (mut first, mut second, mut mixed) = ([0.0; N], [0.0; N], [0.0; N]);
        for k in 0..N {
            let given = Present((a[k], b[k], ab[k]));
            let (y, (tk, sk, mk)) = match &t_f {
                Some(t_f) => f.__ad_hvp_call(self[k], Present(t_f.clone()), given),
                None => f.__ad_hvp_call(self[k], ad_core::forward::Absent, given),
            };
            (value[k], first[k], second[k], mixed[k]) = (y, tk, sk, mk);
        }
        (value, (first, second, mixed))
    }
}
}
