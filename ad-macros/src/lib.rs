//! The compiler of `ad`: attribute and function-like macros that differentiate Rust source.
//!
//! Entry points only; each parses its input and hands it to the pipeline in [`driver`]
//! (lower -> verify -> activity -> vjp -> emit). Users reach these macros through the `ad`
//! crate's prelude, which documents them.
#![forbid(unsafe_code)]

mod analysis;
mod attr;
mod diag;
mod driver;
mod emit;
mod fallback;
mod ir;
mod lower;
mod operators;
mod registration;
mod vjp;

#[cfg(test)]
mod snapshots;

use operators::Operator;
use proc_macro::TokenStream;

/// Makes a function differentiable; see the `ad` crate.
#[proc_macro_attribute]
pub fn differentiable(args: TokenStream, item: TokenStream) -> TokenStream {
    driver::differentiable(args.into(), item.into()).into()
}

/// Registers a derivative of another function; see the `ad` crate.
#[proc_macro_attribute]
pub fn derivative(args: TokenStream, item: TokenStream) -> TokenStream {
    registration::derivative(args.into(), item.into()).into()
}

/// The gradient of a scalar function; see the `ad` crate.
#[proc_macro]
pub fn gradient(input: TokenStream) -> TokenStream {
    operators::expand(Operator::Gradient, input.into()).into()
}

/// The value and gradient of a scalar function; see the `ad` crate.
#[proc_macro]
pub fn value_with_gradient(input: TokenStream) -> TokenStream {
    operators::expand(Operator::ValueWithGradient, input.into()).into()
}

/// The value and pullback of a function; see the `ad` crate.
#[proc_macro]
pub fn value_with_pullback(input: TokenStream) -> TokenStream {
    operators::expand(Operator::ValueWithPullback, input.into()).into()
}

/// The pullback of a function; see the `ad` crate.
#[proc_macro]
pub fn pullback(input: TokenStream) -> TokenStream {
    operators::expand(Operator::Pullback, input.into()).into()
}
