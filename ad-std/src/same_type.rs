//! The operator rules as functions of operands of one type, which is how generated code
//! calls them for `+ - * /` and unary `-`.
//!
//! A rule trait's `Self` is only found by impl selection, which rustc does not do for a float
//! whose type is still undecided (`let mut s = 0.0;` before a loop adds `f64`s to it). These
//! functions take both operands and return the result as one type parameter `T`, so rustc
//! unifies them as it does for the built-in operators, and the undecided float becomes the
//! other operand's type. The math is each trait's (see [`crate::ops`]).

use crate::ops::{AddRule, DivRule, MulRule, NegRule, SubRule};
use crate::second::Second;
use ad_core::Tangent;

macro_rules! same_type_binary {
    ($rule:ident, $both:ident, $lhs:ident, $rhs:ident, $fwd:ident, $fwd_lhs:ident, $fwd_rhs:ident, $second:ident, $what:literal) => {
        #[doc = concat!("Second-order forward mode: `a ", $what, " b` and its tangents.")]
        #[inline(always)]
        pub fn $second<T: $rule<T, Output = T>>(
            a: T,
            b: T,
            ta: Second<Tangent<T>>,
            tb: Second<Tangent<T>>,
        ) -> (T, Second<Tangent<T>>) {
            a.$second(b, ta, tb)
        }

        #[doc = concat!("Forward mode: `a ", $what, " b` and its tangent.")]
        #[inline(always)]
        pub fn $fwd<T: $rule<T, Output = T>>(
            a: T,
            b: T,
            ta: Tangent<T>,
            tb: Tangent<T>,
        ) -> (T, Tangent<T>) {
            a.$fwd(b, ta, tb)
        }

        #[doc = concat!("Forward mode: `a ", $what, " b` and its tangent, `b` constant.")]
        #[inline(always)]
        pub fn $fwd_lhs<T: $rule<T, Output = T>>(a: T, b: T, ta: Tangent<T>) -> (T, Tangent<T>) {
            a.$fwd_lhs(b, ta)
        }

        #[doc = concat!("Forward mode: `a ", $what, " b` and its tangent, `a` constant.")]
        #[inline(always)]
        pub fn $fwd_rhs<T: $rule<T, Output = T>>(a: T, b: T, tb: Tangent<T>) -> (T, Tangent<T>) {
            a.$fwd_rhs(b, tb)
        }

        #[doc = concat!("`a ", $what, " b` and the pullback to both cotangents.")]
        #[inline(always)]
        pub fn $both<T: $rule<T, Output = T>>(
            a: T,
            b: T,
        ) -> (T, impl Fn(Tangent<T>) -> (Tangent<T>, Tangent<T>)) {
            a.$both(b)
        }

        #[doc = concat!("`a ", $what, " b` and the pullback to the left cotangent only.")]
        #[inline(always)]
        pub fn $lhs<T: $rule<T, Output = T>>(a: T, b: T) -> (T, impl Fn(Tangent<T>) -> Tangent<T>) {
            a.$lhs(b)
        }

        #[doc = concat!("`a ", $what, " b` and the pullback to the right cotangent only.")]
        #[inline(always)]
        pub fn $rhs<T: $rule<T, Output = T>>(a: T, b: T) -> (T, impl Fn(Tangent<T>) -> Tangent<T>) {
            a.$rhs(b)
        }
    };
}

same_type_binary!(
    AddRule,
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
    SubRule,
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
    MulRule,
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
    DivRule,
    div_vjp,
    div_vjp_lhs,
    div_vjp_rhs,
    div_jvp,
    div_jvp_lhs,
    div_jvp_rhs,
    div_hvp,
    "/"
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
