//! A small resolver for generated programs: whether every name a function uses is bound, with
//! the right kind, where it is used, and every `break`/`continue` has its loop. The shrinker
//! deletes statements blindly and keeps only the variants this accepts, so that one
//! uncompilable variant cannot spoil a build of many.

use crate::ast::*;
use std::collections::BTreeMap;

#[derive(Clone, Copy, PartialEq, Debug)]
enum Kind {
    Float {
        mutable: bool,
    },
    Int {
        usize: bool,
    },
    Flag,
    Vec,
    Slice,
    Ref,
    /// The `&mut f64` of `for v in w.iter_mut()`.
    RefMut,
    /// A `Vec` the loop around borrows: not to be named.
    Borrowed,
    /// A function parameter of this arity.
    Fn(usize),
    /// A `let`-bound closure of this arity.
    Closure(usize),
}

struct Loop {
    label: Option<String>,
    value: bool,
}

struct Resolver<'a> {
    scopes: Vec<Vec<(String, Kind)>>,
    loops: Vec<Loop>,
    /// Parameter kinds of the functions that may be called.
    functions: &'a BTreeMap<String, Vec<ParamKind>>,
}

/// Whether `f` is well formed, calling only `functions` (name to parameter kinds).
pub fn valid(f: &Function, functions: &BTreeMap<String, Vec<ParamKind>>) -> bool {
    let params = f
        .params
        .iter()
        .map(|p| {
            let k = match p.kind {
                ParamKind::Scalar => Kind::Float { mutable: false },
                ParamKind::Slice(_) => Kind::Slice,
                ParamKind::Fn { arity, .. } => Kind::Fn(arity),
            };
            (p.name.clone(), k)
        })
        .collect();
    let mut r = Resolver {
        scopes: vec![params],
        loops: vec![],
        functions,
    };
    // The body's own statements may not exit (only branches may); the result sees its locals.
    let exits = f.body.iter().any(|s| {
        matches!(
            s,
            Stmt::Break { .. } | Stmt::Continue { .. } | Stmt::Return(_)
        )
    });
    !exits && r.block(&f.body) && r.expr(&f.result)
}

impl Resolver<'_> {
    fn lookup(&self, name: &str) -> Option<Kind> {
        self.scopes
            .iter()
            .rev()
            .find_map(|s| s.iter().rev().find(|(n, _)| n == name).map(|(_, k)| *k))
    }

    fn declare(&mut self, name: &str, kind: Kind) {
        self.scopes
            .last_mut()
            .unwrap()
            .push((name.to_string(), kind));
    }

    fn is(&self, name: &str, ok: impl Fn(Kind) -> bool) -> bool {
        self.lookup(name).is_some_and(ok)
    }

    /// A block in a new scope. Only a `branch` of an `if`/`match` may end in an exit
    /// (`break`, `continue`, `return`), and only at its end: that is where the library
    /// supports them, and splicing a branch into its parent must not move one elsewhere.
    fn scoped(&mut self, prelude: Vec<(String, Kind)>, body: &[Stmt], lp: Option<Loop>) -> bool {
        self.scoped_in(prelude, body, lp, false)
    }

    fn scoped_in(
        &mut self,
        prelude: Vec<(String, Kind)>,
        body: &[Stmt],
        lp: Option<Loop>,
        branch: bool,
    ) -> bool {
        let exit = |s: &Stmt| {
            matches!(
                s,
                Stmt::Break { .. } | Stmt::Continue { .. } | Stmt::Return(_)
            )
        };
        let misplaced = body
            .iter()
            .enumerate()
            .any(|(i, s)| exit(s) && !(branch && i + 1 == body.len()));
        if misplaced {
            return false;
        }
        self.scopes.push(prelude);
        let pushed = lp.is_some();
        if let Some(l) = lp {
            self.loops.push(l);
        }
        let ok = self.block(body);
        if pushed {
            self.loops.pop();
        }
        self.scopes.pop();
        ok
    }

    fn block(&mut self, body: &[Stmt]) -> bool {
        body.iter().all(|s| self.stmt(s))
    }

    fn int(&self, i: &IExpr) -> bool {
        match i {
            IExpr::Lit(_) => true,
            IExpr::Var(n) | IExpr::Mod(n, _) => self.is(n, |k| matches!(k, Kind::Int { .. })),
        }
    }

    fn index(&self, i: &IExpr) -> bool {
        match i {
            IExpr::Lit(_) => true,
            IExpr::Var(n) | IExpr::Mod(n, _) => self.is(n, |k| k == Kind::Int { usize: true }),
        }
    }

    fn target(&self, label: &Option<String>) -> Option<&Loop> {
        match label {
            None => self.loops.last(),
            Some(l) => self
                .loops
                .iter()
                .rev()
                .find(|lp| lp.label.as_ref() == Some(l)),
        }
    }

    fn stmt(&mut self, s: &Stmt) -> bool {
        match s {
            Stmt::Let {
                name,
                mutable,
                value,
            } => {
                let ok = self.expr(value);
                self.declare(name, Kind::Float { mutable: *mutable });
                ok
            }
            Stmt::LetClosure { name, params, body } => {
                let ok = self.closure(params, body);
                self.declare(name, Kind::Closure(params.len()));
                ok
            }
            Stmt::LetInt { name, ty, .. } => {
                self.declare(
                    name,
                    Kind::Int {
                        usize: *ty == IntTy::Usize,
                    },
                );
                true
            }
            Stmt::LetIntIf { name, cond, .. } => {
                let ok = self.cond(cond);
                self.declare(name, Kind::Int { usize: true });
                ok
            }
            Stmt::LetFlag { name, .. } => {
                self.declare(name, Kind::Flag);
                true
            }
            Stmt::LetVec { name, elems, .. } => {
                let ok = elems.iter().all(|e| self.expr(e));
                self.declare(name, Kind::Vec);
                ok
            }
            Stmt::Assign { name, value, .. } => {
                self.is(name, |k| k == Kind::Float { mutable: true }) && self.expr(value)
            }
            Stmt::AssignDeref { name, value, .. } => {
                self.is(name, |k| k == Kind::RefMut) && self.expr(value)
            }
            Stmt::AssignIndex {
                name, index, value, ..
            } => self.is(name, |k| k == Kind::Vec) && self.index(index) && self.expr(value),
            Stmt::IntIncr(name) => self.is(name, |k| matches!(k, Kind::Int { .. })),
            Stmt::SetFlag { name, cond } => self.is(name, |k| k == Kind::Flag) && self.cond(cond),
            Stmt::If { cond, then, other } => {
                self.cond(cond)
                    && self.scoped_in(vec![], then, None, true)
                    && self.scoped_in(vec![], other, None, true)
            }
            Stmt::Match {
                scrutinee,
                arms,
                default,
            } => {
                self.int(scrutinee)
                    && arms
                        .iter()
                        .all(|(_, b)| self.scoped_in(vec![], b, None, true))
                    && self.scoped_in(vec![], default, None, true)
            }
            Stmt::ForRange { .. }
            | Stmt::ForIter { .. }
            | Stmt::ForIterMut { .. }
            | Stmt::ForIndex { .. }
            | Stmt::While { .. }
            | Stmt::Loop { .. }
            | Stmt::LetLoop { .. } => self.loop_stmt(s),
            Stmt::Break { label, value } => {
                let Some(t) = self.target(label) else {
                    return false;
                };
                t.value == value.is_some() && value.as_ref().is_none_or(|v| self.expr(v))
            }
            Stmt::Continue { label } => self.target(label).is_some(),
            Stmt::Return(e) => self.expr(e),
            Stmt::LetOrExit {
                name,
                cond,
                value,
                exit,
                ..
            } => {
                let is_exit = matches!(
                    **exit,
                    Stmt::Break { .. } | Stmt::Continue { .. } | Stmt::Return(_)
                );
                let ok = is_exit && self.cond(cond) && self.expr(value) && self.stmt(exit);
                self.declare(name, Kind::Float { mutable: false });
                ok
            }
            Stmt::Block(body) => self.scoped(vec![], body, None),
            Stmt::Pinned(inner) => self.stmt(inner),
            // What a `cfg` removes is not resolved (nor declares anything).
            Stmt::Cfg { pred, stmt } => !pred.holds() || self.stmt(stmt),
        }
    }

    /// A loop: its variable and its label are in scope in its body.
    fn loop_stmt(&mut self, s: &Stmt) -> bool {
        let plain = |label: &Option<String>| {
            Some(Loop {
                label: label.clone(),
                value: false,
            })
        };
        match s {
            Stmt::ForRange {
                label, var, body, ..
            } => self.scoped(
                vec![(var.clone(), Kind::Int { usize: true })],
                body,
                plain(label),
            ),
            Stmt::ForIter {
                label,
                var,
                slice,
                body,
            } => {
                self.is(slice, |k| k == Kind::Slice)
                    && self.scoped(vec![(var.clone(), Kind::Ref)], body, plain(label))
            }
            Stmt::ForIterMut {
                label,
                var,
                vec,
                body,
                ..
            } => {
                self.is(vec, |k| k == Kind::Vec)
                    && self.scoped(
                        vec![(var.clone(), Kind::RefMut), (vec.clone(), Kind::Borrowed)],
                        body,
                        plain(label),
                    )
            }
            Stmt::ForIndex {
                label,
                var,
                slice,
                body,
            } => {
                self.is(slice, |k| matches!(k, Kind::Slice | Kind::Vec))
                    && self.scoped(
                        vec![(var.clone(), Kind::Int { usize: true })],
                        body,
                        plain(label),
                    )
            }
            Stmt::While { label, cond, body } => {
                self.cond(cond) && self.scoped(vec![], body, plain(label))
            }
            Stmt::Loop { label, body } => self.scoped(vec![], body, plain(label)),
            Stmt::LetLoop { name, label, body } => {
                let ok = self.scoped(
                    vec![],
                    body,
                    Some(Loop {
                        label: label.clone(),
                        value: true,
                    }),
                );
                self.declare(name, Kind::Float { mutable: false });
                ok
            }
            _ => unreachable!("not a loop"),
        }
    }

    fn cond(&self, c: &Cond) -> bool {
        match c {
            Cond::Cmp(_, a, b) => self.expr(a) && self.expr(b),
            Cond::IntLt(k, _) => self.is(k, |k| matches!(k, Kind::Int { .. })),
            Cond::Flag(n) => self.is(n, |k| k == Kind::Flag),
            Cond::Not(a) => self.cond(a),
            Cond::And(a, b) | Cond::Or(a, b) => self.cond(a) && self.cond(b),
        }
    }

    fn expr(&self, e: &Expr) -> bool {
        match e {
            Expr::Var(n) => self.is(n, |k| matches!(k, Kind::Float { .. })),
            Expr::Lit(_) => true,
            Expr::Index(n, i) => {
                self.is(n, |k| matches!(k, Kind::Vec | Kind::Slice)) && self.index(i)
            }
            Expr::Deref(n) => self.is(n, |k| matches!(k, Kind::Ref | Kind::RefMut)),
            Expr::IntAsF64(n) => self.is(n, |k| matches!(k, Kind::Int { .. })),
            Expr::Unary(_, a) => self.expr(a),
            Expr::Binary(_, a, b) => self.expr(a) && self.expr(b),
            Expr::MulAdd(a, b, c) => self.expr(a) && self.expr(b) && self.expr(c),
            Expr::Call(name, args) => {
                let Some(kinds) = self.functions.get(name) else {
                    return false;
                };
                kinds.len() == args.len()
                    && args.iter().zip(kinds).all(|(a, k)| match (a, k) {
                        (Arg::Scalar(e), ParamKind::Scalar) => self.expr(e),
                        (Arg::Slice { name, is_vec, .. }, ParamKind::Slice(_)) => {
                            self.is(name, |k| k == if *is_vec { Kind::Vec } else { Kind::Slice })
                        }
                        (Arg::Fn(f), ParamKind::Fn { arity, .. }) => self.fn_arg(f, *arity),
                        _ => false,
                    })
            }
            Expr::If(c, a, b) => self.cond(c) && self.expr(a) && self.expr(b),
            Expr::Unreached(a) => self.expr(a),
            Expr::CallParam(name, args) => {
                let arity = args.len();
                self.is(name, |k| k == Kind::Fn(arity) || k == Kind::Closure(arity))
                    && args.iter().all(|a| self.expr(a))
            }
            Expr::Chain(chain) => {
                let mut scopes = self.scopes.clone();
                let mut params: Vec<(String, Kind)> =
                    chain.items.iter().map(|v| (v.clone(), Kind::Ref)).collect();
                params.extend(
                    chain
                        .acc
                        .iter()
                        .map(|a| (a.clone(), Kind::Float { mutable: false })),
                );
                scopes.push(params.into_iter().collect());
                let inner = Resolver {
                    scopes,
                    loops: vec![],
                    functions: self.functions,
                };
                self.is(&chain.slice, |k| k == Kind::Slice) && inner.expr(&chain.body)
            }
        }
    }

    /// Whether a closure's body resolves with its parameters in scope.
    fn closure(&self, params: &[String], body: &Expr) -> bool {
        let mut scopes = self.scopes.clone();
        scopes.push(
            params
                .iter()
                .map(|p| (p.clone(), Kind::Float { mutable: false }))
                .collect(),
        );
        let inner = Resolver {
            scopes,
            loops: vec![],
            functions: self.functions,
        };
        inner.expr(body)
    }

    /// Whether `f` is a function of `arity` floats.
    fn fn_arg(&self, f: &FnArg, arity: usize) -> bool {
        match f {
            FnArg::Closure { params, body, .. } => {
                params.len() == arity && self.closure(params, body)
            }
            FnArg::Bound { name, .. } => self.is(name, |k| k == Kind::Closure(arity)),
            FnArg::Named { name, .. } => self.functions.get(name).is_some_and(|kinds| {
                kinds.len() == arity && kinds.iter().all(|k| *k == ParamKind::Scalar)
            }),
        }
    }
}
