//! Inlining the helpers of the same file, as LLVM inlines them for Enzyme: a call of a plain
//! `#[differentiable]` function declared at the top of the file the caller stands in (see
//! `source`) is replaced, before lowering, by the helper's body with its parameters bound to
//! the arguments. The caller's derivative then keeps one tape for its loops and the helper's
//! instead of a pullback, copies and adjoints allocated at every call (ADBench's GMM calls
//! three helpers per point and component).
//!
//! Arguments are bound without copies where Rust's meaning allows it: a slice taken from
//! an offset, `helper(&xs[i * d..])`, is read as `xs[start + j]` where the helper reads
//! `x[j]` (so the derivative adds into `xs` directly); a borrowed or mutably borrowed
//! variable, `&mut buffer`, as that variable; a variable passed by value to a parameter the
//! helper does not rebind, as that variable; anything else through a `let` of the
//! parameter's type. A helper is not inlined when its meaning could change: when it returns
//! early (`return`, `?`), calls itself or its caller, declares items, binds a name its
//! parameters or the arguments use, or reads a name the caller binds; nor when the caller
//! lowered with it fails (the front end lowers the caller as written then).

use super::free_names::Bound;
use proc_macro2::{Span, TokenStream, TokenTree};
use std::collections::HashSet;
use syn::visit::Visit;
use syn::visit_mut::VisitMut;
use syn::{Expr, parse_quote};

/// How deep helpers are inlined into helpers.
const DEEPEST: usize = 4;

/// The caller's body with the calls of the same file's helpers, and of the functions
/// declared in the body itself (`fn to_linear(u: f64) -> f64 { .. }` before its uses),
/// inlined, or `None` when it calls none that can be. `caller` is the caller's name and
/// `params` its parameters.
pub fn inline_helpers(
    caller: &syn::Ident,
    params: &[syn::FnArg],
    block: &syn::Block,
) -> Option<syn::Block> {
    let file = crate::source::current().unwrap_or_default();
    let local = local_functions(block);
    // The file's helpers are in scope of the file's top-level functions.
    let file_helpers = file.is_top_level(&caller.to_string());
    if !file_helpers && local.is_empty() {
        return None;
    }
    let mut caller_names = Bound::default();
    for param in params {
        if let syn::FnArg::Typed(t) = param {
            caller_names.visit_pat(&t.pat);
        }
    }
    caller_names.visit_block(block);
    let mut inliner = Inliner {
        file: &file,
        file_helpers,
        local,
        stack: vec![caller.to_string()],
        caller_names: caller_names.0.into_iter().collect(),
        fresh: 0,
        inlined: false,
    };
    let mut inlined = block.clone();
    inliner.visit_block_mut(&mut inlined);
    drop_unused_local_functions(&mut inlined);
    inliner.inlined.then_some(inlined)
}

/// The functions declared by the statements of `block` that can be inlined: not generic,
/// neither `async` nor `unsafe`, attributed only by documentation, lint levels or `inline`.
fn local_functions(block: &syn::Block) -> std::collections::HashMap<String, syn::ItemFn> {
    block
        .stmts
        .iter()
        .filter_map(|stmt| match stmt {
            syn::Stmt::Item(syn::Item::Fn(f)) if crate::source::is_inlinable(f, false) => {
                Some((f.sig.ident.to_string(), f.clone()))
            }
            _ => None,
        })
        .collect()
}

/// Removes from `block` the functions it declares that nothing in it names any more (every
/// call was inlined): in the derivatives they would be unused.
fn drop_unused_local_functions(block: &mut syn::Block) {
    let mut names = Vec::new();
    for stmt in &block.stmts {
        if !matches!(stmt, syn::Stmt::Item(syn::Item::Fn(_))) {
            identifiers(quote::ToTokens::to_token_stream(stmt), &mut names);
        }
    }
    block.stmts.retain(|stmt| match stmt {
        syn::Stmt::Item(syn::Item::Fn(f)) => names.contains(&f.sig.ident.to_string()),
        _ => true,
    });
}

struct Inliner<'f> {
    file: &'f crate::source::SourceFile,
    /// Whether the file's top-level helpers are in scope (the caller is one of them).
    file_helpers: bool,
    /// The functions the caller's body declares, by name.
    local: std::collections::HashMap<String, syn::ItemFn>,
    /// The caller and the helpers being inlined into it, outermost first.
    stack: Vec<String>,
    /// Every name the caller binds (parameters, `let`s, patterns).
    caller_names: HashSet<String>,
    /// The next fresh name's number.
    fresh: usize,
    /// Whether a call was inlined.
    inlined: bool,
}

impl VisitMut for Inliner<'_> {
    fn visit_expr_mut(&mut self, expr: &mut Expr) {
        syn::visit_mut::visit_expr_mut(self, expr);
        if let Expr::Call(call) = expr
            && let Some(body) = self.inlined_call(call)
        {
            *expr = body;
            self.inlined = true;
        }
    }
}

/// How a parameter's uses are rewritten.
enum Binding {
    /// Renamed: the argument is this variable, or a `let` of the parameter's type binds it.
    Renamed(syn::Ident),
    /// `&[mut] base[start..]`: `p[j]` reads `base[start + j]`.
    Offset {
        base: syn::Ident,
        start: syn::Ident,
        mutable: bool,
    },
    /// `&[mut] place`: `p[j]` reads `place[j]`, `*p` is `place`.
    Place { place: syn::Ident, mutable: bool },
}

impl Inliner<'_> {
    /// The helper's body for `call` with its parameters bound, or `None` when the call is not
    /// of a helper that can be inlined.
    fn inlined_call(&mut self, call: &syn::ExprCall) -> Option<Expr> {
        let Expr::Path(path) = &*call.func else {
            return None;
        };
        let name = path.path.get_ident()?.to_string();
        if path.qself.is_some() || self.stack.contains(&name) || self.stack.len() > DEEPEST {
            return None;
        }
        // A function the body declares shadows the file's.
        let helper: syn::ItemFn = match self.local.get(&name) {
            Some(local) => local.clone(),
            None if self.file_helpers && self.file.is_top_level(&name) => {
                syn::parse_str(self.file.inlinable(&name)?).ok()?
            }
            None => return None,
        };
        if helper.sig.inputs.len() != call.args.len() {
            return None;
        }
        if !plain_result(&helper.sig.output) {
            return None;
        }
        let mut shape = Shape::default();
        shape.visit_block(&helper.block);
        if shape.refused {
            return None;
        }
        let param_names: Vec<String> = helper
            .sig
            .inputs
            .iter()
            .map(|p| match p {
                syn::FnArg::Typed(t) => match &*t.pat {
                    syn::Pat::Ident(i) if i.by_ref.is_none() && i.subpat.is_none() => {
                        Some(i.ident.to_string())
                    }
                    _ => None,
                },
                syn::FnArg::Receiver(_) => None,
            })
            .collect::<Option<_>>()?;
        // Names the helper reads from outside itself must mean the same in the caller.
        let free: Vec<&String> = shape
            .read
            .iter()
            .filter(|n| !shape.bound.contains(*n) && !param_names.contains(n))
            .collect();
        if free
            .iter()
            .any(|n| self.caller_names.contains(*n) || **n == name)
        {
            return None;
        }
        if param_names.iter().any(|p| shape.bound.contains(p)) {
            return None;
        }
        // A borrowed parameter is only read by element, dereferenced, measured or passed on
        // to a function of the file: uses that mean the same on the argument it stands for.
        for (param, param_name) in helper.sig.inputs.iter().zip(&param_names) {
            if let syn::FnArg::Typed(t) = param
                && matches!(&*t.ty, syn::Type::Reference(_))
            {
                let mut uses = ElementUses {
                    name: param_name,
                    file: self.file,
                    other: shape.in_macros.contains(param_name),
                };
                uses.visit_block(&helper.block);
                if uses.other {
                    return None;
                }
            }
        }
        let mut lets: Vec<syn::Stmt> = Vec::new();
        let mut bindings: Vec<(String, Binding)> = Vec::new();
        for ((param, arg), param_name) in helper.sig.inputs.iter().zip(&call.args).zip(&param_names)
        {
            let syn::FnArg::Typed(typed) = param else {
                return None;
            };
            let mutable = matches!(&*typed.pat, syn::Pat::Ident(i) if i.mutability.is_some());
            let binding = self.bind(arg, &typed.ty, mutable, &mut lets)?;
            // The names the rewritten uses read must not be bound by the helper.
            let reads = match &binding {
                Binding::Renamed(i) | Binding::Place { place: i, .. } => i.to_string(),
                Binding::Offset { base, .. } => base.to_string(),
            };
            if shape.bound.contains(&reads) {
                return None;
            }
            if !matches!(binding, Binding::Renamed(_)) && shape.in_macros.contains(param_name) {
                return None;
            }
            bindings.push((param_name.clone(), binding));
        }
        let mut body = (*helper.block).clone();
        Substitute {
            bindings: &bindings,
        }
        .visit_block_mut(&mut body);
        // Helpers called by the helper, inlined in turn.
        self.stack.push(name);
        self.visit_block_mut(&mut body);
        self.stack.pop();
        let stmts = &body.stmts;
        let result = Self::result_type(&helper.sig.output);
        let expr: Expr = match (result, stmts.last()) {
            // A float result keeps its declared type (an unsuffixed literal would not).
            (Some(ty), Some(syn::Stmt::Expr(tail, None))) => {
                let value = self.fresh_name();
                let init = &stmts[..stmts.len() - 1];
                parse_quote!({ #(#lets)* #(#init)* let #value: #ty = #tail; #value })
            }
            _ => parse_quote!({ #(#lets)* #(#stmts)* }),
        };
        Some(expr)
    }

    /// How `arg`, given for a parameter of type `ty`, is bound; `lets` receives what must be
    /// evaluated first.
    fn bind(
        &mut self,
        arg: &Expr,
        ty: &syn::Type,
        mutable: bool,
        lets: &mut Vec<syn::Stmt>,
    ) -> Option<Binding> {
        let mut arg = arg;
        while let Expr::Paren(inner) = arg {
            arg = &inner.expr;
        }
        if let Expr::Reference(r) = arg {
            let by_mut = r.mutability.is_some();
            match &*r.expr {
                Expr::Path(p) if p.qself.is_none() => {
                    if let Some(place) = p.path.get_ident() {
                        return Some(Binding::Place {
                            place: place.clone(),
                            mutable: by_mut,
                        });
                    }
                }
                Expr::Index(index) => {
                    if let (Expr::Path(p), Expr::Range(range)) = (&*index.expr, &*index.index)
                        && let (Some(base), Some(from), None) =
                            (p.path.get_ident(), &range.start, &range.end)
                    {
                        let start = self.fresh_name();
                        lets.push(parse_quote!(let #start: usize = #from;));
                        return Some(Binding::Offset {
                            base: base.clone(),
                            start,
                            mutable: by_mut,
                        });
                    }
                }
                _ => {}
            }
        }
        if let (Expr::Path(p), false) = (arg, mutable)
            && let Some(variable) = p.path.get_ident()
            && p.qself.is_none()
        {
            return Some(Binding::Renamed(variable.clone()));
        }
        // (A reference that is not to a place is not inlined: a local bound to it would be
        // read differently, `v.into_iter()` of a `&Vec` by value.)
        if matches!(
            ty,
            syn::Type::Reference(_) | syn::Type::ImplTrait(_) | syn::Type::Infer(_)
        ) {
            return None;
        }
        let value = self.fresh_name();
        let binding: syn::Stmt = match mutable {
            true => parse_quote!(let mut #value: #ty = #arg;),
            false => parse_quote!(let #value: #ty = #arg;),
        };
        lets.push(binding);
        Some(Binding::Renamed(value))
    }

    /// `f64` or `f32` when the helper declares that result.
    fn result_type(output: &syn::ReturnType) -> Option<syn::Type> {
        match output {
            syn::ReturnType::Type(_, ty) if crate::ir::is_float_type(ty) => Some((**ty).clone()),
            _ => None,
        }
    }

    fn fresh_name(&mut self) -> syn::Ident {
        self.fresh += 1;
        syn::Ident::new(&crate::names::inlined(self.fresh), Span::call_site())
    }
}

/// Whether a helper's result type means the same wherever it is computed: none, or a type
/// named by a path without generic arguments (`f64`, `usize`, a struct), or a tuple of such.
/// (`Result` and `Option` are left to calls: `?` and the early exits lower them.)
fn plain_result(output: &syn::ReturnType) -> bool {
    fn plain(ty: &syn::Type) -> bool {
        match ty {
            syn::Type::Path(p) => {
                p.qself.is_none()
                    && p.path
                        .segments
                        .iter()
                        .all(|s| matches!(s.arguments, syn::PathArguments::None))
            }
            syn::Type::Tuple(t) => t.elems.iter().all(plain),
            syn::Type::Paren(p) => plain(&p.elem),
            _ => false,
        }
    }
    match output {
        syn::ReturnType::Default => true,
        syn::ReturnType::Type(_, ty) => plain(ty),
    }
}

/// Rewrites the uses of a helper's parameters (which the helper never rebinds).
struct Substitute<'b> {
    bindings: &'b [(String, Binding)],
}

impl<'b> Substitute<'b> {
    fn binding(&self, expr: &Expr) -> Option<&'b Binding> {
        let bindings: &'b [(String, Binding)] = self.bindings;
        let Expr::Path(p) = expr else {
            return None;
        };
        let name = p.path.get_ident()?.to_string();
        if p.qself.is_some() {
            return None;
        }
        bindings.iter().find(|(n, _)| *n == name).map(|(_, b)| b)
    }
}

impl VisitMut for Substitute<'_> {
    fn visit_expr_mut(&mut self, expr: &mut Expr) {
        // A use of a parameter as the base of an index, a dereference or a method call is
        // rewritten whole (the parts inside it in turn); any other use alone.
        let replaced: Option<Expr> = match expr {
            Expr::Index(index) => match self.binding(&index.expr) {
                Some(Binding::Offset { base, start, .. }) => {
                    self.visit_expr_mut(&mut index.index);
                    let at = &index.index;
                    match &**at {
                        // A range of the tail, `p[1..=n]`: the same range shifted by its start.
                        Expr::Range(range) => {
                            let mut shifted = range.clone();
                            let shift = |bound: &Expr| -> Box<Expr> {
                                Box::new(parse_quote!(#start + (#bound)))
                            };
                            shifted.start = Some(match &range.start {
                                Some(from) => shift(from),
                                None => Box::new(parse_quote!(#start)),
                            });
                            shifted.end = range.end.as_deref().map(shift);
                            Some(parse_quote!(#base[#shifted]))
                        }
                        _ => Some(parse_quote!(#base[#start + (#at)])),
                    }
                }
                Some(Binding::Place { place, .. }) => {
                    self.visit_expr_mut(&mut index.index);
                    let at = &index.index;
                    Some(parse_quote!(#place[#at]))
                }
                _ => None,
            },
            Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) => match self.binding(&u.expr) {
                Some(Binding::Place { place, .. }) => Some(parse_quote!(#place)),
                _ => None,
            },
            Expr::MethodCall(m) => match self.binding(&m.receiver) {
                Some(Binding::Offset { base, start, .. })
                    if m.method == "len" && m.args.is_empty() =>
                {
                    Some(parse_quote!((#base.len() - #start)))
                }
                // (`len` is the only method a borrowed parameter is called with, see
                // `ElementUses`.)
                Some(Binding::Place { place, .. }) if m.method == "len" && m.args.is_empty() => {
                    let mut call = m.clone();
                    call.receiver = Box::new(parse_quote!(#place));
                    Some(Expr::MethodCall(call))
                }
                _ => None,
            },
            Expr::Path(_) => match self.binding(expr) {
                Some(Binding::Renamed(to)) => Some(parse_quote!(#to)),
                Some(Binding::Offset {
                    base,
                    start,
                    mutable,
                }) => Some(match mutable {
                    true => parse_quote!((&mut #base[#start..])),
                    false => parse_quote!((&#base[#start..])),
                }),
                Some(Binding::Place { place, mutable }) => Some(match mutable {
                    true => parse_quote!((&mut #place)),
                    false => parse_quote!((&#place)),
                }),
                None => None,
            },
            _ => None,
        };
        match replaced {
            Some(replaced) => *expr = replaced,
            None => syn::visit_mut::visit_expr_mut(self, expr),
        }
    }

    fn visit_macro_mut(&mut self, mac: &mut syn::Macro) {
        // Only renamed parameters reach here (see `in_macros`).
        mac.tokens = self.renamed_tokens(mac.tokens.clone());
    }

    fn visit_field_value_mut(&mut self, field: &mut syn::FieldValue) {
        // `S { p }` names the field too: written out before `p` is replaced.
        if field.colon_token.is_none() {
            field.colon_token = Some(Default::default());
        }
        syn::visit_mut::visit_field_value_mut(self, field);
    }
}

impl Substitute<'_> {
    fn renamed_tokens(&self, tokens: TokenStream) -> TokenStream {
        tokens
            .into_iter()
            .map(|tree| match tree {
                TokenTree::Ident(ident) => match self
                    .bindings
                    .iter()
                    .find(|(n, _)| ident == n)
                    .map(|(_, b)| b)
                {
                    Some(Binding::Renamed(to)) => TokenTree::Ident(to.clone()),
                    _ => TokenTree::Ident(ident),
                },
                TokenTree::Group(g) => {
                    let mut group =
                        proc_macro2::Group::new(g.delimiter(), self.renamed_tokens(g.stream()));
                    group.set_span(g.span());
                    TokenTree::Group(group)
                }
                other => other,
            })
            .collect()
    }
}

/// Whether a parameter `name` has uses other than `name[j]`, `*name`, `name.len()` and
/// `g(.., name, ..)` for a function `g` of the file, outside closures.
struct ElementUses<'n> {
    name: &'n str,
    file: &'n crate::source::SourceFile,
    other: bool,
}

impl ElementUses<'_> {
    fn is_param(&self, expr: &Expr) -> bool {
        matches!(expr, Expr::Path(p) if p.qself.is_none() && p.path.is_ident(self.name))
    }
}

impl<'ast> Visit<'ast> for ElementUses<'_> {
    fn visit_expr(&mut self, expr: &'ast Expr) {
        match expr {
            Expr::Index(index) if self.is_param(&index.expr) => self.visit_expr(&index.index),
            Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) && self.is_param(&u.expr) => {}
            Expr::MethodCall(m)
                if self.is_param(&m.receiver) && m.method == "len" && m.args.is_empty() => {}
            Expr::Call(call) => {
                let of_file = matches!(&*call.func, Expr::Path(f)
                    if f.path.get_ident().is_some_and(|g| self.file.is_top_level(&g.to_string())));
                for arg in &call.args {
                    if !(of_file && self.is_param(arg)) {
                        self.visit_expr(arg);
                    }
                }
                self.visit_expr(&call.func);
            }
            // A closure would capture the argument itself, borrowing it past the call (and
            // past later writes to it).
            Expr::Closure(closure) => {
                let mut reads = Shape::default();
                reads.visit_expr(&closure.body);
                self.other |= reads.read.contains(self.name);
            }
            _ if self.is_param(expr) => self.other = true,
            _ => syn::visit::visit_expr(self, expr),
        }
    }
}

/// What a helper's body does that decides whether it can be inlined.
#[derive(Default)]
struct Shape {
    /// Names it binds (patterns of `let`, `for`, closures, `match` arms).
    bound: HashSet<String>,
    /// Names it reads (single-segment paths, first segments of longer ones, identifiers in
    /// macros).
    read: HashSet<String>,
    /// Identifiers inside its macros.
    in_macros: HashSet<String>,
    /// Whether it returns early, declares items, or has attributes on statements.
    refused: bool,
}

impl<'ast> Visit<'ast> for Shape {
    fn visit_pat_ident(&mut self, i: &'ast syn::PatIdent) {
        self.bound.insert(i.ident.to_string());
        syn::visit::visit_pat_ident(self, i);
    }

    fn visit_expr_path(&mut self, p: &'ast syn::ExprPath) {
        if let Some(first) = p.path.segments.first() {
            self.read.insert(first.ident.to_string());
        }
        syn::visit::visit_expr_path(self, p);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        if let Some(first) = mac.path.segments.first() {
            self.read.insert(first.ident.to_string());
        }
        let mut idents = Vec::new();
        identifiers(mac.tokens.clone(), &mut idents);
        self.in_macros.extend(idents.iter().cloned());
        self.read.extend(idents);
    }

    fn visit_expr_return(&mut self, _: &'ast syn::ExprReturn) {
        self.refused = true;
    }

    fn visit_expr_try(&mut self, _: &'ast syn::ExprTry) {
        self.refused = true;
    }

    fn visit_item(&mut self, _: &'ast syn::Item) {
        self.refused = true;
    }

    fn visit_attribute(&mut self, _: &'ast syn::Attribute) {
        self.refused = true;
    }

    fn visit_expr_closure(&mut self, c: &'ast syn::ExprClosure) {
        // A closure may `return`: that is its own.
        let mut inner = Shape::default();
        syn::visit::visit_expr_closure(&mut inner, c);
        self.bound.extend(inner.bound);
        self.read.extend(inner.read);
        self.in_macros.extend(inner.in_macros);
        self.refused |= c.attrs.iter().next().is_some();
    }
}

/// The identifiers in `tokens`, groups included.
fn identifiers(tokens: TokenStream, out: &mut Vec<String>) {
    for tree in tokens {
        match tree {
            TokenTree::Ident(i) => out.push(i.to_string()),
            TokenTree::Group(g) => identifiers(g.stream(), out),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use quote::quote;

    /// The caller `f`'s body with the helpers of `file` inlined, printed; `None` when nothing
    /// was inlined.
    fn inlined(file: &str, caller: syn::ItemFn) -> Option<String> {
        let text = format!("{file}\n{}", quote!(#caller));
        let source = crate::source::from_text(&text);
        crate::source::while_expanding(Some(source), || {
            let params: Vec<syn::FnArg> = caller.sig.inputs.iter().cloned().collect();
            super::inline_helpers(&caller.sig.ident, &params, &caller.block)
                .map(|block| quote!(#block).to_string())
        })
    }

    const HELPERS: &str = "
        #[differentiable]
        fn sqnorm(n: usize, x: &[f64]) -> f64 {
            let mut res = x[0] * x[0];
            for i in 1..n { res = res + x[i] * x[i]; }
            res
        }
        #[differentiable]
        fn subtract(d: usize, x: &[f64], y: &[f64], out: &mut [f64]) {
            for id in 0..d { out[id] = x[id] - y[id]; }
        }
        #[differentiable]
        fn early(x: f64) -> f64 { if x > 0.0 { return x; } -x }
        #[differentiable(wrt = (x))]
        fn restricted(x: f64, y: f64) -> f64 { x * y }
        #[differentiable]
        fn scaled(mut x: f64, s: f64) -> f64 { x *= s; x }
        #[differentiable]
        fn area(r: f64) -> f64 { PI * r * r }
    ";

    #[test]
    fn a_tail_is_read_at_an_offset_and_a_buffer_in_place() {
        let caller: syn::ItemFn = syn::parse_quote! {
            fn f(d: usize, xs: &[f64], mu: &[f64]) -> f64 {
                let mut xc = vec![0.0; d];
                subtract(d, &xs[2 * d..], mu, &mut xc);
                sqnorm(d, &xc)
            }
        };
        let body = inlined(HELPERS, caller).expect("both calls are inlined");
        assert!(
            body.contains("xc [id] = xs [__ad_inlined1 + (id)] - mu [id]"),
            "{body}"
        );
        assert!(body.contains("let __ad_inlined1 : usize = 2 * d"), "{body}");
        assert!(body.contains("let mut res = xc [0] * xc [0]"), "{body}");
        assert!(
            !body.contains("subtract") && !body.contains("sqnorm"),
            "{body}"
        );
    }

    #[test]
    fn an_expression_argument_is_bound_with_the_parameters_type() {
        let caller: syn::ItemFn = syn::parse_quote! {
            fn f(a: f64) -> f64 { scaled(a + 1.0, 2.0) }
        };
        let body = inlined(HELPERS, caller).expect("inlined");
        assert!(
            body.contains("let mut __ad_inlined1 : f64 = a + 1.0"),
            "{body}"
        );
        assert!(body.contains("let __ad_inlined2 : f64 = 2.0"), "{body}");
    }

    #[test]
    fn the_helpers_locals_are_its_own() {
        // `i` of the caller and of `sqnorm`'s loop are different variables: the helper's is
        // bound inside the block that replaces the call.
        let caller: syn::ItemFn = syn::parse_quote! {
            fn f(x: &[f64]) -> f64 { let i = 3; sqnorm(2, x) + i as f64 }
        };
        let body = inlined(HELPERS, caller).expect("inlined");
        assert!(body.contains("for i in 1 .. __ad_inlined1"), "{body}");
    }

    #[test]
    fn helpers_that_could_change_meaning_are_not_inlined() {
        // An early return, a `wrt` restriction, a name the caller binds that the helper reads.
        for caller in [
            quote!(
                fn f(x: f64) -> f64 {
                    early(x)
                }
            ),
            quote!(
                fn f(x: f64) -> f64 {
                    restricted(x, 2.0)
                }
            ),
            quote!(
                fn f(x: f64) -> f64 {
                    let PI = 3.0;
                    area(x) * PI
                }
            ),
        ] {
            let caller: syn::ItemFn = syn::parse2(caller).unwrap();
            let shown = quote!(#caller).to_string();
            assert_eq!(inlined(HELPERS, caller), None, "{shown}");
        }
        // A helper whose locals would capture the caller's argument.
        let caller: syn::ItemFn = syn::parse_quote! {
            fn f(res: &[f64]) -> f64 { sqnorm(2, res) }
        };
        assert_eq!(inlined(HELPERS, caller), None);
    }
}
