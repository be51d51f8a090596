//! ndarray's `Zip` and `azip!` over arrays of one shape, as the loops over positions they
//! stand for:
//!
//! - `Zip::from(&a).and(&b).map_collect(|&x, &y| body)` collects `body` at each position
//!   into a `Vec`, in logical order, and shapes it like `a` (`Array::from_shape_vec`);
//! - `Zip::from(&mut out).and(&a).for_each(|o, &x| *o = body)` and
//!   `azip!((o in &mut out, &x in &a) *o = body)` write each element of `out` in place:
//!   `*o` becomes the element `out[p]`.
//!
//! Each part's element is read at the same position `k` of the iteration, as
//! `a[a.__ad_flat_position(k)]` (see `indexed_loops::element_at`), so derivatives reach the
//! elements read and the loop is differentiated as any loop is. Other forms of `Zip` are
//! rejected with what to write instead.

use super::indexed_loops::plain_place;
use syn::spanned::Spanned;
use syn::visit_mut::VisitMut;
use syn::{Expr, ExprMethodCall};

/// What to write instead of a `Zip` this lowering does not take.
const SUPPORTED: &str = "`Zip` in a differentiable function is supported as `Zip::from(&a).and(&b).map_collect(|&x, &y| ..)` and `Zip::from(&mut out).and(&a).for_each(|o, &x| *o = ..)` (and `azip!((o in &mut out, &x in &a) *o = ..)`) over arrays of one shape; write other forms as a loop over the elements (`for i in 0..a.nrows() { for j in 0..a.ncols() { .. a[[i, j]] .. } }`)";

/// One array a `Zip` visits: the array, and whether its elements are written (`&mut a`).
struct Part {
    array: Expr,
    written: bool,
}

/// Whether `call` is a method called on a `Zip` (`Zip::from(..)...`), which
/// [`method_as_loop`] lowers or rejects. A method of what `map_collect` returns
/// (`Zip::from(&a).map_collect(f).sum()`) is the array's.
pub(super) fn is_zip(call: &ExprMethodCall) -> bool {
    let mut receiver = &*call.receiver;
    while let Expr::MethodCall(m) = receiver {
        if m.method == "map_collect" {
            return false;
        }
        receiver = &m.receiver;
    }
    matches!(receiver, Expr::Call(c) if is_zip_constructor(&c.func))
}

/// Whether `func` names `Zip::from` or another associated function of `Zip`.
pub(super) fn is_zip_constructor(func: &Expr) -> bool {
    let Expr::Path(p) = func else {
        return false;
    };
    let n = p.path.segments.len();
    n >= 2 && p.path.segments[n - 2].ident == "Zip"
}

/// The error for a `Zip` (or `azip!`) at `span` in a form this lowering does not take.
pub(super) fn unsupported(span: proc_macro2::Span) -> syn::Error {
    syn::Error::new(span, SUPPORTED)
}

/// The loop of `Zip::from(p0).and(p1)...map_collect(f)` or `...for_each(f)`.
/// `untyped` are the locals whose element type is not named (`Builder::untyped_arrays`).
pub(super) fn method_as_loop(call: &ExprMethodCall, untyped: &[String]) -> syn::Result<Expr> {
    let mut parts = Vec::new();
    let mut receiver = &*call.receiver;
    while let Expr::MethodCall(m) = receiver {
        if m.method != "and" || m.args.len() != 1 {
            return Err(unsupported(m.method.span()));
        }
        parts.push(part(&m.args[0])?);
        receiver = &m.receiver;
    }
    let Expr::Call(constructor) = receiver else {
        return Err(unsupported(receiver.span()));
    };
    let from = matches!(&*constructor.func, Expr::Path(p) if p.path.segments.last().is_some_and(|s| s.ident == "from"));
    if !from || constructor.args.len() != 1 {
        return Err(unsupported(constructor.func.span()));
    }
    parts.push(part(&constructor.args[0])?);
    parts.reverse();
    let Some(Expr::Closure(closure)) = call.args.first().filter(|_| call.args.len() == 1) else {
        return Err(unsupported(call.method.span()));
    };
    if closure.inputs.len() != parts.len() {
        return Err(syn::Error::new(
            closure.span(),
            "the closure takes one parameter per array of the `Zip`",
        ));
    }
    let patterns: Vec<syn::Pat> = closure.inputs.iter().cloned().collect();
    match call.method.to_string().as_str() {
        "map_collect" if parts.iter().all(|p| !p.written) => {
            collected(&parts, &patterns, &closure.body)
        }
        "for_each" => written(&parts, &patterns, &closure.body, untyped),
        _ => Err(unsupported(call.method.span())),
    }
}

/// The loop of `azip!((p0 in a0, p1 in a1, ..) body)`.
pub(super) fn macro_as_loop(mac: &syn::Macro, untyped: &[String]) -> syn::Result<Expr> {
    let (bindings, body) = mac
        .parse_body_with(parse_azip)
        .map_err(|_| unsupported(mac.span()))?;
    let mut parts = Vec::new();
    let mut patterns = Vec::new();
    for (pattern, producer) in bindings {
        parts.push(part(&producer)?);
        patterns.push(pattern);
    }
    written(&parts, &patterns, &body, untyped)
}

/// `(pat in producer, ..) body`, the form of `azip!` taken here (not `index i`).
fn parse_azip(input: syn::parse::ParseStream<'_>) -> syn::Result<(Vec<(syn::Pat, Expr)>, Expr)> {
    let content;
    syn::parenthesized!(content in input);
    let mut bindings = Vec::new();
    while !content.is_empty() {
        let pattern = syn::Pat::parse_single(&content)?;
        content.parse::<syn::Token![in]>()?;
        let producer: Expr = content.parse()?;
        bindings.push((pattern, producer));
        if content.is_empty() {
            break;
        }
        content.parse::<syn::Token![,]>()?;
    }
    let body: Expr = input.parse()?;
    if bindings.is_empty() || !input.is_empty() {
        return Err(input.error("unexpected tokens"));
    }
    Ok((bindings, body))
}

/// Whether `init` builds an ndarray array with `zeros` or `ones` and names no type on the
/// way (`Array2::zeros(shape)`, not `Array2::<f64>::zeros(shape)`).
pub(super) fn untyped_array(init: &Expr) -> bool {
    let Expr::Call(call) = init else {
        return false;
    };
    let Expr::Path(p) = &*call.func else {
        return false;
    };
    let segments = &p.path.segments;
    let n = segments.len();
    n >= 2
        && ["zeros", "ones"].iter().any(|c| segments[n - 1].ident == c)
        && segments[n - 2].ident.to_string().starts_with("Array")
        && segments
            .iter()
            .all(|s| matches!(s.arguments, syn::PathArguments::None))
}

/// A part of a `Zip`: `&a`, `&mut a`, `a.view()` or `a.view_mut()` of a named array, or a
/// name alone (a reference parameter `a: &Array2<f64>`, or a view), which is read.
fn part(producer: &Expr) -> syn::Result<Part> {
    let (array, written) = match producer {
        Expr::Reference(r) => (&*r.expr, r.mutability.is_some()),
        Expr::MethodCall(m) if m.args.is_empty() && m.method == "view" => (&*m.receiver, false),
        Expr::MethodCall(m) if m.args.is_empty() && m.method == "view_mut" => (&*m.receiver, true),
        other => (other, false),
    };
    if !plain_place(array) {
        return Err(syn::Error::new(
            producer.span(),
            "a part of a `Zip` in a differentiable function is written `&a`, `&mut a`, `a.view()` or `a.view_mut()` of a named array, or names a reference to one or a view",
        ));
    }
    Ok(Part {
        array: array.clone(),
        written,
    })
}

/// A closure's parameter pattern without its type (the element is read by the loop).
fn untyped(pat: &syn::Pat) -> &syn::Pat {
    match pat {
        syn::Pat::Type(t) => &t.pat,
        other => other,
    }
}

/// The element of `array` at the loop's position `k`.
fn element(array: &Expr) -> Expr {
    let k = crate::names::element_index();
    syn::parse_quote!((#array)[(#array).__ad_flat_position(#k)])
}

/// The `let`s that bind each read part's pattern to a reference to its element.
fn reads(parts: &[Part], patterns: &[syn::Pat]) -> Vec<syn::Stmt> {
    parts
        .iter()
        .zip(patterns)
        .filter(|(part, _)| !part.written)
        .map(|(part, pattern)| {
            let (pattern, element) = (untyped(pattern), element(&part.array));
            syn::parse_quote!(let #pattern = &#element;)
        })
        .collect()
}

/// `map_collect`: the values of `body` at each position, shaped like the first part.
fn collected(parts: &[Part], patterns: &[syn::Pat], body: &Expr) -> syn::Result<Expr> {
    let (rt, k) = (crate::names::runtime(), crate::names::element_index());
    let first = &parts[0].array;
    let reads = reads(parts, patterns);
    let tokens = quote::quote! {{
        let mut __ad_zip_elements = ::std::vec::Vec::with_capacity((#first).len());
        for #k in 0..(#first).len() {
            #(#reads)*
            __ad_zip_elements.push(#body);
        }
        #rt::ndarray::Array::from_shape_vec((#first).raw_dim(), __ad_zip_elements).unwrap()
    }};
    syn::parse2(tokens)
}

/// `for_each` and `azip!`: `body` at each position, with `*o` of each written part `o` the
/// element it names.
fn written(
    parts: &[Part],
    patterns: &[syn::Pat],
    body: &Expr,
    untyped_arrays: &[String],
) -> syn::Result<Expr> {
    let k = crate::names::element_index();
    let mut body = body.clone();
    for (part, pattern) in parts.iter().zip(patterns) {
        if !part.written {
            continue;
        }
        if let Expr::Path(p) = &part.array
            && let Some(name) = p.path.get_ident()
            && untyped_arrays.iter().any(|u| name == u)
        {
            return Err(syn::Error::new(
                name.span(),
                format!(
                    "name the element type of `{name}`, which a `Zip` writes (`Array2::<f64>::zeros(..)`): the derivative code cannot infer it from the writes"
                ),
            ));
        }
        let syn::Pat::Ident(name) = untyped(pattern) else {
            return Err(syn::Error::new(
                pattern.span(),
                "the element of a written part of a `Zip` is bound to a name (`o`), and written as `*o`",
            ));
        };
        if let Some(span) = replace_deref(&mut body, &name.ident, element(&part.array)) {
            return Err(syn::Error::new(
                span,
                format!(
                    "in a differentiable function, the element `{}` of a `Zip` is read and written only as `*{}`",
                    name.ident, name.ident
                ),
            ));
        }
    }
    let reads = reads(parts, patterns);
    let first = &parts[0].array;
    let tokens = quote::quote! {
        for #k in 0..(#first).len() {
            #(#reads)*
            #body;
        }
    };
    syn::parse2(tokens)
}

/// Replaces `*name` with `place` in `body`; where `name` is also used otherwise, the span of
/// the first such use.
pub(super) fn replace_deref(
    body: &mut Expr,
    name: &syn::Ident,
    place: Expr,
) -> Option<proc_macro2::Span> {
    let mut replace = Replace {
        name,
        place,
        stray: None,
    };
    replace.visit_expr_mut(body);
    replace.stray
}

/// Replaces `*name` with `place`, and notes any other use of `name`.
struct Replace<'a> {
    name: &'a syn::Ident,
    place: Expr,
    stray: Option<proc_macro2::Span>,
}

impl VisitMut for Replace<'_> {
    fn visit_expr_mut(&mut self, e: &mut Expr) {
        if let Expr::Unary(u) = e
            && matches!(u.op, syn::UnOp::Deref(_))
            && matches!(&*u.expr, Expr::Path(p) if p.path.is_ident(self.name))
        {
            *e = self.place.clone();
            return;
        }
        if let Expr::Path(p) = e
            && p.path.is_ident(self.name)
        {
            self.stray.get_or_insert(p.span());
            return;
        }
        syn::visit_mut::visit_expr_mut(self, e);
    }

    fn visit_macro_mut(&mut self, m: &mut syn::Macro) {
        // A macro's tokens are not expressions: a name in them is a use the rewrite misses.
        if m.tokens
            .clone()
            .into_iter()
            .any(|t| matches!(&t, proc_macro2::TokenTree::Ident(i) if i == self.name))
        {
            self.stray.get_or_insert(m.span());
        }
    }
}

#[cfg(test)]
mod tests {
    use syn::parse_quote;

    #[test]
    fn arrays_built_without_an_element_type() {
        assert!(super::untyped_array(&parse_quote!(Array2::zeros((2, 3)))));
        assert!(super::untyped_array(&parse_quote!(ndarray::Array1::ones(
            4
        ))));
        assert!(!super::untyped_array(&parse_quote!(Array2::<f64>::zeros(
            (2, 3)
        ))));
        assert!(!super::untyped_array(&parse_quote!(Vec::with_capacity(3))));
        assert!(!super::untyped_array(&parse_quote!(a.clone())));
    }

    #[test]
    fn forms_other_than_collect_and_for_each_are_rejected() {
        let call: syn::ExprMethodCall =
            parse_quote!(Zip::from(&a).and(&b).fold(0.0, |s, &x, &y| s + x * y));
        assert!(super::is_zip(&call));
        assert!(super::method_as_loop(&call, &[]).is_err());
        let call: syn::ExprMethodCall =
            parse_quote!(Zip::from(&a).and(&b).map_collect(|&x, &y| x * y));
        assert!(super::method_as_loop(&call, &[]).is_ok());
        let call: syn::ExprMethodCall =
            parse_quote!(Zip::from(&mut o).and(&b).map_collect(|o, &y| y));
        assert!(super::method_as_loop(&call, &[]).is_err());
    }
}
