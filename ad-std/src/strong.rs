//! Strong zeros: a partial derivative that a rule's closed form makes exactly zero passes
//! back (or on) exactly zero, whatever it multiplies.
//!
//! IEEE arithmetic makes `0 · ∞` and `0 · NaN` NaN. In a chain of rules that loses a
//! derivative that is plainly zero: the gradient of `x.powi(2).sqrt()` at `0` is the zero
//! slope of `powi` times the infinite slope of `sqrt`, NaN, although the function is `|x|`,
//! whose conventional derivative at `0` is `0` (as for `abs`). Zygote settles this the same way
//! (its issue 1598): the zero slope of a power at a zero base is strong.
//!
//! **The strong rules** are those whose partials are exactly zero at finite points, by their
//! formula or by a convention: `powi`, `powf`, `abs`, `signum`, `copysign`, `hypot`, `atan2`,
//! `log`, `rem_euclid`, `max`, `min`, `clamp` and `%`. In every mode:
//!
//! - **Reverse**: they multiply the cotangent with [`times`]: a zero partial gives a zero
//!   cotangent even for an infinite or NaN cotangent (`signum`, `max`, `min`, `clamp` pass
//!   constant zeros anyway).
//! - **Forward**: their tangents are their pullbacks of the operands' tangents, so the same.
//! - **Second order**: they multiply derivatives and tangents with [`product`], zero when
//!   either factor is exactly zero (so a constant operand's zero tangent never meets a NaN
//!   partial: `x.powf(2.0)` at `x < 0`, where `∂/∂p = y ln x` is NaN).
//!
//! **Zero tangents.** In forward mode every float-method rule passes a zero tangent on as
//! zero ([`along`]) without evaluating its slope: the operand does not move in this
//! direction, so the directional derivative is zero whatever the slope. This carries a
//! strong zero forward: in `x.powi(2).sqrt()` the zero tangent `powi` passes on meets the
//! infinite slope of `sqrt`, and forward mode gives `0` like reverse mode. Second-order rules
//! do the same for the first-order tangents `t1`, `t2`; the weak rules keep IEEE products in
//! `t12`, where an infinite slope at a strong zero has no meaningful second derivative:
//! `x.powi(4).sqrt()` is `x²`, but `0`'s Taylor coefficients cannot say so, and NaN is the
//! honest answer (strong products would give `0`, not `2`).
//!
//! **Weak rules**: the other methods and the operators `+ - * /`. `0.0 * x` is IEEE
//! multiplication: a zero factor is a value of the program, not a rule's slope (`mul_add`,
//! the fused `*`, likewise). The slopes of the other methods are exactly zero only through
//! underflow or rounding (`exp` far below 0, `tanh` saturated) or at infinities, except `cos`
//! and `cosh` at `0`, which stay weak because reverse loops multiply their slopes in generated
//! code (see [`crate::float::slopes`]); `sin_cos` follows `sin` and `cos`.
//!
//! Where a strong zero comes after an infinite slope (`x.sqrt().powi(2)` at `0`), reverse mode
//! multiplies the zero cotangent into the infinite slope and gives NaN, while forward mode
//! gives `0`: only forward mode can tell a zero (co)tangent from a nonzero one before it meets
//! the next slope, and reverse loops multiply some slopes in generated code, where a test of
//! the cotangent could not be added.

use num_traits::Float;

/// `partial · d` for a rule's partial derivative and a cotangent, with a zero `partial`
/// strong: exactly `0` for any `d`, infinite and NaN included.
#[inline(always)]
pub fn times<T: Float>(partial: T, d: T) -> T {
    if partial == T::zero() {
        T::zero()
    } else {
        partial * d
    }
}

/// `partial · t` for a partial derivative and a tangent in forward mode: exactly `0` when
/// either is exactly `0`.
#[inline(always)]
pub fn product<T: Float>(partial: T, t: T) -> T {
    if partial == T::zero() || t == T::zero() {
        T::zero()
    } else {
        partial * t
    }
}

/// `partial · t` for a partial derivative and a tangent in forward mode when the partial is not
/// a strong zero (the slopes of `sin`, `exp`, `*`, ...): exactly `0` for a zero `t`, IEEE
/// multiplication otherwise.
#[inline(always)]
pub fn along<T: Float>(partial: T, t: T) -> T {
    if t == T::zero() {
        T::zero()
    } else {
        partial * t
    }
}

/// [`crate::second::unary`] of a strong rule (`strong_partials`), every product of a
/// derivative and tangents by [`product`]; or of a weak rule, with [`along`] in the first-order
/// tangents and IEEE products in the second-order one (see the module documentation).
#[inline(always)]
pub fn unary<T: Float>(strong_partials: bool, d1: T, d2: T, (a, b, ab): (T, T, T)) -> (T, T, T) {
    if strong_partials {
        (
            product(d1, a),
            product(d1, b),
            product(d1, ab) + product(d2, product(a, b)),
        )
    } else {
        (along(d1, a), along(d1, b), d1 * ab + d2 * (a * b))
    }
}

/// [`crate::second::binary`] of a strong rule: every product of a derivative and tangents is
/// [`product`].
#[inline(always)]
pub fn binary<T: Float>(
    (gx, go): (T, T),
    (hxx, hxo, hoo): (T, T, T),
    (xa, xb, xab): (T, T, T),
    (oa, ob, oab): (T, T, T),
) -> (T, T, T) {
    (
        product(gx, xa) + product(go, oa),
        product(gx, xb) + product(go, ob),
        product(gx, xab)
            + product(go, oab)
            + product(hxx, product(xa, xb))
            + product(hxo, product(xa, ob) + product(oa, xb))
            + product(hoo, product(oa, ob)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_zero_factor_wins_over_infinities_and_nan() {
        for other in [f64::INFINITY, f64::NEG_INFINITY, f64::NAN, 2.5] {
            assert_eq!(times(0.0, other), 0.0);
            assert_eq!(times(-0.0, other), 0.0);
            assert_eq!(product(0.0, other), 0.0);
            assert_eq!(product(other, 0.0), 0.0);
        }
        // A zero cotangent is not strong in reverse mode: only the rule's own partial is.
        assert!(times(f64::INFINITY, 0.0).is_nan());
        // Nonzero factors multiply as usual.
        assert_eq!(times(3.0, -2.0), -6.0);
        assert_eq!(product(3.0f32, -2.0), -6.0);
        assert_eq!(times(2.0, f64::INFINITY), f64::INFINITY);
    }

    #[test]
    fn second_order_tangents_match_the_plain_formulas_away_from_zeros() {
        let (d1, d2, t) = (1.5, -0.25, (0.5, 2.0, -1.0));
        for strong in [false, true] {
            assert_eq!(unary(strong, d1, d2, t), crate::second::unary(d1, d2, t));
        }
        let (g, h, x, o) = (
            (0.3, -2.0),
            (1.0, 0.5, -3.0),
            (0.5, 2.0, -1.0),
            (1.5, -0.5, 0.25),
        );
        assert_eq!(binary(g, h, x, o), crate::second::binary(g, h, x, o));
        // A zero tangent of the other operand keeps its NaN partials out.
        let nan = f64::NAN;
        let got = binary((2.0, nan), (1.0, nan, nan), x, (0.0, 0.0, 0.0));
        assert_eq!(got, crate::second::unary(2.0, 1.0, x));
    }

    #[test]
    fn zeros_in_second_order() {
        let inf = f64::INFINITY;
        // An infinite tangent meets a zero derivative: strong only for strong partials.
        let t = (inf, 1.0, 0.0);
        assert_eq!(unary(true, 0.0, 0.0, t), (0.0, 0.0, 0.0));
        assert!(unary(false, 0.0, 0.0, t).0.is_nan());
        // Zero tangents against infinite derivatives: the first-order tangents stay zero in
        // both; the second-order one is IEEE (NaN) in a weak rule.
        let (t1, t2, t12) = unary(false, inf, -inf, (0.0, 0.0, 0.0));
        assert_eq!((t1, t2), (0.0, 0.0));
        assert!(t12.is_nan());
        assert_eq!(unary(true, inf, -inf, (0.0, 0.0, 0.0)), (0.0, 0.0, 0.0));
    }
}
