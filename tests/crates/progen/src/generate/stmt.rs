//! Statements of generated programs: `let`, assignments squashed to stay bounded, `if`,
//! `match`, the loop forms with their counters and flags, and the exits (`break`, `break
//! value`, `continue`, labelled ones, `return`) placed where they end a branch.

use super::*;

impl Gen {
    /// A block in a new scope, of 1 to `max` statements.
    pub(super) fn block(&mut self, max: usize, prelude: Vec<(String, VarKind)>) -> Vec<Stmt> {
        self.scopes.push(prelude);
        self.block_depth += 1;
        let n = 1 + self.rng.below(max);
        let mut out = Vec::new();
        for _ in 0..n {
            if self.stmts_left == 0 && !out.is_empty() {
                break;
            }
            let s = self.stmt();
            out.extend(self.take_pending());
            out.extend(s);
        }
        self.block_depth -= 1;
        self.scopes.pop();
        out
    }

    /// A branch of an `if` or `match`: a block that may end in an exit or a flag update.
    pub(super) fn branch(&mut self) -> Vec<Stmt> {
        let mut b = self.block(3, vec![]);
        // A flag loop's flag may be set in any branch inside it (still guarded by its counter).
        if let Some((flag, k, n)) = self.loops.iter().rev().find_map(|l| l.flag.clone()) {
            if self.rng.chance(0.3) {
                let c = self.cmp();
                b.push(Stmt::SetFlag {
                    name: flag,
                    cond: Cond::And(Box::new(c), Box::new(Cond::IntLt(k, n))),
                });
            }
        }
        if let Some(exit) = self.exit() {
            b.push(exit);
        }
        b
    }

    /// Maybe a `break`, `continue` or `return`, to end a branch.
    pub(super) fn exit(&mut self) -> Option<Stmt> {
        let innermost_ok = self.loops.last().is_some_and(|l| l.bare == self.bare);
        if innermost_ok && self.rng.chance(0.35) {
            // The innermost loop, or a labelled outer one.
            let mut targets: Vec<usize> = vec![self.loops.len() - 1];
            for (i, l) in self.loops.iter().enumerate() {
                if l.label.is_some() && i + 1 < self.loops.len() && l.bare == self.bare {
                    targets.push(i);
                }
            }
            let t = *self.rng.pick(&targets);
            let innermost = t + 1 == self.loops.len();
            let label = if innermost && self.rng.chance(0.5) {
                None
            } else {
                self.loops[t].label.clone()
            };
            if self.rng.chance(0.4) && self.loops[t].may_continue {
                return Some(Stmt::Continue { label });
            }
            let value = if self.loops[t].value {
                Some(self.expr(2))
            } else {
                None
            };
            return Some(Stmt::Break { label, value });
        }
        if self.bare == 0
            && self
                .rng
                .chance(if self.loops.is_empty() { 0.12 } else { 0.08 })
        {
            return Some(Stmt::Return(self.expr(2)));
        }
        None
    }

    /// A squashed update of `name` (used in loops, where updates are carried).
    pub(super) fn squashed(&mut self, name: &str) -> (AssignOp, Expr) {
        self.squashed_of(Expr::Var(name.to_string()))
    }

    /// A squashed update of the place `target` reads (a local, or `*e`).
    pub(super) fn squashed_of(&mut self, target: Expr) -> (AssignOp, Expr) {
        let v = Box::new(target);
        match self.rng.below(6) {
            0 => {
                let inner = Expr::Binary(
                    Binary::Add,
                    Box::new(Expr::Binary(Binary::Mul, v, Box::new(Expr::Lit(1.3)))),
                    Box::new(self.expr(2)),
                );
                (AssignOp::Set, Expr::Unary(Unary::Tanh, Box::new(inner)))
            }
            1 => {
                let e = Expr::Binary(Binary::Mul, v, Box::new(Expr::Lit(0.9)));
                (
                    AssignOp::Set,
                    Expr::Binary(Binary::Add, Box::new(e), Box::new(self.bounded(2))),
                )
            }
            2 => (AssignOp::Add, self.bounded(2)),
            3 => (AssignOp::Sub, self.bounded(2)),
            4 => (
                AssignOp::Mul,
                Expr::Unary(Unary::Cos, Box::new(self.expr(2))),
            ),
            _ => (AssignOp::Set, self.bounded(2)),
        }
    }

    pub(super) fn assign(&mut self, name: String) -> Stmt {
        let (op, value) = if !self.loops.is_empty() || self.rng.chance(0.3) {
            self.squashed(&name)
        } else {
            let op = *self
                .rng
                .pick(&[AssignOp::Set, AssignOp::Add, AssignOp::Sub]);
            (op, self.expr(3))
        };
        Stmt::Assign { name, op, value }
    }

    pub(super) fn label(&mut self) -> Option<String> {
        if self.rng.chance(0.3) {
            Some(self.fresh_name("'l"))
        } else {
            None
        }
    }

    /// One statement, or a few when a loop needs its counter declared first.
    pub(super) fn stmt(&mut self) -> Vec<Stmt> {
        self.stmts_left = self.stmts_left.saturating_sub(1);
        let nested_ok = self.block_depth < 4;
        let loop_ok = self.loops.len() < 2 && nested_ok;
        loop {
            match self.rng.below(20) {
                0..=2 => {
                    let name = self.fresh_name("a");
                    // A value with an exit as its other branch.
                    if self.rng.chance(0.3)
                        && let Some(exit) = self.exit()
                    {
                        let (cond, value) = (self.cond(), self.expr(3));
                        self.declare(&name, VarKind::Float { mutable: false });
                        return vec![Stmt::LetOrExit {
                            name,
                            cond,
                            value,
                            exit: Box::new(exit),
                            exit_first: self.rng.chance(0.5),
                        }];
                    }
                    let mutable = self.rng.chance(0.5);
                    let value = self.expr(3);
                    self.declare(&name, VarKind::Float { mutable });
                    return vec![Stmt::Let {
                        name,
                        mutable,
                        value,
                    }];
                }
                3 if self.block_depth > 0 => {
                    // Shadowing inside a block; `let mut v = v;` then updates is a classic.
                    let Some(Expr::Var(name)) = self.pick_float(false) else {
                        continue;
                    };
                    let mutable = self.rng.chance(0.6);
                    let value = if mutable && self.rng.chance(0.5) {
                        Expr::Var(name.clone())
                    } else {
                        self.expr(2)
                    };
                    self.declare(&name, VarKind::Float { mutable });
                    let mut out = vec![Stmt::Let {
                        name: name.clone(),
                        mutable,
                        value,
                    }];
                    if mutable {
                        out.push(self.assign(name));
                    }
                    return out;
                }
                4..=7 => {
                    let names = self.mutable_floats();
                    if names.is_empty() {
                        continue;
                    }
                    let name = self.rng.pick(&names).clone();
                    return vec![self.assign(name)];
                }
                8..=9 if nested_ok => {
                    let cond = self.cond();
                    let then = self.branch();
                    let other = if self.rng.chance(0.6) {
                        self.branch()
                    } else {
                        vec![]
                    };
                    return vec![Stmt::If { cond, then, other }];
                }
                10 if nested_ok => return self.match_stmt(),
                11..=14 if loop_ok => return self.loop_stmt(),
                15 => {
                    let name = self.fresh_name("w");
                    let n = 2 + self.rng.below(3);
                    let mut elems: Vec<Expr> = (0..n).map(|_| self.expr(2)).collect();
                    self.declare(&name, VarKind::Vec(n));
                    // Every other vector untyped, and half of those of unsuffixed literals
                    // only (their type fixed by their uses alone), chosen by the name rather
                    // than drawn from the generator, so that a batch keeps its programs.
                    let key = name.bytes().map(u32::from).sum::<u32>() as usize;
                    let typed = key % 2 == 0;
                    // Literals alone leave the type to a later use, which must come before
                    // any method call on an element, as rustc requires: a pinned
                    // `w[0] += x * 0.0;` with a float `x` in scope.
                    let float = self
                        .visible()
                        .into_iter()
                        .find(|(_, kind)| matches!(kind, VarKind::Float { .. }));
                    if let (1, Some((x, _))) = (key % 4, float) {
                        elems = (0..n)
                            .map(|k| {
                                Expr::Lit((((key * 37 + k * 101) % 300) as f64 - 150.0) / 100.0)
                            })
                            .collect();
                        let typing = Stmt::AssignIndex {
                            name: name.clone(),
                            index: IExpr::Lit(0),
                            op: AssignOp::Add,
                            value: Expr::Binary(
                                Binary::Mul,
                                Box::new(Expr::Var(x)),
                                Box::new(Expr::Lit(0.0)),
                            ),
                        };
                        return vec![
                            Stmt::LetVec { name, elems, typed },
                            Stmt::Pinned(Box::new(typing)),
                        ];
                    }
                    return vec![Stmt::LetVec { name, elems, typed }];
                }
                16..=17 => {
                    // `*e op= ..` through the element of a `for e in w.iter_mut()`.
                    let elements: Vec<String> = self
                        .visible()
                        .into_iter()
                        .filter(|(_, k)| *k == VarKind::RefMut)
                        .map(|(n, _)| n)
                        .collect();
                    if !elements.is_empty() && self.rng.chance(0.6) {
                        let name = self.rng.pick(&elements).clone();
                        let (op, value) = self.squashed_of(Expr::Deref(name.clone()));
                        return vec![Stmt::AssignDeref { name, op, value }];
                    }
                    let vecs: Vec<(String, usize)> = self
                        .visible()
                        .into_iter()
                        .filter_map(|(n, k)| {
                            if let VarKind::Vec(l) = k {
                                Some((n, l))
                            } else {
                                None
                            }
                        })
                        .collect();
                    if vecs.is_empty() {
                        continue;
                    }
                    let (name, len) = self.rng.pick(&vecs).clone();
                    let index = self.index(len);
                    let (op, value) = if self.loops.is_empty() && self.rng.chance(0.5) {
                        (AssignOp::Set, self.expr(3))
                    } else {
                        (
                            *self
                                .rng
                                .pick(&[AssignOp::Set, AssignOp::Add, AssignOp::Mul]),
                            self.bounded(2),
                        )
                    };
                    return vec![Stmt::AssignIndex {
                        name,
                        index,
                        op,
                        value,
                    }];
                }
                18 if nested_ok => {
                    self.bare += 1;
                    let b = self.block(3, vec![]);
                    self.bare -= 1;
                    return vec![Stmt::Block(b)];
                }
                19 if self.rng.chance(0.3) => {
                    let name = self.fresh_name("n");
                    let cond = self.cond();
                    let (then, other) = (self.rng.range(0, 2), self.rng.range(0, 2));
                    self.declare(
                        &name,
                        VarKind::Int {
                            usize: true,
                            bound: Some(3),
                        },
                    );
                    return vec![Stmt::LetIntIf {
                        name,
                        cond,
                        then,
                        other,
                    }];
                }
                _ => continue,
            }
        }
    }

    pub(super) fn match_stmt(&mut self) -> Vec<Stmt> {
        let ints: Vec<String> = self
            .visible()
            .into_iter()
            .filter(|(_, k)| matches!(k, VarKind::Int { .. }))
            .map(|(n, _)| n)
            .collect();
        let mut out = Vec::new();
        let name = if ints.is_empty() {
            let name = self.fresh_name("n");
            let cond = self.cond();
            self.declare(
                &name,
                VarKind::Int {
                    usize: true,
                    bound: Some(3),
                },
            );
            out.push(Stmt::LetIntIf {
                name: name.clone(),
                cond,
                then: 1,
                other: 2,
            });
            name
        } else {
            self.rng.pick(&ints).clone()
        };
        let scrutinee = IExpr::Mod(name, 3);
        let mut arms = Vec::new();
        if self.rng.chance(0.5) {
            arms.push((vec![0], self.branch()));
            arms.push((vec![1, 2], self.branch()));
        } else {
            arms.push((vec![self.rng.range(0, 2)], self.branch()));
        }
        let default = self.branch();
        out.push(Stmt::Match {
            scrutinee,
            arms,
            default,
        });
        out
    }

    /// A loop of one of the supported kinds, each bounded by at most 6 iterations.
    pub(super) fn loop_stmt(&mut self) -> Vec<Stmt> {
        let label = self.label();
        let slices: Vec<(String, usize, bool)> = self
            .visible()
            .into_iter()
            .filter_map(|(n, k)| match k {
                VarKind::Slice(l) => Some((n, l, false)),
                VarKind::Vec(l) => Some((n, l, true)),
                _ => None,
            })
            .collect();
        let bare = self.bare;
        let plain = |label: Option<String>| LoopCtx {
            label,
            value: false,
            may_continue: true,
            flag: None,
            bare,
        };
        let bound = self.rng.range(2, 5);
        let mut out = Vec::new();
        match self.rng.below(8) {
            0 => {
                let var = self.fresh_name("j");
                let start = self.rng.range(0, 1);
                let end = start + bound;
                self.loops.push(plain(label.clone()));
                let body = self.block(
                    4,
                    vec![(
                        var.clone(),
                        VarKind::Int {
                            usize: true,
                            bound: Some(end),
                        },
                    )],
                );
                self.loops.pop();
                out.push(Stmt::ForRange {
                    label,
                    var,
                    start,
                    end,
                    body,
                });
            }
            1 | 2 if !slices.is_empty() => {
                let (slice, len, is_vec) = self.rng.pick(&slices).clone();
                self.loops.push(plain(label.clone()));
                if is_vec && self.rng.chance(0.4) {
                    // The elements through `&mut` (`*v = ..`), the `Vec` itself borrowed.
                    let var = self.fresh_name("e");
                    let reversed = self.rng.chance(0.3);
                    let prelude = vec![
                        (var.clone(), VarKind::RefMut),
                        (slice.clone(), VarKind::Borrowed),
                    ];
                    let body = self.block(4, prelude);
                    out.push(Stmt::ForIterMut {
                        label,
                        var,
                        vec: slice,
                        reversed,
                        body,
                    });
                } else if is_vec || self.rng.chance(0.5) {
                    // Indices (writes to a `Vec` while iterating over it would not borrow).
                    let var = self.fresh_name("i");
                    let prelude = vec![(
                        var.clone(),
                        VarKind::Int {
                            usize: true,
                            bound: Some(len as i64),
                        },
                    )];
                    let body = self.block(4, prelude);
                    out.push(Stmt::ForIndex {
                        label,
                        var,
                        slice,
                        body,
                    });
                } else {
                    let label = if LABEL_SLICE_LOOPS { label } else { None };
                    self.loops.last_mut().unwrap().label = label.clone();
                    let var = self.fresh_name("v");
                    let body = self.block(4, vec![(var.clone(), VarKind::Ref)]);
                    out.push(Stmt::ForIter {
                        label,
                        var,
                        slice,
                        body,
                    });
                }
                self.loops.pop();
            }
            3 => {
                // while k < n { k += 1; .. }
                let k = self.counter(&mut out);
                self.loops.push(plain(label.clone()));
                let mut body = vec![Stmt::Pinned(Box::new(Stmt::IntIncr(k.clone())))];
                body.extend(self.block(4, vec![]));
                self.loops.pop();
                out.push(Stmt::While {
                    label,
                    cond: Cond::IntLt(k, bound),
                    body,
                });
            }
            4 => {
                // while t < c && k < n { k += 1; ..; t = squash(..) }
                let t = self.carried(&mut out);
                let k = self.counter(&mut out);
                let op = *self.rng.pick(&[Cmp::Lt, Cmp::Gt]);
                let c = Cond::Cmp(op, Expr::Var(t.clone()), Expr::Lit(self.lit()));
                let cond = Cond::And(Box::new(c), Box::new(Cond::IntLt(k.clone(), bound)));
                self.loops.push(plain(label.clone()));
                let mut body = vec![Stmt::Pinned(Box::new(Stmt::IntIncr(k)))];
                let inner = self.block(3, vec![]);
                // The update below must assign the carried `t`, not a shadow of it.
                if inner
                    .iter()
                    .any(|s| matches!(s, Stmt::Let { name, .. } if *name == t))
                {
                    body.push(Stmt::Block(inner));
                } else {
                    body.extend(inner);
                }
                let (op, value) = self.squashed(&t);
                body.push(Stmt::Assign { name: t, op, value });
                self.loops.pop();
                out.push(Stmt::While { label, cond, body });
            }
            5 => {
                // while go { k += 1; ..; go = c && k < n; .. }: the flag is carried.
                let go = self.fresh_name("go");
                out.push(Stmt::LetFlag {
                    name: go.clone(),
                    value: true,
                });
                let k = self.counter(&mut out);
                self.loops.push(LoopCtx {
                    label: label.clone(),
                    value: false,
                    may_continue: false,
                    flag: Some((go.clone(), k.clone(), bound)),
                    bare,
                });
                let mut body = vec![Stmt::Pinned(Box::new(Stmt::IntIncr(k.clone())))];
                let before = self.block(3, vec![]);
                let c = self.cmp();
                let set = Stmt::SetFlag {
                    name: go.clone(),
                    cond: Cond::And(Box::new(c), Box::new(Cond::IntLt(k, bound))),
                };
                if self.rng.chance(0.4) {
                    body.extend(before);
                    body.push(Stmt::Pinned(Box::new(set)));
                } else {
                    body.push(Stmt::Pinned(Box::new(set)));
                    body.extend(before);
                }
                self.loops.pop();
                out.push(Stmt::While {
                    label,
                    cond: Cond::Flag(go),
                    body,
                });
            }
            6 => {
                // loop { k += 1; if !(k < n) { break; } .. }
                let k = self.counter(&mut out);
                self.loops.push(plain(label.clone()));
                let guard = Stmt::If {
                    cond: Cond::Not(Box::new(Cond::IntLt(k.clone(), bound))),
                    then: vec![Stmt::Break {
                        label: None,
                        value: None,
                    }],
                    other: vec![],
                };
                let mut body = vec![
                    Stmt::Pinned(Box::new(Stmt::IntIncr(k))),
                    Stmt::Pinned(Box::new(guard)),
                ];
                body.extend(self.block(4, vec![]));
                self.loops.pop();
                out.push(Stmt::Loop { label, body });
            }
            _ => {
                // let r = loop { k += 1; if !(k < n) { break value; } .. };
                let k = self.counter(&mut out);
                let name = self.fresh_name("r");
                self.loops.push(LoopCtx {
                    label: label.clone(),
                    value: true,
                    may_continue: true,
                    flag: None,
                    bare,
                });
                let value = self.expr(2);
                let guard = Stmt::If {
                    cond: Cond::Not(Box::new(Cond::IntLt(k.clone(), bound))),
                    then: vec![Stmt::Break {
                        label: None,
                        value: Some(value),
                    }],
                    other: vec![],
                };
                let mut body = vec![
                    Stmt::Pinned(Box::new(Stmt::IntIncr(k))),
                    Stmt::Pinned(Box::new(guard)),
                ];
                body.extend(self.block(4, vec![]));
                self.loops.pop();
                self.declare(&name, VarKind::Float { mutable: false });
                out.push(Stmt::LetLoop { name, label, body });
            }
        }
        out
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
