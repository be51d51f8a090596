//! `#[differentiable]` on the `index` method of `impl Index<I> for V` (a small vector's
//! `v[0]`, a quaternion's `q[Axis::W]`), when the method is a projection: each path of its
//! body ends in a reference to a field of `self` (`&self.x`, `&self.c[2]` of an array field),
//! or diverges (`panic!`). The derivative of a projection is the same projection of the
//! tangent, whose struct has the same fields, so the rules are the body itself, on the
//! tangent type:
//!
//! Original: `y = v[i]` / Tangent: `ty = tv[i]` / Adjoint: `adj[v][i] += adj[y]`,
//!
//! written as `Index` and `IndexMut` impls for `VTangentVector` and the `IndexShape` and
//! `IndexAdjoint` impls the emitted code reads elements through (`ad_core::index`), with no
//! shape to save (a struct's tangent has its fields whatever its value).

use proc_macro2::TokenStream;
use quote::{ToTokens, format_ident, quote, quote_spanned};
use syn::spanned::Spanned;
use syn::visit_mut::VisitMut;

/// Whether `imp` implements `Index` and `f` is its `index` method.
pub fn is_index_method(imp: &syn::ItemImpl, f: &syn::ImplItemFn) -> bool {
    let index_trait = imp
        .trait_
        .as_ref()
        .and_then(|(_, path, _)| path.segments.last())
        .is_some_and(|s| s.ident == "Index");
    index_trait && f.sig.ident == "index"
}

/// The rules of `v[i]` for the `index` method `f` of `imp`, or our error when `f` is not a
/// projection.
pub fn index_rules(imp: &syn::ItemImpl, f: &syn::ImplItemFn) -> Result<TokenStream, TokenStream> {
    let rt = crate::names::runtime();
    let not_a_projection = |at: TokenStream| {
        let message = "the derivative of `index` is written for a method that returns a reference to a field of `self` on every path (`match i { 0 => &self.x, _ => &self.y }`, also `&self.c[k]` of an array field): otherwise, differentiate a method that returns the element by value (`fn get(&self, i: usize) -> f64`) and call it instead of indexing";
        Err(syn::Error::new_spanned(at, message).to_compile_error())
    };
    if let Some(at) = first_non_projection(&f.block) {
        return not_a_projection(at);
    }
    let Some((_, trait_path, _)) = &imp.trait_ else {
        return not_a_projection(f.sig.to_token_stream());
    };
    let index_type = match &trait_path.segments.last().map(|s| &s.arguments) {
        Some(syn::PathArguments::AngleBracketed(a)) => match a.args.first() {
            Some(syn::GenericArgument::Type(t)) => t.clone(),
            _ => return not_a_projection(trait_path.to_token_stream()),
        },
        _ => return not_a_projection(trait_path.to_token_stream()),
    };
    let output = imp.items.iter().find_map(|item| match item {
        syn::ImplItem::Type(t) if t.ident == "Output" => Some(t.ty.clone()),
        _ => None,
    });
    let Some(output) = output else {
        return not_a_projection(imp.self_ty.to_token_stream());
    };
    let Some((tangent, tangent_args)) = tangent_type(&imp.self_ty) else {
        return not_a_projection(imp.self_ty.to_token_stream());
    };
    let generics = &imp.generics;
    let (impl_generics, _, where_clause) = generics.split_for_impl();
    let self_ty = &imp.self_ty;
    let tangent_ty = quote!(#tangent #tangent_args);
    let element = quote!(<#output as #rt::Differentiable>::TangentVector);
    let param = match f.sig.inputs.iter().nth(1) {
        Some(syn::FnArg::Typed(p)) => p.pat.clone(),
        _ => return not_a_projection(f.sig.to_token_stream()),
    };
    // The fields indexed in place are arrays, whose zero tangents have the element.
    let fixed_length = indexed_fields(&f.block)
        .into_iter()
        .map(|field| quote_spanned!(field.span()=> #rt::fixed_length(&#field);));
    let shared = &f.block;
    let mut exclusive = f.block.clone();
    MutableReferences.visit_block_mut(&mut exclusive);
    let body_attrs = quote!(#[allow(unused_variables, clippy::match_single_binding)]);
    Ok(quote! {
        impl #impl_generics ::core::ops::Index<#index_type> for #tangent_ty #where_clause {
            type Output = #element;
            #body_attrs
            fn index(&self, #param: #index_type) -> &#element #shared
        }
        impl #impl_generics ::core::ops::IndexMut<#index_type> for #tangent_ty #where_clause {
            #body_attrs
            fn index_mut(&mut self, #param: #index_type) -> &mut #element #exclusive
        }
        impl #impl_generics #rt::IndexShape for #self_ty #where_clause {
            type Shape = ();
            #[inline(always)]
            fn index_shape(&self) {
                #(#fixed_length)*
            }
        }
        impl #impl_generics #rt::IndexAdjoint<#element, (), #index_type> for #tangent_ty #where_clause {
            fn zeros(_: &()) -> Self {
                <Self as #rt::TangentVector>::zero_vector()
            }
            #[inline(always)]
            fn add_at_sized(&mut self, _: &(), index: &#index_type, value: #element) {
                #rt::TangentVector::add_assign(
                    &mut self[::core::clone::Clone::clone(index)],
                    value,
                );
            }
        }
    })
}

/// The tangent struct `#[derive(Differentiable)]` writes for `self_ty` (`VTangentVector` of
/// `V`, `PTangentVector<T>` of `P<T>`), with the self type's generic arguments.
fn tangent_type(self_ty: &syn::Type) -> Option<(syn::Ident, TokenStream)> {
    let syn::Type::Path(p) = self_ty else {
        return None;
    };
    let last = p.path.segments.last()?;
    let name = format_ident!("{}TangentVector", last.ident, span = last.ident.span());
    let args = &last.arguments;
    Some((name, quote!(#args)))
}

/// Where `block`'s value is not a projection of `self`'s fields, if anywhere.
fn first_non_projection(block: &syn::Block) -> Option<TokenStream> {
    let Some(syn::Stmt::Expr(tail, None)) = block.stmts.last() else {
        return Some(block.to_token_stream());
    };
    non_projection(tail)
}

fn non_projection(e: &syn::Expr) -> Option<TokenStream> {
    use syn::Expr;
    match e {
        Expr::Reference(r) if r.mutability.is_none() && is_self_place(&r.expr) => None,
        Expr::Paren(p) => non_projection(&p.expr),
        Expr::Block(b) => first_non_projection(&b.block),
        Expr::Match(m) => m.arms.iter().find_map(|arm| non_projection(&arm.body)),
        Expr::If(i) => {
            let then = first_non_projection(&i.then_branch);
            let other = match &i.else_branch {
                Some((_, e)) => non_projection(e),
                None => Some(i.to_token_stream()),
            };
            then.or(other)
        }
        // `panic!(..)`, `unreachable!()`: the path does not return.
        Expr::Macro(m)
            if m.mac.path.segments.last().is_some_and(|s| {
                ["panic", "unreachable", "unimplemented", "todo"].contains(&&*s.ident.to_string())
            }) =>
        {
            None
        }
        other => Some(other.to_token_stream()),
    }
}

/// `self.x`, `self.a.b`, `self.c[k]`: a place inside `self`.
fn is_self_place(e: &syn::Expr) -> bool {
    match e {
        syn::Expr::Field(f) => match &*f.base {
            syn::Expr::Path(p) => p.path.is_ident("self"),
            base => is_self_place(base),
        },
        syn::Expr::Index(i) => is_self_place(&i.expr),
        syn::Expr::Paren(p) => is_self_place(&p.expr),
        _ => false,
    }
}

/// The fields of `self` that the references of `block` index into (`self.v` of `&self.v[k]`).
fn indexed_fields(block: &syn::Block) -> Vec<syn::Expr> {
    struct Indexed(Vec<syn::Expr>);
    impl<'ast> syn::visit::Visit<'ast> for Indexed {
        fn visit_expr_reference(&mut self, r: &'ast syn::ExprReference) {
            let mut place = &*r.expr;
            while is_self_place(place) {
                match place {
                    syn::Expr::Index(i) => {
                        self.0.push((*i.expr).clone());
                        place = &i.expr;
                    }
                    syn::Expr::Field(f) => place = &f.base,
                    syn::Expr::Paren(p) => place = &p.expr,
                    _ => break,
                }
            }
            syn::visit::visit_expr_reference(self, r);
        }
    }
    let mut indexed = Indexed(Vec::new());
    syn::visit::Visit::visit_block(&mut indexed, block);
    indexed.0
}

/// `&self.x` as `&mut self.x`, for `index_mut`.
struct MutableReferences;

impl VisitMut for MutableReferences {
    fn visit_expr_reference_mut(&mut self, r: &mut syn::ExprReference) {
        if is_self_place(&r.expr) {
            r.mutability = Some(Default::default());
        }
        syn::visit_mut::visit_expr_reference_mut(self, r);
    }
}
