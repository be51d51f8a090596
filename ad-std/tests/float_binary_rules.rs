//! The method rules of `ad_std::float::FloatMethods` with several operands (`atan2`, `log`,
//! `powf`, `powi`, `hypot`, `copysign`, `max`, `min`, `mul_add`, `clamp`, `rem_euclid`) for f64
//! and f32: values, closed
//! forms, finite differences and linearity, then the documented conventions at the
//! non-differentiable points.

mod common;

use ad_core::NoTangent;
use ad_std::float::FloatMethods;
use common::{Scalar, assert_bits, assert_close, check};

/// A test of one method rule with `$n` operands for f64 and f32: `check` against the
/// closed-form gradient (written in f64 over the operands `$recv, $arg..`).
macro_rules! method {
    ($rule:ident, $method:ident, $n:literal, |$recv:ident $(, $arg:ident)*| $gradient:expr,
     at: $points:expr) => {
        #[test]
        fn $method() {
            let points: &[[f64; $n]] = &$points;
            check::<f64, $n, _, _>(
                stringify!($method),
                |[$recv, $($arg),*]| $recv.$rule($($arg),*),
                |[$recv, $($arg),*]| $recv.$method($($arg),*),
                |[$recv, $($arg),*]| $gradient,
                points,
            );
            check::<f32, $n, _, _>(
                stringify!($method),
                |[$recv, $($arg),*]| $recv.$rule($($arg),*),
                |[$recv, $($arg),*]| $recv.$method($($arg),*),
                |[$recv, $($arg),*]| $gradient,
                points,
            );
        }
    };
}

method!(__ad_vjp_atan2, atan2, 2, |x, o| {
    let r2 = x.powi(2) + o.powi(2);
    [o / r2, -x / r2]
}, at: [[1.0, 2.0], [-0.5, 0.3], [0.7, -1.5], [-2.0, -1.0], [0.0, 1.0], [3.0, 0.0]]);

method!(__ad_vjp_log, log, 2, |x, b| [1.0 / (x * b.ln()), -x.ln() / (b * b.ln().powi(2))],
    at: [[2.0, 3.0], [0.5, 10.0], [8.0, 2.0], [30.0, 0.5], [1.0, 5.0]]);

method!(__ad_vjp_powf, powf, 2, |x, p| [p * x.powf(p) / x, x.powf(p) * x.ln()],
    at: [[2.0, 3.0], [0.5, 1.5], [3.0, -0.5], [1.5, 0.0], [0.3, 2.5], [1.0, 7.0]]);

method!(__ad_vjp_hypot, hypot, 2, |x, o| {
    let r = (x * x + o * o).sqrt();
    [x / r, o / r]
}, at: [[3.0, 4.0], [-1.0, 0.5], [0.0, 2.0], [1e-3, -2.0], [-6.0, 0.0]]);

// Away from x = 0: |x| sign(o), whose derivative in x is sign(x) sign(o) and in o is 0.
method!(__ad_vjp_copysign, copysign, 2, |x, o| [x.signum() * o.signum(), 0.0],
    at: [[1.5, 2.0], [-0.5, 3.0], [0.7, -1.0], [-2.0, -0.25]]);

// Away from the jumps (x / o an integer): ∂/∂x = 1, ∂/∂o = -div_euclid(x, o).
method!(__ad_vjp_rem_euclid, rem_euclid, 2, |x, o| [1.0, -x.div_euclid(o)],
    at: [[7.3, 2.0], [-7.3, 2.0], [7.3, -2.0], [-7.3, -2.0], [0.5, 3.0], [-0.5, 3.0], [20.0, 0.75]]);

method!(__ad_vjp_max, max, 2, |x, o| if x > o { [1.0, 0.0] } else { [0.0, 1.0] },
    at: [[1.0, 2.0], [3.0, -1.0], [-0.5, -0.25], [0.0, 1e-3]]);

method!(__ad_vjp_min, min, 2, |x, o| if x < o { [1.0, 0.0] } else { [0.0, 1.0] },
    at: [[1.0, 2.0], [3.0, -1.0], [-0.5, -0.25], [0.0, 1e-3]]);

method!(__ad_vjp_mul_add, mul_add, 3, |x, a, _b| [a, x, 1.0],
    at: [[1.0, 2.0, 3.0], [-0.5, 4.0, 0.1], [0.0, 1.5, -2.0], [7.0, -0.25, 0.0]]);

method!(__ad_vjp_clamp, clamp, 3, |x, lo, hi| {
    if x < lo { [0.0, 1.0, 0.0] } else if x > hi { [0.0, 0.0, 1.0] } else { [1.0, 0.0, 0.0] }
}, at: [[0.5, 0.0, 1.0], [-1.0, 0.0, 1.0], [2.0, 0.0, 1.0], [-3.0, -5.0, -2.0], [-6.0, -5.0, -2.0]]);

#[test]
fn powi() {
    fn run<T: Scalar + FloatMethods>(powi: fn(T, i32) -> T) {
        for n in [-3, -1, 0, 1, 2, 5] {
            let points = [[-1.5], [-0.5], [0.5], [1.0], [2.0]];
            check::<T, 1, _, _>(
                &format!("powi(_, {n})"),
                |[x]| x.__ad_vjp_powi(n),
                |[x]| powi(x, n),
                |[x]| {
                    [if n == 0 {
                        0.0
                    } else {
                        n as f64 * x.powf(n as f64) / x
                    }]
                },
                &points,
            );
        }
    }
    run::<f64>(f64::powi);
    run::<f32>(f32::powi);
    // The exponent's cotangent is `NoTangent`.
    let (_, pullback) = 2.0f64.__ad_vjp_powi(3);
    assert_eq!(pullback(1.0), (12.0, NoTangent));
}

/// The receiver's and the argument's cotangents of a two-operand f64 rule for cotangent `d`.
fn cotangents2<P: Fn(f64) -> (f64, f64)>((_, pullback): (f64, P), d: f64) -> (f64, f64) {
    pullback(d)
}

#[test]
fn powi_zero_exponent_has_zero_derivative_everywhere() {
    for x in [0.0, -0.0, 2.0, -3.0, f64::INFINITY, f64::NAN] {
        let (value, pullback) = x.__ad_vjp_powi(0);
        assert_bits("powi(x, 0)", value, 1.0);
        assert_bits("d/dx powi(x, 0)", pullback(1.0).0, 0.0);
    }
    assert_bits("f32", 0.0f32.__ad_vjp_powi(0).1(1.0).0, 0.0);
    // At zero for the other small exponents: n 0^(n-1).
    assert_eq!(0.0f64.__ad_vjp_powi(1).1(1.0).0, 1.0);
    assert_eq!(0.0f64.__ad_vjp_powi(2).1(1.0).0, 0.0);
    assert_eq!(0.0f64.__ad_vjp_powi(-1).1(1.0).0, f64::NEG_INFINITY);
    // i32::MIN has no n - 1; x^(n-1) is computed as x^n / x.
    assert_eq!(
        (-1.0f64).__ad_vjp_powi(i32::MIN).1(1.0).0,
        -(i32::MIN as f64)
    );
    assert_eq!(2.0f64.__ad_vjp_powi(i32::MIN).1(1.0).0, -0.0);
}

#[test]
fn powf_conventions() {
    // d/dp at x = 0 is 0 (no NaN from 0 * -inf), for any p.
    for p in [2.0, 0.5, 1.0, 0.0, -1.0] {
        assert_bits(
            "d/dp powf(0, p)",
            cotangents2(0.0f64.__ad_vjp_powf(p), 1.0).1,
            0.0,
        );
    }
    // d/dx at x = 0 is p 0^(p-1): 0 for p > 1, 1 for p = 1, inf for 0 < p < 1.
    assert_eq!(cotangents2(0.0f64.__ad_vjp_powf(2.0), 1.0).0, 0.0);
    assert_eq!(cotangents2(0.0f64.__ad_vjp_powf(1.0), 1.0).0, 1.0);
    assert_eq!(cotangents2(0.0f64.__ad_vjp_powf(0.5), 1.0).0, f64::INFINITY);
    // d/dx at p = 0 is 0, even at x = 0 where p x^(p-1) would be 0 * inf.
    assert_bits(
        "d/dx powf(0, 0)",
        cotangents2(0.0f64.__ad_vjp_powf(0.0), 1.0).0,
        0.0,
    );
    assert_bits(
        "d/dx powf(3, 0)",
        cotangents2(3.0f64.__ad_vjp_powf(0.0), 1.0).0,
        0.0,
    );
    // x < 0 with an integer exponent: the value and d/dx are finite, d/dp is NaN.
    let (value, pullback) = (-2.0f64).__ad_vjp_powf(3.0);
    assert_eq!(value, -8.0);
    assert_eq!(pullback(1.0).0, 12.0);
    assert!(pullback(1.0).1.is_nan());
    let (_, pullback) = 0.0f32.__ad_vjp_powf(2.0);
    assert_eq!(pullback(1.0), (0.0, 0.0));
}

#[test]
fn copysign_at_zero_passes_nothing() {
    // documented convention: at x = ±0 the cotangent of x is 0, as for `abs`
    for (x, o) in [(0.0f64, 1.0), (-0.0, -2.0), (0.0, -0.0)] {
        let (value, pullback) = x.__ad_vjp_copysign(o);
        assert_bits("copysign", value, x.copysign(o));
        assert_eq!(pullback(1.0), (0.0, 0.0));
    }
}

#[test]
fn hypot_and_atan2_at_the_origin_are_zero() {
    for (x, o) in [(0.0, 0.0), (-0.0, 0.0), (0.0, -0.0)] {
        let (value, pullback) = f64::__ad_vjp_hypot(x, o);
        assert_bits("hypot(0, 0)", value, 0.0);
        assert_eq!(pullback(1.0), (0.0, 0.0));
        let (value, pullback) = f64::__ad_vjp_atan2(x, o);
        assert_bits("atan2 at the origin", value, f64::atan2(x, o));
        assert_eq!(pullback(1.0), (0.0, 0.0));
    }
    assert_eq!(0.0f32.__ad_vjp_hypot(0.0).1(1.0), (0.0, 0.0));
    assert_eq!(0.0f32.__ad_vjp_atan2(0.0).1(1.0), (0.0, 0.0));
}

#[test]
fn max_and_min_ties_go_to_the_receiver() {
    for x in [0.0f64, 1.5, -2.0, f64::INFINITY] {
        assert_eq!(
            cotangents2(x.__ad_vjp_max(x), 3.0),
            (3.0, 0.0),
            "max({x}, {x})"
        );
        assert_eq!(
            cotangents2(x.__ad_vjp_min(x), 3.0),
            (3.0, 0.0),
            "min({x}, {x})"
        );
    }
    // Signed zeros compare equal: a tie.
    assert_eq!(cotangents2(0.0f64.__ad_vjp_max(-0.0), 1.0), (1.0, 0.0));
    assert_eq!(cotangents2((-0.0f64).__ad_vjp_min(0.0), 1.0), (1.0, 0.0));
    assert_eq!(2.0f32.__ad_vjp_max(2.0).1(1.0), (1.0, 0.0));
    assert_eq!(2.0f32.__ad_vjp_min(2.0).1(1.0), (1.0, 0.0));
}

#[test]
fn max_and_min_with_nan_follow_the_returned_operand() {
    let nan = f64::NAN;
    let (value, pullback) = nan.__ad_vjp_max(1.0);
    assert_eq!((value, pullback(2.0)), (1.0, (0.0, 2.0)));
    let (value, pullback) = 1.0f64.__ad_vjp_max(nan);
    assert_eq!((value, pullback(2.0)), (1.0, (2.0, 0.0)));
    let (value, pullback) = nan.__ad_vjp_min(1.0);
    assert_eq!((value, pullback(2.0)), (1.0, (0.0, 2.0)));
    let (value, pullback) = 1.0f64.__ad_vjp_min(nan);
    assert_eq!((value, pullback(2.0)), (1.0, (2.0, 0.0)));
    let (value, pullback) = nan.__ad_vjp_max(nan);
    assert!(value.is_nan());
    assert_eq!(pullback(2.0), (2.0, 0.0));
}

/// The three cotangents of `clamp` for cotangent 1.
fn clamp_cotangents(x: f64, lo: f64, hi: f64) -> (f64, f64, f64) {
    let (value, pullback) = x.__ad_vjp_clamp(lo, hi);
    assert_bits("clamp value", value, x.clamp(lo, hi));
    pullback(1.0)
}

#[test]
fn clamp_conventions() {
    // Inside and at the bounds (ties): the receiver.
    assert_eq!(clamp_cotangents(0.5, 0.0, 1.0), (1.0, 0.0, 0.0));
    assert_eq!(clamp_cotangents(0.0, 0.0, 1.0), (1.0, 0.0, 0.0));
    assert_eq!(clamp_cotangents(1.0, 0.0, 1.0), (1.0, 0.0, 0.0));
    assert_eq!(clamp_cotangents(2.0, 2.0, 2.0), (1.0, 0.0, 0.0));
    // Outside: the bound that is returned.
    assert_eq!(clamp_cotangents(-0.5, 0.0, 1.0), (0.0, 1.0, 0.0));
    assert_eq!(clamp_cotangents(1.5, 0.0, 1.0), (0.0, 0.0, 1.0));
    assert_eq!(
        clamp_cotangents(f64::NEG_INFINITY, 0.0, 1.0),
        (0.0, 1.0, 0.0)
    );
    // A NaN receiver: the value is NaN, the cotangent goes to the receiver.
    let (value, pullback) = f64::NAN.__ad_vjp_clamp(0.0, 1.0);
    assert!(value.is_nan());
    assert_eq!(pullback(1.0), (1.0, 0.0, 0.0));
    assert_eq!(1.0f32.__ad_vjp_clamp(1.0, 2.0).1(1.0), (1.0, 0.0, 0.0));
    assert_eq!(3.0f32.__ad_vjp_clamp(1.0, 2.0).1(1.0), (0.0, 0.0, 1.0));
}

#[test]
#[should_panic]
fn clamp_panics_like_std_on_inverted_bounds() {
    let _ = 0.5f64.__ad_vjp_clamp(1.0, 0.0);
}

#[test]
fn log_of_base_one_follows_the_closed_form() {
    let (value, pullback) = 2.0f64.__ad_vjp_log(1.0);
    assert_eq!(value, f64::INFINITY);
    assert_eq!(pullback(1.0).0, f64::INFINITY);
}

#[test]
fn pullbacks_capture_only_what_they_need() {
    use std::mem::size_of_val;
    assert_eq!(size_of_val(&2.0f64.__ad_vjp_atan2(1.0).1), 16);
    // powi: the slope, or for n < 0 the value and n / x (the cotangent goes in first).
    assert_eq!(size_of_val(&2.0f64.__ad_vjp_powi(3).1), 16);
    assert_eq!(size_of_val(&2.0f64.__ad_vjp_max(1.0).1), 1);
    assert_eq!(size_of_val(&2.0f64.__ad_vjp_clamp(1.0, 3.0).1), 2);
    assert_eq!(size_of_val(&2.0f64.__ad_vjp_mul_add(1.0, 3.0).1), 16);
    assert_eq!(size_of_val(&2.0f32.__ad_vjp_hypot(1.0).1), 8);
}

#[test]
fn rem_euclid_follows_the_quotient_of_its_value() {
    // 1.0.div_euclid(0.1) is 10, but 1.0.rem_euclid(0.1) is 0.0999..., the remainder of
    // quotient 9: the derivative is that of the piece the value lies on.
    assert_eq!(1.0f64.div_euclid(0.1), 10.0);
    let (r, pullback) = 1.0f64.__ad_vjp_rem_euclid(0.1);
    assert!((r - 0.1).abs() < 1e-15);
    assert_eq!(pullback(1.0), (1.0, -9.0));
    // At a jump (r = 0): the piece that starts there, q = x / o.
    for (x, o) in [(6.0f64, 2.0f64), (-6.0, 2.0), (6.0, -2.0), (-6.0, -2.0)] {
        let (r, pullback) = x.__ad_vjp_rem_euclid(o);
        assert_eq!(r, 0.0);
        assert_eq!(pullback(1.0), (1.0, -(x / o)));
        // One-sided differences into that piece, where r = x - q o grows from 0: x up, and
        // o against the sign of q.
        let h = 1e-7;
        let (x_in, o_in) = (x + h, o - h * (x / o).signum());
        assert_close(
            "d/dx into the piece",
            (x_in.rem_euclid(o) - r) / h,
            1.0,
            1e-6,
        );
        let slope_o = (x.rem_euclid(o_in) - r) / (o_in - o);
        assert_close("d/do into the piece", slope_o, -(x / o), 1e-6);
    }
    // A zero quotient is a strong zero: 0 <= x < |o|.
    let (_, pullback) = 0.5f64.__ad_vjp_rem_euclid(2.0);
    assert_eq!(pullback(f64::INFINITY), (f64::INFINITY, 0.0));
    // o = 0: NaN value, NaN d/do.
    let (r, pullback) = 1.5f64.__ad_vjp_rem_euclid(0.0);
    assert!(r.is_nan() && pullback(1.0).1.is_nan());
}

#[test]
fn strong_zeros_of_rules_with_several_operands() {
    let inf = f64::INFINITY;
    // powi and powf at a zero base: p x^(p-1) = 0 against an infinite cotangent.
    assert_bits("powi", 0.0f64.__ad_vjp_powi(2).1(inf).0, 0.0);
    assert_bits("powi n = 0", 3.0f64.__ad_vjp_powi(0).1(f64::NAN).0, 0.0);
    assert_eq!(0.0f64.__ad_vjp_powf(2.0).1(inf), (0.0, 0.0));
    // powf at x = 1: ∂/∂p = y ln 1 = 0.
    assert_eq!(1.0f64.__ad_vjp_powf(2.5).1(inf), (2.5 * inf, 0.0));
    // hypot and atan2 with one zero operand: the other's slope is exactly 0.
    assert_eq!(0.0f64.__ad_vjp_hypot(3.0).1(inf), (0.0, inf));
    assert_eq!(0.0f64.__ad_vjp_hypot(0.0).1(inf), (0.0, 0.0));
    assert_eq!(2.0f64.__ad_vjp_atan2(0.0).1(inf), (0.0, -inf));
    // log: ∂/∂b = -y / (b ln b) = 0 at x = 1.
    assert_eq!(1.0f64.__ad_vjp_log(3.0).1(inf).1, 0.0);
    // copysign at x = 0, and its sign operand.
    assert_eq!(0.0f64.__ad_vjp_copysign(-1.0).1(inf), (0.0, 0.0));
    // mul_add multiplies like `*`: a zero operand is not a strong zero.
    assert!(2.0f64.__ad_vjp_mul_add(0.0, 1.0).1(inf).0.is_nan());
}
