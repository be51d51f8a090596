//! Generic code over a user's trait: `#[differentiable]` on `trait Potential` and the rules
//! its impls give.
//!
//! A generic function `fn total<P: Potential>(p: &P, ..)` calls `p.energy(x)`, which its
//! derivatives call as `p.__ad_vjp_energy(x)` (`__ad_fwd_energy`, `__ad_hvp_energy`), as for
//! any method. A concrete type finds those among the siblings `#[differentiable]` on its impl
//! adds; a type parameter finds only what its bounds give. So `#[differentiable]` on the
//! trait gives it hidden provided methods of those names, which call
//! `TraitMethodRule<{key of "Potential::energy"}>` (see `ad_core::trait_method`), and makes
//! that rule, with the method's types, a supertrait: every impl of the trait must give it, and
//! `#[differentiable]` on an impl of a trait does so from the impl's siblings (whether or not
//! the trait is marked: an attribute sees only its item). As Swift asks of a protocol whose
//! requirement is `@differentiable`, every impl of a marked trait then has derivatives; one
//! without gets the rule's "implements a trait marked `#[differentiable]` without the
//! derivatives of its methods" at its `impl`.
//!
//! Only methods [`has_rule`] accepts get a rule (both sides ask it, so they agree): a `&self`
//! or `self` method with a differentiable result and types written out (the rule takes
//! `&self`: a `self` method's is called on a clone). Provided methods get none (an
//! impl that does not override one has nothing to give).

use crate::diag::Diagnostics;
use crate::emit::types;
use crate::names::{self, runtime};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use syn::spanned::Spanned;
use syn::visit_mut::VisitMut;

/// `#[differentiable]` on a trait: the trait with its rules as supertraits and the provided
/// methods that call them.
pub fn expand_trait(
    config: &crate::frontend::attr::Config,
    mut item: syn::ItemTrait,
) -> Result<TokenStream, TokenStream> {
    let mut diag = Diagnostics::default();
    if config.wrt.is_some() {
        diag.error(
            item.trait_token.span,
            "`wrt` cannot be given on a trait: every argument of its methods is differentiated",
        );
    }
    for param in &item.generics.params {
        if !matches!(param, syn::GenericParam::Type(_)) {
            diag.error(
                param.span(),
                "a trait with lifetime or const parameters cannot be marked `#[differentiable]` yet: generic code can call the methods of a trait whose parameters are types",
            );
        }
    }
    if diag.has_errors() {
        return Err(diag.to_compile_errors());
    }
    let rt = runtime();
    let trait_name = item.ident.to_string();
    // The trait's parameters are the rules' `TraitArgs`; the rules' types take their tangents,
    // so each is `Differentiable`.
    let params: Vec<syn::Ident> = item
        .generics
        .type_params()
        .map(|t| t.ident.clone())
        .collect();
    let trait_args = quote!((#(#params,)*));
    let mut bounds: Vec<syn::TypeParamBound> = Vec::new();
    let mut provided: Vec<syn::TraitItem> = Vec::new();
    for trait_item in &item.items {
        let syn::TraitItem::Fn(f) = trait_item else {
            continue;
        };
        if f.default.is_some() || !has_rule(&f.sig) {
            continue;
        }
        let rule = RuleTypes::of(&trait_name, trait_args.clone(), &f.sig);
        bounds.push(rule.supertrait(f.sig.ident.span()));
        provided.extend(rule.provided_methods(&f.sig.ident, &params));
    }
    if !bounds.is_empty() {
        for param in item.generics.type_params_mut() {
            param.bounds.push(syn::parse_quote!(#rt::Differentiable));
        }
        item.supertraits
            .push(syn::parse_quote!(#rt::Differentiable));
        item.supertraits.extend(bounds);
        item.items.extend(provided);
    }
    Ok(quote!(#item))
}

/// The rules `#[differentiable]` on `imp`, an impl of a trait, gives for its methods, from
/// the siblings it adds (their derivatives); nothing for an inherent impl or an operator.
/// `generics` are the siblings' (the impl's, with `Real` for `Float`).
pub fn rule_impls(imp: &syn::ItemImpl, generics: &syn::Generics) -> TokenStream {
    let Some((trait_name, trait_args)) = rule_trait_name(imp) else {
        return quote!();
    };
    let rt = runtime();
    let (impl_generics, _, where_clause) = generics.split_for_impl();
    let self_ty = &imp.self_ty;
    let capture = types::precise_capture(generics);
    let impls = imp.items.iter().filter_map(|item| match item {
        syn::ImplItem::Fn(f) if has_rule(&f.sig) => Some(f),
        _ => None,
    });
    impls
        .map(|f| {
            let rule = RuleTypes::of(&trait_name, trait_args.clone(), &f.sig);
            let RuleTypes {
                key,
                trait_args,
                names,
                output,
                output_tangent,
                tangents,
                ..
            } = &rule;
            let (associated, values) = rule.associated_types();
            let vjp = names::method_reverse(&f.sig.ident);
            let forward = names::method_forward(&f.sig.ident);
            let second = names::method_second(&f.sig.ident);
            let present = rule.tangent_names();
            // A `self` method's sibling takes a clone (the rule has `&self`).
            let (receiver, clone_bound) = match rule.by_value {
                true => (
                    quote!(::core::clone::Clone::clone(self)),
                    Some(quote!(#self_ty: ::core::clone::Clone,)),
                ),
                false => (quote!(self), None),
            };
            let where_clause = match (where_clause, clone_bound) {
                (Some(w), Some(bound)) => {
                    let predicates = &w.predicates;
                    quote!(where #predicates, #bound)
                }
                (None, Some(bound)) => quote!(where #bound),
                (w, None) => quote!(#w),
            };
            quote! {
                #[doc(hidden)]
                impl #impl_generics #rt::TraitMethodRule<#key, #trait_args> for #self_ty #where_clause {
                    #(type #associated = #values;)*
                    #[inline]
                    fn rule_vjp<'__ad_a>(
                        &self,
                        __ad_args: Self::Args<'__ad_a>,
                    ) -> (#output, impl ::core::ops::Fn(#output_tangent) -> #tangents + #capture) {
                        let (#(#names,)*) = __ad_args;
                        Self::#vjp(#receiver, #(#names),*)
                    }
                    #[inline]
                    fn rule_jvp<'__ad_a>(
                        &self,
                        __ad_args: Self::Args<'__ad_a>,
                        __ad_tangents: Self::Tangents,
                    ) -> (#output, #output_tangent) {
                        let (#(#names,)*) = __ad_args;
                        let (#(#present,)*) = __ad_tangents;
                        Self::#forward(#receiver, #(#names,)* #(#rt::Present(#present)),*)
                    }
                    #[inline]
                    fn rule_hvp<'__ad_a>(
                        &self,
                        __ad_args: Self::Args<'__ad_a>,
                        __ad_tangents: Self::SecondTangents,
                    ) -> (#output, (#output_tangent, #output_tangent, #output_tangent)) {
                        let (#(#names,)*) = __ad_args;
                        let (#(#present,)*) = __ad_tangents;
                        Self::#second(#receiver, #(#names,)* #(#rt::Present(#present)),*)
                    }
                }
            }
        })
        .collect()
}

/// The name of the trait `imp` implements and its type arguments as a tuple (`(f64,)` for
/// `Model<f64>`), when its methods get rules: a trait whose arguments are types, other than
/// the operators (whose derivatives `operator_impls` names and dispatches apart).
fn rule_trait_name(imp: &syn::ItemImpl) -> Option<(String, TokenStream)> {
    const OPERATORS: &[&str] = &[
        "Add",
        "Sub",
        "Mul",
        "Div",
        "Rem",
        "Neg",
        "AddAssign",
        "SubAssign",
        "MulAssign",
        "DivAssign",
        "RemAssign",
    ];
    let (_, path, _) = imp.trait_.as_ref()?;
    let last = path.segments.last()?;
    let arguments: Vec<&syn::Type> = match &last.arguments {
        syn::PathArguments::None => Vec::new(),
        syn::PathArguments::AngleBracketed(a) => a
            .args
            .iter()
            .map(|arg| match arg {
                syn::GenericArgument::Type(ty) => Some(ty),
                _ => None,
            })
            .collect::<Option<_>>()?,
        syn::PathArguments::Parenthesized(_) => return None,
    };
    let name = last.ident.to_string();
    (!OPERATORS.contains(&name.as_str())).then(|| (name, quote!((#(#arguments,)*))))
}

/// Whether generic code reaches the derivatives of a method of signature `sig` through a
/// rule: a `&self` or `self` method without generic parameters, whose result is differentiable and whose
/// argument types are written out (no `impl Trait`, no `Self::Item`, nothing taken `&mut`).
pub fn has_rule(sig: &syn::Signature) -> bool {
    // `&self`, or `self` by value (not `&mut self`, nor `self: Box<Self>`).
    let receiver = matches!(
        sig.receiver(),
        Some(r) if r.colon_token.is_none() && (r.reference.is_none() || r.mutability.is_none())
    );
    let result = match &sig.output {
        // (Not a reference: `Output` would need the receiver's lifetime.)
        syn::ReturnType::Type(_, ty) => {
            !crate::ir::is_constant_type(ty)
                && spelt_out(ty)
                && !matches!(&**ty, syn::Type::Reference(_))
        }
        syn::ReturnType::Default => false,
    };
    let arguments = sig.inputs.iter().skip(1).all(|arg| match arg {
        syn::FnArg::Typed(t) => {
            spelt_out(&t.ty)
                && !matches!(&*t.ty, syn::Type::Reference(r) if r.mutability.is_some())
                && !matches!(&*t.ty, syn::Type::ImplTrait(_))
        }
        syn::FnArg::Receiver(_) => false,
    });
    receiver && sig.generics.params.is_empty() && result && arguments
}

/// Whether `ty` names no associated type of `Self` (`Self::Output` would name the rule's own
/// in its impl) and no `impl Trait`.
fn spelt_out(ty: &syn::Type) -> bool {
    fn clean(tokens: TokenStream) -> bool {
        let trees: Vec<proc_macro2::TokenTree> = tokens.into_iter().collect();
        trees.iter().enumerate().all(|(i, tree)| match tree {
            proc_macro2::TokenTree::Ident(ident) if ident == "impl" => false,
            proc_macro2::TokenTree::Ident(ident) if ident == "Self" => {
                !matches!(trees.get(i + 1), Some(proc_macro2::TokenTree::Punct(p)) if p.as_char() == ':')
            }
            proc_macro2::TokenTree::Group(group) => clean(group.stream()),
            _ => true,
        })
    }
    clean(quote!(#ty))
}

/// The key of the rule of `method` of `trait_name`: a hash of `Trait::method`.
fn key(trait_name: &str, method: &syn::Ident) -> u64 {
    names::field_key(&format!("{trait_name}::{method}"))
}

/// The types of one method's rule, as the trait and its impls both spell them.
struct RuleTypes {
    /// `TraitMethodRule`'s key, as a literal.
    key: proc_macro2::Literal,
    /// The trait's type arguments, as a tuple (`TraitArgs`).
    trait_args: TokenStream,
    /// Whether the method takes `self` by value (else `&self`).
    by_value: bool,
    /// The names of the arguments after the receiver in generated code.
    names: Vec<syn::Ident>,
    /// The argument types as written.
    arg_types: Vec<syn::Type>,
    /// `Args<'__ad_a>`: the tuple of the argument types, their references of lifetime
    /// `'__ad_a`.
    args: TokenStream,
    /// The result type.
    output: syn::Type,
    /// Its tangent.
    output_tangent: TokenStream,
    /// The tangents of the receiver and the arguments (`NoTangent` for a constant one), in
    /// order.
    per_argument: Vec<TokenStream>,
    /// The tuple of `per_argument`: the forward derivative takes it, the pullback returns it.
    tangents: TokenStream,
    /// The tuple of `(t, t, t)` for each of `per_argument`.
    second_tangents: TokenStream,
}

impl RuleTypes {
    fn of(trait_name: &str, trait_args: TokenStream, sig: &syn::Signature) -> RuleTypes {
        let rt = runtime();
        let key = proc_macro2::Literal::u64_suffixed(key(trait_name, &sig.ident));
        let by_value = sig.receiver().is_some_and(|r| r.reference.is_none());
        let arg_types: Vec<syn::Type> = sig
            .inputs
            .iter()
            .filter_map(|arg| match arg {
                syn::FnArg::Typed(t) => Some((*t.ty).clone()),
                syn::FnArg::Receiver(_) => None,
            })
            .collect();
        let names = (1..=arg_types.len()).map(names::param).collect();
        let with_lifetimes = arg_types.iter().map(with_lifetime);
        let args = quote!((#(#with_lifetimes,)*));
        let output = types::return_type(&sig.output);
        let output_tangent = types::tangent(&output);
        let self_type: syn::Type = syn::parse_quote!(Self);
        let per_argument: Vec<TokenStream> = std::iter::once(types::tangent(&self_type))
            .chain(
                arg_types
                    .iter()
                    .map(|ty| match crate::ir::is_constant_type(ty) {
                        true => quote!(#rt::NoTangent),
                        false => types::tangent(ty),
                    }),
            )
            .collect();
        let tangents = quote!((#(#per_argument,)*));
        let second = per_argument.iter().map(|t| quote!((#t, #t, #t)));
        let second_tangents = quote!((#(#second,)*));
        RuleTypes {
            key,
            trait_args,
            by_value,
            names,
            arg_types,
            args,
            output,
            output_tangent,
            tangents,
            per_argument,
            second_tangents,
        }
    }

    /// The rule's associated types (`Args<'__ad_a>`, `Output`, ..) and what they are: the
    /// trait's supertrait binds them and each impl defines them, from this one list.
    fn associated_types(&self) -> ([TokenStream; 5], [TokenStream; 5]) {
        let names = [
            quote!(Args<'__ad_a>),
            quote!(Output),
            quote!(OutputTangent),
            quote!(Tangents),
            quote!(SecondTangents),
        ];
        let output = &self.output;
        let values = [
            self.args.clone(),
            quote!(#output),
            self.output_tangent.clone(),
            self.tangents.clone(),
            self.second_tangents.clone(),
        ];
        (names, values)
    }

    /// The names of the receiver's and the arguments' tangents in generated code.
    fn tangent_names(&self) -> Vec<syn::Ident> {
        (0..self.per_argument.len())
            .map(|i| format_ident!("__ad_t{}", i))
            .collect()
    }

    /// The supertrait that says what the rule's types are, shown at `span` (the method's
    /// name) where an impl does not give it.
    fn supertrait(&self, span: proc_macro2::Span) -> syn::TypeParamBound {
        let rt = runtime();
        let RuleTypes {
            key, trait_args, ..
        } = self;
        let (associated, values) = self.associated_types();
        let bound = quote! {
            for<'__ad_a> #rt::TraitMethodRule<#key, #trait_args, #(#associated = #values),*>
        };
        let bound = crate::tokens::respan(bound, (span, span));
        syn::parse_quote!(#bound)
    }

    /// The trait's provided methods that generic derivatives call for `method`: the VJP, the
    /// forward derivative and the second-order one, each through the rule. `trait_params` are
    /// the trait's type parameters, which the returned pullback captures.
    fn provided_methods(
        &self,
        method: &syn::Ident,
        trait_params: &[syn::Ident],
    ) -> Vec<syn::TraitItem> {
        let rt = runtime();
        let RuleTypes {
            key,
            trait_args,
            names,
            arg_types,
            output,
            output_tangent,
            tangents,
            per_argument,
            ..
        } = self;
        let rule = quote!(<Self as #rt::TraitMethodRule<#key, #trait_args>>);
        let params: Vec<TokenStream> = names
            .iter()
            .zip(arg_types)
            .map(|(name, ty)| quote!(#name: #ty))
            .collect();
        let vjp = names::method_reverse(method);
        let forward = names::method_forward(method);
        let second = names::method_second(method);
        let attributes = quote! {
            #[doc(hidden)]
            #[inline]
            #[allow(non_snake_case, clippy::all)]
        };
        // The method's own receiver; the rule takes it by reference. (Generic, the methods
        // are not callable on `dyn` anyway; sized, they may take and return `Self` by value,
        // as `fn scaled(&self, s: f64) -> Self` does.)
        let (receiver, this) = match self.by_value {
            true => (quote!(self), quote!(&self)),
            false => (quote!(&self), quote!(self)),
        };
        let sized = quote!(where Self: ::core::marker::Sized);
        let forwards = [
            (forward, quote!(tangent_or_zero), false),
            (second, quote!(second_or_zero), true),
        ]
        .map(|(name, or_zero, second_order)| {
            let tangent_names = self.tangent_names();
            let tangent_params = (0..per_argument.len()).map(|i| names::param_tangent(i));
            let tangent_params: Vec<syn::Ident> = tangent_params.collect();
            let declared = tangent_params.iter().enumerate().map(|(i, param)| {
                let tangent = &per_argument[i];
                match (i, constant_argument(arg_types, i), second_order) {
                    (_, true, _) => quote!(#param: impl ::core::marker::Sized),
                    (_, false, false) => quote!(#param: impl #rt::MaybeTangent<#tangent>),
                    (_, false, true) => {
                        quote!(#param: impl #rt::MaybeTangent<(#tangent, #tangent, #tangent)>)
                    }
                }
            });
            let made = tangent_names.iter().enumerate().map(|(i, made)| {
                let given = &tangent_params[i];
                if constant_argument(arg_types, i) {
                    let none = quote!(#rt::NoTangent);
                    return match second_order {
                        false => quote!(let #made = #none;),
                        true => quote!(let #made = (#none, #none, #none);),
                    };
                }
                let (referent, value) = match i {
                    0 => (quote!(Self), this.clone()),
                    _ => {
                        let name = &names[i - 1];
                        match &arg_types[i - 1] {
                            syn::Type::Reference(r) => {
                                let elem = &r.elem;
                                (quote!(#elem), quote!(#name))
                            }
                            ty => (quote!(#ty), quote!(&#name)),
                        }
                    }
                };
                quote!(let #made = #rt::#or_zero::<#referent>(#given, #value);)
            });
            let (call, result) = match second_order {
                false => (quote!(rule_jvp), quote!((#output, #output_tangent))),
                true => (
                    quote!(rule_hvp),
                    quote!((#output, (#output_tangent, #output_tangent, #output_tangent))),
                ),
            };
            syn::parse_quote! {
                #attributes
                fn #name(#receiver, #(#params,)* #(#declared),*) -> #result #sized {
                    #(#made)*
                    #rule::#call(#this, (#(#names,)*), (#(#tangent_names,)*))
                }
            }
        });
        let reverse: syn::TraitItem = syn::parse_quote! {
            #attributes
            fn #vjp(
                #receiver,
                #(#params),*
            ) -> (#output, impl ::core::ops::Fn(#output_tangent) -> #tangents + use<Self, #(#trait_params),*>) #sized {
                #rule::rule_vjp(#this, (#(#names,)*))
            }
        };
        std::iter::once(reverse).chain(forwards).collect()
    }
}

/// Whether tangent `i` (0 the receiver, then the arguments) is that of an argument of a
/// constant type, which is not differentiated.
fn constant_argument(arg_types: &[syn::Type], i: usize) -> bool {
    i > 0 && crate::ir::is_constant_type(&arg_types[i - 1])
}

/// `ty` with its elided lifetimes (`&T`, `'_`) named `'__ad_a`, for `Args<'__ad_a>`.
fn with_lifetime(ty: &syn::Type) -> syn::Type {
    struct Name;
    impl VisitMut for Name {
        fn visit_type_reference_mut(&mut self, r: &mut syn::TypeReference) {
            if r.lifetime.as_ref().is_none_or(|l| l.ident == "_") {
                r.lifetime = Some(syn::parse_quote!('__ad_a));
            }
            syn::visit_mut::visit_type_reference_mut(self, r);
        }
        fn visit_lifetime_mut(&mut self, l: &mut syn::Lifetime) {
            if l.ident == "_" {
                *l = syn::parse_quote!('__ad_a);
            }
        }
    }
    let mut ty = ty.clone();
    Name.visit_type_mut(&mut ty);
    ty
}
