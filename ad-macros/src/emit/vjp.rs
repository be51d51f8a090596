//! Prints a [`VjpProgram`] as the statements of a function body ending in
//! `(value, pullback)`.

use super::names::{self, runtime};
use super::primal;
use crate::ir::Body;
use crate::vjp::program::*;
use proc_macro2::TokenStream;
use quote::{ToTokens, quote};

/// The body of a VJP. `param_sources[i]` is the expression holding parameter `i` (a renamed
/// parameter or `self`); `seed_type` annotates the pullback's argument when it is known.
pub fn body(
    ir: &Body,
    program: &VjpProgram,
    param_sources: &[TokenStream],
    seed_type: Option<TokenStream>,
) -> TokenStream {
    let rt = runtime();
    let bindings = ir.params.iter().zip(param_sources).map(|(p, source)| {
        let value = names::value(p.value);
        quote!(let mut #value = #source;)
    });
    let primal_steps = program.primal.iter().map(|step| match step {
        PrimalStep::ZeroTangent { param } => {
            let zero = names::zero(*param);
            let value = names::value(ir.params[*param].value);
            let by_ref = match &ir.params[*param].ty {
                Some(syn::Type::Reference(_)) => quote!(#value),
                _ => quote!(&#value),
            };
            quote!(let #zero = #rt::Differentiable::zero_tangent(#by_ref);)
        }
        PrimalStep::Compute { instr } => primal::compute(&ir.block.instrs[*instr]),
        PrimalStep::Rule { instr, rule } => primal::rule_call(ir, &ir.block.instrs[*instr], rule),
    });

    let result = match program.result {
        Some(v) => names::value(v).into_token_stream(),
        None => quote!(()),
    };
    let seed_name = match (program.result, program.result_active) {
        (Some(v), true) => names::adjoint(v).into_token_stream(),
        _ => quote!(_),
    };
    let seed_param = match seed_type {
        Some(ty) => quote!(#seed_name: #ty),
        None => seed_name,
    };
    let adjoint_steps = program.adjoint.iter().map(|step| adjoint_step(ir, step));
    let outputs = program.outputs.iter().map(|out| match out {
        ParamCotangent::Adjoint(v) => names::adjoint(*v).into_token_stream(),
        ParamCotangent::Zero(i) => {
            let zero = names::zero(*i);
            quote!(::core::clone::Clone::clone(&#zero))
        }
        ParamCotangent::Constant => quote!(#rt::NoTangent),
    });

    quote! {
        #[allow(unused_imports)]
        use #rt::FloatMethods as _;
        #(#bindings)*
        #(#primal_steps)*
        (#result, move |#seed_param| {
            #(#adjoint_steps)*
            (#(#outputs,)*)
        })
    }
}

fn adjoint_step(ir: &Body, step: &AdjointStep) -> TokenStream {
    match step {
        AdjointStep::Pullback {
            instr,
            arity,
            contributions,
        } => {
            let instr = &ir.block.instrs[*instr];
            let r = instr.result;
            let pullback = names::pullback(r);
            let adjoint = names::adjoint(r);
            let outputs = match arity {
                None => {
                    let ct = names::cotangent(r, 0);
                    quote!(#ct)
                }
                Some(n) => {
                    let slots = (0..*n).map(|slot| {
                        if contributions.iter().any(|c| c.slot == slot) {
                            names::cotangent(r, slot).into_token_stream()
                        } else {
                            quote!(_)
                        }
                    });
                    quote!((#(#slots,)*))
                }
            };
            let adds = contributions.iter().map(|c| {
                let ct = names::cotangent(r, c.slot);
                contribute(c.target, c.first, quote!(#ct))
            });
            let span = instr.span;
            quote::quote_spanned! {span=>
                let #outputs = #pullback(#adjoint);
                #(#adds)*
            }
        }
        AdjointStep::Pass { from, to, first } => {
            let from = names::adjoint(*from);
            contribute(*to, *first, quote!(#from))
        }
        AdjointStep::Untuple {
            tuple,
            arity,
            contributions,
        } => {
            let adjoint = names::adjoint(*tuple);
            let parts = (0..*arity).map(|slot| {
                if contributions.iter().any(|c| c.slot == slot) {
                    names::cotangent(*tuple, slot).into_token_stream()
                } else {
                    quote!(_)
                }
            });
            let adds = contributions.iter().map(|c| {
                let ct = names::cotangent(*tuple, c.slot);
                contribute(c.target, c.first, quote!(#ct))
            });
            quote! {
                let (#(#parts,)*) = #adjoint;
                #(#adds)*
            }
        }
        AdjointStep::Project {
            field,
            base,
            index,
            first,
        } => {
            let rt = runtime();
            let adjoint = names::adjoint(*field);
            let index = *index as usize;
            contribute(
                *base,
                *first,
                quote!(#rt::from_component::<#index, _>(#adjoint)),
            )
        }
    }
}

/// `adj[target] += contribution`, or its initialisation for the first contribution.
fn contribute(target: crate::ir::ValueId, first: bool, contribution: TokenStream) -> TokenStream {
    let adjoint = names::adjoint(target);
    if first {
        quote!(let mut #adjoint = #contribution;)
    } else {
        let rt = runtime();
        quote!(#rt::add_into(&mut #adjoint, #contribution);)
    }
}
