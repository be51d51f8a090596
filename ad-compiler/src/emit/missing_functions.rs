//! Fallbacks that explain a call of a free function with no derivative.
//!
//! A call `foo(x)` on a differentiated value becomes `foo::vjp(x)` (`foo::forward`,
//! `foo::second`), found in the companion module that `#[differentiable]` or
//! `#[derivative(of = foo)]` put next to `foo`. Without one, rustc would say "cannot find
//! module or crate `foo`", which names neither the problem nor the fix. So each derivative
//! body imports `foo` explicitly (`use self::foo;`: the function, and its companion when there
//! is one) and glob-imports a block-local fallback module `foo`. An explicit import shadows a
//! glob one in each namespace where it finds something, so the fallback is used exactly when
//! no companion exists.
//!
//! The fallback's `vjp` requires a marker trait that nothing implements, and rustc reports
//! the failed bound with the marker's `#[diagnostic::on_unimplemented]` message, which names
//! the function and says what to do; its result types are left to inference, which rustc
//! does not report on once an error was. Its `forward` and `second` say nothing: rustc checks
//! each derivative on its own, and the same error from all three would be printed three
//! times. They must then type-check, so the forward code says what their result is: the type
//! of `foo(x)`, written in a closure that is never run (`ad_core::output_hint`).

use crate::ir::{Body, Instr, Op, ValueId};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use std::collections::BTreeMap;

/// The free functions a body calls on differentiated values, by a single-segment path without
/// generic arguments: the ones that get a fallback.
pub struct Fallbacks {
    /// Each function's name and the number of arguments it is called with.
    callees: BTreeMap<String, (syn::Ident, usize)>,
}

impl Fallbacks {
    /// The functions `ir` calls on a differentiated value (`active` tells which instructions
    /// are).
    ///
    /// Only for the derivatives of functions and methods, which are items of a module:
    /// `self::foo` then names what `foo` names in the source. A closure's derivatives sit in
    /// the caller's block, and a function body's own `use` items may bring names in too; both
    /// keep rustc's plain "cannot find" error.
    pub fn of(ir: &Body, active: &dyn Fn(ValueId) -> bool) -> Fallbacks {
        Fallbacks {
            callees: callees(ir, active),
        }
    }

    /// Whether a call of `callee` may resolve to a fallback: its forward code then says what
    /// the call returns.
    pub fn covers(&self, callee: &syn::Path) -> bool {
        single_segment(callee).is_some_and(|ident| self.callees.contains_key(&ident.to_string()))
    }

    /// The fallback modules and the imports that make them fallbacks, at the start of a
    /// derivative's body.
    pub fn items(&self) -> TokenStream {
        if self.callees.is_empty() {
            return quote!();
        }
        let modules = self
            .callees
            .values()
            .map(|(ident, arity)| fallback(ident, *arity));
        let imports = self
            .callees
            .values()
            .map(|(ident, _)| quote!(use self::#ident;));
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
}

/// See `Fallbacks::of`.
fn callees(ir: &Body, active: &dyn Fn(ValueId) -> bool) -> BTreeMap<String, (syn::Ident, usize)> {
    let mut callees = BTreeMap::new();
    if ir.is_closure
        || ir
            .items
            .iter()
            .any(|item| matches!(item, syn::Item::Use(_)))
    {
        return callees;
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
    callees
}

/// A companion's `original`, which forward-mode calls of a function that may have no
/// derivative name (see the module's documentation): a fallback's stands for the function,
/// a companion's for anything its `forward` returns.
pub fn original_stub(arity: usize) -> TokenStream {
    let args: Vec<_> = (0..arity).map(|k| format_ident!("A{}", k)).collect();
    quote! {
        pub fn original<#(#args,)* R>(#(_: #args),*) -> R {
            ::core::unreachable!()
        }
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
/// `arity` arguments: its `vjp` reports the missing derivative, its `forward` and `second`
/// only type-check (see the module's documentation).
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
    let rt = super::names::runtime();
    quote! {
        #[diagnostic::on_unimplemented(message = #message, label = #label, note = #note)]
        pub trait #marker {}
        pub mod #name {
            pub(in super::super) use super::super::#name as original;
            pub fn vjp<#(#values,)* R, P>(#(_: #values),*) -> (R, P) #bound {
                ::core::unreachable!()
            }
            pub fn forward<#(#values,)* #(#tangents,)* R: #rt::Differentiable>(
                #(_: #values,)* #(_: #tangents),*
            ) -> (R, #rt::Tangent<R>) {
                ::core::unreachable!()
            }
            pub fn second<#(#values,)* #(#tangents,)* R: #rt::Differentiable>(
                #(_: #values,)* #(_: #tangents),*
            ) -> (R, #rt::SecondTangent<R>) {
                ::core::unreachable!()
            }
        }
    }
}
