//! `s ⊕ array` for an `Float` scalar `s` on the left (`1.0 - p`, `2.0 * a`, `1.0 / a`).
//!
//! One impl per operator, of the right-operand trait of `crate::same_type` on the array:
//! generated code reaches it through that trait when the left operand is a float literal
//! whose type rustc has not decided yet (`2.0 * a`), and through the rule trait of `Float`
//! (which delegates to it, see `crate::ops`) when the left operand is a known `Float`
//! (`s * a`). A scalar's cotangent is the sum over the array of what the elementwise rule
//! gives it.

use crate::ops::{AddRule, DivRule, MulRule, SubRule};
use crate::same_type::{AddOnTheRight, DivOnTheRight, MulOnTheRight, SubOnTheRight};
use crate::second::Second;
use ndarray::Dimension;

/// The impl of one operator: `value |s, a|` is the result; `cotangents |d|` those of
/// `s` and `a` from the output's cotangent `d` (reading `s` and `a`); `tangent |ts, ta|` the
/// result's tangent (each of `ts` and `ta` may be zero).
macro_rules! scalar_left {
    (
        $rule:ident, $right:ident,
        [$vjp:ident, $vjp_lhs:ident, $vjp_rhs:ident, $jvp:ident, $jvp_lhs:ident, $jvp_rhs:ident, $hvp:ident],
        value |$s:ident, $a:ident| $value:expr,
        cotangents |$d:ident| ($ds:expr, $da:expr),
        tangent |$ts:ident, $ta:ident| $tangent:expr,
    ) => {
        impl<D: Dimension> $right<Float> for A<D> {
            fn $vjp(l: Float, rhs: A<D>) -> (A<D>, impl Fn(A<D>) -> (Float, A<D>)) {
                let ($s, $a) = (l, rhs);
                (($value), move |$d: A<D>| ($ds, $da))
            }
            fn $vjp_lhs(l: Float, rhs: A<D>) -> (A<D>, impl Fn(A<D>) -> Float) {
                let ($s, $a) = (l, rhs);
                (($value), move |$d: A<D>| $ds)
            }
            fn $vjp_rhs(l: Float, rhs: A<D>) -> (A<D>, impl Fn(A<D>) -> A<D>) {
                let ($s, $a) = (l, rhs);
                (($value), move |$d: A<D>| $da)
            }
            fn $jvp(l: Float, rhs: A<D>, t: Float, t_rhs: A<D>) -> (A<D>, A<D>) {
                let ($s, $a) = (l, rhs);
                let ($ts, $ta) = (t, t_rhs);
                let tangent = $tangent;
                (($value), tangent)
            }
            fn $jvp_lhs(l: Float, rhs: A<D>, t: Float) -> (A<D>, A<D>) {
                let zero = &rhs * 0.0;
                <Self as $right<Float>>::$jvp(l, rhs, t, zero)
            }
            fn $jvp_rhs(l: Float, rhs: A<D>, t_rhs: A<D>) -> (A<D>, A<D>) {
                <Self as $right<Float>>::$jvp(l, rhs, 0.0, t_rhs)
            }
            fn $hvp(
                l: Float,
                rhs: A<D>,
                t: Second<Float>,
                u: Second<A<D>>,
            ) -> (A<D>, Second<A<D>>) {
                // The elementwise rule of two arrays, with `s` and its tangents spread over
                // the array's shape: one exact second-order formula per operator.
                let full = &rhs * 0.0 + l;
                let spread = |x: Float| &rhs * 0.0 + x;
                let (value, tangent) = $rule::$hvp(
                    full,
                    rhs.clone(),
                    (spread(t.0), spread(t.1), spread(t.2)),
                    u,
                );
                (value, tangent)
            }
        }
    };
}

for_each_float! {
// Original: `y = s + a` / Tangent: `ty = ts + ta` / Adjoint: `adj[s] += Σ adj[y]; adj[a] += adj[y]`.
scalar_left! {
    AddRule, AddOnTheRight,
    [add_vjp, add_vjp_lhs, add_vjp_rhs, add_jvp, add_jvp_lhs, add_jvp_rhs, add_hvp],
    value |s, a| a + s,
    cotangents |d| (d.sum(), d),
    tangent |ts, ta| ta + ts,
}

// Original: `y = s - a` / Tangent: `ty = ts - ta` / Adjoint: `adj[s] += Σ adj[y]; adj[a] -= adj[y]`.
scalar_left! {
    SubRule, SubOnTheRight,
    [sub_vjp, sub_vjp_lhs, sub_vjp_rhs, sub_jvp, sub_jvp_lhs, sub_jvp_rhs, sub_hvp],
    value |s, a| -a + s,
    cotangents |d| (d.sum(), -d),
    tangent |ts, ta| -ta + ts,
}

// Original: `y = s a` / Tangent: `ty = ts a + s ta` / Adjoint: `adj[s] += Σ adj[y] ⊙ a;
// adj[a] += adj[y] s`.
scalar_left! {
    MulRule, MulOnTheRight,
    [mul_vjp, mul_vjp_lhs, mul_vjp_rhs, mul_jvp, mul_jvp_lhs, mul_jvp_rhs, mul_hvp],
    value |s, a| &a * s,
    cotangents |d| ((&d * &a).sum(), d * s),
    tangent |ts, ta| &a * ts + ta * s,
}

// Original: `y = s / a` / Tangent: `ty = (ts - y ta) / a` / Adjoint: `adj[s] += Σ adj[y] / a;
// adj[a] -= (adj[y] / a) y`. Divided by `a` once and multiplied by `y = s / a`, as the scalar
// rule: `s ta` and `adj[y] s` overflow where the results need not.
scalar_left! {
    DivRule, DivOnTheRight,
    [div_vjp, div_vjp_lhs, div_vjp_rhs, div_jvp, div_jvp_lhs, div_jvp_rhs, div_hvp],
    value |s, a| a.mapv(|x| s / x),
    cotangents |d| ((&d / &a).sum(), -(&d / &a) * &a.mapv(|x| s / x)),
    tangent |ts, ta| (-(&ta * &a.mapv(|x| s / x)) + ts) / &a,
}
}
