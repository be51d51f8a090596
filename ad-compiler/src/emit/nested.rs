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
//! - Reverse mode: one pass per operand with `t2 = e_k` gives `∂D/∂operand_k`, saved for the
//!   pullback, so operands must be scalars (`f32`, `f64`).
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
/// inner direction and `t2` = `second` (one tangent per operand).
fn second_block(nested: &Nested<'_>, second: &[TokenStream]) -> TokenStream {
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
                quote!(#rt::argument_seed(&#v))
            } else {
                quote!(#v.zero_tangent())
            };
            quote!(#rt::Present((#t1, #t2, #v.zero_tangent())))
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

/// The inner derivative's value.
pub fn value(nested: &Nested<'_>) -> TokenStream {
    let block = second_block(nested, &zeros(nested));
    let inner = names::inner_derivative();
    quote!({ let (_, (#inner, _, _)) = #block; #inner })
}

/// Reverse mode: `(value, pullback)`, the pullback giving one cotangent per operand.
pub fn vjp(nested: &Nested<'_>) -> TokenStream {
    let operands = nested.args;
    let zero = zeros(nested);
    let value = second_block(nested, &zero);
    let rt = runtime();
    let (inner, mixed, along) = (
        names::inner_derivative(),
        names::mixed_tangent(),
        names::direction(),
    );
    let cotangent = names::pullback_argument();
    let partials: Vec<_> = (0..operands.len()).map(names::partial).collect();
    // `∂D/∂operand_k`, a tangent of operand `k`, one pass per component (none for an
    // integer, one for a float, one per element of a `Vec`).
    let passes = operands.iter().enumerate().map(|(k, v)| {
        let mut direction = zero.clone();
        direction[k] = quote!(#along);
        let block = second_block(nested, &direction);
        let (partial, v) = (&partials[k], names::value(*v));
        quote! {
            let #partial = #rt::assemble(&#v.zero_tangent(), |#along| {
                let (_, (_, _, #mixed)) = #block;
                #rt::ScalarResult::to_f64(#mixed)
            });
        }
    });
    quote!({
        #[allow(unused_imports)]
        use #rt::Differentiable as _;
        let (_, (#inner, _, _)) = #value;
        #(#passes)*
        (#inner, move |#cotangent| {
            (#(#rt::scaled_by(#cotangent, &#partials),)*)
        })
    })
}

/// Forward mode: `(value, tangent)` with the operands' outer tangents `tangents`.
pub fn forward(nested: &Nested<'_>, tangents: &[TokenStream]) -> TokenStream {
    let block = second_block(nested, tangents);
    let (inner, mixed) = (names::inner_derivative(), names::mixed_tangent());
    quote!({ let (_, (#inner, _, #mixed)) = #block; (#inner, #mixed) })
}
