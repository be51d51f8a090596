//! Fallbacks that explain a call of a free function with no derivative.
//!
//! A call `foo(x)` on a differentiated value becomes `foo::vjp(x)` (`foo::forward`,
//! `foo::second`), found in the companion module that `#[differentiable]` or
//! `#[derivative(of = foo)]` put next to `foo`. Without one, rustc would say "cannot find
//! module or crate `foo`", which names neither the problem nor the fix. So each derivative
//! body imports `foo` explicitly (`use self::foo;`: the function, and its companion when there
//! is one) and glob-imports a block-local fallback module `foo` whose `vjp`, `forward` and
//! `second` require a marker trait that nothing implements. An explicit import shadows a glob
//! one in each namespace where it finds something, so the fallback is used exactly when no
//! companion exists, and rustc then reports the failed bound with the marker's
//! `#[diagnostic::on_unimplemented]` message, which names the function and says what to do.
//! Its result types are left to inference, which rustc does not report on once an error was.

use crate::ir::{Body, Instr, Op, ValueId};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use std::collections::BTreeMap;

/// The fallbacks for every free function `ir` calls on a differentiated value (`active`
/// tells which instructions are), by a single-segment path without generic arguments.
///
/// Only for the derivatives of functions and methods, which are items of a module: `self::foo`
/// then names what `foo` names in the source. A closure's derivatives sit in the caller's
/// block, and a function body's own `use` items may bring names in too; both keep rustc's
/// plain "cannot find" error.
pub fn fallbacks(ir: &Body, active: &dyn Fn(ValueId) -> bool) -> TokenStream {
    if ir.is_closure
        || ir
            .items
            .iter()
            .any(|item| matches!(item, syn::Item::Use(_)))
    {
        return quote!();
    }
    // A function declared in the body is not an item of the module.
    let local: Vec<String> = ir
        .items
        .iter()
        .filter_map(|item| match item {
            syn::Item::Fn(f) => Some(f.sig.ident.to_string()),
            _ => None,
        })
        .collect();
    let mut callees: BTreeMap<String, (syn::Ident, usize)> = BTreeMap::new();
    crate::ir::walk(&ir.block.instrs, &mut |instr: &Instr| {
        if let Op::Call { callee, args } = &instr.op
            && active(instr.result)
            && let Some(ident) = single_segment(&callee.path)
            && !local.contains(&ident.to_string())
        {
            callees
                .entry(ident.to_string())
                .or_insert_with(|| (ident.clone(), args.len()));
        }
    });
    if callees.is_empty() {
        return quote!();
    }
    let modules = callees
        .values()
        .map(|(ident, arity)| fallback(ident, *arity));
    let imports = callees.values().map(|(ident, _)| quote!(use self::#ident;));
    quote! {
        #[allow(non_camel_case_types, non_snake_case, dead_code, unused_imports)]
        mod __ad_functions_without_derivative {
            #(#modules)*
        }
        #[allow(unused_imports)]
        use __ad_functions_without_derivative::*;
        #(#[allow(unused_imports)] #imports)*
    }
}

/// The identifier of a path of one plain segment (`foo`, not `m::foo`, `foo::<T>`, `::foo`).
fn single_segment(path: &syn::Path) -> Option<&syn::Ident> {
    match (path.leading_colon, path.segments.len()) {
        (None, 1) => {
            let segment = path.segments.first()?;
            matches!(segment.arguments, syn::PathArguments::None).then_some(&segment.ident)
        }
        _ => None,
    }
}

/// The marker trait and the module `name` standing in for `name`'s companion, for calls of
/// `arity` arguments.
fn fallback(name: &syn::Ident, arity: usize) -> TokenStream {
    let plain = name.to_string();
    let plain = plain.trim_start_matches("r#");
    let marker = format_ident!("__ad_{}_has_no_derivative", plain);
    let message = format!("the function `{plain}` has no derivative");
    let label = format!("`{plain}` is called on a differentiated value here");
    let note = format!(
        "put `#[differentiable]` on `{plain}`, register a derivative with `#[derivative(of = {plain})]`, or wrap the call in `no_grad(..)` if no derivative should flow through it"
    );
    let values: Vec<_> = (0..arity).map(|k| format_ident!("A{}", k)).collect();
    let tangents: Vec<_> = (0..arity).map(|k| format_ident!("T{}", k)).collect();
    let bound = quote!(where (#(#values,)*): super::#marker);
    quote! {
        #[diagnostic::on_unimplemented(message = #message, label = #label, note = #note)]
        pub trait #marker {}
        pub mod #name {
            pub fn vjp<#(#values,)* R, P>(#(_: #values),*) -> (R, P) #bound {
                ::core::unreachable!()
            }
            pub fn forward<#(#values,)* #(#tangents,)* R, T>(
                #(_: #values,)* #(_: #tangents),*
            ) -> (R, T) #bound {
                ::core::unreachable!()
            }
            pub fn second<#(#values,)* #(#tangents,)* R, T>(
                #(_: #values,)* #(_: #tangents),*
            ) -> (R, T) #bound {
                ::core::unreachable!()
            }
        }
    }
}
