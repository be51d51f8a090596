//! Statements of generated programs: `let`, assignments squashed to stay bounded, `if`,
//! `match`, blocks, and the exits (`break`, `break value`, `continue`, labelled ones,
//! `return`) placed where they end a branch. Loops are in `loops.rs`, the newer shapes in
//! `shadow.rs`, `literal.rs` and `cfg.rs`.

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
        if SHADOW_LOOP_SHARE > 0.0 && loop_ok && self.rng.chance(SHADOW_LOOP_SHARE) {
            return self.shadow_loop();
        }
        if CFG_SHARE > 0.0 && self.rng.chance(CFG_SHARE) {
            return self.cfg_stmt(nested_ok, loop_ok);
        }
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
                    return self.assign_or_literal(name);
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
                15 => return self.let_vec(),
                16..=17 => match self.element_write() {
                    Some(s) => return s,
                    None => continue,
                },
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
}
