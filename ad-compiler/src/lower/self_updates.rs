//! The body of a `&mut self` method without a result (`fn step(&mut self, dt: f64)`), which is
//! differentiated as a function from the old `self` to the new one: its value is `self` where
//! it ends and where it returns early,
//!
//! ```text
//! { if dt <= 0.0 { return; } self.x += self.v * dt; }
//!     =>   { if dt <= 0.0 { return self; } self.x += self.v * dt; self }
//! ```
//!
//! so that every path's value is the version of `self` it leaves, merged as any value is.
//! (Closures' and nested items' `return`s are their own.) Only a body that returns early is
//! rewritten: the `self` tail costs a copy of `self` in the derivatives.

use syn::visit_mut::VisitMut;

/// Whether `block` has a `return` of its own (not a closure's or a nested item's). Without
/// one the body is lowered as written: its last `self` is its value already, and the `self`
/// tail would cost a copy of `self` in the derivatives (the particle eval's `add_assign`
/// took 1.4x as long).
pub fn returns_early(block: &syn::Block) -> bool {
    struct Finder(bool);
    impl<'ast> syn::visit::Visit<'ast> for Finder {
        fn visit_expr_return(&mut self, _: &'ast syn::ExprReturn) {
            self.0 = true;
        }
        fn visit_expr_closure(&mut self, _: &'ast syn::ExprClosure) {}
        fn visit_item(&mut self, _: &'ast syn::Item) {}
    }
    let mut finder = Finder(false);
    syn::visit::Visit::visit_block(&mut finder, block);
    finder.0
}

/// `block` with `self` as its value at its end and at each `return;` of its own.
pub fn returning_self(block: &syn::Block) -> syn::Block {
    let mut block = block.clone();
    ReturnSelf.visit_block_mut(&mut block);
    block
        .stmts
        .push(syn::Stmt::Expr(syn::parse_quote!(self), None));
    block
}

/// Rewrites `return;` as `return self;`.
struct ReturnSelf;

impl VisitMut for ReturnSelf {
    fn visit_expr_mut(&mut self, e: &mut syn::Expr) {
        match e {
            syn::Expr::Return(r) if r.expr.is_none() => {
                r.expr = Some(Box::new(syn::parse_quote!(self)));
            }
            syn::Expr::Closure(_) => {}
            _ => syn::visit_mut::visit_expr_mut(self, e),
        }
    }
    fn visit_item_mut(&mut self, _: &mut syn::Item) {}
}
