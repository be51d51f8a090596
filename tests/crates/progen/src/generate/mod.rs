//! Random generation of programs: `generate(seed, index)` is deterministic, and a function
//! calls only earlier functions of its group (`GROUP` consecutive indices) of a lower level,
//! whose signatures it derives from `(seed, index)` alone. Values stay bounded: every
//! operation is a squashing or slowly growing one, products have a bounded factor, and
//! loop-carried updates are squashed, so nothing overflows or goes NaN.

mod cfg;
mod expr;
mod literal;
mod loops;
mod shadow;
mod stmt;
mod vecs;

use crate::ast::*;
use crate::rng::Rng;
use std::collections::{BTreeMap, BTreeSet};

/// Functions call earlier functions of the same group of this many indices only, so that a
/// batch aligned to the group needs nothing from outside it.
pub const GROUP: usize = 50;

/// The share of the functions that may be called (levels 0 and 1) that take a function
/// parameter `h`. (At 0.0 the batches are exactly those of the generator without function
/// parameters.)
pub const FN_PARAM_SHARE: f64 = 0.3;

/// The share of statements that are a loop whose body shadows a float it also assigns
/// (`v = ..; let v = ..;` in every kind of loop, nested loops too; `generate/shadow.rs`),
/// with the float read after the loop.
pub const SHADOW_LOOP_SHARE: f64 = 0.05;

/// The share of assignments of float locals that assign a literal (`v = 0.5;`), mostly
/// followed by a method called on the local (`s += v.sin() * ..;`; `generate/literal.rs`).
pub const LITERAL_ASSIGN_SHARE: f64 = 0.15;

/// The share of statements under `#[cfg(..)]` (`let`s, pairs of `let`s under complementary
/// predicates, blocks of assignments, `if`s and loops; `generate/cfg.rs`), whose
/// predicates hold or do not.
///
/// With these three shares at 0.0 the batches are exactly those of the generator without
/// these shapes: each draws from the generator only when its share is above 0.0.
pub const CFG_SHARE: f64 = 0.04;

/// How often an expression is wrapped in a branch that is never taken and panics
/// (`(if a > f64::MAX { panic!(..) } else { a })`, issue 35); at 0.0 it draws nothing.
pub const UNREACHED_SHARE: f64 = 0.03;

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
        .collect::<Vec<Param>>();
    let level = match rng.below(10) {
        0..=4 => 0,
        5..=7 => 1,
        _ => 2,
    };
    // Some functions that others may call take a function too.
    let mut params = params;
    if FN_PARAM_SHARE > 0.0 && level < 2 && rng.chance(FN_PARAM_SHARE) {
        let arity = if rng.chance(0.25) { 2 } else { 1 };
        let style = *rng.pick(&[FnStyle::Impl, FnStyle::Dyn, FnStyle::Generic]);
        let at = rng.below(params.len() + 1);
        params.insert(
            at,
            Param {
                name: "h".to_string(),
                kind: ParamKind::Fn { arity, style },
            },
        );
    }
    Signature { params, level }
}

/// Function `index` of batch `seed`.
pub fn generate(seed: u64, index: usize) -> Function {
    let sig = signature(seed, index);
    let start = index - index % GROUP;
    let callees = (start..index)
        .map(|j| (name(j), signature(seed, j)))
        .filter(|(_, s)| s.level < sig.level)
        .collect::<Vec<(String, Signature)>>();
    // Functions of one or two scalars, which callers may pass for a function parameter.
    let named_fns = callees
        .iter()
        .filter(|(_, s)| {
            s.params.len() <= 2 && s.params.iter().all(|p| p.kind == ParamKind::Scalar)
        })
        .map(|(n, s)| (n.clone(), s.params.len()))
        .collect();
    let mut g = Gen {
        rng: Rng::from_parts(&[seed, index as u64, 0xB0D7]),
        scopes: vec![Vec::new()],
        loops: Vec::new(),
        fresh: 0,
        block_depth: 0,
        callees,
        named_fns,
        closure: None,
        pending: Vec::new(),
        calls_left: if sig.level > 0 { 2 } else { 0 },
        stmts_left: 0,
        bare: 0,
        in_chain: false,
    };
    g.stmts_left = 8 + g.rng.below(16);
    for p in &sig.params {
        let kind = match p.kind {
            ParamKind::Scalar => VarKind::Float { mutable: false },
            ParamKind::Slice(n) => VarKind::Slice(n),
            ParamKind::Fn { arity, .. } => VarKind::Fn(arity),
        };
        g.declare(&p.name, kind);
    }
    // Accumulators that later statements (and loops) update.
    let mut body = Vec::new();
    for _ in 0..1 + g.rng.below(2) {
        let name = g.fresh_name("a");
        let value = g.expr(2);
        body.extend(g.take_pending());
        body.push(Stmt::Let {
            name: name.clone(),
            mutable: true,
            value,
        });
        g.declare(&name, VarKind::Float { mutable: true });
    }
    while g.stmts_left > 0 {
        let s = g.stmt();
        body.extend(g.take_pending());
        body.extend(s);
    }
    // The result reads an accumulator, so that what the body did matters, and calls the
    // function parameter if there is one.
    let acc = g.pick_float(true).unwrap_or_else(|| g.leaf());
    let takes_fn = |s: &Signature| {
        s.params
            .iter()
            .any(|p| matches!(p.kind, ParamKind::Fn { .. }))
    };
    if g.callees.iter().any(|(_, s)| takes_fn(s)) {
        g.calls_left = g.calls_left.max(1);
    }
    let calls: Vec<Expr> = [g.call_param(1), g.call_of(2, true)]
        .into_iter()
        .flatten()
        .collect();
    let rest = calls
        .into_iter()
        .reduce(|a, b| Expr::Binary(Binary::Add, Box::new(a), Box::new(b)))
        .unwrap_or_else(|| g.expr(2));
    let result = Expr::Binary(Binary::Add, Box::new(acc), Box::new(rest));
    body.extend(g.take_pending());
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
    /// The `&mut f64` variable of `for v in w.iter_mut()`.
    RefMut,
    /// A `Vec` that the loop being generated borrows (`for v in w.iter_mut()`): not used.
    Borrowed,
    /// A function parameter of this many floats.
    Fn(usize),
}

/// What the body of a closure being generated may read.
#[derive(Clone, Copy, PartialEq)]
enum Captures {
    /// Any float (a closure literal, made where it is called).
    Any,
    /// Immutable floats only (a `let`-bound closure, which borrows what it captures).
    Immutable,
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
    /// Callees of one or two scalars, with their arity.
    named_fns: Vec<(String, usize)>,
    /// Set while generating a closure's body: no calls, no branches, floats only.
    closure: Option<Captures>,
    /// `let`-bound closures to declare before the statement being generated, with the
    /// `block_depth` of the block that statement is in.
    pending: Vec<(usize, Stmt)>,
    calls_left: usize,
    stmts_left: usize,
    /// How many bare blocks `{ .. }` enclose the statement being generated.
    bare: usize,
    /// Set while generating an iterator chain's closure: no chain inside it.
    in_chain: bool,
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

    /// What `name` is bound to in scope, if it is.
    fn kind_of(&self, name: &str) -> Option<VarKind> {
        self.scopes.iter().rev().find_map(|scope| {
            scope
                .iter()
                .rev()
                .find(|(n, _)| n == name)
                .map(|(_, k)| k.clone())
        })
    }

    /// The `let`-bound closures the statement just generated needs, to put before it.
    fn take_pending(&mut self) -> Vec<Stmt> {
        let depth = self.block_depth;
        let (now, later) = std::mem::take(&mut self.pending)
            .into_iter()
            .partition(|(d, _)| *d == depth);
        self.pending = later;
        now.into_iter().map(|(_, s)| s).collect()
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
}
