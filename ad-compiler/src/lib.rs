//! The compiler of `ad`, on `proc_macro2` tokens so that it can be tested and benchmarked
//! outside a macro: `ad-macros` only forwards its macros' input here.
//!
//! Pipeline (see DESIGN.md): [`driver`] parses the attribute and the item, [`lower`] turns
//! the body into the SSA [`ir`], [`ir::verify`] checks it, [`analysis`] finds the active
//! values, [`vjp`] builds the derivative program and [`emit`] prints it as Rust. Errors go
//! through [`diag`] and, on failure, [`fallback`] keeps the user's item.
#![forbid(unsafe_code)]

pub mod analysis;
mod attr;
mod derive;
pub mod diag;
pub mod driver;
pub mod emit;
pub mod fallback;
mod float_left;
mod forward_operators;
mod function_value;
pub mod ir;
pub mod lower;
mod operator_impls;
mod operators;
mod registration;
mod tokens;
pub mod vjp;
mod warnings;

#[cfg(test)]
mod robustness;
#[cfg(test)]
mod snapshots;

pub use forward_operators::ForwardOperator;
pub use operators::Operator;
use proc_macro2::TokenStream;

/// `#[differentiable(args)] item`: the item followed by its derivative (or by the errors).
pub fn differentiable(args: TokenStream, item: TokenStream) -> TokenStream {
    driver::differentiable(args, item)
}

/// `#[derivative(args)] item`: the registration followed by the adapter callers use.
pub fn derivative(args: TokenStream, item: TokenStream) -> TokenStream {
    registration::derivative(args, item)
}

/// `#[derive(Differentiable)]` on a struct.
pub fn derive_differentiable(input: TokenStream) -> TokenStream {
    derive::differentiable(input)
}

/// A reverse-mode operator (`gradient!` and the others) applied to its input tokens.
pub fn operator(operator: Operator, input: TokenStream) -> TokenStream {
    operators::expand(operator, input)
}

/// `function!(f)`: a function with its derivatives, to pass to a differentiable function.
pub fn function_value(input: TokenStream) -> TokenStream {
    function_value::expand(input)
}

/// A forward-mode operator (`differentiate!` and the others) applied to its input tokens.
pub fn forward_operator(operator: ForwardOperator, input: TokenStream) -> TokenStream {
    forward_operators::expand(operator, input)
}
