//! `return` in a closure that is inlined where it runs (a closure bound by `let` and called,
//! an iterator adaptor's closure): inlined as a block, its `return` would leave the enclosing
//! function. So an early return becomes the value of the branch it ends, and the statements
//! after the branch move into the other branch:
//!
//! ```text
//! |t| { let u = 2.0 * t; if u > 1.0 { return u; } u * u }
//! ```
//!
//! is inlined as `{ let u = 2.0 * t; if u > 1.0 { u } else { u * u } }`. A `return` in
//! another position (in a loop, in an expression's nested block) is left as written, and
//! the lowering reports it.

use syn::visit::Visit;
use syn::visit_mut::VisitMut;
use syn::{Block, Expr, Stmt};

/// `block` with the early returns of every closure in it as branch values (see
/// [`as_values`]); the block's own returns are the function's, and stay.
pub fn in_closures_of_block(block: &Block) -> Block {
    let mut block = block.clone();
    ClosureRewriter.visit_block_mut(&mut block);
    block
}

/// The body of a closure given to an operator, with its own early returns and those of the
/// closures in it as branch values.
pub fn in_closure_body(body: &Expr) -> Expr {
    let mut body = body.clone();
    ClosureRewriter.visit_expr_mut(&mut body);
    as_values(&body)
}

/// Rewrites each closure's body, innermost first.
struct ClosureRewriter;

impl VisitMut for ClosureRewriter {
    fn visit_expr_closure_mut(&mut self, closure: &mut syn::ExprClosure) {
        syn::visit_mut::visit_expr_closure_mut(self, closure);
        *closure.body = as_values(&closure.body);
    }
    // An item's closures are lowered with that item, if at all.
    fn visit_item_mut(&mut self, _: &mut syn::Item) {}
}

/// `body` with its early returns as branch values, when every `return` in it ends a branch
/// of an `if` or `match` statement of the body (or of such a branch); `body` itself
/// otherwise.
pub fn as_values(body: &Expr) -> Expr {
    if !contains_return(body) {
        return body.clone();
    }
    let stmts = match body {
        Expr::Block(b) if b.label.is_none() => b.block.stmts.clone(),
        Expr::Return(_) => vec![Stmt::Expr(body.clone(), None)],
        _ => return body.clone(),
    };
    match without_returns(&stmts) {
        Some(stmts) => block(stmts),
        None => body.clone(),
    }
}

/// `stmts` with each `return` ending a branch replaced by the branch's value and the
/// statements after a branching statement appended to the branches that do not return;
/// `None` when a `return` is somewhere else.
fn without_returns(stmts: &[Stmt]) -> Option<Vec<Stmt>> {
    let Some(k) = stmts.iter().position(|s| contains_return_stmt(s)) else {
        return Some(stmts.to_vec());
    };
    let (before, stmt, after) = (&stmts[..k], &stmts[k], &stmts[k + 1..]);
    let Stmt::Expr(expr, _) = stmt else {
        return None;
    };
    let rewritten = match expr {
        Expr::Return(r) => match &r.expr {
            Some(value) => (**value).clone(),
            None => syn::parse_quote!(()),
        },
        Expr::If(e) => {
            let then = without_returns(&followed_by(&e.then_branch.stmts, after))?;
            let otherwise = match &e.else_branch {
                Some((_, other)) => without_returns(&followed_by(&as_stmts(other), after))?,
                None => without_returns(after)?,
            };
            let mut e = e.clone();
            e.then_branch.stmts = then;
            e.else_branch = Some((Default::default(), Box::new(block(otherwise))));
            Expr::If(e)
        }
        Expr::Match(m) => {
            let mut m = m.clone();
            for arm in &mut m.arms {
                let stmts = without_returns(&followed_by(&as_stmts(&arm.body), after))?;
                arm.body = Box::new(block(stmts));
                arm.comma = Some(Default::default());
            }
            Expr::Match(m)
        }
        _ => return None,
    };
    let mut result = before.to_vec();
    result.push(Stmt::Expr(rewritten, None));
    Some(result)
}

/// The statements of a branch (a block, or an `else if`) followed by `after`, the branch's
/// last expression made a statement when more follows.
fn followed_by(branch: &[Stmt], after: &[Stmt]) -> Vec<Stmt> {
    let mut stmts = branch.to_vec();
    if !after.is_empty()
        && let Some(Stmt::Expr(_, semi @ None)) = stmts.last_mut()
    {
        *semi = Some(Default::default());
    }
    stmts.extend(after.iter().cloned());
    stmts
}

/// The statements an `else` branch or a `match` arm's body stands for.
fn as_stmts(expr: &Expr) -> Vec<Stmt> {
    match expr {
        Expr::Block(b) if b.label.is_none() => b.block.stmts.clone(),
        other => vec![Stmt::Expr(other.clone(), None)],
    }
}

/// The block expression of `stmts`.
fn block(stmts: Vec<Stmt>) -> Expr {
    Expr::Block(syn::ExprBlock {
        attrs: Vec::new(),
        label: None,
        block: Block {
            brace_token: Default::default(),
            stmts,
        },
    })
}

/// Whether `expr` holds a `return` of its own (not one of a closure or item inside it).
pub(super) fn contains_return(expr: &Expr) -> bool {
    let mut finder = ReturnFinder(false);
    finder.visit_expr(expr);
    finder.0
}

/// Whether `stmt` holds a `return` of its own.
fn contains_return_stmt(stmt: &Stmt) -> bool {
    let mut finder = ReturnFinder(false);
    finder.visit_stmt(stmt);
    finder.0
}

/// Finds a `return` that belongs to the closure being inlined.
struct ReturnFinder(bool);

impl<'ast> Visit<'ast> for ReturnFinder {
    fn visit_expr_return(&mut self, _: &'ast syn::ExprReturn) {
        self.0 = true;
    }
    // A nested closure's `return` is its own.
    fn visit_expr_closure(&mut self, _: &'ast syn::ExprClosure) {}
    fn visit_item(&mut self, _: &'ast syn::Item) {}
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::ToTokens;

    fn rewritten(body: &str) -> String {
        let body: Expr = syn::parse_str(body).unwrap();
        as_values(&body).to_token_stream().to_string()
    }

    #[test]
    fn an_early_return_becomes_a_branch_value_and_the_rest_the_other_branch() {
        assert_eq!(
            rewritten("{ let u = 2.0 * t; if u > 1.0 { return u; } u * u }"),
            "{ let u = 2.0 * t ; if u > 1.0 { u } else { u * u } }"
        );
    }

    #[test]
    fn returns_in_both_branches_and_in_match_arms() {
        assert_eq!(
            rewritten("{ if t > 1.0 { return t * 2.0 } else { return t * t } }"),
            "{ if t > 1.0 { t * 2.0 } else { t * t } }"
        );
        assert_eq!(
            rewritten("{ match k { 0 => return a, _ => {} } b }"),
            "{ match k { 0 => { a } , _ => { b } , } }"
        );
    }

    #[test]
    fn a_return_in_a_loop_or_a_nested_closure_is_left_alone() {
        let looped = "{ for i in 0 .. 3 { if x { return 1.0 ; } } 2.0 }";
        assert_eq!(rewritten(looped), looped);
        let nested = "{ let g = | s | { return s ; } ; g (t) }";
        assert_eq!(rewritten(nested), nested);
    }
}
