//! The compiler of `ad`, on `proc_macro2` tokens so that it can be tested and benchmarked
//! outside a macro: `ad-macros` only forwards its macros' input here.
//!
//! One folder per stage (see DESIGN.md), imports pointing down: the macros' [`frontend`]s
//! parse their input and hand bodies to the [`pipeline`], which runs [`lower`] (syntax to
//! the SSA [`ir`]), [`ir::verify`] and [`analysis`] (activity); [`reverse`] plans the reverse
//! derivative, and [`emit`] prints the reverse plan, the forward and second-order derivatives
//! and the items around them as Rust. Errors go through [`diag`]; on failure the front end
//! keeps the user's item ([`frontend::fallback`]).
#![forbid(unsafe_code)]

pub mod analysis;
pub mod diag;
pub mod emit;
pub mod frontend;
pub mod ir;
pub mod lower;
pub mod names;
pub mod pipeline;
pub mod reverse;
pub mod source;
mod tokens;
pub mod vocab;

#[cfg(test)]
mod robustness;
#[cfg(test)]
mod snapshots;

pub use frontend::forward_operators::ForwardOperator;
pub use frontend::operators::Operator;
use proc_macro2::TokenStream;

/// `#[differentiable(args)] item`: the item followed by its derivative (or by the errors).
/// `#[cfg]`s inside the item are decided by rustc ([`frontend::cfg`]).
pub fn differentiable(args: TokenStream, item: TokenStream) -> TokenStream {
    // The declarations of the file the item is in (see `source`), read once per file.
    let file = source::of(proc_macro2::Span::call_site());
    source::while_expanding(file, || {
        frontend::cfg::configured(item, |item| {
            frontend::differentiable::differentiable(args.clone(), item)
        })
    })
}

/// `#[derivative(args)] item`: the registration followed by the adapter callers use.
/// `#[cfg]`s inside the item are decided by rustc ([`frontend::cfg`]).
pub fn derivative(args: TokenStream, item: TokenStream) -> TokenStream {
    // The file tells a method's registration the others of its block (see `source`).
    let file = source::of(proc_macro2::Span::call_site());
    source::while_expanding(file, || {
        frontend::cfg::configured(item, |item| {
            frontend::derivative::derivative(args.clone(), item)
        })
    })
}

/// `#[derive(Differentiable)]` on a struct.
pub fn derive_differentiable(input: TokenStream) -> TokenStream {
    frontend::derive::differentiable(input)
}

/// A reverse-mode operator (`gradient!` and the others) applied to its input tokens.
pub fn operator(operator: Operator, input: TokenStream) -> TokenStream {
    if let Some(error) = frontend::cfg::refused_in_operator(&input) {
        return error;
    }
    // A closure's body is lowered knowing the file's declarations, as a function's is.
    let file = source::of_operator(&input);
    source::while_expanding(file, || frontend::operators::expand(operator, input))
}

/// `function!(f)`: a function with its derivatives, to pass to a differentiable function.
pub fn function_value(input: TokenStream) -> TokenStream {
    if let Some(error) = frontend::cfg::refused_in_operator(&input) {
        return error;
    }
    // A closure's body is lowered knowing the file's declarations, as a function's is.
    let file = source::of(proc_macro2::Span::call_site());
    source::while_expanding(file, || frontend::function_value::expand(input))
}

/// A forward-mode operator (`differentiate!` and the others) applied to its input tokens.
pub fn forward_operator(operator: ForwardOperator, input: TokenStream) -> TokenStream {
    if let Some(error) = frontend::cfg::refused_in_operator(&input) {
        return error;
    }
    // A closure's body is lowered knowing the file's declarations, as a function's is.
    let file = source::of_operator(&input);
    source::while_expanding(file, || {
        frontend::forward_operators::expand(operator, input)
    })
}
