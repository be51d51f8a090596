//! Code whose value carries no derivative, kept as written: the argument of `no_grad(..)`,
//! and the macros ndarray's `s![..]`, `format!`, `println!`, `assert!`, `cfg!` and their kin.
//!
//! Generated code names every local by its SSA value (`__ad_v3`), so the tokens of such a
//! macro, which name the source's locals, are rewritten: each identifier that names a local
//! in scope becomes a hole (`__ad_hole_0`), filled with that value's name when the code is
//! printed, and a local named inside a format string (`"{x}"`) is passed as a named argument
//! (`x = hole`). The result is a constant (a slice description, a string, `()`): a macro is
//! not differentiated, whatever it reads.

use super::ssa::Builder;
use crate::ir::HOLE;
use crate::ir::{Op, ValueId};
use proc_macro2::{Delimiter, Group, Ident, Spacing, TokenStream, TokenTree};
use quote::{format_ident, quote};
use syn::spanned::Spanned;

/// The macros lowered as constants (with the diverging ones, `vocab::macros::DIVERGING`).
const CONSTANT_MACROS: &[&str] = &[
    "s",
    "format",
    "print",
    "println",
    "eprint",
    "eprintln",
    "assert",
    "assert_eq",
    "assert_ne",
    "debug_assert",
    "debug_assert_eq",
    "debug_assert_ne",
    "cfg",
];

impl Builder<'_> {
    /// Lowers `mac` if it is one of the constant macros; `None` otherwise.
    pub fn lower_constant_macro(&mut self, mac: &syn::Macro) -> Option<ValueId> {
        let name = mac.path.segments.last()?.ident.to_string();
        let diverging = crate::vocab::macros::DIVERGING.contains(&name.as_str());
        if !CONSTANT_MACROS.contains(&name.as_str()) && !diverging {
            return None;
        }
        let mut holes = Vec::new();
        // `cfg!`'s predicate names configuration options, never locals (`cfg!(unix)` with a
        // local `unix` in scope still asks about the target).
        let mut tokens = if name == "cfg" {
            mac.tokens.clone()
        } else {
            self.fill_holes(mac.tokens.clone(), &mut holes)
        };
        // `{x}` in a format string names `x` without a token to rewrite: pass it by name.
        if name != "s" {
            for local in format_string_names(&mac.tokens) {
                if let Some(v) = self.lookup(&local) {
                    let hole = format_ident!("{}{}", HOLE, holes.len());
                    holes.push(v);
                    let local = Ident::new(&local, mac.span());
                    tokens.extend(quote!(, #local = #hole));
                }
            }
        }
        let path = &mac.path;
        let body = Group::new(delimiter_of(mac), tokens);
        let template = quote!(#path ! #body);
        let captured = None;
        Some(self.push(
            Op::Opaque {
                template,
                holes,
                captured,
            },
            mac.span(),
        ))
    }

    /// The argument of `no_grad(..)`: a constant, whatever it computes, so it is kept as the
    /// source wrote it (closures, adaptors and all), with its locals as holes.
    pub fn lower_opaque(&mut self, expr: &syn::Expr) -> ValueId {
        let mut holes = Vec::new();
        let template = self.fill_holes_in(expr, &mut holes, &mut Vec::new(), &[]);
        self.push(
            Op::Opaque {
                template: quote!((#template)),
                holes,
                captured: None,
            },
            expr.span(),
        )
    }

    /// `tokens` with each identifier that names a local replaced by a hole (recorded in
    /// `holes`): not a field or method (`.x`), a path segment (`a::x`, `x::a`), a macro
    /// (`x!`) or a named format argument (`x = ..`).
    fn fill_holes(&mut self, tokens: TokenStream, holes: &mut Vec<ValueId>) -> TokenStream {
        self.fill_holes_except(tokens, holes, &mut Vec::new(), &[])
    }

    /// [`fill_holes`](Self::fill_holes), leaving the names in `except` (a closure's own
    /// parameters) as they are, and recording the name of each hole in `names`.
    pub(super) fn fill_holes_except(
        &mut self,
        tokens: TokenStream,
        holes: &mut Vec<ValueId>,
        names: &mut Vec<String>,
        except: &[String],
    ) -> TokenStream {
        let trees: Vec<TokenTree> = tokens.into_iter().collect();
        let mut out = TokenStream::new();
        for (k, tree) in trees.iter().enumerate() {
            let replaced = match tree {
                TokenTree::Group(g) => {
                    let inner = self.fill_holes_except(g.stream(), holes, names, except);
                    let mut group = Group::new(g.delimiter(), inner);
                    group.set_span(g.span());
                    TokenTree::Group(group)
                }
                TokenTree::Ident(ident)
                    if names_a_value(&trees, k) && !except.contains(&ident.to_string()) =>
                {
                    match self.lookup(&ident.to_string()) {
                        Some(v) => {
                            let hole = format_ident!("{}{}", HOLE, holes.len());
                            holes.push(v);
                            names.push(ident.to_string());
                            TokenTree::Ident(hole)
                        }
                        None => tree.clone(),
                    }
                }
                _ => tree.clone(),
            };
            out.extend([replaced]);
        }
        out
    }
}

/// Whether the identifier at `trees[k]` reads a value, judging by its neighbours.
pub(super) fn names_a_value(trees: &[TokenTree], k: usize) -> bool {
    // The punctuation `c` at `trees[k + offset]`, and whether it is joined to the next token.
    let punct =
        |offset: isize, c: char| match k.checked_add_signed(offset).and_then(|i| trees.get(i)) {
            Some(TokenTree::Punct(p)) if p.as_char() == c => Some(p.spacing() == Spacing::Joint),
            _ => None,
        };
    // `.x` (a field or method) and `::x` (a path), but not `..x` (a range).
    let doubled = |c: char| punct(-1, c).is_some() && punct(-2, c) == Some(true);
    let after_path_or_field = (punct(-1, '.').is_some() && !doubled('.')) || doubled(':');
    let before_path = punct(1, ':') == Some(true);
    let macro_name = punct(1, '!').is_some();
    // `name = value` (a named format argument), but not `name == value`.
    let named_argument = punct(1, '=') == Some(false) && punct(2, '=').is_none();
    !(after_path_or_field || before_path || macro_name || named_argument)
}

fn delimiter_of(mac: &syn::Macro) -> Delimiter {
    match mac.delimiter {
        syn::MacroDelimiter::Paren(_) => Delimiter::Parenthesis,
        syn::MacroDelimiter::Brace(_) => Delimiter::Brace,
        syn::MacroDelimiter::Bracket(_) => Delimiter::Bracket,
    }
}

/// The identifiers named in `{name}` / `{name:..}` of the string literals among `tokens`
/// (not `{{`, positions or empty braces).
fn format_string_names(tokens: &TokenStream) -> Vec<String> {
    let mut names = Vec::new();
    for tree in tokens.clone() {
        let TokenTree::Literal(literal) = tree else {
            continue;
        };
        let Ok(syn::Lit::Str(text)) = syn::parse2::<syn::Lit>(quote!(#literal)) else {
            continue;
        };
        let text = text.value();
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            if c != '{' {
                continue;
            }
            if chars.peek() == Some(&'{') {
                chars.next();
                continue;
            }
            let name: String = chars
                .by_ref()
                .take_while(|c| *c != '}' && *c != ':')
                .collect();
            let is_identifier = name.starts_with(|c: char| c.is_alphabetic() || c == '_')
                && name.chars().all(|c| c.is_alphanumeric() || c == '_');
            if is_identifier && !names.contains(&name) {
                names.push(name);
            }
        }
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn format_strings_name_their_inline_arguments() {
        let tokens = quote!("{x} and {y:.2}, not {{z}} or {0} or {}", a);
        assert_eq!(format_string_names(&tokens), ["x", "y"]);
    }

    #[test]
    fn locals_in_ranges_are_holes_but_fields_and_paths_are_not() {
        let body: syn::ItemFn = syn::parse_quote! {
            fn f(v: f64, first: usize) -> f64 {
                let s = s![first..first + 1, ..v.len(), first::MAX];
                v
            }
        };
        let params: Vec<super::super::ParamInput> = body
            .sig
            .inputs
            .iter()
            .filter_map(|input| match input {
                syn::FnArg::Typed(t) => Some(super::super::ParamInput {
                    pat: (*t.pat).clone(),
                    ty: Some((*t.ty).clone()),
                    constant: false,
                    fn_output: None,
                }),
                syn::FnArg::Receiver(_) => None,
            })
            .collect();
        let mut diag = crate::diag::Diagnostics::default();
        let ir = super::super::lower(
            "f".into(),
            &params,
            None,
            super::super::BodyInput::Block(&body.block, &body.sig.output, &body.sig.generics),
            &mut diag,
        );
        let text = ir
            .map(|ir| crate::ir::pretty::print(&ir, &|_| String::new()))
            .unwrap_or_default();
        // `first` twice (the range's ends) and `v` once; `.len` and `first::MAX` unchanged.
        assert!(text.contains("__ad_hole_0 .. __ad_hole_1 + 1"), "{text}");
        assert!(text.contains(".. __ad_hole_2 . len ()"), "{text}");
        assert!(text.contains("first :: MAX"), "{text}");
    }
}
