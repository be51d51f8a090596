//! The names a piece of code reads from outside itself, scope by scope.
//!
//! Code the lowering moves (a closure inlined where it is called) or keeps as written (a
//! closure given to a function, `no_grad(..)`'s argument) reads the function's locals by
//! name; those names must be replaced by what they name where the code is written (a hole, or
//! a name bound there). A name the code binds itself (a `let`, a closure's parameter, a
//! `match` arm's or a `for` loop's pattern, `if let`) is its own within its scope and stays:
//! `|t| { let u = 2.0 * t; u * s }` reads `s` from outside but its own `u`.

use super::macros::names_a_value;
use proc_macro2::{Group, TokenStream, TokenTree};
use syn::visit::Visit;
use syn::visit_mut::VisitMut;
use syn::{Expr, Stmt};

/// Replaces, in `expr`, each name read from outside it (not bound in it, nor in `except`) for
/// which `replace` gives a new name.
pub(super) fn rename_free(
    expr: &mut Expr,
    except: &[String],
    replace: &mut dyn FnMut(&syn::Ident) -> Option<syn::Ident>,
) {
    let mut renamer = Renamer {
        scopes: vec![except.to_vec()],
        replace,
    };
    renamer.visit_expr_mut(expr);
}

/// The names patterns bind.
pub(super) fn bound_by(pat: &syn::Pat) -> Vec<String> {
    let mut bound = Bound::default();
    bound.visit_pat(pat);
    bound.0
}

/// Renames the names read from outside, scope by scope.
struct Renamer<'r> {
    /// The names bound inside the code, innermost scope last.
    scopes: Vec<Vec<String>>,
    replace: &'r mut dyn FnMut(&syn::Ident) -> Option<syn::Ident>,
}

impl Renamer<'_> {
    fn is_own(&self, name: &str) -> bool {
        self.scopes
            .iter()
            .any(|scope| scope.iter().any(|n| n == name))
    }

    /// Runs `visit` with the names `patterns` bind in a new innermost scope.
    fn scoped<'p>(
        &mut self,
        patterns: impl IntoIterator<Item = &'p syn::Pat>,
        visit: impl FnOnce(&mut Self),
    ) {
        let bound = patterns.into_iter().flat_map(bound_by).collect();
        self.scopes.push(bound);
        visit(self);
        self.scopes.pop();
    }

    fn renamed(&mut self, name: &syn::Ident) -> Option<syn::Ident> {
        if self.is_own(&name.to_string()) {
            return None;
        }
        (self.replace)(name)
    }

    /// A macro's tokens, which have no syntax to scope by: every name bound around them is
    /// their own.
    fn renamed_tokens(&mut self, tokens: TokenStream) -> TokenStream {
        let trees: Vec<TokenTree> = tokens.into_iter().collect();
        let mut out = TokenStream::new();
        for (k, tree) in trees.iter().enumerate() {
            let tree = match tree {
                TokenTree::Group(g) => {
                    let mut group = Group::new(g.delimiter(), self.renamed_tokens(g.stream()));
                    group.set_span(g.span());
                    TokenTree::Group(group)
                }
                TokenTree::Ident(ident) if names_a_value(&trees, k) => match self.renamed(ident) {
                    Some(new) => TokenTree::Ident(new),
                    None => tree.clone(),
                },
                _ => tree.clone(),
            };
            out.extend([tree]);
        }
        out
    }
}

impl VisitMut for Renamer<'_> {
    fn visit_block_mut(&mut self, block: &mut syn::Block) {
        self.scopes.push(Vec::new());
        for stmt in &mut block.stmts {
            match stmt {
                // The initializer runs before the pattern binds.
                Stmt::Local(local) => {
                    if let Some(init) = &mut local.init {
                        self.visit_expr_mut(&mut init.expr);
                        if let Some((_, diverge)) = &mut init.diverge {
                            self.visit_expr_mut(diverge);
                        }
                    }
                    let bound = bound_by(&local.pat);
                    if let Some(scope) = self.scopes.last_mut() {
                        scope.extend(bound);
                    }
                }
                Stmt::Item(_) => {}
                Stmt::Expr(expr, _) => self.visit_expr_mut(expr),
                Stmt::Macro(m) => self.visit_macro_mut(&mut m.mac),
            }
        }
        self.scopes.pop();
    }

    fn visit_expr_closure_mut(&mut self, closure: &mut syn::ExprClosure) {
        let inputs: Vec<syn::Pat> = closure.inputs.iter().cloned().collect();
        self.scoped(&inputs, |renamer| renamer.visit_expr_mut(&mut closure.body));
    }

    fn visit_arm_mut(&mut self, arm: &mut syn::Arm) {
        let pat = arm.pat.clone();
        self.scoped([&pat], |renamer| {
            if let Some((_, guard)) = &mut arm.guard {
                renamer.visit_expr_mut(guard);
            }
            renamer.visit_expr_mut(&mut arm.body);
        });
    }

    fn visit_expr_for_loop_mut(&mut self, f: &mut syn::ExprForLoop) {
        self.visit_expr_mut(&mut f.expr);
        let pat = (*f.pat).clone();
        self.scoped([&pat], |renamer| renamer.visit_block_mut(&mut f.body));
    }

    fn visit_expr_if_mut(&mut self, e: &mut syn::ExprIf) {
        match &mut *e.cond {
            Expr::Let(l) => {
                self.visit_expr_mut(&mut l.expr);
                let pat = (*l.pat).clone();
                self.scoped([&pat], |renamer| {
                    renamer.visit_block_mut(&mut e.then_branch)
                });
            }
            cond => {
                self.visit_expr_mut(cond);
                self.visit_block_mut(&mut e.then_branch);
            }
        }
        if let Some((_, otherwise)) = &mut e.else_branch {
            self.visit_expr_mut(otherwise);
        }
    }

    fn visit_expr_while_mut(&mut self, w: &mut syn::ExprWhile) {
        match &mut *w.cond {
            Expr::Let(l) => {
                self.visit_expr_mut(&mut l.expr);
                let pat = (*l.pat).clone();
                self.scoped([&pat], |renamer| renamer.visit_block_mut(&mut w.body));
            }
            cond => {
                self.visit_expr_mut(cond);
                self.visit_block_mut(&mut w.body);
            }
        }
    }

    fn visit_expr_path_mut(&mut self, p: &mut syn::ExprPath) {
        if p.qself.is_some() {
            return;
        }
        if let Some(name) = p.path.get_ident().cloned()
            && let Some(new) = self.renamed(&name)
        {
            p.path = new.into();
        }
    }

    // `S { x }` reads the local `x`: renamed, it is written out, `S { x: new }`.
    fn visit_field_value_mut(&mut self, field: &mut syn::FieldValue) {
        self.visit_expr_mut(&mut field.expr);
        let renamed = matches!(&field.member, syn::Member::Named(m) if !matches!(&field.expr, Expr::Path(p) if p.path.is_ident(m)));
        if renamed && field.colon_token.is_none() {
            field.colon_token = Some(Default::default());
        }
    }

    fn visit_macro_mut(&mut self, mac: &mut syn::Macro) {
        let tokens = std::mem::take(&mut mac.tokens);
        mac.tokens = self.renamed_tokens(tokens);
    }

    // An item inside the code is its own.
    fn visit_item_mut(&mut self, _: &mut syn::Item) {}
}

/// The names patterns bind (visit the patterns, or whole code for every name it binds).
#[derive(Default)]
pub(super) struct Bound(pub(super) Vec<String>);

impl<'ast> Visit<'ast> for Bound {
    fn visit_pat_ident(&mut self, p: &'ast syn::PatIdent) {
        self.0.push(p.ident.to_string());
        syn::visit::visit_pat_ident(self, p);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::ToTokens;

    /// `code` with each free name `n` renamed `outer_n`.
    fn renamed(code: &str) -> String {
        let mut expr: Expr = syn::parse_str(code).unwrap();
        rename_free(&mut expr, &[], &mut |name| {
            Some(quote::format_ident!("outer_{}", name))
        });
        expr.to_token_stream().to_string()
    }

    #[test]
    fn names_bound_inside_stay_and_the_others_are_renamed() {
        assert_eq!(
            renamed("{ let u = t * 2.0 ; u * s }"),
            "{ let u = outer_t * 2.0 ; u * outer_s }"
        );
        assert_eq!(renamed("| t | t * k"), "| t | t * outer_k");
        assert_eq!(
            renamed("match v { Some (u) => u + w , None => u }"),
            "match outer_v { Some (u) => u + outer_w , None => outer_u }"
        );
        assert_eq!(
            renamed("{ for i in 0 .. n { a [i] += i as f64 ; } }"),
            "{ for i in 0 .. outer_n { outer_a [i] += i as f64 ; } }"
        );
        assert_eq!(renamed("S { x , y : 1.0 }"), "S { x : outer_x , y : 1.0 }");
        assert_eq!(
            renamed("{ let s = 1.0 ; format ! (\"{}\" , s + k) }"),
            "{ let s = 1.0 ; format ! (\"{}\" , s + outer_k) }"
        );
    }
}
