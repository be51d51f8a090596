//! Closures inside differentiable bodies, inlined where they are called.
//!
//! `let sq = |t: f64| t * t; sq(x) + sq(y)` lowers each call as the block
//! `{ let t: f64 = x; t * t }`: the closure's derivative is the derivative of its body where
//! it runs, and the values it captures are the values in scope (Rust's borrow rules keep a
//! captured local unchanged while the closure lives). Closures passed to iterator adaptors
//! are inlined the same way (see `chains`). A closure that assigns to what it captures, or is
//! used other than by calling it, is reported.

use super::ssa::Builder;
use crate::ir::ValueId;
use proc_macro2::Span;
use syn::Expr;
use syn::visit::Visit;

impl Builder<'_> {
    /// `let name = |..| ..;`: remembers the closure under a placeholder value.
    pub fn bind_closure(&mut self, name: String, closure: &syn::ExprClosure) {
        if assigns_anything(&closure.body) {
            self.diag.error_spanned(closure, "a closure that assigns to variables is not supported in differentiable functions: return the new value instead");
            return;
        }
        let placeholder = self.fresh();
        self.closures.insert(placeholder, closure.clone());
        self.bind(name, placeholder);
    }

    /// The closure a call's callee names, if it is a local closure.
    pub fn called_closure(&self, callee: &Expr) -> Option<syn::ExprClosure> {
        let Expr::Path(p) = callee else { return None };
        let name = p.path.get_ident()?.to_string();
        self.lookup(&name)
            .and_then(|v| self.closures.get(&v).cloned())
    }

    /// The value of `closure` applied to `args`, inlined.
    pub fn inline_closure(
        &mut self,
        closure: &syn::ExprClosure,
        args: &[&Expr],
        span: Span,
    ) -> Option<ValueId> {
        if closure.inputs.len() != args.len() {
            self.diag.error(
                span,
                format!(
                    "the closure takes {} argument(s), the call gives {}",
                    closure.inputs.len(),
                    args.len()
                ),
            );
            return None;
        }
        let block = applied(closure, args);
        self.lower_expr(&block)
    }
}

/// `{ let p1 = a1; ..; body }`: a closure applied to argument expressions.
pub fn applied(closure: &syn::ExprClosure, args: &[&Expr]) -> Expr {
    let params = closure.inputs.iter();
    let body = &closure.body;
    syn::parse_quote!({ #(let #params = #args;)* #body })
}

fn assigns_anything(body: &Expr) -> bool {
    struct Finder(bool);
    impl<'ast> Visit<'ast> for Finder {
        fn visit_expr_assign(&mut self, _: &'ast syn::ExprAssign) {
            self.0 = true;
        }
        fn visit_expr_binary(&mut self, e: &'ast syn::ExprBinary) {
            use syn::BinOp::*;
            self.0 |= matches!(
                e.op,
                AddAssign(_) | SubAssign(_) | MulAssign(_) | DivAssign(_)
            );
            syn::visit::visit_expr_binary(self, e);
        }
    }
    let mut finder = Finder(false);
    finder.visit_expr(body);
    finder.0
}
