//! Loops into the IR's one loop form (see [`Op::Loop`](crate::ir::Op)): `while`, `loop` and
//! `for`, with `break` and `continue`; and indexing.
//!
//! The locals a loop body assigns are the loop's carried values: the body sees them as region
//! parameters and yields their new values. Early exits are normalised with flags, as in
//! Slang (seed 003): each loop level `d` has a `keep_going` flag (does the loop run another
//! iteration) and an `exit` flag (must the rest of this iteration be skipped). `break`,
//! `continue`, labelled ones and `return` set the flags of every level they leave and end
//! their path: the statements after them move into the branches that do not exit (see
//! `control`), and after a nested loop that may have left the current level, the rest of the
//! iteration runs only if its `exit` flag is clear. A `return` inside a loop stores its value
//! (`Some(value)`) and sets a function-level flag; after the loop, the rest of the function
//! runs only if that flag is clear. A `break value` stores its value the same way.
//!
//! `for x in xs.iter()` (and the other forms of `indexed_loops`) over a slice or `Vec`
//! iterates over indices, `let x = &xs[i]`, so that each element read is an index whose
//! adjoint goes to one element of `xs`. Other iterators (ranges, `rev`,
//! `step_by`, ...) are stepped as they are; their items carry no derivative.

use super::control::Branch;
use super::ssa::Builder;
use crate::ir::{Op, Region, ValueId};
use proc_macro2::Span;
use quote::quote;
use syn::spanned::Spanned;
use syn::visit::Visit;
use syn::{Expr, Stmt};

use crate::names::{RETURN_VALUE, RETURNED, break_value, exit, keep_going};

/// A loop being lowered.
pub struct LoopFrame {
    /// Its label, if any (`'outer`).
    label: Option<String>,
    /// Whether it is a `loop`, whose `break` may carry a value.
    is_loop: bool,
}

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
            // `while let p = e { body }` is `loop { match e { p => body, _ => break } }`.
            let (label, body, pat, scrutinee) = (&w.label, &w.body, &l.pat, &l.expr);
            let break_out = match label {
                Some(l) => {
                    let name = &l.name;
                    quote!(break #name)
                }
                None => quote!(break),
            };
            let desugared: syn::ExprLoop = syn::parse_quote_spanned! {w.while_token.span=>
                #label loop {
                    match #scrutinee {
                        #pat => #body,
                        _ => #break_out,
                    }
                }
            };
            return self.lower_loop_expr(&desugared);
        }
        let assigned = assigned_locals(&w.body.stmts);
        self.lower_loop(
            Start::While(&w.cond),
            &w.body.stmts,
            assigned,
            label_name(&w.label),
            w.while_token.span,
        )
    }

    /// `loop { body }`.
    pub fn lower_loop_expr(&mut self, l: &syn::ExprLoop) -> Option<ValueId> {
        let assigned = assigned_locals(&l.body.stmts);
        self.lower_loop(
            Start::Loop,
            &l.body.stmts,
            assigned,
            label_name(&l.label),
            l.loop_token.span,
        )
    }

    /// `for pat in iterable { body }`.
    pub fn lower_for(&mut self, f: &syn::ExprForLoop) -> Option<ValueId> {
        // `for x in a.chain(b)` (also reversed): a loop over `a`, then one over `b`.
        if let Some(halves) = super::indexed_loops::chained_halves(f, &self.known()) {
            for half in &halves {
                self.lower_for(half);
            }
            return None;
        }
        let known = self.known();
        let written = super::mutable_loops::mutable_form(f, Some(&known));
        if let Some(indexed) = written.or_else(|| super::indexed_loops::indexed_form(f, &known)) {
            return self.lower_for(&indexed);
        }
        if let Some(flattened) = super::indexed_loops::flattened_form(f) {
            return self.lower_for(&flattened);
        }
        // `for x in xs.iter().rev().step_by(2)`: the loop over `xs.iter().rev()`, counted.
        if let Some(counted) = super::indexed_loops::counted_form(f, &self.known()) {
            self.lower_value(&counted);
            return None;
        }
        let iterable = self.lower_value(&f.expr);
        let iterator = self.push(Op::IntoIter(iterable), f.expr.span());
        let assigned = assigned_locals(&f.body.stmts);
        let start = Start::Iter {
            iterator,
            pat: &f.pat,
        };
        self.lower_loop(
            start,
            &f.body.stmts,
            assigned,
            label_name(&f.label),
            f.for_token.span,
        )
    }

    /// `break`, `break 'label` or `break value`: ends the loops up to the target.
    pub fn lower_break(&mut self, b: &syn::ExprBreak) {
        let Some(target) = self.exit_target(&b.label, b.break_token.span) else {
            return;
        };
        if let Some(value) = &b.expr {
            if !self.loops.get(target).is_some_and(|l| l.is_loop) {
                self.diag
                    .error_spanned(b, "`break` with a value is allowed only in `loop`");
                return;
            }
            let value = self.lower_value(value);
            let some = self.push(Op::WrapSome(value), b.span());
            self.assign(&break_value(target), some);
        }
        self.leave_levels(target, true, b.break_token.span);
    }

    /// `continue` or `continue 'label`: ends the current iteration of the target loop.
    pub fn lower_continue(&mut self, c: &syn::ExprContinue) {
        let Some(target) = self.exit_target(&c.label, c.continue_token.span) else {
            return;
        };
        self.leave_levels(target, false, c.continue_token.span);
    }

    /// `return value` inside a loop: stores the value, leaves every loop.
    pub fn lower_loop_return(&mut self, r: &syn::ExprReturn) {
        if !self.iteration_tail || self.lookup(RETURNED).is_none() {
            self.diag.error(r.return_token.span, "`return` inside a loop is supported only where it ends the iteration (at the end of a branch of an `if`/`match` statement of the loop body)");
            return;
        }
        let value = match &r.expr {
            Some(e) => self.lower_value(e),
            None => self.push(Op::Const(quote!(())), r.span()),
        };
        let some = self.push(Op::WrapSome(value), r.span());
        self.assign(RETURN_VALUE, some);
        let yes = self.push(Op::Const(quote!(true)), r.span());
        self.assign(RETURNED, yes);
        self.leave_levels(0, true, r.return_token.span);
    }

    /// The depth of the loop a `break`/`continue` targets, checking that it may end here.
    fn exit_target(&mut self, label: &Option<syn::Lifetime>, span: Span) -> Option<usize> {
        if self.loops.is_empty() {
            self.diag.error(span, "`break`/`continue` outside a loop");
            return None;
        }
        if !self.iteration_tail {
            self.diag.error(span, "`break`/`continue` is supported where it ends the loop's iteration: at the end of a branch of a statement of the loop body, or as a branch of a value given a name (`let v = if .. { x } else { continue };`), not inside an operand: name the value first");
            return None;
        }
        match label {
            None => Some(self.loops.len() - 1),
            Some(label) => {
                let name = label.ident.to_string();
                let found = self
                    .loops
                    .iter()
                    .rposition(|l| l.label.as_deref() == Some(name.as_str()));
                if found.is_none() {
                    self.diag
                        .error_spanned(label, format!("no enclosing loop is labelled `'{name}`"));
                }
                found
            }
        }
    }

    /// Ends the current iteration of every loop from depth `target` inwards, and stops those
    /// loops (`stop_target` also stops the target itself: `break`, not `continue`).
    fn leave_levels(&mut self, target: usize, stop_target: bool, span: Span) {
        let innermost = self.loops.len();
        for depth in target..innermost {
            if depth > target || stop_target {
                let stop = self.push(Op::Const(quote!(false)), span);
                self.assign(&keep_going(depth), stop);
            }
            let leave = self.push(Op::Const(quote!(true)), span);
            self.assign(&exit(depth), leave);
        }
        self.exited = true;
    }

    /// After a statement that may have left the current iteration from inside a nested loop
    /// (a labelled `break`/`continue` or a `return`): the rest runs only if nothing did.
    pub fn guard_rest(&mut self, rest: &[Stmt], span: Span) -> Option<ValueId> {
        match self.loops.len() {
            0 => {
                // At the function's level: a `return` from inside a loop.
                let (Some(returned), Some(value)) =
                    (self.lookup(RETURNED), self.lookup(RETURN_VALUE))
                else {
                    self.diag
                        .internal(span, "a `return` inside a loop found no flag to set");
                    return None;
                };
                self.lower_conditional(
                    returned,
                    Branch::Unwrap(value),
                    Branch::Stmts(rest.to_vec()),
                    true,
                    span,
                )
            }
            depth => {
                let Some(leaving) = self.lookup(&exit(depth - 1)) else {
                    self.diag.internal(span, "a loop exit found no flag to set");
                    return None;
                };
                self.lower_conditional(
                    leaving,
                    Branch::Stmts(vec![]),
                    Branch::Stmts(rest.to_vec()),
                    true,
                    span,
                )
            }
        }
    }

    /// `let pat = loop { .. };` where the loop may also be left by a `return` or an exit of
    /// an outer loop, followed by `rest`: the loop's `break` value exists only when the loop
    /// ended by that `break`, so it is unwrapped inside the guarded rest, never before it
    /// (`let pat = stored.unwrap(); rest` runs only if nothing left the level).
    pub fn lower_let_of_leaving_loop(
        &mut self,
        pat: &syn::Pat,
        l: &syn::ExprLoop,
        rest: &[Stmt],
        span: Span,
    ) -> Option<ValueId> {
        self.keep_break_value_wrapped = true;
        let stored = self.lower_loop_expr(l);
        self.keep_break_value_wrapped = false;
        let stored = stored?;
        if self.returned.is_some() || self.exited {
            return None;
        }
        let name = crate::names::loop_value(stored.0);
        self.bind(name.clone(), stored);
        let name = syn::Ident::new(&name, span);
        let unwrap: Stmt = syn::parse_quote_spanned!(span=> let #pat = #name.unwrap(););
        let rest: Vec<Stmt> = std::iter::once(unwrap)
            .chain(rest.iter().cloned())
            .collect();
        self.guard_rest(&rest, span)
    }

    /// Binds the flags of a `return` inside a loop, before the function body is lowered.
    /// The stored value is typed by the function's return type where it can be named: when
    /// every `return` in a loop is unreachable, nothing else gives the `Option` its type.
    pub fn prepare_loop_returns(&mut self, output: Option<&syn::ReturnType>, span: Span) {
        let no = self.push(Op::Const(quote!(false)), span);
        self.bind(RETURNED.into(), no);
        let none = match output {
            Some(syn::ReturnType::Type(_, ty)) if !mentions_impl_trait(ty) => {
                quote!(::core::option::Option::<#ty>::None)
            }
            Some(syn::ReturnType::Default) => quote!(::core::option::Option::<()>::None),
            _ => quote!(::core::option::Option::None),
        };
        let none = self.push(Op::Const(none), span);
        self.bind(RETURN_VALUE.into(), none);
    }

    /// `base[index]`, or `&base[index]` when `by_ref`. A nested index reads its base by
    /// reference (`m[i][j]` reads row `&m[i]`), as the source does.
    pub fn lower_index(&mut self, i: &syn::ExprIndex, by_ref: bool) -> ValueId {
        let base = self.lower_place(&i.expr);
        let index = match &*i.index {
            // ndarray's `a[[i, j]]`: the same element as `a[(i, j)]`, and a tuple is a value
            // the IR already has.
            syn::Expr::Array(position) => {
                let items = position.elems.iter().map(|e| self.lower_value(e)).collect();
                self.push(Op::Tuple(items), position.span())
            }
            _ => self.lower_value(&i.index),
        };
        self.push(
            Op::Index {
                base,
                index,
                by_ref,
            },
            i.span(),
        )
    }

    fn lower_loop(
        &mut self,
        start: Start<'_>,
        body: &[Stmt],
        assigned: Vec<String>,
        label: Option<String>,
        span: Span,
    ) -> Option<ValueId> {
        let keep_wrapped = std::mem::take(&mut self.keep_break_value_wrapped);
        let depth = self.loops.len();
        let is_loop = matches!(start, Start::Loop);
        let breaks_with_value = is_loop && breaks_with_value(body, &label);
        if breaks_with_value {
            let none = self.push(Op::Const(quote!(::core::option::Option::None)), span);
            self.bind(break_value(depth), none);
        }
        // Carried: the locals the body assigns, and the flags and values of the outer levels
        // that an exit inside it may set.
        // A `&mut` reborrow assigned in the body assigns the local it borrows.
        // A name marked `MAYBE_REBORROWED` counts only when it is such a reborrow.
        let mut names: Vec<String> = Vec::new();
        for name in assigned {
            let (name, only_if_alias) = match name.strip_prefix(MAYBE_REBORROWED) {
                Some(stripped) => (stripped.to_string(), true),
                None => (name, false),
            };
            let ident = syn::Ident::new(&name, span);
            let local = match self
                .aliased(&ident)
                .as_ref()
                .and_then(super::aliases::root_local)
            {
                Some(local) => local,
                None if only_if_alias => continue,
                None => name,
            };
            if !names.contains(&local) {
                names.push(local);
            }
        }
        if breaks_with_value {
            names.push(break_value(depth));
        }
        if leaves_outer_levels(body) {
            for outer in 0..depth {
                names.extend([keep_going(outer), exit(outer), break_value(outer)]);
            }
            names.extend([RETURNED.to_string(), RETURN_VALUE.to_string()]);
        }
        // A local declared without a value (`let y;`) and assigned in the body enters the loop
        // with a stand-in of its type that nothing reads (rustc proves every read comes after
        // an assignment), so that the value assigned inside is carried out of the loop.
        for name in &names {
            if self.is_uninit(name) {
                // At the loop, where rustc reports a type without `Default`.
                let tokens = crate::tokens::respan(crate::names::stand_in(), (span, span));
                let stand_in = self.push(Op::Const(tokens), span);
                self.assign(name, stand_in);
            }
        }
        let carried: Vec<(String, ValueId)> = names
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
        // `return` inside a loop sets flags (see the module documentation); `break` and
        // `continue` end the iteration.
        self.tail = false;
        self.iteration_tail = true;
        self.loops.push(LoopFrame { label, is_loop });
        self.begin_region();
        self.push_scope();
        let not_leaving = self.push(Op::Const(quote!(false)), span);
        self.bind(exit(depth), not_leaving);
        match start {
            Start::Loop => {
                let go = self.push(Op::Const(quote!(true)), span);
                self.bind(keep_going(depth), go);
                // The body's own scope, as the other forms' branches have: a `let` in it
                // that shadows a carried local ends with the iteration, and the value
                // yielded is the carried local's (issue 33: the shadow leaked out).
                self.push_scope();
                self.lower_stmts(body);
                self.pop_scope();
            }
            Start::While(cond) => {
                let go = self.lower_value(cond);
                self.bind(keep_going(depth), go);
                self.lower_conditional(
                    go,
                    Branch::Stmts(body.to_vec()),
                    Branch::Stmts(vec![]),
                    true,
                    span,
                );
            }
            Start::Iter { iterator, pat } => {
                let next = self.push(Op::IterNext(iterator), span);
                let method = syn::Ident::new("is_some", span);
                let go = self.push(
                    Op::DiscreteMethod {
                        receiver: next,
                        method,
                        turbofish: None,
                        args: vec![],
                    },
                    span,
                );
                self.bind(keep_going(depth), go);
                let item = Branch::Item {
                    next,
                    pat,
                    body: body.to_vec(),
                };
                self.lower_conditional(go, item, Branch::Stmts(vec![]), true, span);
            }
        }
        let keep_going = match self.lookup(&keep_going(depth)) {
            Some(v) => v,
            None => self.push(Op::Const(quote!(false)), span),
        };
        let yields: Vec<ValueId> = carried
            .iter()
            .zip(&params)
            .map(|((name, _), p)| self.lookup(name).unwrap_or(*p))
            .collect();
        self.pop_scope();
        let instrs = self.end_region();
        self.loops.pop();
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
        if breaks_with_value {
            // The loop's value: what its `break` stored.
            let stored = self.lookup(&break_value(depth))?;
            if keep_wrapped {
                return Some(stored);
            }
            return Some(self.push(Op::Unwrap(stored), span));
        }
        None
    }
}

/// Whether a type has an `impl Trait` anywhere, which cannot be named in a body.
fn mentions_impl_trait(ty: &syn::Type) -> bool {
    struct Finder(bool);
    impl<'ast> Visit<'ast> for Finder {
        fn visit_type_impl_trait(&mut self, _: &'ast syn::TypeImplTrait) {
            self.0 = true;
        }
    }
    let mut finder = Finder(false);
    finder.visit_type(ty);
    finder.0
}

fn label_name(label: &Option<syn::Label>) -> Option<String> {
    label.as_ref().map(|l| l.name.ident.to_string())
}

/// `let pat = loop { .. };` (parentheses allowed): the pattern and the loop.
pub fn let_of_loop(stmt: &Stmt) -> Option<(&syn::Pat, &syn::ExprLoop)> {
    let Stmt::Local(local) = stmt else {
        return None;
    };
    let init = local.init.as_ref().filter(|i| i.diverge.is_none())?;
    let mut expr = &*init.expr;
    while let Expr::Paren(syn::ExprParen { expr: inner, .. })
    | Expr::Group(syn::ExprGroup { expr: inner, .. }) = expr
    {
        expr = inner;
    }
    match expr {
        Expr::Loop(l) => Some((&local.pat, l)),
        _ => None,
    }
}

/// Finds exits in statements, tracking the loops nested in them.
struct ExitFinder {
    /// The label of the loop whose body is searched, if any.
    own_label: Option<String>,
    /// The labels of the loops entered so far (`None` for unlabelled ones).
    labels: Vec<Option<String>>,
    /// A `break value` of the loop whose body is searched (not of a nested loop).
    break_value: bool,
    /// A labelled `break`/`continue` or a `return`: an exit that may leave an outer level.
    leaves_outer: bool,
    /// A `return` inside a loop nested in the searched statements.
    return_in_loop: bool,
    /// A `return`, or a `break`/`continue` of a loop outside the searched statements, inside a
    /// loop nested in them: after them, the enclosing level may have to stop.
    nested_leave: bool,
}

impl ExitFinder {
    fn nested(&self) -> bool {
        !self.labels.is_empty()
    }

    /// Whether a labelled exit targets a loop outside the searched statements.
    fn escapes(&self, label: &Option<syn::Lifetime>) -> bool {
        label.as_ref().is_some_and(|l| {
            let name = l.ident.to_string();
            !self
                .labels
                .iter()
                .any(|entered| entered.as_deref() == Some(name.as_str()))
        })
    }

    fn enter(&mut self, label: &Option<syn::Label>, visit: impl FnOnce(&mut Self)) {
        self.labels.push(label_name(label));
        visit(self);
        self.labels.pop();
    }
}

impl<'ast> Visit<'ast> for ExitFinder {
    fn visit_expr_break(&mut self, b: &'ast syn::ExprBreak) {
        // A `break value` of the searched loop: unlabelled outside nested loops, or naming
        // the searched loop's label.
        let targets_searched = match &b.label {
            None => !self.nested(),
            Some(l) => self.own_label.as_deref() == Some(l.ident.to_string().as_str()),
        };
        self.break_value |= b.expr.is_some() && targets_searched;
        self.leaves_outer |= b.label.is_some();
        self.nested_leave |= self.nested() && self.escapes(&b.label);
        syn::visit::visit_expr_break(self, b);
    }
    fn visit_expr_continue(&mut self, c: &'ast syn::ExprContinue) {
        self.leaves_outer |= c.label.is_some();
        self.nested_leave |= self.nested() && self.escapes(&c.label);
    }
    fn visit_expr_return(&mut self, r: &'ast syn::ExprReturn) {
        self.leaves_outer = true;
        self.return_in_loop |= self.nested();
        self.nested_leave |= self.nested();
        syn::visit::visit_expr_return(self, r);
    }
    fn visit_expr_while(&mut self, e: &'ast syn::ExprWhile) {
        self.enter(&e.label, |f| syn::visit::visit_expr_while(f, e));
    }
    fn visit_expr_loop(&mut self, e: &'ast syn::ExprLoop) {
        self.enter(&e.label, |f| syn::visit::visit_expr_loop(f, e));
    }
    fn visit_expr_for_loop(&mut self, e: &'ast syn::ExprForLoop) {
        self.enter(&e.label, |f| syn::visit::visit_expr_for_loop(f, e));
    }
    fn visit_expr_closure(&mut self, _: &'ast syn::ExprClosure) {}
    fn visit_item(&mut self, _: &'ast syn::Item) {}
}

fn find_exits(stmts: &[Stmt], own_label: Option<String>) -> ExitFinder {
    let mut finder = ExitFinder {
        own_label,
        labels: Vec::new(),
        break_value: false,
        leaves_outer: false,
        return_in_loop: false,
        nested_leave: false,
    };
    for stmt in stmts {
        finder.visit_stmt(stmt);
    }
    finder
}

/// Whether a `loop` body (of the loop labelled `label`) has a `break value` for this loop.
fn breaks_with_value(body: &[Stmt], label: &Option<String>) -> bool {
    find_exits(body, label.clone()).break_value
}

/// Whether a loop body may leave an enclosing level: a labelled `break`/`continue` or a
/// `return` anywhere in it.
fn leaves_outer_levels(body: &[Stmt]) -> bool {
    find_exits(body, None).leaves_outer
}

/// Whether a statement may leave the enclosing level from inside a loop nested in it, so
/// the rest of the level must be guarded (see [`Builder::guard_rest`]).
pub fn leaves_from_nested_loop(stmt: &Stmt) -> bool {
    find_exits(std::slice::from_ref(stmt), None).nested_leave
}

/// Whether a function body has a `return` inside a loop (which needs the function-level
/// flag and value of [`RETURNED`] and [`RETURN_VALUE`]).
pub fn returns_from_loops(stmts: &[Stmt]) -> bool {
    find_exits(stmts, None).return_in_loop
}

/// The prefix of a name in [`assigned_locals`] that the loop carries only when it is a `&mut`
/// reborrow (an argument `f(r)` that writes the place `r` names when `r` is one).
const MAYBE_REBORROWED: &str = "&";

/// The locals a loop body assigns (`x = ..`, `x += ..`), in order of first appearance.
fn assigned_locals(stmts: &[Stmt]) -> Vec<String> {
    struct Finder(Vec<String>);
    impl Finder {
        /// The local a place belongs to: `x`, `v` of `v[i]` and `v[i][j]`, `p` of `p.x`.
        fn note(&mut self, place: &Expr) {
            match place {
                Expr::Path(p) => {
                    if let Some(ident) = p.path.get_ident() {
                        let name = ident.to_string();
                        if !self.0.contains(&name) {
                            self.0.push(name);
                        }
                    }
                }
                Expr::Index(i) => self.note(&i.expr),
                Expr::Field(f) => self.note(&f.base),
                Expr::Paren(p) => self.note(&p.expr),
                // Destructuring assignments and `&mut place` given to `mem::swap`.
                Expr::Tuple(t) => t.elems.iter().for_each(|e| self.note(e)),
                Expr::Struct(s) => s.fields.iter().for_each(|f| self.note(&f.expr)),
                Expr::Reference(r) if r.mutability.is_some() => self.note(&r.expr),
                // `*r = ..` through a `&mut` reborrow: `r`, resolved to its local by
                // `Builder::lower_loop`.
                Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) => self.note(&u.expr),
                _ => {}
            }
        }
    }
    impl<'ast> Visit<'ast> for Finder {
        fn visit_stmt(&mut self, s: &'ast Stmt) {
            // `x.step(dt);` is an inout call: a new version of `x` (see `lower_inout_call`).
            if let Stmt::Expr(Expr::MethodCall(m), Some(_)) = s
                && let Expr::Path(_) | Expr::Field(_) | Expr::Index(_) = &*m.receiver
            {
                self.note(&m.receiver);
            }
            syn::visit::visit_stmt(self, s);
        }
        fn visit_local(&mut self, l: &'ast syn::Local) {
            // `let r = &mut place;` in the body: `place` may be assigned through `r`.
            if let Some(init) = &l.init
                && let Expr::Reference(r) = &*init.expr
                && r.mutability.is_some()
            {
                self.note(&r.expr);
            }
            syn::visit::visit_local(self, l);
        }
        fn visit_expr_call(&mut self, e: &'ast syn::ExprCall) {
            // `mem::swap(&mut a, &mut b)`, `mem::replace(&mut a, ..)` and any call of an
            // inout function (`f(&mut a, x)`) write the places given as `&mut`; a bare name
            // may be a `&mut` reborrow passed on (`f(r)`), marked to be checked.
            for arg in &e.args {
                match arg {
                    Expr::Path(p) if p.path.get_ident().is_some() => {
                        if let Some(ident) = p.path.get_ident() {
                            let name = format!("{MAYBE_REBORROWED}{ident}");
                            if !self.0.contains(&name) {
                                self.0.push(name);
                            }
                        }
                    }
                    Expr::Reference(r) if r.mutability.is_some() => self.note(arg),
                    _ => {}
                }
            }
            syn::visit::visit_expr_call(self, e);
        }
        fn visit_expr_method_call(&mut self, e: &'ast syn::ExprMethodCall) {
            // `v.push(x)` and `v.pop()` make a new version of `v`.
            if e.method == "push" || (e.method == "pop" && e.args.is_empty()) {
                self.note(&e.receiver);
            }
            // `v.iter_mut().for_each(|x| ..)` is a loop that writes `v`.
            if let Some(looped) = super::indexed_loops::for_each_loop(e) {
                return self.visit_expr_for_loop(&looped);
            }
            syn::visit::visit_expr_method_call(self, e);
        }
        fn visit_expr_assign(&mut self, e: &'ast syn::ExprAssign) {
            self.note(&e.left);
            syn::visit::visit_expr_assign(self, e);
        }
        fn visit_expr_binary(&mut self, e: &'ast syn::ExprBinary) {
            if super::assign::is_compound_assignment(&e.op) {
                self.note(&e.left);
            }
            syn::visit::visit_expr_binary(self, e);
        }
        fn visit_expr_for_loop(&mut self, e: &'ast syn::ExprForLoop) {
            // `for p in v.iter_mut()` writes `v` through its reborrow `p`: visit the index
            // loop it is lowered as, whose `let p = &mut v[i];` says so.
            match super::mutable_loops::mutable_form(e, None) {
                Some(indexed) => syn::visit::visit_expr_for_loop(self, &indexed),
                None => syn::visit::visit_expr_for_loop(self, e),
            }
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
