//! The copies of parameters that reverse iterations read elements from (a borrowed slice is
//! gone when the pullback runs): whole, or only as far as the primal code read them.

use crate::ir::{Body, Op, ValueId};
use crate::names;
use proc_macro2::TokenStream;
use quote::quote;
use std::collections::HashSet;

/// The statements that make the copies.
pub(super) struct ParamCopies {
    /// Whole copies, taken before the primal code (which may move the parameter).
    pub whole: Vec<TokenStream>,
    /// How far the primal code reads each parameter of [`prefix_params`], declared before it
    /// and extended at each element read (see `Printer::read_extended`).
    pub extents: Vec<TokenStream>,
    /// The prefix copies, taken after the primal code as far as it read.
    pub prefixes: Vec<TokenStream>,
}

impl ParamCopies {
    /// The copies of `copies`, those in `prefix` (see [`prefix_params`]) only as far as read.
    pub fn of(ir: &Body, copies: &[ValueId], prefix: &HashSet<ValueId>) -> ParamCopies {
        let extents = prefix
            .iter()
            .map(|v| {
                let extent = names::read_extent(*v);
                quote!(let mut #extent: usize = 0;)
            })
            .collect();
        let prefixes = copies
            .iter()
            .filter(|v| prefix.contains(v))
            .map(|v| {
                let (copy, value, extent) =
                    (names::copy_of(*v), names::value(*v), names::read_extent(*v));
                quote!(let #copy = ::std::borrow::ToOwned::to_owned(&#value[..#extent]);)
            })
            .collect();
        let whole = copies
            .iter()
            .filter(|v| !prefix.contains(v))
            .map(|v| {
                let (copy, value) = (names::copy_of(*v), names::value(*v));
                let declared = ir
                    .params
                    .iter()
                    .find(|p| p.value == *v)
                    .and_then(|p| p.ty.as_ref());
                match declared {
                    // `&[f64]` gives a `Vec<f64>`, `&[f64; N]` an array, `&Vec<f64>` a `Vec`.
                    Some(syn::Type::Reference(_)) => {
                        quote!(let #copy = ::std::borrow::ToOwned::to_owned(&*#value);)
                    }
                    _ => quote!(let #copy = ::core::clone::Clone::clone(&#value);),
                }
            })
            .collect();
        ParamCopies {
            whole,
            extents,
            prefixes,
        }
    }
}

/// Whether `ty` is `&[T]` or `&Vec<T>` (not `&mut`: an inout parameter is passed as an owned
/// copy, whose length its caller could not take after the call).
pub(super) fn is_borrowed_sequence(ty: &syn::Type) -> bool {
    match ty {
        syn::Type::Reference(r) if r.mutability.is_none() => match &*r.elem {
            syn::Type::Slice(_) => true,
            syn::Type::Path(p) => p.path.segments.last().is_some_and(|s| s.ident == "Vec"),
            _ => false,
        },
        _ => false,
    }
}

/// The parameters whose reverse needs them only as far as the primal code read them:
/// borrowed slices or `Vec`s (still readable after the primal code) that the body only reads
/// element by element (`x[i]`). A C-style caller passes the tail of a long buffer
/// (`&points[i * d..]`) to a helper that reads `d` elements of it: a whole copy, or a whole
/// adjoint, would make each call cost the tail's length. The primal code tracks how far it
/// reads each (see `Printer::read_extended`); a copy of one is taken that far, and its adjoint
/// (where cotangents may be prefixes) is that long.
pub(super) fn prefix_params(ir: &Body) -> HashSet<ValueId> {
    ir.params
        .iter()
        .filter(|p| p.ty.as_ref().is_some_and(is_borrowed_sequence))
        .map(|p| p.value)
        .filter(|v| read_only_by_element(ir, *v))
        .collect()
}

/// Whether every use of `v` in `ir` is an element read `v[i]`.
fn read_only_by_element(ir: &Body, v: ValueId) -> bool {
    let mut only = ir.block.result != Some(v);
    crate::ir::walk(&ir.block.instrs, &mut |instr| {
        let element_read = matches!(
            instr.op,
            Op::Index { base, index, by_ref: false } if base == v && index != v
        );
        if !element_read && instr.op.operands().contains(&v) {
            only = false;
        }
        if instr.regions().iter().any(|r| r.yields.contains(&v)) {
            only = false;
        }
    });
    only
}
