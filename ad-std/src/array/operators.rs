//! The operator rules of float arrays of one dimension: `+ - * /` between arrays (broadcast
//! as ndarray does), with a scalar on the right; unary `-`.

use super::broadcast::{expand_to, reduce_to};
use crate::ops::{AddRule, DivRule, MulRule, NegRule, SubRule};
use crate::second::Second;
use ndarray::{Array, Dimension};

for_each_float! {
/// Elementwise `a + b`.
///
/// Original: `y = a + b` / Tangent: `ty = ta + tb` / Adjoint: `adj[a] += adj[y]; adj[b] += adj[y]`.
impl<D: Dimension> AddRule<A<D>> for A<D> {
    type Output = A<D>;
    fn add_vjp(self, rhs: A<D>) -> (A<D>, impl Fn(A<D>) -> (A<D>, A<D>)) {
        let (sa, sb) = (self.raw_dim(), rhs.raw_dim());
        (self + rhs, move |d: A<D>| {
            (reduce_to(d.clone(), &sa), reduce_to(d, &sb))
        })
    }
    fn add_vjp_lhs(self, rhs: A<D>) -> (A<D>, impl Fn(A<D>) -> A<D>) {
        let sa = self.raw_dim();
        (self + rhs, move |d: A<D>| reduce_to(d, &sa))
    }
    fn add_vjp_rhs(self, rhs: A<D>) -> (A<D>, impl Fn(A<D>) -> A<D>) {
        let sb = rhs.raw_dim();
        (self + rhs, move |d: A<D>| reduce_to(d, &sb))
    }
    fn add_jvp(self, rhs: A<D>, t: A<D>, t_rhs: A<D>) -> (A<D>, A<D>) {
        (self + rhs, t + t_rhs)
    }
    fn add_jvp_lhs(self, rhs: A<D>, t: A<D>) -> (A<D>, A<D>) {
        let y = self + rhs;
        let tangent = expand_to(t, &y.raw_dim());
        (y, tangent)
    }
    fn add_jvp_rhs(self, rhs: A<D>, t_rhs: A<D>) -> (A<D>, A<D>) {
        let y = self + rhs;
        let tangent = expand_to(t_rhs, &y.raw_dim());
        (y, tangent)
    }
    fn add_hvp(self, rhs: A<D>, t: Second<A<D>>, u: Second<A<D>>) -> (A<D>, Second<A<D>>) {
        (self + rhs, (t.0 + u.0, t.1 + u.1, t.2 + u.2))
    }
}

/// Elementwise `a - b`.
///
/// Original: `y = a - b` / Tangent: `ty = ta - tb` / Adjoint: `adj[a] += adj[y]; adj[b] -= adj[y]`.
impl<D: Dimension> SubRule<A<D>> for A<D> {
    type Output = A<D>;
    fn sub_vjp(self, rhs: A<D>) -> (A<D>, impl Fn(A<D>) -> (A<D>, A<D>)) {
        let (sa, sb) = (self.raw_dim(), rhs.raw_dim());
        (self - rhs, move |d: A<D>| {
            (reduce_to(d.clone(), &sa), -reduce_to(d, &sb))
        })
    }
    fn sub_vjp_lhs(self, rhs: A<D>) -> (A<D>, impl Fn(A<D>) -> A<D>) {
        let sa = self.raw_dim();
        (self - rhs, move |d: A<D>| reduce_to(d, &sa))
    }
    fn sub_vjp_rhs(self, rhs: A<D>) -> (A<D>, impl Fn(A<D>) -> A<D>) {
        let sb = rhs.raw_dim();
        (self - rhs, move |d: A<D>| -reduce_to(d, &sb))
    }
    fn sub_jvp(self, rhs: A<D>, t: A<D>, t_rhs: A<D>) -> (A<D>, A<D>) {
        (self - rhs, t - t_rhs)
    }
    fn sub_jvp_lhs(self, rhs: A<D>, t: A<D>) -> (A<D>, A<D>) {
        let y = self - rhs;
        let tangent = expand_to(t, &y.raw_dim());
        (y, tangent)
    }
    fn sub_jvp_rhs(self, rhs: A<D>, t_rhs: A<D>) -> (A<D>, A<D>) {
        let y = self - rhs;
        let tangent = expand_to(-t_rhs, &y.raw_dim());
        (y, tangent)
    }
    fn sub_hvp(self, rhs: A<D>, t: Second<A<D>>, u: Second<A<D>>) -> (A<D>, Second<A<D>>) {
        (self - rhs, (t.0 - u.0, t.1 - u.1, t.2 - u.2))
    }
}

/// Elementwise `a * b` (⊙ is the elementwise product).
///
/// Original: `y = a ⊙ b` / Tangent: `ty = ta ⊙ b + a ⊙ tb` / Adjoint: `adj[a] += adj[y] ⊙ b; adj[b] += adj[y] ⊙ a`.
impl<D: Dimension> MulRule<A<D>> for A<D> {
    type Output = A<D>;
    fn mul_vjp(self, rhs: A<D>) -> (A<D>, impl Fn(A<D>) -> (A<D>, A<D>)) {
        let y = &self * &rhs;
        (y, move |d: A<D>| {
            let da = reduce_to(&d * &rhs, &self.raw_dim());
            (da, reduce_to(&d * &self, &rhs.raw_dim()))
        })
    }
    fn mul_vjp_lhs(self, rhs: A<D>) -> (A<D>, impl Fn(A<D>) -> A<D>) {
        let (y, sa) = (&self * &rhs, self.raw_dim());
        (y, move |d: A<D>| reduce_to(&d * &rhs, &sa))
    }
    fn mul_vjp_rhs(self, rhs: A<D>) -> (A<D>, impl Fn(A<D>) -> A<D>) {
        let (y, sb) = (&self * &rhs, rhs.raw_dim());
        (y, move |d: A<D>| reduce_to(&d * &self, &sb))
    }
    fn mul_jvp(self, rhs: A<D>, t: A<D>, t_rhs: A<D>) -> (A<D>, A<D>) {
        let tangent = &t * &rhs + &self * &t_rhs;
        (&self * &rhs, tangent)
    }
    fn mul_jvp_lhs(self, rhs: A<D>, t: A<D>) -> (A<D>, A<D>) {
        let tangent = &t * &rhs;
        (&self * &rhs, tangent)
    }
    fn mul_jvp_rhs(self, rhs: A<D>, t_rhs: A<D>) -> (A<D>, A<D>) {
        let tangent = &self * &t_rhs;
        (&self * &rhs, tangent)
    }
    fn mul_hvp(self, rhs: A<D>, t: Second<A<D>>, u: Second<A<D>>) -> (A<D>, Second<A<D>>) {
        let first = &t.0 * &rhs + &self * &u.0;
        let second = &t.1 * &rhs + &self * &u.1;
        let mixed = &t.2 * &rhs + &self * &u.2 + &t.0 * &u.1 + &t.1 * &u.0;
        (&self * &rhs, (first, second, mixed))
    }
}

/// Elementwise `a / b`.
///
/// Original: `y = a / b` / Tangent: `ty = (ta - y ⊙ tb) / b` / Adjoint: `adj[a] += adj[y] / b; adj[b] -= adj[y] ⊙ y / b`.
impl<D: Dimension> DivRule<A<D>> for A<D> {
    type Output = A<D>;
    fn div_vjp(self, rhs: A<D>) -> (A<D>, impl Fn(A<D>) -> (A<D>, A<D>)) {
        let (y, sa) = (&self / &rhs, self.raw_dim());
        (y.clone(), move |d: A<D>| {
            let da = &d / &rhs;
            let db = -(&da * &y);
            (reduce_to(da, &sa), reduce_to(db, &rhs.raw_dim()))
        })
    }
    fn div_vjp_lhs(self, rhs: A<D>) -> (A<D>, impl Fn(A<D>) -> A<D>) {
        let (y, sa) = (&self / &rhs, self.raw_dim());
        (y, move |d: A<D>| reduce_to(&d / &rhs, &sa))
    }
    fn div_vjp_rhs(self, rhs: A<D>) -> (A<D>, impl Fn(A<D>) -> A<D>) {
        let y = &self / &rhs;
        (y.clone(), move |d: A<D>| {
            reduce_to(-(&d * &y) / &rhs, &rhs.raw_dim())
        })
    }
    fn div_jvp(self, rhs: A<D>, t: A<D>, t_rhs: A<D>) -> (A<D>, A<D>) {
        let y = &self / &rhs;
        let tangent = (&t - &y * &t_rhs) / &rhs;
        (y, tangent)
    }
    fn div_jvp_lhs(self, rhs: A<D>, t: A<D>) -> (A<D>, A<D>) {
        let tangent = &t / &rhs;
        (&self / &rhs, tangent)
    }
    fn div_jvp_rhs(self, rhs: A<D>, t_rhs: A<D>) -> (A<D>, A<D>) {
        let y = &self / &rhs;
        let tangent = -(&y * &t_rhs) / &rhs;
        (y, tangent)
    }
    fn div_hvp(self, rhs: A<D>, t: Second<A<D>>, u: Second<A<D>>) -> (A<D>, Second<A<D>>) {
        let y = &self / &rhs;
        let first = (&t.0 - &y * &u.0) / &rhs;
        let second = (&t.1 - &y * &u.1) / &rhs;
        let mixed = (&t.2 - &second * &u.0 - &y * &u.2 - &first * &u.1) / &rhs;
        (y, (first, second, mixed))
    }
}

/// Elementwise `-a`.
///
/// Original: `y = -a` / Tangent: `ty = -ta` / Adjoint: `adj[a] -= adj[y]`.
impl<D: Dimension> NegRule for A<D> {
    type Output = A<D>;
    fn neg_vjp(self) -> (A<D>, impl Fn(A<D>) -> A<D>) {
        (-self, |d: A<D>| -d)
    }
    fn neg_jvp(self, t: A<D>) -> (A<D>, A<D>) {
        (-self, -t)
    }
    fn neg_hvp(self, t: Second<A<D>>) -> (A<D>, Second<A<D>>) {
        (-self, (-t.0, -t.1, -t.2))
    }
}

/// `array * s` for a scalar `s`.
///
/// Original: `y = a s` / Tangent: `ty = ta s + a ts` / Adjoint: `adj[a] += adj[y] s; adj[s] += Σ adj[y] ⊙ a`.
impl<D: Dimension> MulRule<Float> for A<D> {
    type Output = A<D>;
    fn mul_vjp(self, rhs: Float) -> (A<D>, impl Fn(A<D>) -> (A<D>, Float)) {
        let y = &self * rhs;
        (y, move |d: A<D>| ((&d * rhs), (&d * &self).sum()))
    }
    fn mul_vjp_lhs(self, rhs: Float) -> (A<D>, impl Fn(A<D>) -> A<D>) {
        (&self * rhs, move |d: A<D>| d * rhs)
    }
    fn mul_vjp_rhs(self, rhs: Float) -> (A<D>, impl Fn(A<D>) -> Float) {
        let y = &self * rhs;
        (y, move |d: A<D>| (&d * &self).sum())
    }
    fn mul_jvp(self, rhs: Float, t: A<D>, t_rhs: Float) -> (A<D>, A<D>) {
        let tangent = t * rhs + &self * t_rhs;
        (self * rhs, tangent)
    }
    fn mul_jvp_lhs(self, rhs: Float, t: A<D>) -> (A<D>, A<D>) {
        (self * rhs, t * rhs)
    }
    fn mul_jvp_rhs(self, rhs: Float, t_rhs: Float) -> (A<D>, A<D>) {
        let tangent = &self * t_rhs;
        (self * rhs, tangent)
    }
    fn mul_hvp(self, rhs: Float, t: Second<A<D>>, u: Second<Float>) -> (A<D>, Second<A<D>>) {
        let first = &t.0 * rhs + &self * u.0;
        let second = &t.1 * rhs + &self * u.1;
        let mixed = &t.2 * rhs + &self * u.2 + &t.0 * u.1 + &t.1 * u.0;
        (self * rhs, (first, second, mixed))
    }
}

/// `array + s` for a scalar `s`, added to every element.
///
/// Original: `y = a + s` / Tangent: `ty = ta + ts` / Adjoint: `adj[a] += adj[y]; adj[s] += Σ adj[y]`.
impl<D: Dimension> AddRule<Float> for A<D> {
    type Output = A<D>;
    fn add_vjp(self, rhs: Float) -> (A<D>, impl Fn(A<D>) -> (A<D>, Float)) {
        (self + rhs, |d: A<D>| {
            let s = d.sum();
            (d, s)
        })
    }
    fn add_vjp_lhs(self, rhs: Float) -> (A<D>, impl Fn(A<D>) -> A<D>) {
        (self + rhs, |d: A<D>| d)
    }
    fn add_vjp_rhs(self, rhs: Float) -> (A<D>, impl Fn(A<D>) -> Float) {
        (self + rhs, |d: A<D>| d.sum())
    }
    fn add_jvp(self, rhs: Float, t: A<D>, t_rhs: Float) -> (A<D>, A<D>) {
        (self + rhs, t + t_rhs)
    }
    fn add_jvp_lhs(self, rhs: Float, t: A<D>) -> (A<D>, A<D>) {
        (self + rhs, t)
    }
    fn add_jvp_rhs(self, rhs: Float, t_rhs: Float) -> (A<D>, A<D>) {
        let tangent = Array::from_elem(self.raw_dim(), t_rhs);
        (self + rhs, tangent)
    }
    fn add_hvp(self, rhs: Float, t: Second<A<D>>, u: Second<Float>) -> (A<D>, Second<A<D>>) {
        (self + rhs, (t.0 + u.0, t.1 + u.1, t.2 + u.2))
    }
}

/// `array - s` for a scalar `s`.
///
/// Original: `y = a - s` / Tangent: `ty = ta - ts` / Adjoint: `adj[a] += adj[y]; adj[s] -= Σ adj[y]`.
impl<D: Dimension> SubRule<Float> for A<D> {
    type Output = A<D>;
    fn sub_vjp(self, rhs: Float) -> (A<D>, impl Fn(A<D>) -> (A<D>, Float)) {
        (self - rhs, |d: A<D>| {
            let s = -d.sum();
            (d, s)
        })
    }
    fn sub_vjp_lhs(self, rhs: Float) -> (A<D>, impl Fn(A<D>) -> A<D>) {
        (self - rhs, |d: A<D>| d)
    }
    fn sub_vjp_rhs(self, rhs: Float) -> (A<D>, impl Fn(A<D>) -> Float) {
        (self - rhs, |d: A<D>| -d.sum())
    }
    fn sub_jvp(self, rhs: Float, t: A<D>, t_rhs: Float) -> (A<D>, A<D>) {
        (self - rhs, t - t_rhs)
    }
    fn sub_jvp_lhs(self, rhs: Float, t: A<D>) -> (A<D>, A<D>) {
        (self - rhs, t)
    }
    fn sub_jvp_rhs(self, rhs: Float, t_rhs: Float) -> (A<D>, A<D>) {
        let tangent = Array::from_elem(self.raw_dim(), -t_rhs);
        (self - rhs, tangent)
    }
    fn sub_hvp(self, rhs: Float, t: Second<A<D>>, u: Second<Float>) -> (A<D>, Second<A<D>>) {
        (self - rhs, (t.0 - u.0, t.1 - u.1, t.2 - u.2))
    }
}

/// `array / s` for a scalar `s`.
///
/// Original: `y = a / s` / Tangent: `ty = (ta - y ts) / s` / Adjoint: `adj[a] += adj[y] / s; adj[s] -= Σ adj[y] ⊙ y / s`.
impl<D: Dimension> DivRule<Float> for A<D> {
    type Output = A<D>;
    fn div_vjp(self, rhs: Float) -> (A<D>, impl Fn(A<D>) -> (A<D>, Float)) {
        let y = &self / rhs;
        (y.clone(), move |d: A<D>| {
            let ds = -(&d * &y).sum() / rhs;
            (d / rhs, ds)
        })
    }
    fn div_vjp_lhs(self, rhs: Float) -> (A<D>, impl Fn(A<D>) -> A<D>) {
        (self / rhs, move |d: A<D>| d / rhs)
    }
    fn div_vjp_rhs(self, rhs: Float) -> (A<D>, impl Fn(A<D>) -> Float) {
        let y = &self / rhs;
        (y.clone(), move |d: A<D>| -(&d * &y).sum() / rhs)
    }
    fn div_jvp(self, rhs: Float, t: A<D>, t_rhs: Float) -> (A<D>, A<D>) {
        let y = &self / rhs;
        let tangent = (t - &y * t_rhs) / rhs;
        (y, tangent)
    }
    fn div_jvp_lhs(self, rhs: Float, t: A<D>) -> (A<D>, A<D>) {
        (self / rhs, t / rhs)
    }
    fn div_jvp_rhs(self, rhs: Float, t_rhs: Float) -> (A<D>, A<D>) {
        let y = &self / rhs;
        let tangent = &y * (-t_rhs / rhs);
        (y, tangent)
    }
    fn div_hvp(self, rhs: Float, t: Second<A<D>>, u: Second<Float>) -> (A<D>, Second<A<D>>) {
        let y = &self / rhs;
        let first = (&t.0 - &y * u.0) / rhs;
        let second = (&t.1 - &y * u.1) / rhs;
        let mixed = (&t.2 - &second * u.0 - &y * u.2 - &first * u.1) / rhs;
        (y, (first, second, mixed))
    }
}

}
