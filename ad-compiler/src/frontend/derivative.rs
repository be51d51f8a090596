//! `#[derivative(of = f)]`: registers a user-written derivative of `f`.
//!
//! The registration is kept as written and two adapters are emitted where callers look for
//! `f`'s derivatives: a companion module named after `f` holding `vjp` and `forward` (free
//! functions, also of other crates: retroactive registration), or siblings `__ad_vjp_<m>` and
//! `__ad_fwd_<m>` for `Self::m` / `Type::m`. One companion holds both modes, because two
//! attributes cannot share one module:
//!
//! - `#[derivative(of = f)]` gives the VJP; the forward adapter derives the tangent with one
//!   pullback call per component of the result (one for a scalar).
//! - `#[derivative(of = f, forward)]` gives value and differential; the VJP adapter derives
//!   the cotangents with one differential call per component of each parameter.
//! - `#[derivative(of = f, forward = g)]` on the VJP names `g`, which gives the forward one.
//!
//! Deriving needs the tangents as lists of floats (`ad_core::basis::Basis`, which every
//! tangent of `ad` and of `#[derive(Differentiable)]` has); for other tangents the derived
//! mode is a compile error at the caller that says to register both. The VJP adapter turns the user's pullback (one cotangent per `wrt`
//! parameter, bare for one, a tuple for several) into the internal convention (a tuple with
//! one slot per parameter, `NoTangent` for parameters that are not differentiated); the
//! forward adapter turns the internal tangents (`Present`/`Absent`, one per parameter) into
//! the differential's arguments (one per `wrt` parameter).

use crate::diag::Diagnostics;
use crate::emit::forward::Order;
use crate::emit::{self, callee, types};
use crate::frontend::attr::{self, AttrKind, ForwardArg};
use crate::frontend::fallback;
use crate::lower;
use crate::names;
use proc_macro2::TokenStream;
use quote::{ToTokens, format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

/// Expands `#[derivative(..)]` on a function.
pub fn derivative(args: TokenStream, item: TokenStream) -> TokenStream {
    let config = match attr::parse(AttrKind::Derivative, args) {
        Ok(config) => config,
        Err(e) => return fallback::with_errors(item, e.to_compile_error()),
    };
    // The registration is kept, with its pullback declared not to borrow the arguments.
    let (vis, sig, item) = match syn::parse2::<syn::ItemFn>(item.clone()) {
        Ok(mut f) => {
            own_pullback(&mut f.sig);
            (f.vis.clone(), f.sig.clone(), f.to_token_stream())
        }
        Err(_) => match syn::parse2::<syn::ImplItemFn>(item.clone()) {
            Ok(mut f) => {
                own_pullback(&mut f.sig);
                (f.vis.clone(), f.sig.clone(), f.to_token_stream())
            }
            Err(e) => return fallback::with_errors(item, syn::Error::new(e.span(), "`#[derivative(of = ..)]` applies to a function that returns `(value, pullback)`").to_compile_error()),
        },
    };
    let Some(of) = config.of.as_ref() else {
        return fallback::with_errors(
            item,
            quote!(::core::compile_error!("`#[derivative]` needs `of = ..`");),
        );
    };
    let mode = match &config.forward {
        Some(ForwardArg::This(_)) => Registered::Forward,
        Some(ForwardArg::Named(path)) => Registered::Both(path.clone()),
        None => Registered::Reverse,
    };
    let mut diag = Diagnostics::default();
    let Some(value_type) = value_type(&sig, &mode, &mut diag) else {
        return fallback::with_errors(item, diag.to_compile_errors());
    };
    let params = lower::fn_params(&sig);
    let wrt = lower::choose_wrt(&params, config.wrt.as_deref(), &mut diag);
    if !matches!(mode, Registered::Forward) {
        check_pullback_shape(&sig, &params, &wrt, &mut diag);
    }
    if diag.has_errors() {
        return fallback::with_errors(item, diag.to_compile_errors());
    }
    let Some(target) = of.segments.last().map(|s| s.ident.clone()) else {
        return fallback::with_errors(
            item,
            syn::Error::new(of.span(), "`of` must name a function").to_compile_error(),
        );
    };
    let associated = callee::is_associated(of);
    let adapter = Adapter {
        sig: &sig,
        wrt: &wrt,
        value_type: &value_type,
        associated,
        target: &target,
    };
    let registration = &sig.ident;
    let (reverse_body, forward_body) = match &mode {
        Registered::Reverse => (
            adapter.reverse_from_pullback(registration).into(),
            adapter.forward_from_reverse(),
        ),
        Registered::Both(forward) => (
            adapter.reverse_from_pullback(registration).into(),
            adapter.forward_from_differential(&quote!(#forward)).into(),
        ),
        Registered::Forward => (
            adapter.reverse_from_differential(registration),
            adapter
                .forward_from_differential(&adapter.call(registration))
                .into(),
        ),
    };
    let elsewhere = Elsewhere::of(&sig.ident, &target);
    let generated = adapter.items(reverse_body, forward_body, &vis, &mode, elsewhere);
    // `of` must name a function of the registration's parameters and value type: a typo
    // would otherwise register a derivative for nothing, and a signature that differs would
    // fail at a call in generated code. (A generic function cannot be named without its type
    // arguments, nor one with `impl Trait` parameters as a pointer; an associated one is
    // checked where its companion methods are defined.)
    let param_types = emit::param_types(&sig);
    let nameable = !associated
        && sig.generics.params.is_empty()
        && !param_types
            .iter()
            .any(|t| matches!(t, syn::Type::ImplTrait(_)));
    let names_a_function = nameable
        .then(|| quote_spanned!(of.span()=> const _: fn(#(#param_types),*) -> #value_type = #of;));
    quote!(#item #generated #names_a_function)
}

/// What the other registrations of the same method in its impl blocks give (read from the
/// source file), `#[differentiable]` on the method included: the adapters they write are not
/// written again.
#[derive(Clone, Copy, Default)]
struct Elsewhere {
    /// Another registration gives the pullback.
    reverse: bool,
    /// Another registration gives the differential (and so writes the second order's stub).
    forward: bool,
    /// `#[differentiable]` on the method derives what the registrations do not give, and its
    /// second order.
    derived: bool,
}

impl Elsewhere {
    /// The other registrations of `target` in the impl block of `registration`.
    fn of(registration: &syn::Ident, target: &syn::Ident) -> Elsewhere {
        let Some(enclosing) = crate::source::current().and_then(|f| f.enclosing_impl(registration))
        else {
            return Elsewhere::default();
        };
        let mut elsewhere = Elsewhere::default();
        let others = enclosing
            .registrations
            .iter()
            .filter(|r| r.of == target.to_string() && r.function != registration.to_string());
        for other in others {
            // `#[differentiable]` on the target derives what no registration gives.
            let derived = other.registers == crate::source::Registers::Derived;
            elsewhere.derived |= derived;
            elsewhere.reverse |= derived || other.registers.gives_reverse();
            elsewhere.forward |= derived || other.registers.gives_forward();
        }
        elsewhere
    }
}

/// An adapter's body, and the bounds it needs (none for one that calls what was registered).
struct Derived {
    body: TokenStream,
    bounds: Vec<syn::WherePredicate>,
}

impl From<TokenStream> for Derived {
    fn from(body: TokenStream) -> Self {
        Derived {
            body,
            bounds: Vec::new(),
        }
    }
}

/// The lifetime that guards a derived adapter's bounds.
fn guard_lifetime() -> syn::Lifetime {
    names::guard_lifetime()
}

/// `&'guard T: DerivedMode<Of = T>` for tangent type `T`.
fn derived_mode_bound(tangent: &TokenStream) -> syn::WherePredicate {
    let (guard, rt) = (guard_lifetime(), names::runtime());
    syn::parse_quote!(&#guard #tangent: #rt::DerivedMode<Of = #tangent>)
}

/// `sig` with the guard lifetime and `bounds` added, when there are bounds.
fn guarded(sig: &syn::Signature, bounds: Vec<syn::WherePredicate>) -> syn::Signature {
    let mut sig = sig.clone();
    if bounds.is_empty() {
        return sig;
    }
    sig.generics.params.insert(
        0,
        syn::GenericParam::Lifetime(syn::LifetimeParam::new(guard_lifetime())),
    );
    sig.generics.make_where_clause().predicates.extend(bounds);
    sig
}

/// Which derivatives a registration gives by hand; the adapters derive the other one.
enum Registered {
    /// `#[derivative(of = f)]`: value and pullback.
    Reverse,
    /// `#[derivative(of = f, forward = g)]`: value and pullback, and `g` gives value and
    /// differential.
    Both(syn::Path),
    /// `#[derivative(of = f, forward)]`: value and differential.
    Forward,
}

/// What the adapters of one registration are built from.
struct Adapter<'a> {
    /// The registration's signature (the parameters of `f`).
    sig: &'a syn::Signature,
    /// Which parameters are differentiated.
    wrt: &'a [bool],
    /// The type of `f`'s value.
    value_type: &'a syn::Type,
    /// `of` names a method or associated function: the adapters are siblings.
    associated: bool,
    /// The name of `f`.
    target: &'a syn::Ident,
}

impl Adapter<'_> {
    /// A call of a function of the registration's module or `impl`.
    fn call(&self, name: &syn::Ident) -> TokenStream {
        if self.associated {
            quote!(Self::#name)
        } else {
            quote!(#name)
        }
    }

    /// The VJP adapter's body from the user's pullback: one cotangent per `wrt` parameter,
    /// bare for one, a tuple for several, spread into the internal one slot per parameter.
    fn reverse_from_pullback(&self, registration: &syn::Ident) -> TokenStream {
        let d_ = names::adjoint_in_hand();
        let pullback_ = names::operator_pullback();
        let value_ = names::operator_value();
        let (_, sources) = emit::derivative_params(self.sig);
        let seed_type = types::tangent(self.value_type);
        let user_outputs: Vec<_> = (0..self.wrt.iter().filter(|w| **w).count())
            .map(names::registered_output)
            .collect();
        let pattern = match user_outputs.as_slice() {
            [single] => quote!(#single),
            many => quote!((#(#many),*)),
        };
        let rt = names::runtime();
        let mut next = user_outputs.iter();
        let slots = self.wrt.iter().map(|&w| match w {
            true => next.next().to_token_stream(),
            false => quote!(#rt::NoTangent),
        });
        let call = self.call(registration);
        // Spanned at the registration's result type, so a pullback of the wrong shape is
        // reported there.
        let shape_span = self.sig.output.span();
        // The generated locals interpolated, at the result type but with the call site's
        // hygiene (see `emit::hygiene`).
        let at_shape = |mut name: proc_macro2::Ident| {
            name.set_span(shape_span.resolved_at(proc_macro2::Span::call_site()));
            name
        };
        let (pullback, d) = (
            at_shape(names::operator_pullback()),
            at_shape(names::adjoint_in_hand()),
        );
        let unpack = quote::quote_spanned!(shape_span=> let #pattern = #pullback(#d););
        quote! {
            let (#value_, #pullback_) = #call(#(#sources),*);
            (#value_, move |#d_: #seed_type| {
                #unpack
                (#(#slots,)*)
            })
        }
    }

    /// The VJP adapter's body from a differential: the cotangent of parameter `i` is
    /// `Σ_j e_j <cotangent, differential(e_j)>` over the components `e_j` of its tangent, one
    /// differential call each. Its bounds go in a guarded `where` clause (see
    /// `ad_core::basis::DerivedMode`).
    fn reverse_from_differential(&self, registration: &syn::Ident) -> Derived {
        let e_ = names::basis_direction();
        let d_ = names::adjoint_in_hand();
        let differential_ = names::operator_differential();
        let value_ = names::operator_value();
        let (_, sources) = emit::derivative_params(self.sig);
        let param_types = emit::param_types(self.sig);
        let rt = names::runtime();
        let guard = guard_lifetime();
        let wrt: Vec<usize> = (0..self.wrt.len()).filter(|i| self.wrt[*i]).collect();
        let zero = |i: usize| names::zero(i);
        let zeros = wrt.iter().map(|&i| {
            let (z, x) = (zero(i), &sources[i]);
            quote!(let #z = #x.zero_tangent();)
        });
        let value_tangent = types::tangent(self.value_type);
        let mode = |tangent: &TokenStream| quote!(<&#guard #tangent as #rt::DerivedMode>);
        let value_mode = mode(&value_tangent);
        let slots = (0..self.wrt.len()).map(|i| {
            if !self.wrt[i] {
                return quote!(#rt::NoTangent);
            }
            let args = wrt.iter().map(|&j| {
                if j == i {
                    quote!(#e_)
                } else {
                    let z = zero(j);
                    quote!(::core::clone::Clone::clone(&#z))
                }
            });
            let (z, param_mode) = (zero(i), mode(&types::tangent(&param_types[i])));
            quote! {
                #param_mode::assemble(&#z, |#e_| {
                    #value_mode::dot(&#d_, &#differential_(#(#args),*))
                })
            }
        });
        let call = self.call(registration);
        let body = quote! {
            #[allow(unused_imports)]
            use #rt::Differentiable as _;
            #(#zeros)*
            let (#value_, #differential_) = #call(#(#sources),*);
            (#value_, move |#d_: #value_tangent| (#(#slots,)*))
        };
        let tangents = std::iter::once(value_tangent.clone())
            .chain(wrt.iter().map(|&i| types::tangent(&param_types[i])));
        Derived {
            body,
            bounds: tangents.map(|t| derived_mode_bound(&t)).collect(),
        }
    }

    /// The forward adapter's body from a function returning `(value, differential)`.
    fn forward_from_differential(&self, call: &TokenStream) -> TokenStream {
        let tangent_ = names::result_tangent();
        let differential_ = names::operator_differential();
        let value_ = names::operator_value();
        let (_, sources) = emit::derivative_params(self.sig);
        let rt = names::runtime();
        let wrt: Vec<usize> = (0..self.wrt.len()).filter(|i| self.wrt[*i]).collect();
        let tangent = |i: usize| names::argument_tangent(i);
        let tangents = wrt.iter().map(|&i| {
            let (t, given, x) = (tangent(i), names::param_tangent(i), &sources[i]);
            quote!(let #t = #rt::MaybeTangent::or_zero(#given, || #x.zero_tangent());)
        });
        let args = wrt.iter().map(|&i| tangent(i));
        quote! {
            #[allow(unused_imports)]
            use #rt::Differentiable as _;
            #(#tangents)*
            let (#value_, #differential_) = #call(#(#sources),*);
            let #tangent_ = #differential_(#(#args),*);
            (#value_, #tangent_)
        }
    }

    /// The forward adapter's body from the VJP adapter: the tangent is
    /// `Σ_k e_k Σ_i <pullback(e_k)_i, t_i>` over the components `e_k` of the result's tangent,
    /// one pullback call each (one for a scalar result). Its bounds go in a guarded `where`
    /// clause (see `ad_core::basis::DerivedMode`).
    fn forward_from_reverse(&self) -> Derived {
        let gradient_ = names::operator_gradient();
        let e_ = names::basis_direction();
        let tangent_ = names::result_tangent();
        let pullback_ = names::operator_pullback();
        let value_ = names::operator_value();
        let (_, sources) = emit::derivative_params(self.sig);
        let param_types = emit::param_types(self.sig);
        let rt = names::runtime();
        let guard = guard_lifetime();
        let vjp = if self.associated {
            let sibling = names::method_reverse(self.target);
            quote!(Self::#sibling)
        } else {
            names::companion_reverse().into_token_stream()
        };
        let mode = |tangent: &TokenStream| quote!(<&#guard #tangent as #rt::DerivedMode>);
        let value_tangent = types::tangent(self.value_type);
        let value_mode = mode(&value_tangent);
        let wrt: Vec<usize> = (0..self.wrt.len()).filter(|i| self.wrt[*i]).collect();
        let given = |i: usize| names::argument_tangent(i);
        let tangents = wrt.iter().map(|&i| {
            let (t, tp) = (given(i), names::param_tangent(i));
            quote!(let #t = #rt::MaybeTangent::map_or(#tp, ::core::option::Option::None, ::core::option::Option::Some);)
        });
        let terms = wrt.iter().map(|&i| {
            let (k, t) = (syn::Index::from(i), given(i));
            let param_mode = mode(&types::tangent(&param_types[i]));
            quote! {
                + match &#t {
                    ::core::option::Option::Some(t) => #param_mode::dot(&#gradient_.#k, t),
                    ::core::option::Option::None => 0.0,
                }
            }
        });
        let body = quote! {
            #[allow(unused_imports)]
            use #rt::Differentiable as _;
            #(#tangents)*
            let (#value_, #pullback_) = #vjp(#(#sources),*);
            let #tangent_ = #value_mode::assemble(&#value_.zero_tangent(), |#e_| {
                let #gradient_ = #pullback_(#e_);
                0.0 #(#terms)*
            });
            (#value_, #tangent_)
        };
        let tangents = std::iter::once(value_tangent.clone())
            .chain(wrt.iter().map(|&i| types::tangent(&param_types[i])));
        Derived {
            body,
            bounds: tangents.map(|t| derived_mode_bound(&t)).collect(),
        }
    }

    /// The second-order forward derivative, which a first-order registration cannot give: a
    /// compile error when a Hessian instantiates it, and only then (it is generic over its
    /// tangent arguments, so code that never asks for a Hessian compiles).
    fn second(
        &self,
        vis: TokenStream,
        name: &syn::Ident,
        decls: &[TokenStream],
        param_types: &[syn::Type],
    ) -> TokenStream {
        let rt = names::runtime();
        let tangent_params = types::forward_tangent_params(param_types, self.wrt, Order::Second);
        let params: Vec<TokenStream> = decls.iter().chain(&tangent_params).cloned().collect();
        let value_type = self.value_type;
        let tangent = types::forward_tangent_type(value_type, Order::Second);
        let body = if param_types.is_empty() {
            quote!(::core::unreachable!())
        } else {
            let first = names::param_tangent(0);
            let marker = format_ident!("{}_has_no_second_order_rule", self.target);
            quote! {
                #[allow(non_camel_case_types)]
                struct #marker;
                #rt::missing_second_order(#marker, &#first)
            }
        };
        emit::derivative_fn(
            vis,
            name,
            self.sig,
            &params,
            quote!((#value_type, #tangent)),
            body,
            None,
        )
    }

    /// The VJP and forward adapters, where callers look for them.
    fn items(
        &self,
        vjp: Derived,
        forward: Derived,
        vis: &syn::Visibility,
        mode: &Registered,
        elsewhere: Elsewhere,
    ) -> TokenStream {
        let sig = self.sig;
        let (decls, _) = emit::derivative_params(sig);
        let param_types = emit::param_types(sig);
        let tangents: Vec<TokenStream> = param_types
            .iter()
            .zip(self.wrt)
            .map(|(ty, &w)| types::param_tangent(ty, w))
            .collect();
        let reverse_result = types::reverse_result(
            self.value_type,
            self.value_type,
            &tangents,
            &sig.generics,
            false,
        );
        let tangent_params = types::forward_tangent_params(&param_types, self.wrt, Order::First);
        let forward_params: Vec<TokenStream> =
            decls.iter().chain(&tangent_params).cloned().collect();
        let value_type = self.value_type;
        let value_tangent = types::tangent(value_type);
        let forward_result = quote!((#value_type, #value_tangent));
        let (reverse_sig, forward_sig) = (guarded(sig, vjp.bounds), guarded(sig, forward.bounds));
        let (item_vis, reverse_name, forward_name, second_name) = if self.associated {
            (
                quote!(#vis),
                names::method_reverse(self.target),
                names::method_forward(self.target),
                names::method_second(self.target),
            )
        } else {
            (
                quote!(pub),
                names::companion_reverse(),
                names::companion_forward(),
                names::companion_second(),
            )
        };
        let vjp = emit::derivative_fn(
            item_vis.clone(),
            &reverse_name,
            &reverse_sig,
            &decls,
            reverse_result,
            vjp.body,
            None,
        );
        let forward_fn = |vis: TokenStream, name: &syn::Ident, body: TokenStream| {
            emit::derivative_fn(
                vis,
                name,
                &forward_sig,
                &forward_params,
                forward_result.clone(),
                body,
                None,
            )
        };
        let second = self.second(item_vis.clone(), &second_name, &decls, &param_types);
        if self.associated {
            // A method's reverse and forward registrations may be two attributes of one block:
            // each writes the adapters of its own mode, and the others only when no other
            // registration of the block gives them (the forward one writes the second order's).
            let forward = forward_fn(item_vis, &forward_name, forward.body);
            let own_reverse = !matches!(mode, Registered::Forward);
            let own_forward = !matches!(mode, Registered::Reverse);
            let vjp = (own_reverse || !elsewhere.reverse).then_some(vjp);
            let forward = (own_forward || !elsewhere.forward).then_some(forward);
            let second =
                ((own_forward || !elsewhere.forward) && !elsewhere.derived).then_some(second);
            return quote!(#vjp #forward #second);
        }
        let arity = param_types.len();
        let registered_forward = names::registered_forward(self.target);
        match mode {
            // The forward rule is derived, unless a forward registration of the same function
            // in this module gives one: its adapter, a function of this module, is found by
            // the block's glob import before the derived fallback of the companion itself.
            Registered::Reverse => {
                let args = (0..arity)
                    .map(names::param)
                    .chain((0..arity).map(names::param_tangent));
                // Written from the function's module, as the companion's contents are: the
                // companion rebases `self::*` to its parent, `super::*`.
                let choice = forward_fn(
                    quote!(pub),
                    &forward_name,
                    quote! {
                        #[allow(unused_imports)]
                        use self::*;
                        #registered_forward(#(#args),*)
                    },
                );
                let derived = forward_fn(quote!(), &registered_forward, forward.body);
                emit::companion_module(
                    vis,
                    self.target,
                    arity,
                    quote!(#vjp #choice #derived #second),
                )
            }
            Registered::Both(_) => {
                let forward = forward_fn(quote!(pub), &forward_name, forward.body);
                emit::companion_module(vis, self.target, arity, quote!(#vjp #forward #second))
            }
            // The companion goes in a private module whose items are glob-imported: a reverse
            // registration's companion, declared in this module, shadows it (an item shadows a
            // glob import), and takes the forward adapter, kept beside the registration.
            Registered::Forward => {
                let in_companion = forward_fn(quote!(pub), &forward_name, forward.body.clone());
                let adapter = forward_fn(quote!(#vis), &registered_forward, forward.body);
                let companion = emit::companion_module(
                    &syn::parse_quote!(pub),
                    self.target,
                    arity,
                    emit::one_module_down(quote!(#vjp #in_companion #second)),
                );
                let holder = names::forward_registration_module(self.target);
                quote! {
                    #[doc(hidden)]
                    #[allow(non_snake_case, dead_code)]
                    mod #holder {
                        #[allow(unused_imports)]
                        use super::*;
                        #companion
                    }
                    #[allow(unused_imports)]
                    #vis use #holder::*;
                    #[allow(dead_code)]
                    #adapter
                }
            }
        }
    }
}

/// Adds `+ use<T, ..>` (no lifetimes) to a registration's `impl Fn` pullback that has no
/// capture bound: pullbacks own what they keep, so they compose into other functions'
/// pullbacks whatever the arguments borrowed (and edition 2024 would otherwise capture the
/// lifetimes of reference parameters).
fn own_pullback(sig: &mut syn::Signature) {
    let Ok(capture) = syn::parse2::<syn::TypeParamBound>(types::precise_capture(&sig.generics))
    else {
        return;
    };
    let syn::ReturnType::Type(_, ty) = &mut sig.output else {
        return;
    };
    let syn::Type::Tuple(t) = &mut **ty else {
        return;
    };
    let Some(syn::Type::ImplTrait(pullback)) = t.elems.iter_mut().nth(1) else {
        return;
    };
    if !pullback
        .bounds
        .iter()
        .any(|b| matches!(b, syn::TypeParamBound::PreciseCapture(_)))
    {
        pullback.bounds.push(capture);
    }
}

/// The `R` of a registration returning `(R, impl Fn(..) -> ..)`.
fn value_type(
    sig: &syn::Signature,
    mode: &Registered,
    diag: &mut Diagnostics,
) -> Option<syn::Type> {
    if let syn::ReturnType::Type(_, ty) = &sig.output
        && let syn::Type::Tuple(t) = &**ty
        && t.elems.len() == 2
    {
        return t.elems.first().cloned();
    }
    let message = match mode {
        Registered::Forward => {
            "a forward-mode derivative returns `(value, differential)`: for example `-> (f64, impl Fn(f64) -> f64)`"
        }
        _ => {
            "a reverse-mode derivative returns `(value, pullback)`: for example `-> (f64, impl Fn(f64) -> f64)`"
        }
    };
    diag.error(sig.output.span(), message);
    None
}

/// A pullback written `impl Fn(..) -> R` must return one cotangent per differentiated
/// parameter (bare for one, a tuple for several): said at `R`, naming the parameters, rather
/// than as a type mismatch inside generated code.
fn check_pullback_shape(
    sig: &syn::Signature,
    params: &[lower::ParamInput],
    wrt: &[bool],
    diag: &mut Diagnostics,
) {
    let syn::ReturnType::Type(_, ty) = &sig.output else {
        return;
    };
    let syn::Type::Tuple(pair) = &**ty else {
        return;
    };
    let Some(syn::Type::ImplTrait(pullback)) = pair.elems.iter().nth(1) else {
        return;
    };
    let output = pullback.bounds.iter().find_map(|b| match b {
        syn::TypeParamBound::Trait(t) => match &t.path.segments.last()?.arguments {
            syn::PathArguments::Parenthesized(p) => match &p.output {
                syn::ReturnType::Type(_, out) => Some(&**out),
                syn::ReturnType::Default => None,
            },
            _ => None,
        },
        _ => None,
    });
    let Some(output) = output else {
        return;
    };
    let returned = match output {
        syn::Type::Tuple(t) => t.elems.len(),
        syn::Type::Paren(_)
        | syn::Type::Path(_)
        | syn::Type::Array(_)
        | syn::Type::Reference(_) => 1,
        _ => return,
    };
    let names: Vec<String> = params
        .iter()
        .zip(wrt)
        .filter(|(_, w)| **w)
        .map(|(p, _)| format!("`{}`", lower::display_name(&p.pat)))
        .collect();
    // (One parameter's cotangent is returned bare, whatever its type: a tuple parameter's is
    // a tuple.)
    if names.len() < 2 || returned == names.len() {
        return;
    }
    let expected = format!(
        "a tuple of {} cotangents, one per parameter in order",
        names.len()
    );
    diag.error(
        output.span(),
        format!(
            "the pullback returns {returned} cotangent(s), but the function is differentiated in {} parameter(s) ({}): return {expected} (or choose the parameters with `wrt = ..`)",
            names.len(),
            names.join(", ")
        ),
    );
}
