//! Parameters that are functions, as people write them: `f: impl Fn(f64) -> f64`,
//! `f: &dyn Fn(f64) -> f64`, `f: fn(f64) -> f64`, or a generic `F: Fn(f64) -> f64`. The
//! function itself keeps them; its derivatives take the function with its derivatives
//! instead, `impl DifferentiableFn<f64, Output = f64>` (what `ad::function!` makes, and what
//! differentiable callers pass for a closure or a function they give), and the body's
//! `f(x)` is differentiated as `f.call(x)`. A function of several arguments,
//! `Fn(f64, f64) -> f64`, takes them as one tuple there.

use quote::quote;
use syn::punctuated::Punctuated;

/// `sig` with every function parameter's type, and every `Fn` bound of a type parameter,
/// as a function with derivatives. A parameter typed `impl Fn(..)`, `dyn Fn(..)` or
/// `fn(..)` gets a named type parameter `__AdF<i>` instead (a derivative's pullback names
/// the type parameters it captures, which `impl Trait` in argument position would hide).
pub fn with_function_params(sig: &syn::Signature) -> syn::Signature {
    let mut sig = sig.clone();
    let mut named = Vec::new();
    for (i, input) in sig.inputs.iter_mut().enumerate() {
        if let syn::FnArg::Typed(t) = input
            && let Some(ty) = with_derivatives(&t.ty)
        {
            *t.ty = named_parameter(ty, i, &mut named);
        }
    }
    sig.generics.params.extend(named);
    for param in sig.generics.type_params_mut() {
        rewrite_bounds(&mut param.bounds);
    }
    if let Some(where_clause) = &mut sig.generics.where_clause {
        for predicate in where_clause.predicates.iter_mut() {
            if let syn::WherePredicate::Type(t) = predicate {
                rewrite_bounds(&mut t.bounds);
            }
        }
    }
    sig
}

/// The type of a function parameter with derivatives, for a type that is a function;
/// `None` for other types.
fn with_derivatives(ty: &syn::Type) -> Option<syn::Type> {
    match ty {
        syn::Type::ImplTrait(i) => {
            let bound = i.bounds.iter().find_map(differentiable_bound)?;
            Some(syn::parse_quote!(impl #bound))
        }
        syn::Type::TraitObject(o) => {
            let bound = o.bounds.iter().find_map(differentiable_bound)?;
            Some(syn::parse_quote!(impl #bound))
        }
        syn::Type::BareFn(f) => {
            let inputs: Vec<&syn::Type> = f.inputs.iter().map(|a| &a.ty).collect();
            Some(function_with_derivatives(&inputs, &f.output))
        }
        // `&dyn Fn(..)`, `&impl Fn(..)`: the function with derivatives by value, which may
        // itself be a reference (`&function!(..)` implements it too). A closure literal lent
        // in differentiable code is given by value: a pullback cannot keep a borrow of the
        // caller's temporary.
        syn::Type::Reference(r) if r.mutability.is_none() => with_derivatives(&r.elem),
        syn::Type::Paren(p) => with_derivatives(&p.elem),
        _ => None,
    }
}

/// `Fn(A) -> R` (also `FnMut`, `FnOnce`) as `DifferentiableFn<A, Output = R>`.
fn differentiable_bound(bound: &syn::TypeParamBound) -> Option<syn::TypeParamBound> {
    let syn::TypeParamBound::Trait(t) = bound else {
        return None;
    };
    let last = t.path.segments.last()?;
    if !["Fn", "FnMut", "FnOnce"].iter().any(|f| last.ident == f) {
        return None;
    }
    let syn::PathArguments::Parenthesized(args) = &last.arguments else {
        return None;
    };
    let inputs: Vec<&syn::Type> = args.inputs.iter().collect();
    let syn::Type::ImplTrait(i) = function_with_derivatives(&inputs, &args.output) else {
        return None;
    };
    i.bounds.into_iter().next()
}

/// `impl DifferentiableFn<A, Output = R>` for a function of `inputs` (a tuple of them when
/// there are several) returning `output`.
fn function_with_derivatives(inputs: &[&syn::Type], output: &syn::ReturnType) -> syn::Type {
    let argument = match inputs {
        [single] => quote!(#single),
        many => quote!((#(#many,)*)),
    };
    let result = match output {
        syn::ReturnType::Default => quote!(()),
        syn::ReturnType::Type(_, ty) => quote!(#ty),
    };
    let rt = crate::names::runtime();
    syn::parse_quote!(impl #rt::DifferentiableFn<#argument, Output = #result>)
}

/// `ty` with its `impl DifferentiableFn<..>` replaced by a new type parameter `__AdF<i>`
/// (added to `named`) of that bound.
fn named_parameter(ty: syn::Type, i: usize, named: &mut Vec<syn::GenericParam>) -> syn::Type {
    match ty {
        syn::Type::ImplTrait(t) => {
            let name = quote::format_ident!("__AdF{}", i);
            let bounds = t.bounds;
            named.push(syn::parse_quote!(#name: #bounds));
            syn::parse_quote!(#name)
        }
        other => other,
    }
}

/// Whether `sig` has a function parameter, or a type parameter bounded by `Fn(..)` (also
/// `FnMut`, `FnOnce`).
pub fn has_function_params(sig: &syn::Signature) -> bool {
    let typed = sig
        .inputs
        .iter()
        .any(|input| matches!(input, syn::FnArg::Typed(t) if is_function_type(&t.ty)));
    let in_params = sig
        .generics
        .type_params()
        .any(|p| p.bounds.iter().any(|b| differentiable_bound(b).is_some()));
    let in_where = sig.generics.where_clause.as_ref().is_some_and(|w| {
        w.predicates.iter().any(|p| matches!(p, syn::WherePredicate::Type(t) if t.bounds.iter().any(|b| differentiable_bound(b).is_some())))
    });
    typed || in_params || in_where
}

fn rewrite_bounds(bounds: &mut Punctuated<syn::TypeParamBound, syn::Token![+]>) {
    for bound in bounds.iter_mut() {
        if let Some(rewritten) = differentiable_bound(bound) {
            *bound = rewritten;
        }
    }
}

/// Whether `ty` is the type of a function parameter (see the module's documentation).
pub fn is_function_type(ty: &syn::Type) -> bool {
    with_derivatives(ty).is_some()
}
