//! Functions given to functions: a closure literal `|t| (a * t).cos()` (also lent, `&|t| ..`),
//! a closure bound by `let`, or a function's name `my_fn` as an argument of a call, for a parameter such as
//! `f: impl Fn(f64) -> f64` (see `frontend::function_params`). The argument becomes the
//! function with its derivatives, `ad::function!(..)`: a closure's derivatives are generated
//! from its body, a function's are its companion's (called through `ad_core::tupled`, for
//! any number of arguments). An untyped closure parameter is an `f64` (write `|t: f32|`
//! otherwise), and a closure of several parameters takes them as one tuple, as the function's
//! derivatives call it.
//!
//! What a closure captures is a constant to `function!`. The activity analysis of a first
//! lowering (see `pipeline::differentiate` and
//! `analysis::activity::function_argument_forms`) chooses two other forms, by the
//! argument's place in the source and its copy there ([`Builder::take_site`]), and the body
//! is lowered again until they settle ([`settle_forms`]):
//! - a closure whose captured locals are differentiated is a capturing function,
//!   `ad::__private::capturing(state, code)`, a call whose derivatives hand the closure's
//!   tangent to the tuple `state` of those locals (see `ad_core::capturing`); captured
//!   reference parameters are copied into the state, which must own its values;
//! - the argument of a call that carries no derivative is the closure as written, since that
//!   call is emitted as the original call, which wants a plain `Fn`.

use super::free_names::bound_by;
use super::ssa::Builder;
use crate::ir::{Op, ValueId};
use proc_macro2::Span;
use quote::quote;
use std::collections::HashMap;
use syn::Expr;
use syn::spanned::Spanned;

impl Builder<'_> {
    /// The argument `arg` of a call of a function by path: a function value for a closure
    /// literal or a function's name, `None` for other arguments.
    pub(super) fn lower_function_argument(&mut self, arg: &Expr) -> Option<ValueId> {
        // A closure that writes outside itself (`each(&xs, |x| total += x)`)
        // changes values the lowering would not see change: an error, not a derivative
        // that misses the change.
        if let Some(closure) = closure_literal(arg)
            && let Some(target) = outside_assignment(closure)
        {
            self.diag.error_spanned(&target, "a closure given to a function or method in a differentiable function cannot assign to what it does not own (here through a reference or to a captured local): write the loop it stands for (`for x in v.iter_mut() { *x = .. }`, or over positions, `for i in 0..v.len() { v[i] = .. }`)");
            return Some(self.push(Op::Const(quote!(())), arg.span()));
        }
        // The argument's own place in the source: a `let`-bound closure given twice is two
        // arguments, which may take different forms.
        let site = arg.span();
        let key = self.take_site(site);
        let as_written = matches!(
            self.function_arguments.get(&key),
            Some(ArgumentForm::AsWritten)
        );
        match arg {
            Expr::Closure(closure) => {
                Some(self.closure_argument(closure, false, (site, key), as_written))
            }
            // Given by value: the function's derivatives take a lent function by value (see
            // `frontend::function_params`), and a pullback cannot keep a borrow of it.
            Expr::Reference(r) if r.mutability.is_none() => match &*r.expr {
                Expr::Closure(closure) => {
                    Some(self.closure_argument(closure, true, (site, key), as_written))
                }
                // A closure bound by `let`, lent.
                lent @ Expr::Path(_) if self.called_closure(lent).is_some() => {
                    let closure = self.called_closure(lent)?;
                    Some(self.closure_argument(&closure, true, (site, key), as_written))
                }
                // A function lent by name.
                Expr::Path(p) if self.names_a_function(p) && !as_written => {
                    Some(self.function_with_derivatives(p, site, key))
                }
                _ => None,
            },
            // A closure bound by `let`, given on.
            Expr::Path(_) if self.called_closure(arg).is_some() => {
                let closure = self.called_closure(arg)?;
                Some(self.closure_argument(&closure, false, (site, key), as_written))
            }
            Expr::Path(p) if self.names_a_function(p) && !as_written => {
                Some(self.function_with_derivatives(p, site, key))
            }
            _ => None,
        }
    }

    /// A call (`f(..)` or `x.m(..)`) given closure literals, one of which
    /// takes the form as written (the call carries no derivative): the whole call kept as the
    /// source wrote it, its locals as holes, so that rustc infers the closures' parameters
    /// at the call as in the source (`n.map_or(1, |k| k + 1)` of an integer `k`). `None`
    /// when no argument is a closure literal taken as written, or one is a function of
    /// another kind (a `let`-bound closure is not a local of the generated code).
    pub(super) fn call_as_written(&mut self, call: &Expr) -> Option<ValueId> {
        let args = match call {
            Expr::Call(c) => &c.args,
            Expr::MethodCall(m) => &m.args,
            _ => return None,
        };
        let written = |arg: &Expr| {
            closure_literal(arg).is_some()
                && matches!(
                    self.function_arguments.get(&self.next_site(arg.span())),
                    Some(ArgumentForm::AsWritten)
                )
        };
        let bound_closure = |arg: &Expr| match arg {
            Expr::Reference(r) if r.mutability.is_none() => self.called_closure(&r.expr).is_some(),
            other => self.called_closure(other).is_some(),
        };
        if !args.iter().any(written) || args.iter().any(bound_closure) {
            return None;
        }
        // Each argument is one met at its place, as when the call is lowered otherwise.
        for arg in args {
            self.take_site(arg.span());
        }
        let (mut holes, mut names) = (Vec::new(), Vec::new());
        let mut filled = Vec::new();
        for arg in args {
            filled.push(self.fill_holes_in(arg, &mut holes, &mut names, &[]));
        }
        let template = match call {
            Expr::MethodCall(m) => {
                let receiver = self.fill_holes_in(&m.receiver, &mut holes, &mut names, &[]);
                let (method, turbofish) = (&m.method, &m.turbofish);
                quote!((#receiver).#method #turbofish (#(#filled),*))
            }
            Expr::Call(c) => {
                let func = &c.func;
                quote!(#func(#(#filled),*))
            }
            _ => return None,
        };
        let op = Op::Opaque {
            template: quote!((#template)),
            holes,
            captured: None,
        };
        Some(self.push(op, call.span()))
    }

    /// A closure given at `site` (lent when `lent`): as written, or with its derivatives (a
    /// function with derivatives takes a lent function by value).
    fn closure_argument(
        &mut self,
        closure: &syn::ExprClosure,
        lent: bool,
        (site, key): (Span, String),
        as_written: bool,
    ) -> ValueId {
        match as_written {
            true => self.closure_as_written(closure, lent),
            false => self.closure_with_derivatives(closure, site, key),
        }
    }

    /// The key of the next function argument met at `site` (see [`Builder::take_site`]).
    fn next_site(&self, site: Span) -> String {
        let place = capture_key(site);
        let copy = self.site_uses.get(&place).copied().unwrap_or_default();
        format!("{place} #{copy}")
    }

    /// The key of a function argument met at `site`: its place in the source and how many
    /// were met there before in this lowering. Code lowered twice (the rest of a body after
    /// an early return, in each branch) holds one argument per copy, and the copies may take
    /// different forms: one in a branch whose call carries no derivative, one in another whose
    /// call does. Every lowering meets the arguments in the same order, so a second lowering
    /// finds each copy's form under the same key.
    pub(super) fn take_site(&mut self, site: Span) -> String {
        let key = self.next_site(site);
        *self.site_uses.entry(capture_key(site)).or_default() += 1;
        key
    }

    /// `function!(path)`: a function with the derivatives of its companion.
    fn function_with_derivatives(&mut self, p: &syn::ExprPath, site: Span, key: String) -> ValueId {
        let template = quote!(::ad::function!(#p));
        let op = Op::Opaque {
            template,
            holes: Vec::new(),
            captured: Some(Vec::new()),
        };
        let value = self.push(op, site);
        self.argument_sites.insert(value, key);
        value
    }

    /// The closure as the source wrote it (lent when `lent`), reading the caller's values:
    /// for a call that carries no derivative, whose primal call wants a plain `Fn`.
    fn closure_as_written(&mut self, closure: &syn::ExprClosure, lent: bool) -> ValueId {
        let own: Vec<String> = closure.inputs.iter().flat_map(bound_by).collect();
        let (mut holes, mut names) = (Vec::new(), Vec::new());
        let body = self.fill_holes_in(&closure.body, &mut holes, &mut names, &own);
        // Bound to a local before the call, the closure's parameters need their types (an
        // untyped one is an `f64`, as for a function with derivatives).
        let inputs = closure.inputs.iter().map(|input| {
            let (pattern, ty) = pattern_and_type(input);
            quote!(#pattern: #ty)
        });
        let capture = &closure.capture;
        let reference = lent.then(|| quote!(&));
        let op = Op::Opaque {
            template: quote!(#reference (#capture |#(#inputs),*| #body)),
            holes,
            captured: None,
        };
        self.push(op, closure.span())
    }

    /// `function!(closure)`, with its parameters typed and its captured locals as holes.
    pub(super) fn closure_with_derivatives(
        &mut self,
        closure: &syn::ExprClosure,
        site: Span,
        key: String,
    ) -> ValueId {
        if let Some((name, read)) = untyped_sequence_parameter(closure) {
            self.diag.error_spanned(&read, format!("the closure's parameter `{name}` has no type, so it is taken to be an `f64`, but it is read as a sequence or a struct here: write its type (`|{name}: [f64; 2]|`, `|{name}: &[f64]|`, `|{name}: State|`)"));
        }
        let own: Vec<String> = closure.inputs.iter().flat_map(bound_by).collect();
        let (mut holes, mut names) = (Vec::new(), Vec::new());
        let body = self.fill_holes_in(&closure.body, &mut holes, &mut names, &own);
        // Each captured local is bound to a name of its own before `function!`: the holes
        // become the caller's generated names (`__ad_v3`), which the closure's own derivative
        // code also uses.
        // A local read several times is one capture: every read names its first binding.
        let captures: Vec<proc_macro2::Ident> = names
            .iter()
            .map(|name| {
                let first = names.iter().position(|n| n == name).unwrap_or_default();
                quote::format_ident!("ad_captured_{}_{}", name.trim_start_matches("r#"), first)
            })
            .collect();
        let body = renamed_holes(body, &captures);
        let firsts: Vec<usize> = (0..names.len())
            .filter(|&k| names.iter().position(|n| *n == names[k]) == Some(k))
            .collect();
        let holes: Vec<ValueId> = firsts.iter().map(|&k| holes[k]).collect();
        let names: Vec<String> = firsts.iter().map(|&k| names[k].clone()).collect();
        let captures: Vec<proc_macro2::Ident> =
            firsts.iter().map(|&k| captures[k].clone()).collect();
        let bindings = captures.iter().enumerate().map(|(k, capture)| {
            let hole = quote::format_ident!("{}{}", crate::ir::HOLE, k);
            quote!(let #capture = #hole;)
        });
        let (pattern, ty) = match closure.inputs.iter().collect::<Vec<_>>().as_slice() {
            [single] => pattern_and_type(single),
            _ => {
                let (patterns, types): (Vec<_>, Vec<_>) =
                    closure.inputs.iter().map(pattern_and_type).unzip();
                (quote!((#(#patterns,)*)), quote!((#(#types,)*)))
            }
        };
        if let Some(ArgumentForm::Capturing(active)) = self.function_arguments.get(&key).cloned() {
            let captured = Captures {
                holes,
                names,
                captures,
            };
            return self.capturing_closure((site, key), captured, &active, (pattern, ty), body);
        }
        let parameter = quote!(#pattern: #ty);
        // `move`: its pullbacks are kept by the caller's, which cannot borrow its locals.
        let template = quote!({
            #(#bindings)*
            ::ad::function!(move |#parameter| #body)
        });
        let op = Op::Opaque {
            template,
            holes,
            captured: Some(names),
        };
        let value = self.push(op, site);
        self.argument_sites.insert(value, key);
        value
    }

    /// A closure that captures the differentiated locals `active` (and maybe constants): the
    /// function `ad::__private::capturing(state, code)` of the tuple `state` of those locals,
    /// whose derivatives hand the closure's tangent to them (see `ad_core::capturing`). The
    /// other captured locals stay constants of `code`.
    fn capturing_closure(
        &mut self,
        (span, key): (Span, String),
        captured: Captures,
        active: &[String],
        (pattern, ty): (proc_macro2::TokenStream, proc_macro2::TokenStream),
        body: proc_macro2::TokenStream,
    ) -> ValueId {
        let hole = |k: usize| quote::format_ident!("{}{}", crate::ir::HOLE, k);
        let (mut code_holes, mut constants, mut bindings) = (Vec::new(), Vec::new(), Vec::new());
        let (mut state_values, mut state_names) = (Vec::new(), Vec::new());
        for ((name, value), capture) in captured
            .names
            .iter()
            .zip(&captured.holes)
            .zip(&captured.captures)
        {
            if active.contains(name) {
                // The state is owned: a function value's tangent is its state's, and a
                // reference has none. A slice is copied (`to_vec`), another reference cloned.
                let value = match () {
                    _ if self.slice_params.contains(name) => self.push(
                        Op::Method {
                            receiver: *value,
                            method: quote::format_ident!("to_vec"),
                            turbofish: None,
                            args: Vec::new(),
                            inout: false,
                        },
                        span,
                    ),
                    _ if self.reference_params.contains(name) => self.push(Op::Clone(*value), span),
                    _ => *value,
                };
                state_values.push(value);
                state_names.push(capture.clone());
            } else {
                let h = hole(code_holes.len());
                bindings.push(quote!(let #capture = #h;));
                code_holes.push(*value);
                constants.push(name.clone());
            }
        }
        let state = self.push(Op::Tuple(state_values), span);
        let state_hole = hole(code_holes.len());
        code_holes.push(state);
        let state_ref = quote::format_ident!("__ad_captured_state");
        let synthetic: syn::ExprClosure =
            syn::parse_quote!(|(#(#state_names,)*), #pattern: #ty| #body);
        let ty: syn::Type = syn::parse2(ty).unwrap_or_else(|_| syn::parse_quote!(f64));
        let code = crate::frontend::function_value::capture_code(&synthetic, &state_ref, &ty)
            .unwrap_or_else(|errors| errors);
        let template = quote!({
            #(#bindings)*
            let #state_ref = &#state_hole;
            #code
        });
        let code = self.push(
            Op::Opaque {
                template,
                holes: code_holes,
                captured: Some(constants),
            },
            span,
        );
        self.argument_sites.insert(code, key);
        let callee: syn::ExprPath = syn::parse_quote!(::ad::__private::capturing);
        self.push(
            Op::Call {
                callee,
                args: vec![state, code],
                inout: Vec::new(),
            },
            span,
        )
    }

    /// Whether `p` names a function (not a local, a constant or a unit variant): one path
    /// whose last segment is lower case. (In a closure given to an operator, a single name
    /// that is not a local may be a variable it captures: only paths `m::f` count there.)
    fn names_a_function(&self, p: &syn::ExprPath) -> bool {
        let Some(last) = p.path.segments.last() else {
            return false;
        };
        let local = p
            .path
            .get_ident()
            .is_some_and(|i| self.in_closure || self.lookup(&i.to_string()).is_some());
        let lower_case = last
            .ident
            .to_string()
            .starts_with(|c: char| c.is_lowercase());
        p.qself.is_none() && !local && lower_case
    }
}

/// How a function given to a function is built in a second lowering (see
/// `analysis::activity::function_argument_forms`); by default, a function with derivatives
/// (`function!`).
#[derive(Clone, Debug, PartialEq)]
pub enum ArgumentForm {
    /// As written: the argument of a call that carries no derivative.
    AsWritten,
    /// A capturing function of the differentiated locals it captures (their names).
    Capturing(Vec<String>),
}

/// How many times a body is lowered at most while the forms of its function arguments settle
/// (each lowering adds one capturing closure at least; a body has rarely more than a few).
pub const MAX_LOWERINGS: usize = 16;

/// The forms for the next lowering, given those of the last one (`previous`) and what the
/// analysis of its result `found`; `None` once they have settled. A closure lowered as
/// written or as a capturing function is not seen as a function with derivatives again, so
/// it keeps its form; a capturing one adds the locals found differentiated since to its
/// state.
pub fn settle_forms(
    previous: &HashMap<String, ArgumentForm>,
    mut found: HashMap<String, ArgumentForm>,
) -> Option<HashMap<String, ArgumentForm>> {
    for (key, form) in previous {
        match (form, found.get_mut(key)) {
            (ArgumentForm::Capturing(names), Some(ArgumentForm::Capturing(more))) => {
                let mut all = names.clone();
                all.extend(more.drain(..).filter(|name| !names.contains(name)));
                *more = all;
            }
            (_, Some(_)) => {}
            (form, None) => {
                found.insert(key.clone(), form.clone());
            }
        }
    }
    (found != *previous).then_some(found)
}

/// What a closure captures: the locals' values, their names, and the names they are bound to
/// in the closure's generated code.
struct Captures {
    holes: Vec<ValueId>,
    names: Vec<String>,
    captures: Vec<proc_macro2::Ident>,
}

/// The place in the source of a function argument, by which (with its copy, see
/// [`Builder::take_site`]) a second lowering recognises it: its span, as rustc prints it.
fn capture_key(span: proc_macro2::Span) -> String {
    format!("{span:?}")
}

/// An untyped parameter of `closure` (an `f64` to its derivatives) that its body indexes
/// (`y[1]`) or reads a field of (`s.x`), with that read.
fn untyped_sequence_parameter(closure: &syn::ExprClosure) -> Option<(String, Expr)> {
    use syn::visit::Visit;
    struct Reads<'a> {
        untyped: &'a [String],
        found: Option<(String, Expr)>,
    }
    impl<'ast> Visit<'ast> for Reads<'_> {
        fn visit_expr(&mut self, expr: &'ast Expr) {
            let base = match expr {
                Expr::Index(i) => Some(&*i.expr),
                Expr::Field(f) => Some(&*f.base),
                _ => None,
            };
            if self.found.is_none()
                && let Some(Expr::Path(p)) = base
                && let Some(ident) = p.path.get_ident()
                && self.untyped.iter().any(|u| ident == u)
            {
                self.found = Some((ident.to_string(), expr.clone()));
            }
            syn::visit::visit_expr(self, expr);
        }
        // A nested closure's parameters are its own.
        fn visit_expr_closure(&mut self, _: &'ast syn::ExprClosure) {}
    }
    let untyped: Vec<String> = closure
        .inputs
        .iter()
        .filter_map(|input| match input {
            syn::Pat::Ident(i) => Some(i.ident.to_string()),
            _ => None,
        })
        .collect();
    let mut reads = Reads {
        untyped: &untyped,
        found: None,
    };
    reads.visit_expr(&closure.body);
    reads.found
}

/// A closure parameter's pattern and type (`f64` when untyped).
fn pattern_and_type(pat: &syn::Pat) -> (proc_macro2::TokenStream, proc_macro2::TokenStream) {
    match pat {
        syn::Pat::Type(t) => {
            let (p, ty) = (&t.pat, &t.ty);
            (quote!(#p), quote!(#ty))
        }
        other => (quote!(#other), quote!(f64)),
    }
}

/// `tokens` with each hole `__ad_hole_<k>` replaced by `names[k]`.
fn renamed_holes(
    tokens: proc_macro2::TokenStream,
    names: &[proc_macro2::Ident],
) -> proc_macro2::TokenStream {
    use proc_macro2::{Group, TokenTree};
    tokens
        .into_iter()
        .map(|tree| match tree {
            TokenTree::Group(g) => {
                let mut group = Group::new(g.delimiter(), renamed_holes(g.stream(), names));
                group.set_span(g.span());
                TokenTree::Group(group)
            }
            TokenTree::Ident(ident) => {
                let hole = ident
                    .to_string()
                    .strip_prefix(crate::ir::HOLE)
                    .and_then(|k| k.parse::<usize>().ok());
                match hole.and_then(|k| names.get(k)) {
                    Some(name) => TokenTree::Ident(name.clone()),
                    None => TokenTree::Ident(ident),
                }
            }
            other => other,
        })
        .collect()
}

/// The closure literal `arg` is, also lent (`&|t| ..`).
fn closure_literal(arg: &Expr) -> Option<&syn::ExprClosure> {
    match arg {
        Expr::Closure(c) => Some(c),
        Expr::Reference(r) if r.mutability.is_none() => match &*r.expr {
            Expr::Closure(c) => Some(c),
            _ => None,
        },
        _ => None,
    }
}

/// The target of an assignment in `closure`'s body to a place the closure does not own: behind
/// a reference (`*x = ..`), or a local it captured (a name its parameters and `let`s do not
/// bind).
fn outside_assignment(closure: &syn::ExprClosure) -> Option<Expr> {
    use syn::visit::Visit;
    struct Finder {
        bound: Vec<String>,
        found: Option<Expr>,
    }
    impl Finder {
        fn check(&mut self, target: &Expr) {
            let mut root = target;
            loop {
                root = match root {
                    Expr::Field(f) => &f.base,
                    Expr::Index(i) => &i.expr,
                    Expr::Paren(p) => &p.expr,
                    _ => break,
                };
            }
            let outside = match root {
                Expr::Unary(u) => matches!(u.op, syn::UnOp::Deref(_)),
                Expr::Path(p) => p
                    .path
                    .get_ident()
                    .is_some_and(|i| !self.bound.contains(&i.to_string())),
                _ => false,
            };
            if outside && self.found.is_none() {
                self.found = Some(target.clone());
            }
        }
    }
    impl<'ast> Visit<'ast> for Finder {
        fn visit_local(&mut self, local: &'ast syn::Local) {
            self.bound.extend(bound_by(&local.pat));
            syn::visit::visit_local(self, local);
        }
        fn visit_expr_assign(&mut self, assign: &'ast syn::ExprAssign) {
            self.check(&assign.left);
            syn::visit::visit_expr_assign(self, assign);
        }
        fn visit_expr_binary(&mut self, binary: &'ast syn::ExprBinary) {
            use syn::BinOp::*;
            if matches!(
                binary.op,
                AddAssign(_) | SubAssign(_) | MulAssign(_) | DivAssign(_) | RemAssign(_)
            ) {
                self.check(&binary.left);
            }
            syn::visit::visit_expr_binary(self, binary);
        }
        fn visit_expr_closure(&mut self, inner: &'ast syn::ExprClosure) {
            self.bound.extend(inner.inputs.iter().flat_map(bound_by));
            syn::visit::visit_expr_closure(self, inner);
        }
    }
    let mut finder = Finder {
        bound: closure.inputs.iter().flat_map(bound_by).collect(),
        found: None,
    };
    finder.visit_expr(&closure.body);
    finder.found
}
