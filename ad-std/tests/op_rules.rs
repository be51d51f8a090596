//! The operator rules of `ad_std::ops` for f64 and f32: values, closed forms, finite
//! differences, linearity, the one-sided variants, casts, and what the pullbacks capture;
//! `%` at and near its jumps.

mod common;

use ad_core::check::central_difference;
use ad_std::ops::{AddRule, CastRule, DivRule, MulRule, NegRule, RemRule, SubRule};
use common::{Scalar, assert_bits, assert_close, check};
use std::mem::size_of_val;

/// Points `[a, b]` with `b != 0`, both signs, zeros and magnitudes apart from 1.
const POINTS: [[f64; 2]; 6] = [
    [1.5, -2.0],
    [-0.3, 0.7],
    [3.0, 4.0],
    [0.0, 2.5],
    [-7.25, -0.125],
    [1e3, 3e-2],
];

/// Asserts that the one-sided pullbacks give exactly the corresponding cotangent of the
/// two-sided one, with the same value, at `points`.
fn check_sides_at<T, PB, PL, PR>(
    points: &[[f64; 2]],
    both: impl Fn(T, T) -> (T, PB),
    lhs: impl Fn(T, T) -> (T, PL),
    rhs: impl Fn(T, T) -> (T, PR),
) where
    T: Scalar,
    PB: Fn(T) -> (T, T),
    PL: Fn(T) -> T,
    PR: Fn(T) -> T,
{
    for [a, b] in points.iter().map(|p| p.map(T::of)) {
        let (v, pb) = both(a, b);
        let (vl, pl) = lhs(a, b);
        let (vr, pr) = rhs(a, b);
        assert_bits("value of the lhs variant", vl, v);
        assert_bits("value of the rhs variant", vr, v);
        for d in [1.0, -0.5, 3.0, 0.0].map(T::of) {
            let (da, db) = pb(d);
            assert_bits("lhs cotangent", pl(d), da);
            assert_bits("rhs cotangent", pr(d), db);
        }
    }
}

/// A test of one binary operator rule for f64 and f32: `check` on the two-sided variant
/// against `gradient` (closed form in f64), and `check_sides` for the one-sided ones.
macro_rules! binary_op {
    ($name:ident: $both:ident, $lhs:ident, $rhs:ident, $op:tt, gradient: $gradient:expr) => {
        #[test]
        fn $name() {
            binary_op!(@run f64, $both, $lhs, $rhs, $op, $gradient);
            binary_op!(@run f32, $both, $lhs, $rhs, $op, $gradient);
        }
    };
    (@run $t:ident, $both:ident, $lhs:ident, $rhs:ident, $op:tt, $gradient:expr) => {
        check::<$t, 2, _, _>(
            stringify!($both),
            |[a, b]: [$t; 2]| a.$both(b),
            |[a, b]: [$t; 2]| a $op b,
            $gradient,
            &POINTS,
        );
        check_sides_at(
            &POINTS,
            |a: $t, b: $t| a.$both(b),
            |a: $t, b: $t| a.$lhs(b),
            |a: $t, b: $t| a.$rhs(b),
        );
    };
}

binary_op!(add: add_vjp, add_vjp_lhs, add_vjp_rhs, +, gradient: |[_a, _b]| [1.0, 1.0]);
binary_op!(sub: sub_vjp, sub_vjp_lhs, sub_vjp_rhs, -, gradient: |[_a, _b]| [1.0, -1.0]);
binary_op!(mul: mul_vjp, mul_vjp_lhs, mul_vjp_rhs, *, gradient: |[a, b]| [b, a]);
binary_op!(div: div_vjp, div_vjp_lhs, div_vjp_rhs, /, gradient: |[a, b]| [1.0 / b, -a / (b * b)]);

/// Points of `a % b` away from its jumps (`a / b` an integer other than 0) by more than the
/// steps of the differences: both signs of each operand, `|a| < |b|` (quotient 0), large
/// quotients.
const REM_POINTS: [[f64; 2]; 9] = [
    [7.3, 2.0],
    [-7.3, 2.0],
    [7.3, -2.0],
    [-7.3, -2.0],
    [1.5, -2.0],
    [-0.3, 0.7],
    [0.0, 2.5],
    [1e3, 7.5],
    [20.0, 0.75],
];

#[test]
fn rem() {
    // ∂(a % b)/∂a = 1, ∂/∂b = -trunc(a / b).
    fn gradient([a, b]: [f64; 2]) -> [f64; 2] {
        [1.0, -(a / b).trunc()]
    }
    check::<f64, 2, _, _>(
        "rem_vjp",
        |[a, b]| a.rem_vjp(b),
        |[a, b]| a % b,
        gradient,
        &REM_POINTS,
    );
    check::<f32, 2, _, _>(
        "rem_vjp",
        |[a, b]| a.rem_vjp(b),
        |[a, b]| a % b,
        gradient,
        &REM_POINTS,
    );
    check_sides_at(
        &REM_POINTS,
        |a: f64, b| a.rem_vjp(b),
        |a, b| a.rem_vjp_lhs(b),
        |a, b| a.rem_vjp_rhs(b),
    );
    check_sides_at(
        &REM_POINTS,
        |a: f32, b| a.rem_vjp(b),
        |a, b| a.rem_vjp_lhs(b),
        |a, b| a.rem_vjp_rhs(b),
    );
}

#[test]
fn rem_forward_and_second_order_match_the_pullback() {
    for [a, b] in REM_POINTS {
        let (r, pullback) = a.rem_vjp(b);
        let (da, db) = pullback(1.0);
        let (ta, tb) = (0.5, -1.25);
        assert_eq!(a.rem_jvp(b, ta, tb), (r, ta * da + tb * db));
        assert_eq!(a.rem_jvp_lhs(b, ta), (r, ta * da));
        assert_eq!(a.rem_jvp_rhs(b, tb), (r, tb * db));
        // Piecewise linear: the tangents are the gradient's, the mixed one has no curvature.
        let (value, (t1, t2, t12)) = a.rem_hvp(b, (1.0, 0.0, 0.0), (0.0, 1.0, 0.0));
        assert_eq!((value, t1, t2, t12), (r, da, db, 0.0));
    }
}

#[test]
fn rem_follows_the_quotient_of_its_value() {
    // 1.0 / 0.1 rounds to 10.0, but 1.0 % 0.1 is 0.0999..., the remainder of quotient 9:
    // the derivative is that of the piece r = a - 9 b, on which the value lies.
    let (r, pullback) = 1.0f64.rem_vjp(0.1);
    assert_eq!((1.0f64 / 0.1).trunc(), 10.0);
    assert!((r - 0.1).abs() < 1e-15);
    assert_eq!(pullback(1.0), (1.0, -9.0));
    // At a jump (a an exact multiple of b, r = 0): the piece that starts there, q = a / b.
    for (a, b, q) in [
        (6.0f64, 2.0f64, 3.0f64),
        (-6.0, 2.0, -3.0),
        (6.0, -2.0, -3.0),
    ] {
        let (r, pullback) = a.rem_vjp(b);
        assert_eq!(r, 0.0);
        assert_eq!(pullback(1.0), (1.0, -q));
        // One-sided differences into that piece: `a` away from zero, `b` towards zero.
        let (ha, hb) = (1e-7 * a.signum(), -1e-7 * b.signum());
        assert_close("d/da into the piece", ((a + ha) % b - r) / ha, 1.0, 1e-6);
        assert_close("d/db into the piece", (a % (b + hb) - r) / hb, -q, 1e-6);
    }
    // b = 0: the value and d/db are NaN; d/da is 1 like everywhere.
    let (r, pullback) = 1.5f64.rem_vjp(0.0);
    assert!(r.is_nan() && pullback(1.0).1.is_nan());
    assert_eq!(pullback(1.0).0, 1.0);
}

#[test]
fn rem_quotient_zero_is_a_strong_zero() {
    // |a| < |b|: r = a, ∂r/∂b = 0 exactly, even against an infinite or NaN cotangent.
    let (r, pullback) = 0.5f64.rem_vjp(2.0);
    assert_eq!(r, 0.5);
    assert_eq!(pullback(f64::INFINITY), (f64::INFINITY, 0.0));
    assert_eq!(0.5f64.rem_vjp_rhs(2.0).1(f64::NAN), 0.0);
    assert_eq!(0.5f64.rem_jvp_rhs(2.0, f64::INFINITY), (0.5, 0.0));
    // Elsewhere the cotangent multiplies the quotient as usual.
    assert_eq!(5.0f64.rem_vjp_rhs(2.0).1(f64::INFINITY), f64::NEG_INFINITY);
}

#[test]
fn integer_rem_passes_no_tangent() {
    let (r, pullback) = 7i32.rem_vjp(3);
    assert_eq!(r, 1);
    assert_eq!(
        pullback(ad_core::NoTangent),
        (ad_core::NoTangent, ad_core::NoTangent)
    );
    assert_eq!(7usize.rem_jvp_lhs(4, ad_core::NoTangent).0, 3);
}

#[test]
fn mul_by_hand() {
    let (v, pb) = 3.0f64.mul_vjp(-2.0);
    assert_eq!(v, -6.0);
    assert_eq!(pb(0.5), (-1.0, 1.5));
}

#[test]
fn div_by_hand_and_at_zero() {
    let (v, pb) = 3.0f64.div_vjp(-2.0);
    assert_eq!(v, -1.5);
    // d/da = 1/b = -0.5, d/db = -a/b^2 = -0.75.
    assert_eq!(pb(1.0), (-0.5, -0.75));
    // Division by zero: the closed form's infinities, like the value.
    let (v, pb) = 1.0f64.div_vjp(0.0);
    assert_eq!(v, f64::INFINITY);
    assert_eq!(pb(1.0).0, f64::INFINITY);
    assert_eq!(pb(1.0).1, f64::NEG_INFINITY);
}

#[test]
fn div_does_not_overflow_where_b_squared_would() {
    // a / b^2 = 1e-200 / 1e-400 would overflow b * b; y / b does not.
    let (_, pb) = 1e-200f64.div_vjp_rhs(1e-200);
    assert_close("d/db", pb(1.0), -1e200, 1e-14);
}

#[test]
fn neg() {
    fn run<T: Scalar + NegRule<Output = T> + ad_core::Differentiable<TangentVector = T>>(
        neg: impl Fn(T) -> T,
    ) {
        let points = [[-2.0], [0.0], [0.75], [1e10]];
        check::<T, 1, _, _>(
            "neg",
            |[x]| x.neg_vjp(),
            |[x]| neg(x),
            |[_x]| [-1.0],
            &points,
        );
    }
    run::<f64>(|x| -x);
    run::<f32>(|x| -x);
    assert_bits("-0", 0.0f64.neg_vjp().0, -0.0);
}

/// Checks a cast rule: the value is `as`, the pullback converts the cotangent back, it is
/// linear, and it matches finite differences of the cast (within `fd_tolerance`: a narrowing
/// cast is a staircase, so its differences are only approximately 1).
fn check_cast<F, T>(cast: impl Fn(F) -> T, back: impl Fn(f64) -> F, fd_tolerance: f64)
where
    F: Scalar + CastRule<T> + ad_core::Differentiable<TangentVector = F>,
    T: Scalar + ad_core::Differentiable<TangentVector = T>,
{
    for x in [-3.7, 0.0, 1.1, 2.5e3].map(F::of) {
        let (v, pb) = x.cast_vjp();
        assert_bits("cast value", v, cast(x));
        for d in [1.0, -0.3, 4.0] {
            let got = pb(T::of(d));
            assert_bits("cast cotangent", got, back(T::of(d).into()));
            assert_close(
                "cast cotangent",
                got.into(),
                d,
                F::TOLERANCE.max(T::TOLERANCE),
            );
            assert_eq!(
                pb(T::of(2.0 * d)).into(),
                2.0 * got.into(),
                "cast linearity"
            );
        }
        let fd = central_difference(|v| cast(back(v)).into(), x.into());
        assert_close(
            "cast against finite differences",
            pb(T::of(1.0)).into(),
            fd,
            fd_tolerance,
        );
    }
}

#[test]
fn casts() {
    check_cast::<f64, f64>(|x| x, |v| v, 1e-9);
    // Rounding to f32 is a staircase with relative steps of 6e-8 while the difference step
    // is 6e-6, so the differences of anything that goes through f32 are 1 to about 1%.
    check_cast::<f32, f32>(|x| x, |v| v as f32, 3e-2);
    check_cast::<f32, f64>(|x| x as f64, |v| v as f32, 3e-2);
    check_cast::<f64, f32>(|x| x as f32, |v| v, 3e-2);
    // The cotangent of a narrowing cast is widened exactly, of a widening one rounded.
    let (_, pb) = CastRule::<f32>::cast_vjp(1.0f64);
    let d: f64 = pb(0.1f32);
    assert_eq!(d, 0.1f32 as f64);
    let (_, pb) = CastRule::<f64>::cast_vjp(1.0f32);
    let d: f32 = pb(0.1f64);
    assert_eq!(d, 0.1f32);
}

fn is_static<F: Fn(T) -> C + 'static, T, C>(_: &F) {}

#[test]
fn pullbacks_capture_only_what_they_need() {
    let (a, b) = (2.0f64, 3.0f64);
    let f = size_of_val(&a);
    assert_eq!(size_of_val(&a.add_vjp(b).1), 0);
    assert_eq!(size_of_val(&a.add_vjp_lhs(b).1), 0);
    assert_eq!(size_of_val(&a.sub_vjp_rhs(b).1), 0);
    assert_eq!(size_of_val(&a.mul_vjp(b).1), 2 * f);
    assert_eq!(size_of_val(&a.mul_vjp_lhs(b).1), f);
    assert_eq!(size_of_val(&a.mul_vjp_rhs(b).1), f);
    assert_eq!(size_of_val(&a.div_vjp(b).1), 2 * f);
    assert_eq!(size_of_val(&a.div_vjp_lhs(b).1), f);
    assert_eq!(size_of_val(&a.div_vjp_rhs(b).1), 2 * f);
    assert_eq!(size_of_val(&a.rem_vjp(b).1), f);
    assert_eq!(size_of_val(&a.rem_vjp_lhs(b).1), 0);
    assert_eq!(size_of_val(&a.rem_vjp_rhs(b).1), f);
    assert_eq!(size_of_val(&a.neg_vjp().1), 0);
    assert_eq!(size_of_val(&CastRule::<f32>::cast_vjp(a).1), 0);
    assert_eq!(
        size_of_val(&2.0f32.mul_vjp(1.0).1),
        2 * size_of_val(&1.0f32)
    );
    // `'static`: the pullbacks own their captures, so they outlive the operands' scope.
    let pullback = {
        let local = 5.0f64;
        let (_, pb) = local.mul_vjp(a);
        pb
    };
    is_static(&pullback);
    // `Fn`: a pullback can be called again and gives the same cotangents.
    assert_eq!(pullback(1.0), (2.0, 5.0));
    assert_eq!(pullback(1.0), (2.0, 5.0));
    is_static(&a.div_vjp(b).1);
    is_static(&a.sub_vjp(b).1);
}
