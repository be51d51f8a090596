//! Calls whose pullback may return prefix cotangents (see `ad_core::TangentVector`), made so
//! that each cotangent has its argument's length unless the argument's adjoint takes a
//! prefix.
//!
//! A reverse derivative emitted with prefix cotangents (a free function's, see
//! `emit::reverse::body`) returns, for a slice parameter it reads element by element, a
//! cotangent that ends after the last element read. Its caller takes each argument's length
//! before the call and pads what the pullback returns; a range read `&xs[a..]` is not padded,
//! as its adjoint adds a prefix into `xs`'s: that is what makes a helper given the tail of a
//! long buffer cost what it reads, not the tail's length.

use crate::names;
use proc_macro2::TokenStream;
use quote::quote;

/// For whom a pullback's cotangents are padded.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum PaddedFor {
    /// Generated code, which adds a length-less zero as zero.
    Caller,
    /// The user, who is given the argument's length in every case.
    User,
}

/// `call` (an expression giving `(value, pullback)`) with a pullback whose `k`-th cotangent is
/// padded to the length of `arguments[k]` where it is `Some` (an expression of the argument,
/// read before `call` runs).
pub fn padded(
    call: TokenStream,
    arguments: &[Option<TokenStream>],
    padded_for: PaddedFor,
) -> TokenStream {
    if arguments.iter().all(Option::is_none) {
        return call;
    }
    let rt = names::runtime();
    let (value, inner, seed) = (
        names::operator_value(),
        names::unpadded_pullback(),
        names::pullback_argument(),
    );
    let paddings: Vec<TokenStream> = arguments
        .iter()
        .enumerate()
        .filter_map(|(k, argument)| {
            let padding = names::padding(k);
            // (The user's gradient of an array lent to a slice parameter is the slice's.)
            let method = match padded_for {
                PaddedFor::Caller => quote!(padding),
                PaddedFor::User => quote!(user_padding),
            };
            argument
                .as_ref()
                .map(|a| quote!(let #padding = (&#rt::LengthOf(&#a)).#method();))
        })
        .collect();
    let parts: Vec<_> = (0..arguments.len())
        .map(names::unpadded_cotangent)
        .collect();
    let padded_parts = arguments.iter().enumerate().map(|(k, argument)| {
        let part = &parts[k];
        match argument {
            Some(_) => {
                let padding = names::padding(k);
                match padded_for {
                    PaddedFor::Caller => quote!(#rt::Pad::pad(&#padding, #part)),
                    PaddedFor::User => quote!(#rt::Pad::pad_full(&#padding, #part)),
                }
            }
            None => quote!(#part),
        }
    });
    quote!({
        #[allow(unused_imports)]
        use #rt::{OtherPadding as _, SequencePadding as _};
        #(#paddings)*
        let (#value, #inner) = #call;
        (#value, move |#seed| {
            let (#(#parts,)*) = #inner(#seed);
            (#(#padded_parts,)*)
        })
    })
}
