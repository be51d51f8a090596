//! Loops of generated programs, each bounded by at most 6 iterations: `for` over ranges,
//! over slices (`.iter()`, `0..len()`, `.iter_mut()`), `while` on integers, on floats and on
//! a flag, `loop` with a guard, and `let r = loop { .. }` whose breaks carry values. A loop's
//! body comes from a [`Body`], so that other shapes (shadowing in loops) reuse the loops.

use super::*;

/// The kinds of loops.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum LoopKind {
    /// `for j in a..b`
    Range,
    /// `for v in xs.iter()`, `for i in 0..xs.len()` or `for e in w.iter_mut()[.rev()]`
    Slice,
    /// `while k < n { k += 1; .. }`
    WhileInt,
    /// `while t < c && k < n { k += 1; ..; t = squash(..) }`
    WhileFloat,
    /// `while go { k += 1; ..; go = c && k < n; .. }`
    WhileFlag,
    /// `loop { k += 1; if !(k < n) { break; } .. }`, the guard last when `guard_last`
    Loop { guard_last: bool },
    /// `let r = loop { k += 1; if !(k < n) { break value; } .. };`
    LetLoop,
}

/// What makes a loop's body: `(gen, max, prelude)` gives a block of at most about `max`
/// statements in a new scope that starts with the `prelude` bindings (the loop variable).
pub(super) type Body<'a> = dyn FnMut(&mut Gen, usize, Vec<(String, VarKind)>) -> Vec<Stmt> + 'a;

impl Gen {
    /// A loop of one of the supported kinds, with a random body.
    pub(super) fn loop_stmt(&mut self) -> Vec<Stmt> {
        let label = self.label();
        let has_slices = !self.slices().is_empty();
        let bound = self.rng.range(2, 5);
        let kind = match self.rng.below(8) {
            0 => LoopKind::Range,
            1 | 2 if has_slices => LoopKind::Slice,
            3 => LoopKind::WhileInt,
            4 => LoopKind::WhileFloat,
            5 => LoopKind::WhileFlag,
            6 => LoopKind::Loop { guard_last: false },
            _ => LoopKind::LetLoop,
        };
        self.loop_of(kind, label, bound, &mut |g, max, prelude| {
            g.block(max, prelude)
        })
    }

    /// The slices and `Vec`s in scope, with their lengths and whether each is a `Vec`.
    pub(super) fn slices(&self) -> Vec<(String, usize, bool)> {
        self.visible()
            .into_iter()
            .filter_map(|(n, k)| match k {
                VarKind::Slice(l) => Some((n, l, false)),
                VarKind::Vec(l) => Some((n, l, true)),
                _ => None,
            })
            .collect()
    }

    /// A loop of `kind` (`Slice` needs a slice or `Vec` in scope) of at most `bound`
    /// iterations, preceded by the counters and flags it needs.
    pub(super) fn loop_of(
        &mut self,
        kind: LoopKind,
        label: Option<String>,
        bound: i64,
        body: &mut Body,
    ) -> Vec<Stmt> {
        let mut out = Vec::new();
        match kind {
            LoopKind::Range => out.push(self.for_range(label, bound, body)),
            LoopKind::Slice => out.push(self.for_slice(label, body)),
            LoopKind::WhileInt => {
                // while k < n { k += 1; .. }
                let k = self.counter(&mut out);
                self.loops.push(self.plain_loop(label.clone()));
                let mut stmts = vec![Stmt::Pinned(Box::new(Stmt::IntIncr(k.clone())))];
                stmts.extend(body(self, 4, vec![]));
                self.loops.pop();
                out.push(Stmt::While {
                    label,
                    cond: Cond::IntLt(k, bound),
                    body: stmts,
                });
            }
            LoopKind::WhileFloat => self.while_float(label, bound, body, &mut out),
            LoopKind::WhileFlag => self.while_flag(label, bound, body, &mut out),
            LoopKind::Loop { guard_last } => {
                let k = self.counter(&mut out);
                // A guard after the body is skipped by a `continue`: none then.
                let mut ctx = self.plain_loop(label.clone());
                ctx.may_continue = !guard_last;
                self.loops.push(ctx);
                let guard = Stmt::Pinned(Box::new(Self::guard(&k, bound, None)));
                let mut stmts = vec![Stmt::Pinned(Box::new(Stmt::IntIncr(k)))];
                if !guard_last {
                    stmts.push(guard.clone());
                }
                stmts.extend(body(self, 4, vec![]));
                if guard_last {
                    stmts.push(guard);
                }
                self.loops.pop();
                out.push(Stmt::Loop { label, body: stmts });
            }
            LoopKind::LetLoop => self.let_loop(label, bound, body, &mut out),
        }
        out
    }

    /// The context of a loop whose breaks carry no value and which `continue` may target.
    fn plain_loop(&self, label: Option<String>) -> LoopCtx {
        LoopCtx {
            label,
            value: false,
            may_continue: true,
            flag: None,
            bare: self.bare,
        }
    }

    /// `if !(k < n) { break [value]; }`
    fn guard(k: &str, bound: i64, value: Option<Expr>) -> Stmt {
        Stmt::If {
            cond: Cond::Not(Box::new(Cond::IntLt(k.to_string(), bound))),
            then: vec![Stmt::Break { label: None, value }],
            other: vec![],
        }
    }

    /// `for j in a..b { .. }`
    fn for_range(&mut self, label: Option<String>, bound: i64, body: &mut Body) -> Stmt {
        let var = self.fresh_name("j");
        let start = self.rng.range(0, 1);
        let end = start + bound;
        self.loops.push(self.plain_loop(label.clone()));
        let int = VarKind::Int {
            usize: true,
            bound: Some(end),
        };
        let body = body(self, 4, vec![(var.clone(), int)]);
        self.loops.pop();
        Stmt::ForRange {
            label,
            var,
            start,
            end,
            body,
        }
    }

    /// A loop over a slice or `Vec` in scope: its elements through `&mut`, its indices, or
    /// its elements by reference.
    fn for_slice(&mut self, label: Option<String>, body: &mut Body) -> Stmt {
        let slices = self.slices();
        let (slice, len, is_vec) = self.rng.pick(&slices).clone();
        self.loops.push(self.plain_loop(label.clone()));
        let stmt = if is_vec && self.rng.chance(0.4) {
            // The elements through `&mut` (`*v = ..`), the `Vec` itself borrowed.
            let var = self.fresh_name("e");
            let reversed = self.rng.chance(0.3);
            let prelude = vec![
                (var.clone(), VarKind::RefMut),
                (slice.clone(), VarKind::Borrowed),
            ];
            let body = body(self, 4, prelude);
            Stmt::ForIterMut {
                label,
                var,
                vec: slice,
                reversed,
                body,
            }
        } else if is_vec || self.rng.chance(0.5) {
            // Indices (writes to a `Vec` while iterating over it would not borrow).
            let var = self.fresh_name("i");
            // A slice parameter may be a longer sequence's tail (see `call`), so only a
            // `Vec`'s length bounds the index.
            let int = VarKind::Int {
                usize: true,
                bound: is_vec.then_some(len as i64),
            };
            let body = body(self, 4, vec![(var.clone(), int)]);
            Stmt::ForIndex {
                label,
                var,
                slice,
                body,
            }
        } else {
            let label = if LABEL_SLICE_LOOPS { label } else { None };
            self.loops.last_mut().unwrap().label = label.clone();
            let var = self.fresh_name("v");
            let body = body(self, 4, vec![(var.clone(), VarKind::Ref)]);
            Stmt::ForIter {
                label,
                var,
                slice,
                body,
            }
        };
        self.loops.pop();
        stmt
    }

    /// `while t < c && k < n { k += 1; ..; t = squash(..) }`
    fn while_float(
        &mut self,
        label: Option<String>,
        bound: i64,
        body: &mut Body,
        out: &mut Vec<Stmt>,
    ) {
        let t = self.carried(out);
        let k = self.counter(out);
        let op = *self.rng.pick(&[Cmp::Lt, Cmp::Gt]);
        let c = Cond::Cmp(op, Expr::Var(t.clone()), Expr::Lit(self.lit()));
        let cond = Cond::And(Box::new(c), Box::new(Cond::IntLt(k.clone(), bound)));
        self.loops.push(self.plain_loop(label.clone()));
        let mut stmts = vec![Stmt::Pinned(Box::new(Stmt::IntIncr(k)))];
        let inner = body(self, 3, vec![]);
        // The update below must assign the carried `t`, not a shadow of it.
        if inner.iter().any(|s| s.binds(&t)) {
            stmts.push(Stmt::Block(inner));
        } else {
            stmts.extend(inner);
        }
        let (op, value) = self.squashed(&t);
        stmts.push(Stmt::Assign { name: t, op, value });
        self.loops.pop();
        out.push(Stmt::While {
            label,
            cond,
            body: stmts,
        });
    }

    /// `while go { k += 1; ..; go = c && k < n; .. }`: the flag is carried.
    fn while_flag(
        &mut self,
        label: Option<String>,
        bound: i64,
        body: &mut Body,
        out: &mut Vec<Stmt>,
    ) {
        let go = self.fresh_name("go");
        out.push(Stmt::LetFlag {
            name: go.clone(),
            value: true,
        });
        let k = self.counter(out);
        self.loops.push(LoopCtx {
            label: label.clone(),
            value: false,
            may_continue: false,
            flag: Some((go.clone(), k.clone(), bound)),
            bare: self.bare,
        });
        let mut stmts = vec![Stmt::Pinned(Box::new(Stmt::IntIncr(k.clone())))];
        let before = body(self, 3, vec![]);
        let c = self.cmp();
        let set = Stmt::SetFlag {
            name: go.clone(),
            cond: Cond::And(Box::new(c), Box::new(Cond::IntLt(k, bound))),
        };
        if self.rng.chance(0.4) {
            stmts.extend(before);
            stmts.push(Stmt::Pinned(Box::new(set)));
        } else {
            stmts.push(Stmt::Pinned(Box::new(set)));
            stmts.extend(before);
        }
        self.loops.pop();
        out.push(Stmt::While {
            label,
            cond: Cond::Flag(go),
            body: stmts,
        });
    }

    /// `let r = loop { k += 1; if !(k < n) { break value; } .. };`
    fn let_loop(
        &mut self,
        label: Option<String>,
        bound: i64,
        body: &mut Body,
        out: &mut Vec<Stmt>,
    ) {
        let k = self.counter(out);
        let name = self.fresh_name("r");
        self.loops.push(LoopCtx {
            label: label.clone(),
            value: true,
            may_continue: true,
            flag: None,
            bare: self.bare,
        });
        let value = self.expr(2);
        let mut stmts = vec![
            Stmt::Pinned(Box::new(Stmt::IntIncr(k.clone()))),
            Stmt::Pinned(Box::new(Self::guard(&k, bound, Some(value)))),
        ];
        stmts.extend(body(self, 4, vec![]));
        self.loops.pop();
        self.declare(&name, VarKind::Float { mutable: false });
        out.push(Stmt::LetLoop {
            name,
            label,
            body: stmts,
        });
    }

    /// Declares a fresh counter `let mut k = 0;` (pushed onto `out`).
    pub(super) fn counter(&mut self, out: &mut Vec<Stmt>) -> String {
        let k = self.fresh_name("k");
        let ty = if self.rng.chance(0.7) {
            IntTy::Usize
        } else {
            IntTy::I32
        };
        out.push(Stmt::LetInt {
            name: k.clone(),
            ty,
            value: 0,
        });
        self.declare(
            &k,
            VarKind::Int {
                usize: ty == IntTy::Usize,
                bound: None,
            },
        );
        k
    }

    /// A mutable float to carry through a loop: an existing one or a new one.
    pub(super) fn carried(&mut self, out: &mut Vec<Stmt>) -> String {
        let names = self.mutable_floats();
        if !names.is_empty() && self.rng.chance(0.7) {
            return self.rng.pick(&names).clone();
        }
        self.fresh_float_local(out)
    }

    /// A new `let mut t = <expr>;` pushed to `out`; its name.
    pub(super) fn fresh_float_local(&mut self, out: &mut Vec<Stmt>) -> String {
        let t = self.fresh_name("t");
        let value = self.expr(2);
        out.push(Stmt::Let {
            name: t.clone(),
            mutable: true,
            value,
        });
        self.declare(&t, VarKind::Float { mutable: true });
        t
    }
}
