//! Iterator chains into loops: `xs.iter().map(|x| (x - mu).powi(2)).sum::<f64>()` lowers as
//!
//! ```text
//! { let mut acc = 0.0; for item in xs.iter() { let item = { let x = item; (x - mu).powi(2) };
//!   acc = acc + item; } acc }
//! ```
//!
//! so the chain is differentiated by the loop machinery (tapes, indexed reads of the slice),
//! and the closures it takes are inlined where they run. Sources: a slice or `Vec` iterated
//! with `.iter()` (and `.zip` of two of them, each side possibly a `zip`), or a range. Adaptors: `map`, `filter`,
//! `enumerate`, `copied`, `cloned`, `rev` (first, on a slice), `take`, `skip`, `step_by`,
//! `take_while`, `skip_while`, `filter_map`, `map_while`, `inspect`. Consumers: `sum`, `product`, `fold`, `reduce`, `count`, `last`,
//! `collect::<Vec<_>>()`, `max_by` and `min_by` (with Rust's tie rules: the last maximum, the
//! first minimum, and followed by `.copied()`), `position`, `any`, `all`, `find(..).copied()`. `a.chain(b)` runs
//! the same body over each source in turn. A sequence parameter's `xs.first()` and
//! `xs.last()` are the chains `xs.iter().take(1).last()` and `xs.iter().rev().take(1).last()`. The subarrays of an ndarray array (`m.rows()`,
//! `m.columns()`, `m.outer_iter()`, `m.axis_iter(axis)`) are sources too, as in `for` loops.

use super::indexed_loops::{Known, element_at, plain_place};
use super::ssa::Builder;
use crate::ir::ValueId;
use quote::{ToTokens, quote};
use syn::spanned::Spanned;
use syn::{Expr, ExprMethodCall};

const CONSUMERS: &[&str] = &[
    "sum", "product", "fold", "reduce", "count", "last", "collect", "max_by", "min_by", "position",
    "any", "all",
];

/// The adaptors a chain may hold between its source and its consumer (`rev` only right after
/// the source).
const ADAPTORS: &[&str] = &[
    "map",
    "filter",
    "enumerate",
    "copied",
    "cloned",
    "take",
    "skip",
    "step_by",
    "take_while",
    "skip_while",
    "filter_map",
    "map_while",
    "inspect",
];

/// `xs.first()` and `xs.last()` of a parameter declared as a sequence (`xs: &[f64]`,
/// `v: Vec<f64>`, `a: Array1<f64>`), as the chains that yield the same `Option` of a
/// reference: `xs.iter().take(1).last()` and `xs.iter().rev().take(1).last()`, which visit one
/// element; followed by `.copied()` (or `.cloned()`), the chains that copy the element before
/// `last`. Other receivers keep the method (a struct of the user's may have a `last` of its
/// own).
pub fn end_element(call: &ExprMethodCall, known: &Known<'_>) -> Option<ExprMethodCall> {
    let by_value =
        matches!(call.method.to_string().as_str(), "copied" | "cloned") && call.args.is_empty();
    let (end, copy) = match &*call.receiver {
        Expr::MethodCall(end) if by_value => (end, Some(&call.method)),
        _ => (call, None),
    };
    let named_sequence = matches!(&*end.receiver, Expr::Path(p) if p.path.get_ident().is_some_and(|i| known.sequences.iter().any(|s| i == s)));
    if !named_sequence || !end.args.is_empty() || end.turbofish.is_some() {
        return None;
    }
    let sequence = &end.receiver;
    let copy = copy.map(|method| quote!(.#method()));
    match end.method.to_string().as_str() {
        "first" => Some(syn::parse_quote!(#sequence.iter().take(1) #copy .last())),
        "last" => Some(syn::parse_quote!(#sequence.iter().rev().take(1) #copy .last())),
        _ => None,
    }
}

/// A chain over sequences written in place or computed (`[a, b].iter()`,
/// `vec![..].into_iter()`, `w.row(0).iter()`, `x.mapv(f).iter()`, and the other side of a
/// `zip`: `a.iter().zip(w.column(1))`) as the same chain over locals bound to them first,
/// which `lower_chain` knows as sources; `None` when nothing needs binding.
pub fn with_bound_source(call: &ExprMethodCall) -> Option<Expr> {
    if found_by_value(call).is_none() && !CONSUMERS.contains(&call.method.to_string().as_str()) {
        return None;
    }
    let mut chain = call.clone();
    let mut bound: Vec<(syn::Ident, Expr)> = Vec::new();
    let mut bind = |sequence: &mut Expr| {
        let name = crate::names::chain_source(bound.len());
        let taken = std::mem::replace(sequence, syn::parse_quote!(#name));
        bound.push((name, taken));
    };
    let mut current = &mut chain;
    loop {
        let method = current.method.to_string();
        if method == "zip" && current.args.len() == 1 {
            match &mut current.args[0] {
                Expr::MethodCall(other) if is_iteration(other) => {
                    if computed(&other.receiver) && !yields_items(&other.receiver) {
                        bind(&mut other.receiver);
                    }
                }
                other if computed(other) && !yields_items(other) => bind(other),
                _ => {}
            }
        }
        if is_iteration(current) {
            // (`m.rows().into_iter()` is a source as it is.)
            if computed(&current.receiver) && !yields_items(&current.receiver) {
                bind(&mut current.receiver);
            }
            break;
        }
        match &mut *current.receiver {
            Expr::MethodCall(inner) => current = inner,
            _ => break,
        }
    }
    if bound.is_empty() {
        return None;
    }
    let (names, sequences): (Vec<_>, Vec<_>) = bound.into_iter().unzip();
    Some(syn::parse_quote!({ #(let #names = #sequences;)* #chain }))
}

/// `x.iter()` or `x.into_iter()`.
fn is_iteration(call: &ExprMethodCall) -> bool {
    matches!(call.method.to_string().as_str(), "iter" | "into_iter") && call.args.is_empty()
}

/// Whether `sequence`, iterated, is written in place or computed rather than named: a literal
/// (`[a, b]`, `vec![..]`) or a method call (`w.row(0)`, `a.t()`, `x.mapv(f)`), not a place nor
/// an index (`xs[1..]`, which a chain takes as it is).
fn computed(sequence: &Expr) -> bool {
    match sequence {
        Expr::MethodCall(_) => true,
        Expr::Paren(p) => computed(&p.expr),
        other => written_in_place(other),
    }
}

/// Whether `sequence` is written in place: an array literal or `vec![..]`.
pub(super) fn written_in_place(sequence: &Expr) -> bool {
    match sequence {
        Expr::Array(_) | Expr::Repeat(_) => true,
        Expr::Macro(m) => m.mac.path.is_ident("vec"),
        _ => false,
    }
}

/// Whether the method call `expr` gives an iterator or the pieces of a sequence (`xs.iter()`,
/// `b.iter().skip(1)`, `m.rows()`, `xs.windows(2)`): the other side of a `zip` as a chain
/// takes it, not a sequence to bind.
fn yields_items(expr: &Expr) -> bool {
    const ITEMS: &[&str] = &[
        "iter",
        "into_iter",
        "iter_mut",
        "rev",
        "zip",
        "chain",
        "windows",
        "chunks",
        "chunks_exact",
        "rows",
        "columns",
        "outer_iter",
        "axis_iter",
        "lanes",
    ];
    match expr {
        Expr::MethodCall(m) => {
            let method = m.method.to_string();
            ITEMS.contains(&method.as_str()) || ADAPTORS.contains(&method.as_str())
        }
        Expr::Paren(p) => yields_items(&p.expr),
        _ => false,
    }
}

/// Iterator adaptors a chain does not take, reported as such rather than as a method of the
/// source without a derivative.
const UNSUPPORTED_ADAPTORS: &[&str] = &[
    "flat_map",
    "flatten",
    "scan",
    "peekable",
    "cycle",
    "fuse",
    "zip",
    "chain",
    "rev",
    "map_windows",
    "intersperse",
];

/// Whether `call` is an adaptor a chain does not take (`inspect`, or `zip` after a `map`),
/// applied to a chain that starts from a source the lowering knows.
fn unsupported_adaptor(call: &ExprMethodCall, known: &Known<'_>) -> bool {
    if !UNSUPPORTED_ADAPTORS.contains(&call.method.to_string().as_str())
        || source_of(&Expr::MethodCall(call.clone()), false, known).is_some()
    {
        return false;
    }
    let mut receiver = &*call.receiver;
    loop {
        if source_of(receiver, false, known).is_some() {
            return true;
        }
        match receiver {
            Expr::MethodCall(m) => receiver = &m.receiver,
            _ => return false,
        }
    }
}

/// The error for an adaptor a chain does not take, listing the ones it takes.
fn unsupported_message(method: &syn::Ident) -> String {
    let listed = |names: &[&str]| {
        names
            .iter()
            .map(|name| format!("`{name}`"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    format!(
        "`{method}` is not supported in an iterator chain of a differentiable function: a chain is a source (`xs.iter()`, `a.iter().zip(b.iter())`, a range, `xs.windows(k)`, `m.rows()`, `m.iter().flatten()`), then `rev` right after the source, {}, and a consumer ({}); write the `for` loop it stands for otherwise",
        listed(ADAPTORS),
        listed(CONSUMERS),
    )
}

/// One adaptor of a chain.
enum Stage<'a> {
    Map(&'a Expr),
    Filter(&'a Expr),
    Enumerate,
    Copied,
    Cloned,
    Take(&'a Expr),
    Skip(&'a Expr),
    StepBy(&'a Expr),
    TakeWhile(&'a Expr),
    SkipWhile(&'a Expr),
    FilterMap(&'a Expr),
    MapWhile(&'a Expr),
    Inspect(&'a Expr),
}

impl Builder<'_> {
    /// Lowers a chain ending in a consumer; `None` when `call` is not a chain this module
    /// knows, which the caller then lowers as an ordinary method call.
    pub fn lower_chain(&mut self, call: &ExprMethodCall) -> Option<Option<ValueId>> {
        // The closures a chain takes are inlined where they run: a closure bound by `let` and
        // named as an argument (`xs.iter().fold(0.0, add)`) is inlined as its literal.
        let inlined = self.closures_written_out(call);
        let call = &inlined;
        let find = found_by_value(call);
        if find.is_none() && !CONSUMERS.contains(&call.method.to_string().as_str()) {
            return None;
        }
        let mut stages = Vec::new();
        let mut receiver = find.map_or(&*call.receiver, |find| &*find.receiver);
        // Walk back from the consumer to the source, collecting adaptors.
        let source = loop {
            let Expr::MethodCall(m) = receiver else {
                break source_of(receiver, false, &self.known())?;
            };
            let stage = match (m.method.to_string().as_str(), m.args.len()) {
                ("map", 1) => Stage::Map(&m.args[0]),
                ("filter", 1) => Stage::Filter(&m.args[0]),
                ("enumerate", 0) => Stage::Enumerate,
                ("copied", 0) => Stage::Copied,
                ("cloned", 0) => Stage::Cloned,
                ("take", 1) => Stage::Take(&m.args[0]),
                ("skip", 1) => Stage::Skip(&m.args[0]),
                ("step_by", 1) => Stage::StepBy(&m.args[0]),
                ("take_while", 1) => Stage::TakeWhile(&m.args[0]),
                ("skip_while", 1) => Stage::SkipWhile(&m.args[0]),
                ("filter_map", 1) => Stage::FilterMap(&m.args[0]),
                ("map_while", 1) => Stage::MapWhile(&m.args[0]),
                ("inspect", 1) => Stage::Inspect(&m.args[0]),
                ("rev", 0) => break source_of(&m.receiver, true, &self.known())?,
                _ if unsupported_adaptor(m, &self.known()) => {
                    self.diag
                        .error_spanned(&m.method, unsupported_message(&m.method));
                    return Some(None);
                }
                _ => break source_of(receiver, false, &self.known())?,
            };
            stages.push(stage);
            receiver = &m.receiver;
        };
        stages.reverse();
        let items = self.generic_items(receiver);
        let block = desugar(call, &source, &stages, items.as_ref());
        match block {
            Ok(block) => Some(self.lower_expr(&block)),
            Err(e) => {
                self.diag.push_error(e);
                Some(None)
            }
        }
    }
}

/// `find(p)` of `chain.find(p).copied()` (also `.cloned()`): `find` yields a reference to
/// the item, which the pair takes by value, so the pair is the chain's consumer.
fn found_by_value(call: &ExprMethodCall) -> Option<&ExprMethodCall> {
    match &*call.receiver {
        Expr::MethodCall(find)
            if (call.method == "copied" || call.method == "cloned")
                && call.args.is_empty()
                && find.method == "find"
                && find.args.len() == 1 =>
        {
            Some(find)
        }
        _ => None,
    }
}

/// Where a chain's items come from: the `for` header and the item it binds.
struct Source {
    header: proc_macro2::TokenStream,
    item: proc_macro2::TokenStream,
    /// The source `chain` continues with.
    next: Option<Box<Source>>,
}

/// The source of a chain: `xs.iter()` (optionally reversed), `xs.iter().zip(ys.iter())`, or a
/// range.
fn source_of(expr: &Expr, reversed: bool, known: &Known<'_>) -> Option<Source> {
    let index = crate::names::element_index();
    let item = crate::names::chain_item();
    let indices = |len: proc_macro2::TokenStream| {
        if reversed {
            quote!(for #index in (0..#len).rev())
        } else {
            quote!(for #index in 0..#len)
        }
    };
    match expr {
        Expr::MethodCall(m)
            if m.method == "iter" && m.args.is_empty() && plain_place(&m.receiver) =>
        {
            let seq = &m.receiver;
            let item = element_at(seq, syn::parse_quote!(#index), true, known);
            Some(Source {
                header: indices(quote!((#seq).len())),
                item: quote!(#item),
                next: None,
            })
        }
        // A range of a sequence, `xs[a..].iter()`, read as a side of a `zip` reads it.
        Expr::MethodCall(m)
            if m.method == "iter"
                && m.args.is_empty()
                && matches!(&*m.receiver, Expr::Index(_)) =>
        {
            let (count, item) = super::indexed_loops::zip_part(expr, known)?;
            Some(Source {
                header: indices(quote!(#count)),
                item: quote!(#item),
                next: None,
            })
        }
        // `xs.into_iter()` of a `Vec` of floats yields the elements by value, of a reference
        // parameter (`xs: &Vec<f64>`) references to them.
        Expr::MethodCall(m)
            if m.method == "into_iter" && m.args.is_empty() && plain_place(&m.receiver) =>
        {
            let seq = &m.receiver;
            let by_ref = matches!(&**seq, Expr::Path(p) if p.path.get_ident().is_some_and(|i| known.references.iter().any(|r| i == r)));
            let item = element_at(seq, syn::parse_quote!(#index), by_ref, known);
            let item = quote!(#item);
            Some(Source {
                header: indices(quote!((#seq).len())),
                item,
                next: None,
            })
        }
        // `m.iter().flatten()` of a sequence of sequences, as in `for` loops.
        Expr::MethodCall(_) if !reversed && super::indexed_loops::flattened(expr).is_some() => {
            let (positions, item) = super::indexed_loops::flattened(expr)?;
            let (.., position) = crate::names::flattened();
            Some(Source {
                header: quote!(for #position in #positions),
                item: quote!(#item),
                next: None,
            })
        }
        // Pieces of a sequence, as in `for` loops: `xs.windows(2)`, `xs.chunks(3)`.
        Expr::MethodCall(_) if super::indexed_loops::pieces(expr, reversed).is_some() => {
            let (indices, item) = super::indexed_loops::pieces(expr, reversed)?;
            Some(Source {
                header: quote!(for #index in #indices),
                item: quote!(#item),
                next: None,
            })
        }
        // Each side of a `zip` as in `for` loops: `xs.iter()`, `&xs`, `xs.iter().skip(1)`,
        // `xs[a..b].iter()`.
        Expr::MethodCall(m) if m.method == "zip" => {
            let (indices, item) = super::indexed_loops::zipped(m, reversed, known)?;
            Some(Source {
                header: quote!(for #index in #indices),
                item: quote!(#item),
                next: None,
            })
        }
        // The subarrays of an ndarray array (`m.rows()`, `m.columns()`, `m.outer_iter()`,
        // `m.axis_iter(axis)`, also followed by `.into_iter()`): the loop over them that
        // `indexed_loops` knows.
        Expr::MethodCall(m)
            if subarrays(expr).is_some()
                || (m.method == "into_iter"
                    && m.args.is_empty()
                    && subarrays(&m.receiver).is_some()) =>
        {
            let lanes = subarrays(expr).unwrap_or(&m.receiver);
            let header = match reversed {
                true => quote!(for #item in (#lanes).rev()),
                false => quote!(for #item in #lanes),
            };
            Some(Source {
                header,
                item: quote!(#item),
                next: None,
            })
        }
        Expr::Range(_) if !reversed => Some(Source {
            header: quote!(for #item in #expr),
            item: quote!(#item),
            next: None,
        }),
        Expr::Paren(p) => source_of(&p.expr, reversed, known),
        Expr::MethodCall(m) if m.method == "chain" && m.args.len() == 1 && !reversed => {
            let (first, second) = (
                source_of(&m.receiver, false, known)?,
                source_of(&m.args[0], false, known)?,
            );
            Some(Source {
                header: first.header,
                item: first.item,
                next: Some(Box::new(second)),
            })
        }
        Expr::Range(_) => Some(Source {
            header: quote!(for #item in (#expr).rev()),
            item: quote!(#item),
            next: None,
        }),
        _ => None,
    }
}

/// `a.iter().fold(init, f)` for ndarray's `a.fold(init, f)` of an array named by a place (a
/// `Vec` or a slice has no `fold` of its own: `Iterator::fold` is called on iterators).
pub(super) fn array_fold(call: &ExprMethodCall) -> Option<ExprMethodCall> {
    if call.method != "fold" || call.args.len() != 2 || !plain_place(&call.receiver) {
        return None;
    }
    let (array, init, f) = (&call.receiver, &call.args[0], &call.args[1]);
    Some(syn::parse_quote!((#array).iter().fold(#init, #f)))
}

/// `expr` itself when it is `m.rows()`, `m.columns()`, `m.outer_iter()` or
/// `m.axis_iter(axis)` of a plain place `m`.
fn subarrays(expr: &Expr) -> Option<&Expr> {
    let Expr::MethodCall(m) = expr else {
        return None;
    };
    let lanes = match m.method.to_string().as_str() {
        "rows" | "columns" | "outer_iter" => m.args.is_empty(),
        "axis_iter" => m.args.len() == 1,
        _ => false,
    };
    (lanes && plain_place(&m.receiver)).then_some(expr)
}

/// `|p| body` applied to `arg` as a block, a function named by a path (`.map(square)`,
/// `.map(f64::sqrt)`) called on it, or the error for something else.
fn apply(f: &Expr, arg: proc_macro2::TokenStream) -> syn::Result<proc_macro2::TokenStream> {
    match f {
        Expr::Closure(c) if c.inputs.len() == 1 => {
            let (param, body) = (&c.inputs[0], &c.body);
            Ok(quote!({ let #param = #arg; #body }))
        }
        Expr::Path(p) if p.qself.is_none() => Ok(quote!(#p(#arg))),
        other => Err(syn::Error::new(
            other.span(),
            "an iterator adaptor in a differentiable function takes a closure literal with one parameter or a function's name here",
        )),
    }
}

/// The parameters and body of the two-parameter closure `f` given to `method` (`fold`,
/// `reduce`); a function's name (`f64::max`) is the closure that calls it.
fn two_parameters(
    f: &Expr,
    method: &str,
) -> syn::Result<(syn::Pat, syn::Pat, proc_macro2::TokenStream)> {
    let closure: syn::ExprClosure = match f {
        Expr::Path(path) => syn::parse_quote!(|__ad_a, __ad_b| #path(__ad_a, __ad_b)),
        Expr::Closure(c) => c.clone(),
        other => {
            return Err(syn::Error::new(
                other.span(),
                format!(
                    "`{method}` in a differentiable function takes a closure literal or a function's name"
                ),
            ));
        }
    };
    match closure.inputs.iter().collect::<Vec<_>>().as_slice() {
        [a, b] => Ok(((*a).clone(), (*b).clone(), closure.body.to_token_stream())),
        _ => Err(syn::Error::new(
            closure.span(),
            format!("`{method}` takes a closure of two parameters"),
        )),
    }
}

/// `generic_items` is the float type parameter the items have when the chain reads a
/// parameter declared as a sequence of one (see `Builder::generic_items`).
fn desugar(
    call: &ExprMethodCall,
    source: &Source,
    stages: &[Stage<'_>],
    generic_items: Option<&syn::Ident>,
) -> syn::Result<Expr> {
    let acc = crate::names::chain_accumulator();
    let best = crate::names::chain_best();
    let item = crate::names::chain_item();
    let kept = crate::names::chain_kept();
    let order = crate::names::chain_order();
    let mut before = proc_macro2::TokenStream::new();
    let mut body = proc_macro2::TokenStream::new();
    // The code before each `filter_map`/`map_while`, with the value that stage unwraps and what
    // its `None` does: the rest of the body runs in the `Some` branch of a `match` statement,
    // where `break` and `continue` end a branch, as the lowering of loops wants them.
    let mut unwrapped = Vec::new();
    for (k, stage) in stages.iter().enumerate() {
        let counter = crate::names::chain_counter(k);
        match stage {
            Stage::Map(f) => {
                let mapped = apply(f, quote!(#item))?;
                body.extend(quote!(let #item = #mapped;));
            }
            Stage::Filter(f) => {
                let keep = apply(f, quote!(&#item))?;
                body.extend(quote!(if !(#keep) { continue; }));
            }
            Stage::Enumerate => {
                before.extend(quote!(let mut #counter = 0usize;));
                body.extend(quote!(let #item = (#counter, #item); #counter += 1;));
            }
            // The closure runs for its effect (a message); its value is nothing.
            Stage::Inspect(f) => {
                let seen = apply(f, quote!(&#item))?;
                body.extend(quote!(#seen;));
            }
            Stage::Copied => body.extend(quote!(let #item = *#item;)),
            Stage::Cloned => body.extend(quote!(let #item = #item.clone();)),
            Stage::Take(n) => {
                before.extend(quote!(let mut #counter = 0usize;));
                body.extend(quote!(if #counter == (#n) { break; } #counter += 1;));
            }
            Stage::Skip(n) => {
                before.extend(quote!(let mut #counter = 0usize;));
                body.extend(quote!(if #counter < (#n) { #counter += 1; continue; }));
            }
            Stage::StepBy(n) => {
                before.extend(quote!(let mut #counter = 0usize;));
                body.extend(quote!(let #kept = #counter % (#n) == 0; #counter += 1; if !#kept { continue; }));
            }
            // The items stop at the first that fails: the loop ends there.
            Stage::TakeWhile(p) => {
                let keep = apply(p, quote!(&#item))?;
                body.extend(quote!(if !(#keep) { break; }));
            }
            // Whether the items are still being skipped, until the first that fails.
            Stage::SkipWhile(p) => {
                let skip = apply(p, quote!(&#item))?;
                before.extend(quote!(let mut #counter = true;));
                body.extend(quote!(if #counter && (#skip) { continue; } #counter = false;));
            }
            // The value the closure gives, or the next item (`filter_map`) or the loop's end
            // (`map_while`) when it gives none.
            Stage::FilterMap(f) | Stage::MapWhile(f) => {
                let mapped = apply(f, quote!(#item))?;
                let none = match stage {
                    Stage::FilterMap(_) => quote!(continue),
                    _ => quote!(break),
                };
                unwrapped.push((std::mem::take(&mut body), mapped, none));
            }
        }
    }
    let integer = |turbofish: &Option<syn::AngleBracketedGenericArguments>| {
        turbofish
            .as_ref()
            .and_then(|t| t.args.first())
            .is_some_and(|a| match a {
                syn::GenericArgument::Type(ty) => crate::ir::is_constant_type(ty),
                _ => false,
            })
    };
    // `sum::<T>()` of a type parameter (`T: Float + Sum`): its zero is the sum of no items,
    // as the bound the call needs gives it (and its one the product of none). Without the
    // turbofish, the items' type when the chain reads a parameter `&[T]`: the source's
    // `sum()` has the type rustc infers from its use, which a float literal does not take.
    let items: Option<syn::Type> = generic_items.map(|t| syn::parse_quote!(#t));
    let generic = call
        .turbofish
        .as_ref()
        .and_then(|t| t.args.first())
        .and_then(|a| match a {
            syn::GenericArgument::Type(ty @ syn::Type::Path(p))
                if !crate::ir::is_constant_type(ty)
                    && !p.path.is_ident("f64")
                    && !p.path.is_ident("f32") =>
            {
                Some(ty)
            }
            _ => None,
        })
        .or(items.as_ref().filter(|_| call.turbofish.is_none()));
    let (init, step, result) = match call.method.to_string().as_str() {
        "sum" if integer(&call.turbofish) => {
            (quote!(0), quote!(#acc = #acc + #item;), quote!(#acc))
        }
        // (`generic` is `Some`: it prints as the type.)
        "sum" if generic.is_some() => (
            quote!(::core::iter::empty::<#generic>().sum::<#generic>()),
            quote!(#acc = #acc + #item;),
            quote!(#acc),
        ),
        "sum" => (quote!(0.0), quote!(#acc = #acc + #item;), quote!(#acc)),
        "product" if integer(&call.turbofish) => {
            (quote!(1), quote!(#acc = #acc * #item;), quote!(#acc))
        }
        // (`generic` is `Some`: it prints as the type.)
        "product" if generic.is_some() => (
            quote!(::core::iter::empty::<#generic>().product::<#generic>()),
            quote!(#acc = #acc * #item;),
            quote!(#acc),
        ),
        "product" => (quote!(1.0), quote!(#acc = #acc * #item;), quote!(#acc)),
        "count" => (quote!(0usize), quote!(#acc += 1;), quote!(#acc)),
        "last" => (
            quote!(::core::option::Option::None),
            quote!(#acc = Some(#item);),
            quote!(#acc),
        ),
        "collect" => (
            quote!(::std::vec::Vec::new()),
            quote!(#acc.push(#item);),
            quote!(#acc),
        ),
        "max_by" | "min_by" if call.args.len() == 1 => {
            let Expr::Closure(c) = &call.args[0] else {
                return Err(syn::Error::new(
                    call.args[0].span(),
                    "`max_by`/`min_by` in a differentiable function takes a closure literal",
                ));
            };
            if c.inputs.len() != 2 {
                return Err(syn::Error::new(
                    c.span(),
                    "the comparison takes two parameters",
                ));
            }
            let (a, b, cmp) = (&c.inputs[0], &c.inputs[1], &c.body);
            // `max_by` keeps the last of equal maxima, `min_by` the first of equal minima.
            let replace = if call.method == "max_by" {
                quote!(#order != ::core::cmp::Ordering::Less)
            } else {
                quote!(#order == ::core::cmp::Ordering::Less)
            };
            let step = quote! {
                if #acc.is_none() {
                    #acc = Some(#item);
                } else {
                    // `unwrap_or(item)`, not `unwrap()`: it gives the best its type (the
                    // item's) before the comparison, whose parameters may have a fixed type
                    // (`a.total_cmp(b)` takes `&f64`) that would otherwise decide it wrongly.
                    let #best = #acc.unwrap_or(#item);
                    let #order = { let #a = &#item; let #b = &#best; #cmp };
                    if #replace {
                        #acc = Some(#item);
                    }
                }
            };
            (quote!(::core::option::Option::None), step, quote!(#acc))
        }
        // The position of the first item that passes (a constant), the first such item, and
        // whether any or all do: every item is tested, as the predicate has no effects.
        "position" if call.args.len() == 1 => {
            let position = crate::names::chain_counter(stages.len());
            before.extend(quote!(let mut #position = 0usize;));
            let passes = apply(&call.args[0], quote!(#item))?;
            let step = quote! {
                if #acc.is_none() && #passes {
                    #acc = Some(#position);
                }
                #position += 1;
            };
            (quote!(::core::option::Option::None), step, quote!(#acc))
        }
        // `find(p).copied()` (also `.cloned()`): the first item that passes, by value.
        "copied" | "cloned" => {
            let Expr::MethodCall(find) = &*call.receiver else {
                unreachable!("lower_chain checks the form");
            };
            let passes = apply(&find.args[0], quote!(&#item))?;
            let step = quote! {
                if #acc.is_none() && #passes {
                    #acc = Some(*#item);
                }
            };
            (quote!(::core::option::Option::None), step, quote!(#acc))
        }
        "any" if call.args.len() == 1 => {
            let passes = apply(&call.args[0], quote!(#item))?;
            (
                quote!(false),
                quote!(if !#acc && #passes { #acc = true; }),
                quote!(#acc),
            )
        }
        "all" if call.args.len() == 1 => {
            let passes = apply(&call.args[0], quote!(#item))?;
            (
                quote!(true),
                quote!(if #acc && !(#passes) { #acc = false; }),
                quote!(#acc),
            )
        }
        "fold" if call.args.len() == 2 => {
            let (init, f) = (&call.args[0], &call.args[1]);
            let (acc_pattern, x, fbody) = two_parameters(f, "fold")?;
            (
                quote!(#init),
                quote!(#acc = { let #acc_pattern = #acc; let #x = #item; #fbody };),
                quote!(#acc),
            )
        }
        // The first item, then the closure applied to the result so far and each next item.
        "reduce" if call.args.len() == 1 => {
            let (acc_pattern, x, fbody) = two_parameters(&call.args[0], "reduce")?;
            let step = quote! {
                #acc = match #acc {
                    ::core::option::Option::None => Some(#item),
                    Some(#best) => Some({ let #acc_pattern = #best; let #x = #item; #fbody }),
                };
            };
            (quote!(::core::option::Option::None), step, quote!(#acc))
        }
        _ => {
            return Err(syn::Error::new(
                call.method.span(),
                format!(
                    "`{}` is not supported on an iterator in a differentiable function",
                    call.method
                ),
            ));
        }
    };
    let mut body = quote!(#body #step);
    for (before_stage, mapped, none) in unwrapped.into_iter().rev() {
        body = quote! {
            #before_stage
            match #mapped {
                Some(#item) => { #body }
                ::core::option::Option::None => { #none; }
            }
        };
    }
    // One loop per source (`chain` has several), each with the same stages.
    let mut loops = proc_macro2::TokenStream::new();
    let mut next = Some(source);
    while let Some(source) = next {
        let (header, first) = (&source.header, &source.item);
        loops.extend(quote! {
            #header {
                let #item = #first;
                #body
            }
        });
        next = source.next.as_deref();
    }
    let tokens = quote! {{
        let mut #acc = #init;
        #before
        #loops
        #result
    }};
    syn::parse2(tokens)
}

impl Builder<'_> {
    /// `call` and the method calls it is made of, with each argument that names a closure
    /// bound by `let` replaced by the closure's literal.
    fn closures_written_out(&self, call: &ExprMethodCall) -> ExprMethodCall {
        let mut call = call.clone();
        let mut current = &mut call;
        loop {
            for arg in current.args.iter_mut() {
                if let Some(closure) = self.called_closure(arg) {
                    *arg = Expr::Closure(closure);
                }
            }
            match &mut *current.receiver {
                Expr::MethodCall(inner) => current = inner,
                _ => return call,
            }
        }
    }

    /// `chain.max_by(..).copied()` (also `min_by`, `last`, and `.cloned()`): the consumer
    /// yields a reference to an item, taken by value as the `match` the pair stands for;
    /// `None` for other calls.
    pub fn copied_result(&self, call: &ExprMethodCall) -> Option<Expr> {
        let by_value = matches!(call.method.to_string().as_str(), "copied" | "cloned");
        let Expr::MethodCall(consumer) = &*call.receiver else {
            return None;
        };
        let by_reference = matches!(
            consumer.method.to_string().as_str(),
            "max_by" | "min_by" | "last"
        );
        if !by_value || !call.args.is_empty() || !by_reference || !self.is_chain(consumer) {
            return None;
        }
        let found = crate::names::chain_item();
        // `Some` and `None` as the lowering knows them (as `v.pop()` writes them).
        Some(syn::parse_quote! {
            match #consumer {
                Some(#found) => Some((*#found).clone()),
                None => None,
            }
        })
    }

    /// The float type parameter of the items of a chain whose source is `receiver`, when it
    /// reads a parameter declared as a sequence of one (`param.iter()`, `param[1..].iter()`,
    /// `param.iter().zip(..)`): closures that map them are taken to keep their type.
    fn generic_items(&self, receiver: &Expr) -> Option<syn::Ident> {
        let mut root = receiver;
        loop {
            root = match root {
                Expr::MethodCall(m) => &m.receiver,
                Expr::Index(i) => &i.expr,
                Expr::Paren(p) => &p.expr,
                Expr::Reference(r) => &r.expr,
                Expr::Path(p) => {
                    let name = p.path.get_ident()?.to_string();
                    let found = self.generic_sequences.iter().find(|(n, _)| *n == name);
                    return found.map(|(_, ty)| ty.clone());
                }
                _ => return None,
            };
        }
    }

    /// Whether `call` is a chain [`lower_chain`](Self::lower_chain) handles.
    pub fn is_chain(&self, call: &ExprMethodCall) -> bool {
        let find = found_by_value(call);
        if find.is_none() && !CONSUMERS.contains(&call.method.to_string().as_str()) {
            return false;
        }
        let mut receiver = find.map_or(&*call.receiver, |find| &*find.receiver);
        loop {
            match receiver {
                Expr::MethodCall(m) if ADAPTORS.contains(&m.method.to_string().as_str()) => {
                    receiver = &m.receiver
                }
                Expr::MethodCall(m) if m.method == "rev" => {
                    return source_of(&m.receiver, true, &self.known()).is_some();
                }
                // Reported by `lower_chain`.
                Expr::MethodCall(m) if unsupported_adaptor(m, &self.known()) => return true,
                other => return source_of(other, false, &self.known()).is_some(),
            }
        }
    }
}
