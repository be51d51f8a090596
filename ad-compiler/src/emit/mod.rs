//! Emission: derivative programs into Rust tokens, and the items that hold them.
//!
//! A free function's VJP goes into a companion module of the same name
//! (`mod foo { pub fn vjp(..) }`); a method's or associated function's VJP into a sibling
//! associated function `__ad_vjp_<name>`. [`crate::names`] makes every generated identifier.

pub mod callee;
pub mod forward;
pub mod hygiene;
mod missing;
mod missing_functions;
pub mod mut_self;
mod nested;
mod padding;
pub use padding::{PaddedFor, padded};
mod primal;
pub mod reverse;
pub mod types;

use crate::names;
use proc_macro2::TokenStream;
use quote::quote;

/// Lints that generated code may trip and that say nothing about the user's code.
pub fn allow_generated() -> TokenStream {
    // `unreachable_code`: a branch that ends in `panic!(..)` is followed by the code that
    // carries the other branches' values and tangents on.
    quote!(#[allow(unused_mut, unused_variables, unused_parens, unreachable_code, non_snake_case, clippy::all, clippy::pedantic)])
}

/// The declared parameters of a generated VJP: receivers kept, others renamed `__ad_p<i>`;
/// and the expression that holds each inside the body.
pub fn derivative_params(sig: &syn::Signature) -> (Vec<TokenStream>, Vec<TokenStream>) {
    sig.inputs
        .iter()
        .enumerate()
        .map(|(i, arg)| match arg {
            syn::FnArg::Receiver(r) => {
                let (and, lifetime) = match &r.reference {
                    Some((and, lifetime)) => (Some(and), lifetime.as_ref()),
                    None => (None, None),
                };
                let mutability = &r.mutability;
                let self_token = &r.self_token;
                let decl = match &r.colon_token {
                    Some(_) => {
                        let ty = &r.ty;
                        quote!(#mutability #self_token: #ty)
                    }
                    None => quote!(#and #lifetime #mutability #self_token),
                };
                // A `&mut self` method works on a copy of `*self` (new versions at each field
                // assignment) and writes the last version back (see `Body::mutated_self`).
                let source = if r.reference.is_some() && r.mutability.is_some() {
                    quote!(::core::clone::Clone::clone(&*self))
                } else {
                    quote!(self)
                };
                (decl, source)
            }
            syn::FnArg::Typed(t) => {
                let name = names::param(i);
                let ty = &t.ty;
                (quote!(#name: #ty), quote!(#name))
            }
        })
        .unzip()
}

/// The type of each parameter of `sig` (`Self`, `&Self` for receivers).
pub fn param_types(sig: &syn::Signature) -> Vec<syn::Type> {
    sig.inputs
        .iter()
        .map(|arg| match arg {
            syn::FnArg::Receiver(r) => (*r.ty).clone(),
            syn::FnArg::Typed(t) => (*t.ty).clone(),
        })
        .collect()
}

/// `#vis mod name { use super::*; pub fn vjp .. }`: the companion of a free function of
/// `arity` parameters, holding its `derivatives`.
pub fn companion_module(
    vis: &syn::Visibility,
    name: &syn::Ident,
    arity: usize,
    derivatives: TokenStream,
) -> TokenStream {
    let original = missing_functions::original_stub(arity);
    // Rebuilding every token costs; most functions have no relative path to rebase.
    let derivatives = one_module_down(derivatives);
    quote! {
        #[doc(hidden)]
        #[allow(non_snake_case, non_camel_case_types, unused_imports, dead_code)]
        #vis mod #name {
            use super::*;
            #original
            #derivatives
        }
    }
}

/// `tokens` as seen from one module further down: `self::x` becomes `super::x`, `super::x`
/// becomes `super::super::x`.
pub fn one_module_down(tokens: TokenStream) -> TokenStream {
    if has_relative_paths(&tokens) {
        rebase_relative_paths(tokens)
    } else {
        tokens
    }
}

/// Whether `tokens` hold a path starting `self::` or `super::`.
fn has_relative_paths(tokens: &TokenStream) -> bool {
    use proc_macro2::TokenTree;
    let trees: Vec<TokenTree> = tokens.clone().into_iter().collect();
    trees.iter().enumerate().any(|(i, tree)| match tree {
        TokenTree::Ident(id) => {
            (id == "self" || id == "super")
                && matches!(trees.get(i + 1), Some(TokenTree::Punct(p)) if p.as_char() == ':')
        }
        TokenTree::Group(g) => has_relative_paths(&g.stream()),
        _ => false,
    })
}

/// Paths relative to the function's module (`self::x`, `super::x`) seen from inside its
/// companion module, one level down: `super::x`, `super::super::x`.
fn rebase_relative_paths(tokens: TokenStream) -> TokenStream {
    use proc_macro2::{Group, TokenTree};
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out = Vec::with_capacity(trees.len());
    for (i, tree) in trees.iter().enumerate() {
        let starts_path = |name: &str| {
            matches!(tree, TokenTree::Ident(id) if id == name)
                && matches!(trees.get(i + 1), Some(TokenTree::Punct(p)) if p.as_char() == ':')
                && matches!(trees.get(i + 2), Some(TokenTree::Punct(p)) if p.as_char() == ':')
                // Not the tail of a longer path (`a::super` cannot occur, but `x::self` could).
                && !matches!(i.checked_sub(1).and_then(|j| trees.get(j)), Some(TokenTree::Punct(p)) if p.as_char() == ':')
        };
        match tree {
            TokenTree::Ident(id) if starts_path("self") => {
                out.push(TokenTree::Ident(proc_macro2::Ident::new(
                    "super",
                    id.span(),
                )));
            }
            TokenTree::Ident(id) if starts_path("super") => {
                out.extend(quote::quote_spanned!(id.span()=> super::super));
            }
            TokenTree::Group(g) => {
                let mut inner = Group::new(g.delimiter(), rebase_relative_paths(g.stream()));
                inner.set_span(g.span());
                out.push(TokenTree::Group(inner));
            }
            other => out.push(other.clone()),
        }
    }
    out.into_iter().collect()
}

/// A generated derivative function named `name` with the given visibility, its signature
/// (from its visibility to its result type) shown at `shown_at` when given (see
/// `types::signature_shown_at`).
pub fn derivative_fn(
    vis: TokenStream,
    name: &syn::Ident,
    sig: &syn::Signature,
    params: &[TokenStream],
    result: TokenStream,
    body: TokenStream,
    shown_at: Option<(proc_macro2::Span, proc_macro2::Span)>,
) -> TokenStream {
    let allow = allow_generated();
    let generics = &sig.generics;
    let where_clause = &generics.where_clause;
    let head = quote! {
        #[doc(hidden)]
        #allow
        #[inline]
        #vis fn
    };
    let mut block = proc_macro2::Group::new(proc_macro2::Delimiter::Brace, body);
    let (head, result) = match shown_at {
        // rustc shows a function's signature only when the whole item, from its attributes
        // to its block, comes from one place; otherwise it shows the attribute. (The name
        // keeps its span: the user's method name for a sibling, which notes point at.)
        Some((first, last)) => {
            block.set_span(last);
            (
                crate::tokens::respan(head, (first, first)),
                crate::tokens::respan(result, (first, last)),
            )
        }
        None => (head, result),
    };
    quote!(#head #name #generics (#(#params),*) -> #result #where_clause #block)
}

/// A method's generic arguments as a turbofish, `::<T>`, whether or not they were parsed with
/// their `::` (syn keeps it when the source had it).
pub fn turbofish(args: &syn::AngleBracketedGenericArguments) -> proc_macro2::TokenStream {
    let mut args = args.clone();
    args.colon2_token = Some(Default::default());
    quote::ToTokens::to_token_stream(&args)
}
