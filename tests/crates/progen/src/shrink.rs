//! Shrinking a failing program: every variant with one statement deleted, one nested block
//! (a branch, a loop body, a block) spliced into its place, an `else` dropped, one
//! expression replaced by one of its operands, or a `#[cfg(..)]` that holds dropped or a
//! predicate made simpler (of the same truth); only variants that still resolve
//! (`scope::valid`) are offered, and functions no longer reachable from the root are
//! dropped. The `progen` binary builds the variants side by side and keeps, greedily, one
//! that still fails the same way.

use crate::ast::*;
use crate::generate::reachable;
use std::collections::BTreeMap;

/// A failing function with the functions it calls.
#[derive(Clone, Debug, PartialEq)]
pub struct Program {
    pub functions: Vec<Function>,
    pub root: String,
}

impl Program {
    /// The total number of statements and expression nodes (the measure shrinking lowers).
    pub fn size(&self) -> usize {
        self.functions
            .iter()
            .map(|f| {
                let mut n = size(&f.body);
                walk_block(&f.body, &mut |_| n += 1);
                walk_expr(&f.result, &mut |_| n += 1);
                n
            })
            .sum()
    }
}

/// The valid single-edit variants of `p`, smallest first.
pub fn candidates(p: &Program) -> Vec<Program> {
    let kinds: BTreeMap<String, Vec<ParamKind>> = p
        .functions
        .iter()
        .map(|f| (f.name.clone(), f.params.iter().map(|q| q.kind).collect()))
        .collect();
    let mut out = Vec::new();
    for (fi, f) in p.functions.iter().enumerate() {
        let mut variants: Vec<Function> = block_variants(&f.body)
            .into_iter()
            .map(|body| Function { body, ..f.clone() })
            .collect();
        for result in expr_variants(&f.result) {
            variants.push(Function {
                result,
                ..f.clone()
            });
        }
        for v in variants {
            if !crate::scope::valid(&v, &kinds) {
                continue;
            }
            let mut functions = p.functions.clone();
            functions[fi] = v;
            let functions = reachable(&functions, &p.root);
            out.push(Program {
                functions,
                root: p.root.clone(),
            });
        }
    }
    out.sort_by_key(|c| c.size());
    out.dedup();
    out
}

/// Variants of a block with one edit somewhere inside it.
fn block_variants(block: &[Stmt]) -> Vec<Vec<Stmt>> {
    let mut out = Vec::new();
    let replace = |i: usize, with: Vec<Stmt>| {
        let mut b = block[..i].to_vec();
        b.extend(with);
        b.extend_from_slice(&block[i + 1..]);
        b
    };
    for (i, s) in block.iter().enumerate() {
        if matches!(s, Stmt::Pinned(_)) {
            continue; // keeps a loop finite
        }
        out.push(replace(i, vec![]));
        for b in s.blocks() {
            if !b.is_empty() {
                out.push(replace(i, b.clone()));
            }
        }
        if let Stmt::If { cond, then, other } = s {
            if !other.is_empty() {
                out.push(replace(
                    i,
                    vec![Stmt::If {
                        cond: cond.clone(),
                        then: then.clone(),
                        other: vec![],
                    }],
                ));
            }
        }
        for (k, b) in s.blocks().into_iter().enumerate() {
            for v in block_variants(b) {
                out.push(replace(i, vec![s.with_block(k, v)]));
            }
        }
        for e in stmt_expr_variants(s) {
            out.push(replace(i, vec![e]));
        }
    }
    out
}

/// The statement with its main expression simplified.
fn stmt_expr_variants(s: &Stmt) -> Vec<Stmt> {
    match s {
        Stmt::Let {
            name,
            mutable,
            value,
        } => expr_variants(value)
            .into_iter()
            .map(|value| Stmt::Let {
                name: name.clone(),
                mutable: *mutable,
                value,
            })
            .collect(),
        Stmt::Assign { name, op, value } => expr_variants(value)
            .into_iter()
            .map(|value| Stmt::Assign {
                name: name.clone(),
                op: *op,
                value,
            })
            .collect(),
        Stmt::Return(value) => expr_variants(value).into_iter().map(Stmt::Return).collect(),
        // Without its exit: the plain `let` of its value.
        Stmt::LetOrExit { name, value, .. } => vec![Stmt::Let {
            name: name.clone(),
            mutable: false,
            value: value.clone(),
        }],
        // Without an attribute that holds, under a simpler predicate of the same truth, or
        // with the statement's expression simplified.
        Stmt::Cfg { pred, stmt } => {
            let under = |pred: CfgPred, stmt: Stmt| Stmt::Cfg {
                pred,
                stmt: Box::new(stmt),
            };
            // Without a predicate that does not hold the statement is not there: deleting
            // it is the simpler variant.
            let mut out = Vec::new();
            if pred.holds() {
                out.push((**stmt).clone());
            }
            out.extend(
                pred_variants(pred)
                    .into_iter()
                    .map(|p| under(p, (**stmt).clone())),
            );
            out.extend(
                stmt_expr_variants(stmt)
                    .into_iter()
                    .map(|s| under(pred.clone(), s)),
            );
            out
        }
        _ => vec![],
    }
}

/// Smaller predicates that hold exactly when `p` does: an operand of `any`/`all`, the list
/// without one operand, `p` without a double `not`, or the plainest predicate of that truth
/// (`target_pointer_width = "N"` of this machine, or its `not`).
fn pred_variants(p: &CfgPred) -> Vec<CfgPred> {
    let here = CfgPred::PointerWidth(usize::BITS);
    let plainest = if p.holds() {
        here
    } else {
        CfgPred::Not(Box::new(here))
    };
    let mut out = Vec::new();
    if *p != plainest && !matches!(p, CfgPred::PointerWidth(_)) {
        out.push(plainest);
    }
    match p {
        CfgPred::Any(ps) | CfgPred::All(ps) => {
            out.extend(ps.iter().cloned());
            for i in 0..ps.len() {
                let mut rest = ps.clone();
                rest.remove(i);
                out.push(match p {
                    CfgPred::Any(_) => CfgPred::Any(rest),
                    _ => CfgPred::All(rest),
                });
            }
        }
        CfgPred::Not(q) => {
            if let CfgPred::Not(r) = &**q {
                out.push((**r).clone());
            }
        }
        CfgPred::PointerWidth(_) => {}
    }
    out.retain(|q| q.holds() == p.holds());
    out
}

/// `e` with one sub-expression replaced by one of its operands (never by a bare literal,
/// whose type rustc could not infer).
fn expr_variants(e: &Expr) -> Vec<Expr> {
    let children: Vec<&Expr> = match e {
        Expr::Unary(_, a) => vec![a],
        Expr::Binary(_, a, b) => vec![a, b],
        Expr::MulAdd(a, b, c) => vec![a, b, c],
        Expr::Call(_, args) => args
            .iter()
            .filter_map(|a| {
                if let Arg::Scalar(x) = a {
                    Some(x)
                } else {
                    None
                }
            })
            .collect(),
        Expr::If(_, a, b) => vec![a, b],
        Expr::Unreached(a) => vec![a],
        Expr::CallParam(_, args) => args.iter().collect(),
        Expr::Chain(chain) => vec![&chain.body],
        _ => vec![],
    };
    let mut out: Vec<Expr> = children
        .iter()
        .filter(|c| !matches!(c, Expr::Lit(_)))
        .map(|c| (*c).clone())
        .collect();
    // Edits deeper down, one operand at a time.
    let rebuild = |k: usize, new: Expr| -> Expr {
        let mut e = e.clone();
        match &mut e {
            Expr::Unary(_, a) => **a = new,
            Expr::Binary(_, a, b) => *(if k == 0 { a } else { b }) = Box::new(new),
            Expr::MulAdd(a, b, c) => *[a, b, c].into_iter().nth(k).unwrap() = Box::new(new),
            Expr::If(_, a, b) => *(if k == 0 { a } else { b }) = Box::new(new),
            Expr::Unreached(a) => **a = new,
            Expr::CallParam(_, args) => args[k] = new,
            Expr::Chain(chain) => chain.body = new,
            Expr::Call(_, args) => {
                let slot = args
                    .iter_mut()
                    .filter_map(|a| {
                        if let Arg::Scalar(x) = a {
                            Some(x)
                        } else {
                            None
                        }
                    })
                    .nth(k);
                *slot.unwrap() = new;
            }
            _ => {}
        }
        e
    };
    for (k, c) in children.iter().enumerate() {
        for v in expr_variants(c) {
            out.push(rebuild(k, v));
        }
    }
    out
}
