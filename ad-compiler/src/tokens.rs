//! Rewriting the identifiers and spans of a token stream.

use proc_macro2::{Group, Ident, Span, TokenStream, TokenTree};

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

/// `tokens` shown from `first` to `last`: every token, inside groups too, at `first`, except
/// the last one, at `last`. rustc spans a syntax node from its first token to its last, so
/// any node made of these tokens is shown over that range.
pub fn respan(tokens: TokenStream, (first, last): (Span, Span)) -> TokenStream {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let count = trees.len();
    trees
        .into_iter()
        .enumerate()
        .map(|(i, mut tree)| {
            let span = if i + 1 == count { last } else { first };
            if let TokenTree::Group(group) = &tree {
                let mut inner =
                    Group::new(group.delimiter(), respan(group.stream(), (first, first)));
                inner.set_span(span);
                tree = TokenTree::Group(inner);
            }
            tree.set_span(span);
            tree
        })
        .collect()
}
