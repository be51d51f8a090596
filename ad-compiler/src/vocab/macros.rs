//! The macros of Rust's library a differentiable body may hold: their values carry no
//! derivative (a string, `()`, a slice description), and some never return.

use proc_macro2::{TokenStream, TokenTree};

/// The macros that never return (their type is `!`): a branch that ends in one yields no
/// value, and takes the other branches' type.
pub const DIVERGING: &[&str] = &["panic", "unreachable", "unimplemented", "todo"];

/// Whether `template` (a macro call as lowering keeps it, `path!(..)`) calls one of the
/// [`DIVERGING`] macros.
pub fn is_diverging(template: &TokenStream) -> bool {
    let mut last_ident = None;
    for tree in template.clone() {
        match tree {
            TokenTree::Ident(ident) => last_ident = Some(ident.to_string()),
            TokenTree::Punct(p) if p.as_char() == '!' => {
                return last_ident.is_some_and(|name| DIVERGING.contains(&name.as_str()));
            }
            TokenTree::Punct(p) if p.as_char() == ':' => {}
            _ => return false,
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::is_diverging;
    use quote::quote;

    #[test]
    fn diverging_macros_are_found_by_their_path() {
        assert!(is_diverging(&quote!(panic!("p = {}", p))));
        assert!(is_diverging(&quote!(::core::unreachable!())));
        assert!(is_diverging(&quote!(std::todo!())));
        assert!(!is_diverging(&quote!(format!("{}", x))));
        assert!(!is_diverging(&quote!((panic))));
    }
}
