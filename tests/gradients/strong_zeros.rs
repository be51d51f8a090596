//! Strong zeros (`ad_std::strong`): a partial derivative that a rule's closed form makes
//! exactly zero (`powi` and `powf` at a zero base, `abs` at 0, `hypot` with a zero operand,
//! ...) passes back exactly zero even against an infinite cotangent, in every mode, so
//! `x.powi(2).sqrt()` has derivative 0 at 0 instead of `0 · ∞ = NaN`. Multiplication by a
//! zero value (`x * 0.0`) is not included.

use crate::{assert_all_close, assert_close};
use ad::ndarray::{Array1, array};
use ad::prelude::*;
// The suite's operators, which also check forward mode against reverse mode.
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};

/// `√(x²)`, that is `|x|`, through `powi`.
#[differentiable]
fn root_of_square(x: f64) -> f64 {
    x.powi(2).sqrt()
}

/// `√(x²)` through `powf` with a constant exponent.
#[differentiable]
fn root_of_powf_square(x: f64) -> f64 {
    x.powf(2.0).sqrt()
}

/// The Euclidean norm of `(x, y)`, written out.
#[differentiable]
fn norm(x: f64, y: f64) -> f64 {
    (x.powi(2) + y.powi(2)).sqrt()
}

#[test]
fn a_zero_slope_of_powi_or_powf_wins_over_the_infinite_slope_of_sqrt() {
    // |x|: the derivative is sign(x), and 0 at 0 as for `abs` (not NaN).
    for (x, want) in [(0.0, 0.0), (-0.0, 0.0), (1.5, 1.0), (-1.5, -1.0)] {
        // The suite's `gradient!` also checks forward mode against reverse mode.
        assert_eq!(gradient!(at: x, of: root_of_square), want, "powi at {x}");
        assert_eq!(
            differentiate!(at: x, of: root_of_square),
            want,
            "powi at {x}"
        );
        assert_eq!(
            gradient!(at: x, of: root_of_powf_square),
            want,
            "powf at {x}"
        );
        assert_eq!(
            differentiate!(at: x, of: root_of_powf_square),
            want,
            "powf at {x}"
        );
        let (value, differential) = value_with_differential!(at: x, of: root_of_square);
        assert_eq!((value, differential(2.0)), (x.abs(), 2.0 * want));
    }
    // The norm at the origin: (0, 0); elsewhere (x, y) / r.
    assert_eq!(gradient!(at: 0.0, 0.0, of: norm), (0.0, 0.0));
    let (_, differential) = value_with_differential!(at: 0.0, 0.0, of: norm);
    assert_eq!(differential(1.0, -2.0), 0.0);
    let (dx, dy) = gradient!(at: 3.0, -4.0, of: norm);
    assert_all_close(&[dx, dy], &[0.6, -0.8]);
}

#[test]
fn strong_zeros_of_other_rules() {
    // abs at 0 and hypot with a zero operand, each under the infinite slope of sqrt.
    let at_zero = |x: f64| gradient!(at: x, of: |x: f64| x.abs().sqrt());
    assert_eq!(at_zero(0.0), 0.0);
    // hypot at the origin: its convention (0, 0) is strong against sqrt's infinite slope.
    assert_eq!(
        gradient!(at: 0.0, of: |x: f64| (x * 0.5).hypot(0.0).sqrt()),
        0.0
    );
    // atan2 of a point on the x axis is flat in y... ∂/∂y atan2(y, x) = x / r², but
    // ∂/∂x = -y / r² = 0 exactly at y = 0: strong against the infinite slope of sqrt at 0.
    assert_eq!(gradient!(at: 1.0, of: |x: f64| 0.0f64.atan2(x).sqrt()), 0.0);
}

/// The derivative of `f` at `x` by reverse mode (`gradient!` of one scalar runs forward mode).
macro_rules! reverse {
    ($x:expr, $($f:tt)+) => {
        ad::pullback!(at: $x, of: $($f)+)(1.0)
    };
}

#[test]
fn what_is_not_strong() {
    // A zero factor of `*` is a value of the program: reverse mode gives 0 · ∞ = NaN (forward
    // mode passes the zero tangent of `x * 0.0` on, and gives 0).
    assert!(reverse!(0.0, |x: f64| (x * 0.0).sqrt()).is_nan());
    assert_eq!(differentiate!(at: 0.0, of: |x: f64| (x * 0.0).sqrt()), 0.0);
    // A strong zero after an infinite slope: the zero cotangent meets sqrt's slope in
    // reverse mode (NaN); forward mode passes the zero tangent of powi on (0).
    assert!(reverse!(0.0, |x: f64| x.sqrt().powi(2)).is_nan());
    assert_eq!(differentiate!(at: 0.0, of: |x: f64| x.sqrt().powi(2)), 0.0);
    // cos at 0 has the exact zero slope -sin 0, but is weak (reverse loops multiply it in
    // generated code): NaN against the infinite slope of sqrt in reverse mode.
    assert!(reverse!(0.0, |x: f64| (1.0 - x.cos()).sqrt()).is_nan());
    // The strong rules give 0 in reverse mode too.
    assert_eq!(reverse!(0.0, root_of_square), 0.0);
    assert_eq!(reverse!(0.0, |x: f64| x.abs().sqrt()), 0.0);
}

/// The strong zeros of `max`, `min` and `clamp` where they pick the constant: 0 through the
/// infinite slope of `sqrt` at 0, in reverse and forward mode.
#[test]
fn strong_zeros_of_max_min_and_clamp() {
    assert_eq!(reverse!(-1.0, |x: f64| x.max(0.0).sqrt()), 0.0);
    assert_eq!(reverse!(1.0, |x: f64| (-x.min(0.0)).sqrt()), 0.0);
    assert_eq!(reverse!(-1.0, |x: f64| x.clamp(0.0, 1.0).sqrt()), 0.0);
    assert_eq!(
        differentiate!(at: -1.0, of: |x: f64| x.max(0.0).sqrt()),
        0.0
    );
    assert_eq!(
        differentiate!(at: -1.0, of: |x: f64| x.clamp(0.0, 1.0).sqrt()),
        0.0
    );
}

/// Slopes that are zero only through underflow (`exp`), overflow (`tanh`'s sech² far out) or
/// at a point (`cosh` at 0) are not strong: against the infinite slope of `sqrt` at 0,
/// reverse mode gives NaN, as the reference page says.
#[test]
fn exp_tanh_and_cosh_are_not_strong() {
    assert!(reverse!(-1000.0, |x: f64| x.exp().sqrt()).is_nan());
    assert!(reverse!(400.0, |x: f64| (1.0 - x.tanh()).sqrt()).is_nan());
    assert!(reverse!(0.0, |x: f64| (x.cosh() - 1.0).sqrt()).is_nan());
}

#[test]
fn second_order() {
    // The Hessian of x.powf(2.0) · x = x³ at -1.5 is 6x = -9: the NaN of ∂/∂p = y ln x at a
    // negative base meets only the constant exponent's zero tangent.
    assert_close(hessian!(at: -1.5, of: |x: f64| x.powf(2.0) * x), -9.0);
    // Through the infinite slope of sqrt at a strong zero there is no second derivative
    // to give (√(x⁴) = x², but √(x²) = |x|): NaN, not a number strong zeros would make up.
    assert!(hessian!(at: 0.0, of: |x: f64| x.powi(4).sqrt()).is_nan());
    // Away from 0 the same functions are exact.
    assert_close(hessian!(at: 1.5, of: |x: f64| x.powi(4).sqrt()), 2.0);
}

/// `Σ √(v_i²)`, elementwise on an array.
#[differentiable]
fn array_root_of_square(v: Array1<f64>) -> f64 {
    v.powi(2).sqrt().sum() + v.powf(2.0).sqrt().sum()
}

/// `Σ v_i²` through `powf` with a constant exponent, at negative elements.
#[differentiable]
fn array_powf_square(v: Array1<f64>) -> f64 {
    v.powf(2.0).sum()
}

#[test]
fn arrays_follow_the_scalar_rules() {
    let v: Array1<f64> = array![0.0, 1.5, -2.0];
    let g = gradient!(at: v.clone(), of: array_root_of_square);
    assert_all_close(g.as_slice().unwrap(), &[0.0, 2.0, -2.0]);
    // powf(2.0) at negative elements: ∂/∂p is NaN there, the constant exponent adds nothing
    // (forward mode once gave NaN tangents).
    let v: Array1<f64> = array![-1.5, 0.5];
    let g = gradient!(at: v.clone(), of: array_powf_square);
    assert_all_close(g.as_slice().unwrap(), &[-3.0, 1.0]);
    let h = hessian!(at: v, of: array_powf_square);
    assert_all_close(h.as_slice().unwrap(), &[2.0, 0.0, 0.0, 2.0]);
}
