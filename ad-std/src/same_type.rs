//! The operator rules as functions of operands of one type, which is how generated code
//! calls them for `+ - * / %` and unary `-`.
//!
//! A rule trait's `Self` is only found by impl selection, which rustc does not do for a float
//! whose type is still undecided (`let mut s = 0.0;` before a loop adds `f64`s to it). These
//! functions dispatch on the right operand instead, whose type is also the result's, through
//! a trait (`MulOnTheRight<L>` for `l * r`) that each float type has with `L = Self`: rustc
//! then unifies the undecided float with the other operand, as it does for the built-in
//! operators. Arrays also have it for a float on the left (`1.0 - p`, `2.0 * a`). The float
//! impls hold the scalar math (see [`crate::ops`]); the rule traits of a float on the left
//! reach every right operand through these traits.

use crate::ops::NegRule;
use crate::second::Second;
use ad_core::{Differentiable, Tangent};

macro_rules! same_type_binary {
    ($right:ident, $both:ident, $lhs:ident, $rhs:ident, $fwd:ident, $fwd_lhs:ident, $fwd_rhs:ident, $second:ident, $what:literal) => {
        #[doc = concat!("`l ", $what, " r` dispatched on the right operand `r` (`Self`), whose type is")]
        #[doc = "also the result's: how generated code calls the rule when the left operand is a"]
        #[doc = "float whose type rustc has not decided. Each float type has it with `L = Self`"]
        #[doc = "(its own rule) and an array for a float on the left (`2.0 * a`)."]
        pub trait $right<L: Differentiable>: Differentiable + Sized {
            /// Value and pullback to both cotangents.
            fn $both(l: L, r: Self) -> (Self, impl Fn(Tangent<Self>) -> (Tangent<L>, Tangent<Self>));
            /// Value and pullback to the left cotangent.
            fn $lhs(l: L, r: Self) -> (Self, impl Fn(Tangent<Self>) -> Tangent<L>);
            /// Value and pullback to the right cotangent.
            fn $rhs(l: L, r: Self) -> (Self, impl Fn(Tangent<Self>) -> Tangent<Self>);
            /// Forward mode.
            fn $fwd(l: L, r: Self, tl: Tangent<L>, tr: Tangent<Self>) -> (Self, Tangent<Self>);
            /// Forward mode, `r` constant.
            fn $fwd_lhs(l: L, r: Self, tl: Tangent<L>) -> (Self, Tangent<Self>);
            /// Forward mode, `l` constant.
            fn $fwd_rhs(l: L, r: Self, tr: Tangent<Self>) -> (Self, Tangent<Self>);
            /// Second-order forward mode.
            fn $second(
                l: L,
                r: Self,
                tl: Second<Tangent<L>>,
                tr: Second<Tangent<Self>>,
            ) -> (Self, Second<Tangent<Self>>);
        }

        #[doc = concat!("Second-order forward mode: `a ", $what, " b` and its tangents.")]
        #[inline(always)]
        pub fn $second<L: Differentiable, R: $right<L>>(
            a: L,
            b: R,
            ta: Second<Tangent<L>>,
            tb: Second<Tangent<R>>,
        ) -> (R, Second<Tangent<R>>) {
            R::$second(a, b, ta, tb)
        }

        #[doc = concat!("Forward mode: `a ", $what, " b` and its tangent.")]
        #[inline(always)]
        pub fn $fwd<L: Differentiable, R: $right<L>>(
            a: L,
            b: R,
            ta: Tangent<L>,
            tb: Tangent<R>,
        ) -> (R, Tangent<R>) {
            R::$fwd(a, b, ta, tb)
        }

        #[doc = concat!("Forward mode: `a ", $what, " b` and its tangent, `b` constant.")]
        #[inline(always)]
        pub fn $fwd_lhs<L: Differentiable, R: $right<L>>(a: L, b: R, ta: Tangent<L>) -> (R, Tangent<R>) {
            R::$fwd_lhs(a, b, ta)
        }

        #[doc = concat!("Forward mode: `a ", $what, " b` and its tangent, `a` constant.")]
        #[inline(always)]
        pub fn $fwd_rhs<L: Differentiable, R: $right<L>>(a: L, b: R, tb: Tangent<R>) -> (R, Tangent<R>) {
            R::$fwd_rhs(a, b, tb)
        }

        #[doc = concat!("`a ", $what, " b` and the pullback to both cotangents.")]
        #[inline(always)]
        pub fn $both<L: Differentiable, R: $right<L>>(
            a: L,
            b: R,
        ) -> (R, impl Fn(Tangent<R>) -> (Tangent<L>, Tangent<R>)) {
            R::$both(a, b)
        }

        #[doc = concat!("`a ", $what, " b` and the pullback to the left cotangent only.")]
        #[inline(always)]
        pub fn $lhs<L: Differentiable, R: $right<L>>(a: L, b: R) -> (R, impl Fn(Tangent<R>) -> Tangent<L>) {
            R::$lhs(a, b)
        }

        #[doc = concat!("`a ", $what, " b` and the pullback to the right cotangent only.")]
        #[inline(always)]
        pub fn $rhs<L: Differentiable, R: $right<L>>(a: L, b: R) -> (R, impl Fn(Tangent<R>) -> Tangent<R>) {
            R::$rhs(a, b)
        }
    };
}

same_type_binary!(
    AddOnTheRight,
    add_vjp,
    add_vjp_lhs,
    add_vjp_rhs,
    add_jvp,
    add_jvp_lhs,
    add_jvp_rhs,
    add_hvp,
    "+"
);
same_type_binary!(
    SubOnTheRight,
    sub_vjp,
    sub_vjp_lhs,
    sub_vjp_rhs,
    sub_jvp,
    sub_jvp_lhs,
    sub_jvp_rhs,
    sub_hvp,
    "-"
);
same_type_binary!(
    MulOnTheRight,
    mul_vjp,
    mul_vjp_lhs,
    mul_vjp_rhs,
    mul_jvp,
    mul_jvp_lhs,
    mul_jvp_rhs,
    mul_hvp,
    "*"
);
same_type_binary!(
    DivOnTheRight,
    div_vjp,
    div_vjp_lhs,
    div_vjp_rhs,
    div_jvp,
    div_jvp_lhs,
    div_jvp_rhs,
    div_hvp,
    "/"
);
same_type_binary!(
    RemOnTheRight,
    rem_vjp,
    rem_vjp_lhs,
    rem_vjp_rhs,
    rem_jvp,
    rem_jvp_lhs,
    rem_jvp_rhs,
    rem_hvp,
    "%"
);

/// `-a` and its pullback.
#[inline(always)]
pub fn neg_vjp<T: NegRule<Output = T>>(a: T) -> (T, impl Fn(Tangent<T>) -> Tangent<T>) {
    a.neg_vjp()
}

/// Forward mode: `-a` and its tangent.
#[inline(always)]
pub fn neg_jvp<T: NegRule<Output = T>>(a: T, ta: Tangent<T>) -> (T, Tangent<T>) {
    a.neg_jvp(ta)
}

/// Second-order forward mode: `-a` and its tangents.
#[inline(always)]
pub fn neg_hvp<T: NegRule<Output = T>>(a: T, ta: Second<Tangent<T>>) -> (T, Second<Tangent<T>>) {
    a.neg_hvp(ta)
}
