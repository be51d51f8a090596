//! Patterns that test a value and bind parts of it (`match` arms, `if let`, `while let`,
//! `let .. else`): each splits into a test without bindings, run as
//! `matches!(scrutinee, test)`, and the names it binds, each with the steps that lead to its
//! part of the scrutinee. Tuples, structs and tuple structs give fields, `Some(..)` the
//! option's payload (an `unwrap`, whose adjoint wraps the cotangent back into `Some`), `&p`
//! a dereference; `name @ p` binds the whole value and what `p` binds. Array and slice
//! patterns (`[a, b]`, `[first, .., last]`) give elements, indexed from the front before the
//! `..` and from the back after it; matched against a reference parameter (`xs: &[f64]`),
//! they bind references to the elements, as Rust's default binding mode does.

use super::ssa::Builder;
use crate::ir::{Op, ValueId};
use proc_macro2::{Span, TokenStream};
use quote::{ToTokens, quote};
use syn::Pat;
use syn::visit::Visit;

/// One step from a value to a part of it.
#[derive(Clone, Debug)]
pub enum Step {
    /// A field of a tuple, struct or tuple struct.
    Field(syn::Member),
    /// The payload of `Some(..)`.
    Some,
    /// The target of a reference.
    Deref,
    /// A field of an enum variant (the path names the variant, `Shape::Rect`).
    Payload(syn::Path, syn::Member),
    /// An element of an array or slice: the `position`-th from the front, or from the back
    /// (`1` is the last) when `from_end`.
    Element { position: usize, from_end: bool },
    /// A reference to the part (`ref x`).
    Ref,
}

/// Names bound by a pattern, each with the steps leading to it from the scrutinee.
pub type Bindings = Vec<(String, Vec<Step>)>;

/// A pattern that cannot be split, with why: its tokens (for the span) and the message.
pub type Unsupported = (TokenStream, String);

impl Builder<'_> {
    /// Binds each name of a pattern to its part of the scrutinee.
    pub(super) fn bind_fields(&mut self, scrutinee: ValueId, bindings: &Bindings, span: Span) {
        // A reference parameter matched by a slice pattern binds references to its elements
        // (Rust's default binding mode), until a `&` in the pattern dereferences it.
        let reference = self
            .reference_params
            .iter()
            .any(|name| self.lookup(name) == Some(scrutinee));
        for (name, path) in bindings {
            let mut value = scrutinee;
            let mut by_ref = reference;
            for (k, step) in path.iter().enumerate() {
                // `&[a, b]`: the elements are read through the reference, as `xs[0]` reads
                // them (a dereferenced slice alone is not a value); and
                // `&Shape::Rect { w, .. }`: the variant's field is read through the reference
                // (a dereferenced enum that is not `Copy` is not a value either).
                let read_through_next = matches!(
                    path.get(k + 1),
                    Some(Step::Element { .. } | Step::Payload(..))
                );
                if !(matches!(step, Step::Deref) && read_through_next) {
                    value = self.step(value, step, by_ref, span);
                }
                by_ref &= !matches!(step, Step::Deref);
            }
            self.bind(name.clone(), value);
        }
    }

    /// The part of `value` that `step` leads to; an element as a reference when `by_ref`.
    fn step(&mut self, value: ValueId, step: &Step, by_ref: bool, span: Span) -> ValueId {
        match step {
            // A component of a tuple or struct built in scope is that value itself, with its
            // own activity (`match (x, k) { (v, 0) => .. }`).
            Step::Field(member) => {
                let built = match member {
                    syn::Member::Unnamed(i) => self
                        .tuple_items(value)
                        .and_then(|items| items.get(i.index as usize).copied()),
                    syn::Member::Named(_) => None,
                }
                .or_else(|| self.struct_field(value, member));
                match built {
                    Some(item) => item,
                    None => self.push(Op::Field(value, member.clone()), span),
                }
            }
            Step::Some => self.push(Op::Unwrap(value), span),
            Step::Deref => self.push(Op::Deref(value), span),
            Step::Ref => self.push(
                Op::Ref {
                    mutable: false,
                    operand: value,
                },
                span,
            ),
            Step::Payload(variant, member) => self.push(
                Op::Payload {
                    value,
                    variant: variant.clone(),
                    member: member.clone(),
                },
                span,
            ),
            Step::Element { position, from_end } => {
                // Read as the source would index it, through a name for the sequence.
                let sequence = crate::names::pattern_sequence();
                self.bind(sequence.to_string(), value);
                let index: syn::Expr = match from_end {
                    false => syn::parse_quote_spanned!(span=> #position),
                    true => syn::parse_quote_spanned!(span=> #sequence.len() - #position),
                };
                let element: syn::Expr = match by_ref {
                    true => syn::parse_quote_spanned!(span=> &#sequence[#index]),
                    false => syn::parse_quote_spanned!(span=> #sequence[#index]),
                };
                self.lower_value(&element)
            }
        }
    }
}

/// Splits a pattern into a test without bindings (for `matches!`) and its bindings.
/// Lowercase identifiers bind; uppercase ones name constants or unit variants (Rust's naming
/// convention, the only hint a macro has).
pub fn split_pattern(pat: &Pat) -> Result<(TokenStream, Bindings), Unsupported> {
    match pat {
        // `ref x` binds a reference to the part (`ref mut x` is refused below: a write through
        // it would not be seen).
        Pat::Ident(p)
            if !(p.by_ref.is_some() && p.mutability.is_some()) && is_binding_name(&p.ident) =>
        {
            let to_part = match p.by_ref {
                Some(_) => vec![Step::Ref],
                None => vec![],
            };
            let mut bindings = vec![(p.ident.to_string(), to_part)];
            let test = match &p.subpat {
                None => quote!(_),
                Some((_, sub)) => {
                    let (test, inner) = split_pattern(sub)?;
                    bindings.extend(inner);
                    test
                }
            };
            Ok((test, bindings))
        }
        Pat::Wild(_) => Ok((quote!(_), vec![])),
        Pat::Paren(p) => split_pattern(&p.pat),
        Pat::Reference(r) => {
            let (test, inner) = split_pattern(&r.pat)?;
            Ok((quote!(&#test), under(Step::Deref, inner)))
        }
        Pat::Tuple(t) => {
            let (tests, bindings) = split_positional(&t.elems)?;
            Ok((quote!((#(#tests,)*)), bindings))
        }
        Pat::TupleStruct(t) if is_some(&t.path) && t.elems.len() == 1 => {
            let (test, inner) = split_pattern(&t.elems[0])?;
            Ok((quote!(::core::option::Option::Some(#test)), under(Step::Some, inner)))
        }
        // A variant of a user enum (`Shape::Circle(r)`, `Shape::Rect { w, .. }`): its fields,
        // read once the variant matched (see `Op::Payload`); the enum derives
        // `Differentiable` (see `frontend::derive_enum`) when derivatives flow through it.
        Pat::TupleStruct(t) if has_binding(pat) && crate::names::variant_of(&t.path).is_some() => {
            let (tests, bindings) = split_positional(&t.elems)?;
            let path = &t.path;
            let bindings = bindings
                .into_iter()
                .map(|(name, steps)| (name, into_variant(path, steps)))
                .collect();
            Ok((quote!(#path(#(#tests),*)), bindings))
        }
        Pat::Struct(s) if has_binding(pat) && crate::names::variant_of(&s.path).is_some() => {
            let (test, bindings) = split_fields(s)?;
            let bindings = bindings
                .into_iter()
                .map(|(name, steps)| (name, into_variant(&s.path, steps)))
                .collect();
            Ok((test, bindings))
        }
        Pat::TupleStruct(t) if has_binding(pat) && !is_variant(&t.path) => {
            let (tests, bindings) = split_positional(&t.elems)?;
            let path = &t.path;
            Ok((quote!(#path(#(#tests),*)), bindings))
        }
        Pat::Struct(s) if has_binding(pat) && !is_variant(&s.path) => split_fields(s),
        Pat::Slice(slice) => split_elements(slice),
        Pat::Or(_) if has_binding(pat) => Err((
            pat.to_token_stream(),
            "an or-pattern that binds names is supported in differentiable functions as a whole `match` arm, `if let` or `while let` pattern, not inside another pattern: write one arm per alternative".into(),
        )),
        other if !has_binding(other) => Ok((other.to_token_stream(), vec![])),
        other => Err((
            other.to_token_stream(),
            "this pattern binds a value in a way differentiable functions do not support yet: bind the whole value (`x =>`), or parts of tuples, structs, arrays and slices (`[a, .., z]`), `Some(..)` and variants of your own enums (`Shape::Circle(r)`, with `#[derive(Differentiable)]` on the enum) and of `Result` (`Ok(v)`, `Err(e)`)".into(),
        )),
    }
}

/// The test and bindings of a struct pattern `Path { f: p, .. }`, each binding reached
/// through its field.
fn split_fields(s: &syn::PatStruct) -> Result<(TokenStream, Bindings), Unsupported> {
    let mut tests = Vec::new();
    let mut bindings = Vec::new();
    for field in &s.fields {
        let (test, inner) = split_pattern(&field.pat)?;
        let member = &field.member;
        tests.push(quote!(#member: #test));
        bindings.extend(under(Step::Field(field.member.clone()), inner));
    }
    let (path, rest) = (&s.path, s.rest.as_ref().map(|_| quote!(..)));
    Ok((quote!(#path { #(#tests,)* #rest }), bindings))
}

/// The test and bindings of an array or slice pattern: each element before the `..` reached
/// from the front, each after it from the back.
fn split_elements(slice: &syn::PatSlice) -> Result<(TokenStream, Bindings), Unsupported> {
    let rest = slice.elems.iter().position(|e| matches!(e, Pat::Rest(_)));
    let mut tests = Vec::new();
    let mut bindings = Vec::new();
    for (k, elem) in slice.elems.iter().enumerate() {
        if matches!(elem, Pat::Rest(_)) {
            tests.push(quote!(..));
            continue;
        }
        if let Pat::Ident(p) = elem
            && matches!(p.subpat.as_ref().map(|s| &*s.1), Some(Pat::Rest(_)))
        {
            return Err((
                elem.to_token_stream(),
                "a subslice binding (`rest @ ..`) is not supported in differentiable functions: bind the elements you need, or index the slice (`&xs[1..]`)".into(),
            ));
        }
        let (test, inner) = split_pattern(elem)?;
        tests.push(test);
        let step = match rest {
            Some(r) if k > r => Step::Element {
                position: slice.elems.len() - k,
                from_end: true,
            },
            _ => Step::Element {
                position: k,
                from_end: false,
            },
        };
        bindings.extend(under(step, inner));
    }
    Ok((quote!([#(#tests),*]), bindings))
}

/// `steps` from a variant's pattern, whose first step (a field) reads the variant's field.
fn into_variant(variant: &syn::Path, mut steps: Vec<Step>) -> Vec<Step> {
    if let Some(Step::Field(member)) = steps.first().cloned() {
        steps[0] = Step::Payload(variant.clone(), member);
    }
    steps
}

/// The tests and bindings of the positional parts of a tuple or tuple struct pattern.
fn split_positional<'p>(
    elems: impl IntoIterator<Item = &'p Pat>,
) -> Result<(Vec<TokenStream>, Bindings), Unsupported> {
    let mut tests = Vec::new();
    let mut bindings = Vec::new();
    for (index, elem) in elems.into_iter().enumerate() {
        if matches!(elem, Pat::Rest(_)) {
            return Err((
                elem.to_token_stream(),
                "`..` in a pattern that binds is not supported in differentiable functions: name every component (`_` for those not needed)".into(),
            ));
        }
        let (test, inner) = split_pattern(elem)?;
        tests.push(test);
        let member = syn::Member::Unnamed(syn::Index::from(index));
        bindings.extend(under(Step::Field(member), inner));
    }
    Ok((tests, bindings))
}

/// `bindings` reached through `step` first.
fn under(step: Step, bindings: Bindings) -> Bindings {
    bindings
        .into_iter()
        .map(|(name, mut path)| {
            path.insert(0, step.clone());
            (name, path)
        })
        .collect()
}

/// `Some` or `Option::Some` (any path ending in `Option::Some`).
fn is_some(path: &syn::Path) -> bool {
    let names: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
    matches!(names.as_slice(), [only] if only == "Some")
        || matches!(names.as_slice(), [.., option, some] if option == "Option" && some == "Some")
}

/// Whether a path names an enum variant (`Shape::Circle`: its last two segments are both
/// capitalised, or it is `Ok`/`Err`): its fields cannot be read as `value.0`.
fn is_variant(path: &syn::Path) -> bool {
    let names: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
    let capital = |s: &String| s.starts_with(|c: char| c.is_uppercase());
    match names.as_slice() {
        [only] => only == "Ok" || only == "Err",
        [.., owner, last] => capital(owner) && capital(last),
        [] => false,
    }
}

fn is_binding_name(ident: &syn::Ident) -> bool {
    ident
        .to_string()
        .trim_start_matches("r#")
        .starts_with(|c: char| c.is_lowercase() || c == '_')
}

/// Whether `pat` binds a name.
pub(super) fn has_binding(pat: &Pat) -> bool {
    struct Finder(bool);
    impl<'ast> Visit<'ast> for Finder {
        fn visit_pat_ident(&mut self, p: &'ast syn::PatIdent) {
            if is_binding_name(&p.ident) {
                self.0 = true;
            }
            syn::visit::visit_pat_ident(self, p);
        }
    }
    let mut finder = Finder(false);
    finder.visit_pat(pat);
    finder.0
}
