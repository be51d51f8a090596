//! The forward code of a closure, inline where it is applied: an operator's closure literal
//! (`differentiate!(at: x, of: |x| ..)`) or a nested operator's closure (see `emit::nested`).

use super::{Order, body_with_names};
use crate::analysis::Activity;
use crate::ir::Body;
use crate::names;
use proc_macro2::{Ident, TokenStream};
use quote::{ToTokens, quote};

/// A closure's forward code, and the references to its captured variables it reads.
pub struct Captured {
    /// `let __ad_capture_x = &x;` for each captured `x`, to go before the forward code.
    pub references: TokenStream,
    /// A block expression giving `(value, tangent)`.
    pub forward: TokenStream,
    /// The captured variables.
    pub names: Vec<Ident>,
}

/// The forward derivative of order `order` of a lowered closure `ir` (with its `activity`)
/// applied to `values` with argument tangents `tangents`: its parameters bound to them (typed
/// where the closure types them), its local items, and its forward body.
pub fn closure_code(
    ir: &Body,
    activity: &Activity,
    values: &[TokenStream],
    tangents: &[TokenStream],
    order: Order,
) -> Captured {
    let sources: Vec<TokenStream> = (0..ir.params.len())
        .map(|i| names::param(i).to_token_stream())
        .collect();
    let bindings = ir
        .params
        .iter()
        .zip(values)
        .enumerate()
        .map(|(i, (p, value))| {
            let (name, tangent) = (names::param(i), names::param_tangent(i));
            let given = &tangents[i];
            match &p.ty {
                Some(ty) => quote!(let #name: #ty = #value; let #tangent = #given;),
                None => quote!(let #name = #value; let #tangent = #given;),
            }
        });
    let items = &ir.items;
    // Captured variables (lowercase names, unlike constants) are read through a reference
    // taken outside: `value_with_differential!` returns a `move` closure, which would
    // otherwise take them from the caller.
    let mut names = crate::emit::reverse::constant_names(ir);
    let mut captures = Vec::new();
    let mut captured = Vec::new();
    for tokens in names.values_mut() {
        if let Ok(ident) = syn::parse2::<Ident>(tokens.clone())
            && ident.to_string().starts_with(|c: char| c.is_lowercase())
        {
            let reference = names::capture(&ident);
            captures.push(quote!(let #reference = &#ident;));
            *tokens = quote!((*#reference));
            captured.push(ident);
        }
    }
    captures.sort_by_key(ToString::to_string);
    captures.dedup_by_key(|c| c.to_string());
    captured.sort_by_key(ToString::to_string);
    captured.dedup();
    let body = body_with_names(ir, activity, &sources, &names, order);
    // The closure's values renamed apart from the caller's, whose constants are inlined by
    // their locals' names after this code is spliced in (a `None` of the caller's
    // `__ad_v2` replaced this code's `__ad_v2`).
    let body = crate::tokens::map_idents(body, &|ident| {
        proc_macro2::TokenTree::Ident(names::apart_from_caller(ident))
    });
    Captured {
        names: captured,
        references: quote!(#(#captures)*),
        forward: quote!({
            #(#bindings)*
            #(#items)*
            #body
        }),
    }
}
