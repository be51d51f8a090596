//! Functions given to functions: a closure literal `|t| (a * t).cos()` (also lent, `&|t| ..`),
//! a closure bound by `let`, or a function's name `my_fn` as an argument of a call, for a parameter such as
//! `f: impl Fn(f64) -> f64` (see `frontend::function_params`). The argument becomes the
//! function with its derivatives, `ad::function!(..)`: a closure's derivatives are generated
//! from its body, a function's are its companion's. An untyped closure parameter is an `f64`
//! (write `|t: f32|` otherwise), and a closure of several parameters takes them as one tuple,
//! as the function's derivatives call it.
//!
//! What a closure captures is a constant to `function!`: when one of the captured locals is
//! differentiated, the derivative through it would be lost, which `analysis::activity`
//! reports as an error at the closure.

use super::ssa::Builder;
use crate::ir::{Op, ValueId};
use quote::{ToTokens, quote};
use syn::Expr;
use syn::spanned::Spanned;

impl Builder<'_> {
    /// The argument `arg` of a call of a function by path: a function value for a closure
    /// literal or a function's name, `None` for other arguments.
    pub(super) fn lower_function_argument(&mut self, arg: &Expr) -> Option<ValueId> {
        match arg {
            Expr::Closure(closure) => Some(self.closure_with_derivatives(closure)),
            // Given by value: the function's derivatives take a lent function by value (see
            // `frontend::function_params`), and a pullback cannot keep a borrow of it.
            Expr::Reference(r) if r.mutability.is_none() => match &*r.expr {
                Expr::Closure(closure) => Some(self.closure_with_derivatives(closure)),
                _ => None,
            },
            // A closure bound by `let`, given on.
            Expr::Path(_) if self.called_closure(arg).is_some() => {
                let closure = self.called_closure(arg)?;
                Some(self.closure_with_derivatives(&closure))
            }
            Expr::Path(p) if self.names_a_function(p) => {
                let template = quote!(::ad::function!(#p));
                let op = Op::Opaque {
                    template,
                    holes: Vec::new(),
                    captured: Some(Vec::new()),
                };
                Some(self.push(op, arg.span()))
            }
            _ => None,
        }
    }

    /// `function!(closure)`, with its parameters typed and its captured locals as holes.
    fn closure_with_derivatives(&mut self, closure: &syn::ExprClosure) -> ValueId {
        let own: Vec<String> = closure.inputs.iter().flat_map(bound_names).collect();
        let (mut holes, mut names) = (Vec::new(), Vec::new());
        let body =
            self.fill_holes_except(closure.body.to_token_stream(), &mut holes, &mut names, &own);
        // Each captured local is bound to a name of its own before `function!`: the holes
        // become the caller's generated names (`__ad_v3`), which the closure's own derivative
        // code also uses.
        let captures: Vec<proc_macro2::Ident> = names
            .iter()
            .enumerate()
            .map(|(k, name)| {
                quote::format_ident!("ad_captured_{}_{}", name.trim_start_matches("r#"), k)
            })
            .collect();
        let body = renamed_holes(body, &captures);
        let bindings = captures.iter().enumerate().map(|(k, capture)| {
            let hole = quote::format_ident!("{}{}", crate::ir::HOLE, k);
            quote!(let #capture = #hole;)
        });
        let parameter = match closure.inputs.iter().collect::<Vec<_>>().as_slice() {
            [single] => typed(single),
            _ => {
                let (patterns, types): (Vec<_>, Vec<_>) =
                    closure.inputs.iter().map(pattern_and_type).unzip();
                quote!((#(#patterns,)*): (#(#types,)*))
            }
        };
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
        self.push(op, closure.span())
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

/// The names a parameter pattern binds.
fn bound_names(pat: &syn::Pat) -> Vec<String> {
    struct Names(Vec<String>);
    impl<'ast> syn::visit::Visit<'ast> for Names {
        fn visit_pat_ident(&mut self, p: &'ast syn::PatIdent) {
            self.0.push(p.ident.to_string());
            syn::visit::visit_pat_ident(self, p);
        }
    }
    let mut names = Names(Vec::new());
    syn::visit::Visit::visit_pat(&mut names, pat);
    names.0
}

/// A closure parameter with its type: as written, or `f64`.
fn typed(pat: &syn::Pat) -> proc_macro2::TokenStream {
    match pat {
        syn::Pat::Type(_) => quote!(#pat),
        other => quote!(#other: f64),
    }
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
