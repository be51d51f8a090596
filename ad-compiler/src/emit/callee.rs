//! Where a callee's VJP lives, from the path that names it.
//!
//! A free function `foo` or `m::foo::<T>` has a companion module of the same name:
//! `foo::vjp`, `m::foo::vjp::<T>`. An associated function `Type::g` or `Self::g` has a
//! sibling associated function: `Type::__ad_vjp_g`. A path is taken as associated when the
//! segment before the last names a type: it starts with an uppercase letter (Rust's naming
//! convention), is `Self`, or is a primitive type (`f64::sin`).

use crate::names;
use syn::{Path, PathArguments};

const PRIMITIVES: &[&str] = &["f32", "f64", "i32", "i64", "u32", "u64", "usize", "isize"];

/// Whether `path` names an associated function of a type.
pub fn is_associated(path: &Path) -> bool {
    let n = path.segments.len();
    if n < 2 {
        return false;
    }
    let owner = path.segments[n - 2].ident.to_string();
    owner == "Self"
        || owner.chars().next().is_some_and(char::is_uppercase)
        || PRIMITIVES.contains(&owner.as_str())
}

/// The path of the VJP of the function named by `path`.
pub fn reverse_path(path: &Path) -> Path {
    reverse_path_of(path, false)
}

/// [`reverse_path`] for a `&mut self` method (`mutates`), whose sibling has its own name.
pub fn reverse_path_of(path: &Path, mutates: bool) -> Path {
    derivative_path(path, mutates, Mode::Reverse)
}

/// The path of the forward derivative (value and tangent) of the function named by `path`.
pub fn forward_path_of(path: &Path, mutates: bool) -> Path {
    derivative_path(path, mutates, Mode::Forward)
}

/// The path of the second-order forward derivative of the function named by `path`.
pub fn second_path_of(path: &Path, mutates: bool) -> Path {
    derivative_path(path, mutates, Mode::Second)
}

/// Which derivative a path is wanted for.
#[derive(Clone, Copy)]
enum Mode {
    Reverse,
    Forward,
    Second,
}

fn derivative_path(path: &Path, mutates: bool, mode: Mode) -> Path {
    let mut out = path.clone();
    if is_associated(path) {
        if let Some(last) = out.segments.last_mut() {
            last.ident = match (mode, mutates) {
                (Mode::Reverse, true) => names::mut_method_reverse(&last.ident),
                (Mode::Reverse, false) => names::method_reverse(&last.ident),
                (Mode::Forward, true) => names::mut_method_forward(&last.ident),
                (Mode::Forward, false) => names::method_forward(&last.ident),
                (Mode::Second, true) => names::mut_method_second(&last.ident),
                (Mode::Second, false) => names::method_second(&last.ident),
            };
        }
        return out;
    }
    let Some(mut last) = out.segments.pop().map(|p| p.into_value()) else {
        return out;
    };
    let arguments = std::mem::replace(&mut last.arguments, PathArguments::None);
    out.segments.push(last);
    let ident = match mode {
        Mode::Reverse => names::companion_reverse(),
        Mode::Forward => names::companion_forward(),
        Mode::Second => names::companion_second(),
    };
    out.segments.push(syn::PathSegment { ident, arguments });
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::ToTokens;

    fn vjp(path: &str) -> String {
        reverse_path(&syn::parse_str(path).unwrap())
            .to_token_stream()
            .to_string()
    }

    #[test]
    fn free_functions_go_through_their_companion_module() {
        assert_eq!(vjp("foo"), "foo :: vjp");
        assert_eq!(vjp("m::foo::<T>"), "m :: foo :: vjp :: < T >");
        assert_eq!(vjp("crate::a::b::foo"), "crate :: a :: b :: foo :: vjp");
    }

    #[test]
    fn associated_functions_go_through_a_sibling() {
        assert_eq!(vjp("Self::g"), "Self :: __ad_vjp_g");
        assert_eq!(vjp("Vec2::norm"), "Vec2 :: __ad_vjp_norm");
        assert_eq!(vjp("f64::sin"), "f64 :: __ad_vjp_sin");
    }
}
