//! The operators called as methods: `a.add(b)`, `a.sub(b)`, `a.mul(b)`, `a.div(b)`,
//! `a.rem(b)` and `a.neg()`, with `std::ops`' trait in scope, are `a + b`, .., `-a`.
//!
//! Differentiable code calls a method `m` through `__ad_vjp_m` (`__ad_fwd_m`, `__ad_hvp_m`),
//! so each trait here gives those names to every type with the operator's rule, through the
//! rule (`MulRule::mul_vjp`, ..): floats, arrays, and the types of the user's whose operator
//! impl carries `#[differentiable]` (whose derivatives may be named apart, `mul_f64` for
//! `impl Mul<f64> for V3`, so the method's own name finds nothing). A type's own sibling
//! under the method's name, an inherent method, is found first.

use crate::ops::{AddRule, DivRule, MulRule, NegRule, RemRule, SubRule};
use crate::second::Second;
use ad_core::forward::{MaybeTangent, second_or_zero, tangent_or_zero};
use ad_core::{Differentiable, Tangent};

/// A binary operator's method derivatives, from its rule trait.
macro_rules! binary_method {
    ($(#[doc = $doc:literal])* $method_trait:ident, $rule:ident,
     $vjp:ident, $fwd:ident, $hvp:ident, $rule_vjp:ident, $rule_jvp:ident, $rule_hvp:ident) => {
        $(#[doc = $doc])*
        pub trait $method_trait<Rhs: Differentiable>: $rule<Rhs> {
            /// Value and pullback to both operands' cotangents.
            fn $vjp(
                self,
                rhs: Rhs,
            ) -> (
                Self::Output,
                impl Fn(Tangent<Self::Output>) -> (Tangent<Self>, Tangent<Rhs>),
            );
            /// Forward mode: value and tangent.
            fn $fwd(
                self,
                rhs: Rhs,
                t: impl MaybeTangent<Tangent<Self>>,
                t_rhs: impl MaybeTangent<Tangent<Rhs>>,
            ) -> (Self::Output, Tangent<Self::Output>);
            /// Second-order forward mode.
            fn $hvp(
                self,
                rhs: Rhs,
                t: impl MaybeTangent<Second<Tangent<Self>>>,
                t_rhs: impl MaybeTangent<Second<Tangent<Rhs>>>,
            ) -> (Self::Output, Second<Tangent<Self::Output>>);
        }

        impl<L: $rule<Rhs>, Rhs: Differentiable> $method_trait<Rhs> for L {
            #[inline(always)]
            fn $vjp(
                self,
                rhs: Rhs,
            ) -> (
                Self::Output,
                impl Fn(Tangent<Self::Output>) -> (Tangent<Self>, Tangent<Rhs>),
            ) {
                $rule::$rule_vjp(self, rhs)
            }
            #[inline(always)]
            fn $fwd(
                self,
                rhs: Rhs,
                t: impl MaybeTangent<Tangent<Self>>,
                t_rhs: impl MaybeTangent<Tangent<Rhs>>,
            ) -> (Self::Output, Tangent<Self::Output>) {
                let t = tangent_or_zero(t, &self);
                let t_rhs = tangent_or_zero(t_rhs, &rhs);
                $rule::$rule_jvp(self, rhs, t, t_rhs)
            }
            #[inline(always)]
            fn $hvp(
                self,
                rhs: Rhs,
                t: impl MaybeTangent<Second<Tangent<Self>>>,
                t_rhs: impl MaybeTangent<Second<Tangent<Rhs>>>,
            ) -> (Self::Output, Second<Tangent<Self::Output>>) {
                let t = second_or_zero(t, &self);
                let t_rhs = second_or_zero(t_rhs, &rhs);
                $rule::$rule_hvp(self, rhs, t, t_rhs)
            }
        }
    };
}

binary_method! {
    /// `a.add(b)`, the method of `std::ops::Add`: the rule of `a + b` ([`AddRule`]).
    ///
    /// Original: `y = a + b` / Tangent: `ty = ta + tb` / Adjoint: `adj[a] += adj[y]; adj[b] += adj[y]`.
    AddMethod, AddRule, __ad_vjp_add, __ad_fwd_add, __ad_hvp_add, add_vjp, add_jvp, add_hvp
}

binary_method! {
    /// `a.sub(b)`, the method of `std::ops::Sub`: the rule of `a - b` ([`SubRule`]).
    ///
    /// Original: `y = a - b` / Tangent: `ty = ta - tb` / Adjoint: `adj[a] += adj[y]; adj[b] -= adj[y]`.
    SubMethod, SubRule, __ad_vjp_sub, __ad_fwd_sub, __ad_hvp_sub, sub_vjp, sub_jvp, sub_hvp
}

binary_method! {
    /// `a.mul(b)`, the method of `std::ops::Mul`: the rule of `a * b` ([`MulRule`]).
    ///
    /// Original: `y = a * b` / Tangent: `ty = ta*b + a*tb` / Adjoint: `adj[a] += adj[y]*b; adj[b] += adj[y]*a`.
    MulMethod, MulRule, __ad_vjp_mul, __ad_fwd_mul, __ad_hvp_mul, mul_vjp, mul_jvp, mul_hvp
}

binary_method! {
    /// `a.div(b)`, the method of `std::ops::Div`: the rule of `a / b` ([`DivRule`]).
    ///
    /// Original: `y = a / b` / Tangent: `ty = ta/b - tb*y/b` / Adjoint: `adj[a] += adj[y]/b; adj[b] -= (adj[y]/b)*y`.
    DivMethod, DivRule, __ad_vjp_div, __ad_fwd_div, __ad_hvp_div, div_vjp, div_jvp, div_hvp
}

binary_method! {
    /// `a.rem(b)`, the method of `std::ops::Rem`: the rule of `a % b` ([`RemRule`], which says
    /// what happens at its jumps).
    ///
    /// Original: `r = a % b` / Tangent: `tr = ta - q tb` / Adjoint: `adj[a] += adj[r]; adj[b] -= adj[r] q`, `q = trunc(a / b)`.
    RemMethod, RemRule, __ad_vjp_rem, __ad_fwd_rem, __ad_hvp_rem, rem_vjp, rem_jvp, rem_hvp
}

/// `a.neg()`, the method of `std::ops::Neg`: the rule of `-a` ([`NegRule`]).
///
/// Original: `y = -x` / Tangent: `ty = -tx` / Adjoint: `adj[x] -= adj[y]`.
pub trait NegMethod: NegRule {
    /// Value and pullback to the operand's cotangent, as a one-element tuple (a method's
    /// pullback gives one cotangent per operand, the receiver first).
    fn __ad_vjp_neg(
        self,
    ) -> (
        Self::Output,
        impl Fn(Tangent<Self::Output>) -> (Tangent<Self>,),
    );
    /// Forward mode: value and tangent.
    fn __ad_fwd_neg(
        self,
        t: impl MaybeTangent<Tangent<Self>>,
    ) -> (Self::Output, Tangent<Self::Output>);
    /// Second-order forward mode.
    fn __ad_hvp_neg(
        self,
        t: impl MaybeTangent<Second<Tangent<Self>>>,
    ) -> (Self::Output, Second<Tangent<Self::Output>>);
}

impl<T: NegRule> NegMethod for T {
    #[inline(always)]
    fn __ad_vjp_neg(
        self,
    ) -> (
        Self::Output,
        impl Fn(Tangent<Self::Output>) -> (Tangent<Self>,),
    ) {
        let (value, pullback) = NegRule::neg_vjp(self);
        (value, move |d| (pullback(d),))
    }
    #[inline(always)]
    fn __ad_fwd_neg(
        self,
        t: impl MaybeTangent<Tangent<Self>>,
    ) -> (Self::Output, Tangent<Self::Output>) {
        let t = tangent_or_zero(t, &self);
        NegRule::neg_jvp(self, t)
    }
    #[inline(always)]
    fn __ad_hvp_neg(
        self,
        t: impl MaybeTangent<Second<Tangent<Self>>>,
    ) -> (Self::Output, Second<Tangent<Self::Output>>) {
        let t = second_or_zero(t, &self);
        NegRule::neg_hvp(self, t)
    }
}
