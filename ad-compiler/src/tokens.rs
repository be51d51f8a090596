//! Rewriting the identifiers of a token stream.

use proc_macro2::{Group, Ident, TokenStream, TokenTree};

/// `tokens` with every identifier, inside groups too, replaced by `f(ident)`; groups keep
/// their delimiters and spans.
pub fn map_idents(tokens: TokenStream, f: &dyn Fn(Ident) -> TokenTree) -> TokenStream {
    tokens
        .into_iter()
        .map(|tree| match tree {
            TokenTree::Ident(ident) => f(ident),
            TokenTree::Group(group) => {
                let mut inner = Group::new(group.delimiter(), map_idents(group.stream(), f));
                inner.set_span(group.span());
                TokenTree::Group(inner)
            }
            other => other,
        })
        .collect()
}
