//! The tangents of the instructions that are linear in their operands' tangents (tuples,
//! fields, struct literals and updates, references, indexing, vectors, options, iterators):
//! built from the operands' tangents the way the value is built from their values, one
//! component at a time (see [`super::Order`]).

use super::Printer;
use crate::ir::{Instr, Op, ValueId};
use crate::names::{self, runtime};
use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};

impl Printer<'_> {
    /// Tangent `component` of an active instruction whose tangent is built from its
    /// operands' tangents the way its value is built from their values (linearly).
    pub(super) fn structural_tangent(&self, instr: &Instr, component: &str) -> TokenStream {
        let built = names::tangent_being_built();
        let rt = runtime();
        let t = |v: &ValueId| self.tangent_moved(*v, component);
        let name = |v: &ValueId| self.name(*v, component);
        match &instr.op {
            Op::Ascribe(a, _) => t(a),
            Op::Ref { operand: a, .. } | Op::Deref(a) | Op::Clone(a) => {
                if self.active(*a) {
                    let ta = name(a);
                    quote!(::core::clone::Clone::clone(&#ta))
                } else {
                    self.zero(*a)
                }
            }
            Op::Tuple(items) => {
                let items = items.iter().map(t);
                quote!((#(#items,)*))
            }
            Op::Array(items) => {
                let items = items.iter().map(t);
                quote!([#(#items),*])
            }
            Op::Field(a, member) | Op::FieldRef(a, member) => {
                let (key, ta) = (field_key(member), name(a));
                quote!(#rt::field::<#key, _>(&#ta))
            }
            // The variant's field of the enum's tangent (see `frontend::derive_enum`).
            Op::Payload {
                value,
                variant,
                member,
            } => {
                let key = variant_key(variant, member);
                let ta = name(value);
                quote!(#rt::field::<#key, _>(&#ta))
            }
            Op::Struct { path, fields, rest } => {
                let base = match rest {
                    Some(r) if self.active(*r) => fields.iter().fold(t(r), |inner, (member, _)| {
                        let key = field_key(member);
                        quote!(#rt::without_field::<#key, _>(#inner))
                    }),
                    // The zero of the literal's type, which only its value names.
                    _ => {
                        let value = names::value(instr.result);
                        quote!(#rt::unshaped_zero(&#value))
                    }
                };
                let adds = fields
                    .iter()
                    .filter(|(_, v)| self.active(*v))
                    .map(|(member, v)| {
                        let (key, tv) = (variant_key(path, member), t(v));
                        quote!(#rt::add_into(&mut #built, #rt::from_field::<#key, _>(#tv));)
                    });
                quote!({ let mut #built = #base; #(#adds)* #built })
            }
            // A constant assigned to the field gives it the constant's zero tangent, shaped
            // like the value (`m.data = vec![0.0; n]`: `n` zeros, which later element writes
            // index), not the length-less zero the field is left with.
            Op::SetField {
                base,
                member,
                value,
            } => {
                let (key, tb, tv) = (field_key(member), t(base), t(value));
                quote!({
                    let mut #built = #rt::without_field::<#key, _>(#tb);
                    #rt::add_into(&mut #built, #rt::from_field::<#key, _>(#tv));
                    #built
                })
            }
            Op::Index { base, index, .. } => {
                let (tb, i) = (name(base), names::value(*index));
                // `to_owned`, not `clone`: a range read (`&xs[a..b]`) has the tangent `[T]`,
                // owned as a `Vec`; an element's `to_owned` is its clone.
                quote!(::std::borrow::ToOwned::to_owned(&#tb[::core::clone::Clone::clone(&#i)]))
            }
            Op::IndexSet {
                base,
                indices,
                value,
            } => {
                let (tb, tv) = (t(base), t(value));
                let indices = indices.iter().map(|i| names::value(*i));
                quote!({ let mut #built = #tb; #built #([#indices])* = #tv; #built })
            }
            Op::Push { base, value } => {
                let (tb, tv) = (t(base), t(value));
                quote!({ let mut #built = #tb; #built.push(#tv); #built })
            }
            Op::VecRepeat { value, count } => {
                let (tv, n) = (t(value), names::value(*count));
                quote!(::std::vec![#tv; #n])
            }
            Op::VecList(items) => {
                let items = items.iter().map(t);
                quote!(::std::vec![#(#items),*])
            }
            Op::WrapSome(a) => {
                let ta = t(a);
                quote!(::core::option::Option::Some(#ta))
            }
            // An `Option`'s or a `Result`'s payload (see `ad_core::UnwrapTangent`).
            Op::Unwrap(a) => {
                let ta = t(a);
                let rt = crate::names::runtime();
                quote!(#rt::UnwrapTangent::unwrap_tangent(#ta))
            }
            Op::IntoIter(a) => {
                let ta = t(a);
                quote!(::core::iter::IntoIterator::into_iter(#ta))
            }
            Op::IterNext(iterator) => {
                let ti = name(iterator);
                quote!(::core::iter::Iterator::next(&mut #ti))
            }
            _ => quote_spanned!(instr.span=> ::core::compile_error!(
                "internal error in ad, please report: an active instruction without a forward rule"
            )),
        }
    }
}

/// The `FieldTangent` key of a field of a struct literal or an enum variant named by `path`:
/// `Variant::member` for a variant, the member's name otherwise.
fn variant_key(path: &syn::Path, member: &syn::Member) -> u64 {
    match names::variant_of(path) {
        Some(variant) => names::field_key(&names::variant_field_name(variant, member)),
        None => field_key(member),
    }
}

/// The `FieldTangent` key of a field or tuple component.
fn field_key(member: &syn::Member) -> u64 {
    names::field_key(&names::member_name(member))
}
