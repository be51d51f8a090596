//! The derivatives of a trait's methods, for generic code over the trait.
//!
//! A generic function `fn total<P: Potential>(p: &P, x: f64)` calls `p.energy(x)` without
//! knowing `P`, so its derivatives cannot call the inherent siblings (`__ad_vjp_energy`) that
//! `#[differentiable]` on `impl Potential for Spring` adds to `Spring`. Swift asks for
//! `@differentiable` on the protocol's requirement for the same reason; here
//! `#[differentiable]` on `trait Potential` makes [`TraitMethodRule`] of each of its methods, with
//! the method's types, a supertrait of `Potential`, and gives `Potential` hidden provided
//! methods (`__ad_vjp_energy`, ..) that call it. `#[differentiable]` on an `impl` of a trait
//! implements `TraitMethodRule` for each of its methods from the impl's derivatives. The generic
//! derivative calls the provided methods exactly as it calls a concrete type's siblings.
//!
//! The trait is keyed by a hash of `Trait::method` rather than named after the user's trait:
//! the `impl` block names the trait by whatever path the user wrote, and nothing derived from
//! that path (a module named like the trait would clash with it) could be found there.

use crate::Differentiable;

/// The derivatives of the method a hash of `Trait::method` (`NAME`) names: what generic code
/// over `Trait` calls through. The receiver is taken by reference (the rule of a method
/// taking `self` by value calls it on a clone).
///
/// The associated types are the method's, spelt out by `#[differentiable]` on the trait (as
/// the supertrait's bindings) and on each impl; a tuple of tangents holds the receiver's first,
/// then one per argument (a cotangent is a tangent: the pullback returns the same tuple type
/// the forward derivative takes). `TraitArgs` are the trait's type arguments, as a
/// tuple (`(f64,)` for `impl Model<f64> for Line`): one type may implement a generic trait
/// several times.
///
/// Original: `y = self.m(args)` / Tangent: `ty = J (t_self, t_args)` / Adjoint:
/// `(adj[self], adj[args]) += Jᵀ adj[y]`, with `J` the method's Jacobian: the impl's
/// `#[differentiable]` derives all three from the method's body, and the rule passes them on.
#[diagnostic::on_unimplemented(
    message = "`{Self}` implements a trait marked `#[differentiable]` without the derivatives of its methods",
    label = "this impl has no derivatives",
    note = "put `#[differentiable]` on this `impl` block, and `#[derive(Differentiable)]` on the type"
)]
pub trait TraitMethodRule<const NAME: u64, TraitArgs = ()>: Differentiable {
    /// The arguments after the receiver, as a tuple; `'a` is the lifetime of their references.
    type Args<'a>;
    /// The method's result.
    type Output;
    /// The tangent of the result.
    type OutputTangent;
    /// The tangents of the receiver, then of each argument (`NoTangent` for a constant one):
    /// what the forward derivative takes and the pullback returns.
    type Tangents;
    /// The second-order tangents `(t1, t2, t12)` the second-order forward derivative takes, in
    /// the same order.
    type SecondTangents;

    /// The result and the pullback.
    fn rule_vjp<'a>(
        &self,
        args: Self::Args<'a>,
    ) -> (
        Self::Output,
        impl Fn(Self::OutputTangent) -> Self::Tangents + use<Self, NAME, TraitArgs>,
    );

    /// The result and its tangent along `tangents`.
    fn rule_jvp<'a>(
        &self,
        args: Self::Args<'a>,
        tangents: Self::Tangents,
    ) -> (Self::Output, Self::OutputTangent);

    /// The result and its second-order tangent `(t1, t2, t12)` along `tangents`.
    fn rule_hvp<'a>(
        &self,
        args: Self::Args<'a>,
        tangents: Self::SecondTangents,
    ) -> (
        Self::Output,
        (
            Self::OutputTangent,
            Self::OutputTangent,
            Self::OutputTangent,
        ),
    );
}
