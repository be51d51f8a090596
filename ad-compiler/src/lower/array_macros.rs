//! ndarray's macros as the calls they stand for, which have derivatives in `ad::ndarray`:
//!
//! - `array![a, b, c]` is `ndarray::arr1(&[a, b, c])`, `array![[a, b], [c, d]]` is
//!   `ndarray::arr2(&[[a, b], [c, d]])` (arrays of three or more axes keep the error);
//! - `stack![axis, a, b]` is `ndarray::stack(axis, &[a.view(), b.view()]).unwrap()`, and
//!   `concatenate![..]` likewise, as ndarray's own macros expand.
//!
//! The calls name the functions through `ndarray`, which the lowering reroutes to `ad`'s (see
//! `calls::NDARRAY_FUNCTIONS`), so they need no import of the user's.

use syn::punctuated::Punctuated;
use syn::{Expr, Token};

/// The call `mac` stands for, when it is one of ndarray's macros above in a form with a
/// derivative; `None` otherwise.
pub fn as_call(mac: &syn::Macro) -> Option<Expr> {
    let name = mac.path.segments.last()?.ident.to_string();
    let items = mac
        .parse_body_with(Punctuated::<Expr, Token![,]>::parse_terminated)
        .ok()?;
    let items: Vec<&Expr> = items.iter().collect();
    match name.as_str() {
        "array" => {
            let axes = axes_of(items.first().copied());
            let rows_alike = items.iter().all(|item| axes_of(Some(item)) == axes);
            match axes {
                1 if rows_alike => Some(syn::parse_quote!(ndarray::arr1(&[#(#items),*]))),
                2 if rows_alike => Some(syn::parse_quote!(ndarray::arr2(&[#(#items),*]))),
                _ => None,
            }
        }
        "stack" | "concatenate" if items.len() >= 2 => {
            let function = syn::Ident::new(&name, mac.path.segments.last()?.ident.span());
            let (axis, arrays) = (items[0], &items[1..]);
            Some(syn::parse_quote!(
                ndarray::#function(#axis, &[#((#arrays).view()),*]).unwrap()
            ))
        }
        _ => None,
    }
}

/// The number of axes of `array!` whose first item is `first`: one for an element, one more
/// for each level of nested array literals (`0` for an empty `array![]`).
fn axes_of(first: Option<&Expr>) -> usize {
    match first {
        None => 0,
        Some(Expr::Array(row)) => 1 + axes_of(row.elems.first()),
        Some(_) => 1,
    }
}
