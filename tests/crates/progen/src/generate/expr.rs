//! Expressions of generated programs: leaves (parameters, locals, slice elements, literals),
//! bounded float operations and calls of earlier functions, and the conditions of branches and
//! loops.

use super::*;

impl Gen {
    /// A typed leaf (never a bare literal, whose type rustc could not infer for a method).
    pub(super) fn leaf(&mut self) -> Expr {
        let mut options = Vec::new();
        for (n, k) in self.visible() {
            match k {
                VarKind::Float { .. } => {
                    options.push(Expr::Var(n.clone()));
                    options.push(Expr::Var(n));
                }
                VarKind::Slice(len) | VarKind::Vec(len) => {
                    let i = self.index(len);
                    options.push(Expr::Index(n, i));
                }
                VarKind::Ref => {
                    options.push(Expr::Deref(n.clone()));
                    options.push(Expr::Deref(n));
                }
                VarKind::Int { .. } => {
                    if self.rng.chance(0.3) {
                        options.push(Expr::IntAsF64(n));
                    }
                }
            }
        }
        let leaf = self.rng.pick(&options).clone();
        if matches!(leaf, Expr::IntAsF64(_)) {
            // `k as f64` alone is a constant: mix in a float.
            let other = self.rng.pick(&options).clone();
            return Expr::Binary(
                Binary::Mul,
                Box::new(other),
                Box::new(Expr::Unary(Unary::Cos, Box::new(leaf))),
            );
        }
        leaf
    }

    /// A bounded expression: a squashing function of anything.
    pub(super) fn bounded(&mut self, depth: usize) -> Expr {
        let op = *self.rng.pick(&[
            Unary::Sin,
            Unary::Cos,
            Unary::Tanh,
            Unary::Atan,
            Unary::Gauss,
        ]);
        Expr::Unary(op, Box::new(self.expr(depth)))
    }

    pub(super) fn bounded_or_lit(&mut self, depth: usize) -> Expr {
        if self.rng.chance(0.5) {
            Expr::Lit(self.lit())
        } else {
            self.bounded(depth)
        }
    }

    pub(super) fn expr_or_lit(&mut self, depth: usize) -> Expr {
        if self.rng.chance(0.4) {
            Expr::Lit(self.lit())
        } else {
            self.expr(depth)
        }
    }

    /// A typed expression of at most `depth` levels of operations.
    pub(super) fn expr(&mut self, depth: usize) -> Expr {
        if depth == 0 || self.rng.chance(0.25) {
            return self.leaf();
        }
        let d = depth - 1;
        match self.rng.below(12) {
            0..=3 => {
                let op = *self.rng.pick(&[
                    Unary::Neg,
                    Unary::Sin,
                    Unary::Cos,
                    Unary::Tanh,
                    Unary::Atan,
                    Unary::SqrtOnePlusSq,
                    Unary::LnOnePlusSq,
                    Unary::Gauss,
                    Unary::Square,
                ]);
                let a = match op {
                    Unary::Square => self.bounded(d),
                    // The rendering repeats these operands: keep them small.
                    Unary::SqrtOnePlusSq | Unary::LnOnePlusSq | Unary::Gauss => self.small(),
                    _ => self.expr(d),
                };
                Expr::Unary(op, Box::new(a))
            }
            4..=5 => {
                let op = if self.rng.chance(0.5) {
                    Binary::Add
                } else {
                    Binary::Sub
                };
                Expr::Binary(op, Box::new(self.expr(d)), Box::new(self.expr_or_lit(d)))
            }
            6..=7 => Expr::Binary(
                Binary::Mul,
                Box::new(self.expr(d)),
                Box::new(self.bounded_or_lit(d)),
            ),
            8 => Expr::Binary(
                Binary::SafeDiv,
                Box::new(self.expr(d)),
                Box::new(self.small()),
            ),
            9 => Expr::MulAdd(
                Box::new(self.expr(d)),
                Box::new(self.bounded_or_lit(d)),
                Box::new(self.expr_or_lit(d)),
            ),
            10 => self.call(d).unwrap_or_else(|| self.bounded(d)),
            _ => {
                if self.rng.chance(0.4) {
                    let c = self.small_cmp();
                    Expr::If(Box::new(c), Box::new(self.expr(d)), Box::new(self.expr(d)))
                } else {
                    self.call(d).unwrap_or_else(|| self.leaf())
                }
            }
        }
    }

    /// A call of an earlier function, if one fits (its slices need locals of their length).
    pub(super) fn call(&mut self, depth: usize) -> Option<Expr> {
        if self.calls_left == 0 || self.callees.is_empty() || self.loops.len() > 1 {
            return None;
        }
        let (name, sig) = self.rng.pick(&self.callees).clone();
        // Taken before the arguments, which may contain calls themselves.
        self.calls_left -= 1;
        let mut args = Vec::new();
        for p in &sig.params {
            match p.kind {
                ParamKind::Scalar => args.push(Arg::Scalar(self.expr(depth))),
                ParamKind::Slice(len) => {
                    let fits: Vec<(String, bool)> = self
                        .visible()
                        .into_iter()
                        .filter_map(|(n, k)| match k {
                            VarKind::Slice(l) if l == len => Some((n, false)),
                            VarKind::Vec(l) if l == len => Some((n, true)),
                            _ => None,
                        })
                        .collect();
                    if fits.is_empty() {
                        self.calls_left += 1;
                        return None;
                    }
                    let (name, is_vec) = self.rng.pick(&fits).clone();
                    args.push(Arg::Slice { name, is_vec });
                }
            }
        }
        Some(Expr::Call(name, args))
    }

    /// A short expression (for operands the rendering repeats, and inner conditions).
    pub(super) fn small(&mut self) -> Expr {
        let a = self.leaf();
        match self.rng.below(4) {
            0 => Expr::Unary(
                *self.rng.pick(&[Unary::Sin, Unary::Tanh, Unary::Atan]),
                Box::new(a),
            ),
            1 => Expr::Binary(Binary::Mul, Box::new(a), Box::new(Expr::Lit(self.lit()))),
            2 => Expr::Binary(Binary::Add, Box::new(a), Box::new(self.leaf())),
            _ => a,
        }
    }

    /// A comparison of short expressions (inside `if` expressions).
    pub(super) fn small_cmp(&mut self) -> Cond {
        let op = *self.rng.pick(&[Cmp::Lt, Cmp::Gt, Cmp::Le, Cmp::Ge]);
        let a = self.small();
        let b = if self.rng.chance(0.5) {
            Expr::Lit(self.lit())
        } else {
            self.small()
        };
        Cond::Cmp(op, a, b)
    }

    /// A condition that depends on floats.
    pub(super) fn cmp(&mut self) -> Cond {
        let op = *self.rng.pick(&[Cmp::Lt, Cmp::Gt, Cmp::Le, Cmp::Ge]);
        let a = self.expr(1);
        let b = self.expr_or_lit(1);
        Cond::Cmp(op, a, b)
    }

    pub(super) fn cond(&mut self) -> Cond {
        let c = self.cmp();
        match self.rng.below(8) {
            0 => Cond::Not(Box::new(c)),
            1 => Cond::And(Box::new(c), Box::new(self.cmp())),
            2 => Cond::Or(Box::new(c), Box::new(self.cmp())),
            _ => c,
        }
    }
}
