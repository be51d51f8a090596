//! Prints a [`VjpProgram`] as the statements of a function body ending in
//! `(value, pullback)`.

use super::names::{self, runtime};
use super::primal;
use crate::ir::{Body, ValueId};
use crate::vjp::program::*;
use proc_macro2::TokenStream;
use quote::{ToTokens, quote, quote_spanned};

/// The body of a VJP. `param_sources[i]` is the expression holding parameter `i` (a renamed
/// parameter or `self`); `seed_type` annotates the pullback's argument when it is known.
pub fn body(
    ir: &Body,
    program: &VjpProgram<'_>,
    param_sources: &[TokenStream],
    seed_type: Option<TokenStream>,
) -> TokenStream {
    let rt = runtime();
    let printer = Printer { ir, program };
    let bindings = ir.params.iter().zip(param_sources).map(|(p, source)| {
        let value = names::value(p.value);
        quote!(let mut #value = #source;)
    });
    let branch_slots = program.branches.iter().map(|r| {
        let slot = names::branch(*r);
        quote!(let mut #slot = false;)
    });
    let pullback_slots = program.saved.iter().map(|r| {
        let slot = names::pullback(*r);
        quote!(let mut #slot = ::core::option::Option::None;)
    });
    let primal_steps = printer.primal(&program.primal);

    let result = match program.result {
        Some(v) => names::value(v).into_token_stream(),
        None => quote!(()),
    };
    let seed_name = if program.result_active {
        quote!(__ad_seed)
    } else {
        quote!(_)
    };
    let seed_param = match seed_type {
        Some(ty) => quote!(#seed_name: #ty),
        None => seed_name,
    };
    let seed = match (program.result, program.result_active) {
        (Some(r), true) => {
            let adjoint = names::adjoint(r);
            if program.lazy.contains(&r) {
                quote!(let mut #adjoint = ::core::option::Option::Some(__ad_seed);)
            } else {
                quote!(let mut #adjoint = __ad_seed;)
            }
        }
        _ => quote!(),
    };
    let declared = declare(&program.declared);
    let adjoint_steps = printer.adjoint(&program.adjoint);
    let outputs = program.outputs.iter().map(|out| match out {
        ParamCotangent::Adjoint(v) => names::adjoint(*v).into_token_stream(),
        ParamCotangent::LazyAdjoint(v, i) => {
            let (adjoint, zero) = (names::adjoint(*v), names::zero(*i));
            quote!(match #adjoint { ::core::option::Option::Some(t) => t, ::core::option::Option::None => ::core::clone::Clone::clone(&#zero) })
        }
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
        #(#branch_slots)*
        #(#pullback_slots)*
        #primal_steps
        (#result, move |#seed_param| {
            #seed
            #declared
            #adjoint_steps
            (#(#outputs,)*)
        })
    }
}

/// `let mut adj = None;` for lazy adjoints.
fn declare(values: &[ValueId]) -> TokenStream {
    values
        .iter()
        .map(|v| {
            let adjoint = names::adjoint(*v);
            quote!(let mut #adjoint = ::core::option::Option::None;)
        })
        .collect()
}

struct Printer<'p, 'a> {
    ir: &'p Body,
    program: &'p VjpProgram<'a>,
}

impl Printer<'_, '_> {
    fn primal(&self, steps: &[PrimalStep<'_>]) -> TokenStream {
        steps.iter().map(|step| self.primal_step(step)).collect()
    }

    fn primal_step(&self, step: &PrimalStep<'_>) -> TokenStream {
        let rt = runtime();
        match step {
            PrimalStep::ZeroTangent { param } => {
                let zero = names::zero(*param);
                let Some(p) = self.ir.params.get(*param) else {
                    return quote!();
                };
                let value = names::value(p.value);
                let by_ref = match &p.ty {
                    Some(syn::Type::Reference(_)) => quote!(#value),
                    _ => quote!(&#value),
                };
                quote!(let #zero = #rt::Differentiable::zero_tangent(#by_ref);)
            }
            PrimalStep::Compute(instr) => primal::compute(instr),
            PrimalStep::Rule { instr, rule, saved } => {
                primal::rule_call(self.ir, instr, rule, *saved)
            }
            PrimalStep::If {
                instr,
                then_steps,
                else_steps,
            } => {
                let crate::ir::Op::If {
                    cond,
                    then_region,
                    else_region,
                    ..
                } = &instr.op
                else {
                    return quote!();
                };
                let branch = names::branch(instr.result);
                let cond_value = names::value(*cond);
                let statement = primal::if_statement(
                    instr,
                    *cond,
                    self.primal(then_steps),
                    &then_region.yields,
                    self.primal(else_steps),
                    &else_region.yields,
                );
                quote!(#branch = #cond_value; #statement)
            }
        }
    }

    fn adjoint(&self, steps: &[AdjointStep<'_>]) -> TokenStream {
        steps.iter().map(|step| self.adjoint_step(step)).collect()
    }

    fn is_lazy(&self, v: ValueId) -> bool {
        self.program.lazy.contains(&v)
    }

    /// Runs `body` with the adjoint of `v` bound to `name`, if there is one: a plain adjoint
    /// always exists; a lazy one only when something was accumulated.
    fn with_adjoint(&self, v: ValueId, name: &TokenStream, body: TokenStream) -> TokenStream {
        let adjoint = names::adjoint(v);
        if self.is_lazy(v) {
            quote!(if let ::core::option::Option::Some(#name) = #adjoint.take() { #body })
        } else {
            quote!({ let #name = #adjoint; #body })
        }
    }

    /// `adj[target] += contribution`: a plain adjoint is initialised by its first
    /// contribution, a lazy one accumulates into its `Option`.
    fn contribute(&self, target: ValueId, first: bool, contribution: TokenStream) -> TokenStream {
        let rt = runtime();
        let adjoint = names::adjoint(target);
        if self.is_lazy(target) {
            quote!(#rt::accumulate(&mut #adjoint, #contribution);)
        } else if first {
            quote!(let mut #adjoint = #contribution;)
        } else {
            quote!(#rt::add_into(&mut #adjoint, #contribution);)
        }
    }

    fn adjoint_step(&self, step: &AdjointStep<'_>) -> TokenStream {
        let rt = runtime();
        match step {
            AdjointStep::Pullback {
                instr,
                arity,
                contributions,
                saved,
            } => {
                let r = instr.result;
                let outputs = match arity {
                    None => names::cotangent(r, 0).into_token_stream(),
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
                let adds: TokenStream = contributions
                    .iter()
                    .map(|c| {
                        let ct = names::cotangent(r, c.slot);
                        self.contribute(c.target, c.first, quote!(#ct))
                    })
                    .collect();
                let span = instr.span;
                let pullback = names::pullback(r);
                let call = if *saved {
                    quote_spanned! {span=>
                        if let ::core::option::Option::Some(__ad_saved) = &#pullback {
                            let #outputs = __ad_saved(__ad_d);
                            #adds
                        }
                    }
                } else {
                    quote_spanned! {span=>
                        let #outputs = #pullback(__ad_d);
                        #adds
                    }
                };
                if self.is_lazy(r) || *saved {
                    self.with_adjoint(r, &quote!(__ad_d), call)
                } else {
                    // A plain adjoint: straight-line code, no block needed.
                    let adjoint = names::adjoint(r);
                    quote!(let __ad_d = #adjoint; #call)
                }
            }
            AdjointStep::Pass { from, to, first } => {
                if self.is_lazy(*from) {
                    self.with_adjoint(
                        *from,
                        &quote!(__ad_d),
                        self.contribute(*to, *first, quote!(__ad_d)),
                    )
                } else {
                    let from = names::adjoint(*from);
                    self.contribute(*to, *first, quote!(#from))
                }
            }
            AdjointStep::Untuple {
                tuple,
                arity,
                contributions,
            } => {
                let parts = (0..*arity).map(|slot| {
                    if contributions.iter().any(|c| c.slot == slot) {
                        names::cotangent(*tuple, slot).into_token_stream()
                    } else {
                        quote!(_)
                    }
                });
                let adds: TokenStream = contributions
                    .iter()
                    .map(|c| {
                        let ct = names::cotangent(*tuple, c.slot);
                        self.contribute(c.target, c.first, quote!(#ct))
                    })
                    .collect();
                let body = quote!(let (#(#parts,)*) = __ad_d; #adds);
                if self.is_lazy(*tuple) {
                    self.with_adjoint(*tuple, &quote!(__ad_d), body)
                } else {
                    let adjoint = names::adjoint(*tuple);
                    quote!(let __ad_d = #adjoint; #body)
                }
            }
            AdjointStep::Project {
                field,
                base,
                index,
                first,
            } => {
                let index = *index as usize;
                let contribution = quote!(#rt::from_component::<#index, _>(__ad_d));
                if self.is_lazy(*field) {
                    self.with_adjoint(
                        *field,
                        &quote!(__ad_d),
                        self.contribute(*base, *first, contribution),
                    )
                } else {
                    let adjoint = names::adjoint(*field);
                    let add = self.contribute(*base, *first, contribution);
                    quote!(let __ad_d = #adjoint; #add)
                }
            }
            AdjointStep::If {
                instr,
                then_region,
                else_region,
            } => {
                let branch = names::branch(instr.result);
                let then_code = self.reverse_region(then_region);
                let else_code = self.reverse_region(else_region);
                quote!(if #branch { #then_code } else { #else_code })
            }
        }
    }

    fn reverse_region(&self, region: &ReverseRegion<'_>) -> TokenStream {
        let declared = declare(&region.declared);
        let entry: TokenStream = region
            .entry
            .iter()
            .map(|(output, yielded)| {
                self.with_adjoint(
                    *output,
                    &quote!(__ad_d),
                    self.contribute(*yielded, false, quote!(__ad_d)),
                )
            })
            .collect();
        let steps = self.adjoint(&region.steps);
        quote!(#declared #entry #steps)
    }
}
