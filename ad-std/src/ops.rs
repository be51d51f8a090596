//! Rules for the operators `+ - * / %`, unary `-` and `as` casts between float types.
//!
//! Each binary operator has one trait with three entry points chosen by activity analysis:
//! `*_vjp` when both operands are active (pullback returns both cotangents), `*_vjp_lhs` /
//! `*_vjp_rhs` when only one is (pullback returns only that cotangent, so the other is never
//! computed). The forward entry points `*_jvp`, `*_jvp_lhs` and `*_jvp_rhs` take the
//! tangents of the active operands and return the value and its tangent. Operands are owned values (`ad_core::Operand` turns references into values),
//! and pullbacks own what they keep, so they never borrow the caller's locals.
//!
//! The scalar impls (`f32` with `f32`, `f64` with `f64`; Rust has no mixed float operators)
//! return `move` closures that capture only the owned floats their formula needs (nothing
//! for `+`, `-` and unary `-`), so every pullback is `Fn`, `'static` and at most two floats
//! wide. `+ - * /` are differentiable everywhere on their domain; division by zero gives
//! whatever the closed form gives (infinities or NaN), like the primal. `%` jumps where the
//! quotient is an integer; [`RemRule`] documents its convention there.

#![allow(
    clippy::type_complexity,
    reason = "the signatures are the contract generated code relies on; aliases would hide it"
)]

use crate::same_type::{AddOnTheRight, DivOnTheRight, MulOnTheRight, RemOnTheRight, SubOnTheRight};
use crate::second::{NoSecondOrderRule, Second};
use ad_core::{Differentiable, NoTangent, Tangent};

/// One rule trait of a binary operator: the reverse entry points (both cotangents, or only
/// the left's or the right's), the forward ones (both tangents, or one operand constant) and
/// the second-order one, which defaults to a compile error where a Hessian needs it. The five
/// operators' traits differ only in names and in their math, given as `$doc`.
macro_rules! binary_rule {
    ($(#[doc = $doc:literal])* $rule:ident, $what:literal,
     $vjp:ident, $vjp_lhs:ident, $vjp_rhs:ident, $jvp:ident, $jvp_lhs:ident, $jvp_rhs:ident, $hvp:ident) => {
        $(#[doc = $doc])*
        pub trait $rule<Rhs: Differentiable>: Differentiable + Sized {
            #[doc = concat!("The type of `lhs ", $what, " rhs`.")]
            type Output: Differentiable;
            /// Value and pullback to both operands' cotangents.
            fn $vjp(
                self,
                rhs: Rhs,
            ) -> (
                Self::Output,
                impl Fn(Tangent<Self::Output>) -> (Tangent<Self>, Tangent<Rhs>),
            );
            /// Value and pullback to the left operand's cotangent only.
            fn $vjp_lhs(self, rhs: Rhs)
                -> (Self::Output, impl Fn(Tangent<Self::Output>) -> Tangent<Self>);
            /// Value and pullback to the right operand's cotangent only.
            fn $vjp_rhs(self, rhs: Rhs)
                -> (Self::Output, impl Fn(Tangent<Self::Output>) -> Tangent<Rhs>);
            /// Forward mode: value and tangent from both operands' tangents.
            fn $jvp(
                self,
                rhs: Rhs,
                t: Tangent<Self>,
                t_rhs: Tangent<Rhs>,
            ) -> (Self::Output, Tangent<Self::Output>);
            /// Forward mode with a constant right operand.
            fn $jvp_lhs(self, rhs: Rhs, t: Tangent<Self>) -> (Self::Output, Tangent<Self::Output>);
            /// Forward mode with a constant left operand.
            fn $jvp_rhs(self, rhs: Rhs, t_rhs: Tangent<Rhs>) -> (Self::Output, Tangent<Self::Output>);
            /// Second-order forward mode (see [`crate::second`]); without an impl, a compile
            /// error where a Hessian needs it (and only there: code without Hessians compiles).
            fn $hvp(
                self,
                rhs: Rhs,
                t: Second<Tangent<Self>>,
                t_rhs: Second<Tangent<Rhs>>,
            ) -> (Self::Output, Second<Tangent<Self::Output>>) {
                let () = NoSecondOrderRule::<Self>::ERROR;
                let _ = (rhs, t, t_rhs);
                unreachable!()
            }
        }
    };
}

binary_rule! {
    /// Reverse-mode rule of `lhs + rhs`.
    ///
    /// Original: `y = a + b` / Tangent: `ty = ta + tb` / Adjoint: `adj[a] += adj[y]; adj[b] += adj[y]`.
    AddRule, "+", add_vjp, add_vjp_lhs, add_vjp_rhs, add_jvp, add_jvp_lhs, add_jvp_rhs, add_hvp
}

binary_rule! {
    /// Reverse-mode rule of `lhs - rhs`.
    ///
    /// Original: `y = a - b` / Tangent: `ty = ta - tb` / Adjoint: `adj[a] += adj[y]; adj[b] -= adj[y]`.
    SubRule, "-", sub_vjp, sub_vjp_lhs, sub_vjp_rhs, sub_jvp, sub_jvp_lhs, sub_jvp_rhs, sub_hvp
}

binary_rule! {
    /// Reverse-mode rule of `lhs * rhs`.
    ///
    /// Original: `y = a * b` / Tangent: `ty = ta*b + a*tb` / Adjoint: `adj[a] += adj[y]*b; adj[b] += adj[y]*a`.
    MulRule, "*", mul_vjp, mul_vjp_lhs, mul_vjp_rhs, mul_jvp, mul_jvp_lhs, mul_jvp_rhs, mul_hvp
}

binary_rule! {
    /// Reverse-mode rule of `lhs / rhs`.
    ///
    /// Original: `y = a / b` / Tangent: `ty = ta/b - tb*y/b` / Adjoint: `adj[a] += adj[y]/b; adj[b] -= (adj[y]/b)*y`.
    ///
    /// The scalar impls use `y / b` for `a / b²`, which neither overflows nor underflows where
    /// `b²` would, and divide the tangents by `b` rather than multiply them by `1 / b²`: the
    /// forward tangent is `(ta - y tb) / b`, the second-order one
    /// `y12 = (a12 - y b12 - y1 b2 - y2 b1) / b` (from `y b = a`), with no `1 / b²` or `a / b³`
    /// to overflow or to meet a constant divisor's zero tangent as NaN. `b == 0` gives the
    /// infinities (or NaN) of the closed form.
    DivRule, "/", div_vjp, div_vjp_lhs, div_vjp_rhs, div_jvp, div_jvp_lhs, div_jvp_rhs, div_hvp
}

binary_rule! {
    /// Reverse-mode rule of `lhs % rhs`, Rust's remainder of the truncated division
    /// (`r = a - b trunc(a / b)`, with the sign of `a`).
    ///
    /// Original: `r = a % b` / Tangent: `tr = ta - q tb` / Adjoint: `adj[a] += adj[r]; adj[b] -= adj[r] q`,
    /// where `q = trunc(a / b)` is the integer quotient, constant between the jumps.
    ///
    /// `q` is the quotient the value was computed with, `(a - r) / b` rounded to an integer:
    /// `trunc(a / b)` itself can disagree with `%` where `a / b` rounds up to an integer
    /// (`1.0 % 0.1` is `0.0999…`, the remainder of quotient 9, while `1.0 / 0.1` is `10.0`), and
    /// the derivative is that of the piece the value lies on. At a jump (`a` an exact multiple
    /// of `b`, so `r = ±0`) the derivative is that of the piece that starts there, with
    /// `q = a / b`. A quotient that is exactly zero (`|a| < |b|`) makes `∂r/∂b` a strong zero
    /// (see [`crate::strong`]): `adj[b]` is 0 even for an infinite `adj[r]`. `b = 0` or an
    /// infinite `a` give a NaN value and a NaN `adj[b]`.
    RemRule, "%", rem_vjp, rem_vjp_lhs, rem_vjp_rhs, rem_jvp, rem_jvp_lhs, rem_jvp_rhs, rem_hvp
}

/// Reverse-mode rule of unary minus `-x`.
///
/// Original: `y = -x` / Tangent: `ty = -tx` / Adjoint: `adj[x] -= adj[y]`.
pub trait NegRule: Differentiable + Sized {
    /// The type of `-x`.
    type Output: Differentiable;
    /// Value and pullback to the operand's cotangent.
    fn neg_vjp(
        self,
    ) -> (
        Self::Output,
        impl Fn(Tangent<Self::Output>) -> Tangent<Self>,
    );
    /// Forward mode: value and tangent.
    fn neg_jvp(self, t: Tangent<Self>) -> (Self::Output, Tangent<Self::Output>);
    /// Second-order forward mode (see [`crate::second`]).
    fn neg_hvp(self, t: Second<Tangent<Self>>) -> (Self::Output, Second<Tangent<Self::Output>>) {
        let () = NoSecondOrderRule::<Self>::ERROR;
        let _ = t;
        unreachable!()
    }
}

/// Reverse-mode rule of `x as To` between float types (`f32` <-> `f64` and to itself).
///
/// Original: `y = x as To` / Tangent: `ty = tx as To` / Adjoint: `adj[x] += adj[y] as From`.
///
/// The rounding of a narrowing cast is treated as the identity (its derivative is 1 almost
/// everywhere); the cotangent is converted back to the source type with `as`.
pub trait CastRule<To: Differentiable>: Differentiable + Sized {
    /// Value and pullback to the operand's cotangent.
    fn cast_vjp(self) -> (To, impl Fn(Tangent<To>) -> Tangent<Self>);
    /// Forward mode: value and tangent.
    fn cast_jvp(self, t: Tangent<Self>) -> (To, Tangent<To>);
    /// Second-order forward mode (see [`crate::second`]).
    fn cast_hvp(self, t: Second<Tangent<Self>>) -> (To, Second<Tangent<To>>) {
        let () = NoSecondOrderRule::<Self>::ERROR;
        let _ = t;
        unreachable!()
    }
}

/// The rule trait `$rule` of float `$t` with any right operand `R` that has the rule for `$t`
/// on its left (`$right`, see `crate::same_type`): each entry point passes the call on, so the
/// math is `R`'s (the float's own impl above, or an array's).
macro_rules! float_on_the_left {
    ($t:ty, $rule:ident, $right:ident,
     $vjp:ident, $vjp_lhs:ident, $vjp_rhs:ident, $jvp:ident, $jvp_lhs:ident, $jvp_rhs:ident, $hvp:ident) => {
        impl<R: $right<$t>> $rule<R> for $t {
            type Output = R;
            #[inline(always)]
            fn $vjp(self, rhs: R) -> (R, impl Fn(Tangent<R>) -> ($t, Tangent<R>)) {
                R::$vjp(self, rhs)
            }
            #[inline(always)]
            fn $vjp_lhs(self, rhs: R) -> (R, impl Fn(Tangent<R>) -> $t) {
                R::$vjp_lhs(self, rhs)
            }
            #[inline(always)]
            fn $vjp_rhs(self, rhs: R) -> (R, impl Fn(Tangent<R>) -> Tangent<R>) {
                R::$vjp_rhs(self, rhs)
            }
            #[inline(always)]
            fn $jvp(self, rhs: R, t: $t, t_rhs: Tangent<R>) -> (R, Tangent<R>) {
                R::$jvp(self, rhs, t, t_rhs)
            }
            #[inline(always)]
            fn $jvp_lhs(self, rhs: R, t: $t) -> (R, Tangent<R>) {
                R::$jvp_lhs(self, rhs, t)
            }
            #[inline(always)]
            fn $jvp_rhs(self, rhs: R, t_rhs: Tangent<R>) -> (R, Tangent<R>) {
                R::$jvp_rhs(self, rhs, t_rhs)
            }
            #[inline(always)]
            fn $hvp(
                self,
                rhs: R,
                t: Second<$t>,
                t_rhs: Second<Tangent<R>>,
            ) -> (R, Second<Tangent<R>>) {
                R::$hvp(self, rhs, t, t_rhs)
            }
        }
    };
}

/// `a % b` and the integer quotient `q` it was computed with (`a = q b + r`): `(a - r) / b`
/// rounded, which is `trunc(a / b)` except where `a / b` rounds up to the next integer and
/// `%` does not (see [`RemRule`]). NaN where `r` is.
#[inline(always)]
pub(crate) fn remainder_and_quotient<T: num_traits::Float>(a: T, b: T) -> (T, T) {
    let r = a % b;
    (r, ((a - r) / b).round())
}

/// The rules of a float type with itself, as the right-operand traits of `crate::same_type`
/// (the rule traits below reach them), and `NegRule`.
macro_rules! scalar_rules {
    ($($t:ty),*) => {$(
        impl AddOnTheRight<$t> for $t {
            #[inline(always)]
            fn add_vjp(l: $t, rhs: $t) -> ($t, impl Fn($t) -> ($t, $t)) {
                (l + rhs, move |d: $t| (d, d))
            }
            #[inline(always)]
            fn add_vjp_lhs(l: $t, rhs: $t) -> ($t, impl Fn($t) -> $t) {
                (l + rhs, move |d: $t| d)
            }
            #[inline(always)]
            fn add_vjp_rhs(l: $t, rhs: $t) -> ($t, impl Fn($t) -> $t) {
                (l + rhs, move |d: $t| d)
            }
            #[inline(always)]
            fn add_jvp(l: $t, rhs: $t, t: $t, t_rhs: $t) -> ($t, $t) {
                (l + rhs, t + t_rhs)
            }
            #[inline(always)]
            fn add_jvp_lhs(l: $t, rhs: $t, t: $t) -> ($t, $t) {
                (l + rhs, t)
            }
            #[inline(always)]
            fn add_jvp_rhs(l: $t, rhs: $t, t_rhs: $t) -> ($t, $t) {
                (l + rhs, t_rhs)
            }
            #[inline(always)]
            fn add_hvp(l: $t, rhs: $t, t: Second<$t>, t_rhs: Second<$t>) -> ($t, Second<$t>) {
                (l + rhs, (t.0 + t_rhs.0, t.1 + t_rhs.1, t.2 + t_rhs.2))
            }
        }

        impl SubOnTheRight<$t> for $t {
            #[inline(always)]
            fn sub_vjp(l: $t, rhs: $t) -> ($t, impl Fn($t) -> ($t, $t)) {
                (l - rhs, move |d: $t| (d, -d))
            }
            #[inline(always)]
            fn sub_vjp_lhs(l: $t, rhs: $t) -> ($t, impl Fn($t) -> $t) {
                (l - rhs, move |d: $t| d)
            }
            #[inline(always)]
            fn sub_vjp_rhs(l: $t, rhs: $t) -> ($t, impl Fn($t) -> $t) {
                (l - rhs, move |d: $t| -d)
            }
            #[inline(always)]
            fn sub_jvp(l: $t, rhs: $t, t: $t, t_rhs: $t) -> ($t, $t) {
                (l - rhs, t - t_rhs)
            }
            #[inline(always)]
            fn sub_jvp_lhs(l: $t, rhs: $t, t: $t) -> ($t, $t) {
                (l - rhs, t)
            }
            #[inline(always)]
            fn sub_jvp_rhs(l: $t, rhs: $t, t_rhs: $t) -> ($t, $t) {
                (l - rhs, -t_rhs)
            }
            #[inline(always)]
            fn sub_hvp(l: $t, rhs: $t, t: Second<$t>, t_rhs: Second<$t>) -> ($t, Second<$t>) {
                (l - rhs, (t.0 - t_rhs.0, t.1 - t_rhs.1, t.2 - t_rhs.2))
            }
        }

        impl MulOnTheRight<$t> for $t {
            #[inline(always)]
            fn mul_vjp(l: $t, rhs: $t) -> ($t, impl Fn($t) -> ($t, $t)) {
                let lhs = l;
                (lhs * rhs, move |d: $t| (d * rhs, d * lhs))
            }
            #[inline(always)]
            fn mul_vjp_lhs(l: $t, rhs: $t) -> ($t, impl Fn($t) -> $t) {
                (l * rhs, move |d: $t| d * rhs)
            }
            #[inline(always)]
            fn mul_vjp_rhs(l: $t, rhs: $t) -> ($t, impl Fn($t) -> $t) {
                let lhs = l;
                (lhs * rhs, move |d: $t| d * lhs)
            }
            #[inline(always)]
            fn mul_jvp(l: $t, rhs: $t, t: $t, t_rhs: $t) -> ($t, $t) {
                (l * rhs, t * rhs + l * t_rhs)
            }
            #[inline(always)]
            fn mul_jvp_lhs(l: $t, rhs: $t, t: $t) -> ($t, $t) {
                (l * rhs, t * rhs)
            }
            #[inline(always)]
            fn mul_jvp_rhs(l: $t, rhs: $t, t_rhs: $t) -> ($t, $t) {
                (l * rhs, l * t_rhs)
            }
            #[inline(always)]
            fn mul_hvp(l: $t, rhs: $t, t: Second<$t>, t_rhs: Second<$t>) -> ($t, Second<$t>) {
                (l * rhs, crate::second::binary((rhs, l), (0.0, 1.0, 0.0), t, t_rhs))
            }
        }

        impl DivOnTheRight<$t> for $t {
            #[inline(always)]
            fn div_vjp(l: $t, rhs: $t) -> ($t, impl Fn($t) -> ($t, $t)) {
                let y = l / rhs;
                (y, move |d: $t| {
                    let da = d / rhs;
                    (da, -da * y)
                })
            }
            #[inline(always)]
            fn div_vjp_lhs(l: $t, rhs: $t) -> ($t, impl Fn($t) -> $t) {
                (l / rhs, move |d: $t| d / rhs)
            }
            #[inline(always)]
            fn div_vjp_rhs(l: $t, rhs: $t) -> ($t, impl Fn($t) -> $t) {
                let y = l / rhs;
                (y, move |d: $t| -(d / rhs) * y)
            }
            #[inline(always)]
            fn div_jvp(l: $t, rhs: $t, t: $t, t_rhs: $t) -> ($t, $t) {
                { let y = l / rhs; (y, (t - t_rhs * y) / rhs) }
            }
            #[inline(always)]
            fn div_jvp_lhs(l: $t, rhs: $t, t: $t) -> ($t, $t) {
                (l / rhs, t / rhs)
            }
            #[inline(always)]
            fn div_jvp_rhs(l: $t, rhs: $t, t_rhs: $t) -> ($t, $t) {
                { let y = l / rhs; (y, -(t_rhs * y) / rhs) }
            }
            #[inline(always)]
            fn div_hvp(l: $t, rhs: $t, t: Second<$t>, t_rhs: Second<$t>) -> ($t, Second<$t>) {
                // Differentiating `y b = a` twice: `y1 = (a1 - y b1) / b` and
                // `y12 = (a12 - y b12 - y1 b2 - y2 b1) / b`, tangents first. The Hessian of
                // `a / b` (`-1/b²`, `2a/b³`) overflows for |b| < 1e-154 where the result's
                // tangents are finite, and meets a constant divisor's zero tangents as NaN:
                // `(x² 1e-200) / 1e-200` has the second derivative 2.
                let y = l / rhs;
                let first = (t.0 - y * t_rhs.0) / rhs;
                let second = (t.1 - y * t_rhs.1) / rhs;
                let mixed = (t.2 - y * t_rhs.2 - first * t_rhs.1 - second * t_rhs.0) / rhs;
                (y, (first, second, mixed))
            }
        }

        impl RemOnTheRight<$t> for $t {
            #[inline(always)]
            fn rem_vjp(l: $t, rhs: $t) -> ($t, impl Fn($t) -> ($t, $t)) {
                let (r, q) = remainder_and_quotient(l, rhs);
                (r, move |d: $t| (d, crate::strong::times(-q, d)))
            }
            #[inline(always)]
            fn rem_vjp_lhs(l: $t, rhs: $t) -> ($t, impl Fn($t) -> $t) {
                (l % rhs, move |d: $t| d)
            }
            #[inline(always)]
            fn rem_vjp_rhs(l: $t, rhs: $t) -> ($t, impl Fn($t) -> $t) {
                let (r, q) = remainder_and_quotient(l, rhs);
                (r, move |d: $t| crate::strong::times(-q, d))
            }
            #[inline(always)]
            fn rem_jvp(l: $t, rhs: $t, t: $t, t_rhs: $t) -> ($t, $t) {
                let (r, q) = remainder_and_quotient(l, rhs);
                (r, t + crate::strong::product(-q, t_rhs))
            }
            #[inline(always)]
            fn rem_jvp_lhs(l: $t, rhs: $t, t: $t) -> ($t, $t) {
                (l % rhs, t)
            }
            #[inline(always)]
            fn rem_jvp_rhs(l: $t, rhs: $t, t_rhs: $t) -> ($t, $t) {
                let (r, q) = remainder_and_quotient(l, rhs);
                (r, crate::strong::product(-q, t_rhs))
            }
            #[inline(always)]
            fn rem_hvp(l: $t, rhs: $t, t: Second<$t>, t_rhs: Second<$t>) -> ($t, Second<$t>) {
                // Piecewise linear: the gradient (1, -q), no curvature.
                let (r, q) = remainder_and_quotient(l, rhs);
                (r, crate::strong::binary((1.0, -q), (0.0, 0.0, 0.0), t, t_rhs))
            }
        }

        // `AddRule` .. `RemRule` of a float with any right operand that has a rule for it on
        // the left (the float itself, or an array: `s * a`): one impl per float type, so rustc
        // can pick it while the right operand is a float literal of undecided type.
        float_on_the_left!($t, AddRule, AddOnTheRight, add_vjp, add_vjp_lhs, add_vjp_rhs, add_jvp, add_jvp_lhs, add_jvp_rhs, add_hvp);
        float_on_the_left!($t, SubRule, SubOnTheRight, sub_vjp, sub_vjp_lhs, sub_vjp_rhs, sub_jvp, sub_jvp_lhs, sub_jvp_rhs, sub_hvp);
        float_on_the_left!($t, MulRule, MulOnTheRight, mul_vjp, mul_vjp_lhs, mul_vjp_rhs, mul_jvp, mul_jvp_lhs, mul_jvp_rhs, mul_hvp);
        float_on_the_left!($t, DivRule, DivOnTheRight, div_vjp, div_vjp_lhs, div_vjp_rhs, div_jvp, div_jvp_lhs, div_jvp_rhs, div_hvp);
        float_on_the_left!($t, RemRule, RemOnTheRight, rem_vjp, rem_vjp_lhs, rem_vjp_rhs, rem_jvp, rem_jvp_lhs, rem_jvp_rhs, rem_hvp);

        impl NegRule for $t {
            type Output = $t;
            #[inline(always)]
            fn neg_vjp(self) -> ($t, impl Fn($t) -> $t) {
                (-self, move |d: $t| -d)
            }
            #[inline(always)]
            fn neg_jvp(self, t: $t) -> ($t, $t) {
                (-self, -t)
            }
            #[inline(always)]
            fn neg_hvp(self, t: Second<$t>) -> ($t, Second<$t>) {
                (-self, (-t.0, -t.1, -t.2))
            }
        }
    )*};
}

scalar_rules!(f32, f64);

/// `CastRule` between float types.
macro_rules! cast_rules {
    ($($from:ty => $to:ty),*) => {$(
        impl CastRule<$to> for $from {
            #[inline(always)]
            #[allow(clippy::unnecessary_cast)]
            fn cast_vjp(self) -> ($to, impl Fn($to) -> $from) {
                (self as $to, move |d: $to| d as $from)
            }
            #[inline(always)]
            #[allow(clippy::unnecessary_cast)]
            fn cast_jvp(self, t: $from) -> ($to, $to) {
                (self as $to, t as $to)
            }
            #[inline(always)]
            #[allow(clippy::unnecessary_cast)]
            fn cast_hvp(self, t: Second<$from>) -> ($to, Second<$to>) {
                (self as $to, (t.0 as $to, t.1 as $to, t.2 as $to))
            }
        }
    )*};
}

cast_rules!(f32 => f32, f32 => f64, f64 => f32, f64 => f64);

/// `CastRule` from integers to floats: the integer carries no derivative.
///
/// Original: `y = n as f64` / Tangent: `ty = 0` / Adjoint: nothing flows to `n`.
///
/// Activity analysis may mark an integer active when it travels with floats (a component of
/// a tuple that also holds a differentiated value); the cast then passes nothing back.
macro_rules! integer_cast_rules {
    ($($from:ty),*) => {$(
        impl CastRule<f32> for $from {
            #[inline(always)]
            fn cast_vjp(self) -> (f32, impl Fn(f32) -> NoTangent) {
                (self as f32, |_| NoTangent)
            }
            #[inline(always)]
            fn cast_jvp(self, _t: NoTangent) -> (f32, f32) {
                (self as f32, 0.0)
            }
            // An integer read from a differentiated tuple (the count an inout function
            // returns) is active to the analysis, which cannot see types.
            #[inline(always)]
            fn cast_hvp(self, _t: Second<NoTangent>) -> (f32, Second<f32>) {
                (self as f32, (0.0, 0.0, 0.0))
            }
        }
        impl CastRule<f64> for $from {
            #[inline(always)]
            fn cast_vjp(self) -> (f64, impl Fn(f64) -> NoTangent) {
                (self as f64, |_| NoTangent)
            }
            #[inline(always)]
            fn cast_jvp(self, _t: NoTangent) -> (f64, f64) {
                (self as f64, 0.0)
            }
            // An integer read from a differentiated tuple (the count an inout function
            // returns) is active to the analysis, which cannot see types.
            #[inline(always)]
            fn cast_hvp(self, _t: Second<NoTangent>) -> (f64, Second<f64>) {
                (self as f64, (0.0, 0.0, 0.0))
            }
        }
    )*};
}

integer_cast_rules!(
    i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize
);

/// The arithmetic rules for integers: an integer carries no derivative, so every cotangent is
/// `NoTangent` and nothing is computed.
///
/// Original: `n = a + b` (integers) / Tangent: `tn = 0` / Adjoint: nothing flows back.
///
/// Activity analysis cannot see types: an integer read from a differentiated struct or tuple
/// (`s.count + 1`) may be marked active, and then needs these rules to type-check.
macro_rules! integer_rules {
    ($($t:ty),*) => {$(
        integer_rules!(@binary $t, AddRule, add_vjp, add_vjp_lhs, add_vjp_rhs, add_jvp, add_jvp_lhs, add_jvp_rhs, +);
        integer_rules!(@binary $t, SubRule, sub_vjp, sub_vjp_lhs, sub_vjp_rhs, sub_jvp, sub_jvp_lhs, sub_jvp_rhs, -);
        integer_rules!(@binary $t, MulRule, mul_vjp, mul_vjp_lhs, mul_vjp_rhs, mul_jvp, mul_jvp_lhs, mul_jvp_rhs, *);
        integer_rules!(@binary $t, DivRule, div_vjp, div_vjp_lhs, div_vjp_rhs, div_jvp, div_jvp_lhs, div_jvp_rhs, /);
        integer_rules!(@binary $t, RemRule, rem_vjp, rem_vjp_lhs, rem_vjp_rhs, rem_jvp, rem_jvp_lhs, rem_jvp_rhs, %);
    )*};
    (@binary $t:ty, $rule:ident, $both:ident, $lhs:ident, $rhs:ident, $fwd:ident, $fwd_lhs:ident, $fwd_rhs:ident, $op:tt) => {
        impl $rule<$t> for $t {
            type Output = $t;
            #[inline(always)]
            fn $both(self, rhs: $t) -> ($t, impl Fn(NoTangent) -> (NoTangent, NoTangent)) {
                (self $op rhs, |_| (NoTangent, NoTangent))
            }
            #[inline(always)]
            fn $lhs(self, rhs: $t) -> ($t, impl Fn(NoTangent) -> NoTangent) {
                (self $op rhs, |_| NoTangent)
            }
            #[inline(always)]
            fn $rhs(self, rhs: $t) -> ($t, impl Fn(NoTangent) -> NoTangent) {
                (self $op rhs, |_| NoTangent)
            }
            #[inline(always)]
            fn $fwd(self, rhs: $t, _t: NoTangent, _t_rhs: NoTangent) -> ($t, NoTangent) {
                (self $op rhs, NoTangent)
            }
            #[inline(always)]
            fn $fwd_lhs(self, rhs: $t, _t: NoTangent) -> ($t, NoTangent) {
                (self $op rhs, NoTangent)
            }
            #[inline(always)]
            fn $fwd_rhs(self, rhs: $t, _t_rhs: NoTangent) -> ($t, NoTangent) {
                (self $op rhs, NoTangent)
            }
        }
    };
}

integer_rules!(
    i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize
);

macro_rules! integer_neg_rules {
    ($($t:ty),*) => {$(
        impl NegRule for $t {
            type Output = $t;
            #[inline(always)]
            fn neg_vjp(self) -> ($t, impl Fn(NoTangent) -> NoTangent) {
                (-self, |_| NoTangent)
            }
            #[inline(always)]
            fn neg_jvp(self, _t: NoTangent) -> ($t, NoTangent) {
                (-self, NoTangent)
            }
        }
    )*};
}

integer_neg_rules!(i8, i16, i32, i64, i128, isize);
