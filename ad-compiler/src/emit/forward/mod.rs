//! Forward mode (seed 000, "JVP and differential generation"): the body of a function's
//! `forward`, which computes the value and its tangent in one pass.
//!
//! The forward body is the primal with a tangent beside every active value, from the same IR
//! and the same activity analysis as reverse mode. An inactive instruction is computed as the
//! source computes it; an active one through its forward rule, which takes the operands and
//! the tangents of the active ones and returns the value and its tangent. Control flow keeps
//! its shape: an `if` yields the tangents of its active outputs beside their values, and a
//! loop carries the tangents of its active carried values. Nothing is saved, so forward code
//! needs no tape, in loops and recursion alike.
//!
//! A callee's tangent arguments are `Present(t)` for active arguments and `Absent` for
//! constant ones (see `ad_core::forward`): the callee builds a zero only where it needs one.
//!
//! The same printer writes the second-order forward body (`second`, for `hessian!`, see
//! `ad_std::second`): each active value then has three tangent locals (`t1`, `t2`, `t12`),
//! operations that are linear in their tangents (every structural one) act on each, and the
//! rules are the second-order ones, which take and return the three together.

pub mod closure;
mod structural;

use super::primal;
use crate::analysis::Activity;
use crate::analysis::ownership::Ownership;
use crate::ir::{ArithOp, Body, Instr, LoopShape, Op, Region, ValueId};
use crate::names::{self, runtime};
use crate::reverse::plan::Mask;
use proc_macro2::{Span, TokenStream};
use quote::{ToTokens, quote, quote_spanned};
use std::collections::{HashMap, HashSet};

pub use crate::ir::mode::Order;

/// The statements of a `forward` body ending in `(value, tangent)`. `param_sources[i]` is
/// the expression holding parameter `i`; its tangent is `names::param_tangent(i)` (an
/// `impl MaybeTangent`) for differentiated parameters.
pub fn body(
    ir: &Body,
    activity: &Activity,
    param_sources: &[TokenStream],
    order: Order,
) -> TokenStream {
    body_with_names(
        ir,
        activity,
        param_sources,
        &super::reverse::constant_names(ir),
        order,
    )
}

/// [`body`] with the constants that are names written as `names` says (by the local that
/// would hold them): a closure literal's forward code reaches its captured variables through
/// references, so that a `move` differential does not take them.
pub fn body_with_names(
    ir: &Body,
    activity: &Activity,
    param_sources: &[TokenStream],
    names: &HashMap<String, TokenStream>,
    order: Order,
) -> TokenStream {
    let rt = runtime();
    let printer = Printer {
        activity,
        owned: Ownership::of(ir),
        shared: shared_values(ir),
        nones: nones(ir),
        stand_ins: stand_ins(ir),
        unbindable: names
            .iter()
            .filter(|(_, name)| !is_variable_name(name))
            .map(|(value, _)| value.clone())
            .collect(),
        order,
        function_fallbacks: super::missing_functions::Fallbacks::of(ir, &|v| activity.is_active(v)),
    };
    let bindings = ir
        .params
        .iter()
        .zip(param_sources)
        .enumerate()
        .map(|(i, (p, source))| {
            let value = names::value(p.value);
            let bind = quote!(let mut #value = #source;);
            if !(p.wrt && activity.is_active(p.value)) {
                return bind;
            }
            let (pattern, given) = (printer.pattern(p.value), names::param_tangent(i));
            // Typed by the declared parameter (a reference's referent), and shown at it like
            // the signature (see `types::signature_shown_at`): this call is where rustc
            // reports a type that is not differentiable.
            // A `&mut self` receiver is bound to an owned copy (see `emit::derivative_params`).
            let owned_copy = ir.mutated_self.is_some() && p.name == "self";
            let shown_at = p.ty.as_ref().map(super::types::shown_at);
            let value = match shown_at {
                Some(span) => names::located(value.clone(), span),
                None => value.clone(),
            };
            // A function parameter's type (`impl Fn(..)`) cannot be named in a path: its zero
            // tangent is found through the value, as for an untyped parameter.
            let declared = p
                .ty
                .clone()
                .filter(|t| !crate::frontend::function_params::is_function_type(t));
            let (ty, by_ref) = match &declared {
                Some(syn::Type::Reference(r)) if owned_copy => ((*r.elem).clone(), quote!(&#value)),
                Some(syn::Type::Reference(r)) => ((*r.elem).clone(), quote!(#value)),
                Some(ty) => (ty.clone(), quote!(&#value)),
                // An untyped parameter (of a closure) may hold a reference: the method call's
                // auto-deref finds the referent's zero tangent.
                None => {
                    let zero = match order {
                        Order::First => quote!(#value.zero_tangent()),
                        Order::Second => quote!({
                            let zero = #value.zero_tangent();
                            (::core::clone::Clone::clone(&zero), ::core::clone::Clone::clone(&zero), zero)
                        }),
                    };
                    return quote! {
                        #bind
                        let #pattern = #rt::MaybeTangent::or_zero(#given, || #zero);
                    };
                }
            };
            let from_given = match order {
                Order::First => quote!(tangent_or_zero),
                Order::Second => quote!(second_or_zero),
            };
            let shown_at = super::types::shown_at(&ty);
            let given = names::located(given, shown_at);
            let callee = quote!(#rt::#from_given::<#ty>);
            let callee = crate::tokens::respan(callee, (shown_at, shown_at));
            let mut args = proc_macro2::Group::new(
                proc_macro2::Delimiter::Parenthesis,
                quote!(#given, #by_ref),
            );
            args.set_span(shown_at);
            quote! {
                #bind
                let #pattern = #callee #args;
            }
        });
    let code = printer.instrs(&ir.block.instrs);
    let (value, tangent) = match ir.block.result {
        Some(r) if ir.inout_result => (quote!(()), printer.tangent_all(r)),
        Some(r) => (names::value(r).into_token_stream(), printer.tangent_all(r)),
        None => (quote!(()), quote!(#rt::NoTangent)),
    };
    // A `&mut self` method leaves its last version of `self` in `*self`, as the source does.
    let write_back = ir.mutated_self.map(|v| {
        let value = names::value(v);
        quote!(*self = ::core::clone::Clone::clone(&#value);)
    });
    let mode = match order {
        Order::First => super::missing::Mode::Forward,
        Order::Second => super::missing::Mode::Second,
    };
    let fallbacks = super::missing::fallbacks(ir, mode);
    let function_fallbacks = printer.function_fallbacks.items();
    let result_tangent = names::result_tangent();
    let body = quote! {
        #[allow(unused_imports)]
        use #rt::{Differentiable as _, method_rules::*};
        #fallbacks
        #function_fallbacks
        #(#bindings)*
        #code
        // The tangent first: a zero tangent is taken from the value before it moves.
        let #result_tangent = #tangent;
        #write_back
        (#value, #result_tangent)
    };
    super::reverse::inline_names(body, names)
}

/// Values whose tangent must be cloned where it is consumed, because it is read again: consumed
/// twice on one path through the body, read (borrowed) after it was consumed, or consumed inside
/// a loop that repeats the read (a value defined outside the loop). Every other tangent is
/// moved where it is consumed, as its value is: cloning a vector's tangent at each element
/// write made forward mode quadratic in the writes. The two branches of an `if` are separate
/// paths; a loop's iteration is one, with its carried values defined anew at each.
fn shared_values(ir: &Body) -> HashSet<ValueId> {
    let mut paths = Paths::default();
    paths.instrs(&ir.block.instrs, 0, &mut HashMap::new());
    if let Some(r) = ir.block.result {
        paths.consume(r, 0, &mut HashMap::new());
    }
    paths.shared
}

/// The walk of [`shared_values`].
#[derive(Default)]
struct Paths {
    /// The loop depth each value is defined at (absent: the function's parameters, 0).
    depths: HashMap<ValueId, u32>,
    shared: HashSet<ValueId>,
}

impl Paths {
    /// Walks `instrs` at loop depth `depth`; `consumed` counts the consuming reads on the path
    /// so far (2 for one inside a loop the value is defined outside of).
    fn instrs(&mut self, instrs: &[Instr], depth: u32, consumed: &mut HashMap<ValueId, u32>) {
        for instr in instrs {
            let borrowed = borrowed_operand(&instr.op);
            for v in instr.op.operands() {
                if Some(v) == borrowed {
                    if consumed.get(&v).is_some_and(|n| *n > 0) {
                        self.shared.insert(v);
                    }
                } else {
                    self.consume(v, depth, consumed);
                }
            }
            let inner = match &instr.op {
                Op::Loop { params, .. } => {
                    self.depths.extend(params.iter().map(|p| (*p, depth + 1)));
                    depth + 1
                }
                _ => depth,
            };
            // One branch of an `if` runs: the path after it has the most either consumed.
            let mut after = consumed.clone();
            for region in instr.regions() {
                let mut path = consumed.clone();
                self.instrs(&region.instrs, inner, &mut path);
                for v in &region.yields {
                    self.consume(*v, inner, &mut path);
                }
                for (v, n) in path {
                    let most = after.entry(v).or_default();
                    *most = (*most).max(n);
                }
            }
            *consumed = after;
            self.depths
                .extend(instr.outputs().into_iter().map(|v| (v, depth)));
        }
    }

    fn consume(&mut self, v: ValueId, depth: u32, consumed: &mut HashMap<ValueId, u32>) {
        let repeated = self.depths.get(&v).copied().unwrap_or(0) < depth;
        let n = consumed.entry(v).or_default();
        *n += if repeated { 2 } else { 1 };
        if *n > 1 {
            self.shared.insert(v);
        }
    }
}

/// The operand whose tangent an instruction reads by reference rather than consumes (see
/// `structural_tangent`): the base of an index or a field, what a reference, dereference or
/// clone is taken of, the iterator `next` advances.
fn borrowed_operand(op: &Op) -> Option<ValueId> {
    match op {
        Op::Ref { operand: a, .. }
        | Op::Deref(a)
        | Op::Clone(a)
        | Op::Field(a, _)
        | Op::FieldRef(a, _)
        | Op::IterNext(a)
        | Op::Payload { value: a, .. }
        | Op::Index { base: a, .. } => Some(*a),
        _ => None,
    }
}

/// The constants `None` (the value of a loop's early exit until it happens): their type is
/// decided later, so their zero tangent is `None` itself rather than a method call on them.
fn nones(ir: &Body) -> HashSet<ValueId> {
    let mut nones = HashSet::new();
    crate::ir::walk(&ir.block.instrs, &mut |instr| {
        if let Op::Const(tokens) = &instr.op
            && matches!(syn::parse2::<syn::Path>(tokens.clone()), Ok(p) if p.segments.last().is_some_and(|s| s.ident == "None"))
        {
            nones.insert(instr.result);
        }
    });
    nones
}

/// The stand-ins a local declared without a value enters a loop with (see
/// `names::stand_in`), and the values of diverging macros (`panic!(..)` as a branch's value,
/// whose type is the other branches'): their type is decided later, so their zero tangent is
/// taken through the trait's path, which rustc can resolve once it knows it.
fn stand_ins(ir: &Body) -> HashSet<ValueId> {
    let mut stand_ins = HashSet::new();
    crate::ir::walk(&ir.block.instrs, &mut |instr| match &instr.op {
        Op::Const(tokens) if names::is_stand_in(tokens) => {
            stand_ins.insert(instr.result);
        }
        Op::Opaque { template, .. } if crate::vocab::macros::is_diverging(template) => {
            stand_ins.insert(instr.result);
        }
        _ => {}
    });
    stand_ins
}

/// Whether `name` (a constant that is a name) is a variable's: one identifier in lower case,
/// which a `let` can bind (a constant's would be a pattern matching it).
fn is_variable_name(name: &TokenStream) -> bool {
    syn::parse2::<syn::Ident>(name.clone())
        .is_ok_and(|ident| !ident.to_string().starts_with(|c: char| c.is_uppercase()))
}

struct Printer<'p> {
    activity: &'p Activity,
    owned: Ownership,
    shared: HashSet<ValueId>,
    nones: HashSet<ValueId>,
    stand_ins: HashSet<ValueId>,
    /// The locals of the constants that are paths or constants' names (`Act::Tanh`, `PI`),
    /// written where they are used instead: no pattern can bind them.
    unbindable: HashSet<String>,
    order: Order,
    /// The free functions called here that may have no derivative.
    function_fallbacks: super::missing_functions::Fallbacks,
}

impl Printer<'_> {
    fn instrs(&self, instrs: &[Instr]) -> TokenStream {
        instrs.iter().map(|instr| self.instr(instr)).collect()
    }

    fn active(&self, v: ValueId) -> bool {
        self.activity.is_active(v)
    }

    /// The primal value of operand `v` as a rule takes it: owned.
    fn operand(&self, v: ValueId, span: Span) -> TokenStream {
        let x = names::value(v);
        if self.owned.is_owned(v) {
            quote_spanned!(span=> #x)
        } else {
            let rt = runtime();
            quote_spanned!(span=> #rt::Operand::operand(#x))
        }
    }

    /// The zero tangent of `v`, shaped like `v`.
    fn zero(&self, v: ValueId) -> TokenStream {
        let x = names::value(v);
        if self.nones.contains(&v) {
            return quote!(::core::option::Option::None);
        }
        if self.stand_ins.contains(&v) {
            let rt = runtime();
            return quote!(#rt::Differentiable::zero_tangent(&#x));
        }
        if self.owned.is_undecided_float(v) {
            let rt = runtime();
            quote!(#rt::same_type_zero(&#x))
        } else {
            quote!(#x.zero_tangent())
        }
    }

    /// Tangent local `component` of `v`.
    fn name(&self, v: ValueId, component: &str) -> proc_macro2::Ident {
        quote::format_ident!("{}{}", names::tangent(v), component)
    }

    /// Tangent `component` of `v` where it is consumed: moved if read once, else cloned; a zero
    /// for an inactive value.
    fn tangent_moved(&self, v: ValueId, component: &str) -> TokenStream {
        if !self.active(v) {
            return self.zero(v);
        }
        let t = self.name(v, component);
        if self.shared.contains(&v) {
            quote!(::core::clone::Clone::clone(&#t))
        } else {
            quote!(#t)
        }
    }

    /// The whole tangent of `v` where it is consumed: the one tangent, or the triple.
    fn tangent_all(&self, v: ValueId) -> TokenStream {
        let parts: Vec<TokenStream> = self
            .order
            .components()
            .iter()
            .map(|c| self.tangent_moved(v, c))
            .collect();
        match self.order {
            Order::First => parts.into_iter().collect(),
            Order::Second => quote!((#(#parts),*)),
        }
    }

    /// The pattern binding the tangent locals of `v`.
    fn pattern(&self, v: ValueId) -> TokenStream {
        let names = self.order.components().iter().map(|c| self.name(v, c));
        match self.order {
            Order::First => quote!(#(mut #names)*),
            Order::Second => quote!((#(mut #names),*)),
        }
    }

    /// The tangent of `v` for a callee: `Present(t)` or `Absent`.
    fn maybe(&self, v: ValueId) -> TokenStream {
        let rt = runtime();
        if self.active(v) {
            let t = self.tangent_all(v);
            quote!(#rt::Present(#t))
        } else {
            quote!(#rt::Absent)
        }
    }

    fn instr(&self, instr: &Instr) -> TokenStream {
        if !self.activity.defines_active(instr) {
            return primal::compute(instr);
        }
        match &instr.op {
            Op::If {
                cond,
                then_region,
                else_region,
                ..
            } => self.if_statement(instr, *cond, then_region, else_region),
            Op::Loop {
                init,
                params,
                body,
                keep_going,
                merged,
            } => self.loop_statement(
                instr,
                &body.instrs,
                &LoopShape::of(init, params, body, *keep_going, merged),
            ),
            _ => match self.rule_call(instr) {
                Some(call) => {
                    let (r, t) = (names::value(instr.result), self.pattern(instr.result));
                    quote_spanned!(instr.span=> let (mut #r, #t) = #call;)
                }
                None => {
                    // Linear in the tangents: each component on its own.
                    let tangents: TokenStream = self
                        .order
                        .components()
                        .iter()
                        .map(|c| {
                            let (t, tangent) = (
                                self.name(instr.result, c),
                                self.structural_tangent(instr, c),
                            );
                            quote!(let mut #t = #tangent;)
                        })
                        .collect();
                    let value = primal::compute(instr);
                    if matches!(instr.op, Op::Struct { .. }) {
                        // Typed by the value it starts from (see `structural_tangent`).
                        quote!(#value #tangents)
                    } else {
                        // The tangent first: it may read an operand the primal moves.
                        quote!(#tangents #value)
                    }
                }
            },
        }
    }

    /// The call of the forward rule of an active instruction computed by one, returning
    /// `(value, tangent)`; `None` for instructions whose tangent follows from their operands'
    /// (see [`Self::structural_tangent`]).
    fn rule_call(&self, instr: &Instr) -> Option<TokenStream> {
        let rt = runtime();
        let span = instr.span;
        let call = match &instr.op {
            Op::Arith(op, a, b) => {
                let (rule, entry) = arith_rule(*op, self.active(*a), self.active(*b), self.order);
                let (va, vb) = (self.operand(*a, span), self.operand(*b, span));
                // First order: only the active operands' tangents; second order: both, taken
                // before the call moves the operands (a zero tangent reads its value).
                let tangents: Vec<TokenStream> = [*a, *b]
                    .into_iter()
                    .filter(|v| self.order == Order::Second || self.active(*v))
                    .map(|v| self.tangent_all(v))
                    .collect();
                let locals: Vec<proc_macro2::Ident> =
                    (0..tangents.len()).map(names::operand_tangent).collect();
                let call = if self.owned.is_undecided_float(*a) {
                    quote_spanned!(span=> #rt::ops::#entry(#va, #vb, #(#locals),*))
                } else {
                    quote_spanned!(span=> #rt::#rule::#entry(#va, #vb, #(#locals),*))
                };
                quote!({ #(let #locals = #tangents;)* #call })
            }
            Op::Neg(a) => {
                let (va, ta) = (self.operand(*a, span), self.tangent_all(*a));
                let entry = self.entry("neg");
                quote_spanned!(span=> #rt::ops::#entry(#va, #ta))
            }
            Op::Cast(a, ty) => {
                let (va, ta) = (self.operand(*a, span), self.tangent_all(*a));
                let entry = self.entry("cast");
                quote_spanned!(span=> #rt::CastRule::<#ty>::#entry(#va, #ta))
            }
            Op::Call {
                callee,
                args,
                inout,
            } => {
                let path = match self.order {
                    Order::First => super::callee::forward_path_of(&callee.path, false),
                    Order::Second => super::callee::second_path_of(&callee.path, false),
                };
                let values = args.iter().map(|a| names::located(names::value(*a), span));
                let tangents = args.iter().map(|a| self.maybe(*a));
                let call = quote_spanned!(span=> #path(#(#values,)* #(#tangents),*));
                if self.function_fallbacks.covers(&callee.path) {
                    // The result is typed as `f::original`'s, which is the function itself
                    // when `f` has no derivative and this call goes to a fallback (see
                    // `emit::missing_functions`).
                    let rt = runtime();
                    // Bound first, so that each argument has its own type, which the call may
                    // coerce (`&[a; 3]` to `&[a]`).
                    let values: Vec<_> = args
                        .iter()
                        .map(|a| names::value(*a))
                        .filter(|v| !self.unbindable.contains(&v.to_string()))
                        .collect();
                    // With `&mut` arguments, the call's output is the result and their new
                    // values, as the companion returns them.
                    let mut stub = callee.clone();
                    stub.path
                        .segments
                        .push(syn::Ident::new("original", span).into());
                    let original = super::primal::inout_call(&stub, args, inout, span);
                    let output = quote!(#rt::output_of(|| {
                        #(let #values = #rt::unreachable_value(&#values);)*
                        #original
                    }));
                    quote!(#rt::same_output(#output, #call))
                } else {
                    call
                }
            }
            Op::Method {
                receiver,
                method,
                turbofish,
                args,
                inout,
            } => {
                let forward = match self.order {
                    Order::First => names::called_method_forward(method, *inout),
                    Order::Second => names::called_method_second(method, *inout),
                };
                let turbofish = turbofish.as_ref().map(crate::emit::turbofish);
                // As in reverse mode: one constant operand of a method with partial rules
                // (`dot`) is said by wrapping the receiver.
                let mask = match args.as_slice() {
                    [arg] => Mask::of(self.active(*receiver), self.active(*arg)),
                    _ => Mask::Both,
                };
                let value = primal::partial_receiver(method, mask, names::value(*receiver));
                let values = args.iter().map(|a| names::value(*a));
                let tangents = std::iter::once(*receiver)
                    .chain(args.iter().copied())
                    .map(|a| self.maybe(a));
                quote_spanned!(span=> #value.#forward #turbofish(#(#values,)* #(#tangents),*))
            }
            Op::Nested { body, args } => match self.order {
                Order::First => {
                    let tangents: Vec<TokenStream> =
                        args.iter().map(|v| self.tangent_all(*v)).collect();
                    super::nested::forward(&super::nested::Nested { body, args }, &tangents)
                }
                // A third order: an error only where a Hessian instantiates this code.
                Order::Second => {
                    let rt = runtime();
                    let value = super::nested::value(&super::nested::Nested { body, args });
                    let missing = names::missing_second_order();
                    quote!({
                        #[allow(non_camel_case_types)]
                        struct nested_differentiate_has_no_second_order_rule;
                        let #missing = #rt::missing_second_order(nested_differentiate_has_no_second_order_rule, &|| ());
                        #rt::with_second_tangent(#value, #missing)
                    })
                }
            },
            _ => return None,
        };
        Some(call)
    }

    /// The entry point of a rule of one operand (`neg_jvp`, `cast_hvp`) for this order.
    fn entry(&self, stem: &str) -> proc_macro2::Ident {
        match self.order {
            Order::First => quote::format_ident!("{}_jvp", stem),
            Order::Second => quote::format_ident!("{}_hvp", stem),
        }
    }

    /// `let (touts.., outs..) = if cond { then; (tyields.., yields..) } else { .. };`
    fn if_statement(
        &self,
        instr: &Instr,
        cond: ValueId,
        then_region: &Region,
        else_region: &Region,
    ) -> TokenStream {
        let outputs = instr.outputs();
        let components = self.order.components();
        let carried: Vec<(usize, &str)> = (0..outputs.len())
            .filter(|k| self.active(outputs[*k]))
            .flat_map(|k| components.iter().map(move |c| (k, *c)))
            .collect();
        let branch = |region: &Region| {
            let code = self.instrs(&region.instrs);
            let tangents = carried
                .iter()
                .map(|(k, c)| self.tangent_moved(region.yields[*k], c));
            let values = region.yields.iter().map(|v| names::value(*v));
            quote!({ #code (#(#tangents,)* #(#values,)*) })
        };
        let (then_code, else_code) = (branch(then_region), branch(else_region));
        let touts = carried.iter().map(|(k, c)| self.name(outputs[*k], c));
        let outs = outputs.iter().map(|v| names::value(*v));
        let cond = names::value(cond);
        quote_spanned! {instr.span=>
            let (#(mut #touts,)* #(mut #outs,)*) = if #cond #then_code else #else_code;
        }
    }

    /// The loop with the tangents of its active carried values carried beside them.
    fn loop_statement(&self, instr: &Instr, body: &[Instr], shape: &LoopShape) -> TokenStream {
        let LoopShape {
            init,
            params,
            yields,
            keep_going,
            merged,
            ..
        } = shape;
        let components = self.order.components();
        let carried: Vec<(usize, &str)> = (0..params.len())
            .filter(|k| self.active(params[*k]) || merged.get(*k).is_some_and(|m| self.active(*m)))
            .flat_map(|k| components.iter().map(move |c| (k, *c)))
            .collect();
        let tparams: Vec<_> = carried
            .iter()
            .map(|(k, c)| self.name(params[*k], c))
            .collect();
        let vparams: Vec<_> = params.iter().map(|v| names::value(*v)).collect();
        let tinit = carried.iter().map(|(k, c)| self.tangent_moved(init[*k], c));
        let vinit = init.iter().map(|v| names::value(*v));
        let tyields = carried
            .iter()
            .map(|(k, c)| self.tangent_moved(yields[*k], c));
        let vyields = yields.iter().map(|v| names::value(*v));
        let code = self.instrs(body);
        let keep_going = names::value(*keep_going);
        let result = names::value(instr.result);
        let vmerged = merged.iter().map(|v| names::value(*v));
        let tmerged = carried.iter().map(|(k, c)| self.name(merged[*k], c));
        // Read before the carried values are rebound, as in `primal::loop_statement`.
        let again = names::again(instr.result);
        let span = instr.span;
        quote_spanned! {span=>
            let (#(mut #tparams,)* #(mut #vparams,)*) = (#(#tinit,)* #(#vinit,)*);
            loop {
                #code
                let #again = #keep_going;
                (#(#tparams,)* #(#vparams,)*) = (#(#tyields,)* #(#vyields,)*);
                if !#again {
                    break;
                }
            }
            let mut #result = ();
            let (#(mut #vmerged,)*) = (#(#vparams,)*);
            let (#(mut #tmerged,)*) = (#(#tparams,)*);
        }
    }
}

/// The rule trait of an operator and its forward entry point for the active operands.
fn arith_rule(
    op: ArithOp,
    lhs: bool,
    rhs: bool,
    order: Order,
) -> (proc_macro2::Ident, proc_macro2::Ident) {
    let (rule, stem) = op.rule_and_stem();
    let entry = match (order, lhs, rhs) {
        (Order::Second, _, _) => quote::format_ident!("{}_hvp", stem),
        (Order::First, true, false) => quote::format_ident!("{}_jvp_lhs", stem),
        (Order::First, false, true) => quote::format_ident!("{}_jvp_rhs", stem),
        (Order::First, _, _) => quote::format_ident!("{}_jvp", stem),
    };
    (quote::format_ident!("{}", rule), entry)
}
