//! `#[derivative(of = f)]`: registers a user-written VJP as the derivative of `f`.
//!
//! The registration is kept as written and an adapter is emitted where callers look for
//! `f`'s VJP: a companion module named after `f` (free functions, also of other crates:
//! retroactive registration), or a sibling `__ad_vjp_<m>` for `Self::m` / `Type::m`. The
//! adapter turns the user's pullback (one cotangent per `wrt` parameter, bare for one, a tuple
//! for several) into the internal convention (a tuple with one slot per parameter,
//! `NoTangent` for parameters that are not differentiated).

use crate::attr::{self, AttrKind};
use crate::diag::Diagnostics;
use crate::emit::{self, callee, names, types};
use crate::fallback;
use crate::lower;
use proc_macro2::TokenStream;
use quote::{ToTokens, format_ident, quote};
use syn::spanned::Spanned;

/// Expands `#[derivative(..)]` on a function.
pub fn derivative(args: TokenStream, item: TokenStream) -> TokenStream {
    let config = match attr::parse(AttrKind::Derivative, args) {
        Ok(config) => config,
        Err(e) => return fallback::with_errors(item, e.to_compile_error()),
    };
    // The registration is kept, with its pullback declared not to borrow the arguments.
    let (vis, sig, item) = match syn::parse2::<syn::ItemFn>(item.clone()) {
        Ok(mut f) => {
            own_pullback(&mut f.sig);
            (f.vis.clone(), f.sig.clone(), f.to_token_stream())
        }
        Err(_) => match syn::parse2::<syn::ImplItemFn>(item.clone()) {
            Ok(mut f) => {
                own_pullback(&mut f.sig);
                (f.vis.clone(), f.sig.clone(), f.to_token_stream())
            }
            Err(e) => return fallback::with_errors(item, syn::Error::new(e.span(), "`#[derivative(of = ..)]` applies to a function that returns `(value, pullback)`").to_compile_error()),
        },
    };
    if let Some(span) = config.forward {
        let e = syn::Error::new(
            span,
            "forward-mode registration is not supported yet: register the reverse-mode derivative (value and pullback)",
        );
        return fallback::with_errors(item, e.to_compile_error());
    }
    let Some(of) = config.of.as_ref() else {
        return fallback::with_errors(
            item,
            quote!(::core::compile_error!("`#[derivative]` needs `of = ..`");),
        );
    };
    let mut diag = Diagnostics::default();
    let Some(value_type) = value_type(&sig, &mut diag) else {
        return fallback::with_errors(item, diag.to_compile_errors());
    };
    let params = lower::fn_params(&sig);
    let wrt = lower::choose_wrt(&params, config.wrt.as_deref(), &mut diag);
    if diag.has_errors() {
        return fallback::with_errors(item, diag.to_compile_errors());
    }

    let (decls, sources) = emit::vjp_params(&sig);
    let param_types = emit::param_types(&sig);
    let tangents: Vec<TokenStream> = param_types
        .iter()
        .zip(&wrt)
        .map(|(ty, &w)| types::param_tangent(ty, w))
        .collect();
    let result = types::vjp_result(&value_type, &value_type, &tangents, &sig.generics, false);
    let seed_type = types::tangent(&value_type);
    let user_outputs: Vec<_> = (0..wrt.iter().filter(|w| **w).count())
        .map(|k| format_ident!("__ad_w{}", k))
        .collect();
    let pattern = match user_outputs.as_slice() {
        [single] => quote!(#single),
        many => quote!((#(#many),*)),
    };
    let rt = names::runtime();
    let mut next = user_outputs.iter();
    let slots: Vec<TokenStream> = wrt
        .iter()
        .map(|&w| {
            if w {
                let out = next.next();
                quote!(#out)
            } else {
                quote!(#rt::NoTangent)
            }
        })
        .collect();
    let registration = &sig.ident;
    let associated = callee::is_associated(of);
    let call = if associated {
        quote!(Self::#registration)
    } else {
        quote!(#registration)
    };
    // Spanned at the registration's result type, so a pullback of the wrong shape is
    // reported there.
    let shape_span = sig.output.span();
    let unpack = quote::quote_spanned!(shape_span=> let #pattern = __ad_pullback(__ad_d););
    let body = quote! {
        let (__ad_value, __ad_pullback) = #call(#(#sources),*);
        (__ad_value, move |__ad_d: #seed_type| {
            #unpack
            (#(#slots,)*)
        })
    };
    let Some(target) = of.segments.last().map(|s| s.ident.clone()) else {
        return fallback::with_errors(
            item,
            syn::Error::new(of.span(), "`of` must name a function").to_compile_error(),
        );
    };
    let generated = if associated {
        emit::vjp_fn(
            quote!(#vis),
            &names::method_vjp(&target),
            &sig,
            &decls,
            result,
            body,
        )
    } else {
        let vjp = emit::vjp_fn(
            quote!(pub),
            &names::companion_vjp(),
            &sig,
            &decls,
            result,
            body,
        );
        emit::companion_module(&vis, &target, vjp)
    };
    quote!(#item #generated)
}

/// Adds `+ use<T, ..>` (no lifetimes) to a registration's `impl Fn` pullback that has no
/// capture bound: pullbacks own what they keep, so they compose into other functions'
/// pullbacks whatever the arguments borrowed (and edition 2024 would otherwise capture the
/// lifetimes of reference parameters).
fn own_pullback(sig: &mut syn::Signature) {
    let Ok(capture) = syn::parse2::<syn::TypeParamBound>(types::precise_capture(&sig.generics))
    else {
        return;
    };
    let syn::ReturnType::Type(_, ty) = &mut sig.output else {
        return;
    };
    let syn::Type::Tuple(t) = &mut **ty else {
        return;
    };
    let Some(syn::Type::ImplTrait(pullback)) = t.elems.iter_mut().nth(1) else {
        return;
    };
    if !pullback
        .bounds
        .iter()
        .any(|b| matches!(b, syn::TypeParamBound::PreciseCapture(_)))
    {
        pullback.bounds.push(capture);
    }
}

/// The `R` of a registration returning `(R, impl Fn(..) -> ..)`.
fn value_type(sig: &syn::Signature, diag: &mut Diagnostics) -> Option<syn::Type> {
    if let syn::ReturnType::Type(_, ty) = &sig.output
        && let syn::Type::Tuple(t) = &**ty
        && t.elems.len() == 2
    {
        return t.elems.first().cloned();
    }
    diag.error(
        sig.output.span(),
        "a reverse-mode derivative returns `(value, pullback)`: for example `-> (f64, impl Fn(f64) -> f64)`",
    );
    None
}
