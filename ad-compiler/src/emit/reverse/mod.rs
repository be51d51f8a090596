//! The reverse derivative as Rust: takes a body and its verified [`ReversePlan`], returns the
//! statements of a function body ending in `(value, pullback)`. The primal steps are printed
//! in order (rule calls keep their pullbacks in locals, slots or tapes, as the plan says);
//! the pullback closure prints the adjoint steps, each adding its cotangents into the
//! operands' adjoints (plain locals initialised by their first contribution, or `Option`s
//! where contributions are conditional), and reads tapes backwards with cursors so that it
//! stays `Fn`.

mod copies;
mod literals;
mod loops;
mod saved;

use super::primal;
use crate::analysis::ownership::Ownership;
use crate::ir::{Body, Op, ValueId};
use crate::names::{self, runtime};
use crate::reverse::plan::*;
use literals::{ascribed_types, lent_arrays, struct_paths, tangent_path, witnesses};
use loops::{StoredFloats, float_adjoint, stored_by_loop};
use proc_macro2::TokenStream;
use quote::{ToTokens, quote, quote_spanned};
use saved::{declare_saved, reserve_tapes, restore, save, saved_name};
use std::collections::HashMap;

/// Types written on the pullback closure where the context does not fix them (a closure
/// literal's VJP has no signature to infer them from).
#[derive(Default)]
pub struct PullbackTypes {
    /// The type of the pullback's argument (the result's tangent).
    pub seed: Option<TokenStream>,
    /// The types of its outputs (the parameters' tangents).
    pub outputs: Option<Vec<TokenStream>>,
    /// Whether a slice parameter's cotangent may be a prefix (see `ad_core::TangentVector`):
    /// for the callers that pad (a free function's, see `emit::padding`).
    pub prefix_cotangents: bool,
}

/// The body of a VJP. `param_sources[i]` is the expression holding parameter `i` (a renamed
/// parameter or `self`); `types` annotates the pullback where known; `boxed` boxes it (for
/// recursive functions, whose pullback type would contain itself).
pub fn body(
    ir: &Body,
    program: &ReversePlan<'_>,
    param_sources: &[TokenStream],
    types: PullbackTypes,
    boxed: bool,
) -> TokenStream {
    let rt = runtime();
    let mut stored = HashMap::new();
    stored_by_loop(&program.primal, &mut stored);
    let printer = Printer {
        ir,
        program,
        owned: Ownership::of(ir),
        stored,
        struct_paths: struct_paths(ir),
        ascribed: ascribed_types(ir),
        witnesses: witnesses(ir, &|v| program.active.contains(&v)),
        lent_arrays: lent_arrays(ir),
        prefix_params: copies::prefix_params(ir),
    };
    let bindings = ir.params.iter().zip(param_sources).map(|(p, source)| {
        let value = names::value(p.value);
        quote!(let mut #value = #source;)
    });
    let saved_declarations = program
        .saved
        .iter()
        .map(|saved| declare_saved(saved, &program.float_types));
    let copies::ParamCopies {
        whole,
        extents,
        prefixes,
    } = copies::ParamCopies::of(ir, &program.copies, &printer.prefix_params);
    let cursors = program
        .saved
        .iter()
        .filter(|s| s.storage == Storage::Tape)
        .map(|s| {
            let tape = saved_name(s.value, s.kind);
            let cursor = names::cursor(&tape);
            quote!(let mut #cursor = #tape.len();)
        });
    let primal_steps = printer.primal(&program.primal);

    let result = match program.result {
        Some(v) if !ir.inout_result => names::value(v).into_token_stream(),
        _ => quote!(()),
    };
    let seed_arg = names::seed();
    let seed_name = if program.result_active {
        quote!(#seed_arg)
    } else {
        quote!(_)
    };
    let seed_param = match types.seed {
        Some(ty) => quote!(#seed_name: #ty),
        None => seed_name,
    };
    let output_type = types.outputs.map(|outputs| quote!(-> (#(#outputs,)*)));
    let seed = match (program.result, program.result_active) {
        (Some(r), true) => {
            let adjoint = names::adjoint(r);
            if program.lazy.contains(&r) {
                quote!(let mut #adjoint = ::core::option::Option::Some(#seed_arg);)
            } else {
                quote!(let mut #adjoint = #seed_arg;)
            }
        }
        _ => quote!(),
    };
    let declared = declare(&program.declared);
    let start = |i: usize| zero_start(ir, i, types.prefix_cotangents, &printer.prefix_params);
    // Parameters whose contributions are conditional or repeated accumulate into their zero.
    let dense: TokenStream = program
        .outputs
        .iter()
        .filter_map(|out| match out {
            ParamCotangent::Dense(v, i) => {
                let (adjoint, zero) = (names::adjoint(*v), names::zero(*i));
                let start = start(*i);
                Some(quote!(let mut #adjoint = #zero.#start;))
            }
            _ => None,
        })
        .collect();
    let adjoint_steps = printer.adjoint(&program.adjoint);
    let outputs = program.outputs.iter().map(|out| match out {
        ParamCotangent::Adjoint(v) => names::adjoint(*v).into_token_stream(),
        ParamCotangent::Dense(v, _) => names::adjoint(*v).into_token_stream(),
        ParamCotangent::Zero(i) => {
            let zero = names::zero(*i);
            let start = start(*i);
            quote!(#zero.#start)
        }
        ParamCotangent::Constant => quote!(#rt::NoTangent),
    });

    let pullback = quote! {
        move |#seed_param| #output_type {
            #(#cursors)*
            #seed
            #declared
            #dense
            #adjoint_steps
            (#(#outputs,)*)
        }
    };

    // A recursive function's pullback holds its own type: box it.
    let pullback = if boxed {
        quote!(::std::boxed::Box::new(#pullback))
    } else {
        pullback
    };
    // A `&mut self` method leaves its last version of `self` in `*self`, as the source does.
    let write_back = ir.mutated_self.map(|v| {
        let value = names::value(v);
        quote!(*self = ::core::clone::Clone::clone(&#value);)
    });
    let fallbacks = super::missing::fallbacks(ir, super::missing::Mode::Reverse);
    let function_fallbacks =
        super::missing_functions::Fallbacks::of(ir, &|v| program.active.contains(&v)).items();
    let body = quote! {
        #[allow(unused_imports)]
        use #rt::method_rules::*;
        #fallbacks
        #function_fallbacks
        #(#bindings)*
        #(#whole)*
        #(#extents)*
        #(#saved_declarations)*
        #primal_steps
        #(#prefixes)*
        #write_back
        (#result, #pullback)
    };
    inline_names(body, &constant_names(ir))
}

/// The constants of `ir` that are names (a captured variable, a `const`), by the local that
/// would hold them: they are written where they are used instead.
pub fn constant_names(ir: &Body) -> HashMap<String, TokenStream> {
    let mut names = HashMap::new();
    crate::ir::walk(&ir.block.instrs, &mut |instr| {
        if let Op::Const(tokens) = &instr.op
            && primal::is_name(tokens)
        {
            names.insert(names::value(instr.result).to_string(), tokens.clone());
        }
    });
    names
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
    program: &'p ReversePlan<'a>,
    owned: Ownership,
    /// The floats each loop's iterations store, by the loop's value.
    stored: HashMap<ValueId, StoredFloats>,
    /// The struct literal's path of each value built by one (and of its versions with a
    /// field set), whose adjoint's type nothing else may fix.
    struct_paths: HashMap<ValueId, syn::Path>,
    /// The type the source writes for a value (`let p: (f64, f64) = ..`, a closure's
    /// parameters inlined at its call), whose adjoint's type a projection may not fix.
    ascribed: HashMap<ValueId, syn::Type>,
    /// For each value built by an active struct literal of the function's own block (and its
    /// versions with a field set), that literal: its tangent witness, declared beside it,
    /// fixes the adjoint's type in the pullback, generic structs included.
    witnesses: HashMap<ValueId, ValueId>,
    /// The array literals passed by reference to a call (`total(&[a, b])`, `total(&arr)`),
    /// whose adjoint may come back as a `Vec` when the callee takes a slice.
    lent_arrays: std::collections::HashSet<ValueId>,
    /// The parameters needed only as far as the primal code read them (see
    /// `copies::prefix_params`).
    prefix_params: std::collections::HashSet<ValueId>,
}

impl Printer<'_, '_> {
    fn primal(&self, steps: &[PrimalStep<'_>]) -> TokenStream {
        steps.iter().map(|step| self.primal_step(step)).collect()
    }

    /// After an element read of a parameter needed only as far as read: how far it is read.
    fn read_extended(&self, instr: &crate::ir::Instr) -> Option<TokenStream> {
        match instr.op {
            Op::Index { base, index, .. } if self.prefix_params.contains(&base) => {
                let (extent, index) = (names::read_extent(base), names::value(index));
                Some(quote!(#extent = ::core::cmp::max(#extent, #index + 1);))
            }
            _ => None,
        }
    }

    /// The tangent witnesses of the outputs of `instr` that are witnessed (see
    /// `Printer::witnesses`): a struct literal's, or an `if`'s that literals in its branches
    /// become.
    fn witness_declarations(&self, instr: &crate::ir::Instr) -> TokenStream {
        let rt = runtime();
        instr
            .outputs()
            .into_iter()
            .filter(|o| self.witnesses.get(o) == Some(o))
            .map(|o| {
                let (witness, value) = (names::tangent_witness(o), names::value(o));
                quote!(let #witness = #rt::tangent_witness(&#value);)
            })
            .collect()
    }

    fn primal_step(&self, step: &PrimalStep<'_>) -> TokenStream {
        let rt = runtime();
        match step {
            PrimalStep::ZeroTangent { param, declared: p } => {
                let zero = names::zero(*param);
                let value = names::value(p.value);
                // A `&mut self` receiver is bound to an owned copy (see `emit::derivative_params`).
                let owned_copy = self.ir.mutated_self.is_some() && p.name == "self";
                // A function parameter (`&dyn Fn(..)` included) is given by value to the
                // derivatives (see `frontend::function_params`).
                let function =
                    p.ty.as_ref()
                        .is_some_and(crate::frontend::function_params::is_function_type);
                let by_ref = match &p.ty {
                    Some(syn::Type::Reference(_)) if !owned_copy && !function => quote!(#value),
                    _ => quote!(&#value),
                };
                quote!(let #zero = #rt::Differentiable::zero_shape(#by_ref);)
            }
            PrimalStep::Compute(instr) => {
                let computed = primal::compute(instr);
                let witnesses = self.witness_declarations(instr);
                let extended = self.read_extended(instr);
                quote!(#computed #witnesses #extended)
            }
            PrimalStep::Rule {
                instr,
                rule,
                storage,
            } => {
                let call = primal::rule_call(&self.owned, instr, rule, *storage);
                let extended = self.read_extended(instr);
                quote!(#call #extended)
            }
            PrimalStep::If {
                instr,
                shape,
                storage,
                then_steps,
                else_steps,
            } => {
                let record = save(
                    &names::branch(instr.result),
                    *storage,
                    names::value(shape.cond).into_token_stream(),
                );
                // The guard of a counted loop: the iteration ends by storing the floats its
                // reverse cannot recompute.
                let stores = match storage {
                    Storage::Guard(loop_value) => self.store_floats(*loop_value),
                    _ => quote!(),
                };
                let then_code = self.primal(then_steps);
                let statement = primal::if_statement(
                    instr,
                    shape,
                    quote!(#then_code #stores),
                    self.primal(else_steps),
                );
                let witnesses = self.witness_declarations(instr);
                quote!(#record #statement #witnesses)
            }
            PrimalStep::Loop {
                instr,
                shape,
                storage,
                body_steps,
                counted: Some(counted),
                stored,
            } => {
                // A counted loop keeps a clone of its iterator (unless an enclosing reverse
                // iteration rebuilds it) and the shapes of what it reads at positions the
                // reverse recomputes; it counts nothing.
                let iterator = names::value(counted.iterator);
                let items = save(
                    &names::items(instr.result),
                    counted.items,
                    quote!(::core::clone::Clone::clone(&#iterator)),
                );
                let shapes = counted.shapes.iter().map(|(index, base)| {
                    let base = names::value(*base);
                    let shape = quote!(#rt::IndexShape::index_shape(&#base));
                    save(&names::index_shape(*index), *storage, shape)
                });
                // A vector written at recomputed positions: its type, as a write at 0.
                let written = counted.written.iter().map(|(write, origin)| {
                    let origin = names::value(*origin);
                    let record = quote!(#rt::Written::at(&#origin, 0usize));
                    save(&names::index_shape(*write), *storage, record)
                });
                let shapes = shapes.chain(written);
                let stored_at = stored_storage(instr.result, Some(counted));
                let reserve = reserve_tapes(shape, body_steps, (stored, stored_at));
                let by_position = self.stored_by_position(instr.result, counted, stored);
                let statement = primal::loop_statement(
                    instr,
                    shape,
                    self.primal(body_steps),
                    quote!(),
                    quote!(),
                );
                quote!(#items #(#shapes)* #reserve #by_position #statement)
            }
            PrimalStep::Loop {
                instr,
                shape,
                storage,
                body_steps,
                counted: None,
                stored,
            } => {
                let counter = names::counter(instr.result);
                let record = save(&names::trips(instr.result), *storage, quote!(#counter));
                let statement = primal::loop_statement(
                    instr,
                    shape,
                    self.primal(body_steps),
                    quote!(#counter += 1;),
                    record,
                );
                let reserve = reserve_tapes(shape, body_steps, (stored, Storage::Tape));
                quote!(let mut #counter = 0usize; #reserve #statement)
            }
        }
    }

    fn adjoint(&self, steps: &[AdjointStep<'_>]) -> TokenStream {
        steps.iter().map(|step| self.adjoint_step(step)).collect()
    }

    fn is_lazy(&self, v: ValueId) -> bool {
        self.program.lazy.contains(&v)
    }

    /// Runs `body` with the adjoint of `v` bound to `__ad_d`, if there is one: a plain
    /// adjoint always exists; a lazy one only when something was accumulated.
    fn with_adjoint(&self, v: ValueId, body: TokenStream) -> TokenStream {
        let d = names::adjoint_in_hand();
        let adjoint = names::adjoint(v);
        if self.is_lazy(v) {
            quote!(if let ::core::option::Option::Some(#d) = #adjoint.take() { #body })
        } else {
            quote!(let #d = #adjoint; #body)
        }
    }

    /// Runs `body` with the saved pullback of `v` bound to `__ad_saved`. A tape's cursor
    /// moves whether or not an adjoint arrived, so every read stays aligned with its push.
    fn with_saved_pullback(&self, v: ValueId, storage: Storage, body: TokenStream) -> TokenStream {
        let held = names::saved_in_hand();
        let name = names::pullback(v);
        match storage {
            // (Only an element read is `Recomputed`, and `IndexAdd` rebuilds its position.)
            Storage::Local
            | Storage::Guard(_)
            | Storage::Recomputed(_)
            | Storage::Positional(_) => {
                let inner = quote!(let #held = &#name; #body);
                self.with_adjoint(v, inner)
            }
            Storage::Slot => {
                let inner = quote!(if let ::core::option::Option::Some(#held) = &#name { #body });
                self.with_adjoint(v, inner)
            }
            Storage::Tape => {
                let cursor = names::cursor(&name);
                let inner = quote!(let #held = &#name[#cursor]; #body);
                let guarded = self.with_adjoint(v, inner);
                quote!(#cursor -= 1; #guarded)
            }
        }
    }

    /// `adj[target] += contribution`: a plain adjoint is initialised by its first
    /// contribution, a lazy one accumulates into its `Option`.
    fn contribute(&self, target: ValueId, first: bool, contribution: TokenStream) -> TokenStream {
        let rt = runtime();
        let adjoint = names::adjoint(target);
        if self.program.dense.contains(&target) {
            quote!(#rt::add_into(&mut #adjoint, #contribution);)
        } else if self.is_lazy(target) {
            quote!(#rt::accumulate(&mut #adjoint, #contribution);)
        } else if first {
            quote!(let mut #adjoint = #contribution;)
        } else {
            quote!(#rt::add_into(&mut #adjoint, #contribution);)
        }
    }

    fn slots(&self, owner: ValueId, arity: usize, contributions: &[Contribution]) -> TokenStream {
        let slots = self.slot_names(owner, arity, contributions);
        quote!((#(#slots,)*))
    }

    /// The name of each slot's cotangent, or `_` for a slot nothing reads.
    fn slot_names(
        &self,
        owner: ValueId,
        arity: usize,
        contributions: &[Contribution],
    ) -> Vec<TokenStream> {
        (0..arity)
            .map(|slot| {
                if contributions.iter().any(|c| c.slot == slot) {
                    names::cotangent(owner, slot).into_token_stream()
                } else {
                    quote!(_)
                }
            })
            .collect()
    }

    fn adds(&self, owner: ValueId, contributions: &[Contribution]) -> TokenStream {
        self.adds_converted(owner, contributions, false)
    }

    /// [`Self::adds`], each cotangent converted to the target's adjoint when `converted`:
    /// a function's pullback gives `NoTangent` for a parameter it does not differentiate,
    /// which the caller may have passed a differentiated value (see `ad_core::cotangent`).
    fn adds_converted(
        &self,
        owner: ValueId,
        contributions: &[Contribution],
        converted: bool,
    ) -> TokenStream {
        let rt = runtime();
        contributions
            .iter()
            .map(|c| {
                let ct = names::cotangent(owner, c.slot);
                let contribution = match converted {
                    true => quote!((&#rt::Cotangent::new(#ct)).into_adjoint()),
                    false => quote!(#ct),
                };
                self.contribute(c.target, c.first, contribution)
            })
            .collect()
    }

    fn adjoint_step(&self, step: &AdjointStep<'_>) -> TokenStream {
        let d = names::adjoint_in_hand();
        let held = names::saved_in_hand();
        let rest = names::vector_rest();
        let element = names::vector_element();
        let t = names::unwrapped_in_hand();
        let rt = runtime();
        match step {
            // Original: y = f(a, b)      (through its rule: `(y, pullback) = f_vjp(a, b)`)
            // Tangent:  ty = J_a ta + J_b tb
            // Adjoint:  (ct_a, ct_b) = pullback(adj[y]); adj[a] += ct_a; adj[b] += ct_b
            AdjointStep::Pullback {
                instr,
                arity,
                contributions,
                storage,
            } => {
                let r = instr.result;
                let outputs = match arity {
                    None => names::cotangent(r, 0).into_token_stream(),
                    Some(n) => self.slots(r, *n, contributions),
                };
                let calls_user_code = matches!(instr.op, Op::Call { .. } | Op::Method { .. });
                let adds = self.adds_converted(r, contributions, calls_user_code);
                // The same adjoint written as float arithmetic from the operands or result the
                // reverse iteration recomputed or popped (see `reverse::loop_plan`).
                if let Storage::Recomputed(_) = storage {
                    let width = self.program.float_types.get(&r).copied();
                    let cotangents = float_adjoint(instr, *arity, contributions, width);
                    return self.with_adjoint(r, quote!(let #outputs = #cotangents; #adds));
                }
                let span = instr.span;
                // Generated locals are interpolated, not written in the spanned quote: they
                // keep the call site's hygiene (see `emit::hygiene`).
                let call = quote_spanned! {span=>
                    let #outputs = #held(#d);
                    #adds
                };
                self.with_saved_pullback(r, *storage, call)
            }
            // Original: y = xs[i]
            // Tangent:  ty = txs[i]
            // Adjoint:  adj[xs][i] += adj[y]   (one element, no dense temporary)
            AdjointStep::IndexAdd {
                instr,
                base,
                storage,
            } => {
                let adjoint = names::adjoint(*base);
                let add = if self.program.dense.contains(base) {
                    quote!(#rt::add_at(&mut #adjoint, #held, #d);)
                } else {
                    quote!(#rt::accumulate_at(&mut #adjoint, #held, #d);)
                };
                match (storage, &instr.op) {
                    // The position is recomputed by the reverse iteration; the sequence's
                    // shape was saved before the loop.
                    (Storage::Recomputed(_), Op::Index { index, .. }) => {
                        let (shape, index) =
                            (names::index_shape(instr.result), names::value(*index));
                        let read = quote! {
                            let #held = &#rt::IndexPullback::new(
                                ::core::clone::Clone::clone(&#shape),
                                #index,
                            );
                            #add
                        };
                        self.with_adjoint(instr.result, read)
                    }
                    _ => self.with_saved_pullback(instr.result, *storage, add),
                }
            }
            // Original: v' = v with v[i] = a  (or v.push(a), vec![a; n], vec![a, b, ..])
            // Tangent:  tv' = tv with tv[i] = ta
            // Adjoint:  adj[a] += adj[v'][i]; adj[v] += adj[v'] with element i taken out
            AdjointStep::Vector {
                instr,
                write,
                storage,
                targets,
            } => {
                let first_of = |v: ValueId| {
                    targets
                        .iter()
                        .find(|(t, _)| *t == v)
                        .map(|(_, first)| *first)
                };
                let add = |v: ValueId, contribution: TokenStream| match first_of(v) {
                    Some(first) => self.contribute(v, first, contribution),
                    None => quote!(),
                };
                let body = match write {
                    VectorWrite::Set {
                        base,
                        depth,
                        nd,
                        value,
                    } => {
                        let take = if *depth == 2 {
                            quote!(#rt::take_at2(&mut #rest, *#held))
                        } else if *nd {
                            // `a[[i, j]] = y`: an ndarray array.
                            quote!(#rt::take_at_nd(&mut #rest, #rt::Written::index(#held)))
                        } else {
                            quote!(#rt::take_written(&mut #rest, #held))
                        };
                        let (to_value, to_base) =
                            (add(*value, quote!(#element)), add(*base, quote!(#rest)));
                        quote!(let mut #rest = #d; let #element = #take; #to_value #to_base)
                    }
                    VectorWrite::Push { base, value } => {
                        let (to_value, to_base) =
                            (add(*value, quote!(#element)), add(*base, quote!(#rest)));
                        quote!(let mut #rest = #d; let #element = #rt::take_last(&mut #rest); #to_value #to_base)
                    }
                    VectorWrite::Repeat { value } => add(*value, quote!(#rt::sum_elements(#d))),
                    // Positional: the same value may stand at several positions.
                    VectorWrite::List { items } => {
                        let mut targets = targets.iter();
                        items
                            .iter()
                            .enumerate()
                            .filter(|(_, item)| self.program.active.contains(item))
                            .filter_map(|(k, item)| {
                                let (_, first) = targets.next()?;
                                Some(self.contribute(*item, *first, quote!(#rt::element(&#d, #k))))
                            })
                            .collect()
                    }
                };
                match (storage, &instr.op) {
                    // The position is recomputed by the reverse iteration; the vector's type
                    // was saved before the loop, as a write at 0.
                    (Storage::Recomputed(_), Op::IndexSet { indices, .. }) => {
                        let record = names::index_shape(instr.result);
                        let index = indices.iter().map(|i| names::value(*i));
                        let moved = quote! {
                            let #held = &#rt::Written::moved(&#record, #(#index),*);
                            #body
                        };
                        self.with_adjoint(instr.result, moved)
                    }
                    _ => self.with_saved_pullback(instr.result, *storage, body),
                }
            }
            // Original: y = &a, *a, a.clone() or a: T
            // Tangent:  ty = ta
            // Adjoint:  adj[a] += adj[y]
            AdjointStep::Pass { from, to, first } => {
                self.with_adjoint(*from, self.contribute(*to, *first, quote!(#d)))
            }
            // Original: y = Some(a)
            // Tangent:  ty = Some(ta)
            // Adjoint:  adj[a] += adj[y] when it holds a value
            AdjointStep::Unwrapped { from, to } => {
                let add = self.contribute(*to, false, quote!(#t));
                self.with_adjoint(
                    *from,
                    quote!(if let ::core::option::Option::Some(#t) = #d { #add }),
                )
            }
            // Original: y = o.unwrap()       (of an `Option` or a `Result`)
            // Tangent:  ty = to.unwrap()
            // Adjoint:  adj[o] += Some(adj[y]), or `Ok`'s slot (see `ad_core::UnwrapTangent`)
            AdjointStep::Wrapped { from, to } => self.with_adjoint(
                *from,
                self.contribute(*to, false, quote!(#rt::UnwrapTangent::wrap_tangent(#d))),
            ),
            // Original: t = (a, b, ..)  (or [a, b, ..])
            // Tangent:  tt = (ta, tb, ..)
            // Adjoint:  adj[a] += adj[t].0; adj[b] += adj[t].1; ..
            AdjointStep::Untuple {
                tuple,
                arity,
                array,
                contributions,
            } => {
                let (parts, d) = if *array {
                    // An array literal's adjoint is an array, or a `Vec` when a callee took the
                    // array as a slice (`ad_core::slices`): the same pattern in brackets.
                    let names = self.slot_names(*tuple, *arity, contributions);
                    match self.lent_arrays.contains(tuple) {
                        true => (quote!([#(#names),*]), quote!(#rt::into_array(#d))),
                        false => (quote!([#(#names),*]), quote!(#d)),
                    }
                } else {
                    (self.slots(*tuple, *arity, contributions), quote!(#d))
                };
                let adds = self.adds(*tuple, contributions);
                self.with_adjoint(*tuple, quote!(let #parts = #d; #adds))
            }
            // Original: y = s.f
            // Tangent:  ty = ts.f
            // Adjoint:  adj[s] += S::Tangent { f: adj[y], others: 0 }
            AdjointStep::Project {
                field,
                base,
                member,
                first,
            } => {
                let key = field_key(member);
                let contribution = quote!(#rt::from_field::<#key, _>(#d));
                // A struct built here: its witness or tangent struct fixes the adjoint's type.
                let witness = self.witnesses.get(base).map(|o| names::tangent_witness(*o));
                let contribution = match self.struct_paths.get(base).map(tangent_path) {
                    _ if witness.is_some() => quote!(#witness(#contribution)),
                    // A tuple whose other components nothing reads: its written type.
                    None if self.ascribed.contains_key(base) => {
                        let ty = &self.ascribed[base];
                        quote!(
                            #rt::from_field::<#key, <#ty as #rt::Differentiable>::TangentVector>(#d)
                        )
                    }
                    Some((tangent, false)) => quote!({
                        let #t = #contribution;
                        let #tangent { .. } = &#t;
                        #t
                    }),
                    _ => contribution,
                };
                self.with_adjoint(*field, self.contribute(*base, *first, contribution))
            }
            // Original: s = S { f: a, g: b, ..rest }
            // Tangent:  ts = S::Tangent { f: ta, g: tb, ..trest }
            // Adjoint:  adj[a] += adj[s].f; adj[b] += adj[s].g; adj[rest] += adj[s] without f, g
            AdjointStep::Unstruct {
                value,
                path,
                fields,
                rest,
                listed,
            } => {
                // The struct's tangent type is what `#[derive(Differentiable)]` names
                // `<Name>TangentVector`: matching it fixes the adjoint's type, which nothing
                // else may (a struct built here and only read field by field).
                let (pattern_path, is_self) = tangent_path(path);
                let pin = if let Some(origin) = self.witnesses.get(value) {
                    // (Built in the function's own block: its witness, which also knows the
                    // type arguments of a generic struct.)
                    let witness = names::tangent_witness(*origin);
                    quote!(let #d = #witness(#d);)
                } else if is_self {
                    let owner = names::enum_of(path);
                    quote!(let #d: <#owner as #rt::Differentiable>::TangentVector = #d;)
                } else {
                    quote!(let #pattern_path { .. } = &#d;)
                };
                // A variant's fields are keyed `Variant::f` in the enum's tangent.
                let key_of = |member: &syn::Member| match names::variant_of(path) {
                    Some(variant) => field_key(&names::variant_member(variant, member)),
                    None => field_key(member),
                };
                let adds: TokenStream = fields
                    .iter()
                    .map(|(member, target, first)| {
                        let key = key_of(member);
                        self.contribute(*target, *first, quote!(#rt::field::<#key, _>(&#d)))
                    })
                    .collect();
                // `..rest` receives the adjoint without the fields listed in the literal.
                let to_rest = rest
                    .map(|(target, first)| {
                        let without = listed.iter().fold(quote!(#d), |inner, member| {
                            let key = key_of(member);
                            quote!(#rt::without_field::<#key, _>(#inner))
                        });
                        self.contribute(target, first, without)
                    })
                    .unwrap_or_default();
                self.with_adjoint(*value, quote!(#pin #adds #to_rest))
            }
            // Original: s' = s with s.f = a
            // Tangent:  ts' = ts with ts.f = ta
            // Adjoint:  adj[a] += adj[s'].f; adj[s] += adj[s'] without f
            AdjointStep::SetField {
                result,
                base,
                member,
                value,
            } => {
                let key = field_key(member);
                let to_value = value
                    .map(|(v, first)| self.contribute(v, first, quote!(#rt::field::<#key, _>(&#d))))
                    .unwrap_or_default();
                let to_base = base
                    .map(|(b, first)| {
                        self.contribute(b, first, quote!(#rt::without_field::<#key, _>(#d)))
                    })
                    .unwrap_or_default();
                self.with_adjoint(*result, quote!(#to_value #to_base))
            }
            // Original: (y..) = if c { then } else { otherwise }
            // Tangent:  (ty..) = if c { then's tangents } else { otherwise's }
            // Adjoint:  the reverse of the branch the primal took, entered with adj[y..]
            AdjointStep::If {
                instr,
                storage,
                then_region,
                else_region,
            } => {
                let taken = restore(&names::branch(instr.result), *storage);
                let then_code = self.reverse_region(then_region);
                let else_code = self.reverse_region(else_region);
                // The guard of a loop: each iteration that took it stored floats for its reverse.
                let restored = match storage {
                    Storage::Guard(loop_value) => self.restore_floats(*loop_value),
                    _ => quote!(),
                };
                quote!(if (#taken) { #restored #then_code } else { #else_code })
            }
            // Original: (y..) = loop over carried (p..) from (init..), n trips
            // Tangent:  the tangents of (p..) carried through the same trips
            // Adjoint:  n reverse trips from adj[y..], each from adj[yields] to adj[p..];
            //           then adj[init..] += adj[p..] of the first trip
            AdjointStep::Loop {
                instr,
                shape,
                storage,
                carried,
                body,
                counted,
                ..
            } => self.reverse_loop(instr, shape, *storage, carried, body, counted.as_ref()),
        }
    }

    fn reverse_region(&self, region: &ReverseRegion<'_>) -> TokenStream {
        let d = names::adjoint_in_hand();
        let declared = declare(&region.declared);
        let entry: TokenStream = region
            .entry
            .iter()
            .map(|(output, yielded)| {
                self.with_adjoint(*output, self.contribute(*yielded, false, quote!(#d)))
            })
            .collect();
        let steps = self.adjoint(&region.steps);
        quote!(#declared #entry #steps)
    }

    /// Whether `v` has an adjoint variable: active values do.
    fn is_active_declared(&self, v: ValueId) -> bool {
        self.program.active.contains(&v)
    }
}

/// The `FieldTangent` key of a field or tuple component.
fn field_key(member: &syn::Member) -> u64 {
    names::field_key(&names::member_name(member))
}

/// Replaces the locals of name constants by the names themselves, parenthesized: the code
/// reads `data[i]` and `n as f64` as the source does, without moving `data` into a local.
pub(super) fn inline_names(
    tokens: TokenStream,
    names: &HashMap<String, TokenStream>,
) -> TokenStream {
    use proc_macro2::{Delimiter, Group, TokenTree};
    if names.is_empty() {
        return tokens;
    }
    crate::tokens::map_idents(tokens, &|ident| match names.get(&ident.to_string()) {
        Some(name) => TokenTree::Group(Group::new(Delimiter::Parenthesis, name.clone())),
        None => TokenTree::Ident(ident),
    })
}

/// What starts parameter `i`'s adjoint, from its `ZeroShape`: for a parameter needed only as
/// far as read, where cotangents may be prefixes (see `emit::padding`), a zero of that
/// length; otherwise the whole zero.
fn zero_start(
    ir: &Body,
    i: usize,
    prefix_cotangents: bool,
    prefix_params: &std::collections::HashSet<ValueId>,
) -> TokenStream {
    match ir.params.get(i) {
        Some(p) if prefix_cotangents && prefix_params.contains(&p.value) => {
            let extent = names::read_extent(p.value);
            quote!(prefix(#extent))
        }
        _ => quote!(zeros()),
    }
}
