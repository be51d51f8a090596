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
    for item in bounded.items.iter_mut() {
        if let syn::ImplItem::Fn(f) = item {
            *f = with_associated_types(f, imp);
        }
    }
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
    if let Some(error) = foreign_self_type(imp) {
        return Err(error);
    }
    // Parameters only the trait uses (`impl<F: Float> Easing<F> for Back`) go to each
    // derivative method: the inherent impl of `Back` holding them could not constrain them.
    let (inherent_generics, moved) = match imp.trait_ {
        Some(_) => crate::frontend::unconstrained::split(&imp.generics, &imp.self_ty),
        None => (imp.generics.clone(), syn::Generics::default()),
    };
    let mut generated = Vec::new();
    let mut index_rules = TokenStream::new();
    let mut errors = TokenStream::new();
    for item in &imp.items {
        if let syn::ImplItem::Fn(f) = item {
            // `index` of `impl Index<I> for V`: the rules of `v[i]`, not a function's.
            if crate::frontend::index_impls::is_index_method(imp, f) {
                match crate::frontend::index_impls::index_rules(imp, f) {
                    Ok(rules) => index_rules.extend(rules),
                    Err(e) => errors.extend(e),
                }
                continue;
            }
            // Functions without a differentiable result (predicates, `&self` methods called
            // for their effect) are left alone; a `&mut self` method without a result is
            // differentiated as an update of `self`, as the attribute on it does.
            if !differentiable_result(&f.sig) {
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
            let mut sig = crate::frontend::unconstrained::with_moved(&f.sig, &moved);
            sig.ident = crate::frontend::operator_impls::sibling_base(&imp, &sig.ident);
            match reverse_item(config, &vis, &sig, &f.block, placement, &inherent_generics) {
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
    let (impl_generics, _, where_clause) = inherent_generics.split_for_impl();
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
    Ok(quote!(#siblings #rule #trait_rules #index_rules))
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
    // (The derivatives are still written, so that the impl's uses at `f64` find them: the
    // error is the only one.)
    let unbounded = generic_impl_of_a_marked_trait(&f.sig.ident, &imp, &bounded);
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
    // (The header holds the block's associated types, and now `f`.)
    let mut alone = imp.clone();
    alone.items.push(syn::ImplItem::Fn(f.clone()));
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
    quote!(#f #unbounded)
}

/// The error for a method of a generic impl of a trait the file marks `#[differentiable]`
/// (`impl<T: Float> Model<T> for Line<T>`): the marked trait requires the method's rules of
/// every impl, which exist for `Real` parameters (`f32`, `f64`) only, so the impl must be
/// bounded by them, and only the attribute on the block can bound it.
fn generic_impl_of_a_marked_trait(
    name: &syn::Ident,
    imp: &syn::ItemImpl,
    bounded: &syn::Generics,
) -> Option<TokenStream> {
    let (_, path, _) = imp.trait_.as_ref()?;
    let trait_name = path.segments.last()?.ident.to_string();
    let marked = crate::source::current()?.is_marked_trait(&trait_name);
    (marked && *bounded != imp.generics).then(|| {
        syn::Error::new(
            name.span(),
            format!("`{name}` is a method of a generic impl of `{trait_name}`, a trait marked `#[differentiable]`: its derivatives exist at `f32` and `f64`, so the impl must hold only there, and an attribute on a method cannot bound its impl; put `#[differentiable]` on the `impl` block instead, which bounds its parameters so"),
        )
        .to_compile_error()
    })
}

/// Our error for a trait impl (other than an operator's with the float on the left, see
/// `float_left`) whose self type is not the crate's own (`impl Energy for f64`): the
/// derivatives are items of the self type (an inherent impl, a rule trait's impl), which Rust
/// lets a crate write only for its own types.
fn foreign_self_type(imp: &syn::ItemImpl) -> Option<TokenStream> {
    let (_, path, _) = imp.trait_.as_ref()?;
    let foreign = match &*imp.self_ty {
        syn::Type::Path(p) if p.qself.is_none() => p.path.segments.last().is_some_and(|s| {
            let name = s.ident.to_string();
            let primitive = [
                "f32", "f64", "i8", "i16", "i32", "i64", "i128", "isize", "u8", "u16", "u32",
                "u64", "u128", "usize", "bool", "char", "str",
            ];
            let standard = [
                "Vec", "Box", "Option", "Result", "String", "VecDeque", "Rc", "Arc",
            ];
            primitive.contains(&name.as_str()) || standard.contains(&name.as_str())
        }),
        syn::Type::Array(_)
        | syn::Type::Slice(_)
        | syn::Type::Tuple(_)
        | syn::Type::Reference(_)
        | syn::Type::Ptr(_)
        | syn::Type::BareFn(_) => true,
        _ => false,
    };
    let trait_name = path.segments.last()?.ident.to_string();
    let self_ty = &imp.self_ty;
    let shown = quote!(#self_ty).to_string();
    foreign.then(|| {
        syn::Error::new_spanned(
            self_ty,
            format!("`#[differentiable]` writes the derivatives of `{trait_name}`'s methods as items of the self type, and Rust lets a crate write those only for its own types, which `{shown}` is not: implement `{trait_name}` for a type of yours that holds it (`struct Stiffness(f64);`)"),
        )
        .to_compile_error()
    })
}

/// `f` with the associated types of its trait impl `imp` written out: `Self::Output` becomes
/// the type `type Output = ..;` names, since in the inherent impl that holds the derivatives
/// `Self::Output` would be ambiguous between every trait with an `Output`.
fn with_associated_types(f: &syn::ImplItemFn, imp: &syn::ItemImpl) -> syn::ImplItemFn {
    use syn::visit_mut::VisitMut;
    struct Substitute<'a>(Vec<(&'a syn::Ident, &'a syn::Type)>);
    impl VisitMut for Substitute<'_> {
        fn visit_type_mut(&mut self, ty: &mut syn::Type) {
            if let syn::Type::Path(p) = ty
                && p.qself.is_none()
                && let [first, second] = p.path.segments.iter().collect::<Vec<_>>()[..]
                && first.ident == "Self"
                && second.arguments.is_none()
                && let Some((_, declared)) = self.0.iter().find(|(name, _)| **name == second.ident)
            {
                *ty = (*declared).clone();
                return;
            }
            syn::visit_mut::visit_type_mut(self, ty);
        }
    }
    let declared = imp.items.iter().filter_map(|item| match item {
        syn::ImplItem::Type(t) if t.generics.params.is_empty() => Some((&t.ident, &t.ty)),
        _ => None,
    });
    let mut f = f.clone();
    Substitute(declared.collect()).visit_impl_item_fn_mut(&mut f);
    f
}
