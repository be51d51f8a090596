//! The function's locals in code kept as written: a closure given to a function, the
//! argument of `no_grad(..)`, a call that carries no derivative.
//!
//! Generated code names every local by its SSA value (`__ad_v3`), so each name in such code
//! that reads a local of the function becomes a hole (`__ad_hole_0`), filled with that value's
//! name when the code is printed. A name the code binds itself stays as written (see
//! `free_names`): `|t| { let u = 2.0 * t; u * s }` reads the caller's `s` but its own `u`,
//! whatever the caller calls `u`.
//!
//! A closure bound by `let` is not a value (its calls are inlined where they run), so code that
//! calls one gets the closure's literal bound again at its start, with the closure's own
//! captures as holes: `|t| inner(t) + 1.0` is kept as `|t| { let inner = |t: f64| t * hole;
//! inner(t) + 1.0 }`.

use super::free_names::rename_free;
use super::ssa::Builder;
use crate::ir::{HOLE, ValueId};
use proc_macro2::TokenStream;
use quote::{ToTokens, format_ident};
use syn::{Expr, Stmt};

impl Builder<'_> {
    /// `expr` with each name that reads a local of the function (not one `expr` binds, nor one
    /// in `except`: a closure's own parameters) replaced by a hole, recorded in `holes` with
    /// the local's name in `names`.
    pub(super) fn fill_holes_in(
        &mut self,
        expr: &Expr,
        holes: &mut Vec<ValueId>,
        names: &mut Vec<String>,
        except: &[String],
    ) -> TokenStream {
        // The closures bound by `let` that the code calls, by name.
        let mut closures: Vec<(String, syn::ExprClosure)> = Vec::new();
        let mut filled = expr.clone();
        self.fill(&mut filled, except, holes, names, &mut closures);
        // Each such closure bound again before its first use: one found while filling
        // another is bound before it.
        let mut bindings: Vec<Stmt> = Vec::new();
        let mut next = 0;
        while next < closures.len() {
            let (name, closure) = closures[next].clone();
            let mut closure = Expr::Closure(closure);
            self.fill(&mut closure, except, holes, names, &mut closures);
            let name = format_ident!("{}", name);
            bindings.push(syn::parse_quote!(let #name = #closure;));
            next += 1;
        }
        if bindings.is_empty() {
            return filled.to_token_stream();
        }
        bindings.reverse();
        quote::quote!({ #(#bindings)* #filled })
    }

    /// Fills the holes of `expr` (see [`fill_holes_in`](Self::fill_holes_in)), recording
    /// the `let`-bound closures it calls in `closures`.
    fn fill(
        &mut self,
        expr: &mut Expr,
        except: &[String],
        holes: &mut Vec<ValueId>,
        names: &mut Vec<String>,
        closures: &mut Vec<(String, syn::ExprClosure)>,
    ) {
        rename_free(expr, except, &mut |name| {
            let text = name.to_string();
            let value = self.lookup(&text)?;
            if let Some(closure) = self.closures.get(&value) {
                if !closures.iter().any(|(n, _)| *n == text) {
                    closures.push((text, closure.clone()));
                }
                return None;
            }
            let mut hole = format_ident!("{}{}", HOLE, holes.len());
            hole.set_span(name.span());
            holes.push(value);
            names.push(text);
            Some(hole)
        });
    }
}
