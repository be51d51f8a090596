//! Fallbacks that explain a method call with no derivative.
//!
//! A method call `x.foo(..)` on a differentiated value becomes `x.__ad_vjp_foo(..)`, found
//! among inherent siblings, `FloatMethods` or a registration's extension trait. When none
//! exists, rustc would say "no method named `__ad_vjp_foo`", naming our internals. So each VJP
//! body declares, per method name it calls, a trait with a method of that name implemented for
//! every type that implements a marker trait nothing implements. rustc's method lookup skips
//! an impl whose bounds fail, so the fallback never competes with a real derivative; but when
//! it is the only candidate, rustc reports the failed bound with the marker's
//! `#[diagnostic::on_unimplemented]` message, which names the method and says what to do.

use crate::ir::{Body, Op};
use crate::names;
use proc_macro2::TokenStream;
use quote::{ToTokens, format_ident, quote};
use std::collections::BTreeSet;

/// Which derivative's method names the fallbacks stand in for.
#[derive(Clone, Copy)]
pub enum Mode {
    /// `__ad_vjp_<name>`.
    Reverse,
    /// `__ad_fwd_<name>`.
    Forward,
    /// `__ad_hvp_<name>`.
    Second,
}

/// The fallback items for every method `ir` calls, for the VJP or the forward code. Both
/// report a missing derivative, with the same message: rustc checks each function body on
/// its own, so the error appears once per derivative. (A fallback that let the forward code
/// type-check silently would have to win the method probe only when nothing else can, and
/// only the unsatisfiable bound gives that.)
pub fn fallbacks(ir: &Body, mode: Mode) -> TokenStream {
    let mut methods = BTreeSet::new();
    crate::ir::walk(&ir.block.instrs, &mut |instr| {
        if let Op::Method { method, inout, .. } = &instr.op {
            let name = method.to_string().trim_start_matches("r#").to_owned();
            methods.insert((name, *inout));
        }
    });
    // One fallback per name: two calls of one name (`Matrix2::new(..)` with four arguments,
    // `Vector2::new(..)` with two) would declare the same items twice. The fallback is
    // written for the first call's arity; a type with its own derivative wins either way.
    let mut associated = std::collections::BTreeMap::new();
    crate::ir::walk(&ir.block.instrs, &mut |instr| {
        if let Op::Call { callee, args, .. } = &instr.op
            && super::callee::is_associated(&callee.path)
            && let Some(last) = callee.path.segments.last()
        {
            let shown = callee.path.to_token_stream().to_string().replace(' ', "");
            associated
                .entry(last.ident.to_string())
                .or_insert((shown, args.len()));
        }
    });
    let for_methods: TokenStream = methods
        .iter()
        .map(|(name, inout)| fallback(name, *inout, mode))
        .collect();
    let for_functions: TokenStream = associated
        .iter()
        .map(|(name, (shown, arity))| associated_fallback(name, shown, *arity, mode))
        .collect();
    quote!(#for_methods #for_functions)
}

/// The marker and fallback traits for an associated function `Type::name` of `arity`
/// parameters (`shown` as the source wrote it): as for methods, a fallback of the name the
/// call looks up, which path resolution picks only when the type has no derivative of its
/// own, and whose failed bound names the function.
fn associated_fallback(name: &str, shown: &str, arity: usize, mode: Mode) -> TokenStream {
    let marker = format_ident!("associated_{}_has_a_derivative", name);
    let fallback = format_ident!("derivative_of_associated_{}", name);
    let sibling = sibling(name, false, mode);
    let message = Message {
        message: format!("the function `{shown}` has no derivative"),
        label: format!("`{shown}` is called on a differentiated value here"),
        note: format!(
            "put `#[differentiable]` on `{name}` (or on its `impl` block), register a derivative with `#[derivative(of = Self::{name})]` in that `impl`, or wrap the call in `no_grad(..)` if no derivative should flow through it"
        ),
    };
    let types: Vec<_> = (0..arity).map(|k| format_ident!("A{}", k)).collect();
    let signature = quote!(fn #sibling<#(#types,)* R>(#(_: #types),*) -> R);
    items(
        &marker,
        &fallback,
        &message,
        signature,
        quote!(::core::unreachable!()),
    )
}

/// The marker and fallback traits for method `name`, called as a statement when `inout`.
fn fallback(name: &str, inout: bool, mode: Mode) -> TokenStream {
    let kind = if inout { "inout_" } else { "" };
    // Named to read right in rustc's notes: "doesn't satisfy `T: foo_has_a_derivative`".
    let marker = format_ident!("{}{}_has_a_derivative", kind, name);
    let fallback = format_ident!("derivative_of_{}{}", kind, name);
    let vjp = sibling(name, inout, mode);
    let message = if inout {
        Message {
            message: format!("the statement `.{name}(..);` has no derivative"),
            label: format!("`{name}` is called for its effect on a differentiated value here"),
            note: "a method called for its effect is differentiated only when it is a `#[differentiable]` `&mut self` method without a result: write this update as assignments (`v[i] = ..`, `p.x = ..`) instead".to_owned(),
        }
    } else {
        // `m.map(f)` and `a.mapv(f)` are lowered as `differentiable_map(function!(f))`.
        let name = name.strip_prefix("differentiable_").unwrap_or(name);
        Message {
            message: format!("the method `{name}` has no derivative"),
            label: format!("`{name}` is called on a differentiated value here"),
            note: format!(
                "put `#[differentiable]` on `{name}` (on a trait's method called through a type parameter, on the trait and its impls), register a derivative with `#[derivative(of = Type::{name})]`, or wrap the call in `no_grad(..)` if no derivative should flow through it"
            ),
        }
    };
    items(
        &marker,
        &fallback,
        &message,
        quote!(fn #vjp(&mut self)),
        quote!(),
    )
}

/// What rustc says when a fallback's bound fails.
struct Message {
    message: String,
    label: String,
    note: String,
}

/// The derivative sibling of `name` that generated code calls in `mode`.
fn sibling(name: &str, inout: bool, mode: Mode) -> proc_macro2::Ident {
    let method = format_ident!("{}", name);
    match mode {
        Mode::Reverse => names::called_method_reverse(&method, inout),
        Mode::Forward => names::called_method_forward(&method, inout),
        Mode::Second => names::called_method_second(&method, inout),
    }
}

/// The marker trait (whose unmet bound carries `message`) and the fallback trait with one
/// item, `signature`, implemented with `body` for every type that implements the marker.
fn items(
    marker: &proc_macro2::Ident,
    fallback: &proc_macro2::Ident,
    message: &Message,
    signature: TokenStream,
    body: TokenStream,
) -> TokenStream {
    let Message {
        message,
        label,
        note,
    } = message;
    quote! {
        #[allow(non_camel_case_types)]
        #[diagnostic::on_unimplemented(message = #message, label = #label, note = #note)]
        trait #marker {}
        #[allow(non_camel_case_types)]
        trait #fallback {
            #signature;
        }
        impl<T: ?Sized + #marker> #fallback for T {
            #signature { #body }
        }
    }
}
