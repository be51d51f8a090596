//! Loops whose bodies shadow a float they also assign, in every kind of loop (`loop` with
//! a guard first or last, `while` on an integer or a flag, `for` over a range, a slice's
//! elements or indices, `let r = loop { .. }`):
//!
//! ```text
//! loop { k += 1; v = squash(v); let v = 100.0 * x; s += v.sin() * ..; if !(k < 3) { break; } }
//! s += v.tanh();   // the outer v after the loop
//! ```
//!
//! The shadowing `let` comes after an assignment of the outer name, or before it inside a
//! branch or a block, or it is `let mut v = ..` that the body then assigns; a body may hold
//! a nested loop that does the same to the same name. The shadow is read (an update of
//! another float, or a `break` on it), and the outer float is read after the loop.

use super::loops::LoopKind;
use super::*;

impl Gen {
    /// A loop whose body shadows a float it assigns, with what it needs before it and a
    /// read of the float after it.
    pub(super) fn shadow_loop(&mut self) -> Vec<Stmt> {
        let mut out = Vec::new();
        // A float other than the shadowed one stays visible for the reads.
        let names = self.mutable_floats();
        let v = if names.len() >= 2 && self.rng.chance(0.6) {
            self.rng.pick(&names).clone()
        } else {
            self.fresh_float_local(&mut out)
        };
        self.shadow_loop_on(&v, &mut out);
        out
    }

    /// A loop of a random kind whose body shadows `v` (a mutable float in scope), then a
    /// read of `v`, pushed onto `out`.
    fn shadow_loop_on(&mut self, v: &str, out: &mut Vec<Stmt>) {
        let kinds = [
            LoopKind::Range,
            LoopKind::Slice,
            LoopKind::WhileInt,
            LoopKind::WhileFlag,
            LoopKind::Loop { guard_last: false },
            LoopKind::Loop { guard_last: true },
            LoopKind::LetLoop,
        ];
        let mut kind = *self.rng.pick(&kinds);
        if kind == LoopKind::Slice && self.slices().is_empty() {
            kind = LoopKind::Range;
        }
        let label = self.label();
        let bound = self.rng.range(2, 5);
        let name = v.to_string();
        let stmts = self.loop_of(kind, label, bound, &mut |g, _, prelude| {
            g.shadow_body(&name, prelude)
        });
        out.extend(stmts);
        if let Some(read) = self.read_of(v) {
            out.push(read);
        }
    }

    /// A loop body (in a new scope starting with `prelude`) that assigns and shadows `v`.
    fn shadow_body(&mut self, v: &str, prelude: Vec<(String, VarKind)>) -> Vec<Stmt> {
        self.scopes.push(prelude);
        self.block_depth += 1;
        let mut out = Vec::new();
        let n = self.rng.below(2);
        self.stmts_here(n, &mut out);
        match self.rng.below(4) {
            0 => {
                // v = ..; ..; let v = ..;
                self.assign_outer(v, &mut out);
                let n = self.rng.below(2);
                self.stmts_here(n, &mut out);
                self.shadow_let(v, None, &mut out);
            }
            1 => {
                // if c { let v = ..; .. } v = ..;   (or a bare block)
                let inner = self.shadow_scope(v);
                self.push_here(inner, &mut out);
                self.assign_outer(v, &mut out);
            }
            2 => {
                // A nested loop that does the same, then v = ..; let v = ..;
                if self.loops.len() < 2 && self.block_depth < 4 {
                    let mut nested = Vec::new();
                    self.shadow_loop_on(v, &mut nested);
                    out.extend(self.take_pending());
                    out.extend(nested);
                }
                self.assign_outer(v, &mut out);
                self.shadow_let(v, None, &mut out);
            }
            _ => {
                // let mut v = ..; v = ..;  (the outer v is left alone)
                self.shadow_let(v, Some(true), &mut out);
            }
        }
        let n = self.rng.below(2);
        self.stmts_here(n, &mut out);
        self.block_depth -= 1;
        self.scopes.pop();
        out
    }

    /// `n` random statements into the current scope (fewer when the budget runs out).
    fn stmts_here(&mut self, n: usize, out: &mut Vec<Stmt>) {
        for _ in 0..n {
            if self.stmts_left == 0 {
                break;
            }
            let s = self.stmt();
            out.extend(self.take_pending());
            out.extend(s);
        }
    }

    /// Pushes `s` after the closures it needs.
    fn push_here(&mut self, s: Stmt, out: &mut Vec<Stmt>) {
        out.extend(self.take_pending());
        out.push(s);
    }

    /// An assignment of `v` (a literal one for a share), if `v` is still the mutable float.
    fn assign_outer(&mut self, v: &str, out: &mut Vec<Stmt>) {
        if self.kind_of(v) == Some(VarKind::Float { mutable: true }) {
            let stmts = self.assign_or_literal(v.to_string());
            out.extend(self.take_pending());
            out.extend(stmts);
        }
    }

    /// `let [mut] v = ..;` (of the outer `v` or not), assigned when mutable, then mostly read.
    fn shadow_let(&mut self, v: &str, mutable: Option<bool>, out: &mut Vec<Stmt>) {
        let mutable = mutable.unwrap_or_else(|| self.rng.chance(0.35));
        let outer = Box::new(Expr::Var(v.to_string()));
        let value = match self.rng.below(3) {
            0 => Expr::Binary(
                Binary::Mul,
                Box::new(Expr::Lit(self.lit())),
                Box::new(self.leaf()),
            ),
            1 => Expr::Binary(
                Binary::Add,
                Box::new(Expr::Binary(
                    Binary::Mul,
                    outer,
                    Box::new(Expr::Lit(self.lit())),
                )),
                Box::new(self.bounded(1)),
            ),
            _ if mutable && self.rng.chance(0.5) => *outer,
            _ => self.expr(2),
        };
        self.declare(v, VarKind::Float { mutable });
        let name = v.to_string();
        self.push_here(
            Stmt::Let {
                name: name.clone(),
                mutable,
                value,
            },
            out,
        );
        if mutable {
            self.assign_outer(v, out);
        }
        if self.rng.chance(0.85) {
            self.shadow_use(v, out);
        }
    }

    /// `if c { let v = ..; .. }` (maybe with an `else`) or `{ let v = ..; .. }`.
    fn shadow_scope(&mut self, v: &str) -> Stmt {
        let bare = self.rng.chance(0.3);
        let cond = (!bare).then(|| self.cond());
        self.bare += usize::from(bare);
        self.scopes.push(vec![]);
        self.block_depth += 1;
        let mut inner = Vec::new();
        self.shadow_let(v, None, &mut inner);
        let n = self.rng.below(2);
        self.stmts_here(n, &mut inner);
        self.block_depth -= 1;
        self.scopes.pop();
        self.bare -= usize::from(bare);
        match cond {
            None => Stmt::Block(inner),
            Some(cond) => {
                let other = if self.rng.chance(0.5) {
                    self.branch()
                } else {
                    vec![]
                };
                Stmt::If {
                    cond,
                    then: inner,
                    other,
                }
            }
        }
    }

    /// A read of the shadow `v`: an update of another float by a method of it, or a `break`
    /// on a comparison of it (carrying it when the loop's breaks carry values).
    fn shadow_use(&mut self, v: &str, out: &mut Vec<Stmt>) {
        let others: Vec<String> = self
            .mutable_floats()
            .into_iter()
            .filter(|n| n != v)
            .collect();
        let may_break = self.loops.last().is_some_and(|l| l.bare == self.bare);
        let want_break = others.is_empty() || self.rng.chance(0.3);
        let var = || Box::new(Expr::Var(v.to_string()));
        if want_break && may_break {
            let carries = self.loops.last().is_some_and(|l| l.value);
            let value = carries.then(|| {
                let tanh = Expr::Unary(Unary::Tanh, var());
                Expr::Binary(Binary::Add, Box::new(tanh), Box::new(self.expr(1)))
            });
            let op = *self.rng.pick(&[Cmp::Lt, Cmp::Gt]);
            let cond = Cond::Cmp(op, *var(), Expr::Lit(self.lit()));
            let stop = Stmt::Break { label: None, value };
            let s = Stmt::If {
                cond,
                then: vec![stop],
                other: vec![],
            };
            self.push_here(s, out);
        } else if !others.is_empty() {
            let s = self.method_use(v);
            self.push_here(s, out);
        }
    }

    /// `s += v.tanh();` (or another bounded method) for a mutable float `s` other than `v`.
    fn read_of(&mut self, v: &str) -> Option<Stmt> {
        let others: Vec<String> = self
            .mutable_floats()
            .into_iter()
            .filter(|n| n != v)
            .collect();
        if others.is_empty() {
            return None;
        }
        let other = self.rng.pick(&others).clone();
        let op = *self
            .rng
            .pick(&[Unary::Sin, Unary::Cos, Unary::Tanh, Unary::Atan]);
        Some(Stmt::Assign {
            name: other,
            op: AssignOp::Add,
            value: Expr::Unary(op, Box::new(Expr::Var(v.to_string()))),
        })
    }
}
