//! Branches that diverge: `panic!`, `unreachable!`, `unimplemented!` and `todo!` as the value
//! of a branch or a match arm, as a distribution's `inverse_cdf` or a solver's guard writes
//! them. The branch never yields a value, so it takes the other branches' type. Every mode
//! against central differences and closed forms, at points where no branch panics.

use crate::check::{check_hessian, check_idiom};
use ad::prelude::*;

/// The inverse of the CDF of the exponential distribution, `-ln(1 - p) / rate`, for
/// `0 <= p < 1`.
#[differentiable]
fn inverse_cdf(p: f64, rate: f64) -> f64 {
    if !(0.0..1.0).contains(&p) {
        panic!("p must be in [0, 1), got {p}")
    } else {
        -(1.0 - p).ln() / rate
    }
}

/// A match whose last arm cannot be reached.
#[differentiable]
fn by_sign(x: f64, y: f64) -> f64 {
    let s = if x > 0.0 { 1 } else { -1 };
    match s {
        1 => x * y,
        -1 => -x * y.sin(),
        _ => unreachable!("the sign is 1 or -1"),
    }
}

/// A `let` whose value is a diverging branch, then more arithmetic.
#[differentiable]
fn guarded(x: f64, y: f64) -> f64 {
    let r = if y > 0.0 {
        (x * x + y).sqrt()
    } else {
        unimplemented!("negative y")
    };
    r * x
}

#[test]
fn diverging_branches_take_the_other_branches_type() {
    check_idiom!(inverse_cdf, [(0.3, 2.0), (0.9, 0.5)]);
    check_hessian!(inverse_cdf, [(0.3, 2.0)]);
    // Closed form: d/dp = 1 / (rate (1 - p)), d/drate = ln(1 - p) / rate².
    let (dp, drate) = ad::gradient!(at: 0.3, 2.0, of: inverse_cdf);
    crate::assert_close(dp, 1.0 / (2.0 * 0.7));
    crate::assert_close(drate, 0.7f64.ln() / 4.0);
    check_idiom!(by_sign, [(0.7, 1.3), (-0.4, 2.0)]);
    check_hessian!(by_sign, [(0.7, 1.3), (-0.4, 2.0)]);
    check_idiom!(guarded, [(0.7, 1.3), (-1.2, 0.4)]);
    check_hessian!(guarded, [(0.7, 1.3)]);
}

#[test]
#[should_panic(expected = "p must be in [0, 1)")]
fn the_derivative_panics_where_the_function_does() {
    let _ = ad::gradient!(at: 1.5, 2.0, of: inverse_cdf);
}
