//! `m.map_axis(axis, |lane| body)` and `m.fold_axis(axis, init, |acc, &v| body)` of an array
//! of any dimension as the loops they stand for: the lanes are taken as the rows of a matrix
//! (`lanes_as_rows`, a rearrangement with its own rule in `ad_std::array::shape`), and
//! `Array1::from_shape_fn(rows, |k| { let lane = rows.row(k); body })`, reshaped to the array's
//! shape without `axis`; for `fold_axis` the body is `lane.iter().fold(init, ..)`.
//! `from_shape_fn` and iterator chains are lowered as loops (`shape_fn`, `chains`), so the
//! closures' bodies are differentiated where they run and derivatives reach what they read.

use super::indexed_loops::plain_place;
use quote::quote;
use syn::spanned::Spanned;
use syn::{Expr, ExprMethodCall};

/// Whether `call` is `map_axis` or `fold_axis`, which [`as_loops`] lowers (or rejects).
pub(super) fn is_lane_map(call: &ExprMethodCall) -> bool {
    matches!(
        (call.method.to_string().as_str(), call.args.len()),
        ("map_axis", 2) | ("fold_axis", 3)
    )
}

/// The loops of `m.map_axis(axis, closure)` or `m.fold_axis(axis, init, closure)`, or the
/// error for a form this lowering does not take (a closure that is not a literal).
pub(super) fn as_loops(call: &ExprMethodCall) -> syn::Result<Expr> {
    let rt = crate::names::runtime();
    let array = &call.receiver;
    let axis = &call.args[0];
    let index = quote::format_ident!("{}_lane", crate::names::element_index());
    let (lane, body) = match call.method.to_string().as_str() {
        "map_axis" => {
            let (lane, body) = one_parameter(&call.args[1])?;
            (quote!(#lane), quote!(#body))
        }
        _ => {
            let (acc, element, body) = two_parameters(&call.args[2])?;
            let (acc, body) = accumulator_by_value(acc, body);
            let lane = quote::format_ident!("{}_elements", index);
            // (Each lane starts from its own copy of the initial value, as in ndarray.)
            let folded = quote!(#lane.iter().fold(__ad_fold_init.clone(), |__ad_acc, __ad_item| {
                #acc
                let #element = __ad_item;
                #body
            }));
            (quote!(#lane), folded)
        }
    };
    let init = match call.args.len() {
        3 => {
            let init = &call.args[1];
            quote!(let __ad_fold_init = #init;)
        }
        _ => quote!(),
    };
    // A temporary (`(a * 2.0).map_axis(..)`) is bound first; a place is read where it is.
    let (bind, array) = if plain_place(array) {
        (quote!(), quote!(#array))
    } else {
        (quote!(let __ad_lanes_of = #array;), quote!(__ad_lanes_of))
    };
    // The lanes as the rows of a matrix (`ad_std`'s `lanes_as_rows`, for any dimension), one
    // result per row, shaped as the array without `axis`.
    let tokens = quote! {{
        #bind
        #init
        let __ad_lane_rows = (#array).lanes_as_rows(#axis);
        let __ad_lanes = __ad_lane_rows.nrows();
        let __ad_per_lane = #rt::ndarray::Array1::from_shape_fn(__ad_lanes, |#index| {
            let #lane = __ad_lane_rows.row(#index);
            #body
        });
        __ad_per_lane
            .into_shape_with_order(#rt::ndarray::RemoveAxis::remove_axis(&(#array).raw_dim(), #axis))
            .unwrap()
    }};
    syn::parse2(tokens)
}

/// The binding of `fold_axis`'s accumulator, and the body that reads it. ndarray hands the
/// accumulator by reference (`|a, &v| a + v` has `a: &B`), an iterator's `fold` by value, and
/// a reference to an accumulator whose type is still open (the `0.0` of `init`) leaves the
/// derivative code's types open too. So `a` is bound to the value, with `*a` in the body
/// read as `a` (arithmetic and methods read a float and a reference to it alike), and `&a`
/// binds the value; other patterns are bound to a reference, as ndarray does.
fn accumulator_by_value(acc: &syn::Pat, body: &Expr) -> (proc_macro2::TokenStream, Expr) {
    let mut body = body.clone();
    match acc {
        syn::Pat::Ident(a) if a.by_ref.is_none() && a.subpat.is_none() => {
            let name = &a.ident;
            let place: Expr = syn::parse_quote!(#name);
            // Other uses of `a` read it as the value it refers to.
            let _ = super::zip::replace_deref(&mut body, name, place);
            (quote!(let #a = __ad_acc;), body)
        }
        syn::Pat::Reference(r) => {
            let inner = &r.pat;
            (quote!(let #inner = __ad_acc;), body)
        }
        other => (quote!(let #other = &__ad_acc;), body),
    }
}

/// A closure's parameter pattern without its type (in derivative code a lane is an owned
/// array, not the view the type names).
fn untyped(pat: &syn::Pat) -> &syn::Pat {
    match pat {
        syn::Pat::Type(t) => &t.pat,
        other => other,
    }
}

/// `|lane| body`: its parameter and body.
fn one_parameter(f: &Expr) -> syn::Result<(&syn::Pat, &Expr)> {
    match f {
        Expr::Closure(c) if c.inputs.len() == 1 => Ok((untyped(&c.inputs[0]), &c.body)),
        other => Err(syn::Error::new(
            other.span(),
            "`map_axis` in a differentiable function takes a closure literal of one parameter, the lane: `m.map_axis(Axis(1), |row| row.sum())`",
        )),
    }
}

/// `|acc, &v| body`: its parameters and body.
fn two_parameters(f: &Expr) -> syn::Result<(&syn::Pat, &syn::Pat, &Expr)> {
    match f {
        Expr::Closure(c) if c.inputs.len() == 2 => {
            Ok((untyped(&c.inputs[0]), untyped(&c.inputs[1]), &c.body))
        }
        other => Err(syn::Error::new(
            other.span(),
            "`fold_axis` in a differentiable function takes a closure literal of two parameters, the accumulator and the element: `m.fold_axis(Axis(1), 0.0, |a, &v| a + v * v)`",
        )),
    }
}
