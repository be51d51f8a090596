//! Operators with a float on the left on user types: `#[differentiable]` on
//! `impl Mul<Vec2> for f64` (and `Add`, `Sub`, `Div`), for `dt * v`.
//!
//! The derivatives of an operator impl are normally methods beside it (`Vec2::__ad_vjp_mul`),
//! but `f64` can have no inherent methods outside `core`. So the operator's body becomes a
//! hidden free function of the two operands, `fn __ad_mul_f64_Vec2(lhs: f64, v: Vec2)` (its
//! `self` renamed), differentiated like any function (a companion module with `vjp`,
//! `forward`, `second`). The rule is then `impl MulOnTheRight<f64> for Vec2`, which the float
//! rule traits of ad-std reach for `dt * v`, and generated code for `2.0 * v` (see
//! `ad_std::same_type`). The operator's result must be its right operand's type.

use proc_macro2::{Ident, TokenStream, TokenTree};
use quote::{format_ident, quote};

/// For an `impl Add<R> for f64` (or `f32`, and `Sub`, `Mul`, `Div`): the hidden function with
/// the operator's body and the right-operand rule impl, or `None` for other impls. The
/// function still has to be differentiated by the caller (it is returned as an item).
pub struct FloatLeft {
    /// `fn __ad_<op>_<float>_<R>(lhs: f64, rhs: R) -> R { body }`.
    pub function: syn::ItemFn,
    /// `impl <Op>OnTheRight<f64> for R { .. }` through the function's companion.
    pub rule: TokenStream,
}

/// The float-on-the-left form of `imp`, if it is one.
pub fn float_left(imp: &syn::ItemImpl) -> Option<FloatLeft> {
    let float = match &*imp.self_ty {
        syn::Type::Path(p) if p.path.is_ident("f64") || p.path.is_ident("f32") => {
            p.path.get_ident()?.clone()
        }
        _ => return None,
    };
    let (_, trait_path, _) = imp.trait_.as_ref()?;
    let last = trait_path.segments.last()?;
    let operator = last.ident.to_string();
    if !matches!(operator.as_str(), "Add" | "Sub" | "Mul" | "Div") {
        return None;
    }
    let rhs = match &last.arguments {
        syn::PathArguments::AngleBracketed(args) => match args.args.first()? {
            syn::GenericArgument::Type(ty) => ty.clone(),
            _ => return None,
        },
        _ => return None,
    };
    let method = imp.items.iter().find_map(|item| match item {
        syn::ImplItem::Fn(f) if f.sig.ident == operator.to_lowercase() => Some(f),
        _ => None,
    })?;
    let rhs_name = match &rhs {
        syn::Type::Path(p) => p.path.segments.last()?.ident.to_string(),
        _ => return None,
    };
    let stem = operator.to_lowercase();
    let name = crate::names::float_left_function(&stem, &float.to_string(), &rhs_name);
    let lhs = crate::names::float_left_operand();
    let rhs_param = method.sig.inputs.iter().nth(1)?.clone();
    let block = rename_self(quote::ToTokens::to_token_stream(&method.block));
    let function: syn::ItemFn = syn::parse2(quote! {
        #[doc(hidden)]
        #[allow(non_snake_case)]
        fn #name(#lhs: #float, #rhs_param) -> #rhs #block
    })
    .ok()?;
    let rule = rule_impl(&operator, &float, &rhs, &name);
    Some(FloatLeft { function, rule })
}

/// `impl <Op>OnTheRight<float> for R` through the companion of `function`.
fn rule_impl(operator: &str, float: &Ident, rhs: &syn::Type, function: &Ident) -> TokenStream {
    let rt = quote!(::ad::__private);
    let trait_name = format_ident!("{}OnTheRight", operator);
    let stem = operator.to_lowercase();
    let entry = |suffix: &str| format_ident!("{}_{}", stem, suffix);
    let (vjp, vjp_lhs, vjp_rhs) = (entry("vjp"), entry("vjp_lhs"), entry("vjp_rhs"));
    let (jvp, jvp_lhs, jvp_rhs, hvp) = (
        entry("jvp"),
        entry("jvp_lhs"),
        entry("jvp_rhs"),
        entry("hvp"),
    );
    let tangent = quote!(#rt::Tangent<#rhs>);
    let second = quote!((#tangent, #tangent, #tangent));
    quote! {
        impl #rt::ops::#trait_name<#float> for #rhs {
            #[inline(always)]
            fn #vjp(l: #float, r: Self) -> (Self, impl Fn(#tangent) -> (#float, #tangent)) {
                #function::vjp(l, r)
            }
            #[inline(always)]
            fn #vjp_lhs(l: #float, r: Self) -> (Self, impl Fn(#tangent) -> #float) {
                let (value, pullback) = #function::vjp(l, r);
                (value, move |d| pullback(d).0)
            }
            #[inline(always)]
            fn #vjp_rhs(l: #float, r: Self) -> (Self, impl Fn(#tangent) -> #tangent) {
                let (value, pullback) = #function::vjp(l, r);
                (value, move |d| pullback(d).1)
            }
            #[inline(always)]
            fn #jvp(l: #float, r: Self, tl: #float, tr: #tangent) -> (Self, #tangent) {
                #function::forward(l, r, #rt::Present(tl), #rt::Present(tr))
            }
            #[inline(always)]
            fn #jvp_lhs(l: #float, r: Self, tl: #float) -> (Self, #tangent) {
                #function::forward(l, r, #rt::Present(tl), #rt::Absent)
            }
            #[inline(always)]
            fn #jvp_rhs(l: #float, r: Self, tr: #tangent) -> (Self, #tangent) {
                #function::forward(l, r, #rt::Absent, #rt::Present(tr))
            }
            #[inline(always)]
            fn #hvp(l: #float, r: Self, tl: (#float, #float, #float), tr: #second) -> (Self, #second) {
                #function::second(l, r, #rt::Present(tl), #rt::Present(tr))
            }
        }
    }
}

/// The operator's body with its receiver `self` named `__ad_lhs`.
fn rename_self(tokens: TokenStream) -> TokenStream {
    crate::tokens::map_idents(tokens, &|ident| match ident == "self" {
        true => {
            let mut lhs = crate::names::float_left_operand();
            lhs.set_span(ident.span());
            TokenTree::Ident(lhs)
        }
        false => TokenTree::Ident(ident),
    })
}
