//! The derivatives of float methods as plain functions of one value, for generated reverse
//! loops that keep only that value: `y` for the methods whose derivative is an accurate
//! function of their result (`exp`: `y`, `sqrt`: `0.5 / y`), `x` for the others (`sin`:
//! `cos x`). A loop stores the result it computed anyway instead of a pullback, and its
//! reverse multiplies. `exp_m1` and `tanh` take `x`: their slopes from `y` (`y + 1`,
//! `1 - y²`) cancel where `y` rounds to `-1` or `±1`.
//!
//! Each slope is the factor of the method's rule in [`FloatMethods`](super::FloatMethods)
//! (`impls.rs`), with the same conventions at the edges; a test checks them against each
//! other. The compiler names these functions by method (`names::method_slope`): a method
//! whose slope is missing here fails to compile rather than differentiate wrongly.

/// `d method(x) / dx` as a function of `y = method(x)` or of `x`.
///
/// Original: `y = f(x)` / Tangent: `ty = f'(x) tx` / Adjoint: `adj[x] += adj[y] f'(x)`, where
/// each function below is `f'` written with what the loop kept.
pub trait FloatSlopes: Sized {
    /// `exp`: `y`.
    fn __ad_slope_of_result_exp(y: Self) -> Self;
    /// `exp2`: `y ln 2`.
    fn __ad_slope_of_result_exp2(y: Self) -> Self;
    /// `sqrt`: `0.5 / |y|` (`+inf` at `±0`).
    fn __ad_slope_of_result_sqrt(y: Self) -> Self;
    /// `recip`: `-y²`. (The rule's pullback multiplies the cotangent in first, `-(d y) y`; a
    /// loop multiplies by this slope, which overflows for `|x| < 1.5e-154` as the true
    /// slope does.)
    fn __ad_slope_of_result_recip(y: Self) -> Self;
    /// `sin`: `cos x`.
    fn __ad_slope_of_operand_sin(x: Self) -> Self;
    /// `cos`: `-sin x`.
    fn __ad_slope_of_operand_cos(x: Self) -> Self;
    /// `ln`: `1 / x`.
    fn __ad_slope_of_operand_ln(x: Self) -> Self;
    /// `ln_1p`: `1 / (1 + x)`.
    fn __ad_slope_of_operand_ln_1p(x: Self) -> Self;
    /// `atan`: `1 / (1 + x²)`, as `r² / (1 + r²)` with `r = 1 / x` for `|x| > 1` (no overflow
    /// of `x²`).
    fn __ad_slope_of_operand_atan(x: Self) -> Self;
    /// `exp_m1`: `e^x` (not `y + 1`, which cancels for `x` below `-20`).
    fn __ad_slope_of_operand_exp_m1(x: Self) -> Self;
    /// `tanh`: `sech² x` (not `1 - y²`, which cancels once `y` rounds to `±1`).
    fn __ad_slope_of_operand_tanh(x: Self) -> Self;
    /// `sinh`: `cosh x`.
    fn __ad_slope_of_operand_sinh(x: Self) -> Self;
    /// `cosh`: `sinh x`.
    fn __ad_slope_of_operand_cosh(x: Self) -> Self;
}

macro_rules! float_slopes {
    ($($t:ident),*) => {$(
        impl FloatSlopes for $t {
            #[inline(always)]
            fn __ad_slope_of_result_exp(y: $t) -> $t { y }
            #[inline(always)]
            fn __ad_slope_of_result_exp2(y: $t) -> $t { y * std::$t::consts::LN_2 }
            #[inline(always)]
            fn __ad_slope_of_result_sqrt(y: $t) -> $t { 0.5 / y.abs() }
            #[inline(always)]
            fn __ad_slope_of_result_recip(y: $t) -> $t { -(y * y) }
            #[inline(always)]
            fn __ad_slope_of_operand_sin(x: $t) -> $t { x.cos() }
            #[inline(always)]
            fn __ad_slope_of_operand_cos(x: $t) -> $t { -x.sin() }
            #[inline(always)]
            fn __ad_slope_of_operand_ln(x: $t) -> $t { 1.0 / x }
            #[inline(always)]
            fn __ad_slope_of_operand_ln_1p(x: $t) -> $t { 1.0 / (1.0 + x) }
            #[inline(always)]
            fn __ad_slope_of_operand_atan(x: $t) -> $t {
                if x.abs() > 1.0 {
                    let r = x.recip();
                    r * r / (1.0 + r * r)
                } else {
                    1.0 / (1.0 + x * x)
                }
            }
            #[inline(always)]
            fn __ad_slope_of_operand_exp_m1(x: $t) -> $t { x.exp() }
            #[inline(always)]
            fn __ad_slope_of_operand_tanh(x: $t) -> $t {
                // As the rule: `(1 - y)(1 + y)` where accurate, sech² x beyond.
                if x.abs() < 4.0 {
                    let y = x.tanh();
                    (1.0 - y) * (1.0 + y)
                } else {
                    let s = x.cosh().recip();
                    s * s
                }
            }
            #[inline(always)]
            fn __ad_slope_of_operand_sinh(x: $t) -> $t { x.cosh() }
            #[inline(always)]
            fn __ad_slope_of_operand_cosh(x: $t) -> $t { x.sinh() }
        }
    )*};
}

float_slopes!(f32, f64);

#[cfg(test)]
mod tests {
    use super::FloatSlopes;
    use crate::float::FloatMethods;

    /// Each slope equals its rule's factor (the pullback of `1`), bit for bit, edges included:
    /// a loop reversed through a slope then gives what the rule gives elsewhere. (The rules
    /// themselves are checked against closed forms and differences in `tests/float_rules.rs`;
    /// loops through slopes end to end in the control-flow tests.)
    #[test]
    fn slopes_agree_with_the_rules() {
        // The far ends too: where the slopes of `exp_m1`, `tanh` and `atan` switch formulas or
        // once cancelled or overflowed.
        let points = [
            -40.0, -25.0, -2.5, -1.0, -0.3, -0.0, 0.0, 0.2, 0.7, 1.0, 3.1, 30.0, 1e200,
        ];
        type Case = (fn(f64) -> f64, fn(f64) -> f64, fn(f64) -> f64, bool);
        let cases: [(&str, Case); 13] = [
            (
                "exp",
                (
                    f64::exp,
                    f64::__ad_slope_of_result_exp,
                    |x| x.__ad_vjp_exp().1(1.0).0,
                    true,
                ),
            ),
            (
                "exp2",
                (
                    f64::exp2,
                    f64::__ad_slope_of_result_exp2,
                    |x| x.__ad_vjp_exp2().1(1.0).0,
                    true,
                ),
            ),
            (
                "exp_m1",
                (
                    f64::exp_m1,
                    f64::__ad_slope_of_operand_exp_m1,
                    |x| x.__ad_vjp_exp_m1().1(1.0).0,
                    false,
                ),
            ),
            (
                "tanh",
                (
                    f64::tanh,
                    f64::__ad_slope_of_operand_tanh,
                    |x| x.__ad_vjp_tanh().1(1.0).0,
                    false,
                ),
            ),
            (
                "sqrt",
                (
                    f64::sqrt,
                    f64::__ad_slope_of_result_sqrt,
                    |x| x.__ad_vjp_sqrt().1(1.0).0,
                    true,
                ),
            ),
            (
                "recip",
                (
                    f64::recip,
                    f64::__ad_slope_of_result_recip,
                    |x| x.__ad_vjp_recip().1(1.0).0,
                    true,
                ),
            ),
            (
                "sin",
                (
                    f64::sin,
                    f64::__ad_slope_of_operand_sin,
                    |x| x.__ad_vjp_sin().1(1.0).0,
                    false,
                ),
            ),
            (
                "cos",
                (
                    f64::cos,
                    f64::__ad_slope_of_operand_cos,
                    |x| x.__ad_vjp_cos().1(1.0).0,
                    false,
                ),
            ),
            (
                "ln",
                (
                    f64::ln,
                    f64::__ad_slope_of_operand_ln,
                    |x| x.__ad_vjp_ln().1(1.0).0,
                    false,
                ),
            ),
            (
                "ln_1p",
                (
                    f64::ln_1p,
                    f64::__ad_slope_of_operand_ln_1p,
                    |x| x.__ad_vjp_ln_1p().1(1.0).0,
                    false,
                ),
            ),
            (
                "atan",
                (
                    f64::atan,
                    f64::__ad_slope_of_operand_atan,
                    |x| x.__ad_vjp_atan().1(1.0).0,
                    false,
                ),
            ),
            (
                "sinh",
                (
                    f64::sinh,
                    f64::__ad_slope_of_operand_sinh,
                    |x| x.__ad_vjp_sinh().1(1.0).0,
                    false,
                ),
            ),
            (
                "cosh",
                (
                    f64::cosh,
                    f64::__ad_slope_of_operand_cosh,
                    |x| x.__ad_vjp_cosh().1(1.0).0,
                    false,
                ),
            ),
        ];
        for (name, (method, slope, rule, of_result)) in cases {
            for x in points {
                let at = if of_result { method(x) } else { x };
                let (got, want) = (slope(at), rule(x));
                assert!(
                    got.to_bits() == want.to_bits() || (got.is_nan() && want.is_nan()),
                    "{name} at {x}: slope {got}, rule {want}"
                );
            }
        }
    }
}
