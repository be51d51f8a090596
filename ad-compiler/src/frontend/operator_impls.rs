//! Operators on user types: `#[differentiable]` on `impl Add for Vec2` (and `Sub`, `Mul`,
//! `Div`, `Neg`) also implements the matching rule trait of `ad-std` (`AddRule`, ...) through
//! the method's generated VJP and forward derivative, so that `a + b` on those types
//! differentiates like on floats, in both modes.
//! (A trait impl cannot hold the generated sibling method; the rule impl calls it from the
//! inherent impl the attribute emits beside.)

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

/// The name the derivatives of `method` of `imp` are named after: the method's own, or for
/// an operator with an explicit operand type (`impl Mul<f64> for V3`), the method's and the
/// operand type's (`mul_f64`), so that two impls of one operator on a type (`Mul<f64>` and
/// `Mul<V3>`) have derivatives of different names. The rule impl is what calls them.
pub fn sibling_base(imp: &syn::ItemImpl, method: &syn::Ident) -> syn::Ident {
    let Some((_, trait_path, _)) = &imp.trait_ else {
        return method.clone();
    };
    let Some(last) = trait_path.segments.last() else {
        return method.clone();
    };
    let operator = ["Add", "Sub", "Mul", "Div"].iter().any(|o| last.ident == o);
    let operand = match &last.arguments {
        syn::PathArguments::AngleBracketed(args) => match args.args.first() {
            Some(syn::GenericArgument::Type(ty)) => Some(ty),
            _ => None,
        },
        _ => None,
    };
    match operand {
        Some(ty) if operator => {
            let spelled: String = quote!(#ty)
                .to_string()
                .chars()
                .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
                .collect();
            let spelled = spelled
                .split('_')
                .filter(|part| !part.is_empty())
                .collect::<Vec<_>>()
                .join("_");
            format_ident!("{}_{}", method, spelled, span = method.span())
        }
        _ => method.clone(),
    }
}

/// The rule impl for an operator trait impl, or nothing for other impls.
pub fn rule_impl(imp: &syn::ItemImpl) -> TokenStream {
    let Some((_, trait_path, _)) = &imp.trait_ else {
        return quote!();
    };
    let Some(last) = trait_path.segments.last() else {
        return quote!();
    };
    let operator = last.ident.to_string();
    let (rule, method) = match operator.as_str() {
        "Add" | "Sub" | "Mul" | "Div" => {
            (format_ident!("{}Rule", operator), operator.to_lowercase())
        }
        "Neg" => (format_ident!("NegRule"), "neg".to_string()),
        _ => return quote!(),
    };
    let rt = quote!(::ad::__private);
    let self_ty = &imp.self_ty;
    let (impl_generics, _, where_clause) = imp.generics.split_for_impl();
    let method_ident = sibling_base(imp, &format_ident!("{}", method));
    let sibling = crate::names::method_reverse(&method_ident);
    let forward = crate::names::method_forward(&method_ident);
    let second = crate::names::method_second(&method_ident);
    let second_entry = format_ident!("{}_hvp", method);
    let entry = format_ident!("{}_vjp", method);
    let forward_entry = format_ident!("{}_jvp", method);
    if operator == "Neg" {
        return quote! {
            impl #impl_generics #rt::NegRule for #self_ty #where_clause {
                type Output = <#self_ty as ::core::ops::Neg>::Output;
                #[inline(always)]
                fn #entry(self) -> (Self::Output, impl Fn(#rt::Tangent<Self::Output>) -> #rt::Tangent<Self>) {
                    let (value, pullback) = <#self_ty>::#sibling(self);
                    (value, move |d| pullback(d).0)
                }
                #[inline(always)]
                fn #forward_entry(self, t: #rt::Tangent<Self>) -> (Self::Output, #rt::Tangent<Self::Output>) {
                    <#self_ty>::#forward(self, #rt::Present(t))
                }
                #[inline(always)]
                fn #second_entry(
                    self,
                    t: (#rt::Tangent<Self>, #rt::Tangent<Self>, #rt::Tangent<Self>),
                ) -> (Self::Output, (#rt::Tangent<Self::Output>, #rt::Tangent<Self::Output>, #rt::Tangent<Self::Output>)) {
                    <#self_ty>::#second(self, #rt::Present(t))
                }
            }
        };
    }
    // `impl Add for T` adds `T`s; `impl Add<R> for T` adds an `R`.
    let rhs = match &last.arguments {
        syn::PathArguments::AngleBracketed(args) => match args.args.first() {
            Some(syn::GenericArgument::Type(ty)) => quote!(#ty),
            _ => quote!(#self_ty),
        },
        _ => quote!(#self_ty),
    };
    let trait_ident = &last.ident;
    let (lhs_entry, rhs_entry) = (
        format_ident!("{}_vjp_lhs", method),
        format_ident!("{}_vjp_rhs", method),
    );
    let (forward_lhs, forward_rhs) = (
        format_ident!("{}_jvp_lhs", method),
        format_ident!("{}_jvp_rhs", method),
    );
    quote! {
        impl #impl_generics #rt::#rule<#rhs> for #self_ty #where_clause {
            type Output = <#self_ty as ::core::ops::#trait_ident<#rhs>>::Output;
            #[inline(always)]
            fn #entry(self, rhs: #rhs) -> (
                Self::Output,
                impl Fn(#rt::Tangent<Self::Output>) -> (#rt::Tangent<Self>, #rt::Tangent<#rhs>),
            ) {
                <#self_ty>::#sibling(self, rhs)
            }
            #[inline(always)]
            fn #lhs_entry(self, rhs: #rhs) -> (Self::Output, impl Fn(#rt::Tangent<Self::Output>) -> #rt::Tangent<Self>) {
                let (value, pullback) = <#self_ty>::#sibling(self, rhs);
                (value, move |d| pullback(d).0)
            }
            #[inline(always)]
            fn #rhs_entry(self, rhs: #rhs) -> (Self::Output, impl Fn(#rt::Tangent<Self::Output>) -> #rt::Tangent<#rhs>) {
                let (value, pullback) = <#self_ty>::#sibling(self, rhs);
                (value, move |d| pullback(d).1)
            }
            #[inline(always)]
            fn #forward_entry(self, rhs: #rhs, t: #rt::Tangent<Self>, t_rhs: #rt::Tangent<#rhs>) -> (Self::Output, #rt::Tangent<Self::Output>) {
                <#self_ty>::#forward(self, rhs, #rt::Present(t), #rt::Present(t_rhs))
            }
            #[inline(always)]
            fn #forward_lhs(self, rhs: #rhs, t: #rt::Tangent<Self>) -> (Self::Output, #rt::Tangent<Self::Output>) {
                <#self_ty>::#forward(self, rhs, #rt::Present(t), #rt::Absent)
            }
            #[inline(always)]
            fn #forward_rhs(self, rhs: #rhs, t_rhs: #rt::Tangent<#rhs>) -> (Self::Output, #rt::Tangent<Self::Output>) {
                <#self_ty>::#forward(self, rhs, #rt::Absent, #rt::Present(t_rhs))
            }
            #[inline(always)]
            fn #second_entry(
                self,
                rhs: #rhs,
                t: (#rt::Tangent<Self>, #rt::Tangent<Self>, #rt::Tangent<Self>),
                t_rhs: (#rt::Tangent<#rhs>, #rt::Tangent<#rhs>, #rt::Tangent<#rhs>),
            ) -> (Self::Output, (#rt::Tangent<Self::Output>, #rt::Tangent<Self::Output>, #rt::Tangent<Self::Output>)) {
                <#self_ty>::#second(self, rhs, #rt::Present(t), #rt::Present(t_rhs))
            }
        }
    }
}
