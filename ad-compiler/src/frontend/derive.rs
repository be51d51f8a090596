//! `#[derive(Differentiable)]`: the tangent struct of a user struct and the trait impls that
//! make the struct differentiable (enums: see `derive_enum`).
//!
//! For `struct Point { x: f64, y: f64, #[no_derivative] id: usize }` it emits
//! `struct PointTangentVector { x: f64, y: f64 }` (same field names and visibility, generic
//! like the original, with `Clone`, `Debug`, `PartialEq`), `TangentVector` for it (zero,
//! addition, scaling field by field), `Differentiable` for `Point` (`move_by` and
//! `zero_tangent` field by field), and one `FieldTangent` impl per field, keyed by the field
//! name's hash, through which generated pullbacks read and build field cotangents. Fields
//! marked `#[no_derivative]`, and integer, `bool`, `char` and string fields, are left out of
//! the tangent; reading them gives a zero (`NoTangent`) cotangent.

use crate::ir::is_constant_type;
use crate::ir::is_float_type as is_float;
use crate::names::{field_key, member_name};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use syn::spanned::Spanned;

/// Expands the derive on `input`.
pub fn differentiable(input: TokenStream) -> TokenStream {
    match syn::parse2::<syn::DeriveInput>(input) {
        Ok(input) => expand(&input).unwrap_or_else(|e| e.to_compile_error()),
        Err(e) => e.to_compile_error(),
    }
}

/// A field of the original struct.
struct Field<'a> {
    /// `x` or `0`.
    member: syn::Member,
    /// Its name in the tangent struct (`x`, or the tuple index after left-out fields).
    tangent_member: Option<syn::Member>,
    ty: &'a syn::Type,
    vis: &'a syn::Visibility,
    /// The `FieldTangent` key.
    key: u64,
}

fn expand(input: &syn::DeriveInput) -> syn::Result<TokenStream> {
    let data = match &input.data {
        syn::Data::Struct(data) => data,
        syn::Data::Enum(data) => return super::derive_enum::expand(input, data),
        syn::Data::Union(_) => {
            return Err(syn::Error::new(
                input.ident.span(),
                "`Differentiable` can be derived for structs and enums, not unions",
            ));
        }
    };
    let rt = quote!(::ad::__private);
    let name = &input.ident;
    let tangent_name = format_ident!("{}TangentVector", name);
    let vis = &input.vis;
    let named = matches!(data.fields, syn::Fields::Named(_));

    let mut fields = Vec::new();
    let mut kept = 0u32;
    for (index, f) in data.fields.iter().enumerate() {
        let member = match &f.ident {
            Some(ident) => syn::Member::Named(ident.clone()),
            None => syn::Member::Unnamed(syn::Index {
                index: index as u32,
                span: f.span(),
            }),
        };
        let left_out =
            is_constant_type(&f.ty) || f.attrs.iter().any(|a| a.path().is_ident("no_derivative"));
        let tangent_member = (!left_out).then(|| match &f.ident {
            Some(ident) => syn::Member::Named(ident.clone()),
            None => {
                let m = syn::Member::Unnamed(syn::Index {
                    index: kept,
                    span: f.span(),
                });
                kept += 1;
                m
            }
        });
        let key = field_key(&member_name(&member));
        fields.push(Field {
            member,
            tangent_member,
            ty: &f.ty,
            vis: &f.vis,
            key,
        });
    }
    let kept_fields: Vec<&Field> = fields
        .iter()
        .filter(|f| f.tangent_member.is_some())
        .collect();

    // Every type parameter must be differentiable for the tangent to exist.
    let mut generics = input.generics.clone();
    for param in generics.type_params_mut() {
        param.bounds.push(syn::parse_quote!(#rt::Differentiable));
    }
    let (impl_generics, type_generics, where_clause) = generics.split_for_impl();

    let tangent_of = |ty: &syn::Type| quote!(<#ty as #rt::Differentiable>::TangentVector);
    let definition = if named {
        let decls = kept_fields.iter().map(|f| {
            let (fvis, member, ty) = (f.vis, f.tangent_member.as_ref(), tangent_of(f.ty));
            quote!(#fvis #member: #ty)
        });
        quote!(#vis struct #tangent_name #impl_generics #where_clause { #(#decls,)* })
    } else {
        let decls = kept_fields.iter().map(|f| {
            let (fvis, ty) = (f.vis, tangent_of(f.ty));
            quote!(#fvis #ty)
        });
        quote!(#vis struct #tangent_name #impl_generics (#(#decls,)*) #where_clause;)
    };

    let tangent_members: Vec<&syn::Member> = kept_fields
        .iter()
        .filter_map(|f| f.tangent_member.as_ref())
        .collect();
    let original_members: Vec<&syn::Member> = kept_fields.iter().map(|f| &f.member).collect();
    let zero_fields = tangent_members
        .iter()
        .map(|m| quote!(#m: #rt::TangentVector::zero_vector()));
    let scaled_fields = tangent_members
        .iter()
        .map(|m| quote!(#m: #rt::TangentVector::scaled(self.#m, factor)));
    let zero_tangent_fields = tangent_members
        .iter()
        .zip(&original_members)
        .map(|(t, o)| quote!(#t: #rt::Differentiable::zero_tangent(&self.#o)));

    let field_impls = fields.iter().map(|f| {
        let key = f.key;
        match &f.tangent_member {
            Some(member) => {
                let ty = tangent_of(f.ty);
                let others: Vec<_> = tangent_members.iter().filter(|m| **m != member).collect();
                quote! {
                    impl #impl_generics #rt::FieldTangent<#key> for #tangent_name #type_generics #where_clause {
                        type Field = #ty;
                        fn from_field(field: Self::Field) -> Self {
                            #tangent_name { #member: field, #(#others: #rt::TangentVector::zero_vector(),)* }
                        }
                        fn field(&self) -> Self::Field {
                            ::core::clone::Clone::clone(&self.#member)
                        }
                        fn without_field(mut self) -> Self {
                            self.#member = #rt::TangentVector::zero_vector();
                            self
                        }
                    }
                }
            }
            // A field left out of the tangent passes no derivative. Its cotangent type is the
            // field's own for floats (so `s.k * s.x` type-checks with a `#[no_derivative]`
            // float `k`), `NoTangent` otherwise.
            None => {
                let ty = f.ty;
                let field_tangent = if is_float(f.ty) { quote!(#ty) } else { quote!(#rt::NoTangent) };
                quote! {
                    impl #impl_generics #rt::FieldTangent<#key> for #tangent_name #type_generics #where_clause {
                        type Field = #field_tangent;
                        fn from_field(_: Self::Field) -> Self {
                            #rt::TangentVector::zero_vector()
                        }
                        fn field(&self) -> Self::Field {
                            #rt::TangentVector::zero_vector()
                        }
                        fn without_field(self) -> Self {
                            self
                        }
                    }
                }
            }
        }
    });

    // The components of the tangent are its fields' components, in order (see `ad_core::basis`).
    let basis_impl = {
        let mut basis_generics = generics.clone();
        let predicates = &mut basis_generics.make_where_clause().predicates;
        for f in &kept_fields {
            let ty = tangent_of(f.ty);
            predicates.push(syn::parse_quote!(#ty: #rt::Basis));
        }
        let (_, _, basis_where) = basis_generics.split_for_impl();
        quote! {
            impl #impl_generics #rt::Basis for #tangent_name #type_generics #basis_where {
                fn components(&self, out: &mut ::std::vec::Vec<f64>) {
                    #( #rt::Basis::components(&self.#tangent_members, out); )*
                }
                fn set_components(&mut self, input: &mut dyn ::core::iter::Iterator<Item = f64>) {
                    #( #rt::Basis::set_components(&mut self.#tangent_members, input); )*
                }
            }
        }
    };

    let doc = format!(
        "The tangent (derivative) of [`{name}`], generated by `#[derive(Differentiable)]`."
    );
    // `Clone`, `Debug` and `PartialEq` by hand: `#[derive]` would demand them of the type
    // parameters, while only the field tangents need them (and have them).
    let tangent_name_text = tangent_name.to_string();
    let debug_fields = tangent_members.iter().map(|m| {
        let label = member_name(m);
        quote!(.field(#label, &self.#m))
    });
    let clone_fields = tangent_members
        .iter()
        .map(|m| quote!(#m: ::core::clone::Clone::clone(&self.#m)));
    let equal_fields = tangent_members.iter().map(|m| quote!(self.#m == other.#m));
    Ok(quote! {
        #[doc = #doc]
        #definition

        #basis_impl

        // `hessian!` at a struct gives the matrix over its tangent's components, in order.
        impl #impl_generics #rt::HessianArgument for #name #type_generics #where_clause {
            type Hessian = #rt::ndarray::Array2<f64>;
            fn finish(matrix: #rt::ndarray::Array2<f64>) -> #rt::ndarray::Array2<f64> {
                matrix
            }
        }

        impl #impl_generics ::core::clone::Clone for #tangent_name #type_generics #where_clause {
            fn clone(&self) -> Self {
                #tangent_name { #(#clone_fields,)* }
            }
        }

        impl #impl_generics ::core::fmt::Debug for #tangent_name #type_generics #where_clause {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.debug_struct(#tangent_name_text) #(#debug_fields)* .finish()
            }
        }

        impl #impl_generics ::core::cmp::PartialEq for #tangent_name #type_generics #where_clause {
            fn eq(&self, other: &Self) -> bool {
                true #(&& #equal_fields)*
            }
        }

        impl #impl_generics #rt::TangentVector for #tangent_name #type_generics #where_clause {
            fn zero_vector() -> Self {
                #tangent_name { #(#zero_fields,)* }
            }
            fn add_assign(&mut self, other: Self) {
                #( #rt::TangentVector::add_assign(&mut self.#tangent_members, other.#tangent_members); )*
            }
            fn scaled(self, factor: f64) -> Self {
                #tangent_name { #(#scaled_fields,)* }
            }
        }

        impl #impl_generics #rt::Differentiable for #name #type_generics #where_clause {
            type TangentVector = #tangent_name #type_generics;
            fn move_by(&mut self, t: &Self::TangentVector) {
                #( #rt::Differentiable::move_by(&mut self.#original_members, &t.#tangent_members); )*
            }
            fn zero_tangent(&self) -> Self::TangentVector {
                #tangent_name { #(#zero_tangent_fields,)* }
            }
        }

        // Rules take operands by value; a reference is cloned (see `Operand`).
        impl #impl_generics #rt::Operand for #name #type_generics #where_clause {
            type Value = Self;
            #[inline(always)]
            fn operand(self) -> Self {
                self
            }
        }

        #(#field_impls)*
    })
}
