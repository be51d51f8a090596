//! Counted loops, and what their reverse recomputes instead of saving.
//!
//! A loop is counted when it is a `for` over an integer range (`a..b`, `a..=b`,
//! `(a..b).rev()`) whose only exit is the range's end: the IR's loop whose body is the guard
//! `if next.is_some() { item = next.unwrap(); .. } else { .. }` and whose condition is that
//! test, with nothing active outside the guard. Its reverse steps through a clone of the range
//! backwards (Tapenade's and Enzyme's reversal of a counted loop), so it needs no trip count.
//!
//! Each reverse iteration rebinds the item and recomputes the iteration's cheap pure values
//! whose operands the reverse has (the to-be-recorded analysis of Tapenade, restricted to what
//! is certainly cheap): constants, operators and casts on the item, on values recomputed by an
//! enclosing counted loop, and on values of the function's outermost block that are plain
//! numbers (a length, a parameter of a primitive type), which the pullback captures by copy.
//! An element read at such a position (`w[k * n + j]`) then saves nothing per iteration: the
//! sequence's shape is saved once before the loop and the adjoint is added at the recomputed
//! position. An inner counted loop whose range is recomputed saves no iterator either.

use crate::ir::{Body, Instr, Op, Region, ValueId, walk};
use std::collections::{HashMap, HashSet};

/// The instructions of a body by the value they define, and the values the pullback may read
/// from the function's outermost block (plain numbers, captured by copy).
pub(super) struct Definitions<'a> {
    by_value: HashMap<ValueId, &'a Instr>,
    outer_numbers: HashSet<ValueId>,
}

impl<'a> Definitions<'a> {
    /// Indexes `body`.
    pub(super) fn of(body: &'a Body) -> Self {
        let mut by_value = HashMap::new();
        walk(&body.block.instrs, &mut |instr| {
            by_value.insert(instr.result, instr);
        });
        let mut outer_numbers: HashSet<ValueId> = body
            .params
            .iter()
            .filter(|p| p.ty.as_ref().is_some_and(is_primitive))
            .map(|p| p.value)
            .collect();
        for instr in &body.block.instrs {
            let number = match &instr.op {
                Op::Const(_) => true,
                Op::Discrete { operator, operands } => {
                    !is_range_operator(operator)
                        && operands.iter().all(|v| outer_numbers.contains(v))
                }
                Op::Cast(a, ty) => is_primitive(ty) && outer_numbers.contains(a),
                Op::Arith(_, a, b) => outer_numbers.contains(a) && outer_numbers.contains(b),
                Op::Neg(a) => outer_numbers.contains(a),
                Op::DiscreteMethod { method, args, .. } => {
                    args.is_empty()
                        && ["len", "is_empty", "nrows", "ncols"]
                            .iter()
                            .any(|m| method == m)
                }
                _ => false,
            };
            if number {
                outer_numbers.insert(instr.result);
            }
        }
        Definitions {
            by_value,
            outer_numbers,
        }
    }

    /// Whether `v` is a plain number of the outermost block.
    pub(super) fn is_outer_number(&self, v: ValueId) -> bool {
        self.outer_numbers.contains(&v)
    }

    /// Whether `v` is an integer range (`a..b`, `a..=b`, or `.rev()` of one).
    fn is_range(&self, v: ValueId) -> bool {
        match self.by_value.get(&v).map(|i| &i.op) {
            Some(Op::Discrete { operator, operands }) => {
                operands.len() == 2 && is_range_operator(operator)
            }
            Some(Op::Method {
                receiver,
                method,
                args,
                inout: false,
                ..
            }) => method == "rev" && args.is_empty() && self.is_range(*receiver),
            _ => false,
        }
    }

    /// The parts of a counted loop: `(iterator, item, guard's then region)`, or `None` when
    /// `instr` is not one. `active` says which instructions define active values.
    pub(super) fn counted_parts(
        &self,
        instr: &'a Instr,
        active: &dyn Fn(&Instr) -> bool,
    ) -> Option<(ValueId, ValueId, &'a Region)> {
        let Op::Loop {
            body, keep_going, ..
        } = &instr.op
        else {
            return None;
        };
        let guard = instr.loop_guard()?;
        // The reverse of the body is the reverse of the guard, which the counted loop runs
        // branch by branch.
        if !active(guard)
            || body
                .instrs
                .iter()
                .any(|i| i.result != guard.result && active(i))
        {
            return None;
        }
        let Op::If { then_region, .. } = &guard.op else {
            return None;
        };
        let next = match &self.by_value.get(keep_going)?.op {
            Op::DiscreteMethod {
                receiver,
                method,
                args,
                ..
            } if method == "is_some" && args.is_empty() => *receiver,
            _ => return None,
        };
        let Op::IterNext(iterator) = self.by_value.get(&next)?.op else {
            return None;
        };
        let item = match then_region.instrs.first() {
            Some(Instr {
                op: Op::Unwrap(of),
                result,
                ..
            }) if *of == next => *result,
            _ => return None,
        };
        match self.by_value.get(&iterator)?.op {
            Op::IntoIter(range) if self.is_range(range) => Some((iterator, item, then_region)),
            _ => None,
        }
    }

    /// The instructions of `then_region` (after the item's unwrap) that a reverse iteration
    /// may recompute, in order, given the item, what else the reverse has (`available`) and
    /// which parameters are float sequences it can read from a copy (`copyable`).
    pub(super) fn recomputable(
        &self,
        item: ValueId,
        then_region: &'a Region,
        available: &dyn Fn(ValueId) -> bool,
        copyable: &dyn Fn(ValueId) -> bool,
    ) -> Recomputable<'a> {
        let mut found = Recomputable {
            instrs: Vec::new(),
            restorable: HashSet::from([item]),
            from_copies: HashSet::new(),
        };
        for instr in then_region.instrs.iter().skip(1) {
            let has = |v: &ValueId| found.restorable.contains(v) || available(*v);
            let element = match &instr.op {
                // An element of a float-sequence parameter, read again from its copy (only
                // taken if a reverse iteration needs it, see `Recomputable::needed`).
                Op::Index { base, index, .. } => copyable(*base) && has(index),
                _ => false,
            };
            // An active value is recomputed only as an element read from a copy: its adjoint
            // is kept apart from its value.
            let plain = !element && self.is_cheap_pure(instr);
            if !(element || plain) || !instr.op.operands().iter().all(|v| element || has(v)) {
                continue;
            }
            if element
                || instr
                    .op
                    .operands()
                    .iter()
                    .any(|v| found.from_copies.contains(v))
            {
                found.from_copies.insert(instr.result);
            }
            found.restorable.insert(instr.result);
            found.instrs.push(instr);
        }
        found
    }

    /// Instructions that cost next to nothing to compute again and have no effect: constants,
    /// operators, casts, dereferences, and the iterator of a range.
    fn is_cheap_pure(&self, instr: &Instr) -> bool {
        match &instr.op {
            Op::Deref(_) => true,
            // Arithmetic the primal computes plainly (on integers, or on floats that carry no
            // derivative).
            Op::Const(_) | Op::Discrete { .. } | Op::Cast(..) | Op::Arith(..) | Op::Neg(_) => true,
            Op::IntoIter(range) => self.is_range(*range),
            Op::Method { method, .. } => method == "rev" && self.is_range(instr.result),
            _ => false,
        }
    }
}

/// The `then` region of loop `instr`'s guard (see [`Instr::loop_guard`]), if it has one.
pub(super) fn guard_then(instr: &Instr) -> Option<&Region> {
    match &instr.loop_guard()?.op {
        Op::If { then_region, .. } => Some(then_region),
        _ => None,
    }
}

/// What the reverse iteration of a counted loop can recompute.
pub(super) struct Recomputable<'a> {
    /// The instructions, in order.
    pub(super) instrs: Vec<&'a Instr>,
    /// Their values and the loop's item.
    pub(super) restorable: HashSet<ValueId>,
    /// The values that depend on an element read from a parameter's copy: recomputed only
    /// when needed, so that a copy is made only when something reads it.
    pub(super) from_copies: HashSet<ValueId>,
}

impl<'a> Recomputable<'a> {
    /// The instructions to recompute: those that read no copy, and those that do and are
    /// `needed` (marking what they read as needed in turn).
    pub(super) fn needed(&self, needed: &mut HashSet<ValueId>) -> Vec<&'a Instr> {
        let mut kept = Vec::new();
        for instr in self.instrs.iter().rev() {
            if !self.from_copies.contains(&instr.result) || needed.contains(&instr.result) {
                needed.extend(instr.op.operands());
                kept.push(*instr);
            }
        }
        kept.reverse();
        kept
    }
}

/// The values defined inside `instr`'s regions (its loop parameters included).
pub(super) fn defined_inside(instr: &Instr) -> HashSet<ValueId> {
    let mut inside = HashSet::new();
    if let Op::Loop { params, .. } = &instr.op {
        inside.extend(params.iter().copied());
    }
    for region in instr.regions() {
        walk(&region.instrs, &mut |i| {
            inside.extend(i.outputs());
            if let Op::Loop { params, .. } = &i.op {
                inside.extend(params.iter().copied());
            }
        });
    }
    inside
}

fn is_range_operator(operator: &proc_macro2::TokenStream) -> bool {
    let text = operator.to_string().replace(' ', "");
    text == ".." || text == "..="
}

/// Whether `ty` is a primitive number, `bool` or `char` (a `Copy` value with no lifetime).
fn is_primitive(ty: &syn::Type) -> bool {
    const PRIMITIVES: &[&str] = &[
        "usize", "isize", "u8", "u16", "u32", "u64", "u128", "i8", "i16", "i32", "i64", "i128",
        "f32", "f64", "bool", "char",
    ];
    match ty {
        syn::Type::Path(p) if p.qself.is_none() => {
            PRIMITIVES.iter().any(|name| p.path.is_ident(name))
        }
        _ => false,
    }
}
