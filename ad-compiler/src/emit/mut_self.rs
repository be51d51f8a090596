//! The guard and the inout sibling of a `&mut self` method.
//!
//! A `&mut self` method's VJP is `__ad_vjp_mut_<name>`, reached through
//! `gradient!(at: &mut x, ..)`. Differentiable code reaches a method without a result through
//! the statement `x.name(args);`, lowered to a call of the inout sibling. A call inside an
//! expression looks for `__ad_vjp_<name>`, and would otherwise get rustc's "no method named
//! `__ad_vjp_..`", which names our internals. The guard is a method of that name whose `where`
//! clause can never hold (`MutSelfMethod` has no implementations), so the call fails with the
//! trait's message at the call, saying what to do instead.

use crate::names;
use proc_macro2::TokenStream;
use quote::{ToTokens, quote};

/// Where generated items are shown (see `types::signature_shown_at`).
type ShownAt = Option<(proc_macro2::Span, proc_macro2::Span)>;

/// The guard `__ad_vjp_<name>` of the `&mut self` method `sig`, whose VJP returns `result`.
pub fn guard(
    vis: TokenStream,
    sig: &syn::Signature,
    result: &TokenStream,
    shown_at: ShownAt,
) -> TokenStream {
    let vjp = names::mut_method_reverse(&sig.ident);
    let (params, args) = typed_params(sig);
    // Never called (the bound cannot hold); the body only gives the signature meaning.
    let body = quote!(Self::#vjp(&mut ::core::clone::Clone::clone(self), #(#args),*));
    let rt = names::runtime();
    let lifetime = names::guard_lifetime();
    let mut guarded = sig.clone();
    guarded.generics.params.insert(
        0,
        syn::GenericParam::Lifetime(syn::LifetimeParam::new(lifetime.clone())),
    );
    // The bound names the generic lifetime, so rustc checks it at each call rather than
    // rejecting a bound that is false for every caller (`trivial_bounds`).
    guarded
        .generics
        .make_where_clause()
        .predicates
        .push(syn::parse_quote!(&#lifetime Self: #rt::MutSelfMethod));
    let params: Vec<TokenStream> = std::iter::once(quote!(self: &#lifetime Self))
        .chain(params)
        .collect();
    let name = names::method_reverse(&sig.ident);
    super::derivative_fn(
        vis,
        &name,
        &guarded,
        &params,
        result.clone(),
        body,
        shown_at,
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
    shown_at: ShownAt,
) -> TokenStream {
    let (params, _) = typed_params(sig);
    let tangents = (0..sig.inputs.len()).map(|i| {
        let name = names::param_tangent(i);
        quote!(#name: impl ::core::marker::Sized)
    });
    let params: Vec<TokenStream> = std::iter::once(quote!(&self))
        .chain(params)
        .chain(tangents)
        .collect();
    let body = quote!(::core::unreachable!());
    super::derivative_fn(vis, name, sig, &params, result.clone(), body, shown_at)
}

/// The inout sibling `__ad_vjp_inout_<name>` of the `&mut self` method `sig` without a
/// result, which differentiable code calls for the statement `x.name(args);`: it takes `self`
/// by value and returns its new version with the pullback of [`names::mut_method_reverse`].
///
/// Original: `x.name(a)` replaces `x` by `x' = f(x, a)`.
/// Tangent: `dx' = ∂f/∂x · dx + ∂f/∂a · da`.
/// Adjoint: `x̄ = (∂f/∂x)ᵀ x̄'`, `ā = (∂f/∂a)ᵀ x̄'`: the `&mut self` VJP's pullback seeded with
/// the cotangent `x̄'` of the new version, which is why that VJP takes `Self`'s tangent as seed.
pub fn inout(
    vis: TokenStream,
    sig: &syn::Signature,
    result: &TokenStream,
    shown_at: ShownAt,
) -> TokenStream {
    let name = names::inout_method_reverse(&sig.ident);
    let vjp = names::mut_method_reverse(&sig.ident);
    let (params, args) = typed_params(sig);
    let params: Vec<TokenStream> = std::iter::once(quote!(mut self)).chain(params).collect();
    let body = quote! {
        let ((), pullback) = Self::#vjp(&mut self, #(#args),*);
        (self, pullback)
    };
    super::derivative_fn(vis, &name, sig, &params, result.clone(), body, shown_at)
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
    shown_at: ShownAt,
) -> TokenStream {
    let (params, mut args) = typed_params(sig);
    args.extend((0..sig.inputs.len()).map(|i| names::param_tangent(i).into_token_stream()));
    let params: Vec<TokenStream> = std::iter::once(quote!(mut self))
        .chain(params)
        .chain(tangent_params.iter().cloned())
        .collect();
    let body = quote! {
        let ((), tangent) = Self::#forward(&mut self, #(#args),*);
        (self, tangent)
    };
    super::derivative_fn(
        vis,
        name,
        sig,
        &params,
        quote!((Self, #tangent)),
        body,
        shown_at,
    )
}

/// The declarations and names of the parameters of `sig` other than the receiver (always the
/// first), as the VJP declares them.
fn typed_params(sig: &syn::Signature) -> (Vec<TokenStream>, Vec<TokenStream>) {
    let (decls, names) = super::derivative_params(sig);
    let receivers = usize::from(sig.receiver().is_some());
    (decls[receivers..].to_vec(), names[receivers..].to_vec())
}
