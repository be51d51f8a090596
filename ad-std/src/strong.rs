//! Strong zeros: a partial derivative that a rule's closed form makes exactly zero passes
//! back (or on) exactly zero, whatever it multiplies.
//!
//! IEEE arithmetic makes `0 · ∞` and `0 · NaN` NaN. In a chain of rules that loses a
//! derivative that is plainly zero: the gradient of `x.powi(2).sqrt()` at `0` is the zero
//! slope of `powi` times the infinite slope of `sqrt`, NaN, although the function is `|x|`,
//! whose conventional derivative at `0` is `0` (as for `abs`). Zygote settles this the same way
//! (its issue 1598): the zero slope of a power at a zero base is strong.
//!
//! The convention, in every mode:
//!
//! - **Reverse mode**: the rules whose partials can be exactly zero by their closed form
//!   (`powi`, `powf`, `abs`, `copysign`, `hypot`, `atan2`, `log`, `rem_euclid` and `%`; `signum`,
//!   `max`, `min` and `clamp` pass constant zeros anyway) multiply the cotangent with
//!   [`times`]: a zero partial gives a zero cotangent even for an infinite or NaN cotangent.
//! - **Forward and second-order mode**: the same rules multiply partials and tangents with
//!   [`product`], which is zero when either factor is exactly zero; every other float-method
//!   rule with [`along`], which is zero for a zero tangent. A zero partial is the rule's strong
//!   zero, as in reverse mode; a zero tangent means the operand does not move in this
//!   direction, so the directional derivative is zero whatever the slope. That second half is
//!   what carries a strong zero forward: in `x.powi(2).sqrt()` it is the zero tangent `powi`
//!   passes on that meets `sqrt`'s infinite slope.
//!
//! Not strong: the operators `+ - * /` (`0.0 * x` is IEEE multiplication: a zero factor that
//! is a value of the program, not a rule's slope), and the slopes that reverse loops multiply
//! in generated code (`exp exp2 exp_m1 tanh sqrt recip sin cos ln ln_1p atan sinh cosh`, see
//! [`crate::float::slopes`]): those are zero only by underflow or rounding, or, for `cos` and
//! `cosh`, at the single point `0`. Where a strong zero comes after an infinite slope
//! (`x.sqrt().powi(2)` at `0`), reverse mode multiplies the zero cotangent into the infinite
//! slope and gives NaN, while forward mode gives `0`.

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

/// [`crate::second::unary`] with zero tangents strong, and zero derivatives too when
/// `strong_partials` (the rule's own zeros are strong, see the module documentation): every
/// product of a derivative and tangents is [`product`] or [`along`].
#[inline(always)]
pub fn unary<T: Float>(strong_partials: bool, d1: T, d2: T, (a, b, ab): (T, T, T)) -> (T, T, T) {
    let times = |partial: T, t: T| {
        if strong_partials {
            product(partial, t)
        } else {
            along(partial, t)
        }
    };
    (
        times(d1, a),
        times(d1, b),
        times(d1, ab) + times(d2, along(a, b)),
    )
}

/// [`crate::second::binary`] with zero tangents strong, and zero derivatives too when
/// `strong_partials`: every product of a derivative and tangents is [`product`] or [`along`].
#[inline(always)]
pub fn binary<T: Float>(
    strong_partials: bool,
    (gx, go): (T, T),
    (hxx, hxo, hoo): (T, T, T),
    (xa, xb, xab): (T, T, T),
    (oa, ob, oab): (T, T, T),
) -> (T, T, T) {
    let times = |partial: T, t: T| {
        if strong_partials {
            product(partial, t)
        } else {
            along(partial, t)
        }
    };
    (
        times(gx, xa) + times(go, oa),
        times(gx, xb) + times(go, ob),
        times(gx, xab)
            + times(go, oab)
            + times(hxx, along(xa, xb))
            + times(hxo, along(xa, ob) + along(oa, xb))
            + times(hoo, along(oa, ob)),
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
            let (g, h, x, o) = (
                (0.3, -2.0),
                (1.0, 0.5, -3.0),
                (0.5, 2.0, -1.0),
                (1.5, -0.5, 0.25),
            );
            assert_eq!(
                binary(strong, g, h, x, o),
                crate::second::binary(g, h, x, o)
            );
            // A zero tangent of the other operand keeps its NaN partials out.
            let nan = f64::NAN;
            let got = binary(strong, (2.0, nan), (1.0, nan, nan), x, (0.0, 0.0, 0.0));
            assert_eq!(got, crate::second::unary(2.0, 1.0, x));
        }
        // An infinite tangent meets a zero derivative: strong only for strong partials.
        let t = (f64::INFINITY, 1.0, 0.0);
        assert_eq!(unary(true, 0.0, 0.0, t), (0.0, 0.0, 0.0));
        assert!(unary(false, 0.0, 0.0, t).0.is_nan());
    }
}
