//! `#[differentiable]` on an `impl` block, and on a method whose block the source file shows
//! (`source::impls`): a method of an inherent impl gets its derivatives as siblings beside
//! it; a method of a trait impl, which can hold only the trait's items, gets them in items
//! nested in its own body, where the block attribute would put them beside the block (an
//! inherent impl of the self type, the operator's or the marked trait's rule impls). Nested
//! items cannot name the enclosing impl's `Self` or generics, so they are written from the
//! block's header the file gives.

use crate::frontend::attr::Config;
use crate::frontend::differentiable::{
    Placement, add_real_bounds, expand_fn, inherited_attributes, mutates_self, reverse_item,
};
use crate::frontend::fallback;
use crate::source::Enclosing;
use proc_macro2::TokenStream;
use quote::quote;

/// `#[differentiable]` on an `impl` block: every function in it gets a sibling VJP, gathered
/// in a second inherent `impl` of the same type (so trait impls work too).
pub fn expand_impl(config: &Config, imp: syn::ItemImpl, original: TokenStream) -> TokenStream {
    if config.wrt.is_some() {
        let e = syn::Error::new(
            imp.impl_token.span,
            "`wrt` cannot be given on an `impl` block: put `#[differentiable(wrt = ..)]` on the function",
        );
        return fallback::with_errors(original, e.to_compile_error());
    }
    let derivatives = match derivatives(config, &imp) {
        Ok(derivatives) => derivatives,
        Err(errors) => return fallback::with_errors(original, errors),
    };
    // A generic trait impl (`impl<T: Float> Model<T> for Line<T>`) holds for the types its
    // derivatives do, `Real` ones: a trait marked `#[differentiable]` requires its rules of
    // every impl, and those exist for `T: Real` (f32 and f64) only.
    let mut generics = imp.generics.clone();
    add_real_bounds(&mut generics);
    let original = match (&imp.trait_, generics != imp.generics) {
        (Some(_), true) => {
            let mut bounded = imp.clone();
            bounded.generics = generics;
            quote!(#bounded)
        }
        _ => original,
    };
    quote!(#original #derivatives)
}

/// The items the derivatives of the functions of `imp` need beside the block: the siblings in
/// an inherent impl of the self type, the operator's rule impl and the marked trait's rules.
fn derivatives(config: &Config, imp: &syn::ItemImpl) -> Result<TokenStream, TokenStream> {
    // They hold where derivatives exist: `Real` type parameters where the block says `Float`.
    let mut bounded = imp.clone();
    add_real_bounds(&mut bounded.generics);
    let imp = &bounded;
    // `impl Mul<Vec2> for f64`: `f64` cannot hold the derivatives as methods.
    if let Some(float_left) = crate::frontend::float_left::float_left(imp) {
        let f = &float_left.function;
        let placement = Placement::Companion;
        let generics = syn::Generics::default();
        let vis = syn::Visibility::Inherited;
        let generated = reverse_item(config, &vis, &f.sig, &f.block, placement, &generics)?;
        let rule = &float_left.rule;
        return Ok(quote!(#f #generated #rule));
    }
    let mut generated = Vec::new();
    let mut errors = TokenStream::new();
    for item in &imp.items {
        if let syn::ImplItem::Fn(f) = item {
            // Functions without a differentiable result (predicates, `&self` methods called
            // for their effect) are left alone; a `&mut self` method without a result is
            // differentiated as an update of `self`, as the attribute on it does.
            let differentiable_result = match &f.sig.output {
                syn::ReturnType::Default => mutates_self(&f.sig),
                syn::ReturnType::Type(_, ty) => !crate::ir::is_constant_type(ty),
            };
            if !differentiable_result {
                continue;
            }
            let vis = if imp.trait_.is_some() {
                syn::parse_quote!(pub)
            } else {
                f.vis.clone()
            };
            let placement = match imp.trait_ {
                Some(_) => Placement::TraitSibling,
                None => Placement::Sibling,
            };
            // Named apart from another impl of the same operator on the type (see
            // `operator_impls::sibling_base`).
            let mut sig = f.sig.clone();
            sig.ident = crate::frontend::operator_impls::sibling_base(&imp, &sig.ident);
            match reverse_item(config, &vis, &sig, &f.block, placement, &imp.generics) {
                Ok(tokens) => {
                    let inherited = inherited_attributes(&f.attrs);
                    generated.push(quote!(#(#inherited)* #tokens));
                }
                Err(e) => errors.extend(e),
            }
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let generics = &imp.generics;
    let (impl_generics, _, where_clause) = generics.split_for_impl();
    let self_ty = &imp.self_ty;
    let rule = crate::frontend::operator_impls::rule_impl(imp);
    let trait_rules = crate::frontend::traits::rule_impls(imp, generics);
    let siblings = quote! {
        impl #impl_generics #self_ty #where_clause {
            #(#generated)*
        }
    };
    // The siblings of a trait impl's methods name them `Self::add`, which needs the trait in
    // scope: it is imported where they are, whether or not the module imports it.
    let siblings = match &imp.trait_ {
        Some((_, path, _)) => {
            // (`use` takes the trait without its arguments: `Mul`, not `Mul<f64>`.)
            let mut path = path.clone();
            for segment in path.segments.iter_mut() {
                segment.arguments = syn::PathArguments::None;
            }
            quote! {
            const _: () = {
                #[allow(unused_imports)]
                use #path as _;
                #siblings
            };
            }
        }
        None => siblings,
    };
    Ok(quote!(#siblings #rule #trait_rules))
}

/// Whether the function of signature `sig` has a result to differentiate: a differentiable
/// type, or `&mut self` updated (predicates and `&self` methods called for their effect do
/// not).
fn differentiable_result(sig: &syn::Signature) -> bool {
    match &sig.output {
        syn::ReturnType::Default => mutates_self(sig),
        syn::ReturnType::Type(_, ty) => !crate::ir::is_constant_type(ty),
    }
}

/// `#[differentiable]` on the method `f` of the impl block `enclosing` (read from the file):
/// in an inherent impl, siblings beside it that know the block's generics; in a trait impl,
/// the items the block attribute would write for `f` alone, nested in `f`'s body.
pub fn expand_method(
    config: &Config,
    f: syn::ImplItemFn,
    enclosing: Enclosing,
    original: TokenStream,
) -> TokenStream {
    let imp = enclosing.header;
    let mut bounded = imp.generics.clone();
    add_real_bounds(&mut bounded);
    // Beside the method in its block, unless the block's `Float` parameters need `Real` too,
    // which only another block can add.
    if imp.trait_.is_none() && bounded == imp.generics {
        let (attrs, vis, sig, block) = (&f.attrs, &f.vis, &f.sig, &f.block);
        return expand_fn(
            config,
            attrs,
            vis,
            sig,
            block,
            Placement::Sibling,
            &imp.generics,
            original,
        );
    }
    if !differentiable_result(&f.sig) {
        // The error `reverse_item` gives a function without a result.
        let generics = &imp.generics;
        let vis = syn::Visibility::Inherited;
        let placement = match imp.trait_ {
            Some(_) => Placement::TraitSibling,
            None => Placement::Sibling,
        };
        return match reverse_item(config, &vis, &f.sig, &f.block, placement, generics) {
            Ok(_) => original,
            Err(errors) => fallback::with_errors(original, errors),
        };
    }
    let mut alone = imp.clone();
    alone.items = vec![syn::ImplItem::Fn(f.clone())];
    let derivatives = match derivatives(config, &alone) {
        Ok(derivatives) => derivatives,
        Err(errors) => return fallback::with_errors(original, errors),
    };
    let mut f = f;
    // Impls nested in a function are not local to it: rustc's lint asks to write them beside
    // their type, which an attribute on a method of a trait impl cannot.
    // (Verbatim: parsing the derivatives back into a tree would cost as much as writing them.)
    let nested = quote! {
        #[allow(non_local_definitions)]
        const _: () = { #derivatives };
    };
    f.block
        .stmts
        .insert(0, syn::Stmt::Item(syn::Item::Verbatim(nested)));
    quote!(#f)
}
