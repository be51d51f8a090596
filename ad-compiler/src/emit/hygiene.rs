//! One hygiene for every generated identifier.
//!
//! Generated code names its locals `__ad_*`. Most are made at the macro's call site, but
//! those written inside `quote_spanned!(user_span=> ..)` (so that errors point at the user's
//! expression) take the user's span, and with it the hygiene of the tokens the user wrote.
//! The two agree when the macro is called directly; when it is called from a user's
//! `macro_rules!`, the user's tokens carry that macro's hygiene and the two `__ad_d` would be
//! different variables. So every `__ad_*` identifier keeps its location but resolves at the
//! call site.

use proc_macro2::{Group, Ident, Span, TokenStream, TokenTree};

/// Whether `ident` names a generated local (`__ad_v3`, `__ad_d`), not a generated item
/// (`__ad_vjp_norm`, `__ad_fwd_sin`), whose name rustc resolves without hygiene and whose
/// user span keeps rustc's messages about it as they are.
fn is_generated_local(ident: &Ident) -> bool {
    let name = ident.to_string();
    name.starts_with("__ad_")
        && !["__ad_vjp_", "__ad_fwd_", "__ad_hvp_"]
            .iter()
            .any(|prefix| name.starts_with(prefix))
}

/// `tokens` with every generated local resolved at the call site.
pub fn unify(tokens: TokenStream) -> TokenStream {
    tokens
        .into_iter()
        .map(|tree| match tree {
            TokenTree::Ident(ident) if is_generated_local(&ident) => {
                let span = ident.span().resolved_at(Span::call_site());
                TokenTree::Ident(Ident::new(&ident.to_string(), span))
            }
            TokenTree::Group(group) => {
                let mut inner = Group::new(group.delimiter(), unify(group.stream()));
                inner.set_span(group.span());
                TokenTree::Group(inner)
            }
            other => other,
        })
        .collect()
}
