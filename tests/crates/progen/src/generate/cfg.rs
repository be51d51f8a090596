//! Statements under `#[cfg(..)]` whose predicates (of `target_pointer_width`, with `not`,
//! `any` and `all`) hold or do not: a `let`, two alternative `let c = ..;` under
//! complementary predicates, a block of assignments (rustc takes no attribute on a bare
//! assignment), an `if` and a loop. What a predicate removes declares nothing: the
//! generator evaluates each predicate as rustc will ([`CfgPred::holds`]).

use super::*;

impl Gen {
    /// One of the `cfg` shapes; `nested_ok` allows those with blocks, `loop_ok` loops.
    pub(super) fn cfg_stmt(&mut self, nested_ok: bool, loop_ok: bool) -> Vec<Stmt> {
        let shapes = if nested_ok { 5 } else { 2 };
        match self.rng.below(shapes) {
            0 => {
                let pred = self.cfg_pred(2);
                let (name, mutable, value) = self.cfg_let_parts();
                if pred.holds() {
                    self.declare(&name, VarKind::Float { mutable });
                }
                vec![cfg(
                    pred,
                    Stmt::Let {
                        name,
                        mutable,
                        value,
                    },
                )]
            }
            1 => self.cfg_pair(),
            2 => self.cfg_assignments(),
            3 => {
                let pred = self.cfg_pred(2);
                let cond = self.cond();
                let then = self.branch();
                let other = if self.rng.chance(0.5) {
                    self.branch()
                } else {
                    vec![]
                };
                vec![cfg(pred, Stmt::If { cond, then, other })]
            }
            _ if loop_ok => {
                let pred = self.cfg_pred(2);
                let mut out = self.loop_stmt();
                // `let r = loop { .. };` declares `r`: under a predicate that holds only.
                let last = out.pop().expect("a loop");
                if matches!(last, Stmt::LetLoop { .. }) && !pred.holds() {
                    out.push(last);
                } else {
                    out.push(cfg(pred, last));
                }
                out
            }
            _ => self.cfg_assignments(),
        }
    }

    /// The name (fresh, or a float's it shadows), mutability and value of a `cfg`'d `let`.
    fn cfg_let_parts(&mut self) -> (String, bool, Expr) {
        let name = match self.pick_float(false) {
            Some(Expr::Var(n)) if self.rng.chance(0.3) => n,
            _ => self.fresh_name("c"),
        };
        let mutable = self.rng.chance(0.3);
        (name, mutable, self.expr(2))
    }

    /// `#[cfg(p)] let c = ..; #[cfg(not p)] let c = ..;` (in either order), mostly with a
    /// read of `c` after them.
    fn cfg_pair(&mut self) -> Vec<Stmt> {
        let p = self.cfg_pred(2);
        let q = self.complement(&p);
        let (name, mutable, first) = self.cfg_let_parts();
        let second = self.expr(2);
        self.declare(&name, VarKind::Float { mutable });
        let let_ = |value| Stmt::Let {
            name: name.clone(),
            mutable,
            value,
        };
        // The closures the values bound before them go first; those the read of `c` binds go
        // after the `let`s, since they may read `c` (seed 60221 f9299, E0425).
        let mut out = self.take_pending();
        let mut lets = vec![cfg(p, let_(first)), cfg(q, let_(second))];
        if self.rng.chance(0.5) {
            lets.swap(0, 1);
        }
        out.extend(lets);
        if self.rng.chance(0.7) {
            let read = self.method_use(&name);
            out.extend(self.take_pending());
            out.push(read);
        }
        out
    }

    /// `#[cfg(p)] { a op= ..; .. }`, or a `cfg`'d `let` when no float may be assigned.
    fn cfg_assignments(&mut self) -> Vec<Stmt> {
        let pred = self.cfg_pred(2);
        self.bare += 1;
        self.scopes.push(vec![]);
        self.block_depth += 1;
        let mut body = Vec::new();
        for _ in 0..1 + self.rng.below(2) {
            let names = self.mutable_floats();
            if names.is_empty() {
                break;
            }
            let name = self.rng.pick(&names).clone();
            let stmts = self.assign_or_literal(name);
            body.extend(self.take_pending());
            body.extend(stmts);
        }
        self.block_depth -= 1;
        self.scopes.pop();
        self.bare -= 1;
        if body.is_empty() {
            let (name, mutable, value) = self.cfg_let_parts();
            if pred.holds() {
                self.declare(&name, VarKind::Float { mutable });
            }
            return vec![cfg(
                pred,
                Stmt::Let {
                    name,
                    mutable,
                    value,
                },
            )];
        }
        vec![cfg(pred, Stmt::Block(body))]
    }

    /// A predicate of at most `depth` levels of `not`/`any`/`all`, holding or not.
    pub(super) fn cfg_pred(&mut self, depth: usize) -> CfgPred {
        let atom = |g: &mut Gen| CfgPred::PointerWidth(*g.rng.pick(&[64, 64, 32, 16]));
        if depth == 0 {
            return atom(self);
        }
        match self.rng.below(6) {
            0..=2 => atom(self),
            3 => CfgPred::Not(Box::new(self.cfg_pred(depth - 1))),
            k => {
                // Mostly two, sometimes one or none (`any()` is false, `all()` true).
                let n = match self.rng.below(8) {
                    0 => 0,
                    1 => 1,
                    _ => 2,
                };
                let ps = (0..n).map(|_| self.cfg_pred(depth - 1)).collect();
                if k == 4 {
                    CfgPred::Any(ps)
                } else {
                    CfgPred::All(ps)
                }
            }
        }
    }

    /// A predicate that holds exactly when `p` does not: `not(p)`, or `p` negated through
    /// `any`/`all` (De Morgan).
    pub(super) fn complement(&mut self, p: &CfgPred) -> CfgPred {
        let negate = |p: &CfgPred| match p {
            CfgPred::Not(q) => (**q).clone(),
            _ => CfgPred::Not(Box::new(p.clone())),
        };
        if self.rng.chance(0.5) {
            return CfgPred::Not(Box::new(p.clone()));
        }
        match p {
            CfgPred::Any(ps) => CfgPred::All(ps.iter().map(negate).collect()),
            CfgPred::All(ps) => CfgPred::Any(ps.iter().map(negate).collect()),
            _ => negate(p),
        }
    }
}

fn cfg(pred: CfgPred, stmt: Stmt) -> Stmt {
    Stmt::Cfg {
        pred,
        stmt: Box::new(stmt),
    }
}
