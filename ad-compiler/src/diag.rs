//! The diagnostics collector threaded through every pass: passes record errors with the span
//! of the offending code and go on; the driver checks once and, if anything was recorded,
//! emits the user's item unchanged plus one `compile_error!` per error.

use proc_macro2::{Span, TokenStream};

/// Errors recorded by the passes, in the order found.
#[derive(Default)]
pub struct Diagnostics {
    errors: Vec<syn::Error>,
}

impl Diagnostics {
    /// Records an error at `span`.
    pub fn error(&mut self, span: Span, message: impl std::fmt::Display) {
        self.errors.push(syn::Error::new(span, message));
    }

    /// Records an error built elsewhere.
    pub fn push_error(&mut self, error: syn::Error) {
        self.errors.push(error);
    }

    /// Records an error covering all of `tokens` (first to last token).
    pub fn error_spanned(&mut self, tokens: &dyn quote::ToTokens, message: impl std::fmt::Display) {
        self.errors
            .push(syn::Error::new_spanned(tokens.to_token_stream(), message));
    }

    /// Whether any error was recorded.
    pub fn has_errors(&self) -> bool {
        !self.errors.is_empty()
    }

    /// The recorded errors as `compile_error!` invocations.
    pub fn to_compile_errors(&self) -> TokenStream {
        self.errors
            .iter()
            .map(syn::Error::to_compile_error)
            .collect()
    }

    /// An internal inconsistency: a bug in `ad`, reported instead of panicking.
    pub fn internal(&mut self, span: Span, what: impl std::fmt::Display) {
        self.error(span, format!("internal error in ad, please report: {what}"));
    }
}
