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
use quote::{ToTokens, quote};

/// The guard `__ad_vjp_<name>` of the `&mut self` method `sig`, whose VJP returns `result`.
pub fn guard(vis: TokenStream, sig: &syn::Signature, result: &TokenStream) -> TokenStream {
    let vjp = names::mut_method_vjp(&sig.ident);
    let (params, args) = typed_params(sig);
    // Never called (the bound cannot hold); the body only gives the signature meaning.
    let body = quote!(Self::#vjp(&mut ::core::clone::Clone::clone(self), #(#args),*));
    guard_fn(
        vis,
        sig,
        &names::method_vjp(&sig.ident),
        &params,
        result,
        body,
    )
}

/// The stand-in `name` (`__ad_fwd_<m>`, `__ad_hvp_<m>`) of the `&mut self` method `sig` for
/// forward-mode callers
/// (the values, then one tangent per operand, receiver first). Forward code calls it exactly
/// where the VJP of the same body calls the [`guard`], which reports the error, so the
/// stand-in has no bound: it only keeps the forward code type-checking, and is never called.
pub fn forward_guard(
    vis: TokenStream,
    sig: &syn::Signature,
    result: &TokenStream,
    name: &syn::Ident,
) -> TokenStream {
    let (mut params, _) = typed_params(sig);
    params.extend((0..sig.inputs.len()).map(|i| {
        let name = names::param_tangent(i);
        quote!(#name: impl ::core::marker::Sized)
    }));
    let (impl_generics, _, where_clause) = sig.generics.split_for_impl();
    let allow = super::allow_generated();
    quote! {
        #[doc(hidden)]
        #allow
        #vis fn #name #impl_generics (&self, #(#params),*) -> #result #where_clause {
            ::core::unreachable!()
        }
    }
}

fn guard_fn(
    vis: TokenStream,
    sig: &syn::Signature,
    name: &syn::Ident,
    params: &[TokenStream],
    result: &TokenStream,
    body: TokenStream,
) -> TokenStream {
    let rt = names::runtime();
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
    let (impl_generics, _, where_clause) = generics.split_for_impl();
    let allow = super::allow_generated();
    quote! {
        #[doc(hidden)]
        #allow
        #vis fn #name #impl_generics (self: &#lifetime Self, #(#params),*) -> #result #where_clause {
            #body
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

/// The forward inout sibling `name` (`__ad_fwd_inout_<m>`) of the `&mut self` method `sig`
/// without a result: takes `self` by value, then the values and the tangents
/// (`tangent_params`, the receiver's first) as the forward sibling `forward`
/// (`__ad_fwd_mut_<m>`) does, and returns the new `self` and its tangent, of type `tangent`.
pub fn forward_inout(
    vis: TokenStream,
    sig: &syn::Signature,
    tangent_params: &[TokenStream],
    tangent: &TokenStream,
    (name, forward): (&syn::Ident, &syn::Ident),
) -> TokenStream {
    let (mut params, mut args) = typed_params(sig);
    params.extend(tangent_params.iter().cloned());
    args.extend((0..sig.inputs.len()).map(|i| names::param_tangent(i).into_token_stream()));
    let (impl_generics, _, where_clause) = sig.generics.split_for_impl();
    let allow = super::allow_generated();
    quote! {
        #[doc(hidden)]
        #allow
        #[inline]
        #vis fn #name #impl_generics (mut self, #(#params),*) -> (Self, #tangent) #where_clause {
            let ((), tangent) = Self::#forward(&mut self, #(#args),*);
            (self, tangent)
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
