//! The forward-mode operators: `differentiate!`, `value_with_differential!`, `jacobian!` and
//! `hessian!`,
//! each `(at: a, b, .., of: f)` like the reverse-mode ones (see [`crate::frontend::operators`]).
//!
//! `of` is a path (its `forward` is found as for a call, see
//! [`crate::emit::callee`]) or a closure literal, whose body is differentiated in
//! place. The arguments are evaluated once, before anything else.

use crate::emit::forward::Order;
use crate::emit::forward::closure::{Captured, closure_code};
use crate::emit::{self, callee};
use crate::frontend::operators;
use crate::lower;
use crate::lower::operator_input::Input;
use crate::names;
use proc_macro2::{Ident, TokenStream};
use quote::{ToTokens, quote};
use syn::Expr;
use syn::spanned::Spanned;

/// Which forward operator is expanded.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum ForwardOperator {
    /// `differentiate!`: the derivative with respect to one scalar argument.
    Differentiate,
    /// `value_with_differential!`: `(value, differential)`.
    ValueWithDifferential,
    /// `jacobian!`: the Jacobian matrix, by forward or reverse mode.
    Jacobian,
    /// `hessian!`: the Hessian of a scalar function, by second-order forward mode.
    Hessian,
}

/// Expands a forward operator invocation.
pub fn expand(operator: ForwardOperator, tokens: TokenStream) -> TokenStream {
    let t_ = names::function_tangent();
    let (t1_, t2_, t12_) = names::hessian_directions();
    let cotangent_ = names::pullback_argument();
    let second_ = names::mixed_tangent();
    let tangent_ = names::result_tangent();
    let differential_ = names::operator_differential();
    let pullback_ = names::operator_pullback();
    let value_ = names::operator_value();
    let input = match syn::parse2::<Input>(tokens) {
        Ok(input) => input,
        Err(e) => return e.to_compile_error(),
    };
    let name = match operator {
        ForwardOperator::Differentiate => "differentiate!",
        ForwardOperator::ValueWithDifferential => "value_with_differential!",
        ForwardOperator::Jacobian => "jacobian!",
        ForwardOperator::Hessian => "hessian!",
    };
    if operator != ForwardOperator::ValueWithDifferential
        && let Some(extra) = input.args.get(1)
    {
        return syn::Error::new(
            extra.span(),
            format!("`{name}` takes one argument: for a function of several, use `value_with_differential!(at: x, y, of: f)` and call the differential with one tangent per argument"),
        )
        .to_compile_error();
    }
    // `at: &mut x` differentiates a `&mut self` method, whose derivatives have their own names.
    let mutates = matches!(input.args.first(), Some(Expr::Reference(r)) if r.mutability.is_some());
    let function = match Function::new(&input.of, mutates) {
        Ok(function) => function,
        Err(e) => return e,
    };
    let rt = names::runtime();
    let n = input.args.len();
    let locals: Vec<Ident> = (0..n).map(names::argument).collect();
    let bindings = function.bind_arguments(&input.args, &locals);
    // Each use gets its own copy: a reference argument is copied (a `&mut` one reborrowed),
    // and the call coerces it as it would the expression; a value is cloned, into a local so
    // that the clone's type is the value's (a `&Vec<f64>` given where `&[f64]` is expected
    // is then coerced, instead of `clone` being asked for a `&[f64]` from a `&&Vec<f64>`).
    let cloned: Vec<TokenStream> = locals
        .iter()
        .zip(&input.args)
        .map(|(a, arg)| match arg {
            Expr::Reference(r) if r.mutability.is_some() => quote!(&mut *#a),
            Expr::Reference(_) => quote!(#a),
            _ => quote!({ let __ad_copy = ::core::clone::Clone::clone(&#a); __ad_copy }),
        })
        .collect();

    let result = match operator {
        ForwardOperator::Differentiate => {
            let a = &locals[0];
            let values = vec![a.to_token_stream()];
            // Spanned at the argument, where a non-scalar argument is reported.
            let seed = quote::quote_spanned!(input.args[0].span()=> #rt::argument_seed(&#a));
            let tangents = vec![quote!(#rt::Present(#seed))];
            let forward = function.derivative(Order::First, &values, &tangents);
            forward.map(
                |Captured {
                     references,
                     forward,
                     ..
                 }| {
                    quote!({ #references let (_, #tangent_) = #forward; #tangent_ })
                },
            )
        }
        ForwardOperator::ValueWithDifferential => {
            let inputs: Vec<Ident> = (0..n).map(names::argument_tangent).collect();
            let tangents: Vec<TokenStream> =
                inputs.iter().map(|t| quote!(#rt::Present(#t))).collect();
            let primal = match function.primal(&cloned) {
                Ok(primal) => primal,
                Err(e) => return e,
            };
            function.derivative(Order::First, &cloned, &tangents).map(
                |Captured {
                     references,
                     forward,
                     ..
                 }| {
                    quote!({
                        #references
                        let #value_ = #primal;
                        let #differential_ = move |#(#inputs),*| {
                            let (_, #tangent_) = #forward;
                            #tangent_
                        };
                        (#value_, #differential_)
                    })
                },
            )
        }
        ForwardOperator::Hessian => {
            let tangents = [quote!(#rt::Present((#t1_, #t2_, #t12_)))];
            function.derivative(Order::Second, &cloned, &tangents).map(
                |Captured {
                     references,
                     forward,
                     ..
                 }| {
                    let a = &locals[0];
                    quote!({
                        use #rt::Differentiable as _;
                        #references
                        #rt::hessian(&#a, #a.zero_tangent(), |#t1_, #t2_, #t12_| {
                            let (_, (_, _, #second_)) = #forward;
                            #second_
                        })
                    })
                },
            )
        }
        ForwardOperator::Jacobian => {
            let primal = match function.primal(&cloned) {
                Ok(primal) => primal,
                Err(e) => return e,
            };
            let forward = function.derivative(Order::First, &cloned, &[quote!(#rt::Present(#t_))]);
            // A free function's cotangent may be a prefix (see `emit::padding`).
            let argument = locals[0].to_token_stream();
            let vjp = function
                .vjp(&cloned)
                .map(|vjp| emit::padded(vjp, &[Some(argument)], emit::PaddedFor::User));
            match (forward, vjp) {
                (
                    Ok(Captured {
                        references,
                        forward,
                        ..
                    }),
                    Ok(vjp),
                ) => {
                    let a = &locals[0];
                    // The matrix's type follows the argument's and the result's (an
                    // nalgebra matrix between nalgebra vectors): see `JacobianLayout`.
                    Ok(quote!({
                        use #rt::Differentiable as _;
                        use #rt::jacobian_layouts::*;
                        #references
                        let #value_ = #primal;
                        let __ad_layout = #rt::JacobianLayout::of(&#a, &#value_);
                        let __ad_matrix = #rt::jacobian(
                            #a.zero_tangent(),
                            #value_.zero_tangent(),
                            |#t_| {
                                let (_, #tangent_) = #forward;
                                #tangent_
                            },
                            || {
                                let (_, #pullback_) = #vjp;
                                move |#cotangent_| #pullback_(#cotangent_).0
                            },
                        );
                        (&__ad_layout).finish(__ad_matrix)
                    }))
                }
                (Err(e), _) | (_, Err(e)) => Err(e),
            }
        }
    };
    match result {
        Ok(body) => {
            let allow = emit::allow_generated();
            quote!({
                #allow
                #(#bindings)*
                #body
            })
        }
        Err(errors) => errors,
    }
}

/// `gradient!` or `value_with_gradient!` of a function of one scalar argument (a closure
/// literal whose parameter is typed `f32`/`f64`, or any function given a float literal or a
/// cast to a float type): one forward pass seeded with `1` gives the value and
/// the derivative without a tape, as an expert writes it by hand (a dual-number loop). `None`
/// when the argument is not seen to be a scalar; the caller then runs reverse mode.
pub fn scalar_gradient(input: &Input, with_value: bool) -> Option<TokenStream> {
    let [arg] = input.args.as_slice() else {
        return None;
    };
    // A float literal, or a cast to a float type.
    let scalar_argument = match arg {
        Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Float(f),
            ..
        }) => matches!(f.suffix(), "" | "f64" | "f32"),
        Expr::Cast(cast) => crate::ir::is_float_type(&cast.ty),
        _ => false,
    };
    let scalar = match &input.of {
        Expr::Closure(closure) => match lower::closure_params(closure).as_slice() {
            [param] => param
                .ty
                .as_ref()
                .map_or(scalar_argument, crate::ir::is_float_type),
            _ => false,
        },
        _ => scalar_argument,
    };
    if !scalar {
        return None;
    }
    let rt = names::runtime();
    let function = Function::new(&input.of, false).ok()?;
    let a = names::argument(0);
    let bindings = function.bind_arguments(&input.args, std::slice::from_ref(&a));
    // Spanned at the argument, where a non-scalar argument is reported.
    let seed = quote::quote_spanned!(arg.span()=> #rt::argument_seed(&#a));
    let values = [a.to_token_stream()];
    let tangents = [quote!(#rt::Present(#seed))];
    let value_ = names::operator_value();
    let tangent_ = names::result_tangent();
    let tail = if with_value {
        quote!((#value_, #tangent_))
    } else {
        quote!(#tangent_)
    };
    let allow = emit::allow_generated();
    Some(
        match function.derivative(Order::First, &values, &tangents) {
            Ok(Captured {
                references,
                forward,
                ..
            }) => quote!({
                #allow
                #(#bindings)*
                #references
                let (#value_, #tangent_) = #rt::scalar_gradient(&#a, #forward);
                #tail
            }),
            Err(errors) => errors,
        },
    )
}

/// What `of:` names.
enum Function<'a> {
    /// A path to a differentiable function (a `&mut self` method when `mutates`).
    Path { path: &'a syn::Path, mutates: bool },
    /// A closure literal, differentiated in place.
    Closure(&'a syn::ExprClosure),
}

impl<'a> Function<'a> {
    fn new(of: &'a Expr, mutates: bool) -> Result<Self, TokenStream> {
        match of {
            Expr::Path(p) if p.qself.is_none() => Ok(Function::Path {
                path: &p.path,
                mutates,
            }),
            Expr::Closure(c) => Ok(Function::Closure(c)),
            other => Err(syn::Error::new(other.span(), "`of:` takes a path to a differentiable function or a closure literal such as `|x| x * x`").to_compile_error()),
        }
    }

    /// The arguments bound to `locals` (see [`operators::bind_arguments`]).
    fn bind_arguments(&self, args: &[Expr], locals: &[Ident]) -> Vec<TokenStream> {
        let closure = match self {
            Function::Closure(c) => Some(*c),
            Function::Path { .. } => None,
        };
        operators::bind_arguments(closure, args, locals)
    }

    /// The function's value at `values`.
    fn primal(&self, values: &[TokenStream]) -> Result<TokenStream, TokenStream> {
        match self {
            Function::Path { path, .. } => Ok(quote!(#path(#(#values),*))),
            // Calling the literal would leave untyped parameters to rustc's inference, which
            // does not reach into a closure called in place: its forward code, whose
            // parameters are bound to typed locals, computes the value.
            Function::Closure(c) => {
                let rt = names::runtime();
                let absent = vec![quote!(#rt::Absent); values.len()];
                closure_forward(c, values, &absent, Order::First).map(
                    |Captured {
                         references,
                         forward,
                         ..
                     }| { quote!({ #references #forward.0 }) },
                )
            }
        }
    }

    /// `(value, tangent)` of the forward derivative of `order` at `values` with argument
    /// tangents `tangents` (`Present(..)`; triples for the second order), and the statements
    /// that must come first, outside any closure that holds the call.
    fn derivative(
        &self,
        order: Order,
        values: &[TokenStream],
        tangents: &[TokenStream],
    ) -> Result<Captured, TokenStream> {
        match self {
            Function::Path { path, mutates } => {
                let derivative = match order {
                    Order::First => callee::forward_path_of(path, *mutates),
                    Order::Second => callee::second_path_of(path, *mutates),
                };
                Ok(Captured {
                    references: quote!(),
                    forward: quote!(#derivative(#(#values,)* #(#tangents),*)),
                    names: Vec::new(),
                })
            }
            Function::Closure(c) => closure_forward(c, values, tangents, order),
        }
    }

    /// `(value, pullback)` at `values`.
    fn vjp(&self, values: &[TokenStream]) -> Result<TokenStream, TokenStream> {
        match self {
            Function::Path { path, mutates } => {
                let vjp = callee::reverse_path_of(path, *mutates);
                Ok(quote!(#vjp(#(#values),*)))
            }
            Function::Closure(c) => {
                let args: Vec<Expr> = values.iter().map(|v| syn::parse_quote!(#v)).collect();
                operators::closure_reverse(c, &args)
            }
        }
    }
}

/// The forward derivative of a closure literal applied to `values` with argument tangents
/// `tangents`.
pub(crate) fn closure_forward(
    closure: &syn::ExprClosure,
    values: &[TokenStream],
    tangents: &[TokenStream],
    order: Order,
) -> Result<Captured, TokenStream> {
    let (_, differentiated) = operators::differentiate_closure(closure, values.len())?;
    Ok(closure_code(
        &differentiated.ir,
        &differentiated.activity,
        values,
        tangents,
        order,
    ))
}
