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
    let a_ = names::function_argument();
    let t_ = names::function_tangent();
    let d_ = names::adjoint_in_hand();
    let pullback_ = names::operator_pullback();
    let value_ = names::operator_value();
    let of = match syn::parse2::<Expr>(tokens) {
        Ok(of) => without_groups(of),
        Err(e) => return e.to_compile_error(),
    };
    let rt = names::runtime();
    match &of {
        Expr::Path(p) if p.qself.is_none() => {
            let path = &p.path;
            let vjp = callee::reverse_path(path);
            let forward = callee::forward_path_of(path, false);
            let second = callee::second_path_of(path, false);
            quote!(#rt::Function::new(
                |#a_| #path(#a_),
                |#a_| {
                    let (#value_, #pullback_) = #vjp(#a_);
                    (#value_, move |#d_| #pullback_(#d_).0)
                },
                |#a_, #t_| #forward(#a_, #rt::Present(#t_)),
                |#a_, #t_| #second(#a_, #rt::Present(#t_)),
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
    let a_ = names::function_argument();
    let t_ = names::function_tangent();
    let d_ = names::adjoint_in_hand();
    let pullback_ = names::operator_pullback();
    let value_ = names::operator_value();
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
    let argument: Expr = syn::parse_quote!(#a_);
    let vjp = operators::closure_reverse(closure, &[argument])?;
    let derivative =
        |order| closure_forward(closure, &[quote!(#a_)], &[quote!(#rt::Present(#t_))], order);
    let Captured {
        references,
        forward,
        names,
    } = derivative(Order::First)?;
    let Captured {
        forward: second, ..
    } = derivative(Order::Second)?;
    // `function!(move |x: T| ..)` owns what its closure captures: each derivative is a `move`
    // closure over a copy of the captured variables, so that no pullback or derivative borrows
    // the caller (as a differentiable caller's own pullback must not), and reads its copies
    // through a clone per call, staying `Fn`. Otherwise the derivatives read them through
    // references taken once, outside.
    let owning = closure.capture.is_some();
    let copies = |which: &str| -> Vec<proc_macro2::Ident> {
        match owning {
            true => names
                .iter()
                .map(|n| quote::format_ident!("__ad_{}_copy_of_{}", which, n))
                .collect(),
            false => Vec::new(),
        }
    };
    let (vjp_copies, fwd_copies, hvp_copies) = (copies("vjp"), copies("forward"), copies("second"));
    let (copied, outer_references, inner_references) = match owning {
        true => (names.as_slice(), quote!(), references.clone()),
        false => (&[][..], references, quote!()),
    };
    let taken = |copies: &[proc_macro2::Ident]| quote!(#(let #copies = ::core::clone::Clone::clone(&#copied);)*);
    let read = |copies: &[proc_macro2::Ident]| quote!(#(let #copied = ::core::clone::Clone::clone(&#copies);)*);
    let (vjp_taken, fwd_taken, hvp_taken) =
        (taken(&vjp_copies), taken(&fwd_copies), taken(&hvp_copies));
    let (vjp_read, fwd_read, hvp_read) = (read(&vjp_copies), read(&fwd_copies), read(&hvp_copies));
    let capture = owning.then(|| quote!(move));
    // (The closures are written directly as `new`'s arguments, whose bounds type their
    // parameters.)
    Ok(quote!({
        #outer_references
        #vjp_taken
        #fwd_taken
        #hvp_taken
        #rt::Function::new(
            #closure,
            #capture |#a_: #ty| {
                #vjp_read
                let (#value_, #pullback_) = #vjp;
                (#value_, move |#d_| #pullback_(#d_).0)
            },
            #capture |#a_: #ty, #t_| {
                #fwd_read
                #inner_references
                #forward
            },
            #capture |#a_: #ty, #t_| {
                #hvp_read
                #inner_references
                #second
            },
        )
    }))
}
