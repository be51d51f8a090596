//! The function's locals in code kept as written: a closure given to a function, the
//! argument of `no_grad(..)`, a call that carries no derivative.
//!
//! Generated code names every local by its SSA value (`__ad_v3`), so each name in such code
//! that reads a local of the function becomes a hole (`__ad_hole_0`), filled with that value's
//! name when the code is printed. A name the code binds itself (a `let`, a closure's
//! parameter, a `match` arm's or a `for` loop's pattern, `if let`) is its own within its scope
//! and stays as written: `|t| { let u = 2.0 * t; u * s }` reads the caller's `s` but its own
//! `u`, whatever the caller calls `u`.
//!
//! A closure bound by `let` is not a value (its calls are inlined where they run), so code that
//! calls one gets the closure's literal bound again at its start, with the closure's own
//! captures as holes: `|t| inner(t) + 1.0` is kept as `|t| { let inner = |t: f64| t * hole;
//! inner(t) + 1.0 }`.

use super::ssa::Builder;
use crate::ir::{HOLE, ValueId};
use proc_macro2::TokenStream;
use quote::{ToTokens, format_ident};
use syn::visit::Visit;
use syn::visit_mut::VisitMut;
use syn::{Expr, Stmt};

impl Builder<'_> {
    /// `expr` with each name that reads a local of the function (not one `expr` binds, nor one
    /// in `except`: a closure's own parameters) replaced by a hole, recorded in `holes` with
    /// the local's name in `names`.
    pub(super) fn fill_holes_in(
        &mut self,
        expr: &Expr,
        holes: &mut Vec<ValueId>,
        names: &mut Vec<String>,
        except: &[String],
    ) -> TokenStream {
        let mut filler = Filler {
            builder: self,
            holes,
            names,
            scopes: vec![except.to_vec()],
            closures: Vec::new(),
        };
        let mut filled = expr.clone();
        filler.visit_expr_mut(&mut filled);
        // The closures bound by `let` that the code calls, each bound again before its first
        // use: one found while filling another is bound before it.
        let mut bindings: Vec<Stmt> = Vec::new();
        let mut next = 0;
        while next < filler.closures.len() {
            let (name, mut closure) = filler.closures[next].clone();
            filler.scopes = vec![except.to_vec()];
            filler.visit_expr_closure_mut(&mut closure);
            let name = format_ident!("{}", name);
            bindings.push(syn::parse_quote!(let #name = #closure;));
            next += 1;
        }
        if bindings.is_empty() {
            return filled.to_token_stream();
        }
        bindings.reverse();
        quote::quote!({ #(#bindings)* #filled })
    }
}

/// Replaces the names that read the function's locals by holes, scope by scope.
struct Filler<'a, 'd> {
    builder: &'a mut Builder<'d>,
    holes: &'a mut Vec<ValueId>,
    names: &'a mut Vec<String>,
    /// The names bound inside the code, innermost scope last.
    scopes: Vec<Vec<String>>,
    /// The closures bound by `let` in the function that the code calls, by name.
    closures: Vec<(String, syn::ExprClosure)>,
}

impl Filler<'_, '_> {
    fn is_own(&self, name: &str) -> bool {
        self.scopes
            .iter()
            .any(|scope| scope.iter().any(|n| n == name))
    }

    /// Runs `visit` with the names `patterns` bind in a new innermost scope.
    fn scoped<'p>(
        &mut self,
        patterns: impl IntoIterator<Item = &'p syn::Pat>,
        visit: impl FnOnce(&mut Self),
    ) {
        let mut bound = Bound::default();
        for pat in patterns {
            bound.visit_pat(pat);
        }
        self.scopes.push(bound.0);
        visit(self);
        self.scopes.pop();
    }

    /// The hole for the local `name` reads, or `None` when it names no local (a function, a
    /// constant, a name of the code's own) or a closure bound by `let` (then recorded).
    fn hole_for(&mut self, name: &syn::Ident) -> Option<syn::Ident> {
        let text = name.to_string();
        if self.is_own(&text) {
            return None;
        }
        let value = self.builder.lookup(&text)?;
        if let Some(closure) = self.builder.closures.get(&value) {
            if !self.closures.iter().any(|(n, _)| *n == text) {
                self.closures.push((text, closure.clone()));
            }
            return None;
        }
        let mut hole = format_ident!("{}{}", HOLE, self.holes.len());
        hole.set_span(name.span());
        self.holes.push(value);
        self.names.push(text);
        Some(hole)
    }
}

impl VisitMut for Filler<'_, '_> {
    fn visit_block_mut(&mut self, block: &mut syn::Block) {
        self.scopes.push(Vec::new());
        for stmt in &mut block.stmts {
            match stmt {
                // The initializer runs before the pattern binds.
                Stmt::Local(local) => {
                    if let Some(init) = &mut local.init {
                        self.visit_expr_mut(&mut init.expr);
                        if let Some((_, diverge)) = &mut init.diverge {
                            self.visit_expr_mut(diverge);
                        }
                    }
                    let mut bound = Bound::default();
                    bound.visit_pat(&local.pat);
                    if let Some(scope) = self.scopes.last_mut() {
                        scope.extend(bound.0);
                    }
                }
                Stmt::Item(_) => {}
                Stmt::Expr(expr, _) => self.visit_expr_mut(expr),
                Stmt::Macro(m) => self.visit_macro_mut(&mut m.mac),
            }
        }
        self.scopes.pop();
    }

    fn visit_expr_closure_mut(&mut self, closure: &mut syn::ExprClosure) {
        let inputs: Vec<syn::Pat> = closure.inputs.iter().cloned().collect();
        self.scoped(&inputs, |filler| filler.visit_expr_mut(&mut closure.body));
    }

    fn visit_arm_mut(&mut self, arm: &mut syn::Arm) {
        let pat = arm.pat.clone();
        self.scoped([&pat], |filler| {
            if let Some((_, guard)) = &mut arm.guard {
                filler.visit_expr_mut(guard);
            }
            filler.visit_expr_mut(&mut arm.body);
        });
    }

    fn visit_expr_for_loop_mut(&mut self, f: &mut syn::ExprForLoop) {
        self.visit_expr_mut(&mut f.expr);
        let pat = (*f.pat).clone();
        self.scoped([&pat], |filler| filler.visit_block_mut(&mut f.body));
    }

    fn visit_expr_if_mut(&mut self, e: &mut syn::ExprIf) {
        match &mut *e.cond {
            Expr::Let(l) => {
                self.visit_expr_mut(&mut l.expr);
                let pat = (*l.pat).clone();
                self.scoped([&pat], |filler| filler.visit_block_mut(&mut e.then_branch));
            }
            cond => {
                self.visit_expr_mut(cond);
                self.visit_block_mut(&mut e.then_branch);
            }
        }
        if let Some((_, otherwise)) = &mut e.else_branch {
            self.visit_expr_mut(otherwise);
        }
    }

    fn visit_expr_while_mut(&mut self, w: &mut syn::ExprWhile) {
        match &mut *w.cond {
            Expr::Let(l) => {
                self.visit_expr_mut(&mut l.expr);
                let pat = (*l.pat).clone();
                self.scoped([&pat], |filler| filler.visit_block_mut(&mut w.body));
            }
            cond => {
                self.visit_expr_mut(cond);
                self.visit_block_mut(&mut w.body);
            }
        }
    }

    fn visit_expr_path_mut(&mut self, p: &mut syn::ExprPath) {
        if p.qself.is_some() {
            return;
        }
        if let Some(name) = p.path.get_ident().cloned()
            && let Some(hole) = self.hole_for(&name)
        {
            p.path = hole.into();
        }
    }

    // `S { x }` reads the local `x`: written out, `S { x: hole }`.
    fn visit_field_value_mut(&mut self, field: &mut syn::FieldValue) {
        self.visit_expr_mut(&mut field.expr);
        let renamed = matches!(&field.member, syn::Member::Named(m) if !matches!(&field.expr, Expr::Path(p) if p.path.is_ident(m)));
        if renamed && field.colon_token.is_none() {
            field.colon_token = Some(Default::default());
        }
    }

    // A macro's tokens have no syntax to scope by: every name bound around it is its own.
    fn visit_macro_mut(&mut self, mac: &mut syn::Macro) {
        let own: Vec<String> = self.scopes.iter().flatten().cloned().collect();
        let tokens = std::mem::take(&mut mac.tokens);
        mac.tokens = self
            .builder
            .fill_holes_except(tokens, self.holes, self.names, &own);
    }

    // An item inside the code is its own.
    fn visit_item_mut(&mut self, _: &mut syn::Item) {}
}

/// The names patterns bind.
#[derive(Default)]
struct Bound(Vec<String>);

impl<'ast> Visit<'ast> for Bound {
    fn visit_pat_ident(&mut self, p: &'ast syn::PatIdent) {
        self.0.push(p.ident.to_string());
        syn::visit::visit_pat_ident(self, p);
    }
}
