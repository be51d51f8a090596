//! Statements and expressions as Rust source. Every compound expression is an atom
//! (parenthesised or a method call), and a statement under `#[cfg(..)]` keeps its attribute
//! in every copy of the function, so that rustc decides the same for each.

use crate::ast::*;
use std::fmt::Write;

/// Renders statements and expressions; `traced` wraps float comparisons in `crate::t`.
pub(super) struct Renderer<'a> {
    pub(super) suffix: &'a str,
    pub(super) traced: bool,
}

impl Renderer<'_> {
    /// The statements of a block, each on its lines at `depth` levels of indentation.
    pub(super) fn block(&self, block: &[Stmt], depth: usize, out: &mut String) {
        for s in block {
            self.stmt(s, depth, out);
        }
    }

    fn braces(&self, head: &str, body: &[Stmt], tail: &str, depth: usize, out: &mut String) {
        let pad = "    ".repeat(depth);
        let _ = writeln!(out, "{pad}{head}{{");
        self.block(body, depth + 1, out);
        let _ = writeln!(out, "{pad}}}{tail}");
    }

    fn label(label: &Option<String>) -> String {
        label.as_ref().map(|l| format!("{l}: ")).unwrap_or_default()
    }

    fn stmt(&self, s: &Stmt, depth: usize, out: &mut String) {
        let pad = "    ".repeat(depth);
        let line = |out: &mut String, text: String| {
            let _ = writeln!(out, "{pad}{text}");
        };
        match s {
            Stmt::Let {
                name,
                mutable,
                value,
            } => {
                let m = if *mutable { "mut " } else { "" };
                // A bare literal would leave the float type undecided for later method calls.
                let ty = if matches!(value, Expr::Lit(_)) {
                    ": f64"
                } else {
                    ""
                };
                line(out, format!("let {m}{name}{ty} = {};", self.expr(value)));
            }
            Stmt::LetClosure { name, params, body } => {
                let ps: Vec<String> = params.iter().map(|p| format!("{p}: f64")).collect();
                line(
                    out,
                    format!("let {name} = |{}| {};", ps.join(", "), self.expr(body)),
                );
            }
            Stmt::LetInt { name, ty, value } => {
                let ty = match ty {
                    IntTy::Usize => "usize",
                    IntTy::I32 => "i32",
                };
                line(out, format!("let mut {name}: {ty} = {value};"));
            }
            Stmt::LetIntIf {
                name,
                cond,
                then,
                other,
            } => line(
                out,
                format!(
                    "let {name}: usize = if {} {{ {then} }} else {{ {other} }};",
                    self.cond(cond)
                ),
            ),
            Stmt::LetFlag { name, value } => line(out, format!("let mut {name} = {value};")),
            Stmt::LetVec { name, elems, typed } => {
                let es: Vec<String> = elems.iter().map(|e| self.expr(e)).collect();
                let ty = if *typed { ": Vec<f64>" } else { "" };
                line(
                    out,
                    format!("let mut {name}{ty} = vec![{}];", es.join(", ")),
                );
            }
            Stmt::Assign { name, op, value } => line(
                out,
                format!("{name} {} {};", assign_op(*op), self.expr(value)),
            ),
            Stmt::AssignDeref { name, op, value } => line(
                out,
                format!("*{name} {} {};", assign_op(*op), self.expr(value)),
            ),
            Stmt::AssignIndex {
                name,
                index,
                op,
                value,
            } => line(
                out,
                format!(
                    "{name}[{}] {} {};",
                    iexpr(index),
                    assign_op(*op),
                    self.expr(value)
                ),
            ),
            Stmt::IntIncr(name) => line(out, format!("{name} += 1;")),
            Stmt::SetFlag { name, cond } => line(out, format!("{name} = {};", self.cond(cond))),
            Stmt::If { .. }
            | Stmt::Match { .. }
            | Stmt::ForRange { .. }
            | Stmt::ForIter { .. }
            | Stmt::ForIterMut { .. }
            | Stmt::ForIndex { .. }
            | Stmt::While { .. }
            | Stmt::Loop { .. }
            | Stmt::LetLoop { .. }
            | Stmt::Block(_) => self.control(s, depth, out),
            Stmt::Break { label, value } => {
                let l = label.as_ref().map(|l| format!(" {l}")).unwrap_or_default();
                let v = value
                    .as_ref()
                    .map(|v| format!(" {}", self.expr(v)))
                    .unwrap_or_default();
                line(out, format!("break{l}{v};"));
            }
            Stmt::Continue { label } => {
                let l = label.as_ref().map(|l| format!(" {l}")).unwrap_or_default();
                line(out, format!("continue{l};"));
            }
            Stmt::Return(e) => line(out, format!("return {};", self.expr(e))),
            Stmt::LetOrExit {
                name,
                cond,
                value,
                exit,
                exit_first,
            } => {
                let mut rendered = String::new();
                self.stmt(exit, 0, &mut rendered);
                let (exit, value) = (rendered.trim().to_string(), self.expr(value));
                let (then, other) = if *exit_first {
                    (exit, value)
                } else {
                    (value, exit)
                };
                line(
                    out,
                    format!(
                        "let {name}: f64 = if {} {{ {then} }} else {{ {other} }};",
                        self.cond(cond)
                    ),
                );
            }
            Stmt::Pinned(inner) => self.stmt(inner, depth, out),
            Stmt::Cfg { pred, stmt } => {
                line(out, format!("#[cfg({})]", pred.text()));
                self.stmt(stmt, depth, out);
            }
        }
    }

    /// A statement with blocks: `if`, `match`, a loop, a block.
    fn control(&self, s: &Stmt, depth: usize, out: &mut String) {
        let pad = "    ".repeat(depth);
        let line = |out: &mut String, text: String| {
            let _ = writeln!(out, "{pad}{text}");
        };
        match s {
            Stmt::If { cond, then, other } => {
                let head = format!("if {} ", self.cond(cond));
                if other.is_empty() {
                    self.braces(&head, then, "", depth, out);
                } else {
                    self.braces(&head, then, "", depth, out);
                    out.pop();
                    out.push(' ');
                    let mut rest = String::new();
                    self.braces("else ", other, "", depth, &mut rest);
                    out.push_str(rest.trim_start());
                }
            }
            Stmt::Match {
                scrutinee,
                arms,
                default,
            } => {
                line(out, format!("match {} {{", iexpr(scrutinee)));
                for (pats, body) in arms {
                    let pats: Vec<String> = pats.iter().map(|p| p.to_string()).collect();
                    self.braces(
                        &format!("{} => ", pats.join(" | ")),
                        body,
                        "",
                        depth + 1,
                        out,
                    );
                }
                self.braces("_ => ", default, "", depth + 1, out);
                line(out, "}".to_string());
            }
            Stmt::ForRange {
                label,
                var,
                start,
                end,
                body,
            } => self.braces(
                &format!("{}for {var} in {start}..{end} ", Self::label(label)),
                body,
                "",
                depth,
                out,
            ),
            Stmt::ForIter {
                label,
                var,
                slice,
                body,
            } => self.braces(
                &format!("{}for {var} in {slice}.iter() ", Self::label(label)),
                body,
                "",
                depth,
                out,
            ),
            Stmt::ForIterMut {
                label,
                var,
                vec,
                reversed,
                body,
            } => self.braces(
                &format!(
                    "{}for {var} in {vec}.iter_mut(){} ",
                    Self::label(label),
                    if *reversed { ".rev()" } else { "" }
                ),
                body,
                "",
                depth,
                out,
            ),
            Stmt::ForIndex {
                label,
                var,
                slice,
                body,
            } => self.braces(
                &format!("{}for {var} in 0..{slice}.len() ", Self::label(label)),
                body,
                "",
                depth,
                out,
            ),
            Stmt::While { label, cond, body } => self.braces(
                &format!("{}while {} ", Self::label(label), self.cond(cond)),
                body,
                "",
                depth,
                out,
            ),
            Stmt::Loop { label, body } => self.braces(
                &format!("{}loop ", Self::label(label)),
                body,
                "",
                depth,
                out,
            ),
            Stmt::LetLoop { name, label, body } => self.braces(
                &format!("let {name}: f64 = {}loop ", Self::label(label)),
                body,
                ";",
                depth,
                out,
            ),
            Stmt::Block(body) => self.braces("", body, "", depth, out),
            _ => unreachable!("not a statement with blocks"),
        }
    }

    fn cond(&self, c: &Cond) -> String {
        match c {
            Cond::Cmp(op, a, b) => {
                let op = match op {
                    Cmp::Lt => "<",
                    Cmp::Gt => ">",
                    Cmp::Le => "<=",
                    Cmp::Ge => ">=",
                };
                let text = format!("{} {op} {}", self.expr(a), self.expr(b));
                if self.traced {
                    format!("crate::t({text})")
                } else {
                    text
                }
            }
            Cond::IntLt(k, n) => format!("{k} < {n}"),
            Cond::Flag(n) => n.clone(),
            Cond::Not(a) => format!("!({})", self.cond(a)),
            Cond::And(a, b) => format!("({} && {})", self.cond(a), self.cond(b)),
            Cond::Or(a, b) => format!("({} || {})", self.cond(a), self.cond(b)),
        }
    }

    /// An expression; every compound one is an atom (parenthesised or a method call), so
    /// it can be a receiver or an operand without precedence questions.
    pub(super) fn expr(&self, e: &Expr) -> String {
        match e {
            Expr::Var(n) => n.clone(),
            // A whole number is written with a trailing dot (`(2.)`), as ports of C and C++
            // write them: `0.f64` does not lex, so a macro that types it must add a digit.
            // Parenthesised, so that it can be a method's receiver (`2..sin()` is a range).
            Expr::Lit(v) if v.fract() == 0.0 && v.abs() < 1e15 => {
                let sign = if v.is_sign_negative() { "-" } else { "" };
                format!("({sign}{}.)", v.abs() as i64)
            }
            Expr::Lit(v) => {
                let s = format!("{v:?}");
                if *v < 0.0 { format!("({s})") } else { s }
            }
            Expr::Index(n, i) => format!("{n}[{}]", iexpr(i)),
            Expr::Deref(n) => format!("(*{n})"),
            Expr::IntAsF64(k) => format!("({k} as f64)"),
            Expr::Unary(op, a) => {
                let a = self.expr(a);
                match op {
                    Unary::Neg => format!("(-{a})"),
                    Unary::Sin => format!("{a}.sin()"),
                    Unary::Cos => format!("{a}.cos()"),
                    Unary::Tanh => format!("{a}.tanh()"),
                    Unary::Atan => format!("{a}.atan()"),
                    Unary::SqrtOnePlusSq => format!("(1.0 + {a} * {a}).sqrt()"),
                    Unary::LnOnePlusSq => format!("(1.0 + {a} * {a}).ln()"),
                    Unary::Gauss => format!("(-{a} * {a}).exp()"),
                    Unary::Square => format!("{a}.powi(2)"),
                }
            }
            Expr::Binary(op, a, b) => {
                let (a, b) = (self.expr(a), self.expr(b));
                match op {
                    Binary::Add => format!("({a} + {b})"),
                    Binary::Sub => format!("({a} - {b})"),
                    Binary::Mul => format!("({a} * {b})"),
                    Binary::SafeDiv => format!("({a} / (1.0 + {b} * {b}))"),
                }
            }
            Expr::MulAdd(a, b, c) => format!(
                "{}.mul_add({}, {})",
                self.expr(a),
                self.expr(b),
                self.expr(c)
            ),
            Expr::Call(name, args) => {
                let args: Vec<String> = args
                    .iter()
                    .map(|a| match a {
                        Arg::Scalar(e) => self.expr(e),
                        Arg::Slice {
                            name,
                            from: Some(from),
                            ..
                        } => format!("&{name}[{from}..]"),
                        Arg::Slice {
                            name, is_vec: true, ..
                        } => format!("&{name}"),
                        Arg::Slice {
                            name,
                            is_vec: false,
                            ..
                        } => name.clone(),
                        Arg::Fn(f) => self.fn_arg(f),
                    })
                    .collect();
                format!("{}({})", super::callee(name, self.suffix), args.join(", "))
            }
            Expr::If(c, a, b) => format!(
                "(if {} {{ {} }} else {{ {} }})",
                self.cond(c),
                self.expr(a),
                self.expr(b)
            ),
            Expr::Unreached(a) => {
                let a = self.expr(a);
                format!("(if {a} > f64::MAX {{ panic!(\"never taken\") }} else {{ {a} }})")
            }
            Expr::CallParam(name, args) => {
                let args: Vec<String> = args.iter().map(|a| self.expr(a)).collect();
                format!("{name}({})", args.join(", "))
            }
            Expr::Chain(chain) => {
                let Chain {
                    slice,
                    kind,
                    items,
                    acc,
                    body,
                } = &**chain;
                let body = self.expr(body);
                match (kind, items.as_slice(), acc) {
                    (ChainKind::Sum, [v], _) => {
                        format!("{slice}.iter().map(|{v}| {body}).sum::<f64>()")
                    }
                    (ChainKind::Pairwise, [a, b], _) => format!(
                        "{slice}.iter().zip({slice}.iter().skip(1)).map(|({a}, {b})| {body}).sum::<f64>()"
                    ),
                    (ChainKind::Fold, [v], Some(acc)) => {
                        format!("{slice}.iter().fold(0.0, |{acc}: f64, {v}| {body}.tanh())")
                    }
                    _ => unreachable!("a chain's parameters match its kind"),
                }
            }
        }
    }

    /// An argument for a function parameter (closure parameters take their type from it).
    fn fn_arg(&self, f: &FnArg) -> String {
        let (text, lent) = match f {
            FnArg::Closure { params, body, lent } => {
                // Behind a `&`, rustc cannot take the parameters' types from an `impl Fn`.
                let ps: Vec<String> = if *lent {
                    params.iter().map(|p| format!("{p}: f64")).collect()
                } else {
                    params.clone()
                };
                (format!("|{}| {}", ps.join(", "), self.expr(body)), *lent)
            }
            FnArg::Bound { name, lent } => (name.clone(), *lent),
            FnArg::Named { name, lent } => (super::callee(name, self.suffix), *lent),
        };
        if lent { format!("&{text}") } else { text }
    }
}

fn assign_op(op: AssignOp) -> &'static str {
    match op {
        AssignOp::Set => "=",
        AssignOp::Add => "+=",
        AssignOp::Sub => "-=",
        AssignOp::Mul => "*=",
    }
}

fn iexpr(i: &IExpr) -> String {
    match i {
        IExpr::Var(n) => n.clone(),
        IExpr::Lit(n) => n.to_string(),
        IExpr::Mod(n, m) => format!("({n} % {m})"),
    }
}
