//! The reverse of loops as Rust: a loop that counted its trips runs its body's reverse as
//! many times; a counted loop walks its range backwards, rebinding its item, popping the
//! floats each iteration stored and recomputing the rest (elements of copied parameters read
//! from the copy); and the adjoints of float arithmetic and float methods written as float
//! arithmetic from those values.

use super::saved::{restore, restore_clone};
use super::{Printer, declare, primal};
use crate::ir::{ArithOp, LoopShape, Op, ValueId};
use crate::names::{self, runtime};
use crate::reverse::plan::*;
use proc_macro2::{Ident, TokenStream};
use quote::quote;
use std::collections::HashMap;

/// The floats each iteration of a loop stores for its reverse.
pub(super) struct StoredFloats {
    /// The stored values.
    values: Vec<ValueId>,
    /// For a counted loop that keeps them by position, its item: the position is the item's.
    item: Option<ValueId>,
}

/// The floats each loop of `steps` stores per iteration, by the loop's value.
pub(super) fn stored_by_loop(
    steps: &[PrimalStep<'_>],
    stored: &mut HashMap<ValueId, StoredFloats>,
) {
    for step in steps {
        match step {
            PrimalStep::If {
                then_steps,
                else_steps,
                ..
            } => {
                stored_by_loop(then_steps, stored);
                stored_by_loop(else_steps, stored);
            }
            PrimalStep::Loop {
                instr,
                body_steps,
                stored: floats,
                counted,
                ..
            } => {
                let item = counted.as_ref().filter(|c| c.by_position).map(|c| c.item);
                let values = floats.clone();
                stored.insert(instr.result, StoredFloats { values, item });
                stored_by_loop(body_steps, stored);
            }
            _ => {}
        }
    }
}

impl Printer<'_, '_> {
    /// Where the iteration of `loop_value` that is ending stores its floats (at the end of
    /// its guard's `then` branch): pushed on their tapes, or written at the item's position.
    pub(super) fn store_floats(&self, loop_value: ValueId) -> TokenStream {
        let rt = runtime();
        self.each_stored(loop_value, |tape, value, place| {
            // A reference to an element is stored as the float it points to.
            let value = quote!(#rt::Operand::operand(#value));
            match place {
                Some(place) => quote!(#place = #value;),
                None => quote!(#tape.push(#value);),
            }
        })
    }

    /// Binds the floats the iteration of `loop_value` being reversed stored: popped from
    /// their tapes at the start of its reverse (in any order: each has its own tape), or read
    /// at the position of its item (bound before).
    pub(super) fn restore_floats(&self, loop_value: ValueId) -> TokenStream {
        self.each_stored(loop_value, |tape, value, place| {
            let read = place.unwrap_or_else(|| restore(&tape, Storage::Tape));
            quote!(let mut #value = #read;)
        })
    }

    /// `code(tape, value, place)` for each float an iteration of `loop_value` stores: its
    /// tape, its local, and for floats kept by position, the element at the item's position.
    fn each_stored(
        &self,
        loop_value: ValueId,
        code: impl Fn(Ident, Ident, Option<TokenStream>) -> TokenStream,
    ) -> TokenStream {
        let rt = runtime();
        let Some(stored) = self.stored.get(&loop_value) else {
            return quote!();
        };
        stored
            .values
            .iter()
            .map(|v| {
                let tape = names::stored(*v);
                let place = stored.item.map(|item| {
                    let (positions, item) = (names::positions(loop_value), names::value(item));
                    quote!(#tape[#rt::Position::of(&#positions, #item)])
                });
                code(tape, names::value(*v), place)
            })
            .collect()
    }

    /// Before a counted loop that keeps its floats by position: the map from its items to
    /// positions, and a tape per float, sized by the trip count.
    pub(super) fn stored_by_position(
        &self,
        loop_value: ValueId,
        counted: &Counted<'_>,
        stored: &[ValueId],
    ) -> TokenStream {
        if !counted.by_position {
            return quote!();
        }
        let rt = runtime();
        let (positions, iterator) = (names::positions(loop_value), names::value(counted.iterator));
        let vectors = stored.iter().map(|v| {
            let tape = names::stored(*v);
            let Some(width) = self.program.float_types.get(v) else {
                return quote!(::core::compile_error!(
                    "internal error in ad, please report: a float kept by position without its type"
                ););
            };
            let ty = quote::format_ident!("{}", width);
            quote!(let mut #tape = #rt::FloatTape::<#ty>::zeros(#rt::CountedRange::trips(&#iterator));)
        });
        quote! {
            let #positions = #rt::CountedRange::positions(&#iterator);
            #(#vectors)*
        }
    }

    /// The reverse of a loop: the outputs' adjoints enter the last iteration's yields; each
    /// reverse iteration hands its parameters' adjoints to the previous one; what reaches the
    /// first iteration's parameters goes to the initial values.
    pub(super) fn reverse_loop(
        &self,
        instr: &crate::ir::Instr,
        shape: &LoopShape,
        storage: Storage,
        carried: &[usize],
        body: &ReverseRegion<'_>,
        counted: Option<&Counted<'_>>,
    ) -> TokenStream {
        let d = names::adjoint_in_hand();
        let LoopShape {
            init,
            params,
            yields,
            merged,
            ..
        } = shape;
        let r = instr.result;
        let active = |v: &ValueId| self.program.lazy.contains(v) && self.is_active_declared(*v);
        let mut start = TokenStream::new();
        let mut enter = TokenStream::new();
        let mut leave = TokenStream::new();
        let mut finish = TokenStream::new();
        for &k in carried {
            let carry = names::carry(r, k);
            let output = merged[k];
            start.extend(if active(&output) {
                let adjoint = names::adjoint(output);
                quote!(let mut #carry = #adjoint.take();)
            } else {
                quote!(let mut #carry = ::core::option::Option::None;)
            });
            let yielded = yields[k];
            if self.is_active_declared(yielded) {
                let add = self.contribute(yielded, false, quote!(#d));
                enter.extend(
                    quote!(if let ::core::option::Option::Some(#d) = #carry.take() { #add }),
                );
            }
            // A parameter the body never uses hands nothing to the previous iteration.
            leave.extend(if self.is_active_declared(params[k]) {
                let param = names::adjoint(params[k]);
                quote!(#carry = #param.take();)
            } else {
                quote!(#carry = ::core::option::Option::None;)
            });
            if self.is_active_declared(init[k]) {
                let add = self.contribute(init[k], false, quote!(#d));
                finish.extend(quote!(if let ::core::option::Option::Some(#d) = #carry { #add }));
            }
        }
        let declared = declare(&body.declared);
        if let (
            Some(counted),
            [
                AdjointStep::If {
                    then_region,
                    else_region,
                    ..
                },
            ],
        ) = (counted, body.steps.as_slice())
        {
            // The last primal iteration found the range's end (the guard's `else`); the
            // others, reversed, walk the range backwards with their item rebound.
            let items = restore_clone(&names::items(r), counted.items, counted.iterator);
            let shapes: TokenStream = counted
                .shapes
                .iter()
                .chain(&counted.written)
                .filter(|_| storage == Storage::Tape)
                .map(|(index, _)| {
                    // This iteration's shape, shadowing the tape it comes from.
                    let name = names::index_shape(*index);
                    let value = restore_clone(&name, storage, *index);
                    quote!(let #name = #value;)
                })
                .collect();
            let (item, value) = (names::reverse_item(r), names::value(counted.item));
            let restore_stored = self.restore_floats(r);
            let recompute: TokenStream = counted
                .recomputed
                .iter()
                .map(|instr| self.recompute(instr))
                .collect();
            let recompute = quote!(#restore_stored #recompute);
            let (then_code, else_code) = (
                self.reverse_region(then_region),
                self.reverse_region(else_region),
            );
            return quote! {
                #start
                #shapes
                {
                    #declared
                    #enter
                    #else_code
                    #leave
                }
                for #item in ::core::iter::Iterator::rev(#items) {
                    #declared
                    #enter
                    let mut #value = #item;
                    #recompute
                    #then_code
                    #leave
                }
                #finish
            };
        }
        let trips = restore(&names::trips(r), storage);
        let iteration = names::reverse_iteration(r);
        let steps = self.adjoint(&body.steps);
        quote! {
            #start
            for #iteration in 0..(#trips) {
                #declared
                #enter
                #steps
                #leave
            }
            #finish
        }
    }

    /// An instruction computed again in a reverse iteration: as the primal computes it, but
    /// an element of a copied parameter is read from the copy.
    fn recompute(&self, instr: &crate::ir::Instr) -> TokenStream {
        match &instr.op {
            Op::Index {
                base,
                index,
                by_ref,
            } if self.program.copies.contains(base) => {
                let (result, copy, index) = (
                    names::value(instr.result),
                    names::copy_of(*base),
                    names::value(*index),
                );
                let by_ref = by_ref.then(|| quote!(&));
                quote!(let mut #result = #by_ref #copy[#index];)
            }
            _ => primal::compute(instr),
        }
    }
}

/// The cotangents of float arithmetic or of a float method from `adj[y]` (bound to `__ad_d`,
/// first given its float type `width`, which nothing else in the pullback may fix for rustc)
/// and the values the reverse iteration has: both for `arity` `Some(2)`, else the one the
/// `contributions` go to (bare); for a method, a one-tuple.
///
/// Original: `y = a + b`, `a - b`, `a * b`, `a / b`, `a % b`
/// Tangent:  `ty = ta + tb`, `ta - tb`, `ta * b + a * tb`, `ta / b - tb * y / b`,
///           `ta - tb * q` with `q = (a - y) / b` (the truncated quotient)
/// Adjoint:  `(d, d)`, `(d, -d)`, `(d * b, d * a)`, `(d / b, -(d / b) * (a / b))`,
///           `(d, -d * q)`
///
/// Original: `y = x.f()` / Tangent: `ty = f'(x) tx` / Adjoint: `adj[x] += d * f'(x)`, with
/// `f'` from `y` (`exp`, `tanh`, ..) or from `x` (`sin`, `ln`, ..): `ad_std::float::slopes`.
pub(super) fn float_adjoint(
    instr: &crate::ir::Instr,
    arity: Option<usize>,
    contributions: &[Contribution],
    width: Option<&str>,
) -> TokenStream {
    let d = names::adjoint_in_hand();
    let rt = runtime();
    let Some(width) = width else {
        return quote!(::core::compile_error!(
            "internal error in ad, please report: a float adjoint without its float type"
        ));
    };
    let ty = quote::format_ident!("{}", width);
    let typed = quote!(let #d: #ty = #d;);
    let (op, a, b) = match &instr.op {
        Op::Arith(op, a, b) => (op, a, b),
        Op::Method {
            receiver, method, ..
        } => {
            let method = method.to_string();
            let of_result = crate::reverse::slope_of_result(&method) == Some(true);
            let slope = names::method_slope(&method, of_result);
            let at = names::value(if of_result { instr.result } else { *receiver });
            // (The operand may be a reference to an element: `Operand` takes its value.)
            return quote!({
                #typed
                (#d * <#ty as #rt::FloatSlopes>::#slope(#rt::Operand::operand(#at)),)
            });
        }
        _ => {
            return quote!(::core::compile_error!(
                "internal error in ad, please report: a recomputed adjoint of an instruction with no float rule"
            ));
        }
    };
    // A bare cotangent belongs to the one operand that receives it.
    let of_rhs = contributions.first().is_some_and(|c| c.target != *a);
    let (a, b) = (names::value(*a), names::value(*b));
    let (lhs, rhs) = match op {
        ArithOp::Add => (quote!(#d), quote!(#d)),
        ArithOp::Sub => (quote!(#d), quote!(-#d)),
        ArithOp::Mul => (quote!(#d * #b), quote!(#d * #a)),
        ArithOp::Div => (quote!(#d / #b), quote!(-(#d / #b) * (#a / #b))),
        // The quotient the remainder was computed with (`trunc(a / b)` can round differently).
        ArithOp::Rem => (quote!(#d), quote!(-#d * ((#a - #a % #b) / #b).round())),
    };
    let cotangents = match (arity, of_rhs) {
        (Some(_), _) => quote!((#lhs, #rhs)),
        (None, false) => lhs,
        (None, true) => rhs,
    };
    quote!({ #typed #cotangents })
}
