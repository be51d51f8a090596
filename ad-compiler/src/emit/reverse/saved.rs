//! What the primal saves for the pullback, as Rust: the names of saved items, their
//! declarations before the primal code (slots and tapes), the statement that saves an item
//! (a local, a slot assignment, a tape push), the expression that reads it back in the
//! pullback (tapes backwards, through a cursor), and room reserved on tapes up front.

use crate::ir::{LoopShape, ValueId};
use crate::names;
use crate::reverse::plan::*;
use proc_macro2::{Ident, TokenStream};
use quote::{ToTokens, quote};
use std::collections::HashMap;

/// The local, slot or tape holding a saved item.
pub(super) fn saved_name(value: ValueId, kind: SavedKind) -> Ident {
    match kind {
        SavedKind::Pullback => names::pullback(value),
        SavedKind::Branch => names::branch(value),
        SavedKind::Trips => names::trips(value),
        SavedKind::Items => names::items(value),
        SavedKind::Shape => names::index_shape(value),
        SavedKind::Value => names::stored(value),
    }
}

/// Declares a slot or tape before the primal code (locals are declared where computed).
pub(super) fn declare_saved(
    saved: &Saved,
    float_types: &HashMap<ValueId, &'static str>,
) -> TokenStream {
    let name = saved_name(saved.value, saved.kind);
    match (saved.storage, saved.kind) {
        // Floats go on a tape whose buffer is recycled across calls (see `ad_core::tape`).
        (Storage::Tape, SavedKind::Value) if float_types.contains_key(&saved.value) => {
            let ty = quote::format_ident!("{}", float_types[&saved.value]);
            let rt = names::runtime();
            quote!(let mut #name = #rt::FloatTape::<#ty>::new();)
        }
        (Storage::Local, _) => quote!(),
        (Storage::Slot, SavedKind::Pullback) => {
            quote!(let mut #name = ::core::option::Option::None;)
        }
        (Storage::Slot, SavedKind::Branch) => quote!(let mut #name = false;),
        (Storage::Slot, SavedKind::Trips) => quote!(let mut #name = 0usize;),
        (Storage::Tape, _) => quote!(let mut #name = ::std::vec::Vec::new();),
        // (Floats kept by position are declared before their loop, sized by its trip count.)
        (Storage::Guard(_) | Storage::Recomputed(_) | Storage::Positional(_), _) => quote!(),
        // Iterators and shapes are only saved by loops outside branches (see
        // `reverse::counted`): never in a slot.
        (Storage::Slot, SavedKind::Items | SavedKind::Shape | SavedKind::Value) => quote!(),
    }
}

/// Saves `value` (a branch decision or a trip count) into its local, slot or tape.
pub(super) fn save(name: &Ident, storage: Storage, value: TokenStream) -> TokenStream {
    match storage {
        Storage::Local => quote!(let #name = #value;),
        Storage::Slot => quote!(#name = #value;),
        Storage::Tape => quote!(#name.push(#value);),
        // (Floats kept by position are written by the loop's guard, see `emit::reverse`.)
        Storage::Guard(_) | Storage::Recomputed(_) | Storage::Positional(_) => quote!(),
    }
}

/// Reads a saved branch decision or trip count in the pullback (tapes backwards).
pub(super) fn restore(name: &Ident, storage: Storage) -> TokenStream {
    match storage {
        Storage::Local | Storage::Slot => quote!(#name),
        Storage::Tape => {
            let cursor = names::cursor(name);
            quote!({ #cursor -= 1; #name[#cursor] })
        }
        // Every iteration but the last took the branch; the reverse loop starts with the last.
        Storage::Guard(loop_value) => {
            let iteration = names::reverse_iteration(loop_value);
            quote!(#iteration != 0)
        }
        // (Only a loop's iterator is read back from `Recomputed`, by `restore_clone`; floats
        // kept by position are read by `loops::restore_stored`.)
        Storage::Recomputed(_) | Storage::Positional(_) => quote!(#name),
    }
}

/// Reads back a saved iterator or shape (not `Copy`): a clone of the local or of the tape's
/// entry, backwards; a recomputed iterator is the local `value` the reverse iteration of an
/// enclosing counted loop rebinds.
pub(super) fn restore_clone(name: &Ident, storage: Storage, value: ValueId) -> TokenStream {
    let clone = |place: TokenStream| quote!(::core::clone::Clone::clone(&#place));
    match storage {
        Storage::Tape => {
            let cursor = names::cursor(name);
            let entry = clone(quote!(#name[#cursor]));
            quote!({ #cursor -= 1; #entry })
        }
        Storage::Recomputed(_) => clone(names::value(value).into_token_stream()),
        Storage::Local | Storage::Slot | Storage::Guard(_) | Storage::Positional(_) => {
            clone(quote!(#name))
        }
    }
}

/// For a `for` loop, whose iterator knows how many items remain: room on each tape the body
/// pushes to (and for each float `stored` per iteration), so the tapes never grow while the
/// loop runs.
pub(super) fn reserve_tapes(
    shape: &LoopShape,
    body_steps: &[PrimalStep<'_>],
    (stored, stored_at): (&[ValueId], Storage),
) -> TokenStream {
    let Some(iterator) = shape.iterator else {
        return quote!();
    };
    let mut tapes = Vec::new();
    let mut visit = |value, kind, storage, _: &[ValueId]| {
        if storage == Storage::Tape {
            tapes.push(saved_name(value, kind));
        }
    };
    for_each_iteration_save(stored, stored_at, &[], &mut visit);
    for_each_save(body_steps, &mut Vec::new(), &mut visit);
    if tapes.is_empty() {
        return quote!();
    }
    let iterator = names::value(iterator);
    let remaining = names::remaining_items();
    quote! {
        // One more than the items left: the last iteration finds none.
        let #remaining = ::core::iter::Iterator::size_hint(&#iterator).0 + 1;
        #(#tapes.reserve(#remaining);)*
    }
}
