//! Types in generated signatures, derived from the user's types syntactically: the tangent
//! of `T` is `<T as Differentiable>::TangentVector`, of `&T`/`&mut T` the tangent of `T`, and
//! `NoTangent` for parameters that are not differentiated.

use crate::ir::is_float_type as is_float;
use crate::names::runtime;
use proc_macro2::{Span, TokenStream, TokenTree};
use quote::ToTokens;
use quote::quote;
use syn::spanned::Spanned;

/// The tangent type of a value of type `ty`.
pub fn tangent(ty: &syn::Type) -> TokenStream {
    let rt = runtime();
    let inner = referent(ty);
    // A float is its own tangent: saying so keeps signatures readable (and keeps rustc from
    // reporting an unnormalised projection when another parameter is not differentiable).
    if is_float(inner) {
        return quote!(#inner);
    }
    quote!(<#inner as #rt::Differentiable>::TangentVector)
}

/// The tangent of a parameter: its type's tangent when differentiated, else `NoTangent`.
pub fn param_tangent(ty: &syn::Type, wrt: bool) -> TokenStream {
    if wrt {
        tangent(ty)
    } else {
        let rt = runtime();
        quote!(#rt::NoTangent)
    }
}

/// The declared result type (`()` when omitted).
pub fn return_type(output: &syn::ReturnType) -> syn::Type {
    match output {
        syn::ReturnType::Default => syn::parse_quote!(()),
        syn::ReturnType::Type(_, ty) => (**ty).clone(),
    }
}

/// The `use<..>` bound of a returned pullback: every type and const parameter, no lifetime,
/// because pullbacks own what they keep and never borrow the arguments.
pub fn precise_capture(generics: &syn::Generics) -> TokenStream {
    let names = generics.params.iter().filter_map(|p| match p {
        syn::GenericParam::Type(t) => Some(t.ident.clone()),
        syn::GenericParam::Const(c) => Some(c.ident.clone()),
        syn::GenericParam::Lifetime(_) => None,
    });
    quote!(use<#(#names),*>)
}

/// The signature of a generated VJP's result: `(R, impl Fn(dR) -> (dP0, dP1, ..,) + use<..>)`,
/// or with a boxed pullback for a recursive function (whose opaque pullback type would
/// contain itself). `dR` is the tangent of `seeded`: `R` itself, except for an inout method.
pub fn reverse_result(
    ret: &syn::Type,
    seeded: &syn::Type,
    param_tangents: &[TokenStream],
    generics: &syn::Generics,
    boxed: bool,
) -> TokenStream {
    let ret_tangent = tangent(seeded);
    if boxed {
        return quote!((#ret, ::std::boxed::Box<dyn ::core::ops::Fn(#ret_tangent) -> (#(#param_tangents,)*)>));
    }
    let capture = precise_capture(generics);
    quote!((#ret, impl ::core::ops::Fn(#ret_tangent) -> (#(#param_tangents,)*) + #capture))
}

/// The tangent of a value of type `ty` in a forward derivative: the tangent, or three of them
/// `(t1, t2, t12)` for the second order.
pub fn forward_tangent_type(ty: &syn::Type, order: super::forward::Order) -> TokenStream {
    let tangent = tangent(ty);
    match order {
        super::forward::Order::First => tangent,
        super::forward::Order::Second => quote!((#tangent, #tangent, #tangent)),
    }
}

/// The tangent parameters of a generated forward derivative, after the values: one per
/// parameter, an `impl MaybeTangent` of its tangent for a differentiated one (`wrt[i]`), and
/// anything for the others (a caller does not know which parameters its callee
/// differentiates).
pub fn forward_tangent_params(
    param_types: &[syn::Type],
    wrt: &[bool],
    order: super::forward::Order,
) -> Vec<TokenStream> {
    let rt = runtime();
    param_types
        .iter()
        .zip(wrt)
        .enumerate()
        .map(|(i, (ty, &w))| {
            let name = crate::names::param_tangent(i);
            if w {
                let tangent = forward_tangent_type(ty, order);
                // Shown at the parameter's type: rustc reports a type that is not
                // differentiable where this bound is not well-formed.
                let bound = quote!(impl #rt::MaybeTangent<#tangent>);
                let span = shown_at(ty);
                let bound = crate::tokens::respan(bound, (span, span));
                quote!(#name: #bound)
            } else {
                quote!(#name: impl ::core::marker::Sized)
            }
        })
        .collect()
}

/// `T` for `&T` and `&mut T`, else `ty`: the type whose tangent a parameter carries.
fn referent(ty: &syn::Type) -> &syn::Type {
    match ty {
        syn::Type::Reference(r) => &r.elem,
        other => other,
    }
}

/// Where to show generated code that stands for a value of type `ty`: at the last name in
/// the type without its reference (`Point` in `&Point`, `Vec<Point>` or `geo::Point`), the
/// type that is most likely at fault when the value cannot be differentiated.
pub fn shown_at(ty: &syn::Type) -> Span {
    fn last_ident(tokens: TokenStream) -> Option<Span> {
        tokens.into_iter().fold(None, |found, tree| match tree {
            TokenTree::Ident(ident) => Some(ident.span()),
            TokenTree::Group(group) => last_ident(group.stream()).or(found),
            _ => found,
        })
    }
    let ty = referent(ty);
    last_ident(ty.to_token_stream()).unwrap_or_else(|| ty.span())
}

/// Where to show the signature of a derivative: from the first to the last of the types
/// derivatives are taken through (`through`: differentiated parameters and the result)
/// other than floats, which are the ones that may not be differentiable. rustc reports such
/// a type where the signature's tangent types are not well-formed, at the derivative's
/// signature or its pullback type; shown at the user's type, the reports of the three
/// derivatives read the same, and cargo prints one.
pub fn signature_shown_at<'a>(
    through: impl IntoIterator<Item = &'a syn::Type>,
) -> Option<(Span, Span)> {
    let spans: Vec<Span> = through
        .into_iter()
        .filter(|ty| {
            let ty = referent(ty);
            !is_float(ty) && !matches!(ty, syn::Type::Tuple(t) if t.elems.is_empty())
        })
        .map(shown_at)
        .collect();
    Some((*spans.first()?, *spans.last()?))
}
