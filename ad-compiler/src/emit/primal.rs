//! The expression of an instruction computed as the source computes it, and the rule call of
//! an instruction computed through its derivative rule.

use super::callee;
use crate::analysis::ownership::Ownership;
use crate::ir::{ArithOp, IfShape, Instr, LoopShape, Op, ValueId};
use crate::names::{self, runtime};
use crate::reverse::plan::{Mask, Rule, Storage};
use crate::vocab::discrete::Check;
use proc_macro2::TokenStream;
use quote::{ToTokens, quote, quote_spanned};

/// `let` statement computing `instr` without derivatives.
pub fn compute(instr: &Instr) -> TokenStream {
    match &instr.op {
        Op::If {
            cond,
            then_region,
            else_region,
            ..
        } => {
            let then_code: TokenStream = then_region.instrs.iter().map(compute).collect();
            let else_code: TokenStream = else_region.instrs.iter().map(compute).collect();
            let shape = IfShape::of(*cond, then_region, else_region);
            return if_statement(instr, &shape, then_code, else_code);
        }
        Op::Loop {
            init,
            params,
            body,
            keep_going,
            merged,
        } => {
            let body_code: TokenStream = body.instrs.iter().map(compute).collect();
            let shape = LoopShape::of(init, params, body, *keep_going, merged);
            return loop_statement(instr, &shape, body_code, quote!(), quote!());
        }
        _ => {}
    }
    let result = names::value(instr.result);
    let v = |id: &ValueId| names::value(*id);
    let span = instr.span;
    let expr = match &instr.op {
        // A name (a captured variable, a constant) is written where it is used instead (see
        // `vjp::inline_names`), so a captured value is not moved into a local.
        Op::Const(tokens) if is_name(tokens) => return quote!(),
        Op::Const(tokens) => tokens.clone(),
        Op::Opaque {
            template, holes, ..
        } => fill_holes(template.clone(), holes),
        Op::Arith(op, a, b) => {
            let (a, b) = (v(a), v(b));
            let operator = arith_token(*op);
            quote_spanned!(span=> #a #operator #b)
        }
        Op::Neg(a) => {
            let a = v(a);
            quote_spanned!(span=> -#a)
        }
        Op::Discrete { operator, operands } | Op::NoDerivative { operator, operands } => {
            match operands.as_slice() {
                [a] => {
                    let a = v(a);
                    quote_spanned!(span=> #operator #a)
                }
                [a, b] => {
                    let (a, b) = (v(a), v(b));
                    quote_spanned!(span=> #a #operator #b)
                }
                _ => quote!(()),
            }
        }
        Op::Cast(a, ty) => {
            let a = v(a);
            quote_spanned!(span=> #a as #ty)
        }
        Op::Ascribe(a, ty) => {
            let a = v(a);
            return quote_spanned!(span=> let mut #result: #ty = #a;);
        }
        Op::Call {
            callee,
            args,
            inout,
        } => inout_call(callee, args, inout, span),
        // An inout call updates a new version of its receiver in place.
        Op::Method {
            receiver,
            method,
            turbofish,
            args,
            inout: true,
        } => {
            let call = method_call(&result, method, turbofish, args, span);
            let receiver = v(receiver);
            return quote_spanned!(span=> let mut #result = #receiver; #call;);
        }
        Op::Method {
            receiver,
            method,
            turbofish,
            args,
            inout: false,
        } => method_call(&v(receiver), method, turbofish, args, span),
        Op::DiscreteMethod {
            receiver,
            method,
            turbofish,
            args,
        } => {
            let call = method_call(&v(receiver), method, turbofish, args, span);
            // Checked as `vocab::discrete` says: a method of the user's named like a query
            // (a vector's `len`) or a rounding would lose its derivative (`ad_core::query`).
            let rt = runtime();
            let check = match crate::vocab::discrete::discrete_method(&method.to_string()) {
                Some(Check::ResultNotFloat) => quote_spanned! {method.span()=>
                    #rt::discrete_query((&#rt::Query(&#result)).query_kind())
                },
                Some(Check::ReceiverFloat) => {
                    let receiver = v(receiver);
                    quote_spanned! {method.span()=>
                        #rt::discrete_rounding((&#rt::Query(&#receiver)).rounding_kind())
                    }
                }
                None => return quote_spanned!(span=> let mut #result = #call;),
            };
            return quote_spanned! {span=>
                let mut #result = #call;
                #check;
            };
        }
        Op::Array(items) => {
            let items = items.iter().map(v);
            quote_spanned!(span=> [#(#items),*])
        }
        Op::Tuple(items) => {
            let items = items.iter().map(v);
            quote_spanned!(span=> (#(#items,)*))
        }
        Op::Struct { path, fields, rest } => {
            let members = fields.iter().map(|(m, _)| m);
            let values = fields.iter().map(|(_, x)| v(x));
            let rest = rest.map(|r| {
                let r = v(&r);
                quote!(..#r)
            });
            quote_spanned!(span=> #path { #(#members: #values,)* #rest })
        }
        Op::SetField {
            base,
            member,
            value,
        } => {
            let (base, value) = (v(base), v(value));
            return quote_spanned!(span=> let mut #result = #base; #result.#member = #value;);
        }
        Op::FieldRef(a, member) => {
            let a = v(a);
            quote_spanned!(span=> &#a.#member)
        }
        Op::Field(a, member) => {
            let a = v(a);
            quote_spanned!(span=> #a.#member)
        }
        // Reached only once the variant matched (the arm's test ran first).
        Op::Payload {
            value,
            variant,
            member,
        } => {
            let a = v(value);
            let part = names::payload_binding();
            quote_spanned! {span=> match &#a {
                #variant { #member: #part, .. } => ::core::clone::Clone::clone(#part),
                _ => ::core::unreachable!(),
            }}
        }
        Op::Ref { mutable, operand } => {
            let a = v(operand);
            if *mutable {
                quote_spanned!(span=> &mut #a)
            } else {
                quote_spanned!(span=> &#a)
            }
        }
        Op::Deref(a) => {
            let a = v(a);
            quote_spanned!(span=> *#a)
        }
        Op::Clone(a) => {
            let a = v(a);
            quote_spanned!(span=> #a.clone())
        }
        Op::Matches { scrutinee, pattern } => {
            let a = v(scrutinee);
            // A `match`, not `matches!`, whose `pat` fragment rejects `..=x`; a test that
            // always holds (the pattern of `name @ (a, _)`) is not worth a warning.
            let matched = quote::format_ident!("__ad_matched");
            quote_spanned!(span=> {
                #[allow(unreachable_patterns)]
                let #matched = match #a { #pattern => true, _ => false };
                #matched
            })
        }
        Op::Index {
            base,
            index,
            by_ref,
        } => {
            let (base, index) = (v(base), v(index));
            if *by_ref {
                quote_spanned!(span=> &#base[#index])
            } else {
                quote_spanned!(span=> #base[#index])
            }
        }
        Op::IntoIter(a) => {
            let a = v(a);
            quote_spanned!(span=> ::core::iter::IntoIterator::into_iter(#a))
        }
        Op::IterNext(a) => {
            let a = v(a);
            quote_spanned!(span=> ::core::iter::Iterator::next(&mut #a))
        }
        Op::Unwrap(a) => {
            let a = v(a);
            // Method syntax: `ndarray`'s `Result`s unwrap the same way as `Option`s.
            quote_spanned!(span=> #a.unwrap())
        }
        Op::WrapSome(a) => {
            let a = v(a);
            quote_spanned!(span=> ::core::option::Option::Some(#a))
        }
        Op::IndexSet {
            base,
            indices,
            value,
        } => {
            let (base, value) = (v(base), v(value));
            let indices = indices.iter().map(v);
            return quote_spanned!(span=> let mut #result = #base; #result #([#indices])* = #value;);
        }
        Op::Push { base, value } => {
            let (base, value) = (v(base), v(value));
            return quote_spanned!(span=> let mut #result = #base; #result.push(#value););
        }
        Op::VecRepeat { value, count } => {
            let (value, count) = (v(value), v(count));
            quote_spanned!(span=> ::std::vec![#value; #count])
        }
        Op::VecList(items) => {
            let items = items.iter().map(v);
            quote_spanned!(span=> ::std::vec![#(#items),*])
        }
        Op::Nested { body, args } => super::nested::value(&super::nested::Nested { body, args }),
        // Handled above.
        Op::If { .. } | Op::Loop { .. } => quote!(()),
    };
    quote_spanned!(span=> let mut #result = #expr;)
}

/// `let` statement computing `instr` through `rule`: binds its value and its pullback.
pub fn rule_call(owned: &Ownership, instr: &Instr, rule: &Rule, storage: Storage) -> TokenStream {
    let rt = runtime();
    let span = instr.span;
    let result = names::value(instr.result);
    let pullback = names::pullback(instr.result);
    let v = |id: &ValueId| names::value(*id);
    let operand = |id: &ValueId| {
        let x = v(id);
        if owned.is_owned(*id) {
            quote_spanned!(span=> #x)
        } else {
            quote_spanned!(span=> #rt::Operand::operand(#x))
        }
    };
    // What the reverse recomputes or rebuilds from stored values (an element read at a
    // recomputed position, float arithmetic, a float method) keeps no pullback: computed as
    // the source computes it.
    if let Storage::Recomputed(_) = storage {
        return compute(instr);
    }
    let call = match (rule, &instr.op) {
        (Rule::Arith(op, mask), Op::Arith(_, lhs, b)) => {
            let (rule, method) = arith_rule(*op, *mask);
            let (a, b) = (operand(lhs), operand(b));
            if owned.is_undecided_float(*lhs) {
                // One type for both operands: rustc takes it from the right one.
                quote_spanned!(span=> #rt::ops::#method(#a, #b))
            } else {
                // Dispatch on the left operand's type, which also allows mixed types.
                quote_spanned!(span=> #rt::#rule::#method(#a, #b))
            }
        }
        (Rule::Neg, Op::Neg(a)) => {
            let a = operand(a);
            quote_spanned!(span=> #rt::ops::neg_vjp(#a))
        }
        (Rule::Cast, Op::Cast(a, ty)) => {
            let a = operand(a);
            quote_spanned!(span=> #rt::CastRule::<#ty>::cast_vjp(#a))
        }
        (Rule::Call, Op::Nested { body, args }) => {
            super::nested::vjp(&super::nested::Nested { body, args })
        }
        (
            Rule::Call,
            Op::Call {
                callee: path, args, ..
            },
        ) => {
            let vjp = callee::reverse_path(&path.path);
            // Only a reference can be given to a borrowed slice or `Vec` parameter, whose
            // cotangent may be a prefix; a range read's adjoint takes one as it is.
            let lengths: Vec<Option<TokenStream>> = args
                .iter()
                .map(|a| {
                    let padded = !owned.is_owned(*a) && !owned.is_range_read(*a);
                    padded.then(|| v(a).into_token_stream())
                })
                .collect();
            let args = args.iter().map(|a| names::located(v(a), span));
            super::padding::padded(
                quote_spanned!(span=> #vjp(#(#args),*)),
                &lengths,
                super::padding::PaddedFor::Caller,
            )
        }
        (
            Rule::Index,
            Op::Index {
                base,
                index,
                by_ref,
            },
        ) => {
            // The value as the source reads it, and the position read as the "pullback".
            let (base, index) = (v(base), v(index));
            // (A range, `&xs[a..b]`, is not `Copy`: the read takes a clone.)
            let read = if *by_ref {
                quote_spanned!(span=> &#base[::core::clone::Clone::clone(&#index)])
            } else {
                quote_spanned!(span=> #base[::core::clone::Clone::clone(&#index)])
            };
            let shape = quote_spanned!(span=> #rt::IndexShape::index_shape(&#base));
            quote_spanned!(span=> (#read, #rt::IndexPullback::new(#shape, #index)))
        }
        (Rule::Vector, op) => {
            // The vector as the source builds it, and the position written as the record.
            let value = compute(instr);
            let record = match op {
                // One position: kept with the vector's type, which fixes its adjoint's (a
                // `Vec` or an array) where nothing else in the pullback does.
                Op::IndexSet { indices, .. } if indices.len() == 1 => {
                    let index = v(&indices[0]);
                    quote!(#rt::Written::at(&#result, #index))
                }
                Op::IndexSet { indices, .. } => {
                    let indices = indices.iter().map(v);
                    quote!((#(#indices),*))
                }
                _ => quote!(()),
            };
            // (The record borrows the vector before it is moved out.)
            let held = quote::format_ident!("__ad_record");
            quote_spanned!(span=> { #value let #held = #record; (#result, #held) })
        }
        (
            Rule::Method(mask),
            Op::Method {
                receiver,
                method,
                turbofish,
                args,
                inout,
            },
        ) => {
            let vjp = names::called_method_reverse(method, *inout);
            let receiver = partial_receiver(method, *mask, v(receiver));
            method_call(&receiver, &vjp, turbofish, args, span)
        }
        _ => {
            quote_spanned!(span=> ::core::compile_error!("internal error in ad, please report: rule and instruction disagree"))
        }
    };
    let (mut_result, fresh) = (quote!(mut #result), names::fresh_pullback());
    match storage {
        // (`Guard` only ever describes an `if`; a rule's pullback is never one, and a
        // `Recomputed` one is never kept, returned above.)
        // (`Positional` only ever keeps floats, never a pullback.)
        Storage::Local | Storage::Guard(_) | Storage::Recomputed(_) | Storage::Positional(_) => {
            quote_spanned!(span=> let (#mut_result, #pullback) = #call;)
        }
        // Inside a branch: the pullback outlives the branch's locals, so it goes to the slot
        // declared before the primal code.
        Storage::Slot => quote_spanned!(span=>
            let (#mut_result, #fresh) = #call;
            #pullback = ::core::option::Option::Some(#fresh);
        ),
        // Inside a loop: one entry per iteration.
        Storage::Tape => quote_spanned!(span=>
            let (#mut_result, #fresh) = #call;
            #pullback.push(#fresh);
        ),
    }
}

/// `let (outputs..) = if cond { then; (yields..) } else { otherwise; (yields..) };`
pub fn if_statement(
    instr: &Instr,
    shape: &IfShape,
    then_code: TokenStream,
    else_code: TokenStream,
) -> TokenStream {
    let outputs = instr.outputs().into_iter().map(names::value);
    let cond = names::value(shape.cond);
    let then_yields = shape.then_yields.iter().map(|v| names::value(*v));
    let else_yields = shape.else_yields.iter().map(|v| names::value(*v));
    let span = instr.span;
    quote_spanned! {span=>
        let (#(mut #outputs,)*) = if #cond {
            #then_code
            (#(#then_yields,)*)
        } else {
            #else_code
            (#(#else_yields,)*)
        };
    }
}

/// The primal loop: carried values as mutable locals, the body, the next carried values, and
/// the exit test. `count` goes in the body (an iteration counter), `after` after the loop.
pub fn loop_statement(
    instr: &Instr,
    shape: &LoopShape,
    body_code: TokenStream,
    count: TokenStream,
    after: TokenStream,
) -> TokenStream {
    let LoopShape {
        init,
        params,
        yields,
        keep_going,
        ..
    } = shape;
    let params: Vec<_> = params.iter().map(|v| names::value(*v)).collect();
    let init = init.iter().map(|v| names::value(*v));
    let yields = yields.iter().map(|v| names::value(*v));
    let outputs = instr.outputs().into_iter().map(names::value);
    let keep_going = names::value(*keep_going);
    // `keep_going` may be a carried value (`while flag { ..; flag = .. }`): read it before
    // the carried values become the next iteration's.
    let again = names::again(instr.result);
    let span = instr.span;
    quote_spanned! {span=>
        let (#(mut #params,)*) = (#(#init,)*);
        loop {
            #body_code
            #count
            let #again = #keep_going;
            (#(#params,)*) = (#(#yields,)*);
            if !#again {
                break;
            }
        }
        #after
        let (#(mut #outputs,)*) = ((), #(#params,)*);
    }
}

/// `receiver.method::<..>(args)`, spanned at the call so that rustc's errors point at it.
/// A macro's template with each hole `__ad_hole_<k>` replaced by the name of `holes[k]`.
fn fill_holes(template: TokenStream, holes: &[ValueId]) -> TokenStream {
    crate::tokens::map_idents(template, &|ident| {
        let hole = ident
            .to_string()
            .strip_prefix(crate::ir::HOLE)
            .and_then(|k| k.parse::<usize>().ok())
            .and_then(|k| holes.get(k));
        match hole {
            Some(v) => proc_macro2::TokenTree::Ident(names::value(*v)),
            None => proc_macro2::TokenTree::Ident(ident),
        }
    })
}

/// Methods whose ad-std rules have entry points for one active operand (`a.dot(&b)` with `a`
/// or `b` constant), so that the pullback neither keeps nor computes what is not needed.
/// The call wraps the receiver in `WrtSelf` / `WrtArgs`, which have those entry points for
/// ndarray's arrays and dereference to the receiver for every other type, so a user type's
/// own `dot` derivative is found as before.
const PARTIAL_RULE_METHODS: &[&str] = &["dot"];

/// The receiver of a call of `method` whose operands `mask` says are active: wrapped in
/// `WrtSelf` (only the receiver active) or `WrtArgs` (only the argument) when the method has
/// partial rules, as it is otherwise. Reverse and forward code both call it.
pub(super) fn partial_receiver(
    method: &proc_macro2::Ident,
    mask: Mask,
    receiver: impl ToTokens,
) -> TokenStream {
    let rt = runtime();
    let partial = PARTIAL_RULE_METHODS.contains(&method.to_string().as_str());
    match (mask, partial) {
        (Mask::Lhs, true) => quote!(#rt::WrtSelf(&#receiver)),
        (Mask::Rhs, true) => quote!(#rt::WrtArgs(&#receiver)),
        _ => receiver.into_token_stream(),
    }
}

fn method_call(
    receiver: &impl ToTokens,
    method: &proc_macro2::Ident,
    turbofish: &Option<syn::AngleBracketedGenericArguments>,
    args: &[ValueId],
    span: proc_macro2::Span,
) -> TokenStream {
    let turbofish = turbofish.as_ref().map(crate::emit::turbofish);
    let args = args.iter().map(|a| names::value(*a));
    quote_spanned!(span=> #receiver.#method #turbofish(#(#args),*))
}

/// The call `callee(args)` as the source makes it. An argument at a position of `inout` was
/// written `&mut place`: it is passed as `&mut` a copy of its value, and the expression is
/// the tuple of the result and the copies' new values, which the IR takes apart (see
/// `Op::Call`).
pub(super) fn inout_call(
    callee: &syn::ExprPath,
    args: &[ValueId],
    inout: &[usize],
    span: proc_macro2::Span,
) -> TokenStream {
    if inout.is_empty() {
        let args = args.iter().map(|a| names::value(*a));
        return quote_spanned!(span=> #callee(#(#args),*));
    }
    let copies: Vec<proc_macro2::Ident> = inout.iter().map(|k| names::inout_copy(*k)).collect();
    let values = inout.iter().map(|k| names::value(args[*k]));
    let args = args
        .iter()
        .enumerate()
        .map(|(k, a)| match inout.contains(&k) {
            true => {
                let copy = names::inout_copy(k);
                quote_spanned!(span=> &mut #copy)
            }
            false => names::value(*a).into_token_stream(),
        });
    quote_spanned! {span=> {
        #(let mut #copies = #values;)*
        (#callee(#(#args),*), #(#copies),*)
    }}
}

fn arith_token(op: ArithOp) -> TokenStream {
    match op {
        ArithOp::Add => quote!(+),
        ArithOp::Sub => quote!(-),
        ArithOp::Mul => quote!(*),
        ArithOp::Div => quote!(/),
        ArithOp::Rem => quote!(%),
    }
}

/// The rule trait of an operator, and its entry point (the same name as the same-type
/// function of `ad_std::same_type`) for the operands whose cotangents are needed.
fn arith_rule(op: ArithOp, mask: Mask) -> (proc_macro2::Ident, proc_macro2::Ident) {
    let (rule, stem) = op.rule_and_stem();
    let suffix = match mask {
        Mask::Both => "",
        Mask::Lhs => "_lhs",
        Mask::Rhs => "_rhs",
    };
    (
        quote::format_ident!("{}", rule),
        quote::format_ident!("{}_vjp{}", stem, suffix),
    )
}

/// Whether a constant's tokens are a path (`data`, `PI`, `f64::MAX`).
pub fn is_name(tokens: &TokenStream) -> bool {
    matches!(
        syn::parse2::<syn::Expr>(tokens.clone()),
        Ok(syn::Expr::Path(_))
    )
}
