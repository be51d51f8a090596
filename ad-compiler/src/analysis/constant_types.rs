//! Values whose type can never carry a derivative, known from the types written in the
//! source: a parameter `r: &mut [usize]`, a `let m: Vec<bool> = ..`, and what such a value
//! becomes (its new versions after an element is written, after a call that takes it
//! `&mut`, through a loop or an `if`).
//!
//! Activity analysis alone is blind to types: the result of a call that reads a varied
//! value is varied, and so is every part of it, the new versions of the index vectors a
//! recursive function takes `&mut` among them (gradbench's `det_of_minor(a, n, m, r, c)`).
//! Taken as varied and useful, they would get a tape of every write and read. A value of a
//! constant type is neither, whatever it is computed from.

use crate::ir::{Body, Instr, Op, ValueId, is_constant_type, walk};
use std::collections::HashMap;

/// One flag per value: whether its type is known to carry no derivative.
pub fn constant_typed(body: &Body) -> Vec<bool> {
    let mut flags = vec![false; body.value_count as usize];
    for p in &body.params {
        let constant =
            p.ty.as_ref()
                .is_some_and(|ty| is_constant_type(ty) && !is_function(ty));
        set(&mut flags, p.value, constant);
    }
    // The instruction defining each value: a call's new versions are its fields 1...
    let mut definitions = HashMap::new();
    walk(&body.block.instrs, &mut |instr| {
        definitions.insert(instr.result, instr);
    });
    propagate(&body.block.instrs, &mut flags, &definitions);
    flags
}

/// Whether `ty` is a function (`&dyn Fn(f64) -> f64`, `impl Fn(..)`, `fn(..)`): no derivative
/// flows through its own value, but a function parameter carries the derivatives of what a
/// closure given for it captures (see `lower::choose_wrt`).
fn is_function(ty: &syn::Type) -> bool {
    match ty {
        syn::Type::Reference(r) => is_function(&r.elem),
        syn::Type::Paren(p) => is_function(&p.elem),
        syn::Type::ImplTrait(_) | syn::Type::TraitObject(_) | syn::Type::BareFn(_) => true,
        _ => false,
    }
}

fn set(flags: &mut [bool], v: ValueId, value: bool) {
    if let Some(slot) = flags.get_mut(v.index()) {
        *slot = value;
    }
}

fn get(flags: &[bool], v: ValueId) -> bool {
    flags.get(v.index()).copied().unwrap_or(false)
}

/// In evaluation order: the flag of each value an instruction defines.
fn propagate(instrs: &[Instr], flags: &mut Vec<bool>, definitions: &HashMap<ValueId, &Instr>) {
    for instr in instrs {
        match &instr.op {
            Op::Loop {
                init,
                params,
                body,
                merged,
                ..
            } => {
                // A carried value is constant if it starts so and every iteration keeps it
                // so: start from the initial values and clear until nothing changes.
                for (p, i) in params.iter().zip(init) {
                    let value = get(flags, *i);
                    set(flags, *p, value);
                }
                loop {
                    propagate(&body.instrs, flags, definitions);
                    let mut changed = false;
                    for (p, y) in params.iter().zip(&body.yields) {
                        if get(flags, *p) && !get(flags, *y) {
                            set(flags, *p, false);
                            changed = true;
                        }
                    }
                    if !changed {
                        break;
                    }
                }
                for (m, y) in merged.iter().zip(&body.yields) {
                    let value = get(flags, *y);
                    set(flags, *m, value);
                }
            }
            Op::If {
                then_region,
                else_region,
                ..
            } => {
                propagate(&then_region.instrs, flags, definitions);
                propagate(&else_region.instrs, flags, definitions);
                for (k, output) in instr.outputs().into_iter().enumerate() {
                    let from =
                        |r: &crate::ir::Region| r.yields.get(k).is_some_and(|y| get(flags, *y));
                    let value = from(then_region) && from(else_region);
                    set(flags, output, value);
                }
            }
            op => {
                let value = defines_constant(op, flags, definitions);
                set(flags, instr.result, value);
            }
        }
    }
}

/// Whether `op` (not a loop or an `if`) defines a value of a constant type.
fn defines_constant(op: &Op, flags: &[bool], definitions: &HashMap<ValueId, &Instr>) -> bool {
    match op {
        Op::Ascribe(_, ty) | Op::Cast(_, ty) => is_constant_type(ty),
        Op::IndexSet { base, .. } => get(flags, *base),
        Op::Clone(v) | Op::Deref(v) | Op::Ref { operand: v, .. } => get(flags, *v),
        Op::Method {
            receiver,
            inout: true,
            ..
        } => get(flags, *receiver),
        // Field `k >= 1` of a call with `&mut` arguments: the new version of the place lent
        // at its `k`-th such argument, of that place's type.
        Op::Field(call, syn::Member::Unnamed(index)) => {
            let Some(Op::Call { args, inout, .. }) = definitions.get(call).map(|i| &i.op) else {
                return false;
            };
            let k = index.index as usize;
            k >= 1
                && inout
                    .get(k - 1)
                    .and_then(|&position| args.get(position))
                    .is_some_and(|arg| get(flags, *arg))
        }
        _ => false,
    }
}
