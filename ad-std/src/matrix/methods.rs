//! Rules of the methods of nalgebra matrices: `dot`, `norm`, `norm_squared`, `normalize`,
//! `transpose`, `sum`, `component_mul`, `cross` (3-vectors) and `map`, in the three modes
//! (named `__ad_vjp_<m>`, `__ad_fwd_<m>`, `__ad_hvp_<m>` after the method `<m>`).
//!
//! Conventions where a function is not differentiable: `norm` at the zero vector has the
//! derivative 0 in every mode (the subgradient of smallest size, as `abs` at 0); `normalize`
//! at the zero vector gives what its closed form gives there, NaN, like its value.

use super::{bilinear_first, bilinear_second};
use crate::array::DotRule;
use crate::second::Second;
use ad_core::forward::{Absent, MaybeTangent, Present};
use ad_core::function::DifferentiableFn;
use ad_core::{Differentiable, Tangent, TangentVector};
use nalgebra::allocator::Allocator;
use nalgebra::{DefaultAllocator, Dim, U1, U3};

/// Rules of the unary methods of a float matrix, in the three modes.
///
/// - `norm`: Original: `n = |a|` / Tangent: `tn = <a, ta> / n` / Adjoint: `adj[a] += adj[n] a / n`;
///   second order `n12 = (<a, t12> + <t1, t2> - n1 n2) / n`.
/// - `norm_squared`: Original: `s = <a, a>` / Tangent: `ts = 2 <a, ta>` / Adjoint: `adj[a] += 2 adj[s] a`;
///   second order `s12 = 2 (<a, t12> + <t1, t2>)`.
/// - `normalize`: Original: `y = a / n` / Tangent: `ty = (ta - y <y, ta>) / n` /
///   Adjoint: `adj[a] += (adj[y] - y <y, adj[y]>) / n`; second order
///   `y12 = (t12 - y2 n1 - y n12 - y1 n2) / n`.
/// - `sum`: Original: `s = Σ a` / Tangent: `ts = Σ ta` / Adjoint: `adj[a] += adj[s]` everywhere (linear).
/// - `transpose`: Original: `y = aᵀ` / Tangent: `ty = taᵀ` / Adjoint: `adj[a] += adj[y]ᵀ` (linear).
#[allow(
    clippy::type_complexity,
    reason = "the contract generated code relies on"
)]
pub trait MatrixMethods: Sized {
    /// The element type.
    type Elem;
    /// The transposed matrix's type.
    type Transposed;
    /// `norm`, reverse mode.
    fn __ad_vjp_norm(&self) -> (Self::Elem, impl Fn(Self::Elem) -> (Self,) + use<Self>);
    /// `norm`, forward mode.
    fn __ad_fwd_norm(&self, t: impl MaybeTangent<Self>) -> (Self::Elem, Self::Elem);
    /// `norm`, second order.
    fn __ad_hvp_norm(&self, t: impl MaybeTangent<Second<Self>>)
    -> (Self::Elem, Second<Self::Elem>);
    /// `norm_squared`, reverse mode.
    fn __ad_vjp_norm_squared(&self) -> (Self::Elem, impl Fn(Self::Elem) -> (Self,) + use<Self>);
    /// `norm_squared`, forward mode.
    fn __ad_fwd_norm_squared(&self, t: impl MaybeTangent<Self>) -> (Self::Elem, Self::Elem);
    /// `norm_squared`, second order.
    fn __ad_hvp_norm_squared(
        &self,
        t: impl MaybeTangent<Second<Self>>,
    ) -> (Self::Elem, Second<Self::Elem>);
    /// `normalize`, reverse mode.
    fn __ad_vjp_normalize(&self) -> (Self, impl Fn(Self) -> (Self,) + use<Self>);
    /// `normalize`, forward mode.
    fn __ad_fwd_normalize(&self, t: impl MaybeTangent<Self>) -> (Self, Self);
    /// `normalize`, second order.
    fn __ad_hvp_normalize(&self, t: impl MaybeTangent<Second<Self>>) -> (Self, Second<Self>);
    /// `sum`, reverse mode.
    fn __ad_vjp_sum(&self) -> (Self::Elem, impl Fn(Self::Elem) -> (Self,) + use<Self>);
    /// `sum`, forward mode.
    fn __ad_fwd_sum(&self, t: impl MaybeTangent<Self>) -> (Self::Elem, Self::Elem);
    /// `sum`, second order.
    fn __ad_hvp_sum(&self, t: impl MaybeTangent<Second<Self>>) -> (Self::Elem, Second<Self::Elem>);
    /// `transpose`, reverse mode.
    fn __ad_vjp_transpose(
        &self,
    ) -> (
        Self::Transposed,
        impl Fn(Self::Transposed) -> (Self,) + use<Self>,
    );
    /// `transpose`, forward mode.
    fn __ad_fwd_transpose(
        &self,
        t: impl MaybeTangent<Self>,
    ) -> (Self::Transposed, Self::Transposed);
    /// `transpose`, second order.
    fn __ad_hvp_transpose(
        &self,
        t: impl MaybeTangent<Second<Self>>,
    ) -> (Self::Transposed, Second<Self::Transposed>);
}

/// `a.component_mul(&b)`, the elementwise product, in the three modes.
///
/// Original: `y = a ⊙ b` / Tangent: `ty = ta ⊙ b + a ⊙ tb` / Adjoint: `adj[a] += adj[y] ⊙ b; adj[b] += adj[y] ⊙ a`.
#[allow(
    clippy::type_complexity,
    reason = "the contract generated code relies on"
)]
pub trait MatrixComponentMul: Sized {
    /// Reverse mode.
    fn __ad_vjp_component_mul(
        &self,
        rhs: &Self,
    ) -> (Self, impl Fn(Self) -> (Self, Self) + use<Self>);
    /// Forward mode.
    fn __ad_fwd_component_mul(
        &self,
        rhs: &Self,
        t: impl MaybeTangent<Self>,
        t_rhs: impl MaybeTangent<Self>,
    ) -> (Self, Self);
    /// Second order (bilinear).
    fn __ad_hvp_component_mul(
        &self,
        rhs: &Self,
        t: impl MaybeTangent<Second<Self>>,
        t_rhs: impl MaybeTangent<Second<Self>>,
    ) -> (Self, Second<Self>);
}

/// `a.cross(&b)` of 3-vectors, in the three modes.
///
/// Original: `y = a × b` / Tangent: `ty = ta × b + a × tb` / Adjoint: `adj[a] += b × adj[y]; adj[b] += adj[y] × a`.
#[allow(
    clippy::type_complexity,
    reason = "the contract generated code relies on"
)]
pub trait MatrixCross: Sized {
    /// Reverse mode.
    fn __ad_vjp_cross(&self, rhs: &Self) -> (Self, impl Fn(Self) -> (Self, Self) + use<Self>);
    /// Forward mode.
    fn __ad_fwd_cross(
        &self,
        rhs: &Self,
        t: impl MaybeTangent<Self>,
        t_rhs: impl MaybeTangent<Self>,
    ) -> (Self, Self);
    /// Second order (bilinear).
    fn __ad_hvp_cross(
        &self,
        rhs: &Self,
        t: impl MaybeTangent<Second<Self>>,
        t_rhs: impl MaybeTangent<Second<Self>>,
    ) -> (Self, Second<Self>);
}

/// `a.map(f)` of a float matrix, with `f` given as `function!(f)` or as a capturing function
/// (generated code calls `differentiable_map` for `map` with a closure or a path, as
/// `differentiable_mapv` for ndarray's `mapv`): each element goes through `f`'s own rules.
///
/// Original: `y_i = f(a_i)` / Tangent: `ty_i = ∂ₐf(a_i) ta_i + ∂_f f(a_i) t_f` /
/// Adjoint: `adj[a]_i += adj[y]_i ∂ₐf(a_i)`, `adj[f] += Σ_i adj[y]_i ∂_f f(a_i)`.
pub trait MatrixMap: Sized {
    /// The element type.
    type Elem: Differentiable;
    /// `map`, for `f` given with its derivatives.
    fn differentiable_map<F: DifferentiableFn<Self::Elem, Output = Self::Elem>>(
        &self,
        f: F,
    ) -> Self;
    /// Reverse mode: each element's cotangent times `f'` there; the function has none.
    fn __ad_vjp_differentiable_map<F: DifferentiableFn<Self::Elem, Output = Self::Elem>>(
        &self,
        f: F,
    ) -> (Self, impl Fn(Self) -> (Self, Tangent<F>) + use<Self, F>);
    /// Forward mode.
    fn __ad_fwd_differentiable_map<F: DifferentiableFn<Self::Elem, Output = Self::Elem>>(
        &self,
        f: F,
        t: impl MaybeTangent<Self>,
        t_f: impl MaybeTangent<Tangent<F>>,
    ) -> (Self, Self);
    /// Second order.
    fn __ad_hvp_differentiable_map<F: DifferentiableFn<Self::Elem, Output = Self::Elem>>(
        &self,
        f: F,
        t: impl MaybeTangent<Second<Self>>,
        t_f: impl MaybeTangent<Second<Tangent<F>>>,
    ) -> (Self, Second<Self>);
}

for_each_matrix_float! {
/// The three tangents of `a`, zeros where none were given.
fn second_of<R: Dim, C: Dim>(a: &M<R, C>, t: impl MaybeTangent<Second<M<R, C>>>) -> Second<M<R, C>>
where
    DefaultAllocator: Allocator<R, C>,
{
    t.or_zero(|| {
        let zero = a.zero_tangent();
        (zero.clone(), zero.clone(), zero)
    })
}

/// `norm`'s first-order rule `<a, t> / n`, 0 at the zero vector.
fn norm_slope<R: Dim, C: Dim>(a: &M<R, C>, n: Float, t: &M<R, C>) -> Float
where
    DefaultAllocator: Allocator<R, C>,
{
    if n == 0.0 { 0.0 } else { a.dot(t) / n }
}

impl<R: Dim, C: Dim> MatrixMethods for M<R, C>
where
    DefaultAllocator: Allocator<R, C> + Allocator<C, R>,
{
    type Elem = Float;
    type Transposed = M<C, R>;
    fn __ad_vjp_norm(&self) -> (Float, impl Fn(Float) -> (Self,) + use<R, C>) {
        let n = self.norm();
        let a = self.clone();
        (n, move |d: Float| {
            if n == 0.0 { (a.zero_tangent(),) } else { (a.map(|x| d * x / n),) }
        })
    }
    fn __ad_fwd_norm(&self, t: impl MaybeTangent<Self>) -> (Float, Float) {
        let n = self.norm();
        (n, t.map_or(0.0, |t| norm_slope(self, n, &t)))
    }
    fn __ad_hvp_norm(&self, t: impl MaybeTangent<Second<Self>>) -> (Float, Second<Float>) {
        let n = self.norm();
        let (t1, t2, t12) = second_of(self, t);
        if n == 0.0 {
            return (n, (0.0, 0.0, 0.0));
        }
        let (n1, n2) = (self.dot(&t1) / n, self.dot(&t2) / n);
        let n12 = (self.dot(&t12) + t1.dot(&t2) - n1 * n2) / n;
        (n, (n1, n2, n12))
    }
    fn __ad_vjp_norm_squared(&self) -> (Float, impl Fn(Float) -> (Self,) + use<R, C>) {
        let a = self.clone();
        (self.norm_squared(), move |d: Float| (a.map(|x| 2.0 * d * x),))
    }
    fn __ad_fwd_norm_squared(&self, t: impl MaybeTangent<Self>) -> (Float, Float) {
        (self.norm_squared(), t.map_or(0.0, |t| 2.0 * self.dot(&t)))
    }
    fn __ad_hvp_norm_squared(&self, t: impl MaybeTangent<Second<Self>>) -> (Float, Second<Float>) {
        let (t1, t2, t12) = second_of(self, t);
        let tangents = (
            2.0 * self.dot(&t1),
            2.0 * self.dot(&t2),
            2.0 * (self.dot(&t12) + t1.dot(&t2)),
        );
        (self.norm_squared(), tangents)
    }
    fn __ad_vjp_normalize(&self) -> (Self, impl Fn(Self) -> (Self,) + use<R, C>) {
        let n = self.norm();
        let y = self.map(|x| x / n);
        (y.clone(), move |d: Self| {
            let along = y.dot(&d);
            (d.zip_map(&y, |di, yi| (di - yi * along) / n),)
        })
    }
    fn __ad_fwd_normalize(&self, t: impl MaybeTangent<Self>) -> (Self, Self) {
        let n = self.norm();
        let y = self.map(|x| x / n);
        let tangent = t.map_or(y.zero_tangent(), |t| {
            let along = y.dot(&t);
            t.zip_map(&y, |ti, yi| (ti - yi * along) / n)
        });
        (y, tangent)
    }
    fn __ad_hvp_normalize(&self, t: impl MaybeTangent<Second<Self>>) -> (Self, Second<Self>) {
        let n = self.norm();
        let y = self.map(|x| x / n);
        let (t1, t2, t12) = second_of(self, t);
        let (n1, n2) = (y.dot(&t1), y.dot(&t2));
        let n12 = (self.dot(&t12) + t1.dot(&t2) - n1 * n2) / n;
        let y1 = t1.zip_map(&y, |a, yi| (a - yi * n1) / n);
        let y2 = t2.zip_map(&y, |a, yi| (a - yi * n2) / n);
        let mut y12 = t12.clone();
        for k in 0..y12.len() {
            y12[k] = (t12[k] - y2[k] * n1 - y[k] * n12 - y1[k] * n2) / n;
        }
        (y, (y1, y2, y12))
    }
    fn __ad_vjp_sum(&self) -> (Float, impl Fn(Float) -> (Self,) + use<R, C>) {
        let (rows, cols) = self.shape_generic();
        (self.sum(), move |d: Float| (M::from_element_generic(rows, cols, d),))
    }
    fn __ad_fwd_sum(&self, t: impl MaybeTangent<Self>) -> (Float, Float) {
        (self.sum(), t.map_or(0.0, |t| t.sum()))
    }
    fn __ad_hvp_sum(&self, t: impl MaybeTangent<Second<Self>>) -> (Float, Second<Float>) {
        let tangents = t.map_or((0.0, 0.0, 0.0), |(a, b, ab)| (a.sum(), b.sum(), ab.sum()));
        (self.sum(), tangents)
    }
    fn __ad_vjp_transpose(&self) -> (M<C, R>, impl Fn(M<C, R>) -> (Self,) + use<R, C>) {
        (self.transpose(), |d: M<C, R>| (d.transpose(),))
    }
    fn __ad_fwd_transpose(&self, t: impl MaybeTangent<Self>) -> (M<C, R>, M<C, R>) {
        let value = self.transpose();
        let tangent = t.map_or_else_zero(&value, |t| t.transpose());
        (value, tangent)
    }
    fn __ad_hvp_transpose(&self, t: impl MaybeTangent<Second<Self>>) -> (M<C, R>, Second<M<C, R>>) {
        let (a, b, ab) = second_of(self, t);
        (self.transpose(), (a.transpose(), b.transpose(), ab.transpose()))
    }
}

impl<R: Dim, C: Dim> MatrixComponentMul for M<R, C>
where
    DefaultAllocator: Allocator<R, C>,
{
    fn __ad_vjp_component_mul(&self, rhs: &Self) -> (Self, impl Fn(Self) -> (Self, Self) + use<R, C>) {
        let (a, b) = (self.clone(), rhs.clone());
        (self.component_mul(rhs), move |d: Self| (d.component_mul(&b), d.component_mul(&a)))
    }
    fn __ad_fwd_component_mul(
        &self,
        rhs: &Self,
        t: impl MaybeTangent<Self>,
        t_rhs: impl MaybeTangent<Self>,
    ) -> (Self, Self) {
        let (ta, tb) = (t.map_or(None, Some), t_rhs.map_or(None, Some));
        bilinear_first(self, rhs, ta, tb, |a, b| a.component_mul(b), |y| y.zero_tangent())
    }
    fn __ad_hvp_component_mul(
        &self,
        rhs: &Self,
        t: impl MaybeTangent<Second<Self>>,
        t_rhs: impl MaybeTangent<Second<Self>>,
    ) -> (Self, Second<Self>) {
        let (ta, tb) = (second_of(self, t), second_of(rhs, t_rhs));
        bilinear_second(self, rhs, ta, tb, |a, b| a.component_mul(b))
    }
}

impl MatrixCross for M<U3, U1> {
    fn __ad_vjp_cross(&self, rhs: &Self) -> (Self, impl Fn(Self) -> (Self, Self) + use<>) {
        let (a, b) = (*self, *rhs);
        (self.cross(rhs), move |d: Self| (b.cross(&d), d.cross(&a)))
    }
    fn __ad_fwd_cross(
        &self,
        rhs: &Self,
        t: impl MaybeTangent<Self>,
        t_rhs: impl MaybeTangent<Self>,
    ) -> (Self, Self) {
        let (ta, tb) = (t.map_or(None, Some), t_rhs.map_or(None, Some));
        bilinear_first(self, rhs, ta, tb, |a, b| a.cross(b), |y| y.zero_tangent())
    }
    fn __ad_hvp_cross(
        &self,
        rhs: &Self,
        t: impl MaybeTangent<Second<Self>>,
        t_rhs: impl MaybeTangent<Second<Self>>,
    ) -> (Self, Second<Self>) {
        let (ta, tb) = (second_of(self, t), second_of(rhs, t_rhs));
        bilinear_second(self, rhs, ta, tb, |a, b| a.cross(b))
    }
}

/// `a.dot(&b)` of two matrices of one shape (vectors, or matrices seen as vectors).
///
/// Original: `y = <a, b>` / Tangent: `ty = <ta, b> + <a, tb>` / Adjoint: `adj[a] += adj[y] b; adj[b] += adj[y] a`.
impl<R: Dim, C: Dim> DotRule<M<R, C>> for M<R, C>
where
    DefaultAllocator: Allocator<R, C>,
{
    type Output = Float;
    fn __ad_vjp_dot(&self, rhs: &Self) -> (Float, impl Fn(Float) -> (Self, Self) + use<R, C>) {
        let (a, b) = (self.clone(), rhs.clone());
        (self.dot(rhs), move |d: Float| (b.map(|x| d * x), a.map(|x| d * x)))
    }
    fn __ad_vjp_dot_lhs(&self, rhs: Self) -> (Float, impl Fn(Float) -> Self + use<R, C>) {
        (self.dot(&rhs), move |d: Float| rhs.map(|x| d * x))
    }
    fn __ad_vjp_dot_rhs(this: Self, rhs: &Self) -> (Float, impl Fn(Float) -> Self + use<R, C>) {
        (this.dot(rhs), move |d: Float| this.map(|x| d * x))
    }
    fn __ad_fwd_dot(
        &self,
        rhs: &Self,
        t: impl MaybeTangent<Self>,
        t_rhs: impl MaybeTangent<Self>,
    ) -> (Float, Float) {
        let (ta, tb) = (t.map_or(None, Some), t_rhs.map_or(None, Some));
        bilinear_first(self, rhs, ta, tb, |a, b| a.dot(b), |_| 0.0)
    }
    fn __ad_hvp_dot(
        &self,
        rhs: &Self,
        t: impl MaybeTangent<Second<Self>>,
        t_rhs: impl MaybeTangent<Second<Self>>,
    ) -> (Float, Second<Float>) {
        let (ta, tb) = (second_of(self, t), second_of(rhs, t_rhs));
        bilinear_second(self, rhs, ta, tb, |a, b| a.dot(b))
    }
}

impl<R: Dim, C: Dim> MatrixMap for M<R, C>
where
    DefaultAllocator: Allocator<R, C>,
{
    type Elem = Float;
    fn differentiable_map<F: DifferentiableFn<Float, Output = Float>>(&self, f: F) -> Self {
        self.map(|x| f.call(x))
    }
    fn __ad_vjp_differentiable_map<F: DifferentiableFn<Float, Output = Float>>(
        &self,
        f: F,
    ) -> (Self, impl Fn(Self) -> (Self, Tangent<F>) + use<R, C, F>) {
        // One call of `f`'s rule per element gives both the value and the slopes; the slopes
        // of what `f` captured (none for a plain function) as ndarray's `mapv` keeps them.
        let mut value = self.clone();
        let mut slope = self.clone();
        let mut slopes_of_f: Vec<Tangent<F>> = Vec::new();
        let captures = std::mem::size_of::<Tangent<F>>() != 0;
        for k in 0..self.len() {
            let (y, pullback) = f.__ad_vjp_call(self[k]);
            let (of_f, of_x) = pullback(1.0);
            value[k] = y;
            slope[k] = of_x;
            if captures {
                slopes_of_f.push(of_f);
            }
        }
        (value, move |d: Self| {
            let mut of_f = <Tangent<F> as TangentVector>::zero_vector();
            for (k, slope) in slopes_of_f.iter().enumerate() {
                of_f.add_assign(slope.clone().scaled(f64::from(d[k])));
            }
            (d.component_mul(&slope), of_f)
        })
    }
    fn __ad_fwd_differentiable_map<F: DifferentiableFn<Float, Output = Float>>(
        &self,
        f: F,
        t: impl MaybeTangent<Self>,
        t_f: impl MaybeTangent<Tangent<F>>,
    ) -> (Self, Self) {
        let t = t.or_zero(|| self.zero_tangent());
        let t_f: Option<Tangent<F>> = t_f.map_or(None, Some);
        let mut value = self.clone();
        let mut tangent = t.clone();
        for k in 0..self.len() {
            let (y, ty) = match &t_f {
                Some(t_f) => f.__ad_fwd_call(self[k], Present(t_f.clone()), Present(t[k])),
                None => f.__ad_fwd_call(self[k], Absent, Present(t[k])),
            };
            value[k] = y;
            tangent[k] = ty;
        }
        (value, tangent)
    }
    fn __ad_hvp_differentiable_map<F: DifferentiableFn<Float, Output = Float>>(
        &self,
        f: F,
        t: impl MaybeTangent<Second<Self>>,
        t_f: impl MaybeTangent<Second<Tangent<F>>>,
    ) -> (Self, Second<Self>) {
        let (mut a, mut b, mut ab) = second_of(self, t);
        let t_f: Option<Second<Tangent<F>>> = t_f.map_or(None, Some);
        let mut value = self.clone();
        for k in 0..self.len() {
            let given = Present((a[k], b[k], ab[k]));
            let (y, (ya, yb, yab)) = match &t_f {
                Some(t_f) => f.__ad_hvp_call(self[k], Present(t_f.clone()), given),
                None => f.__ad_hvp_call(self[k], Absent, given),
            };
            value[k] = y;
            (a[k], b[k], ab[k]) = (ya, yb, yab);
        }
        (value, (a, b, ab))
    }
}
}

/// A tangent given, mapped, or the zero shaped like a value.
trait MapOrZero<T> {
    /// `f(t)` for a given tangent `t`, else the zero tangent of `value`.
    fn map_or_else_zero<V: Differentiable>(
        self,
        value: &V,
        f: impl FnOnce(T) -> V::TangentVector,
    ) -> V::TangentVector;
}

impl<T, G: MaybeTangent<T>> MapOrZero<T> for G {
    fn map_or_else_zero<V: Differentiable>(
        self,
        value: &V,
        f: impl FnOnce(T) -> V::TangentVector,
    ) -> V::TangentVector {
        match self.map_or(None, |t| Some(f(t))) {
            Some(t) => t,
            None => value.zero_tangent(),
        }
    }
}
