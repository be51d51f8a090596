//! `ad::function!(..)`: a function with its derivatives, to pass to a differentiable function
//! that takes a parameter `f: &F` with `F: DifferentiableFn<A>` and calls `f.call(x)` (see
//! `ad_core::function`).
//!
//! For a path, the derivatives are the function's companions (`f::vjp`, `f::forward`); for a
//! closure literal, they are generated here from its body, as the operators do. The result is
//! `ad_core::function::Function::new(primal, vjp, forward, second)`.

use crate::emit::callee;
use crate::emit::forward::Order;
use crate::emit::forward::closure::Captured;
use crate::frontend::forward_operators::closure_forward;
use crate::frontend::operators;
use crate::lower;
use crate::lower::operator_input::without_groups;
use crate::names;
use proc_macro2::TokenStream;
use quote::quote;
use syn::Expr;
use syn::spanned::Spanned;

/// Expands `function!(f)` or `function!(|x: T| body)`.
pub fn expand(tokens: TokenStream) -> TokenStream {
    let of = match syn::parse2::<Expr>(tokens) {
        Ok(of) => without_groups(of),
        Err(e) => return e.to_compile_error(),
    };
    let rt = names::runtime();
    match &of {
        Expr::Path(p) if p.qself.is_none() => {
            let path = &p.path;
            let vjp = callee::vjp_path(path);
            let forward = callee::forward_path_of(path, false);
            let second = callee::second_path_of(path, false);
            quote!(#rt::Function::new(
                |__ad_a| #path(__ad_a),
                |__ad_a| {
                    let (__ad_value, __ad_pullback) = #vjp(__ad_a);
                    (__ad_value, move |__ad_d| __ad_pullback(__ad_d).0)
                },
                |__ad_a, __ad_t| #forward(__ad_a, #rt::Present(__ad_t)),
                |__ad_a, __ad_t| #second(__ad_a, #rt::Present(__ad_t)),
            ))
        }
        Expr::Closure(closure) => match closure_function(closure) {
            Ok(tokens) => tokens,
            Err(errors) => errors,
        },
        other => syn::Error::new(
            other.span(),
            "`function!` takes a path to a differentiable function or a closure literal such as `|x: f64| x.sin()`",
        )
        .to_compile_error(),
    }
}

fn closure_function(closure: &syn::ExprClosure) -> Result<TokenStream, TokenStream> {
    let rt = names::runtime();
    let params = lower::closure_params(closure);
    let ty = match params.as_slice() {
        [p] => match &p.ty {
            Some(ty) => ty.clone(),
            None => {
                return Err(syn::Error::new(
                    closure.inputs.span(),
                    "give the closure's parameter a type (`|x: f64| ..`): nothing else fixes it",
                )
                .to_compile_error());
            }
        },
        _ => {
            return Err(syn::Error::new(
                closure.inputs.span(),
                "`function!` takes a closure of one parameter (pass several values as a tuple)",
            )
            .to_compile_error());
        }
    };
    let argument: Expr = syn::parse_quote!(__ad_a);
    let vjp = operators::closure_vjp(closure, &[argument])?;
    let derivative = |order| {
        closure_forward(
            closure,
            &[quote!(__ad_a)],
            &[quote!(#rt::Present(__ad_t))],
            order,
        )
    };
    let Captured {
        references,
        forward,
    } = derivative(Order::First)?;
    let Captured {
        forward: second, ..
    } = derivative(Order::Second)?;
    Ok(quote!({
        #references
        #rt::Function::new(
            #closure,
            |__ad_a: #ty| {
                let (__ad_value, __ad_pullback) = #vjp;
                (__ad_value, move |__ad_d| __ad_pullback(__ad_d).0)
            },
            |__ad_a: #ty, __ad_t| #forward,
            |__ad_a: #ty, __ad_t| #second,
        )
    }))
}
