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
            // The function may take several arguments: a `Function` takes them as one tuple,
            // and the function and its derivatives are called through `ad_core::tupled`,
            // which finds how many from the function itself.
            quote!(#rt::Function::new(
                |#a_| #rt::TupledCall::call_tupled(&#path, #a_),
                |#a_| {
                    let (#value_, #pullback_) = #rt::TupledCall::call_tupled(&#vjp, #a_);
                    (#value_, move |#d_| #rt::TupledCotangent::untupled(#pullback_(#d_)))
                },
                |#a_, #t_| #rt::TupledForward::forward_tupled(&#forward, #a_, #t_),
                |#a_, #t_| #rt::TupledSecond::second_tupled(&#second, #a_, #t_),
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

/// The code of a closure that captures differentiated values, for `ad_core::capturing`:
/// `capture_code(state, primal, vjp, forward, second)`, each a function of `(&state, a)`.
/// `closure` takes the state's pattern (a tuple of the captured names) and then the closure's
/// own parameter (typed `ty`); `state` is a reference to the state tuple, `copied` the other
/// captured names (constants), of which each function gets its own copy (see
/// `closure_function`).
pub fn capture_code(
    closure: &syn::ExprClosure,
    state: &proc_macro2::Ident,
    ty: &syn::Type,
) -> Result<TokenStream, TokenStream> {
    let a_ = names::function_argument();
    let t_ = names::function_tangent();
    let s_ = names::captured_state();
    let ts_ = names::captured_state_tangent();
    let rt = names::runtime();
    let state_value = quote!(::core::clone::Clone::clone(#s_));
    let argument: Expr = syn::parse_quote!(#a_);
    let vjp = operators::closure_reverse(
        closure,
        &[
            syn::parse2(state_value.clone()).map_err(|e| e.to_compile_error())?,
            argument,
        ],
    )?;
    let derivative = |order| {
        closure_forward(
            closure,
            &[state_value.clone(), quote!(#a_)],
            &[quote!(#rt::Present(#ts_)), quote!(#rt::Present(#t_))],
            order,
        )
    };
    let Captured {
        references,
        forward,
        names: copied,
    } = derivative(Order::First)?;
    let Captured {
        forward: second, ..
    } = derivative(Order::Second)?;
    // Each function owns a copy of the constants it reads (see `closure_function`).
    let copies = |which: &str| -> Vec<proc_macro2::Ident> {
        copied
            .iter()
            .map(|n| quote::format_ident!("__ad_{}_copy_of_{}", which, n))
            .collect()
    };
    let each = ["primal", "vjp", "forward", "second"].map(copies);
    let taken = each
        .iter()
        .map(|copies| quote!(#(let #copies = ::core::clone::Clone::clone(&#copied);)*));
    let read = |copies: &[proc_macro2::Ident]| quote!(#(let #copied = ::core::clone::Clone::clone(&#copies);)*);
    let [primal_read, vjp_read, forward_read, second_read] = each.each_ref().map(|c| read(c));
    let params: Vec<&syn::Pat> = closure.inputs.iter().collect();
    let (state_pattern, own_pattern) = match params.as_slice() {
        [state, own] => (state, own),
        _ => {
            return Err(syn::Error::new(
                closure.span(),
                "internal error in ad, please report: a capturing closure without its state",
            )
            .to_compile_error());
        }
    };
    let own_pattern = match own_pattern {
        syn::Pat::Type(t) => &*t.pat,
        other => other,
    };
    let body = &closure.body;
    // The derivatives' values are renamed: this code is generated now and becomes part of
    // the caller's, whose emitter writes some of its own values (`__ad_v8`) by what they
    // stand for, wherever those names occur.
    let (vjp, forward, second) = (
        names::inner_values(vjp),
        names::inner_values(forward),
        names::inner_values(second),
    );
    Ok(quote!({
        #(#taken)*
        #rt::capture_code(
            #state,
            move |#s_: &_, #a_: #ty| {
                #primal_read
                let #state_pattern = ::core::clone::Clone::clone(#s_);
                let #own_pattern = #a_;
                #body
            },
            move |#s_: &_, #a_: #ty| {
                #vjp_read
                #vjp
            },
            move |#s_: &_, #a_: #ty, #ts_, #t_| {
                #forward_read
                #references
                #forward
            },
            move |#s_: &_, #a_: #ty, #ts_, #t_| {
                #second_read
                #references
                #second
            },
        )
    }))
}
