//! Lowering: a function or closure (syn) into an [`ir::Body`](crate::ir::Body).
//!
//! Takes the parameters (patterns and types), the `wrt` choice and the body; returns the body
//! in SSA form. Decides which parameters are differentiated: those named by `wrt`, or by
//! default every parameter whose type can carry a derivative (not integers, `bool`, `char`,
//! strings, functions). Errors go to the [`Diagnostics`].

mod aliases;
mod array_macros;
mod array_map;
mod assign;
mod calls;
mod chains;
mod closure_returns;
mod closures;
mod control;
mod conversions;
mod early_exits;
mod expr;
mod float_trait_calls;
mod free_names;
mod function_args;
mod holes;
mod inline;
pub use function_args::{ArgumentForm, MAX_LOWERINGS, settle_forms};
pub use inline::inline_helpers;
use std::collections::HashMap;
mod indexed_loops;
mod lanes;
mod lifted_map;
mod loops;
mod macros;
mod match_pattern;
mod mutable_loops;
pub mod operator_input;
mod operator_methods;
mod option_map;
mod shape_fn;

mod param_kinds;
mod pattern;
mod self_updates;
mod ssa;
mod stmts;
mod vec_methods;
mod zip;

use crate::diag::Diagnostics;
use crate::ir::{Block, Body, Param, ValueId};
use ssa::Builder;

/// A parameter as written: pattern (or `self`) and type.
pub struct ParamInput {
    /// The pattern; a receiver is the identifier pattern `self`.
    pub pat: syn::Pat,
    /// The type, absent for untyped closure parameters.
    pub ty: Option<syn::Type>,
    /// Whether the parameter is a constant whatever its type, without `wrt`: one the result
    /// was found not to depend on (see `frontend::constant_params`).
    pub constant: bool,
    /// For a function-typed parameter, the result type it declares (`ir::fn_output_type`).
    pub fn_output: Option<syn::Type>,
}

/// The code of the body: a block (functions) or an expression (closures).
#[derive(Clone, Copy)]
pub enum BodyInput<'a> {
    /// `{ .. }` of a function, its return type, and the generics in scope (the function's
    /// and its `impl`'s), whose type parameters may stand for floats.
    Block(&'a syn::Block, &'a syn::ReturnType, &'a syn::Generics),
    /// The body expression of a closure.
    Expr(&'a syn::Expr),
}

/// Lowers a function; `None` when an error was recorded.
pub fn lower(
    name: String,
    params: &[ParamInput],
    wrt: Option<&[syn::Ident]>,
    body: BodyInput<'_>,
    diag: &mut Diagnostics,
) -> Option<Body> {
    lower_capturing(name, params, wrt, body, diag, HashMap::new())
}

/// [`lower`], with the functions given to functions built in the forms `forms` chose (by
/// the argument's key in `ir::Body::argument_sites`; see
/// `analysis::activity::function_argument_forms`).
pub fn lower_capturing(
    name: String,
    params: &[ParamInput],
    wrt: Option<&[syn::Ident]>,
    body: BodyInput<'_>,
    diag: &mut Diagnostics,
    forms: HashMap<String, ArgumentForm>,
) -> Option<Body> {
    // A closure's early `return`s become the values of the branches they end, so that the
    // closure can be inlined where it runs (see `closure_returns`).
    let (mut rewritten_block, rewritten_expr);
    // A `&mut self` method without a result: its value is its last `self` on every path.
    let updates_self = matches!(body, BodyInput::Block(b, syn::ReturnType::Default, _) if self_updates::returns_early(b))
        && params.iter().any(is_mut_self);
    let body = match body {
        BodyInput::Block(block, output, generics) => {
            let in_closures = closure_returns::in_closures_of_block(block);
            rewritten_block = match updates_self {
                true => self_updates::returning_self(&in_closures),
                false => in_closures,
            };
            // Iterators given as parameters are read from `Vec`s of their items.
            let collected = param_kinds::collected_iterators(params, generics);
            rewritten_block.stmts.splice(0..0, collected);
            BodyInput::Block(&rewritten_block, output, generics)
        }
        BodyInput::Expr(expr) => {
            rewritten_expr = closure_returns::in_closure_body(expr);
            BodyInput::Expr(&rewritten_expr)
        }
    };
    let wrt_flags = choose_wrt(params, wrt, diag);
    // A function's `&mut T` parameters (not `self`) are inout: see `inout_params`.
    let inout = match body {
        BodyInput::Block(..) => inout_params(params),
        BodyInput::Expr(_) => Vec::new(),
    };
    let ir_params: Vec<Param> = params
        .iter()
        .zip(&wrt_flags)
        .enumerate()
        .map(|(i, (p, &wrt))| Param {
            value: ValueId(i as u32),
            name: pattern::display_name(&p.pat),
            ty: match inout.iter().find(|(k, _)| *k == i) {
                Some(_) => p.ty.as_ref().map(by_value_type),
                None => p.ty.clone(),
            },
            wrt,
            fn_output: p.fn_output.clone(),
        })
        .collect();
    let errors_before = diag.has_errors();
    let mut builder = Builder::new(diag, params.len() as u32);
    builder.in_closure = matches!(body, BodyInput::Expr(_));
    if let BodyInput::Block(_, output, _) = &body {
        builder.early_exits.try_return = early_exits::TryReturn::of(output);
    }
    builder.function_arguments = forms;
    builder.mutable_self = params.iter().any(is_mut_self);
    let generics = match &body {
        BodyInput::Block(_, _, generics) => Some(*generics),
        BodyInput::Expr(_) => None,
    };
    builder.bind_params(params, &ir_params, generics);
    // `*acc` names the local `acc` holds: the parameter is its own place, as an alias.
    if let BodyInput::Block(block, _, _) = &body {
        check_not_shadowed(block, &inout, builder.diag);
    }
    for (_, name) in &inout {
        let place: syn::Expr = syn::parse_quote!(#name);
        builder.aliases.push((name.to_string(), place));
    }
    let body_stmts = match &body {
        BodyInput::Block(block, _, _) => block.stmts.clone(),
        BodyInput::Expr(expr) => vec![syn::Stmt::Expr((*expr).clone(), None)],
    };
    if loops::returns_from_loops(&body_stmts) {
        // (A `&mut self` method without a result returns its `self`, of a type inferred.)
        let output = match &body {
            BodyInput::Block(_, output, _) if !updates_self => Some(*output),
            _ => None,
        };
        builder.prepare_loop_returns(output, proc_macro2::Span::call_site());
    }
    let value = match body {
        BodyInput::Block(block, _, _) => builder.lower_block(block),
        BodyInput::Expr(expr) => builder.lower_expr(expr),
    };
    let result = match builder.returned {
        Some(returned) => returned,
        None => value,
    };
    // A `&mut self` method's body may assign fields of `self`; its last version is written back.
    let mutated_self = builder
        .mutable_self
        .then(|| builder.lookup("self"))
        .flatten();
    // A `&mut self` method without a result (`fn step(&mut self, dt: f64)`) is differentiated
    // as an inout function: its result is the last `self`, whose cotangent the pullback takes.
    let inout_result = updates_self || (result.is_none() && mutated_self.is_some());
    let result = if inout_result { mutated_self } else { result };
    // A function with inout parameters returns its result followed by their last versions.
    let result = if inout.is_empty() {
        result
    } else {
        let span = proc_macro2::Span::call_site();
        let result = match result {
            Some(r) => r,
            None => builder.push(crate::ir::Op::Const(quote::quote!(())), span),
        };
        let last = inout
            .iter()
            .filter_map(|(_, name)| builder.lookup(&name.to_string()));
        let parts = std::iter::once(result).chain(last).collect();
        Some(builder.push(crate::ir::Op::Tuple(parts), span))
    };
    let value_count = builder.value_count();
    let instrs = builder.take_instrs();
    let items = std::mem::take(&mut builder.items);
    let versions = std::mem::take(&mut builder.versions);
    let argument_sites = std::mem::take(&mut builder.argument_sites);
    let is_closure = matches!(body, BodyInput::Expr(_));
    if builder.diag.has_errors() || errors_before {
        return None;
    }
    let mut body = Body {
        name,
        params: ir_params,
        items,
        block: Block { instrs, result },
        value_count,
        mutated_self,
        inout_result,
        is_closure,
        argument_sites,
    };
    crate::analysis::literal_types::type_sequence_literals(&mut body, &versions);
    Some(body)
}

/// Whether `p` is `&mut self`.
fn is_mut_self(p: &ParamInput) -> bool {
    matches!(&p.pat, syn::Pat::Ident(i) if i.ident == "self")
        && matches!(&p.ty, Some(syn::Type::Reference(r)) if r.mutability.is_some())
}

/// The inout parameters of a function: `name: &mut T` (not `self`), with their positions.
/// The derivatives take such a parameter by value (`T`, or `Vec<E>` for `&mut [E]`: see
/// [`by_value_type`]), lower `*name` as the local `name`, and return the function's result
/// followed by each one's last version, as Swift's `inout` parameters are differentiated.
pub fn inout_params(params: &[ParamInput]) -> Vec<(usize, syn::Ident)> {
    params
        .iter()
        .enumerate()
        .filter_map(|(i, p)| match (&p.pat, &p.ty) {
            (syn::Pat::Ident(name), Some(syn::Type::Reference(r)))
                if r.mutability.is_some() && name.ident != "self" =>
            {
                Some((i, name.ident.clone()))
            }
            _ => None,
        })
        .collect()
}

/// Reports a `let` that shadows an inout parameter: the value written back must be the
/// parameter's, which a shadowing binding of the same name would hide.
fn check_not_shadowed(block: &syn::Block, inout: &[(usize, syn::Ident)], diag: &mut Diagnostics) {
    use syn::visit::Visit;
    struct Finder<'a> {
        names: &'a [(usize, syn::Ident)],
        found: Vec<syn::Ident>,
    }
    impl<'ast> Visit<'ast> for Finder<'_> {
        fn visit_local(&mut self, local: &'ast syn::Local) {
            struct Bound<'b>(&'b mut Vec<syn::Ident>);
            impl<'ast> Visit<'ast> for Bound<'_> {
                fn visit_pat_ident(&mut self, p: &'ast syn::PatIdent) {
                    self.0.push(p.ident.clone());
                    syn::visit::visit_pat_ident(self, p);
                }
            }
            let mut bound = Vec::new();
            Bound(&mut bound).visit_pat(&local.pat);
            self.found.extend(
                bound
                    .into_iter()
                    .filter(|b| self.names.iter().any(|(_, n)| n == b)),
            );
            syn::visit::visit_local(self, local);
        }
    }
    if inout.is_empty() {
        return;
    }
    let mut finder = Finder {
        names: inout,
        found: Vec::new(),
    };
    finder.visit_block(block);
    for ident in finder.found {
        diag.error(
            ident.span(),
            format!("`{ident}` shadows the `&mut` parameter of the same name, whose last value a differentiable function returns: give the new binding another name"),
        );
    }
}

/// The type an inout parameter of type `ty` (`&mut T`) is passed by in derivatives: `T`, or
/// `Vec<E>` for `&mut [E]`, whose values must be owned.
pub fn by_value_type(ty: &syn::Type) -> syn::Type {
    match ty {
        syn::Type::Reference(r) => match &*r.elem {
            syn::Type::Slice(s) => {
                let elem = &s.elem;
                syn::parse_quote!(::std::vec::Vec<#elem>)
            }
            other => other.clone(),
        },
        other => other.clone(),
    }
}

/// Which parameters are differentiated: those named by `wrt`, or every parameter whose type
/// can carry a derivative. Reports `wrt` names that are not parameters or not differentiable.
pub fn choose_wrt(
    params: &[ParamInput],
    wrt: Option<&[syn::Ident]>,
    diag: &mut Diagnostics,
) -> Vec<bool> {
    let names: Vec<String> = params
        .iter()
        .map(|p| pattern::display_name(&p.pat))
        .collect();
    // A function parameter is always differentiated: its tangent is that of what a closure
    // given for it captured (none for a plain function, see `ad_core::capturing`).
    let function = |p: &ParamInput| {
        p.ty.as_ref()
            .is_some_and(crate::frontend::function_params::is_function_type)
    };
    let Some(wrt) = wrt else {
        return params
            .iter()
            .map(|p| {
                function(p) || (!p.constant && p.ty.as_ref().is_none_or(|t| !is_constant_type(t)))
            })
            .collect();
    };
    for ident in wrt {
        match names.iter().position(|n| ident == n) {
            None => diag.error(
                ident.span(),
                format!("`wrt` names `{ident}`, which is not a parameter of this function (parameters: {})", names.join(", ")),
            ),
            Some(i) => {
                if let Some(ty) = params[i].ty.as_ref().filter(|t| is_constant_type(t)) {
                    diag.error(
                        ident.span(),
                        format!(
                            "`{ident}` cannot be differentiated: its type `{}` carries no derivative",
                            quote::ToTokens::to_token_stream(ty)
                        ),
                    );
                }
            }
        }
    }
    names
        .iter()
        .zip(params)
        .map(|(n, p)| function(p) || wrt.iter().any(|w| w == n))
        .collect()
}

pub use crate::ir::is_constant_type;
pub use calls::NDARRAY_FUNCTIONS;
pub use pattern::display_name;

/// The inputs of a `fn` signature.
pub fn fn_params(sig: &syn::Signature) -> Vec<ParamInput> {
    sig.inputs
        .iter()
        .map(|arg| match arg {
            syn::FnArg::Receiver(r) => ParamInput {
                pat: syn::parse_quote!(self),
                ty: Some((*r.ty).clone()),
                constant: false,
                fn_output: None,
            },
            syn::FnArg::Typed(t) => ParamInput {
                pat: (*t.pat).clone(),
                ty: Some((*t.ty).clone()),
                constant: crate::ir::is_iterator_type(&t.ty, &sig.generics),
                fn_output: crate::ir::fn_output_type(&t.ty, &sig.generics),
            },
        })
        .collect()
}

/// The inputs of a closure.
pub fn closure_params(closure: &syn::ExprClosure) -> Vec<ParamInput> {
    closure
        .inputs
        .iter()
        .map(|pat| match pat {
            syn::Pat::Type(t) => ParamInput {
                pat: (*t.pat).clone(),
                ty: Some((*t.ty).clone()),
                constant: false,
                fn_output: crate::ir::fn_output_type(&t.ty, &syn::Generics::default()),
            },
            other => ParamInput {
                pat: other.clone(),
                ty: None,
                constant: false,
                fn_output: None,
            },
        })
        .collect()
}
