//! The operator rules of nalgebra matrices: `a + b` and `a - b` of one shape, `-a`, the
//! products by a scalar `a * s`, `s * a` and the quotient `a / s`, and the matrix product
//! `a * b` (an `R × C` matrix by a `C × K` one, which includes matrix times vector).

use super::{bilinear_first, bilinear_second};
use crate::ops::{AddRule, DivRule, MulRule, NegRule, SubRule};
use crate::same_type::MulOnTheRight;
use crate::second::Second;
use nalgebra::allocator::Allocator;
use nalgebra::{DefaultAllocator, Dim};

for_each_matrix_float! {
/// `a + b`, elementwise.
fn plus<R: Dim, C: Dim>(a: &M<R, C>, b: &M<R, C>) -> M<R, C>
where
    DefaultAllocator: Allocator<R, C>,
{
    a.zip_map(b, |x, y| x + y)
}

/// `a - b`, elementwise.
fn minus<R: Dim, C: Dim>(a: &M<R, C>, b: &M<R, C>) -> M<R, C>
where
    DefaultAllocator: Allocator<R, C>,
{
    a.zip_map(b, |x, y| x - y)
}

/// `a s`.
fn times<R: Dim, C: Dim>(a: &M<R, C>, s: Float) -> M<R, C>
where
    DefaultAllocator: Allocator<R, C>,
{
    a.map(|x| x * s)
}

/// `<a, b>`, the sum of the elementwise products (the cotangent of a scalar factor).
fn inner<R: Dim, C: Dim>(a: &M<R, C>, b: &M<R, C>) -> Float
where
    DefaultAllocator: Allocator<R, C>,
{
    a.dot(b)
}

/// Matrices of one shape: `a + b`.
///
/// Original: `y = a + b` / Tangent: `ty = ta + tb` / Adjoint: `adj[a] += adj[y]; adj[b] += adj[y]`.
impl<R: Dim, C: Dim> AddRule<M<R, C>> for M<R, C>
where
    DefaultAllocator: Allocator<R, C>,
{
    type Output = M<R, C>;
    fn add_vjp(self, rhs: M<R, C>) -> (M<R, C>, impl Fn(M<R, C>) -> (M<R, C>, M<R, C>)) {
        (plus(&self, &rhs), |d: M<R, C>| (d.clone(), d))
    }
    fn add_vjp_lhs(self, rhs: M<R, C>) -> (M<R, C>, impl Fn(M<R, C>) -> M<R, C>) {
        (plus(&self, &rhs), |d: M<R, C>| d)
    }
    fn add_vjp_rhs(self, rhs: M<R, C>) -> (M<R, C>, impl Fn(M<R, C>) -> M<R, C>) {
        (plus(&self, &rhs), |d: M<R, C>| d)
    }
    fn add_jvp(self, rhs: M<R, C>, t: M<R, C>, t_rhs: M<R, C>) -> (M<R, C>, M<R, C>) {
        (plus(&self, &rhs), plus(&t, &t_rhs))
    }
    fn add_jvp_lhs(self, rhs: M<R, C>, t: M<R, C>) -> (M<R, C>, M<R, C>) {
        (plus(&self, &rhs), t)
    }
    fn add_jvp_rhs(self, rhs: M<R, C>, t_rhs: M<R, C>) -> (M<R, C>, M<R, C>) {
        (plus(&self, &rhs), t_rhs)
    }
    fn add_hvp(self, rhs: M<R, C>, t: Second<M<R, C>>, u: Second<M<R, C>>) -> (M<R, C>, Second<M<R, C>>) {
        (plus(&self, &rhs), (plus(&t.0, &u.0), plus(&t.1, &u.1), plus(&t.2, &u.2)))
    }
}

/// Matrices of one shape: `a - b`.
///
/// Original: `y = a - b` / Tangent: `ty = ta - tb` / Adjoint: `adj[a] += adj[y]; adj[b] -= adj[y]`.
impl<R: Dim, C: Dim> SubRule<M<R, C>> for M<R, C>
where
    DefaultAllocator: Allocator<R, C>,
{
    type Output = M<R, C>;
    fn sub_vjp(self, rhs: M<R, C>) -> (M<R, C>, impl Fn(M<R, C>) -> (M<R, C>, M<R, C>)) {
        (minus(&self, &rhs), |d: M<R, C>| (d.clone(), -d))
    }
    fn sub_vjp_lhs(self, rhs: M<R, C>) -> (M<R, C>, impl Fn(M<R, C>) -> M<R, C>) {
        (minus(&self, &rhs), |d: M<R, C>| d)
    }
    fn sub_vjp_rhs(self, rhs: M<R, C>) -> (M<R, C>, impl Fn(M<R, C>) -> M<R, C>) {
        (minus(&self, &rhs), |d: M<R, C>| -d)
    }
    fn sub_jvp(self, rhs: M<R, C>, t: M<R, C>, t_rhs: M<R, C>) -> (M<R, C>, M<R, C>) {
        (minus(&self, &rhs), minus(&t, &t_rhs))
    }
    fn sub_jvp_lhs(self, rhs: M<R, C>, t: M<R, C>) -> (M<R, C>, M<R, C>) {
        (minus(&self, &rhs), t)
    }
    fn sub_jvp_rhs(self, rhs: M<R, C>, t_rhs: M<R, C>) -> (M<R, C>, M<R, C>) {
        (minus(&self, &rhs), -t_rhs)
    }
    fn sub_hvp(self, rhs: M<R, C>, t: Second<M<R, C>>, u: Second<M<R, C>>) -> (M<R, C>, Second<M<R, C>>) {
        (minus(&self, &rhs), (minus(&t.0, &u.0), minus(&t.1, &u.1), minus(&t.2, &u.2)))
    }
}

/// `-a`.
///
/// Original: `y = -a` / Tangent: `ty = -ta` / Adjoint: `adj[a] -= adj[y]`.
impl<R: Dim, C: Dim> NegRule for M<R, C>
where
    DefaultAllocator: Allocator<R, C>,
{
    type Output = M<R, C>;
    fn neg_vjp(self) -> (M<R, C>, impl Fn(M<R, C>) -> M<R, C>) {
        (-self, |d: M<R, C>| -d)
    }
    fn neg_jvp(self, t: M<R, C>) -> (M<R, C>, M<R, C>) {
        (-self, -t)
    }
    fn neg_hvp(self, t: Second<M<R, C>>) -> (M<R, C>, Second<M<R, C>>) {
        (-self, (-t.0, -t.1, -t.2))
    }
}

/// `a * s` for a scalar `s`.
///
/// Original: `y = a s` / Tangent: `ty = ta s + a ts` / Adjoint: `adj[a] += adj[y] s; adj[s] += <adj[y], a>`.
impl<R: Dim, C: Dim> MulRule<Float> for M<R, C>
where
    DefaultAllocator: Allocator<R, C>,
{
    type Output = M<R, C>;
    fn mul_vjp(self, rhs: Float) -> (M<R, C>, impl Fn(M<R, C>) -> (M<R, C>, Float)) {
        (times(&self, rhs), move |d: M<R, C>| (times(&d, rhs), inner(&d, &self)))
    }
    fn mul_vjp_lhs(self, rhs: Float) -> (M<R, C>, impl Fn(M<R, C>) -> M<R, C>) {
        (times(&self, rhs), move |d: M<R, C>| times(&d, rhs))
    }
    fn mul_vjp_rhs(self, rhs: Float) -> (M<R, C>, impl Fn(M<R, C>) -> Float) {
        (times(&self, rhs), move |d: M<R, C>| inner(&d, &self))
    }
    fn mul_jvp(self, rhs: Float, t: M<R, C>, t_rhs: Float) -> (M<R, C>, M<R, C>) {
        bilinear_first(&self, &rhs, Some(t), Some(t_rhs), |a, s| times(a, *s), |y| y.clone())
    }
    fn mul_jvp_lhs(self, rhs: Float, t: M<R, C>) -> (M<R, C>, M<R, C>) {
        (times(&self, rhs), times(&t, rhs))
    }
    fn mul_jvp_rhs(self, rhs: Float, t_rhs: Float) -> (M<R, C>, M<R, C>) {
        (times(&self, rhs), times(&self, t_rhs))
    }
    fn mul_hvp(self, rhs: Float, t: Second<M<R, C>>, u: Second<Float>) -> (M<R, C>, Second<M<R, C>>) {
        bilinear_second(&self, &rhs, t, u, |a, s| times(a, *s))
    }
}

/// `s * a` for a scalar `s` on the left (reached through `crate::same_type`).
///
/// Original: `y = s a` / Tangent: `ty = ts a + s ta` / Adjoint: `adj[s] += <adj[y], a>; adj[a] += s adj[y]`.
impl<R: Dim, C: Dim> MulOnTheRight<Float> for M<R, C>
where
    DefaultAllocator: Allocator<R, C>,
{
    fn mul_vjp(l: Float, r: M<R, C>) -> (M<R, C>, impl Fn(M<R, C>) -> (Float, M<R, C>)) {
        (times(&r, l), move |d: M<R, C>| (inner(&d, &r), times(&d, l)))
    }
    fn mul_vjp_lhs(l: Float, r: M<R, C>) -> (M<R, C>, impl Fn(M<R, C>) -> Float) {
        (times(&r, l), move |d: M<R, C>| inner(&d, &r))
    }
    fn mul_vjp_rhs(l: Float, r: M<R, C>) -> (M<R, C>, impl Fn(M<R, C>) -> M<R, C>) {
        (times(&r, l), move |d: M<R, C>| times(&d, l))
    }
    fn mul_jvp(l: Float, r: M<R, C>, tl: Float, tr: M<R, C>) -> (M<R, C>, M<R, C>) {
        <M<R, C> as MulRule<Float>>::mul_jvp(r, l, tr, tl)
    }
    fn mul_jvp_lhs(l: Float, r: M<R, C>, tl: Float) -> (M<R, C>, M<R, C>) {
        (times(&r, l), times(&r, tl))
    }
    fn mul_jvp_rhs(l: Float, r: M<R, C>, tr: M<R, C>) -> (M<R, C>, M<R, C>) {
        (times(&r, l), times(&tr, l))
    }
    fn mul_hvp(l: Float, r: M<R, C>, tl: Second<Float>, tr: Second<M<R, C>>) -> (M<R, C>, Second<M<R, C>>) {
        bilinear_second(&r, &l, tr, tl, |a, s| times(a, *s))
    }
}

/// `a / s` for a scalar `s`.
///
/// Original: `y = a / s` / Tangent: `ty = (ta - y ts) / s` / Adjoint: `adj[a] += adj[y] / s; adj[s] -= <adj[y], y> / s`.
impl<R: Dim, C: Dim> DivRule<Float> for M<R, C>
where
    DefaultAllocator: Allocator<R, C>,
{
    type Output = M<R, C>;
    fn div_vjp(self, rhs: Float) -> (M<R, C>, impl Fn(M<R, C>) -> (M<R, C>, Float)) {
        let y = self / rhs;
        (y.clone(), move |d: M<R, C>| (d.map(|x| x / rhs), -inner(&d, &y) / rhs))
    }
    fn div_vjp_lhs(self, rhs: Float) -> (M<R, C>, impl Fn(M<R, C>) -> M<R, C>) {
        (self / rhs, move |d: M<R, C>| d.map(|x| x / rhs))
    }
    fn div_vjp_rhs(self, rhs: Float) -> (M<R, C>, impl Fn(M<R, C>) -> Float) {
        let y = self / rhs;
        (y.clone(), move |d: M<R, C>| -inner(&d, &y) / rhs)
    }
    fn div_jvp(self, rhs: Float, t: M<R, C>, t_rhs: Float) -> (M<R, C>, M<R, C>) {
        let y = self / rhs;
        let tangent = t.zip_map(&y, |ta, yi| (ta - yi * t_rhs) / rhs);
        (y, tangent)
    }
    fn div_jvp_lhs(self, rhs: Float, t: M<R, C>) -> (M<R, C>, M<R, C>) {
        (self / rhs, t.map(|x| x / rhs))
    }
    fn div_jvp_rhs(self, rhs: Float, t_rhs: Float) -> (M<R, C>, M<R, C>) {
        let y = self / rhs;
        let tangent = y.map(|yi| -yi * t_rhs / rhs);
        (y, tangent)
    }
    /// `y1 = (a1 - y s1) / s`, `y12 = (a12 - y2 s1 - y s12 - y1 s2) / s`.
    fn div_hvp(self, rhs: Float, t: Second<M<R, C>>, u: Second<Float>) -> (M<R, C>, Second<M<R, C>>) {
        let y = self / rhs;
        let first = t.0.zip_map(&y, |a1, yi| (a1 - yi * u.0) / rhs);
        let second = t.1.zip_map(&y, |a2, yi| (a2 - yi * u.1) / rhs);
        let mut mixed = t.2.clone();
        for k in 0..mixed.len() {
            mixed[k] = (t.2[k] - second[k] * u.0 - y[k] * u.2 - first[k] * u.1) / rhs;
        }
        (y, (first, second, mixed))
    }
}

/// The matrix product of an `R × C` matrix by a `C × K` one (`K = 1`: a matrix times a
/// vector).
///
/// Original: `y = a b` / Tangent: `ty = ta b + a tb` / Adjoint: `adj[a] += adj[y] bᵀ; adj[b] += aᵀ adj[y]`.
impl<R: Dim, C: Dim, K: Dim> MulRule<M<C, K>> for M<R, C>
where
    DefaultAllocator: Allocator<R, C> + Allocator<C, K> + Allocator<R, K> + Allocator<K, C>,
{
    type Output = M<R, K>;
    fn mul_vjp(self, rhs: M<C, K>) -> (M<R, K>, impl Fn(M<R, K>) -> (M<R, C>, M<C, K>)) {
        (&self * &rhs, move |d: M<R, K>| (&d * rhs.transpose(), self.tr_mul(&d)))
    }
    fn mul_vjp_lhs(self, rhs: M<C, K>) -> (M<R, K>, impl Fn(M<R, K>) -> M<R, C>) {
        let transposed = rhs.transpose();
        (&self * &rhs, move |d: M<R, K>| &d * &transposed)
    }
    fn mul_vjp_rhs(self, rhs: M<C, K>) -> (M<R, K>, impl Fn(M<R, K>) -> M<C, K>) {
        (&self * &rhs, move |d: M<R, K>| self.tr_mul(&d))
    }
    fn mul_jvp(self, rhs: M<C, K>, t: M<R, C>, t_rhs: M<C, K>) -> (M<R, K>, M<R, K>) {
        bilinear_first(&self, &rhs, Some(t), Some(t_rhs), |a, b| a * b, |y| y.clone())
    }
    fn mul_jvp_lhs(self, rhs: M<C, K>, t: M<R, C>) -> (M<R, K>, M<R, K>) {
        (&self * &rhs, &t * &rhs)
    }
    fn mul_jvp_rhs(self, rhs: M<C, K>, t_rhs: M<C, K>) -> (M<R, K>, M<R, K>) {
        (&self * &rhs, &self * &t_rhs)
    }
    fn mul_hvp(self, rhs: M<C, K>, t: Second<M<R, C>>, u: Second<M<C, K>>) -> (M<R, K>, Second<M<R, K>>) {
        bilinear_second(&self, &rhs, t, u, |a, b| a * b)
    }
}
}
