//! Exits in expression position as the statements they stand for: `return`, `break` and
//! `continue` inside a value (`let v = match o { Some(v) => v, None => return 0.0 };`,
//! `let w = if ok { x } else { continue };`, `let y = { if x < 0.0 { return 0.0; } x.sqrt() };`)
//! and the `?` operator, in a function whose result is an `Option` or a `Result`.
//!
//! The value is computed into a local declared without one, by statements: an `if` or `match`
//! whose branches assign it or exit, and for `e?` the `match` it stands for,
//!
//! ```text
//! let v = f(half(x)?) * 2.0;   =>   let t0; match half(x) { Some(ok) => t0 = ok, None => return None }
//!                                  let t1; t1 = f(t0) * 2.0;
//!                                  let v = t1;
//! ```
//!
//! so that every exit ends a branch of a statement, where the lowering takes the rest of the
//! block into the branches that go on (as it does for `if x < 0.0 { return 0.0; }`). A `?`
//! is taken out of its expression only where the expression always evaluates it (not from a
//! branch, the right side of `&&` or `||`, a closure or a loop); an exit the rewrite cannot
//! place keeps the lowering's error.

use syn::{Expr, Stmt};

/// What `e?` returns when `e` holds no value: the function's result is an `Option` or a
/// `Result` (`None` for other functions and for closures, where `?` keeps its error).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TryReturn {
    /// `None`.
    Option,
    /// `Err(e.into())` (the error, converted as `?` converts it, carries no derivative).
    Result,
}

impl TryReturn {
    /// The kind of `?` a function with result `output` has.
    pub fn of(output: &syn::ReturnType) -> Option<TryReturn> {
        let syn::ReturnType::Type(_, ty) = output else {
            return None;
        };
        let syn::Type::Path(p) = &**ty else {
            return None;
        };
        match p.path.segments.last()?.ident.to_string().as_str() {
            "Option" => Some(TryReturn::Option),
            "Result" => Some(TryReturn::Result),
            _ => None,
        }
    }
}

/// Rewrites statements, naming the locals it introduces with a counter.
pub struct Rewriter {
    /// The `?` of the function being lowered.
    pub try_return: Option<TryReturn>,
    /// How many locals the rewrites have introduced.
    pub count: usize,
}

impl Rewriter {
    /// The statements `stmt` stands for, when it holds an exit in expression position that
    /// the rewrite can place; `None` otherwise.
    pub fn rewrite(&mut self, stmt: &Stmt) -> Option<Vec<Stmt>> {
        match stmt {
            Stmt::Local(local) => {
                let init = local.init.as_ref()?;
                if init.diverge.is_some() || !self.exits(&init.expr) {
                    return None;
                }
                self.value_first(&init.expr, |value| {
                    let mut rebound = local.clone();
                    rebound.init = Some(syn::LocalInit {
                        eq_token: init.eq_token,
                        expr: Box::new(value),
                        diverge: None,
                    });
                    Stmt::Local(rebound)
                })
            }
            Stmt::Expr(expr, semi) => self.rewrite_expr(expr, *semi),
            _ => None,
        }
    }

    /// See [`rewrite`](Self::rewrite): an expression statement, or the block's value.
    fn rewrite_expr(&mut self, expr: &Expr, semi: Option<syn::Token![;]>) -> Option<Vec<Stmt>> {
        match expr {
            // Statements whose blocks are lowered (and rewritten) on their own; only what
            // they always evaluate first is taken out.
            Expr::If(i) => {
                let mut rewritten = i.clone();
                let mut out = self.hoisted_in_place(&mut rewritten.cond)?;
                out.push(Stmt::Expr(Expr::If(rewritten), semi));
                Some(out)
            }
            Expr::Match(m) => {
                let mut rewritten = m.clone();
                let mut out = self.hoisted_in_place(&mut rewritten.expr)?;
                out.push(Stmt::Expr(Expr::Match(rewritten), semi));
                Some(out)
            }
            Expr::Block(_)
            | Expr::Loop(_)
            | Expr::While(_)
            | Expr::ForLoop(_)
            | Expr::Continue(_)
            | Expr::Macro(_) => None,
            // `x = e`, `x += e`, `return e`, `break e`: the value first.
            Expr::Assign(a) if self.exits(&a.right) => self.value_first(&a.right, |v| {
                let mut rewritten = a.clone();
                *rewritten.right = v;
                Stmt::Expr(Expr::Assign(rewritten), semi)
            }),
            Expr::Binary(b)
                if super::assign::is_compound_assignment(&b.op) && self.exits(&b.right) =>
            {
                self.value_first(&b.right, |v| {
                    let mut rewritten = b.clone();
                    *rewritten.right = v;
                    Stmt::Expr(Expr::Binary(rewritten), semi)
                })
            }
            Expr::Return(r) if r.expr.as_deref().is_some_and(|e| self.exits(e)) => self
                .value_first(r.expr.as_deref()?, |v| {
                    let mut rewritten = r.clone();
                    rewritten.expr = Some(Box::new(v));
                    Stmt::Expr(Expr::Return(rewritten), semi)
                }),
            Expr::Break(b) if b.expr.as_deref().is_some_and(|e| self.exits(e)) => {
                self.value_first(b.expr.as_deref()?, |v| {
                    let mut rewritten = b.clone();
                    rewritten.expr = Some(Box::new(v));
                    Stmt::Expr(Expr::Break(rewritten), semi)
                })
            }
            Expr::Return(_) | Expr::Break(_) => None,
            other if self.exits(other) => self.value_first(other, |v| Stmt::Expr(v, semi)),
            _ => None,
        }
    }

    /// `value` computed first into a fresh local, then the statement `rebuild` makes of that
    /// local.
    fn value_first(
        &mut self,
        value: &Expr,
        rebuild: impl FnOnce(Expr) -> Stmt,
    ) -> Option<Vec<Stmt>> {
        let local = self.fresh();
        let mut out = vec![syn::parse_quote!(let #local;)];
        out.extend(self.assign_into(value, &local)?);
        out.push(rebuild(syn::parse_quote!(#local)));
        Some(out)
    }

    /// A fresh local for a value computed by statements.
    fn fresh(&mut self) -> syn::Ident {
        let name = crate::names::early_value(self.count);
        self.count += 1;
        name
    }

    /// Statements that assign the value of `expr` to `target` on every path that goes on, the
    /// others exiting; `None` when an exit inside cannot be placed.
    fn assign_into(&mut self, expr: &Expr, target: &syn::Ident) -> Option<Vec<Stmt>> {
        match expr {
            Expr::Paren(p) => self.assign_into(&p.expr, target),
            Expr::Group(g) => self.assign_into(&g.expr, target),
            Expr::Block(b) if b.label.is_none() => {
                let block = self.block_into(&b.block, target)?;
                // A block that declares nothing is its statements (its exits then end branches
                // of the enclosing statements); one that declares names keeps its scope.
                let declares = block
                    .stmts
                    .iter()
                    .any(|s| matches!(s, Stmt::Local(_) | Stmt::Item(_)));
                if declares {
                    Some(vec![Stmt::Expr(
                        Expr::Block(syn::ExprBlock {
                            attrs: b.attrs.clone(),
                            label: None,
                            block,
                        }),
                        None,
                    )])
                } else {
                    Some(block.stmts)
                }
            }
            Expr::If(i) => {
                let (_, otherwise) = i.else_branch.as_ref()?;
                let (mut out, cond) = self.hoisted(&i.cond)?;
                let mut rewritten = i.clone();
                *rewritten.cond = cond;
                rewritten.then_branch = self.block_into(&i.then_branch, target)?;
                let otherwise = match &**otherwise {
                    Expr::Block(b) => Expr::Block(syn::ExprBlock {
                        block: self.block_into(&b.block, target)?,
                        ..b.clone()
                    }),
                    Expr::If(_) => {
                        let stmts = self.assign_into(otherwise, target)?;
                        match <[Stmt; 1]>::try_from(stmts) {
                            Ok([Stmt::Expr(e @ Expr::If(_), _)]) => e,
                            _ => return None,
                        }
                    }
                    _ => return None,
                };
                rewritten.else_branch = Some((i.else_branch.as_ref()?.0, Box::new(otherwise)));
                out.push(Stmt::Expr(Expr::If(rewritten), None));
                Some(out)
            }
            Expr::Match(m) => {
                let (mut out, scrutinee) = self.hoisted(&m.expr)?;
                let mut rewritten = m.clone();
                *rewritten.expr = scrutinee;
                for arm in rewritten.arms.iter_mut() {
                    let stmts = self.assign_into(&arm.body, target)?;
                    *arm.body = Expr::Block(syn::ExprBlock {
                        attrs: Vec::new(),
                        label: None,
                        block: syn::Block {
                            brace_token: Default::default(),
                            stmts,
                        },
                    });
                    arm.comma = Some(Default::default());
                }
                out.push(Stmt::Expr(Expr::Match(rewritten), None));
                Some(out)
            }
            // The exits themselves end the path.
            Expr::Return(_) | Expr::Break(_) | Expr::Continue(_) => {
                let mut out = self
                    .rewrite_expr(expr, Some(Default::default()))
                    .unwrap_or_default();
                if out.is_empty() {
                    out.push(Stmt::Expr(expr.clone(), Some(Default::default())));
                }
                Some(out)
            }
            leaf => {
                let (mut out, value) = self.hoisted(leaf)?;
                if self.exits(&value) {
                    return None;
                }
                out.push(syn::parse_quote!(#target = #value;));
                Some(out)
            }
        }
    }

    /// `block` with its value assigned to `target` (its statements kept).
    fn block_into(&mut self, block: &syn::Block, target: &syn::Ident) -> Option<syn::Block> {
        let mut stmts = block.stmts.clone();
        match stmts.pop() {
            Some(Stmt::Expr(tail, None)) => stmts.extend(self.assign_into(&tail, target)?),
            Some(last) => stmts.push(last),
            None => {}
        }
        Some(syn::Block {
            brace_token: block.brace_token,
            stmts,
        })
    }

    /// [`Self::hoisted`] of the part of a statement it evaluates first (an `if`'s condition,
    /// a `match`'s scrutinee), rewritten in place to read the values; `None` also when there
    /// is nothing to hoist, so that the statement is left as written.
    fn hoisted_in_place(&mut self, first: &mut Expr) -> Option<Vec<Stmt>> {
        let (out, reading) = self.hoisted(first)?;
        if out.is_empty() {
            return None;
        }
        *first = reading;
        Some(out)
    }

    /// The statements that compute each `?` that `expr` always evaluates, and `expr` reading
    /// their values; `None` when `expr` has a `?` and the function's kind of `?` is unknown.
    fn hoisted(&mut self, expr: &Expr) -> Option<(Vec<Stmt>, Expr)> {
        let mut out = Vec::new();
        let mut expr = expr.clone();
        self.hoist(&mut expr, &mut out)?;
        Some((out, expr))
    }

    /// See [`hoisted`](Self::hoisted): rewrites `expr` in place.
    fn hoist(&mut self, expr: &mut Expr, out: &mut Vec<Stmt>) -> Option<()> {
        match expr {
            Expr::Try(t) => {
                let kind = self.try_return?;
                self.hoist(&mut t.expr, out)?;
                let inner = &t.expr;
                let value = self.fresh();
                out.push(syn::parse_quote!(let #value;));
                out.push(match kind {
                    TryReturn::Option => syn::parse_quote! {
                        match #inner {
                            Some(__ad_ok) => #value = __ad_ok,
                            None => return None,
                        }
                    },
                    TryReturn::Result => syn::parse_quote! {
                        match #inner {
                            Ok(__ad_ok) => #value = __ad_ok,
                            Err(__ad_err) => return Err(no_grad(__ad_err.into())),
                        }
                    },
                });
                *expr = syn::parse_quote!(#value);
                Some(())
            }
            Expr::Binary(b) => {
                self.hoist(&mut b.left, out)?;
                // The right side of `&&` and `||` is evaluated only sometimes.
                if !matches!(b.op, syn::BinOp::And(_) | syn::BinOp::Or(_)) {
                    self.hoist(&mut b.right, out)?;
                }
                Some(())
            }
            Expr::Unary(u) => self.hoist(&mut u.expr, out),
            Expr::Paren(p) => self.hoist(&mut p.expr, out),
            Expr::Group(g) => self.hoist(&mut g.expr, out),
            Expr::Field(f) => self.hoist(&mut f.base, out),
            Expr::Cast(c) => self.hoist(&mut c.expr, out),
            Expr::Reference(r) => self.hoist(&mut r.expr, out),
            Expr::Index(i) => {
                self.hoist(&mut i.expr, out)?;
                self.hoist(&mut i.index, out)
            }
            Expr::Call(c) => {
                self.hoist(&mut c.func, out)?;
                c.args.iter_mut().try_for_each(|a| self.hoist(a, out))
            }
            Expr::MethodCall(m) => {
                self.hoist(&mut m.receiver, out)?;
                m.args.iter_mut().try_for_each(|a| self.hoist(a, out))
            }
            Expr::Tuple(t) => t.elems.iter_mut().try_for_each(|e| self.hoist(e, out)),
            Expr::Array(a) => a.elems.iter_mut().try_for_each(|e| self.hoist(e, out)),
            Expr::Struct(s) => s
                .fields
                .iter_mut()
                .try_for_each(|f| self.hoist(&mut f.expr, out)),
            _ => Some(()),
        }
    }

    /// Whether `expr` holds an exit of the statement it is in: `return`, `break` or
    /// `continue` outside the loops and closures inside it, or a `?` (when the function has a
    /// kind of `?`).
    fn exits(&self, expr: &Expr) -> bool {
        struct Finder {
            try_return: bool,
            found: bool,
            /// How many loops inside the statement enclose the expression visited: a `break`
            /// or `continue` there is the loop's, a `return` or a `?` still the function's.
            loops: usize,
        }
        impl<'a> syn::visit::Visit<'a> for Finder {
            fn visit_expr(&mut self, e: &'a Expr) {
                match e {
                    Expr::Return(_) => self.found = true,
                    Expr::Break(_) | Expr::Continue(_) if self.loops == 0 => self.found = true,
                    Expr::Try(_) if self.try_return && self.loops == 0 => self.found = true,
                    Expr::Closure(_) | Expr::Async(_) | Expr::Macro(_) => {}
                    Expr::Loop(_) | Expr::While(_) | Expr::ForLoop(_) => {
                        self.loops += 1;
                        syn::visit::visit_expr(self, e);
                        self.loops -= 1;
                    }
                    other => syn::visit::visit_expr(self, other),
                }
            }
            fn visit_item(&mut self, _: &'a syn::Item) {}
        }
        let mut finder = Finder {
            try_return: self.try_return.is_some(),
            found: false,
            loops: 0,
        };
        syn::visit::Visit::visit_expr(&mut finder, expr);
        finder.found
    }
}
