//! Patterns of `let` and of parameters: `x`, `mut x`, `_`, `(a, b)`, `&x`, `x: T`, and
//! struct, tuple-struct and array patterns (through `match_pattern`).
//! A tuple pattern becomes one `field` instruction per component.

use super::ssa::Builder;
use crate::ir::{Op, ValueId};
use syn::Pat;
use syn::spanned::Spanned;

impl Builder<'_> {
    /// Binds the names of `pat` to the parts of `value`.
    pub fn bind_pattern(&mut self, pat: &Pat, value: ValueId) {
        match pat {
            Pat::Ident(p) => {
                if p.by_ref.is_some() {
                    self.diag.error(
                        p.span(),
                        "`ref` bindings are not supported in differentiable functions: bind by value and take `&` explicitly",
                    );
                } else if let Some((_, sub)) = &p.subpat {
                    self.diag.error(sub.span(), "`name @ pattern` bindings are not supported in differentiable functions");
                } else {
                    self.bind(p.ident.to_string(), value);
                }
            }
            Pat::Wild(_) => {}
            Pat::Paren(p) => self.bind_pattern(&p.pat, value),
            Pat::Type(p) => {
                let ascribed = self.push(Op::Ascribe(value, (*p.ty).clone()), p.span());
                self.bind_pattern(&p.pat, ascribed);
            }
                        Pat::Tuple(t) if self.tuple_items(value).is_some_and(|items| items.len() == t.elems.len()) => {
                // `let (a, b) = (x, y)`: bind the components themselves, so each keeps its own
                // activity (an index beside a differentiated value stays a constant).
                for (elem, item) in t.elems.iter().zip(self.tuple_items(value).unwrap_or_default()) {
                    self.bind_pattern(elem, item);
                }
            }
            Pat::Tuple(t) => {
                if t.elems.iter().any(|e| matches!(e, Pat::Rest(_))) {
                    self.diag.error(t.span(), "`..` in tuple patterns is not supported in differentiable functions: name every component");
                    return;
                }
                for (index, elem) in t.elems.iter().enumerate() {
                    if matches!(elem, Pat::Wild(_)) {
                        continue;
                    }
                    let member = syn::Member::Unnamed(syn::Index { index: index as u32, span: elem.span() });
                    let component = self.push(Op::Field(value, member), elem.span());
                    self.bind_pattern(elem, component);
                }
            }
            Pat::Reference(r) => {
                let target = self.push(Op::Deref(value), r.span());
                self.bind_pattern(&r.pat, target);
            }
            // Irrefutable struct, tuple-struct and array patterns (`let Point { x, y } = p;`,
            // `let Meters(m) = d;`, `let [a, b, c] = xs;`): each name bound to its part.
            Pat::Struct(_) | Pat::TupleStruct(_) | Pat::Slice(_) => match super::match_pattern::split_pattern(pat) {
                Ok((_, bindings)) => self.bind_fields(value, &bindings, pat.span()),
                Err((tokens, message)) => self.diag.error_spanned(&tokens, message),
            },
            other => self.diag.error(
                other.span(),
                "this pattern is not supported in differentiable functions: use a name, `_`, a tuple pattern, `&name`, a struct pattern or an array pattern",
            ),
        }
    }
}

/// The name a parameter pattern shows in printed IR.
pub fn display_name(pat: &Pat) -> String {
    match pat {
        Pat::Ident(p) => p.ident.to_string(),
        Pat::Type(p) => display_name(&p.pat),
        _ => "_".into(),
    }
}
