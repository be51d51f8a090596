//! The reverse-mode differential operators: `gradient!`, `value_with_gradient!`,
//! `value_with_pullback!`, `pullback!`, each `(at: a, b, .., of: f)`.
//!
//! `of` is a path (its VJP is found as for a call, see [`crate::emit::callee`]) or a
//! closure literal, whose body is differentiated in place with its parameters bound to the
//! `at` arguments; variables it captures are constants.

use crate::diag::Diagnostics;
use crate::emit::{self, callee, types};
use crate::lower::operator_input::Input;
use crate::lower::{self, BodyInput};
use crate::names;
use crate::pipeline::{self, Differentiated};
use proc_macro2::TokenStream;
use quote::{ToTokens, quote};
use syn::Expr;
use syn::spanned::Spanned;

/// Which operator is expanded.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Operator {
    /// `gradient!`: the input tangents.
    Gradient,
    /// `value_with_gradient!`: `(value, tangents)`.
    ValueWithGradient,
    /// `value_with_pullback!`: `(value, pullback)`.
    ValueWithPullback,
    /// `pullback!`: the pullback.
    Pullback,
}

/// Expands an operator invocation.
pub fn expand(operator: Operator, tokens: TokenStream) -> TokenStream {
    let t0_ = names::argument_tangent(0);
    let cotangent_ = names::pullback_argument();
    let pullback_ = names::operator_pullback();
    let value_ = names::operator_value();
    let input = match syn::parse2::<Input>(tokens) {
        Ok(input) => input,
        Err(e) => return e.to_compile_error(),
    };
    // One scalar argument: forward mode, one pass and no tape.
    if let Operator::Gradient | Operator::ValueWithGradient = operator
        && let Some(forward) = crate::frontend::forward_operators::scalar_gradient(
            &input,
            operator == Operator::ValueWithGradient,
        )
    {
        return forward;
    }
    let n = input.args.len();
    // Each argument once, into a local: its length pads the gradient (a free function's
    // cotangent may be a prefix, see `emit::padding`).
    let locals: Vec<syn::Ident> = (0..n).map(names::argument).collect();
    let local_args: Vec<Expr> = locals.iter().map(|a| syn::parse_quote!(#a)).collect();
    let vjp = match &input.of {
        Expr::Path(p) if p.qself.is_none() => {
            // `at: &mut x` calls a `&mut self` method, whose VJP has its own name.
            let mutates =
                matches!(input.args.first(), Some(Expr::Reference(r)) if r.mutability.is_some());
            let path = callee::reverse_path_of(&p.path, mutates);
            quote!(#path(#(#locals),*))
        }
        Expr::Closure(c) => match closure_reverse(c, &local_args) {
            Ok(tokens) => tokens,
            Err(errors) => return errors,
        },
        other => {
            return syn::Error::new(other.span(), "`of:` takes a path to a differentiable function or a closure literal such as `|x| x * x`")
                .to_compile_error();
        }
    };
    let lengths: Vec<Option<TokenStream>> =
        locals.iter().map(|a| Some(a.to_token_stream())).collect();
    let closure = match &input.of {
        Expr::Closure(c) => Some(c),
        _ => None,
    };
    let bindings = bind_arguments(closure, &input.args, &locals);
    let padded = emit::padded(vjp, &lengths, emit::PaddedFor::User);
    let vjp = quote!({ #(#bindings)* #padded });
    let rt = names::runtime();
    let tangents: Vec<_> = (0..n).map(|i| names::argument_tangent(i)).collect();
    let unpacked = if n == 1 {
        tangents[0].to_token_stream()
    } else {
        quote!((#(#tangents),*))
    };
    let gradient = quote! {{
        let (#(#tangents,)*) = #pullback_(#rt::seed(&#value_));
        #unpacked
    }};
    let pullback = if n == 1 {
        quote!(move |#cotangent_| {
            let (#t0_,) = #pullback_(#cotangent_);
            #t0_
        })
    } else {
        quote!(#pullback_)
    };
    let tail = match operator {
        Operator::Gradient => gradient,
        Operator::ValueWithGradient => quote!((#value_, #gradient)),
        Operator::ValueWithPullback => quote!((#value_, #pullback)),
        Operator::Pullback => pullback,
    };
    let allow = emit::allow_generated();
    quote! {{
        #allow
        let (#value_, #pullback_) = #vjp;
        #tail
    }}
}

/// A closure literal's parameters and its body lowered and analysed, for an operator that
/// applies it to `arguments` arguments; the errors otherwise.
pub(crate) fn differentiate_closure(
    closure: &syn::ExprClosure,
    arguments: usize,
) -> Result<(Vec<lower::ParamInput>, Differentiated), TokenStream> {
    let params = lower::closure_params(closure);
    if params.len() != arguments {
        return Err(syn::Error::new(
            closure.inputs.span(),
            format!(
                "the closure takes {} parameter(s) but `at:` gives {} argument(s)",
                params.len(),
                arguments
            ),
        )
        .to_compile_error());
    }
    let mut diag = Diagnostics::default();
    let differentiated = pipeline::differentiate(
        "closure".into(),
        &params,
        None,
        BodyInput::Expr(&closure.body),
        &mut diag,
    );
    match differentiated.filter(|_| !diag.has_errors()) {
        Some(differentiated) => Ok((params, differentiated)),
        None => Err(diag.to_compile_errors()),
    }
}

/// The VJP of a closure literal applied to `args`, as a block expression.
pub(crate) fn closure_reverse(
    closure: &syn::ExprClosure,
    args: &[Expr],
) -> Result<TokenStream, TokenStream> {
    let (params, differentiated) = differentiate_closure(closure, args.len())?;
    let mut diag = Diagnostics::default();
    let sources: Vec<TokenStream> = (0..params.len())
        .map(|i| names::param(i).to_token_stream())
        .collect();
    let bindings = params.iter().zip(args).enumerate().map(|(i, (p, arg))| {
        let name = names::param(i);
        match &p.ty {
            Some(ty) => quote!(let #name: #ty = #arg;),
            // An unsuffixed float literal would stay `{float}` until rustc's fallback, too late
            // for the rule calls to resolve: give it the type the fallback would, `f64`.
            None if crate::ir::is_unsuffixed_float(arg) => quote!(let #name: f64 = #arg;),
            None => quote!(let #name = #arg;),
        }
    });
    // With every parameter typed, the pullback's outputs are known: say so, since nothing else
    // in a closure fixes them (a tuple parameter's adjoint is built from its components).
    let outputs = params
        .iter()
        .map(|p| p.ty.as_ref().map(|ty| types::param_tangent(ty, true)))
        .collect();
    let pullback_types = emit::reverse::PullbackTypes {
        seed: None,
        outputs,
        prefix_cotangents: false,
    };
    let Some(plan) = differentiated.reverse_plan(&mut diag) else {
        return Err(diag.to_compile_errors());
    };
    let body = emit::reverse::body(&differentiated.ir, &plan, &sources, pullback_types, false);
    let items = &differentiated.ir.items;
    Ok(quote! {
        {
            #(#bindings)*
            #(#items)*
            #body
        }
    })
}

/// `let __ad_a<i> = <argument>;`, typed as `closure`'s parameter where it says, and as `f64`
/// for an unsuffixed float literal (which rustc would type too late for the rules): each
/// argument evaluated once, before anything else.
pub(crate) fn bind_arguments(
    closure: Option<&syn::ExprClosure>,
    args: &[Expr],
    locals: &[syn::Ident],
) -> Vec<TokenStream> {
    let types: Vec<Option<syn::Type>> = closure
        .map(|c| lower::closure_params(c).into_iter().map(|p| p.ty).collect())
        .unwrap_or_default();
    args.iter()
        .zip(locals)
        .enumerate()
        .map(|(i, (arg, local))| match types.get(i).cloned().flatten() {
            Some(ty) => quote!(let #local: #ty = #arg;),
            None if crate::ir::is_unsuffixed_float(arg) => quote!(let #local: f64 = #arg;),
            None => quote!(let #local = #arg;),
        })
        .collect()
}
