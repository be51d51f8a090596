//! Nested differentiation: `differentiate!(at: a, of: |y| ..)` inside a differentiable body
//! ([`Op::Nested`](crate::ir::Op)).
//!
//! The inner derivative `D(a, c) = ∂f/∂y (a, c)`, where `c` are the outer values the closure
//! reads, is itself differentiated by the outer derivative. Both come from the closure's
//! second-order forward code (see `emit::forward`), printed inline with the captures as extra
//! parameters: seeding `t1` with the inner direction (`1` for `y`, `0` for the captures) and
//! `t2` with an outer direction gives `D` as `t1` and its outer derivative as `t12`. The two
//! directions are separate locals, so the inner and the outer derivative never mix
//! (no perturbation confusion).
//!
//! - Forward mode: `t2` = the outer tangents; value `t1`, tangent `t12`.
//! - Reverse mode: one pass per operand component with `t2 = e_k` gives `∂D/∂operand_k`, saved
//!   for the pullback.
//! - A vector argument (`gradient!(at: &p, of: energy)` with `p` a `Vec` or an `Array1`) runs
//!   each of these once per component `e_i` of its tangent as the inner direction, and the
//!   gradient `D` is assembled from them (`ad_core::nested`): `n` passes for the value, and
//!   `n` per operand component for the pullback.
//! - Second order (a Hessian through a nested derivative) would need a third order: a compile
//!   error where a Hessian instantiates it.

use super::forward::Order;
use super::forward::closure::{Captured, closure_code};
use crate::analysis;
use crate::diag::Diagnostics;
use crate::ir::{Body, ValueId};
use crate::names::{self, runtime};
use proc_macro2::TokenStream;
use quote::quote;

/// A nested operator: its lowered closure and its operands (see [`Op::Nested`](crate::ir::Op)).
pub struct Nested<'a> {
    /// The closure, with the captured locals as parameters after its own.
    pub body: &'a Body,
    /// The argument, then the captured locals.
    pub args: &'a [ValueId],
}

/// `(value, (t1, t2, t12))` of the closure's second-order code at the operands, with `t1` the
/// inner direction `seed` (for the argument; zero for the captures) and `t2` = `second` (one
/// tangent per operand, cloned: a vector argument runs one block per component).
fn second_block(nested: &Nested<'_>, seed: &TokenStream, second: &[TokenStream]) -> TokenStream {
    let Nested { body, args } = nested;
    let rt = runtime();
    // The pipeline analysed the body and reported its errors: this analysis only recomputes
    // the activity the printer needs.
    let activity = analysis::analyze(body, &mut Diagnostics::default());
    let values: Vec<TokenStream> = args
        .iter()
        .map(|v| {
            let v = names::value(*v);
            quote!(::core::clone::Clone::clone(&#v))
        })
        .collect();
    let tangents: Vec<TokenStream> = args
        .iter()
        .zip(second)
        .enumerate()
        .map(|(k, (v, t2))| {
            let v = names::value(*v);
            let t1 = if k == 0 {
                quote!(::core::clone::Clone::clone(&#seed))
            } else {
                quote!(#v.zero_tangent())
            };
            quote!(#rt::Present((#t1, ::core::clone::Clone::clone(&#t2), #v.zero_tangent())))
        })
        .collect();
    let Captured {
        references,
        forward,
        ..
    } = closure_code(body, &activity, &values, &tangents, Order::Second);
    quote!({
        #[allow(unused_imports)]
        use #rt::Differentiable as _;
        #references
        #forward
    })
}

/// Zero outer tangents, one per operand.
fn zeros(nested: &Nested<'_>) -> Vec<TokenStream> {
    nested
        .args
        .iter()
        .map(|v| {
            let v = names::value(*v);
            quote!(#v.zero_tangent())
        })
        .collect()
}

/// The argument of the nested operator (its first operand).
fn argument(nested: &Nested<'_>) -> proc_macro2::Ident {
    names::value(nested.args[0])
}

/// The inner derivative's value: the gradient, one pass per inner direction (see
/// `ad_core::nested`).
pub fn value(nested: &Nested<'_>) -> TokenStream {
    let rt = runtime();
    let (seed, inner, a) = (
        names::inner_seed(),
        names::inner_derivative(),
        argument(nested),
    );
    let block = second_block(nested, &quote!(#seed), &zeros(nested));
    quote!(#rt::NestedArgument::inner_gradient(&#a, |#seed| {
        let (_, (#inner, _, _)) = #block;
        #rt::ScalarResult::to_f64(#inner)
    }))
}

/// Reverse mode: `(value, pullback)`, the pullback giving one cotangent per operand.
pub fn vjp(nested: &Nested<'_>) -> TokenStream {
    let operands = nested.args;
    let zero = zeros(nested);
    let rt = runtime();
    let (inner, mixed, along, seed) = (
        names::inner_derivative(),
        names::mixed_tangent(),
        names::direction(),
        names::inner_seed(),
    );
    let a = argument(nested);
    let cotangent = names::pullback_argument();
    let partials: Vec<_> = (0..operands.len()).map(names::partial).collect();
    // `∂D_i/∂operand_k` for each inner direction `i`, a tangent of operand `k`: one pass per
    // component of the operand (none for an integer, one for a float, one per element of a
    // `Vec`) and inner direction.
    let passes = operands.iter().enumerate().map(|(k, v)| {
        let mut direction = zero.clone();
        direction[k] = quote!(#along);
        let block = second_block(nested, &quote!(#seed), &direction);
        let (partial, v) = (&partials[k], names::value(*v));
        quote! {
            let #partial = #rt::NestedArgument::inner_partials(&#a, |#seed| {
                #rt::assemble(&#v.zero_tangent(), |#along| {
                    let (_, (_, _, #mixed)) = #block;
                    #rt::ScalarResult::to_f64(#mixed)
                })
            });
        }
    });
    let value = self::value(nested);
    quote!({
        #[allow(unused_imports)]
        use #rt::Differentiable as _;
        let #inner = #value;
        #(#passes)*
        (#inner, #rt::nested_pullback(&#a, move |#cotangent| {
            (#(#rt::NestedCotangent::spread(&#cotangent, &#partials),)*)
        }))
    })
}

/// Forward mode: `(value, tangent)` with the operands' outer tangents `tangents`.
pub fn forward(nested: &Nested<'_>, tangents: &[TokenStream]) -> TokenStream {
    let rt = runtime();
    let (inner, mixed, seed) = (
        names::inner_derivative(),
        names::mixed_tangent(),
        names::inner_seed(),
    );
    let a = argument(nested);
    let block = second_block(nested, &quote!(#seed), tangents);
    quote!(#rt::NestedArgument::inner_gradient_and_tangent(&#a, |#seed| {
        let (_, (#inner, _, #mixed)) = #block;
        (#rt::ScalarResult::to_f64(#inner), #rt::ScalarResult::to_f64(#mixed))
    }))
}
