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
//! of `foo::original(x)`, written in a closure that is never run (`ad_core::output_hint`).
//! In a fallback `original` is `foo` itself; every companion has a generic `original` that
//! says nothing, so that the forward code is the same whether `foo` has a derivative or not
//! (a call of `foo` itself would not type-check in derivative code, whose values may differ
//! from the source's: an ndarray view is an owned array there).
//!
//! A function the body imports itself (`use m::foo;` in the body) is the body's explicit
//! import already; its fallback cannot name it (the import's path is relative to a scope the
//! fallback does not see), so its `forward` and `second` report the missing derivative too.

use crate::ir::{Body, Instr, Op, ValueId};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use std::collections::BTreeMap;

/// The free functions a body calls on differentiated values, by a single-segment path without
/// generic arguments: the ones that get a fallback.
pub struct Fallbacks {
    /// The functions, by name.
    callees: BTreeMap<String, Callee>,
}

/// A function that gets a fallback.
struct Callee {
    /// Its name.
    name: syn::Ident,
    /// The number of arguments it is called with.
    arity: usize,
    /// Whether the body imports it itself (`use m::foo;` in the body): its fallback cannot
    /// name it, so its forward fallbacks report the missing derivative too.
    imported: bool,
}

impl Fallbacks {
    /// The functions `ir` calls on a differentiated value (`active` tells which instructions
    /// are).
    ///
    /// Only for the derivatives of functions and methods, which are items of a module:
    /// `self::foo` then names what `foo` names in the source. A closure's derivatives sit in
    /// the caller's block, where names may come from anywhere, and the names a function body
    /// declares or imports itself are not the module's; all keep rustc's plain "cannot find"
    /// error.
    pub fn of(ir: &Body, active: &dyn Fn(ValueId) -> bool) -> Fallbacks {
        Fallbacks {
            callees: callees(ir, active),
        }
    }

    /// Whether a call of `callee` may resolve to a fallback: its forward code then says what
    /// the call returns.
    pub fn covers(&self, callee: &syn::Path) -> bool {
        single_segment(callee)
            .and_then(|ident| self.callees.get(&ident.to_string()))
            .is_some_and(|callee| !callee.imported)
    }

    /// The fallback modules and the imports that make them fallbacks, at the start of a
    /// derivative's body.
    pub fn items(&self) -> TokenStream {
        if self.callees.is_empty() {
            return quote!();
        }
        let modules = self.callees.values().map(fallback);
        let module = crate::names::fallback_module();
        // The body's own import of a function is explicit already.
        let imports = self
            .callees
            .values()
            .filter(|callee| !callee.imported)
            .map(|callee| {
                let name = &callee.name;
                quote!(use self::#name;)
            });
        quote! {
            #[allow(non_camel_case_types, non_snake_case, dead_code, unused_imports)]
            mod #module {
                #(#modules)*
            }
            #[allow(unused_imports)]
            use #module::*;
            #(#[allow(unused_imports)] #imports)*
        }
    }
}

/// See `Fallbacks::of`.
fn callees(ir: &Body, active: &dyn Fn(ValueId) -> bool) -> BTreeMap<String, Callee> {
    let mut callees = BTreeMap::new();
    // The functions the body declares or imports itself are not the module's. A glob import
    // may bring in any name, and its companions would clash with the fallbacks' glob.
    let (mut local, mut imported) = (Vec::new(), Vec::new());
    let mut glob = false;
    for item in &ir.items {
        match item {
            syn::Item::Fn(f) => local.push(f.sig.ident.to_string()),
            syn::Item::Use(u) => glob |= imported_names(&u.tree, &mut imported),
            _ => {}
        }
    }
    if ir.is_closure || glob {
        return callees;
    }
    crate::ir::walk(&ir.block.instrs, &mut |instr: &Instr| {
        if let Op::Call { callee, args, .. } = &instr.op
            && active(instr.result)
            && let Some(ident) = single_segment(&callee.path)
            && !local.contains(&ident.to_string())
        {
            callees.entry(ident.to_string()).or_insert_with(|| Callee {
                name: ident.clone(),
                arity: args.len(),
                imported: imported.contains(&ident.to_string()),
            });
        }
    });
    callees
}

/// Adds the names `tree` imports to `names`; whether it holds a glob import.
fn imported_names(tree: &syn::UseTree, names: &mut Vec<String>) -> bool {
    match tree {
        syn::UseTree::Path(path) => imported_names(&path.tree, names),
        syn::UseTree::Name(name) => {
            names.push(name.ident.to_string());
            false
        }
        syn::UseTree::Rename(rename) => {
            names.push(rename.rename.to_string());
            false
        }
        syn::UseTree::Glob(_) => true,
        syn::UseTree::Group(group) => group
            .items
            .iter()
            .fold(false, |glob, tree| imported_names(tree, names) | glob),
    }
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

/// The marker trait and the module standing in for `callee`'s companion: its `vjp` reports
/// the missing derivative, its `forward` and `second` only type-check (see the module's
/// documentation), unless the body imports `callee` itself.
fn fallback(callee: &Callee) -> TokenStream {
    let Callee {
        name,
        arity,
        imported,
    } = callee;
    let plain = name.to_string();
    let plain = plain.trim_start_matches("r#");
    // ndarray's free functions imported from ndarray itself (`use ndarray::concatenate;`,
    // also in the body): `ad::ndarray`'s companions stand in for the missing ones.
    if crate::lower::NDARRAY_FUNCTIONS.contains(&plain) {
        let rt = crate::names::runtime();
        return quote! {
            pub mod #name {
                pub use #rt::ndarray::#name::*;
            }
        };
    }
    // Named to read right in rustc's help: "the trait `foo_has_a_derivative` is not
    // implemented".
    let marker = format_ident!("{}_has_a_derivative", plain);
    let message = format!("the function `{plain}` has no derivative");
    let label = format!("`{plain}` is called on a differentiated value here");
    let note = format!(
        "put `#[differentiable]` on `{plain}`, register a derivative with `#[derivative(of = {plain})]`, or wrap the call in `no_grad(..)` if no derivative should flow through it"
    );
    let values: Vec<_> = (0..*arity).map(|k| format_ident!("A{}", k)).collect();
    let tangents: Vec<_> = (0..*arity).map(|k| format_ident!("T{}", k)).collect();
    let bound = quote!(where (#(#values,)*): super::#marker);
    let forwards = if *imported {
        quote! {
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
    } else {
        let rt = crate::names::runtime();
        quote! {
            pub(in super::super) use super::super::#name as original;
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
    };
    quote! {
        #[diagnostic::on_unimplemented(message = #message, label = #label, note = #note)]
        pub trait #marker {}
        pub mod #name {
            pub fn vjp<#(#values,)* R, P>(#(_: #values),*) -> (R, P) #bound {
                ::core::unreachable!()
            }
            #forwards
        }
    }
}
