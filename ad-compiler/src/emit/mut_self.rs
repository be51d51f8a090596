//! The guard and the inout sibling of a `&mut self` method.
//!
//! A `&mut self` method's VJP is `__ad_vjp_mut_<name>`, reached through
//! `gradient!(at: &mut x, ..)`. Differentiable code reaches a method without a result through
//! the statement `x.name(args);`, lowered to a call of the inout sibling. A call inside an
//! expression looks for `__ad_vjp_<name>`, and would otherwise get rustc's "no method named
//! `__ad_vjp_..`", which names our internals. The guard is a method of that name whose `where`
//! clause can never hold (`MutSelfMethod` has no implementations), so the call fails with the
//! trait's message at the call, saying what to do instead.

use super::names;
use proc_macro2::TokenStream;
use quote::quote;

/// The guard `__ad_vjp_<name>` of the `&mut self` method `sig`, whose VJP returns `result`.
pub fn guard(vis: TokenStream, sig: &syn::Signature, result: &TokenStream) -> TokenStream {
    let rt = names::runtime();
    let name = names::method_vjp(&sig.ident);
    let vjp = names::mut_method_vjp(&sig.ident);
    let lifetime: syn::Lifetime = syn::parse_quote!('__ad_guard);
    let mut generics = sig.generics.clone();
    generics.params.insert(
        0,
        syn::GenericParam::Lifetime(syn::LifetimeParam::new(lifetime.clone())),
    );
    // The bound names the generic lifetime, so rustc checks it at each call rather than
    // rejecting a bound that is false for every caller (`trivial_bounds`).
    generics
        .make_where_clause()
        .predicates
        .push(syn::parse_quote!(&#lifetime Self: #rt::MutSelfMethod));
    let (params, args) = typed_params(sig);
    let (impl_generics, _, where_clause) = generics.split_for_impl();
    let allow = super::allow_generated();
    quote! {
        #[doc(hidden)]
        #allow
        #vis fn #name #impl_generics (self: &#lifetime Self, #(#params),*) -> #result #where_clause {
            // Never called (the bound cannot hold); the body only gives the signature meaning.
            Self::#vjp(&mut ::core::clone::Clone::clone(self), #(#args),*)
        }
    }
}

/// The inout sibling `__ad_vjp_inout_<name>` of the `&mut self` method `sig` without a
/// result, which differentiable code calls for the statement `x.name(args);`: it takes `self`
/// by value and returns its new version with the pullback of [`names::mut_method_vjp`].
///
/// Original: `x.name(a)` replaces `x` by `x' = f(x, a)`.
/// Tangent: `dx' = ∂f/∂x · dx + ∂f/∂a · da`.
/// Adjoint: `x̄ = (∂f/∂x)ᵀ x̄'`, `ā = (∂f/∂a)ᵀ x̄'`: the `&mut self` VJP's pullback seeded with
/// the cotangent `x̄'` of the new version, which is why that VJP takes `Self`'s tangent as seed.
pub fn inout(vis: TokenStream, sig: &syn::Signature, result: &TokenStream) -> TokenStream {
    let name = names::inout_method_vjp(&sig.ident);
    let vjp = names::mut_method_vjp(&sig.ident);
    let (params, args) = typed_params(sig);
    let generics = &sig.generics;
    let (impl_generics, _, where_clause) = generics.split_for_impl();
    let allow = super::allow_generated();
    quote! {
        #[doc(hidden)]
        #allow
        #[inline]
        #vis fn #name #impl_generics (mut self, #(#params),*) -> #result #where_clause {
            let ((), pullback) = Self::#vjp(&mut self, #(#args),*);
            (self, pullback)
        }
    }
}

/// The declarations and names of the parameters of `sig` other than the receiver (always the
/// first), as the VJP declares them.
fn typed_params(sig: &syn::Signature) -> (Vec<TokenStream>, Vec<TokenStream>) {
    let (decls, names) = super::vjp_params(sig);
    let receivers = usize::from(sig.receiver().is_some());
    (decls[receivers..].to_vec(), names[receivers..].to_vec())
}
