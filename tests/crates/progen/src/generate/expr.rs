//! Expressions of generated programs: leaves (parameters, locals, slice elements, literals),
//! bounded float operations and calls of earlier functions, and the conditions of branches and
//! loops.

use super::*;

/// Whether closures may read elements of the caller's slice parameters (`|c| c * s0[0]`): a
/// capturing closure keeps an owned copy of a captured slice.
const CAPTURE_SLICES: bool = true;

/// Whether expressions include iterator chains over slice parameters (`map`/`sum`,
/// pairwise `zip` with `skip(1)`, `fold`) whose closures capture the caller's values.
const CHAINS: bool = true;

impl Gen {
    /// A typed leaf (never a bare literal, whose type rustc could not infer for a method).
    pub(super) fn leaf(&mut self) -> Expr {
        let mut options = Vec::new();
        for (n, k) in self.visible() {
            if let Some(captures) = self.closure {
                // A closure reads floats and slice elements at literal indices.
                match k {
                    VarKind::Float { mutable } if !mutable || captures == Captures::Any => {
                        options.push(Expr::Var(n))
                    }
                    VarKind::Slice(len) if CAPTURE_SLICES => {
                        let i = IExpr::Lit(self.rng.below(len) as i64);
                        options.push(Expr::Index(n, i));
                    }
                    _ => {}
                }
                continue;
            }
            match k {
                VarKind::Float { .. } => {
                    options.push(Expr::Var(n.clone()));
                    options.push(Expr::Var(n));
                }
                VarKind::Slice(len) | VarKind::Vec(len) => {
                    let i = self.index(len);
                    options.push(Expr::Index(n, i));
                }
                VarKind::Ref | VarKind::RefMut => {
                    options.push(Expr::Deref(n.clone()));
                    options.push(Expr::Deref(n));
                }
                VarKind::Int { .. } => {
                    if self.rng.chance(0.3) {
                        options.push(Expr::IntAsF64(n));
                    }
                }
                VarKind::Fn(_) | VarKind::Borrowed => {}
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
            _ if self.closure.is_some() => self.bounded(d),
            10 if self.rng.chance(0.25) => self
                .call_swapped_closure()
                .unwrap_or_else(|| self.bounded(d)),
            10 => self
                .call_param(d)
                .or_else(|| self.call(d))
                .unwrap_or_else(|| self.bounded(d)),
            _ => {
                if self.rng.chance(0.4) {
                    let c = self.small_cmp();
                    Expr::If(Box::new(c), Box::new(self.expr(d)), Box::new(self.expr(d)))
                } else if self.closure.is_none()
                    && !self.in_chain
                    && super::UNREACHED_SHARE > 0.0
                    && self.rng.chance(super::UNREACHED_SHARE)
                {
                    Expr::Unreached(Box::new(self.expr(d)))
                } else if CHAINS && self.rng.chance(0.35) {
                    self.chain(d)
                        .or_else(|| self.call(d))
                        .unwrap_or_else(|| self.leaf())
                } else {
                    self.call(d).unwrap_or_else(|| self.leaf())
                }
            }
        }
    }

    /// Maybe an iterator chain over a slice parameter (not inside a closure or another
    /// chain): its closure reads its items and whatever the body draws from the caller.
    fn chain(&mut self, depth: usize) -> Option<Expr> {
        if self.closure.is_some() || self.in_chain {
            return None;
        }
        let slices: Vec<String> = self
            .visible()
            .into_iter()
            .filter_map(|(n, k)| matches!(k, VarKind::Slice(_)).then_some(n))
            .collect();
        if slices.is_empty() {
            return None;
        }
        let slice = self.rng.pick(&slices).clone();
        let kind = *self
            .rng
            .pick(&[ChainKind::Sum, ChainKind::Pairwise, ChainKind::Fold]);
        let count = if kind == ChainKind::Pairwise { 2 } else { 1 };
        let items: Vec<String> = (0..count).map(|_| self.fresh_name("v")).collect();
        let acc = (kind == ChainKind::Fold).then(|| self.fresh_name("acc"));
        let mut scope: Vec<(String, VarKind)> =
            items.iter().map(|v| (v.clone(), VarKind::Ref)).collect();
        scope.extend(
            acc.iter()
                .map(|a| (a.clone(), VarKind::Float { mutable: false })),
        );
        self.scopes.push(scope);
        self.in_chain = true;
        let mut body = self.expr(depth.min(2));
        // The body reads the (first) item and the accumulator.
        let mut reads = false;
        walk_expr(&body, &mut |e| {
            reads |= matches!(e, Expr::Deref(v) if *v == items[0])
        });
        if !reads {
            let item = Box::new(Expr::Deref(items[0].clone()));
            body = Expr::MulAdd(
                Box::new(Expr::Unary(Unary::Tanh, item)),
                Box::new(self.bounded_or_lit(1)),
                Box::new(body),
            );
        }
        if let Some(acc) = &acc {
            body = Expr::Binary(
                Binary::Add,
                Box::new(Expr::Var(acc.clone())),
                Box::new(body),
            );
        }
        // Still in the chain while its item and accumulator are in scope (the body's
        // factor above reads them too).
        self.in_chain = false;
        self.scopes.pop();
        Some(Expr::Chain(Box::new(Chain {
            slice,
            kind,
            items,
            acc,
            body,
        })))
    }

    /// A call of an earlier function, if one fits (its slices need locals of their length).
    pub(super) fn call(&mut self, depth: usize) -> Option<Expr> {
        self.call_of(depth, false)
    }

    /// A call of an earlier function; with `takes_fn`, of one that takes a function.
    /// Only the result calls those: the library rejects such a call whose value is dead
    /// (`let y = h1(x0, |c| c * x1);` with `y` unused: "expected a `Fn(f64)` closure,
    /// found `Capturing<..>`"), and the result is never dead.
    pub(super) fn call_of(&mut self, depth: usize, takes_fn: bool) -> Option<Expr> {
        let fits: Vec<(String, Signature)> = self
            .callees
            .iter()
            .filter(|(_, s)| {
                takes_fn
                    == s.params
                        .iter()
                        .any(|p| matches!(p.kind, ParamKind::Fn { .. }))
            })
            .cloned()
            .collect();
        if self.calls_left == 0 || fits.is_empty() || self.loops.len() > 1 {
            return None;
        }
        let (name, sig) = self.rng.pick(&fits).clone();
        // Taken before the arguments, which may contain calls themselves.
        self.calls_left -= 1;
        let mut args = Vec::new();
        for p in &sig.params {
            match p.kind {
                ParamKind::Scalar => args.push(Arg::Scalar(self.expr(depth))),
                ParamKind::Fn { arity, style } => args.push(Arg::Fn(self.fn_arg(arity, style))),
                ParamKind::Slice(len) => {
                    // A sequence of the parameter's length, or a longer one's tail (which
                    // the callee reads a prefix of, or all of through its length).
                    let fits: Vec<(String, bool, usize)> = self
                        .visible()
                        .into_iter()
                        .filter_map(|(n, k)| match k {
                            VarKind::Slice(l) if l >= len => Some((n, false, l)),
                            VarKind::Vec(l) if l >= len => Some((n, true, l)),
                            _ => None,
                        })
                        .collect();
                    if fits.is_empty() {
                        self.calls_left += 1;
                        return None;
                    }
                    let (name, is_vec, l) = self.rng.pick(&fits).clone();
                    let from =
                        (l > len || self.rng.chance(0.1)).then(|| self.rng.below(l - len + 1));
                    args.push(Arg::Slice { name, is_vec, from });
                }
            }
        }
        Some(Expr::Call(name, args))
    }

    /// Maybe `h(..)`, a call of the function parameter (never inside a closure).
    pub(super) fn call_param(&mut self, depth: usize) -> Option<Expr> {
        if self.closure.is_some() {
            return None;
        }
        let (name, arity) = self.visible().into_iter().find_map(|(n, k)| match k {
            VarKind::Fn(arity) => Some((n, arity)),
            _ => None,
        })?;
        let args = (0..arity).map(|_| self.expr(depth)).collect();
        Some(Expr::CallParam(name, args))
    }

    /// What a call passes for a function parameter of `arity` floats: a closure literal,
    /// a `let`-bound closure (declared before the statement), or a generated function.
    fn fn_arg(&mut self, arity: usize, style: FnStyle) -> FnArg {
        let dyn_ = style == FnStyle::Dyn;
        let named: Vec<String> = self
            .named_fns
            .iter()
            .filter(|(_, a)| *a == arity)
            .map(|(n, _)| n.clone())
            .collect();
        match self.rng.below(20) {
            // Never lent: the library rejects `&f3` ("is not a function with derivatives").
            0..=2 if !named.is_empty() && !dyn_ => FnArg::Named {
                name: self.rng.pick(&named).clone(),
                lent: false,
            },
            // Bound before the statement: not inside a chain, whose names it may read.
            3..=7 if !self.in_chain => {
                let (params, body) = self.closure_body(arity, Captures::Immutable);
                // The floats the closure reads from outside.
                let floats = self.visible_floats();
                let mut captured: Vec<String> = Vec::new();
                walk_expr(&body, &mut |e| {
                    if let Expr::Var(v) = e
                        && !params.contains(v)
                        && !captured.contains(v)
                        && floats.contains(v)
                    {
                        captured.push(v.clone());
                    }
                });
                let name = self.bind_closure_before(params, body);
                // Sometimes a name the closure reads is bound again before the call
                // (`let a3 = a3 * 0.5;`): the closure still reads the value where it was
                // defined.
                if !captured.is_empty() && self.rng.chance(0.25) {
                    let shadowed = self.rng.pick(&captured).clone();
                    let value = Expr::Binary(
                        Binary::Mul,
                        Box::new(Expr::Var(shadowed.clone())),
                        Box::new(Expr::Lit(self.lit())),
                    );
                    self.pending.push((
                        self.block_depth,
                        Stmt::Let {
                            name: shadowed.clone(),
                            mutable: false,
                            value,
                        },
                    ));
                    self.declare(&shadowed, VarKind::Float { mutable: false });
                }
                FnArg::Bound {
                    name,
                    lent: dyn_ || self.rng.chance(0.5),
                }
            }
            _ => {
                let (params, body) = self.closure_body(arity, Captures::Any);
                FnArg::Closure {
                    params,
                    body: Box::new(body),
                    lent: dyn_ || self.rng.chance(0.2),
                }
            }
        }
    }

    /// Maybe `g(p, q)`, a call of a `let`-bound closure `|q: f64, p: f64| ..` whose
    /// parameters are named after the caller's floats it is given, swapped (never inside a
    /// closure): each parameter must take the caller's value, not the other parameter's.
    /// Never inside a chain either: the closure is bound before the statement, where the
    /// chain's item and accumulator are not in scope.
    pub(super) fn call_swapped_closure(&mut self) -> Option<Expr> {
        if self.closure.is_some() || self.in_chain {
            return None;
        }
        let floats = self.visible_floats();
        if floats.len() < 2 {
            return None;
        }
        let p = self.rng.pick(&floats).clone();
        let q = self.rng.pick(&floats).clone();
        if p == q {
            return None;
        }
        let params = vec![q.clone(), p.clone()];
        let body = self.closure_body_of(&params, Captures::Immutable);
        let name = self.bind_closure_before(params, body);
        Some(Expr::CallParam(name, vec![Expr::Var(p), Expr::Var(q)]))
    }

    /// The name of a new `let`-bound closure, put before the statement being generated.
    fn bind_closure_before(&mut self, params: Vec<String>, body: Expr) -> String {
        let name = self.fresh_name("g");
        self.pending.push((
            self.block_depth,
            Stmt::LetClosure {
                name: name.clone(),
                params,
                body,
            },
        ));
        name
    }

    /// The float variables in scope.
    fn visible_floats(&self) -> Vec<String> {
        self.visible()
            .into_iter()
            .filter_map(|(n, k)| matches!(k, VarKind::Float { .. }).then_some(n))
            .collect()
    }

    /// Fresh parameters and a body of a closure of `arity` floats: an expression of its
    /// parameters and of what `captures` lets it read, that reads its first parameter.
    fn closure_body(&mut self, arity: usize, captures: Captures) -> (Vec<String>, Expr) {
        let params: Vec<String> = (0..arity).map(|_| self.fresh_name("c")).collect();
        let body = self.closure_body_of(&params, captures);
        (params, body)
    }

    /// A body of a closure of the float parameters `params` (see `closure_body`).
    fn closure_body_of(&mut self, params: &[String], captures: Captures) -> Expr {
        let outer = self.closure.replace(captures);
        self.scopes.push(
            params
                .iter()
                .map(|p| (p.clone(), VarKind::Float { mutable: false }))
                .collect(),
        );
        let mut body = self.expr(3);
        let mut reads = false;
        walk_expr(&body, &mut |e| {
            reads |= matches!(e, Expr::Var(v) if *v == params[0])
        });
        if !reads {
            let p = Box::new(Expr::Var(params[0].clone()));
            let squashed = Expr::Unary(*self.rng.pick(&[Unary::Sin, Unary::Tanh]), p);
            body = Expr::MulAdd(
                Box::new(squashed),
                Box::new(self.bounded_or_lit(1)),
                Box::new(body),
            );
        }
        self.scopes.pop();
        self.closure = outer;
        body
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
