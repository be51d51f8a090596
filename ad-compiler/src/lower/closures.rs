//! Closures inside differentiable bodies, inlined where they are called.
//!
//! `let sq = |t: f64| t * t; sq(x) + sq(y)` lowers each call as the block
//! `{ let t: f64 = x; t * t }`: the closure's derivative is the derivative of its body where
//! it runs, and the values it captures are the values of those names where it is defined
//! (see `bind_closure`). Closures passed to iterator adaptors
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
        // What the closure reads from outside is what those names hold here, where it is
        // defined, not where it is called: `let f = |t| t * k; for k in .. { f(1.0) }` reads
        // this `k`. Each is bound again under a name of the closure's own, which its body
        // reads instead (Rust's borrow rules keep a captured local unchanged while the closure
        // lives, so its value here is its value at every call).
        let number = self.closures.len();
        let mut captures: Vec<(syn::Ident, ValueId, String)> = Vec::new();
        let mut renamed = Expr::Closure(closure.clone());
        super::free_names::rename_free(&mut renamed, &[], &mut |outer| {
            // `self` cannot be bound again: it is the same everywhere.
            if outer == "self" {
                return None;
            }
            let value = self.lookup(&outer.to_string())?;
            let own = quote::format_ident!("__ad_closure{}_{}", number, outer);
            if !captures.iter().any(|(name, _, _)| *name == own) {
                captures.push((own.clone(), value, outer.to_string()));
            }
            Some(own)
        });
        for (own, value, outer) in captures {
            // What the lowering knows of a parameter by its name (a reference, a slice, a
            // sequence read by count) it knows of the closure's name for it.
            for known in [
                &mut self.reference_params,
                &mut self.slice_params,
                &mut self.sequence_params,
                &mut self.untyped_arrays,
            ] {
                if known.contains(&outer) {
                    known.push(own.to_string());
                }
            }
            self.bind(own.to_string(), value);
        }
        let Expr::Closure(renamed) = renamed else {
            unreachable!("renaming keeps the closure");
        };
        let placeholder = self.fresh();
        self.closures.insert(placeholder, renamed);
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

/// `{ let p = a; body }`: a closure applied to argument expressions. Several parameters are
/// bound at once, `let (p1, p2): (T1, T2) = (a1, a2);`, so that an argument naming another
/// parameter (`f(b, a)` of `|a, b|`) reads the caller's value.
pub fn applied(closure: &syn::ExprClosure, args: &[&Expr]) -> Expr {
    let body = &closure.body;
    match closure.inputs.iter().collect::<Vec<_>>().as_slice() {
        [param] => syn::parse_quote!({ let #param = #(#args)*; #body }),
        params => {
            let (patterns, types): (Vec<_>, Vec<_>) = params
                .iter()
                .map(|param| match param {
                    syn::Pat::Type(t) => {
                        let (p, ty) = (&t.pat, &t.ty);
                        (quote::quote!(#p), quote::quote!(#ty))
                    }
                    other => (quote::quote!(#other), quote::quote!(_)),
                })
                .unzip();
            syn::parse_quote!({ let (#(#patterns,)*): (#(#types,)*) = (#(#args,)*); #body })
        }
    }
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

/// For a block that ends in a closure (`{ let t = s * 2.0; move |v| v * t }`): the `let` that
/// runs the block's statements and carries out the locals the closure reads
/// (`let (__ad_carried_t,) = { let t = s * 2.0; (t,) };`), and the closure reading them
/// there. `None` for other blocks, or when the closure binds a carried name itself.
pub fn returned_closure(block: &syn::Block) -> Option<(syn::Local, syn::ExprClosure)> {
    let (last, statements) = block.stmts.split_last()?;
    let syn::Stmt::Expr(Expr::Closure(closure), None) = last else {
        return None;
    };
    // The block's own locals, which the closure would outlive.
    let mut declared = Names::default();
    for statement in statements {
        if let syn::Stmt::Local(local) = statement {
            declared.visit_pat(&local.pat);
        }
    }
    let mut read = Reads::default();
    read.visit_expr(&closure.body);
    let mut own = Names::default();
    for input in &closure.inputs {
        own.visit_pat(input);
    }
    let carried: Vec<syn::Ident> = declared
        .0
        .iter()
        .filter(|name| read.0.contains(name) && !own.0.contains(name))
        .cloned()
        .collect();
    // A name the closure's body binds again would be renamed with the one carried.
    let mut bound_inside = Names::default();
    bound_inside.visit_expr(&closure.body);
    if carried.iter().any(|name| bound_inside.0.contains(name)) {
        return None;
    }
    let outside: Vec<syn::Ident> = carried
        .iter()
        .map(|name| quote::format_ident!("__ad_carried_{}", name))
        .collect();
    let carry: syn::Stmt = syn::parse_quote! {
        let (#(#outside,)*) = { #(#statements)* (#(#carried,)*) };
    };
    let syn::Stmt::Local(carry) = carry else {
        return None;
    };
    let mut renamed = closure.clone();
    let mut renamer = Rename {
        from: carried,
        to: outside,
    };
    syn::visit_mut::VisitMut::visit_expr_mut(&mut renamer, &mut renamed.body);
    Some((carry, renamed))
}

/// The names patterns bind.
#[derive(Default)]
struct Names(Vec<syn::Ident>);

impl<'ast> Visit<'ast> for Names {
    fn visit_pat_ident(&mut self, p: &'ast syn::PatIdent) {
        self.0.push(p.ident.clone());
        syn::visit::visit_pat_ident(self, p);
    }
}

/// The single names an expression reads.
#[derive(Default)]
struct Reads(Vec<syn::Ident>);

impl<'ast> Visit<'ast> for Reads {
    fn visit_expr_path(&mut self, p: &'ast syn::ExprPath) {
        if let Some(ident) = p.path.get_ident() {
            self.0.push(ident.clone());
        }
    }
}

/// Renames the single names `from[k]` an expression reads to `to[k]`.
struct Rename {
    from: Vec<syn::Ident>,
    to: Vec<syn::Ident>,
}

impl syn::visit_mut::VisitMut for Rename {
    fn visit_expr_path_mut(&mut self, p: &mut syn::ExprPath) {
        let position = p
            .path
            .get_ident()
            .and_then(|ident| self.from.iter().position(|name| name == ident));
        if let Some(k) = position {
            let to = &self.to[k];
            p.path = syn::parse_quote!(#to);
        }
    }
}
