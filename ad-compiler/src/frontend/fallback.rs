//! What a macro emits when it found errors: the user's item unchanged (so the rest of the
//! crate still type-checks and no error cascades) followed by the `compile_error!`s.

use proc_macro2::TokenStream;
use quote::quote;

/// The original tokens plus the errors.
pub fn with_errors(original: TokenStream, errors: TokenStream) -> TokenStream {
    quote!(#original #errors)
}
