//! Random generation of programs: `generate(seed, index)` is deterministic, and a function
//! calls only earlier functions of its group (`GROUP` consecutive indices) of a lower level,
//! whose signatures it derives from `(seed, index)` alone. Values stay bounded: every
//! operation is a squashing or slowly growing one, products have a bounded factor, and
//! loop-carried updates are squashed, so nothing overflows or goes NaN.

use crate::ast::*;
use crate::rng::Rng;
use std::collections::{BTreeMap, BTreeSet};

/// Functions call earlier functions of the same group of this many indices only, so that a
/// batch aligned to the group needs nothing from outside it.
pub const GROUP: usize = 50;

/// What callers need to know about a function before it is generated.
#[derive(Clone, Debug)]
pub struct Signature {
    pub params: Vec<Param>,
    /// 0: calls nothing; 1: calls level 0; 2: calls levels 0 and 1. Bounds the call depth,
    /// and with it the running time.
    pub level: u8,
}

/// The name of function `index`.
pub fn name(index: usize) -> String {
    format!("f{index}")
}

/// The signature of function `index` of batch `seed`.
pub fn signature(seed: u64, index: usize) -> Signature {
    let mut rng = Rng::from_parts(&[seed, index as u64, 0x5167]);
    let n = 1 + rng.below(3);
    let params = (0..n)
        .map(|i| {
            if rng.chance(0.3) {
                Param {
                    name: format!("s{i}"),
                    kind: ParamKind::Slice(2 + rng.below(2)),
                }
            } else {
                Param {
                    name: format!("x{i}"),
                    kind: ParamKind::Scalar,
                }
            }
        })
        .collect();
    let level = match rng.below(10) {
        0..=4 => 0,
        5..=7 => 1,
        _ => 2,
    };
    Signature { params, level }
}

/// Function `index` of batch `seed`.
pub fn generate(seed: u64, index: usize) -> Function {
    let sig = signature(seed, index);
    let start = index - index % GROUP;
    let callees = (start..index)
        .map(|j| (name(j), signature(seed, j)))
        .filter(|(_, s)| s.level < sig.level)
        .collect();
    let mut g = Gen {
        rng: Rng::from_parts(&[seed, index as u64, 0xB0D7]),
        scopes: vec![Vec::new()],
        loops: Vec::new(),
        fresh: 0,
        block_depth: 0,
        callees,
        calls_left: if sig.level > 0 { 2 } else { 0 },
        stmts_left: 0,
        bare: 0,
    };
    g.stmts_left = 8 + g.rng.below(16);
    for p in &sig.params {
        let kind = match p.kind {
            ParamKind::Scalar => VarKind::Float { mutable: false },
            ParamKind::Slice(n) => VarKind::Slice(n),
        };
        g.declare(&p.name, kind);
    }
    // Accumulators that later statements (and loops) update.
    let mut body = Vec::new();
    for _ in 0..1 + g.rng.below(2) {
        let name = g.fresh_name("a");
        let value = g.expr(2);
        body.push(Stmt::Let {
            name: name.clone(),
            mutable: true,
            value,
        });
        g.declare(&name, VarKind::Float { mutable: true });
    }
    while g.stmts_left > 0 {
        let s = g.stmt();
        body.extend(s);
    }
    // The result reads an accumulator, so that what the body did matters.
    let acc = g.pick_float(true).unwrap_or_else(|| g.leaf());
    let result = Expr::Binary(Binary::Add, Box::new(acc), Box::new(g.expr(2)));
    Function {
        name: name(index),
        seed,
        index,
        params: sig.params,
        body,
        result,
    }
}

/// Functions `indices` of batch `seed`, in order, with the functions they call (directly or
/// not).
pub fn batch(seed: u64, indices: impl IntoIterator<Item = usize>) -> Vec<Function> {
    let mut all: BTreeMap<usize, Function> = BTreeMap::new();
    let mut todo: Vec<usize> = indices.into_iter().collect();
    while let Some(i) = todo.pop() {
        if all.contains_key(&i) {
            continue;
        }
        let f = generate(seed, i);
        for c in f.callees() {
            todo.push(c[1..].parse().expect("callee names are f<index>"));
        }
        all.insert(i, f);
    }
    all.into_values().collect()
}

/// The functions `root` needs: itself and what it calls, directly or not, in the order of
/// `functions`.
pub fn reachable(functions: &[Function], root: &str) -> Vec<Function> {
    let mut keep = BTreeSet::new();
    let mut todo = vec![root.to_string()];
    while let Some(n) = todo.pop() {
        if keep.insert(n.clone()) {
            if let Some(f) = functions.iter().find(|f| f.name == n) {
                todo.extend(f.callees());
            }
        }
    }
    functions
        .iter()
        .filter(|f| keep.contains(&f.name))
        .cloned()
        .collect()
}

#[derive(Clone, Debug, PartialEq)]
enum VarKind {
    Float {
        mutable: bool,
    },
    /// An integer local; `bound` is an exclusive upper bound when it is known.
    Int {
        usize: bool,
        bound: Option<i64>,
    },
    Vec(usize),
    Slice(usize),
    /// The `&f64` variable of `for v in xs.iter()`.
    Ref,
}

struct LoopCtx {
    label: Option<String>,
    /// `let r = loop { .. }`: breaks carry values.
    value: bool,
    /// Whether `continue` may target it (not a flag loop: it could skip the flag update).
    may_continue: bool,
    /// For `while go { .. }`: the flag, its counter and the bound.
    flag: Option<(String, String, i64)>,
    /// `bare` when the loop was entered: an exit may cross no bare block `{ .. }`, which
    /// is not where an iteration ends (the library rejects that).
    bare: usize,
}

struct Gen {
    rng: Rng,
    scopes: Vec<Vec<(String, VarKind)>>,
    loops: Vec<LoopCtx>,
    fresh: usize,
    block_depth: usize,
    callees: Vec<(String, Signature)>,
    calls_left: usize,
    stmts_left: usize,
    /// How many bare blocks `{ .. }` enclose the statement being generated.
    bare: usize,
}

/// Whether `for v in xs.iter()` loops get labels. Off: the library loses such a label
/// (`break 'l` inside `'l: for v in xs.iter()` gives "no enclosing loop is labelled").
const LABEL_SLICE_LOOPS: bool = true;

impl Gen {
    fn fresh_name(&mut self, prefix: &str) -> String {
        self.fresh += 1;
        format!("{prefix}{}", self.fresh)
    }

    fn declare(&mut self, name: &str, kind: VarKind) {
        self.scopes
            .last_mut()
            .unwrap()
            .push((name.to_string(), kind));
    }

    /// Variables in scope, the innermost binding of each name.
    fn visible(&self) -> Vec<(String, VarKind)> {
        let mut seen = BTreeSet::new();
        let mut out = Vec::new();
        for scope in self.scopes.iter().rev() {
            for (n, k) in scope.iter().rev() {
                if seen.insert(n.clone()) {
                    out.push((n.clone(), k.clone()));
                }
            }
        }
        out.sort_by(|a, b| a.0.cmp(&b.0));
        out
    }

    fn pick_float(&mut self, mutable_only: bool) -> Option<Expr> {
        let names: Vec<String> = self
            .visible()
            .into_iter()
            .filter(|(_, k)| match k {
                VarKind::Float { mutable } => *mutable || !mutable_only,
                _ => false,
            })
            .map(|(n, _)| n)
            .collect();
        if names.is_empty() {
            None
        } else {
            Some(Expr::Var(self.rng.pick(&names).clone()))
        }
    }

    fn mutable_floats(&self) -> Vec<String> {
        self.visible()
            .into_iter()
            .filter(|(_, k)| *k == VarKind::Float { mutable: true })
            .map(|(n, _)| n)
            .collect()
    }

    fn lit(&mut self) -> f64 {
        let v = (self.rng.uniform(-2.0, 2.0) * 100.0).round() / 100.0;
        if v == 0.0 { 0.5 } else { v }
    }

    /// An index in `0..len`: a literal, a loop variable known to be in range, or a counter
    /// modulo `len`.
    fn index(&mut self, len: usize) -> IExpr {
        let mut options = vec![IExpr::Lit(self.rng.below(len) as i64)];
        for (n, k) in self.visible() {
            if let VarKind::Int { usize: true, bound } = k {
                match bound {
                    Some(b) if b <= len as i64 => options.push(IExpr::Var(n)),
                    _ => options.push(IExpr::Mod(n, len as i64)),
                }
            }
        }
        self.rng.pick(&options).clone()
    }

    /// A typed leaf (never a bare literal, whose type rustc could not infer for a method).
    fn leaf(&mut self) -> Expr {
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
    fn bounded(&mut self, depth: usize) -> Expr {
        let op = *self.rng.pick(&[
            Unary::Sin,
            Unary::Cos,
            Unary::Tanh,
            Unary::Atan,
            Unary::Gauss,
        ]);
        Expr::Unary(op, Box::new(self.expr(depth)))
    }

    fn bounded_or_lit(&mut self, depth: usize) -> Expr {
        if self.rng.chance(0.5) {
            Expr::Lit(self.lit())
        } else {
            self.bounded(depth)
        }
    }

    fn expr_or_lit(&mut self, depth: usize) -> Expr {
        if self.rng.chance(0.4) {
            Expr::Lit(self.lit())
        } else {
            self.expr(depth)
        }
    }

    /// A typed expression of at most `depth` levels of operations.
    fn expr(&mut self, depth: usize) -> Expr {
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
    fn call(&mut self, depth: usize) -> Option<Expr> {
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
    fn small(&mut self) -> Expr {
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
    fn small_cmp(&mut self) -> Cond {
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
    fn cmp(&mut self) -> Cond {
        let op = *self.rng.pick(&[Cmp::Lt, Cmp::Gt, Cmp::Le, Cmp::Ge]);
        let a = self.expr(1);
        let b = self.expr_or_lit(1);
        Cond::Cmp(op, a, b)
    }

    fn cond(&mut self) -> Cond {
        let c = self.cmp();
        match self.rng.below(8) {
            0 => Cond::Not(Box::new(c)),
            1 => Cond::And(Box::new(c), Box::new(self.cmp())),
            2 => Cond::Or(Box::new(c), Box::new(self.cmp())),
            _ => c,
        }
    }

    /// A block in a new scope, of 1 to `max` statements.
    fn block(&mut self, max: usize, prelude: Vec<(String, VarKind)>) -> Vec<Stmt> {
        self.scopes.push(prelude);
        self.block_depth += 1;
        let n = 1 + self.rng.below(max);
        let mut out = Vec::new();
        for _ in 0..n {
            if self.stmts_left == 0 && !out.is_empty() {
                break;
            }
            out.extend(self.stmt());
        }
        self.block_depth -= 1;
        self.scopes.pop();
        out
    }

    /// A branch of an `if` or `match`: a block that may end in an exit or a flag update.
    fn branch(&mut self) -> Vec<Stmt> {
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
    fn exit(&mut self) -> Option<Stmt> {
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
    fn squashed(&mut self, name: &str) -> (AssignOp, Expr) {
        let v = Box::new(Expr::Var(name.to_string()));
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

    fn assign(&mut self, name: String) -> Stmt {
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

    fn label(&mut self) -> Option<String> {
        if self.rng.chance(0.3) {
            Some(self.fresh_name("'l"))
        } else {
            None
        }
    }

    /// One statement, or a few when a loop needs its counter declared first.
    fn stmt(&mut self) -> Vec<Stmt> {
        self.stmts_left = self.stmts_left.saturating_sub(1);
        let nested_ok = self.block_depth < 4;
        let loop_ok = self.loops.len() < 2 && nested_ok;
        loop {
            match self.rng.below(20) {
                0..=2 => {
                    let name = self.fresh_name("a");
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
                    let elems = (0..n).map(|_| self.expr(2)).collect();
                    self.declare(&name, VarKind::Vec(n));
                    return vec![Stmt::LetVec { name, elems }];
                }
                16..=17 => {
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

    fn match_stmt(&mut self) -> Vec<Stmt> {
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
    fn loop_stmt(&mut self) -> Vec<Stmt> {
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
                if is_vec || self.rng.chance(0.5) {
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
    fn counter(&mut self, out: &mut Vec<Stmt>) -> String {
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
    fn carried(&mut self, out: &mut Vec<Stmt>) -> String {
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
