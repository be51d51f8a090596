//! Loops into the IR's one loop form (see [`Op::Loop`](crate::ir::Op)): `while`, `loop` and
//! `for`, with `break` and `continue`; and indexing.
//!
//! The locals a loop body assigns are the loop's carried values: the body sees them as region
//! parameters and yields their new values. A `break` sets the iteration's `keep_going` to
//! false and, like `continue`, ends the iteration: the statements after it move into the
//! branches that do not exit, as for `return` (see `control`).
//!
//! `for x in xs.iter()` (and `&xs`, `xs`, `.iter().copied()`, `.iter().enumerate()`) over a
//! slice or `Vec` iterates over indices, `let x = &xs[i]`, so that each element read is an
//! index whose adjoint goes to one element of `xs`. Other iterators (ranges, `rev`,
//! `step_by`, ...) are stepped as they are; their items carry no derivative.

use super::control::Branch;
use super::ssa::Builder;
use crate::ir::{Op, Region, ValueId};
use proc_macro2::Span;
use quote::quote;
use syn::spanned::Spanned;
use syn::visit::Visit;
use syn::{Expr, Stmt};

/// The name under which a loop body tracks whether the iteration continues.
const KEEP_GOING: &str = "__ad_keep_going";

/// How an iteration starts.
enum Start<'s> {
    /// `while cond`: the iteration runs the body if `cond` holds.
    While(&'s Expr),
    /// `loop`: the iteration always runs the body.
    Loop,
    /// `for pat in iterator`: the iteration runs the body if the iterator yields an item.
    Iter {
        iterator: ValueId,
        pat: &'s syn::Pat,
    },
}

impl Builder<'_> {
    /// `while cond { body }`.
    pub fn lower_while(&mut self, w: &syn::ExprWhile) -> Option<ValueId> {
        if let Expr::Let(l) = &*w.cond {
            self.diag.error(l.let_token.span, "`while let` is not supported in differentiable functions yet: use `loop` with `match`");
            return None;
        }
        if self.labelled(&w.label) {
            return None;
        }
        let assigned = assigned_locals(&w.body.stmts);
        self.lower_loop(
            Start::While(&w.cond),
            &w.body.stmts,
            assigned,
            w.while_token.span,
        )
    }

    /// `loop { body }`.
    pub fn lower_loop_expr(&mut self, l: &syn::ExprLoop) -> Option<ValueId> {
        if self.labelled(&l.label) {
            return None;
        }
        let assigned = assigned_locals(&l.body.stmts);
        self.lower_loop(Start::Loop, &l.body.stmts, assigned, l.loop_token.span)
    }

    /// `for pat in iterable { body }`.
    pub fn lower_for(&mut self, f: &syn::ExprForLoop) -> Option<ValueId> {
        if self.labelled(&f.label) {
            return None;
        }
        if let Some(indexed) = indexed_form(f) {
            return self.lower_for(&indexed);
        }
        let iterable = self.lower_value(&f.expr);
        let iterator = self.push(Op::IntoIter(iterable), f.expr.span());
        let assigned = assigned_locals(&f.body.stmts);
        self.lower_loop(
            Start::Iter {
                iterator,
                pat: &f.pat,
            },
            &f.body.stmts,
            assigned,
            f.for_token.span,
        )
    }

    /// `break` ends the loop after this iteration's remaining code is skipped.
    pub fn lower_break(&mut self, b: &syn::ExprBreak) {
        if b.label.is_some() || b.expr.is_some() {
            self.diag.error_spanned(b, "`break` with a label or a value is not supported in differentiable functions yet: assign the value to a local before `break`");
            return;
        }
        if !self.iteration_tail || self.lookup(KEEP_GOING).is_none() {
            self.diag.error(b.break_token.span, "`break` is supported only where it ends the loop's iteration (at the end of a branch of an `if`/`match` statement of the loop body)");
            return;
        }
        let stop = self.push(Op::Const(quote!(false)), b.break_token.span);
        self.assign(KEEP_GOING, stop);
        self.exited = true;
    }

    /// `continue` skips the rest of this iteration.
    pub fn lower_continue(&mut self, c: &syn::ExprContinue) {
        if c.label.is_some() {
            self.diag.error_spanned(
                c,
                "`continue` with a label is not supported in differentiable functions yet",
            );
            return;
        }
        if !self.iteration_tail || self.lookup(KEEP_GOING).is_none() {
            self.diag.error(c.continue_token.span, "`continue` is supported only where it ends the loop's iteration (at the end of a branch of an `if`/`match` statement of the loop body)");
            return;
        }
        self.exited = true;
    }

    /// `base[index]`, or `&base[index]` when `by_ref`. A nested index reads its base by
    /// reference (`m[i][j]` reads row `&m[i]`), as the source does.
    pub fn lower_index(&mut self, i: &syn::ExprIndex, by_ref: bool) -> ValueId {
        let base = match &*i.expr {
            Expr::Index(inner) => self.lower_index(inner, true),
            other => self.lower_value(other),
        };
        let index = self.lower_value(&i.index);
        self.push(
            Op::Index {
                base,
                index,
                by_ref,
            },
            i.span(),
        )
    }

    fn labelled(&mut self, label: &Option<syn::Label>) -> bool {
        if let Some(label) = label {
            self.diag.error_spanned(
                label,
                "labelled loops are not supported in differentiable functions yet",
            );
        }
        label.is_some()
    }

    fn lower_loop(
        &mut self,
        start: Start<'_>,
        body: &[Stmt],
        assigned: Vec<String>,
        span: Span,
    ) -> Option<ValueId> {
        let carried: Vec<(String, ValueId)> = assigned
            .into_iter()
            .filter_map(|name| self.lookup(&name).map(|v| (name, v)))
            .collect();
        let before = self.snapshot();
        let params: Vec<ValueId> = carried.iter().map(|_| self.fresh()).collect();
        for ((name, _), param) in carried.iter().zip(&params) {
            self.assign(name, *param);
        }
        let saved = (
            self.tail,
            self.iteration_tail,
            self.returned.take(),
            std::mem::take(&mut self.exited),
        );
        // `return` inside a loop is not normalised; `break`/`continue` end the iteration.
        self.tail = false;
        self.iteration_tail = true;
        self.begin_region();
        self.push_scope();
        let start_span = span;
        match start {
            Start::Loop => {
                let go = self.push(Op::Const(quote!(true)), start_span);
                self.bind(KEEP_GOING.into(), go);
                self.lower_stmts(body);
            }
            Start::While(cond) => {
                let go = self.lower_value(cond);
                self.bind(KEEP_GOING.into(), go);
                self.lower_conditional(
                    go,
                    Branch::Stmts(body.to_vec()),
                    Branch::Stmts(vec![]),
                    true,
                    start_span,
                );
            }
            Start::Iter { iterator, pat } => {
                let next = self.push(Op::IterNext(iterator), start_span);
                let method = syn::Ident::new("is_some", start_span);
                let go = self.push(
                    Op::DiscreteMethod {
                        receiver: next,
                        method,
                        turbofish: None,
                        args: vec![],
                    },
                    start_span,
                );
                self.bind(KEEP_GOING.into(), go);
                let item = Branch::Item {
                    next,
                    pat,
                    body: body.to_vec(),
                };
                self.lower_conditional(go, item, Branch::Stmts(vec![]), true, start_span);
            }
        }
        let keep_going = match self.lookup(KEEP_GOING) {
            Some(v) => v,
            None => self.push(Op::Const(quote!(false)), start_span),
        };
        let yields: Vec<ValueId> = carried
            .iter()
            .zip(&params)
            .map(|((name, _), p)| self.lookup(name).unwrap_or(*p))
            .collect();
        self.pop_scope();
        let instrs = self.end_region();
        (self.tail, self.iteration_tail, self.returned, self.exited) = saved;
        self.restore(before);

        let result = self.fresh();
        let merged: Vec<ValueId> = carried.iter().map(|_| self.fresh()).collect();
        let init = carried.iter().map(|(_, v)| *v).collect();
        let body = Region { instrs, yields };
        self.push_with_result(
            result,
            Op::Loop {
                init,
                params,
                body,
                keep_going,
                merged: merged.clone(),
            },
            span,
        );
        for ((name, _), output) in carried.iter().zip(merged) {
            self.assign(name, output);
        }
        None
    }
}

/// The locals a loop body assigns (`x = ..`, `x += ..`), in order of first appearance.
fn assigned_locals(stmts: &[Stmt]) -> Vec<String> {
    struct Finder(Vec<String>);
    impl Finder {
        fn note(&mut self, place: &Expr) {
            if let Expr::Path(p) = place {
                if let Some(ident) = p.path.get_ident() {
                    let name = ident.to_string();
                    if !self.0.contains(&name) {
                        self.0.push(name);
                    }
                }
            }
        }
    }
    impl<'ast> Visit<'ast> for Finder {
        fn visit_expr_assign(&mut self, e: &'ast syn::ExprAssign) {
            self.note(&e.left);
            syn::visit::visit_expr_assign(self, e);
        }
        fn visit_expr_binary(&mut self, e: &'ast syn::ExprBinary) {
            use syn::BinOp::*;
            if matches!(
                e.op,
                AddAssign(_)
                    | SubAssign(_)
                    | MulAssign(_)
                    | DivAssign(_)
                    | RemAssign(_)
                    | BitXorAssign(_)
                    | BitAndAssign(_)
                    | BitOrAssign(_)
                    | ShlAssign(_)
                    | ShrAssign(_)
            ) {
                self.note(&e.left);
            }
            syn::visit::visit_expr_binary(self, e);
        }
        fn visit_expr_closure(&mut self, _: &'ast syn::ExprClosure) {}
        fn visit_item(&mut self, _: &'ast syn::Item) {}
    }
    let mut finder = Finder(Vec::new());
    for stmt in stmts {
        finder.visit_stmt(stmt);
    }
    finder.0
}

/// `for x in xs.iter() { .. }` (and the other indexed forms) rewritten as
/// `for __ad_i in 0..xs.len() { let x = &xs[__ad_i]; .. }`; `None` for other iterables.
fn indexed_form(f: &syn::ExprForLoop) -> Option<syn::ExprForLoop> {
    let (sequence, by_ref, enumerate) = indexed_sequence(&f.expr, false)?;
    let element: Expr = if by_ref {
        syn::parse_quote!(&(#sequence)[__ad_i])
    } else {
        syn::parse_quote!((#sequence)[__ad_i])
    };
    let item: Expr = if enumerate {
        syn::parse_quote!((__ad_i, #element))
    } else {
        element
    };
    let pat = &f.pat;
    let body = &f.body.stmts;
    Some(syn::parse_quote! {
        for __ad_i in 0..(#sequence).len() {
            let #pat = #item;
            #(#body)*
        }
    })
}

/// The sequence iterated by an indexed form, whether items are references, and whether
/// they are enumerated.
fn indexed_sequence(expr: &Expr, enumerate: bool) -> Option<(Expr, bool, bool)> {
    match expr {
        Expr::MethodCall(m) if m.args.is_empty() && m.method == "enumerate" && !enumerate => {
            indexed_sequence(&m.receiver, true)
        }
        Expr::MethodCall(m) if m.args.is_empty() && m.method == "iter" => {
            plain_place(&m.receiver).then(|| ((*m.receiver).clone(), true, enumerate))
        }
        Expr::MethodCall(m) if m.args.is_empty() && m.method == "copied" => match &*m.receiver {
            Expr::MethodCall(inner) if inner.args.is_empty() && inner.method == "iter" => {
                plain_place(&inner.receiver).then(|| ((*inner.receiver).clone(), false, enumerate))
            }
            _ => None,
        },
        Expr::Reference(r) if r.mutability.is_none() => {
            plain_place(&r.expr).then(|| ((*r.expr).clone(), true, enumerate))
        }
        Expr::Paren(p) => indexed_sequence(&p.expr, enumerate),
        Expr::Path(_) => Some((expr.clone(), false, enumerate)),
        _ => None,
    }
}

/// A place that can be evaluated again for each element: a name or a field of one.
fn plain_place(expr: &Expr) -> bool {
    match expr {
        Expr::Path(p) => p.qself.is_none(),
        Expr::Field(f) => plain_place(&f.base),
        Expr::Paren(p) => plain_place(&p.expr),
        Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) => plain_place(&u.expr),
        _ => false,
    }
}
