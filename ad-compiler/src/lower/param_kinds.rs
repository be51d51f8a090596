//! What the lowering notes about each parameter from its declared type before it lowers the
//! body: references, slices, sequences indexed by a count, arrays of a literal length, and
//! sequences of a float type parameter; and the iterators parameters hold, collected.

use super::{Builder, ParamInput};
use crate::ir::Param;

impl Builder<'_> {
    /// Binds the parameters' patterns to their values and notes what their declared types
    /// say (see the fields of `Builder`). `generics` are those in scope for a function's
    /// body (`None` for a closure's).
    pub(super) fn bind_params(
        &mut self,
        params: &[ParamInput],
        ir_params: &[Param],
        generics: Option<&syn::Generics>,
    ) {
        if let Some(generics) = generics {
            self.generic_sequences = generic_sequences(params, generics);
            self.float_params = crate::ir::float_type_params(generics);
        }
        for (p, ir) in params.iter().zip(ir_params) {
            self.bind_pattern(&p.pat, ir.value);
            let (syn::Pat::Ident(name), Some(ty)) = (&p.pat, &p.ty) else {
                continue;
            };
            let name = name.ident.to_string();
            if let syn::Type::Reference(r) = ty {
                self.reference_params.push(name.clone());
                if matches!(&*r.elem, syn::Type::Slice(_)) {
                    self.slice_params.push(name.clone());
                }
            }
            if let Some(length) = array_length(ty) {
                self.array_lengths.push((name.clone(), length));
            }
            if super::indexed_loops::indexed_by_count(ty) {
                self.sequence_params.push(name);
            }
        }
    }
}

/// The parameters that are sequences of a float type parameter of `generics` (`param: &[T]`,
/// `[T; 2]`, `&Vec<T>` with `T: Float`), by name, with that type.
fn generic_sequences(params: &[ParamInput], generics: &syn::Generics) -> Vec<(String, syn::Ident)> {
    let floats = crate::ir::float_type_params(generics);
    let element = |ty: &syn::Type| -> Option<syn::Ident> {
        let mut ty = ty;
        while let syn::Type::Reference(r) = ty {
            ty = &r.elem;
        }
        let element = match ty {
            syn::Type::Slice(s) => &*s.elem,
            syn::Type::Array(a) => &*a.elem,
            syn::Type::Path(p) => match &p.path.segments.last()?.arguments {
                syn::PathArguments::AngleBracketed(args)
                    if p.path.segments.last()?.ident == "Vec" =>
                {
                    match args.args.first()? {
                        syn::GenericArgument::Type(t) => t,
                        _ => return None,
                    }
                }
                _ => return None,
            },
            _ => return None,
        };
        let syn::Type::Path(p) = element else {
            return None;
        };
        p.path.get_ident().filter(|i| floats.contains(i)).cloned()
    };
    params
        .iter()
        .filter_map(|p| match (&p.pat, &p.ty) {
            (syn::Pat::Ident(name), Some(ty)) => Some((name.ident.to_string(), element(ty)?)),
            _ => None,
        })
        .collect()
}

/// The length of an array type with a literal length (`[T; 2]`, `&[f64; 3]`).
fn array_length(ty: &syn::Type) -> Option<usize> {
    match ty {
        syn::Type::Reference(r) => array_length(&r.elem),
        syn::Type::Array(a) => match &a.len {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Int(n),
                ..
            }) => n.base10_parse().ok(),
            _ => None,
        },
        _ => None,
    }
}

/// `let items = ::ad::__private::collected(items);` for each parameter that is an iterator
/// (`items: I` with `I: IntoIterator<Item = f64>`, see `ir::is_iterator_type`): the body's
/// loops and chains over it then read a `Vec` by position, as their derivatives do.
pub(super) fn collected_iterators(
    params: &[ParamInput],
    generics: &syn::Generics,
) -> Vec<syn::Stmt> {
    params
        .iter()
        .filter_map(|p| match (&p.pat, &p.ty) {
            (syn::Pat::Ident(name), Some(ty)) if crate::ir::is_iterator_type(ty, generics) => {
                let name = &name.ident;
                Some(syn::parse_quote!(let #name = ::ad::__private::collected(#name);))
            }
            _ => None,
        })
        .collect()
}
