//! Control flow into structured regions: `if`/`else`, `match`, `&&`/`||`, and `return` from
//! inside branches.
//!
//! Each branch is lowered into its own region from the same bindings; afterwards, every local
//! that a branch rebound becomes an output of the `if` (the SSA merge), and each region yields
//! its value for it. `match` becomes a chain of `if`s on `matches!(scrutinee, pattern)`.
//!
//! `return` inside a branch is normalised as in Slang (seed 003) by moving the rest of the
//! function into the branches that do not return: `if c { return a; } rest` lowers as
//! `if c { a } else { rest }`, so every path ends in the function's single exit. This is
//! done where the `if` is a statement of the function's outermost statement list (or of a
//! branch made by this rule); elsewhere a `return` inside a branch is reported.

use super::match_pattern::{Bindings, split_pattern};
use super::ssa::{Builder, UNINIT};
use crate::ir::{Op, Region, ValueId};
use proc_macro2::{Span, TokenStream};
use quote::quote;
use syn::spanned::Spanned;
use syn::visit::Visit;
use syn::{Expr, Pat, Stmt};

/// A branch body: the statements to lower in it, or a computation to run.
pub enum Branch<'s> {
    /// Statements (followed by the rest of the function when the `return` rule applies).
    Stmts(Vec<Stmt>),
    /// An expression.
    Expr(&'s Expr),
    /// A constant such as `false`.
    Const(TokenStream),
    /// The arms of a `match` still to test.
    Arms(ValueId, &'s [syn::Arm], Option<&'s [Stmt]>),
    /// The value a `return` inside a loop stored: `option.unwrap()`.
    Unwrap(ValueId),
    /// A loop body whose pattern binds the item an iterator produced (`Some(item)`).
    Item {
        next: ValueId,
        pat: &'s Pat,
        body: Vec<Stmt>,
    },
    /// The body of a matched arm, with the pattern's names bound to parts of the scrutinee.
    Arm {
        scrutinee: ValueId,
        bindings: Bindings,
        span: Span,
        /// The body continues with the rest of the list: the bindings end before it.
        scoped: bool,
        body: Vec<Stmt>,
    },
}

impl Builder<'_> {
    /// `if cond { .. } else { .. }`; `rest` is the rest of the statement list when the `if`
    /// is a statement whose branches may `return` (see the module documentation).
    pub fn lower_if(&mut self, e: &syn::ExprIf, rest: Option<&[Stmt]>) -> Option<ValueId> {
        match desugar_if_let(e) {
            Some(Expr::Match(m)) => return self.lower_match(&m, rest),
            Some(Expr::If(chain)) => return self.lower_if(&chain, rest),
            _ => {}
        }
        let cond = self.lower_value(&e.cond);
        let rest_stmts = rest.unwrap_or(&[]);
        let then_branch = Branch::Stmts(with_rest(&e.then_branch.stmts, rest_stmts));
        let else_branch = match &e.else_branch {
            None => Branch::Stmts(rest_stmts.to_vec()),
            Some((_, else_expr)) => match &**else_expr {
                Expr::Block(b) => Branch::Stmts(with_rest(&b.block.stmts, rest_stmts)),
                other => {
                    let chained = Stmt::Expr(other.clone(), None);
                    Branch::Stmts(with_rest(std::slice::from_ref(&chained), rest_stmts))
                }
            },
        };
        self.lower_conditional(
            cond,
            then_branch,
            else_branch,
            rest.is_some(),
            e.if_token.span,
        )
    }

    /// `a && b` as `if a { b } else { false }`, `a || b` as `if a { true } else { b }`, so
    /// `b` is evaluated only when the source evaluates it.
    pub fn lower_short_circuit(&mut self, b: &syn::ExprBinary, is_and: bool) -> Option<ValueId> {
        let lhs = self.lower_value(&b.left);
        let (then_branch, else_branch) = if is_and {
            (Branch::Expr(&b.right), Branch::Const(quote!(false)))
        } else {
            (Branch::Const(quote!(true)), Branch::Expr(&b.right))
        };
        self.lower_conditional(lhs, then_branch, else_branch, false, b.op.span())
    }

    /// `match scrutinee { arms }`; `rest` as for [`lower_if`](Self::lower_if).
    pub fn lower_match(&mut self, m: &syn::ExprMatch, rest: Option<&[Stmt]>) -> Option<ValueId> {
        let scrutinee = self.lower_value(&m.expr);
        if m.arms.is_empty() {
            self.diag.error(
                m.match_token.span,
                "a `match` without arms is not supported in differentiable functions",
            );
            return None;
        }
        self.lower_arms(scrutinee, &m.arms, rest)
    }

    fn lower_arms(
        &mut self,
        scrutinee: ValueId,
        arms: &[syn::Arm],
        rest: Option<&[Stmt]>,
    ) -> Option<ValueId> {
        let (arm, others) = arms.split_first()?;
        // `A(x) | B(x) => body` that binds: one arm per alternative, each with the body (the
        // bindings of each alternative are different parts of the scrutinee).
        if let Some(alternatives) = binding_alternatives(&arm.pat) {
            let expanded: Vec<syn::Arm> = alternatives
                .into_iter()
                .map(|pat| syn::Arm { pat, ..arm.clone() })
                .chain(others.iter().cloned())
                .collect();
            return self.lower_arms(scrutinee, &expanded, rest);
        }
        let (test, bindings) = match split_pattern(&arm.pat) {
            Ok(split) => split,
            Err(e) => {
                self.diag.error_spanned(&e.0, e.1);
                return None;
            }
        };
        if others.is_empty() && arm.guard.is_none() {
            // The original `match` is exhaustive (rustc checks it), so when every earlier arm
            // failed, the last one matches.
            self.push_scope();
            if continues(rest) {
                self.begin_block_scope();
            }
            self.bind_fields(scrutinee, &bindings, arm.pat.span());
            let value = self.lower_arm_body(&arm.body, rest);
            self.pop_scope();
            return value;
        }
        let span = arm.pat.span();
        let matched = self.push(
            Op::Matches {
                scrutinee,
                pattern: test,
            },
            span,
        );
        let cond = match &arm.guard {
            None => matched,
            Some((_, guard)) => {
                // The guard sees the arm's bindings, taken only once the pattern matched (an
                // option's payload exists only then).
                let guard_branch = Branch::Arm {
                    scrutinee,
                    bindings: bindings.clone(),
                    span,
                    scoped: false,
                    body: vec![Stmt::Expr((**guard).clone(), None)],
                };
                self.lower_conditional(
                    matched,
                    guard_branch,
                    Branch::Const(quote!(false)),
                    false,
                    guard.span(),
                )
                .unwrap_or(matched)
            }
        };
        let then_branch = Branch::Arm {
            scrutinee,
            bindings,
            span,
            scoped: continues(rest),
            body: arm_statements(&arm.body, rest),
        };
        let else_branch = Branch::Arms(scrutinee, others, rest);
        self.lower_conditional(cond, then_branch, else_branch, rest.is_some(), span)
    }

    fn lower_arm_body(&mut self, body: &Expr, rest: Option<&[Stmt]>) -> Option<ValueId> {
        match rest {
            None => self.lower_expr(body),
            Some(rest) => {
                let stmts = arm_statements(body, Some(rest));
                self.lower_stmts(&stmts)
            }
        }
    }

    /// Lowers both branches from the same bindings and merges what they rebind.
    pub fn lower_conditional(
        &mut self,
        cond: ValueId,
        then_branch: Branch<'_>,
        else_branch: Branch<'_>,
        tail: bool,
        span: Span,
    ) -> Option<ValueId> {
        let before = self.snapshot();
        let (then_instrs, then_value, then_scopes) = self.lower_branch(then_branch, tail, span);
        let (else_instrs, else_value, else_scopes) = self.lower_branch(else_branch, tail, span);

        let mut changed = Vec::new();
        let mut uninit_after = Vec::new();
        for (i, scope) in before.iter().enumerate() {
            for (j, (_, value)) in scope.iter().enumerate() {
                let then_binding = then_scopes
                    .get(i)
                    .and_then(|s| s.get(j))
                    .map(|b| b.1)
                    .unwrap_or(*value);
                let else_binding = else_scopes
                    .get(i)
                    .and_then(|s| s.get(j))
                    .map(|b| b.1)
                    .unwrap_or(*value);
                // A local assigned on one path only stays uninitialised (see `ssa::UNINIT`).
                let uninit = (then_binding == UNINIT || else_binding == UNINIT)
                    && then_binding != else_binding;
                if uninit {
                    uninit_after.push((i, j));
                } else if then_binding != *value || else_binding != *value {
                    changed.push((i, j, then_binding, else_binding));
                }
            }
        }
        let result = self.fresh();
        let merged: Vec<ValueId> = changed.iter().map(|_| self.fresh()).collect();
        let then_region = Region {
            instrs: then_instrs,
            yields: std::iter::once(then_value)
                .chain(changed.iter().map(|c| c.2))
                .collect(),
        };
        let else_region = Region {
            instrs: else_instrs,
            yields: std::iter::once(else_value)
                .chain(changed.iter().map(|c| c.3))
                .collect(),
        };
        self.push_with_result(
            result,
            Op::If {
                cond,
                then_region,
                else_region,
                merged: merged.clone(),
            },
            span,
        );
        let mut scopes = before;
        let outputs = changed.iter().map(|(i, j, _, _)| (*i, *j)).zip(merged);
        for ((i, j), output) in outputs.chain(uninit_after.into_iter().map(|at| (at, UNINIT))) {
            if let Some(slot) = scopes.get_mut(i).and_then(|s| s.get_mut(j)) {
                slot.1 = output;
            }
        }
        self.restore(scopes);
        Some(result)
    }

    /// Lowers one branch into a region; returns its instructions, its value and the bindings
    /// at its end. A `return` in a `tail` branch is the branch's value.
    fn lower_branch(
        &mut self,
        branch: Branch<'_>,
        continuation: bool,
        span: Span,
    ) -> (Vec<crate::ir::Instr>, ValueId, super::ssa::Scopes) {
        let before = self.snapshot();
        let saved_returned = self.returned.take();
        let saved_exited = std::mem::take(&mut self.exited);
        // A branch that holds the rest of the function (or iteration) ends it as well.
        let (saved_tail, saved_iteration_tail) = (self.tail, self.iteration_tail);
        self.tail &= continuation;
        self.iteration_tail &= continuation;
        self.begin_region();
        self.push_scope();
        let value = match branch {
            Branch::Stmts(stmts) => self.lower_stmts(&stmts),
            Branch::Expr(e) => self.lower_expr(e),
            Branch::Const(tokens) => Some(self.push(Op::Const(tokens), span)),
            Branch::Arms(scrutinee, arms, rest) => self.lower_arms(scrutinee, arms, rest),
            Branch::Arm {
                scrutinee,
                bindings,
                span,
                scoped,
                body,
            } => {
                if scoped {
                    self.begin_block_scope();
                }
                self.bind_fields(scrutinee, &bindings, span);
                self.lower_stmts(&body)
            }
            // The value a `return` inside a loop stored: a copy is opened, as the holder is
            // still among the values the branches merge (a `Result` with a `String` error is
            // not `Copy`).
            Branch::Unwrap(stored) => {
                let copy = self.push(Op::Clone(stored), span);
                Some(self.push(Op::Unwrap(copy), span))
            }
            Branch::Item { next, pat, body } => {
                let item = self.push(Op::Unwrap(next), span);
                self.bind_pattern(pat, item);
                self.lower_stmts(&body)
            }
        };
        let value = match self.returned.take() {
            Some(returned) => returned,
            None => value,
        };
        let value = match value {
            Some(v) => v,
            None => self.push(Op::Const(quote!(())), span),
        };
        self.pop_scope();
        let after = self.snapshot();
        let instrs = self.end_region();
        self.restore(before);
        self.tail = saved_tail;
        self.iteration_tail = saved_iteration_tail;
        self.returned = saved_returned;
        self.exited = saved_exited;
        (instrs, value, after)
    }
}

pub use crate::names::{BLOCK_BEGIN, BLOCK_END};

fn marker(name: &str) -> Stmt {
    let name = syn::Ident::new(name, Span::call_site());
    syn::parse_quote!(#name!();)
}

/// A branch's statements followed by the rest of the list they were moved into. The rest must
/// not see the branch's own `let`s (`let mut v = v;` shadows `v` only until the branch
/// ends), so when it has any, its statements are bracketed by scope markers.
pub(super) fn with_rest(stmts: &[Stmt], rest: &[Stmt]) -> Vec<Stmt> {
    let binds = stmts.iter().any(|s| matches!(s, Stmt::Local(_)));
    if rest.is_empty() || !binds {
        return stmts.iter().chain(rest).cloned().collect();
    }
    std::iter::once(marker(BLOCK_BEGIN))
        .chain(stmts.iter().cloned())
        .chain([marker(BLOCK_END)])
        .chain(rest.iter().cloned())
        .collect()
}

/// A `match` arm's body followed by the rest of the list. The arm's pattern bindings are
/// bound before it (in a scope begun with `begin_block_scope`), and closed here.
fn arm_statements(body: &Expr, rest: Option<&[Stmt]>) -> Vec<Stmt> {
    match rest {
        Some(rest) if !rest.is_empty() => {
            // A block body is spliced in like an `if`'s branch, so that an exit at its end
            // still ends the path; the end marker closes its `let`s with the bindings.
            let own = match body {
                Expr::Block(b) if b.label.is_none() => b.block.stmts.clone(),
                _ => vec![Stmt::Expr(body.clone(), Some(Default::default()))],
            };
            own.into_iter()
                .chain([marker(BLOCK_END)])
                .chain(rest.iter().cloned())
                .collect()
        }
        _ => vec![Stmt::Expr(body.clone(), None)],
    }
}

/// Whether `rest` is a non-empty continuation, after which a `match` arm's bindings end.
fn continues(rest: Option<&[Stmt]>) -> bool {
    rest.is_some_and(|r| !r.is_empty())
}

/// The early exits inside an expression.
#[derive(Default)]
pub struct Exits {
    /// A `return` (outside closures and nested items).
    pub returns: bool,
    /// A `break` or `continue` of an enclosing loop: not of a loop nested in `expr`, unless
    /// labelled with an enclosing loop's label (`break 'outer` from a nested loop).
    pub loop_exits: bool,
}

/// Finds the early exits in `expr`.
pub fn exits(expr: &Expr) -> Exits {
    struct Finder {
        exits: Exits,
        /// The labels of the loops nested in `expr` entered so far.
        nested: Vec<Option<String>>,
    }
    impl Finder {
        fn nested_loop(&mut self, label: &Option<syn::Label>, visit: impl FnOnce(&mut Self)) {
            self.nested
                .push(label.as_ref().map(|l| l.name.ident.to_string()));
            visit(self);
            self.nested.pop();
        }
        /// Whether a `break`/`continue` with `label` leaves `expr`.
        fn escapes(&self, label: &Option<syn::Lifetime>) -> bool {
            match label {
                None => self.nested.is_empty(),
                Some(l) => {
                    let name = l.ident.to_string();
                    !self
                        .nested
                        .iter()
                        .any(|n| n.as_deref() == Some(name.as_str()))
                }
            }
        }
    }
    impl<'ast> Visit<'ast> for Finder {
        fn visit_expr_return(&mut self, _: &'ast syn::ExprReturn) {
            self.exits.returns = true;
        }
        fn visit_expr_break(&mut self, b: &'ast syn::ExprBreak) {
            self.exits.loop_exits |= self.escapes(&b.label);
            syn::visit::visit_expr_break(self, b);
        }
        fn visit_expr_continue(&mut self, c: &'ast syn::ExprContinue) {
            self.exits.loop_exits |= self.escapes(&c.label);
        }
        fn visit_expr_while(&mut self, e: &'ast syn::ExprWhile) {
            self.nested_loop(&e.label, |f| syn::visit::visit_expr_while(f, e));
        }
        fn visit_expr_loop(&mut self, e: &'ast syn::ExprLoop) {
            self.nested_loop(&e.label, |f| syn::visit::visit_expr_loop(f, e));
        }
        fn visit_expr_for_loop(&mut self, e: &'ast syn::ExprForLoop) {
            self.nested_loop(&e.label, |f| syn::visit::visit_expr_for_loop(f, e));
        }
        fn visit_expr_closure(&mut self, _: &'ast syn::ExprClosure) {}
        fn visit_item(&mut self, _: &'ast syn::Item) {}
    }
    let mut finder = Finder {
        exits: Exits::default(),
        nested: Vec::new(),
    };
    finder.visit_expr(expr);
    finder.exits
}

/// `if let p = e { x } else { y }` as `match e { p => { x }, _ => { y } }`; in a let chain,
/// `if a && let p = e && b { x } else { y }` as
/// `if a { match e { p => if b { x } else { y }, _ => y } } else { y }`: the `else` branch is
/// written where each test can fail. `None` for a condition without `let`.
fn desugar_if_let(e: &syn::ExprIf) -> Option<Expr> {
    let mut parts = Vec::new();
    and_operands(&e.cond, &mut parts);
    let k = parts.iter().position(|p| matches!(p, Expr::Let(_)))?;
    let Expr::Let(l) = parts[k] else {
        return None;
    };
    let joined = |operands: &[&Expr]| {
        operands
            .iter()
            .map(|o| quote!(#o))
            .reduce(|a, b| quote!(#a && #b))
    };
    let then_block = &e.then_branch;
    let otherwise = match &e.else_branch {
        Some((_, other)) => quote!(#other),
        None => quote!({}),
    };
    let on_match = match joined(&parts[k + 1..]) {
        Some(after) => quote!({ if #after #then_block else #otherwise }),
        None => quote!(#then_block),
    };
    let (pat, scrutinee) = (&l.pat, &l.expr);
    let matched = quote!(match #scrutinee { #pat => #on_match, _ => #otherwise });
    Some(match joined(&parts[..k]) {
        Some(before) => syn::parse_quote_spanned! {l.let_token.span=>
            if #before { #matched } else #otherwise
        },
        None => syn::parse_quote_spanned!(l.let_token.span=> #matched),
    })
}

/// The operands of a chain of `&&` (one operand for anything else).
fn and_operands<'e>(cond: &'e Expr, parts: &mut Vec<&'e Expr>) {
    match cond {
        Expr::Binary(b) if matches!(b.op, syn::BinOp::And(_)) => {
            and_operands(&b.left, parts);
            and_operands(&b.right, parts);
        }
        Expr::Paren(p) if matches!(&*p.expr, Expr::Let(_)) => parts.push(&p.expr),
        other => parts.push(other),
    }
}

/// The alternatives of a pattern that holds an or-pattern binding names, wherever it is
/// (`Some(x) | Ok(x)`, also in parentheses, or inside a tuple, a struct, a variant, a
/// reference or an `@` binding): the patterns with each such or-pattern replaced by one of
/// its alternatives, in every combination (`((Some(v), _) | (None, Some(v)), true)` gives
/// `((Some(v), _), true)` and `((None, Some(v)), true)`); `None` when there is none.
pub(super) fn binding_alternatives(pat: &syn::Pat) -> Option<Vec<syn::Pat>> {
    let alternatives = without_binding_ors(pat);
    (alternatives.len() > 1).then_some(alternatives)
}

/// See [`binding_alternatives`]: `pat` itself when it holds no or-pattern that binds.
fn without_binding_ors(pat: &syn::Pat) -> Vec<syn::Pat> {
    use syn::Pat;
    // Every combination of the alternatives of `parts`, each rebuilt by `rebuild`.
    fn combinations(parts: Vec<Vec<Pat>>, rebuild: impl Fn(Vec<Pat>) -> Pat) -> Vec<Pat> {
        let mut combined: Vec<Vec<Pat>> = vec![Vec::new()];
        for alternatives in parts {
            combined = combined
                .into_iter()
                .flat_map(|prefix| {
                    alternatives.iter().map(move |a| {
                        let mut next = prefix.clone();
                        next.push(a.clone());
                        next
                    })
                })
                .collect();
        }
        combined.into_iter().map(rebuild).collect()
    }
    match pat {
        Pat::Or(or) if super::match_pattern::has_binding(pat) => {
            or.cases.iter().flat_map(without_binding_ors).collect()
        }
        Pat::Paren(p) => without_binding_ors(&p.pat),
        Pat::Tuple(t) => combinations(t.elems.iter().map(without_binding_ors).collect(), |elems| {
            let mut t = t.clone();
            t.elems = elems.into_iter().collect();
            Pat::Tuple(t)
        }),
        Pat::TupleStruct(t) => {
            combinations(t.elems.iter().map(without_binding_ors).collect(), |elems| {
                let mut t = t.clone();
                t.elems = elems.into_iter().collect();
                Pat::TupleStruct(t)
            })
        }
        Pat::Slice(sl) => combinations(
            sl.elems.iter().map(without_binding_ors).collect(),
            |elems| {
                let mut sl = sl.clone();
                sl.elems = elems.into_iter().collect();
                Pat::Slice(sl)
            },
        ),
        Pat::Struct(st) => combinations(
            st.fields
                .iter()
                .map(|f| without_binding_ors(&f.pat))
                .collect(),
            |pats| {
                let mut st = st.clone();
                for (field, p) in st.fields.iter_mut().zip(pats) {
                    *field.pat = p;
                }
                Pat::Struct(st)
            },
        ),
        Pat::Reference(r) => without_binding_ors(&r.pat)
            .into_iter()
            .map(|p| {
                let mut r = r.clone();
                *r.pat = p;
                Pat::Reference(r)
            })
            .collect(),
        Pat::Ident(i) if i.subpat.is_some() => {
            let (at, sub) = i.subpat.as_ref().expect("checked");
            without_binding_ors(sub)
                .into_iter()
                .map(|p| {
                    let mut i = i.clone();
                    i.subpat = Some((*at, Box::new(p)));
                    Pat::Ident(i)
                })
                .collect()
        }
        other => vec![other.clone()],
    }
}
