//! The abstract syntax of generated programs: functions of `f64` scalars and `&[f64]`
//! slices whose bodies use only constructs `#[differentiable]` supports. Integer values
//! (loop counters, indices, `match` scrutinees) never depend on floats except through
//! float comparisons, which `render` can trace.

use std::collections::BTreeSet;

/// The kind of a parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamKind {
    /// `x: f64`.
    Scalar,
    /// `xs: &[f64]`, always called with this many elements.
    Slice(usize),
    /// A function of `arity` floats (1 or 2) returning a float, spelt as `style` says.
    Fn { arity: usize, style: FnStyle },
}

/// How a function parameter is spelt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FnStyle {
    /// `h: impl Fn(f64) -> f64`
    Impl,
    /// `h: &dyn Fn(f64) -> f64` (callers lend what they pass)
    Dyn,
    /// `h: F` with `F: Fn(f64) -> f64` among the generics
    Generic,
}

impl ParamKind {
    /// How many floats the parameter holds.
    pub fn size(self) -> usize {
        match self {
            ParamKind::Scalar => 1,
            ParamKind::Slice(n) => n,
            ParamKind::Fn { .. } => 0,
        }
    }
}

/// A parameter.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    pub name: String,
    pub kind: ParamKind,
}

/// A generated function `fn name(params) -> f64 { body; result }`.
#[derive(Clone, Debug, PartialEq)]
pub struct Function {
    pub name: String,
    /// The batch seed and the index it was generated from (`generate::generate(seed, index)`).
    pub seed: u64,
    pub index: usize,
    pub params: Vec<Param>,
    pub body: Vec<Stmt>,
    pub result: Expr,
}

/// Float functions of one argument, each bounded or growing at most linearly.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Unary {
    Neg,
    Sin,
    Cos,
    Tanh,
    Atan,
    /// `(1.0 + a * a).sqrt()`
    SqrtOnePlusSq,
    /// `(1.0 + a * a).ln()`
    LnOnePlusSq,
    /// `(-a * a).exp()`
    Gauss,
    /// `a.powi(2)` (the generator applies it to bounded operands only)
    Square,
}

/// Float operators of two arguments.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Binary {
    Add,
    Sub,
    Mul,
    /// `a / (1.0 + b * b)`
    SafeDiv,
}

/// Float comparisons.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Cmp {
    Lt,
    Gt,
    Le,
    Ge,
}

/// Integer types of locals.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum IntTy {
    Usize,
    I32,
}

/// Integer expressions (always non-negative).
#[derive(Clone, Debug, PartialEq)]
pub enum IExpr {
    Var(String),
    Lit(i64),
    /// `(k % n)`
    Mod(String, i64),
}

/// Float expressions.
#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    /// A float local or scalar parameter.
    Var(String),
    Lit(f64),
    /// `xs[i]` of a slice parameter or a `Vec` local.
    Index(String, IExpr),
    /// `*v` for the variable of `for v in xs.iter()`.
    Deref(String),
    /// `(k as f64)`
    IntAsF64(String),
    Unary(Unary, Box<Expr>),
    Binary(Binary, Box<Expr>, Box<Expr>),
    /// `a.mul_add(b, c)`
    MulAdd(Box<Expr>, Box<Expr>, Box<Expr>),
    /// A call of an earlier generated function.
    Call(String, Vec<Arg>),
    /// `h(a, ..)`: a call of a function parameter.
    CallParam(String, Vec<Expr>),
    /// `(if c { a } else { b })`
    If(Box<Cond>, Box<Expr>, Box<Expr>),
    /// `a` behind a branch that is never taken and diverges,
    /// `(if a > f64::MAX { panic!(..) } else { a })`: the panicking branch takes the other's
    /// type (a distribution's `inverse_cdf` guards its argument so).
    Unreached(Box<Expr>),
    /// An iterator chain over a slice parameter whose closure reads its items (`&f64`s)
    /// and captures the caller's values.
    Chain(Box<Chain>),
}

/// An iterator chain over the slice parameter `slice`; `items` name the closure's item
/// parameters (references to elements), `acc` the accumulator of a `Fold`.
#[derive(Clone, Debug, PartialEq)]
pub struct Chain {
    pub slice: String,
    pub kind: ChainKind,
    pub items: Vec<String>,
    pub acc: Option<String>,
    pub body: Expr,
}

/// The shape of a [`Chain`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ChainKind {
    /// `xs.iter().map(|v| body).sum::<f64>()`
    Sum,
    /// `xs.iter().zip(xs.iter().skip(1)).map(|(a, b)| body).sum::<f64>()`
    Pairwise,
    /// `xs.iter().fold(0.0, |acc: f64, v| (body).tanh())`
    Fold,
}

/// An argument of a call.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    Scalar(Expr),
    /// A slice parameter (`xs`) or a `Vec` local (`&w`, `is_vec`), or its tail from `from`
    /// (`&xs[2..]`, as C passes a pointer into a longer buffer), at least as long as the
    /// parameter.
    Slice {
        name: String,
        is_vec: bool,
        from: Option<usize>,
    },
    /// For a function parameter.
    Fn(FnArg),
}

/// What a caller passes for a function parameter; `lent` adds a `&`.
#[derive(Clone, Debug, PartialEq)]
pub enum FnArg {
    /// `|c1, c2| body`, whose body reads its parameters and captures the caller's floats.
    Closure {
        params: Vec<String>,
        body: Box<Expr>,
        lent: bool,
    },
    /// A closure bound by an earlier [`Stmt::LetClosure`].
    Bound { name: String, lent: bool },
    /// An earlier generated function of scalar parameters only.
    Named { name: String, lent: bool },
}

/// Conditions.
#[derive(Clone, Debug, PartialEq)]
pub enum Cond {
    /// A comparison of floats: the only kind whose outcome depends on the inputs.
    Cmp(Cmp, Expr, Expr),
    /// `k < n`
    IntLt(String, i64),
    /// A `bool` local.
    Flag(String),
    Not(Box<Cond>),
    And(Box<Cond>, Box<Cond>),
    Or(Box<Cond>, Box<Cond>),
}

/// `=`, `+=`, `-=`, `*=`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum AssignOp {
    Set,
    Add,
    Sub,
    Mul,
}

/// Statements.
#[derive(Clone, Debug, PartialEq)]
pub enum Stmt {
    /// `let [mut] name = value;`
    Let {
        name: String,
        mutable: bool,
        value: Expr,
    },
    /// `let name = |c1: f64, ..| body;` (captures immutable floats only, so that later
    /// updates of the caller's locals do not conflict with its borrows)
    LetClosure {
        name: String,
        params: Vec<String>,
        body: Expr,
    },
    /// `let mut name: ty = value;`
    LetInt {
        name: String,
        ty: IntTy,
        value: i64,
    },
    /// `let name: usize = if cond { a } else { b };` (an integer decided by floats)
    LetIntIf {
        name: String,
        cond: Cond,
        then: i64,
        other: i64,
    },
    /// `let mut name = value;` (a `bool`)
    LetFlag {
        name: String,
        value: bool,
    },
    /// `let mut name: Vec<f64> = vec![..];`, or without the type when not `typed` (the
    /// elements' type then comes from their uses, as rustc infers it).
    LetVec {
        name: String,
        elems: Vec<Expr>,
        typed: bool,
    },
    /// `name op value;`
    Assign {
        name: String,
        op: AssignOp,
        value: Expr,
    },
    /// `*name op value;` through the `&mut f64` of a `for name in vec.iter_mut()`
    AssignDeref {
        name: String,
        op: AssignOp,
        value: Expr,
    },
    /// `name[index] op value;`
    AssignIndex {
        name: String,
        index: IExpr,
        op: AssignOp,
        value: Expr,
    },
    /// `name += 1;`
    IntIncr(String),
    /// `name = cond;`
    SetFlag {
        name: String,
        cond: Cond,
    },
    /// `if cond { then } [else { other }]` (no `else` when `other` is empty)
    If {
        cond: Cond,
        then: Vec<Stmt>,
        other: Vec<Stmt>,
    },
    /// `match scrutinee { a | b => { .. } ... _ => { .. } }`
    Match {
        scrutinee: IExpr,
        arms: Vec<(Vec<i64>, Vec<Stmt>)>,
        default: Vec<Stmt>,
    },
    /// `[label:] for var in start..end { body }`
    ForRange {
        label: Option<String>,
        var: String,
        start: i64,
        end: i64,
        body: Vec<Stmt>,
    },
    /// `for var in slice.iter() { body }` (the body reads `*var`)
    ForIter {
        label: Option<String>,
        var: String,
        slice: String,
        body: Vec<Stmt>,
    },
    /// `for var in vec.iter_mut()[.rev()] { body }` (the body reads `*var` and assigns it,
    /// and leaves `vec`, which the loop borrows, alone)
    ForIterMut {
        label: Option<String>,
        var: String,
        vec: String,
        reversed: bool,
        body: Vec<Stmt>,
    },
    /// `for var in 0..slice.len() { body }`
    ForIndex {
        label: Option<String>,
        var: String,
        slice: String,
        body: Vec<Stmt>,
    },
    /// `[label:] while cond { body }`
    While {
        label: Option<String>,
        cond: Cond,
        body: Vec<Stmt>,
    },
    /// `[label:] loop { body }`
    Loop {
        label: Option<String>,
        body: Vec<Stmt>,
    },
    /// `let name = if cond { value } else { exit };` (the branches swapped when
    /// `exit_first`): a value with an exit (`return`, `break`, `continue`) as a branch.
    LetOrExit {
        name: String,
        cond: Cond,
        value: Expr,
        exit: Box<Stmt>,
        exit_first: bool,
    },
    /// `let name: f64 = [label:] loop { body };` whose breaks carry values.
    LetLoop {
        name: String,
        label: Option<String>,
        body: Vec<Stmt>,
    },
    Break {
        label: Option<String>,
        value: Option<Expr>,
    },
    Continue {
        label: Option<String>,
    },
    Return(Expr),
    /// `{ body }`
    Block(Vec<Stmt>),
    /// A statement that keeps a loop finite (counter increments, guards): never shrunk.
    Pinned(Box<Stmt>),
    /// `#[cfg(pred)] stmt`: a `let`, or an expression statement (a block of assignments, an
    /// `if`, a loop; rustc takes no attribute on a bare assignment), there only when `pred`
    /// holds (see [`CfgPred::holds`]).
    Cfg {
        pred: CfgPred,
        stmt: Box<Stmt>,
    },
}

/// A `cfg` predicate of `target_pointer_width`s, which the generator evaluates as rustc
/// will, so that it knows which statements are there.
#[derive(Clone, Debug, PartialEq)]
pub enum CfgPred {
    /// `target_pointer_width = "N"`
    PointerWidth(u32),
    /// `not(p)`
    Not(Box<CfgPred>),
    /// `any(..)` (false when empty)
    Any(Vec<CfgPred>),
    /// `all(..)` (true when empty)
    All(Vec<CfgPred>),
}

impl CfgPred {
    /// Whether rustc keeps what this predicate is on, when building for the machine the
    /// generator runs on (generated programs are built for it too).
    pub fn holds(&self) -> bool {
        match self {
            CfgPred::PointerWidth(n) => usize::BITS == *n,
            CfgPred::Not(p) => !p.holds(),
            CfgPred::Any(ps) => ps.iter().any(CfgPred::holds),
            CfgPred::All(ps) => ps.iter().all(CfgPred::holds),
        }
    }

    /// The predicate as written inside `#[cfg(..)]`.
    pub fn text(&self) -> String {
        let list = |ps: &[CfgPred]| ps.iter().map(CfgPred::text).collect::<Vec<_>>().join(", ");
        match self {
            CfgPred::PointerWidth(n) => format!("target_pointer_width = \"{n}\""),
            CfgPred::Not(p) => format!("not({})", p.text()),
            CfgPred::Any(ps) => format!("any({})", list(ps)),
            CfgPred::All(ps) => format!("all({})", list(ps)),
        }
    }
}

impl Stmt {
    /// The blocks directly inside this statement.
    pub fn blocks(&self) -> Vec<&Vec<Stmt>> {
        match self {
            Stmt::If { then, other, .. } => vec![then, other],
            Stmt::Match { arms, default, .. } => {
                let mut v: Vec<&Vec<Stmt>> = arms.iter().map(|(_, b)| b).collect();
                v.push(default);
                v
            }
            Stmt::ForRange { body, .. }
            | Stmt::ForIter { body, .. }
            | Stmt::ForIterMut { body, .. }
            | Stmt::ForIndex { body, .. }
            | Stmt::While { body, .. }
            | Stmt::Loop { body, .. }
            | Stmt::LetLoop { body, .. }
            | Stmt::Block(body) => vec![body],
            Stmt::Pinned(s) | Stmt::Cfg { stmt: s, .. } => s.blocks(),
            _ => vec![],
        }
    }

    /// A copy with block number `k` (in the order of [`Stmt::blocks`]) replaced.
    pub fn with_block(&self, k: usize, new: Vec<Stmt>) -> Stmt {
        let mut s = self.clone();
        match &mut s {
            Stmt::If { then, other, .. } => *(if k == 0 { then } else { other }) = new,
            Stmt::Match { arms, default, .. } => {
                if k < arms.len() {
                    arms[k].1 = new
                } else {
                    *default = new
                }
            }
            Stmt::ForRange { body, .. }
            | Stmt::ForIter { body, .. }
            | Stmt::ForIterMut { body, .. }
            | Stmt::ForIndex { body, .. }
            | Stmt::While { body, .. }
            | Stmt::Loop { body, .. }
            | Stmt::LetLoop { body, .. }
            | Stmt::Block(body) => *body = new,
            Stmt::Pinned(inner) | Stmt::Cfg { stmt: inner, .. } => {
                **inner = inner.with_block(k, new)
            }
            _ => {}
        }
        s
    }

    /// Whether this statement binds the float `name` in the block it is in (a `let` of it,
    /// also under a `cfg` that holds).
    pub fn binds(&self, name: &str) -> bool {
        match self {
            Stmt::Let { name: n, .. }
            | Stmt::LetOrExit { name: n, .. }
            | Stmt::LetLoop { name: n, .. } => n == name,
            Stmt::Cfg { pred, stmt } => pred.holds() && stmt.binds(name),
            _ => false,
        }
    }
}

/// Number of statements in a block, nested ones included, a `cfg` attribute counted as one
/// more (the shrinker's measure of size).
pub fn size(block: &[Stmt]) -> usize {
    block
        .iter()
        .map(|s| match s {
            Stmt::Cfg { stmt, .. } => 1 + size(std::slice::from_ref(&**stmt)),
            _ => 1 + s.blocks().into_iter().map(|b| size(b)).sum::<usize>(),
        })
        .sum()
}

impl Function {
    /// Names of the functions this one calls.
    pub fn callees(&self) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        let mut visit = |e: &Expr| {
            if let Expr::Call(n, args) = e {
                out.insert(n.clone());
                for a in args {
                    if let Arg::Fn(FnArg::Named { name, .. }) = a {
                        out.insert(name.clone());
                    }
                }
            }
        };
        walk_block(&self.body, &mut visit);
        walk_expr(&self.result, &mut visit);
        out
    }
}

/// Calls `f` on every expression in a block (sub-expressions included).
pub fn walk_block(block: &[Stmt], f: &mut dyn FnMut(&Expr)) {
    for s in block {
        walk_stmt(s, f);
    }
}

fn walk_stmt(s: &Stmt, f: &mut dyn FnMut(&Expr)) {
    match s {
        Stmt::Let { value, .. }
        | Stmt::Assign { value, .. }
        | Stmt::AssignIndex { value, .. }
        | Stmt::AssignDeref { value, .. }
        | Stmt::Return(value) => walk_expr(value, f),
        Stmt::LetClosure { body, .. } => walk_expr(body, f),
        Stmt::Break { value: Some(v), .. } => walk_expr(v, f),
        Stmt::LetVec { elems, .. } => elems.iter().for_each(|e| walk_expr(e, f)),
        Stmt::LetIntIf { cond, .. } | Stmt::SetFlag { cond, .. } => walk_cond(cond, f),
        Stmt::LetOrExit {
            cond, value, exit, ..
        } => {
            walk_cond(cond, f);
            walk_expr(value, f);
            walk_stmt(exit, f);
        }
        Stmt::If { cond, .. } | Stmt::While { cond, .. } => walk_cond(cond, f),
        Stmt::Pinned(inner) | Stmt::Cfg { stmt: inner, .. } => walk_stmt(inner, f),
        _ => {}
    }
    if !matches!(s, Stmt::Pinned(_) | Stmt::Cfg { .. }) {
        for b in s.blocks() {
            walk_block(b, f);
        }
    }
}

fn walk_cond(c: &Cond, f: &mut dyn FnMut(&Expr)) {
    match c {
        Cond::Cmp(_, a, b) => {
            walk_expr(a, f);
            walk_expr(b, f);
        }
        Cond::Not(a) => walk_cond(a, f),
        Cond::And(a, b) | Cond::Or(a, b) => {
            walk_cond(a, f);
            walk_cond(b, f);
        }
        _ => {}
    }
}

/// Calls `f` on `e` and each of its sub-expressions.
pub fn walk_expr(e: &Expr, f: &mut dyn FnMut(&Expr)) {
    f(e);
    match e {
        Expr::Unary(_, a) => walk_expr(a, f),
        Expr::Binary(_, a, b) => {
            walk_expr(a, f);
            walk_expr(b, f);
        }
        Expr::MulAdd(a, b, c) => {
            walk_expr(a, f);
            walk_expr(b, f);
            walk_expr(c, f);
        }
        Expr::Call(_, args) => {
            for a in args {
                match a {
                    Arg::Scalar(e) => walk_expr(e, f),
                    Arg::Fn(FnArg::Closure { body, .. }) => walk_expr(body, f),
                    _ => {}
                }
            }
        }
        Expr::CallParam(_, args) => args.iter().for_each(|a| walk_expr(a, f)),
        Expr::If(c, a, b) => {
            walk_cond(c, f);
            walk_expr(a, f);
            walk_expr(b, f);
        }
        Expr::Chain(chain) => walk_expr(&chain.body, f),
        Expr::Unreached(a) => walk_expr(a, f),
        _ => {}
    }
}
