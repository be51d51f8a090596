//! `#[differentiable]` on a function or an `impl` block: runs the [`pipeline`] on each body
//! and places what [`emit`] prints (a companion module for a free function, sibling methods
//! in an impl). Errors are collected in one [`Diagnostics`] and checked once; on any error
//! the user's item is emitted unchanged with the errors (see [`fallback`]). On a trait, see
//! [`traits`].
//!
//! [`traits`]: crate::frontend::traits
//! [`pipeline`]: crate::pipeline

use crate::diag::Diagnostics;
use crate::emit::forward::Order;
use crate::emit::{self, types};
use crate::frontend::attr::{self, AttrKind, Config};
use crate::frontend::{constant_params, fallback, impls};
use crate::ir::{self, Body};
use crate::lower::{self, BodyInput};
use crate::names;
use crate::pipeline::{Differentiated, differentiate};
use proc_macro2::{TokenStream, TokenTree};
use quote::{ToTokens, quote};
use syn::spanned::Spanned;

/// `#[differentiable(..)]` on a function or an `impl` block.
pub fn differentiable(args: TokenStream, item: TokenStream) -> TokenStream {
    let config = match attr::parse(AttrKind::Differentiable, args) {
        Ok(config) => config,
        Err(e) => return fallback::with_errors(item, e.to_compile_error()),
    };
    match syn::parse2::<syn::Item>(item.clone()) {
        Ok(syn::Item::Fn(f)) => {
            if let Some(enclosing) = enclosing_impl(&f.sig.ident) {
                let f = syn::ImplItemFn {
                    attrs: f.attrs,
                    vis: f.vis,
                    defaultness: None,
                    sig: f.sig,
                    block: *f.block,
                };
                return impls::expand_method(&config, f, enclosing, item);
            }
            let mode = match in_macro_impl(&f.sig.ident) {
                Some(true) => {
                    return fallback::with_errors(item, in_macro_trait_impl(&f.sig.ident));
                }
                Some(false) => Placement::Sibling,
                None if in_impl(&f) => Placement::Sibling,
                None => Placement::Companion,
            };
            let generics = syn::Generics::default();
            expand_fn(
                &config, &f.attrs, &f.vis, &f.sig, &f.block, mode, &generics, item,
            )
        }
        Ok(syn::Item::Impl(imp)) => impls::expand_impl(&config, imp, item),
        Ok(syn::Item::Trait(t)) => match crate::frontend::traits::expand_trait(&config, t) {
            Ok(expanded) => expanded,
            Err(errors) => fallback::with_errors(item, errors),
        },
        Ok(other) => fallback::with_errors(
            item,
            syn::Error::new(
                other.span(),
                "`#[differentiable]` applies to functions, methods, `impl` blocks and traits",
            )
            .to_compile_error(),
        ),
        Err(_) => match syn::parse2::<syn::ImplItemFn>(item.clone()) {
            Ok(f) => match enclosing_impl(&f.sig.ident) {
                Some(enclosing) => impls::expand_method(&config, f, enclosing, item),
                None if in_macro_impl(&f.sig.ident) == Some(true) => {
                    fallback::with_errors(item, in_macro_trait_impl(&f.sig.ident))
                }
                None => {
                    let (attrs, vis, sig, block) = (&f.attrs, &f.vis, &f.sig, &f.block);
                    let (placement, generics) = (Placement::Sibling, syn::Generics::default());
                    expand_fn(&config, attrs, vis, sig, block, placement, &generics, item)
                }
            },
            Err(e) => fallback::with_errors(item, e.to_compile_error()),
        },
    }
}

/// Where the VJP of a function goes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Placement {
    /// A companion module beside a free function.
    Companion,
    /// A sibling associated function in the same `impl` block.
    Sibling,
    /// A sibling of a trait impl's method, in an inherent impl beside it (a trait impl holds
    /// only the trait's items); it may be named apart from the method (see
    /// `operator_impls::sibling_base`).
    TraitSibling,
}

/// The impl block around the function named `name`, when the source file shows one (see
/// `source::impls`).
fn enclosing_impl(name: &syn::Ident) -> Option<crate::source::Enclosing> {
    crate::source::current()?.enclosing_impl(name)
}

/// When the function named `name` is in an impl block written in a macro's tokens: whether
/// that block is a trait impl.
fn in_macro_impl(name: &syn::Ident) -> Option<bool> {
    crate::source::current()?.in_macro_impl(name)
}

/// The error for an attribute on a method of a trait impl that a macro writes: the file shows
/// the macro's tokens, not the impl it expands to, and the method's derivatives cannot sit
/// beside it in a trait impl.
fn in_macro_trait_impl(name: &syn::Ident) -> TokenStream {
    syn::Error::new(
        name.span(),
        format!("`#[differentiable]` on `{name}`, a method of a trait impl that a macro writes: the attribute cannot see that impl, only the macro's tokens; put `#[differentiable]` on the `impl` block inside the macro instead"),
    )
    .to_compile_error()
}

/// A function written inside an `impl` block, when the file does not show it: it has a
/// receiver or mentions `Self`. (An associated function that does neither cannot be told
/// apart from a free function by its tokens.)
fn in_impl(f: &syn::ItemFn) -> bool {
    f.sig.receiver().is_some()
        || mentions_self(f.sig.to_token_stream())
        || mentions_self(f.block.to_token_stream())
}

fn mentions_self(tokens: TokenStream) -> bool {
    tokens.into_iter().any(|t| match t {
        TokenTree::Ident(i) => i == "Self",
        TokenTree::Group(g) => mentions_self(g.stream()),
        _ => false,
    })
}

/// The function and its derivatives, placed by `placement`; `impl_generics` are the
/// enclosing block's, when known.
#[allow(clippy::too_many_arguments)]
pub(crate) fn expand_fn(
    config: &Config,
    attrs: &[syn::Attribute],
    vis: &syn::Visibility,
    sig: &syn::Signature,
    block: &syn::Block,
    placement: Placement,
    impl_generics: &syn::Generics,
    original: TokenStream,
) -> TokenStream {
    match reverse_item(config, vis, sig, block, placement, impl_generics) {
        Ok(generated) => {
            let inherited = inherited_attributes(attrs);
            quote!(#original #(#inherited)* #generated)
        }
        Err(errors) => fallback::with_errors(original, errors),
    }
}

/// The user's attributes that the generated item must carry too: `cfg` (it exists exactly
/// when the function does) and lint levels (not `forbid`, which would reject the generated
/// code's own `allow`s, nor `expect`, which the generated code would leave unfulfilled).
pub(crate) fn inherited_attributes(
    attrs: &[syn::Attribute],
) -> impl Iterator<Item = &syn::Attribute> {
    const INHERITED: &[&str] = &["cfg", "cfg_attr", "allow", "warn", "deny"];
    attrs
        .iter()
        .filter(|a| INHERITED.iter().any(|name| a.path().is_ident(name)))
}

/// The item holding the VJP of one function, or the errors that prevent it. `impl_generics`
/// are those of the enclosing `impl` when known (`#[differentiable]` on the block): the
/// pullback captures them too.
pub(crate) fn reverse_item(
    config: &Config,
    vis: &syn::Visibility,
    sig: &syn::Signature,
    block: &syn::Block,
    placement: Placement,
    impl_generics: &syn::Generics,
) -> Result<TokenStream, TokenStream> {
    let mut diag = Diagnostics::default();
    let mut params = lower::fn_params(sig);
    let inout_positions: Vec<usize> = lower::inout_params(&params)
        .iter()
        .map(|(i, _)| *i)
        .collect();
    let inout = !inout_positions.is_empty();
    check_signature(sig, inout, placement, &mut diag);
    // With inout parameters, the derivatives are those of the function that takes them by
    // value and returns its result followed by their new values (see `lower::inout_params`).
    let sig = &match inout {
        true => by_value_signature(sig),
        false => sig.clone(),
    };
    // (The function itself cannot be named with the derivatives' type parameters when they
    // stand for functions with derivatives: its own bounds are `Fn`.)
    let function_generics = crate::frontend::function_params::has_function_params(sig);
    let sig = &crate::frontend::function_params::with_function_params(&with_real_bounds(sig));
    let mut captured = sig.generics.clone();
    captured.params = impl_generics
        .params
        .iter()
        .chain(&sig.generics.params)
        .cloned()
        .collect();
    // The same file's helpers inlined (see `lower::inline`): kept only if the body lowers
    // with them, else the body is lowered as written.
    let inputs: Vec<syn::FnArg> = sig.inputs.iter().cloned().collect();
    let inlined = match placement {
        Placement::Companion => lower::inline_helpers(&sig.ident, &inputs, block),
        _ => None,
    };
    let mut block = block;
    let mut with_inlined = None;
    if let Some(inlined) = &inlined {
        let mut trial = Diagnostics::default();
        let body = BodyInput::Block(inlined, &sig.output, &captured);
        let name = sig.ident.to_string();
        let found = differentiate(name, &params, config.wrt.as_deref(), body, &mut trial);
        if found.is_some() && !trial.has_errors() {
            block = inlined;
            with_inlined = found;
        }
    }
    let lowered = |params: &[lower::ParamInput], diag: &mut Diagnostics| {
        let body = BodyInput::Block(block, &sig.output, &captured);
        differentiate(
            sig.ident.to_string(),
            params,
            config.wrt.as_deref(),
            body,
            diag,
        )
    };
    let mut differentiated = match with_inlined {
        Some(found) => Some(found),
        None => lowered(&params, &mut diag),
    };
    // Settings the result does not depend on are constants (see `constant_params`); not in a
    // trait impl, whose derivatives' signatures are the trait's.
    let constants = match (&differentiated, &config.wrt, placement) {
        (Some(found), None, Placement::Companion | Placement::Sibling) if !diag.has_errors() => {
            constant_params::unused_opaque(&params, &[&sig.generics, impl_generics], found)
        }
        _ => Vec::new(),
    };
    if !constants.is_empty() {
        for &i in &constants {
            params[i].constant = true;
        }
        differentiated = lowered(&params, &mut diag);
    }
    let Some(differentiated) = differentiated.filter(|_| !diag.has_errors()) else {
        return Err(diag.to_compile_errors());
    };
    let (decls, sources) = emit::derivative_params(sig);
    let ret = types::return_type(&sig.output);
    let param_types = emit::param_types(sig);
    let tangents: Vec<TokenStream> = param_types
        .iter()
        .zip(&differentiated.ir.params)
        .map(|(ty, p)| types::param_tangent(ty, p.wrt))
        .collect();
    let recursive = config.recursive
        || calls_itself(&sig.ident, block)
        || calls_functions_in_regions(&differentiated.ir);
    // A boxed pullback (`Box<dyn Fn ..>`) is `'static`, so the VJP of a boxed generic
    // function requires `'static` type parameters, and so does that of a generic function
    // that calls functions of the user's (one of which may be boxed). Only the VJP: the
    // function itself and its forward derivatives keep the source's bounds.
    let generic = sig.generics.type_params().next().is_some();
    let vjp_sig = match generic && (recursive || calls_user_functions(&differentiated.ir)) {
        true => with_static_type_params(sig),
        false => sig.clone(),
    };
    let vjp_sig = &vjp_sig;
    // The pullback of an inout method (`&mut self`, no result) takes the tangent of `Self`.
    let seeded: syn::Type = if differentiated.ir.inout_result {
        syn::parse_quote!(Self)
    } else {
        ret.clone()
    };
    let result = types::reverse_result(&ret, &seeded, &tangents, &captured, recursive);
    let through = param_types
        .iter()
        .zip(&differentiated.ir.params)
        .filter(|(_, p)| p.wrt)
        .map(|(ty, _)| ty)
        .chain([&seeded]);
    let shown_at = types::signature_shown_at(through);
    let items = &differentiated.ir.items;
    let warnings = crate::frontend::warnings::for_function(
        sig,
        &inout_positions,
        block,
        &differentiated.ir,
        &differentiated.activity,
    );
    let seed = emit::reverse::PullbackTypes {
        seed: Some(types::tangent(&seeded)),
        outputs: None,
        // A free function's callers pad (`emit::padding`); a method's may not.
        prefix_cotangents: placement == Placement::Companion,
    };
    let Some(plan) = differentiated.reverse_plan(&mut diag) else {
        return Err(diag.to_compile_errors());
    };
    let body = emit::reverse::body(&differentiated.ir, &plan, &sources, seed, recursive);
    let Differentiated { ir, activity } = &differentiated;
    // The VJP stands for the function: a function used only through its derivative
    // (`gradient!(.., of: f)`) is used, so it must not trip the `dead_code` lint.
    let name = &sig.ident;
    // A generic function is named with the derivative's own parameters (type and const; its
    // lifetimes are left to inference), so it is used exactly when a derivative is.
    let arguments = sig.generics.params.iter().filter_map(|p| match p {
        syn::GenericParam::Type(t) => Some(t.ident.to_token_stream()),
        syn::GenericParam::Const(c) => Some(c.ident.to_token_stream()),
        syn::GenericParam::Lifetime(_) => None,
    });
    let arguments: Vec<TokenStream> = arguments.collect();
    let turbofish = (!arguments.is_empty()).then(|| quote!(::<#(#arguments),*>));
    let mark_used = match (sig.generics.params.is_empty(), placement) {
        _ if function_generics => quote!(),
        // (Companion paths are rebased onto the parent module when printed.)
        (false, Placement::Companion) => quote!(let _ = #name #turbofish;),
        (false, Placement::Sibling) => quote!(let _ = Self::#name #turbofish;),
        // A trait's method is never reported unused, and `Self::mul` is ambiguous with two
        // `Mul` impls.
        (_, Placement::TraitSibling) => quote!(),
        // Beside the companion instead (see below): inside it, a bare name could be the
        // companion's own `vjp`, `forward` or `second`.
        (true, Placement::Companion) => quote!(),
        (true, Placement::Sibling) => quote!(let _ = Self::#name;),
    };
    let body = quote!(#mark_used #warnings #(#items)* #body);
    // The forward derivatives, first and second order (for `hessian!`), share their shape.
    let mutating = mutates_self(sig);
    let [first_order, second_order]: [TokenStream; 2] =
        [Order::First, Order::Second].map(|order| {
            let wrt: Vec<bool> = ir.params.iter().map(|p| p.wrt).collect();
            let tangent_params = types::forward_tangent_params(&param_types, &wrt, order);
            let params: Vec<TokenStream> = decls.iter().chain(&tangent_params).cloned().collect();
            let value = if ir.inout_result {
                quote!(())
            } else {
                ret.to_token_stream()
            };
            let tangent = types::forward_tangent_type(&seeded, order);
            let result = quote!((#value, #tangent));
            let body = emit::forward::body(ir, activity, &sources, order);
            let body = quote!(#mark_used #(#items)* #body);
            let names = ForwardNames::of(order, &sig.ident);
            let (derivative_vis, name) = match placement {
                Placement::Companion => (quote!(pub), &names.companion),
                Placement::Sibling | Placement::TraitSibling if mutating => {
                    (vis.to_token_stream(), &names.mut_method)
                }
                Placement::Sibling | Placement::TraitSibling => {
                    (vis.to_token_stream(), &names.method)
                }
            };
            // A `&mut self` method's forward sibling has a guard under the plain name, and an
            // inout sibling when it has no result (see `emit::mut_self`).
            let mut_self_items = (mutating && placement != Placement::Companion).then(|| {
                let guard = emit::mut_self::forward_guard(
                    derivative_vis.clone(),
                    sig,
                    &result,
                    &names.method,
                    shown_at,
                );
                let inout = ir.inout_result.then(|| {
                    emit::mut_self::forward_inout(
                        derivative_vis.clone(),
                        sig,
                        &tangent_params,
                        &tangent,
                        (&names.inout_method, &names.mut_method),
                        shown_at,
                    )
                });
                quote!(#guard #inout)
            });
            let forward =
                emit::derivative_fn(derivative_vis, name, sig, &params, result, body, shown_at);
            quote!(#forward #mut_self_items)
        });
    let forwards = quote!(#first_order #second_order);
    let generated = match placement {
        Placement::Companion => {
            let vjp = emit::derivative_fn(
                quote!(pub),
                &names::companion_reverse(),
                vjp_sig,
                &decls,
                result,
                body,
                shown_at,
            );
            let arity = sig.inputs.len();
            let module = emit::companion_module(vis, &sig.ident, arity, quote!(#vjp #forwards));
            let mark_used = sig
                .generics
                .params
                .is_empty()
                .then(|| quote!(const _: () = { let _ = #name; };));
            quote!(#module #mark_used)
        }
        Placement::Sibling | Placement::TraitSibling => {
            let vis = vis.to_token_stream();
            // A `&mut self` method's VJP has a guard under the plain name; without a result,
            // the method can be called as `x.name(args);` in differentiable code, through a
            // sibling that returns the new `x`.
            let mut_self_items = mutating.then(|| {
                let guard = emit::mut_self::guard(vis.clone(), sig, &result, shown_at);
                let inout = ir.inout_result.then(|| {
                    let self_type: syn::Type = syn::parse_quote!(Self);
                    let returns_self =
                        types::reverse_result(&self_type, &seeded, &tangents, &captured, recursive);
                    emit::mut_self::inout(vis.clone(), sig, &returns_self, shown_at)
                });
                quote!(#guard #inout)
            });
            let name = if mutating {
                names::mut_method_reverse(&sig.ident)
            } else {
                names::method_reverse(&sig.ident)
            };
            let vjp = emit::derivative_fn(vis, &name, vjp_sig, &decls, result, body, shown_at);
            // The modes a `#[derivative(of = Self::m ..)]` of the type registers are its own.
            let (reverse_registered, forward_registered) = registered_modes(&sig.ident);
            let vjp = (!reverse_registered).then_some(quote!(#vjp #mut_self_items));
            // (The second order is still the body's: a registered differential has none.)
            let first_order = (!forward_registered).then_some(first_order);
            quote!(#vjp #first_order #second_order)
        }
    };
    if config.dump {
        dump(
            ir,
            &ir::pretty::print(ir, &|v| activity.describe(v)),
            &crate::reverse::pretty::print(&plan),
            &generated,
        );
    }
    Ok(generated)
}

/// Whether registrations in the impl blocks of the method `name`'s type (read from the
/// file) give its pullback and its differential.
fn registered_modes(name: &syn::Ident) -> (bool, bool) {
    let Some(enclosing) = crate::source::current().and_then(|f| f.enclosing_impl(name)) else {
        return (false, false);
    };
    let of_name = enclosing
        .registrations
        .iter()
        .filter(|r| r.of == name.to_string() && r.function != name.to_string());
    of_name.fold((false, false), |(reverse, forward), r| {
        (
            reverse || r.registers.gives_reverse(),
            forward || r.registers.gives_forward(),
        )
    })
}

/// Where the forward derivatives of one order of a function `m` live.
struct ForwardNames {
    /// In a companion module: `forward`, `second`.
    companion: syn::Ident,
    /// A method's sibling: `__ad_fwd_m`, `__ad_hvp_m`.
    method: syn::Ident,
    /// A `&mut self` method's sibling: `__ad_fwd_mut_m`, `__ad_hvp_mut_m`.
    mut_method: syn::Ident,
    /// The inout sibling of a `&mut self` method without a result.
    inout_method: syn::Ident,
}

impl ForwardNames {
    fn of(order: Order, name: &syn::Ident) -> Self {
        match order {
            Order::First => ForwardNames {
                companion: names::companion_forward(),
                method: names::method_forward(name),
                mut_method: names::mut_method_forward(name),
                inout_method: names::called_method_forward(name, true),
            },
            Order::Second => ForwardNames {
                companion: names::companion_second(),
                method: names::method_second(name),
                mut_method: names::mut_method_second(name),
                inout_method: names::called_method_second(name, true),
            },
        }
    }
}

/// `#[differentiable(dump)]`: the user asked to see the IR and the generated code.
fn dump(ir: &Body, annotated: &str, plan: &str, generated: &TokenStream) {
    let code = match syn::parse2::<syn::File>(generated.clone()) {
        Ok(file) => prettyplease::unparse(&file),
        Err(_) => generated.to_string(),
    };
    eprintln!(
        "=== ad: IR of `{}` (with activity) ===\n{annotated}=== ad: reverse plan ===\n{plan}=== ad: generated code ===\n{code}",
        ir.name
    );
}

/// Whether the body calls a function of the user's (a free function, or `Self::f`) inside a
/// branch or a loop. Such a function may be one of several that call each other (`even`
/// calls `odd`, which calls `even`): each pullback's type would then contain the other's,
/// which rustc rejects ("cannot resolve opaque type"). A macro sees one function at a time,
/// but every such cycle passes through a call that does not always run (or the recursion
/// would never end), so boxing the pullback of every function that makes one breaks every
/// cycle, at one allocation per call of these functions only.
fn calls_functions_in_regions(ir: &Body) -> bool {
    ir.block.instrs.iter().any(|instr| {
        instr
            .regions()
            .into_iter()
            .any(|region| calls_user_function_in(&region.instrs))
    })
}

/// Whether the body calls a function of the user's anywhere.
fn calls_user_functions(ir: &Body) -> bool {
    calls_user_function_in(&ir.block.instrs)
}

/// Whether `instrs` (or a region in them) call a function of the user's (a free function,
/// or `Self::f`; not the runtime's).
fn calls_user_function_in(instrs: &[ir::Instr]) -> bool {
    let user_function = |path: &syn::Path| {
        let runtime =
            path.leading_colon.is_some() && path.segments.first().is_some_and(|s| s.ident == "ad");
        let own = !crate::emit::callee::is_associated(path)
            || path.segments.first().is_some_and(|s| s.ident == "Self");
        own && !runtime
    };
    let mut found = false;
    ir::walk(instrs, &mut |inner| {
        found |= matches!(&inner.op, ir::Op::Call { callee, .. } if user_function(&callee.path));
    });
    found
}

/// `sig` with `P: 'static` required of each of its type parameters.
fn with_static_type_params(sig: &syn::Signature) -> syn::Signature {
    let mut sig = sig.clone();
    let params: Vec<syn::Ident> = sig
        .generics
        .type_params()
        .map(|t| t.ident.clone())
        .collect();
    let predicates = &mut sig.generics.make_where_clause().predicates;
    for param in params {
        predicates.push(syn::parse_quote!(#param: 'static));
    }
    sig
}

/// Whether the body calls the function itself (`f(..)`, `self::f(..)`, `Self::f(..)`,
/// `self.f(..)`): its VJP then returns a boxed pullback.
fn calls_itself(name: &syn::Ident, block: &syn::Block) -> bool {
    use syn::visit::Visit;
    struct Finder<'n> {
        name: &'n syn::Ident,
        found: bool,
    }
    impl<'ast> Visit<'ast> for Finder<'_> {
        fn visit_expr_call(&mut self, call: &'ast syn::ExprCall) {
            if let syn::Expr::Path(p) = &*call.func {
                let segments = &p.path.segments;
                let own_path = match segments.len() {
                    1 => true,
                    2 => segments[0].ident == "self" || segments[0].ident == "Self",
                    _ => false,
                };
                self.found |= own_path && segments.last().is_some_and(|s| s.ident == *self.name);
            }
            syn::visit::visit_expr_call(self, call);
        }
        fn visit_expr_method_call(&mut self, call: &'ast syn::ExprMethodCall) {
            self.found |= call.method == *self.name
                && matches!(&*call.receiver, syn::Expr::Path(p) if p.path.is_ident("self"));
            syn::visit::visit_expr_method_call(self, call);
        }
    }
    let mut finder = Finder { name, found: false };
    finder.visit_block(block);
    finder.found
}

/// The signature with `T: Real` added to every type parameter bounded by `Float`
/// (num-traits): the derivative of `fn f<T: Float>(x: T) -> T` needs the rules for `T`,
/// which `f32` and `f64` have.
fn with_real_bounds(sig: &syn::Signature) -> syn::Signature {
    let mut sig = sig.clone();
    add_real_bounds(&mut sig.generics);
    sig
}

/// Adds `Real` to every type parameter of `generics` bounded by `Float`.
pub(crate) fn add_real_bounds(generics: &mut syn::Generics) {
    let floats = crate::ir::float_type_params(generics);
    for param in generics.type_params_mut() {
        // (A signature bounded once, then again for a nested body, keeps one `Real`.)
        let bounded = param
            .bounds
            .iter()
            .any(|b| crate::ir::names_trait(b, &["Real"]));
        if floats.contains(&param.ident) && !bounded {
            param.bounds.push(syn::parse_quote!(::ad::__private::Real));
        }
    }
}

/// Whether `sig` takes `&mut self`.
pub(crate) fn mutates_self(sig: &syn::Signature) -> bool {
    sig.receiver()
        .is_some_and(|r| r.reference.is_some() && r.mutability.is_some())
}

/// `sig` with its inout parameters (`acc: &mut T`) taken by value and its result followed by
/// their new values: `fn f(acc: &mut f64, x: f64) -> bool` becomes
/// `fn f(acc: f64, x: f64) -> (bool, f64)`, the signature of its derivatives.
fn by_value_signature(sig: &syn::Signature) -> syn::Signature {
    let mut by_value = sig.clone();
    let mut updated = Vec::new();
    for arg in by_value.inputs.iter_mut() {
        if let syn::FnArg::Typed(t) = arg
            && let syn::Type::Reference(r) = &*t.ty
            && r.mutability.is_some()
        {
            let ty = lower::by_value_type(&t.ty);
            updated.push(ty.clone());
            *t.ty = ty;
        }
    }
    let result: syn::Type = match &sig.output {
        syn::ReturnType::Default => syn::parse_quote!(()),
        syn::ReturnType::Type(_, ty) => (**ty).clone(),
    };
    by_value.output = syn::parse_quote!(-> (#result, #(#updated),*));
    by_value
}

/// Signatures the VJP cannot be generated for. A function with `inout` parameters may return
/// nothing, or a constant: its derivatives flow through the parameters.
fn check_signature(
    sig: &syn::Signature,
    inout: bool,
    placement: Placement,
    diag: &mut Diagnostics,
) {
    if inout && placement != Placement::Companion {
        diag.error(
            sig.ident.span(),
            format!("`{}` takes a `&mut` parameter other than `self`, which is differentiated only in free functions: make `{}` a free function, or take the value and return its new version", sig.ident, sig.ident),
        );
    }
    if let Some(t) = &sig.asyncness {
        diag.error(
            t.span,
            "`async fn` cannot be differentiated: differentiate a synchronous helper it calls",
        );
    }
    if let Some(t) = &sig.unsafety {
        diag.error(t.span, "`unsafe fn` cannot be differentiated");
    }
    if let Some(v) = &sig.variadic {
        diag.error(v.span(), "variadic functions cannot be differentiated");
    }
    match &sig.output {
        _ if inout => {}
        // A function that returns a closure: its derivative would be a function of the
        // closure's tangent, which `ad` does not build.
        syn::ReturnType::Type(_, ty) if crate::frontend::function_params::is_function_type(ty) => diag.error_spanned(
            ty,
            format!(
                "`{}` returns a function, which is not differentiated: make the values the closure captures parameters of a `#[differentiable]` function and call it, or give the closure to the code that calls it",
                sig.ident,
            ),
        ),
        syn::ReturnType::Type(_, ty) if crate::ir::is_constant_type(ty) => diag.error_spanned(
            ty,
            format!(
                "the result of `{}` has type `{}`, which carries no derivative: a differentiable function returns floats, or tuples, arrays, `Vec`s or structs of them",
                sig.ident,
                ty.to_token_stream()
            ),
        ),
        syn::ReturnType::Default if !mutates_self(sig) => diag.error(
            sig.ident.span(),
            format!("`{}` returns nothing, so it has no derivative: return the value to differentiate", sig.ident),
        ),
        _ => {}
    }
    for arg in &sig.inputs {
        if let syn::FnArg::Typed(t) = arg
            && let syn::Type::ImplTrait(i) = &*t.ty
            && !crate::frontend::function_params::is_function_type(&t.ty)
        {
            diag.error(i.span(), "`impl Trait` parameters other than functions (`impl Fn(f64) -> f64`) are not supported in differentiable functions yet: use a named generic parameter");
        }
    }
}
