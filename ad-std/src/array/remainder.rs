//! `%` of float arrays: between arrays (broadcast as ndarray does), with a scalar on either
//! side, and between a matrix and a vector (in `vector_matrix`), each the scalar rule of
//! [`RemRule`] on every element, with its conventions: `∂r/∂a = 1`, `∂r/∂b = -q` with `q` the
//! quotient each remainder was computed with, and a zero `q` a strong zero.

use super::broadcast::{expand_to, reduce_to};
use super::elementwise::{tangent_along, times_slopes};
use crate::ops::RemRule;
use crate::same_type::RemOnTheRight;
use crate::second::Second;
use ndarray::{Array, Dimension, NdFloat};

/// `-q` for each element of `r = a % b` (broadcast): minus the integer quotient
/// `(a - r) / b` rounded, as in the scalar rule ([`crate::ops::RemRule`]).
fn minus_quotients<F: NdFloat, D: Dimension>(
    a: &Array<F, D>,
    b: &Array<F, D>,
    r: &Array<F, D>,
) -> Array<F, D> {
    let mut q = (a - r) / b;
    q.mapv_inplace(|q| -q.round());
    q
}

/// The second-order tangents of `r = a % b` from those of `a` and `b` (`u`), with `-q` per
/// element: piecewise linear, so each component is `t + (-q) u` and nothing more.
fn linear_second<F: NdFloat, D: Dimension>(
    minus_q: &Array<F, D>,
    t: Second<Array<F, D>>,
    u: Second<Array<F, D>>,
) -> Second<Array<F, D>> {
    let shape = minus_q.raw_dim();
    let one = |t: Array<F, D>, u: Array<F, D>| {
        expand_to(t, &shape) + tangent_along(true, minus_q, expand_to(u, &shape))
    };
    (one(t.0, u.0), one(t.1, u.1), one(t.2, u.2))
}

for_each_float! {
/// Elementwise `a % b`.
///
/// Original: `r = a % b` / Tangent: `tr = ta - q ⊙ tb` / Adjoint: `adj[a] += adj[r]; adj[b] -= adj[r] ⊙ q`,
/// each summed over the axes an operand was stretched along.
impl<D: Dimension> RemRule<A<D>> for A<D> {
    type Output = A<D>;
    fn rem_vjp(self, rhs: A<D>) -> (A<D>, impl Fn(A<D>) -> (A<D>, A<D>)) {
        let r = &self % &rhs;
        let minus_q = minus_quotients(&self, &rhs, &r);
        let (sa, sb) = (self.raw_dim(), rhs.raw_dim());
        (r, move |d: A<D>| {
            let db = times_slopes(true, &minus_q, d.clone());
            (reduce_to(d, &sa), reduce_to(db, &sb))
        })
    }
    fn rem_vjp_lhs(self, rhs: A<D>) -> (A<D>, impl Fn(A<D>) -> A<D>) {
        let sa = self.raw_dim();
        (&self % &rhs, move |d: A<D>| reduce_to(d, &sa))
    }
    fn rem_vjp_rhs(self, rhs: A<D>) -> (A<D>, impl Fn(A<D>) -> A<D>) {
        let r = &self % &rhs;
        let minus_q = minus_quotients(&self, &rhs, &r);
        let sb = rhs.raw_dim();
        (r, move |d: A<D>| reduce_to(times_slopes(true, &minus_q, d), &sb))
    }
    fn rem_jvp(self, rhs: A<D>, t: A<D>, t_rhs: A<D>) -> (A<D>, A<D>) {
        let r = &self % &rhs;
        let minus_q = minus_quotients(&self, &rhs, &r);
        let shape = r.raw_dim();
        let tangent = expand_to(t, &shape) + tangent_along(true, &minus_q, expand_to(t_rhs, &shape));
        (r, tangent)
    }
    fn rem_jvp_lhs(self, rhs: A<D>, t: A<D>) -> (A<D>, A<D>) {
        let r = &self % &rhs;
        let tangent = expand_to(t, &r.raw_dim());
        (r, tangent)
    }
    fn rem_jvp_rhs(self, rhs: A<D>, t_rhs: A<D>) -> (A<D>, A<D>) {
        let r = &self % &rhs;
        let minus_q = minus_quotients(&self, &rhs, &r);
        let tangent = tangent_along(true, &minus_q, expand_to(t_rhs, &r.raw_dim()));
        (r, tangent)
    }
    fn rem_hvp(self, rhs: A<D>, t: Second<A<D>>, u: Second<A<D>>) -> (A<D>, Second<A<D>>) {
        let r = &self % &rhs;
        let minus_q = minus_quotients(&self, &rhs, &r);
        let tangents = linear_second(&minus_q, t, u);
        (r, tangents)
    }
}

/// `array % s` for a scalar `s`.
///
/// Original: `r = a % s` / Tangent: `tr = ta - q ts` / Adjoint: `adj[a] += adj[r]; adj[s] -= Σ adj[r] ⊙ q`.
impl<D: Dimension> RemRule<Float> for A<D> {
    type Output = A<D>;
    fn rem_vjp(self, rhs: Float) -> (A<D>, impl Fn(A<D>) -> (A<D>, Float)) {
        let (r, minus_q) = remainders_by_scalar(&self, rhs);
        (r, move |d: A<D>| {
            let ds = times_slopes(true, &minus_q, d.clone()).sum();
            (d, ds)
        })
    }
    fn rem_vjp_lhs(self, rhs: Float) -> (A<D>, impl Fn(A<D>) -> A<D>) {
        (&self % rhs, |d: A<D>| d)
    }
    fn rem_vjp_rhs(self, rhs: Float) -> (A<D>, impl Fn(A<D>) -> Float) {
        let (r, minus_q) = remainders_by_scalar(&self, rhs);
        (r, move |d: A<D>| times_slopes(true, &minus_q, d).sum())
    }
    fn rem_jvp(self, rhs: Float, t: A<D>, t_rhs: Float) -> (A<D>, A<D>) {
        let (r, minus_q) = remainders_by_scalar(&self, rhs);
        let tangent = t + tangent_along(true, &minus_q, Array::from_elem(r.raw_dim(), t_rhs));
        (r, tangent)
    }
    fn rem_jvp_lhs(self, rhs: Float, t: A<D>) -> (A<D>, A<D>) {
        (&self % rhs, t)
    }
    fn rem_jvp_rhs(self, rhs: Float, t_rhs: Float) -> (A<D>, A<D>) {
        let (r, minus_q) = remainders_by_scalar(&self, rhs);
        let tangent = tangent_along(true, &minus_q, Array::from_elem(r.raw_dim(), t_rhs));
        (r, tangent)
    }
    fn rem_hvp(self, rhs: Float, t: Second<A<D>>, u: Second<Float>) -> (A<D>, Second<A<D>>) {
        let (r, minus_q) = remainders_by_scalar(&self, rhs);
        let spread = |x: Float| Array::from_elem(r.raw_dim(), x);
        let tangents = linear_second(&minus_q, t, (spread(u.0), spread(u.1), spread(u.2)));
        (r, tangents)
    }
}

/// `a % s` and `-q` of each element.
fn remainders_by_scalar<D: Dimension>(a: &A<D>, s: Float) -> (A<D>, A<D>) {
    let spread = Array::from_elem(a.raw_dim(), s);
    let r = a % s;
    let minus_q = minus_quotients(a, &spread, &r);
    (r, minus_q)
}

/// `s % array` for a scalar `s` on the left (`1.0 % a`): the rule of two arrays with `s`
/// spread over the array's shape, and `s`'s cotangent summed over it.
///
/// Original: `r = s % a` / Tangent: `tr = ts - q ⊙ ta` / Adjoint: `adj[s] += Σ adj[r]; adj[a] -= adj[r] ⊙ q`.
impl<D: Dimension> RemOnTheRight<Float> for A<D> {
    fn rem_vjp(l: Float, rhs: A<D>) -> (A<D>, impl Fn(A<D>) -> (Float, A<D>)) {
        let (y, pullback) = Array::from_elem(rhs.raw_dim(), l).rem_vjp(rhs);
        (y, move |d: A<D>| {
            let (ds, da) = pullback(d);
            (ds.sum(), da)
        })
    }
    fn rem_vjp_lhs(l: Float, rhs: A<D>) -> (A<D>, impl Fn(A<D>) -> Float) {
        (rhs.mapv(|x| l % x), |d: A<D>| d.sum())
    }
    fn rem_vjp_rhs(l: Float, rhs: A<D>) -> (A<D>, impl Fn(A<D>) -> A<D>) {
        Array::from_elem(rhs.raw_dim(), l).rem_vjp_rhs(rhs)
    }
    fn rem_jvp(l: Float, rhs: A<D>, t: Float, t_rhs: A<D>) -> (A<D>, A<D>) {
        let spread = |x: Float| Array::from_elem(rhs.raw_dim(), x);
        spread(l).rem_jvp(rhs.clone(), spread(t), t_rhs)
    }
    fn rem_jvp_lhs(l: Float, rhs: A<D>, t: Float) -> (A<D>, A<D>) {
        (rhs.mapv(|x| l % x), Array::from_elem(rhs.raw_dim(), t))
    }
    fn rem_jvp_rhs(l: Float, rhs: A<D>, t_rhs: A<D>) -> (A<D>, A<D>) {
        Array::from_elem(rhs.raw_dim(), l).rem_jvp_rhs(rhs, t_rhs)
    }
    fn rem_hvp(l: Float, rhs: A<D>, t: Second<Float>, u: Second<A<D>>) -> (A<D>, Second<A<D>>) {
        let spread = |x: Float| Array::from_elem(rhs.raw_dim(), x);
        let t = (spread(t.0), spread(t.1), spread(t.2));
        spread(l).rem_hvp(rhs, t, u)
    }
}
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ops::RemRule;
    use ad_core::check::central_difference;
    use ndarray::{Array1, Array2, Zip, array};

    /// Points away from the jumps of `%`, both signs, quotients 0 and large.
    fn operands() -> (Array2<f64>, Array2<f64>) {
        (
            array![[7.3, -7.3, 0.5], [20.0, -0.3, 1e3]],
            array![[2.0, 2.0, -3.0], [0.75, 0.7, 7.5]],
        )
    }

    #[test]
    fn elementwise_against_the_scalar_rule_and_differences() {
        let (a, b) = operands();
        let (r, pullback) = a.clone().rem_vjp(b.clone());
        let d = array![[1.0, -0.5, 2.0], [0.25, 3.0, -1.0]];
        let (da, db) = pullback(d.clone());
        Zip::indexed(&r).for_each(|(i, j), &value| {
            let (x, y) = (a[[i, j]], b[[i, j]]);
            let (want, scalar) = x.rem_vjp(y);
            assert_eq!(value, want);
            assert_eq!((da[[i, j]], db[[i, j]]), scalar(d[[i, j]]));
            let by_b = central_difference(|t| x % t, y);
            assert!((db[[i, j]] / d[[i, j]] - by_b).abs() < 1e-6 * by_b.abs().max(1.0));
        });
        // Forward and second order: the same slopes.
        let (ta, tb) = (a.mapv(|_| 0.5), b.mapv(|_| -2.0));
        let (_, tangent) = a.clone().rem_jvp(b.clone(), ta.clone(), tb.clone());
        let (_, from_b) = pullback(tb.clone());
        assert_eq!(tangent, &ta + &from_b);
        let zero = a.mapv(|_| 0.0);
        let (_, (t1, _, t12)) = a.rem_hvp(
            b,
            (ta.clone(), zero.clone(), zero.clone()),
            (zero.clone(), tb, zero),
        );
        assert_eq!(t1, ta);
        assert_eq!(t12, Array2::<f64>::zeros((2, 3)));
    }

    #[test]
    fn broadcasting_sums_the_cotangent_over_stretched_axes() {
        // A column of divisors against a matrix: each divisor's cotangent sums its row.
        let a: Array2<f64> = array![[7.3, -7.3], [20.0, 0.5]];
        let b: Array2<f64> = array![[2.0], [0.75]];
        let (r, pullback) = a.clone().rem_vjp(b.clone());
        assert_eq!(r, &a % &b);
        let (da, db) = pullback(Array2::ones((2, 2)));
        assert_eq!(da, Array2::ones((2, 2)));
        // -q: 3 and -3 in row 0, 26 and 0 in row 1.
        assert_eq!(db, array![[-3.0 + 3.0], [-26.0]]);
    }

    #[test]
    fn with_a_scalar_on_either_side() {
        let a: Array1<f64> = array![7.3, -7.3, 0.5];
        let (r, pullback) = a.clone().rem_vjp(2.0);
        assert_eq!(r, &a % 2.0);
        assert_eq!(
            pullback(Array1::ones(3)),
            (Array1::ones(3), -3.0 + 3.0 - 0.0)
        );
        let (r, pullback) =
            <Array1<f64> as RemOnTheRight<f64>>::rem_vjp(7.3, array![2.0, -3.0, 10.0]);
        assert_eq!(r, array![7.3 % 2.0, 7.3 % -3.0, 7.3]);
        // s's cotangent sums; each divisor gets -q: -3, 2 and 0.
        assert_eq!(pullback(Array1::ones(3)), (3.0, array![-3.0, 2.0, 0.0]));
        // A zero quotient is a strong zero against an infinite cotangent.
        let (_, pullback) = RemRule::<Array1<f64>>::rem_vjp(array![0.5], array![2.0]);
        assert_eq!(pullback(array![f64::INFINITY]).1, array![0.0]);
    }
}
