//! Parameters that are constants because of how the body uses them.
//!
//! Without `wrt`, every parameter whose type can carry a derivative is differentiated. Which
//! types can is decided by their spelling, and a type the macro cannot see into (`&Config`,
//! `Activation`, `&self` of a solver) might be a `#[derive(Differentiable)]` struct of floats
//! or a plain one of settings. Differentiating a plain one is a compile error, at a parameter
//! that needs no derivative: options, counts and flags passed to a numeric function are
//! common. So when the result does not depend on such a parameter (the activity analysis
//! finds no differentiated path from it to the result: it is read only for branches, loop
//! bounds and integers), it is made a constant, as `wrt` leaving it out would. Its derivative
//! would be zero anyway, so no caller's derivative changes (a caller that differentiates what
//! it passes there gets a zero from the call, see `ad_core::cotangent`); only an operator
//! asked for the gradient with respect to it directly (`gradient!(at: &b, x, of: f)`) gives
//! `NoTangent` for it instead of a zero of its type.
//!
//! Floats, type parameters and the containers of floats keep being differentiated, and keep
//! the warning that their derivative is always zero: asked for, a zero is what they get.

use crate::lower::ParamInput;
use crate::pipeline::Differentiated;

/// The parameters of `params` (lowered and analysed in `differentiated`) to make constants:
/// differentiated, of an opaque type (see `is_opaque`), and not reaching the result.
/// `generics` are the function's and its `impl` block's.
pub fn unused_opaque(
    params: &[ParamInput],
    generics: &[&syn::Generics],
    differentiated: &Differentiated,
) -> Vec<usize> {
    params
        .iter()
        .zip(&differentiated.ir.params)
        .enumerate()
        .filter(|(_, (input, param))| {
            param.wrt
                && !differentiated.activity.is_active(param.value)
                && input.ty.as_ref().is_some_and(|ty| is_opaque(ty, generics))
        })
        .map(|(i, _)| i)
        .collect()
}

/// Whether `ty` is a named type the macro cannot see into: a path (or a shared reference to
/// one) that is neither a float, nor a type parameter, nor one of the containers `ad` knows.
fn is_opaque(ty: &syn::Type, generics: &[&syn::Generics]) -> bool {
    const KNOWN: &[&str] = &[
        "f32",
        "f64",
        "Vec",
        "VecDeque",
        "Box",
        "Rc",
        "Arc",
        "Option",
        "Array",
        "Array0",
        "Array1",
        "Array2",
        "Array3",
        "ArrayD",
        "ArrayBase",
        "ArrayView",
        "ArrayView1",
        "ArrayView2",
        "ArrayViewD",
        "ArcArray",
        "CowArray",
        "Dual",
        "Complex",
    ];
    match ty {
        syn::Type::Reference(r) => r.mutability.is_none() && is_opaque(&r.elem, generics),
        syn::Type::Paren(p) => is_opaque(&p.elem, generics),
        syn::Type::Group(g) => is_opaque(&g.elem, generics),
        syn::Type::Path(p) if p.qself.is_none() => {
            let Some(last) = p.path.segments.last() else {
                return false;
            };
            let type_parameter = p.path.segments.len() == 1
                && generics
                    .iter()
                    .flat_map(|g| g.type_params())
                    .any(|t| t.ident == last.ident);
            !type_parameter && !KNOWN.iter().any(|k| last.ident == k)
        }
        _ => false,
    }
}
