//! The tape plan of loops, part of [`plan`](super::plan): entering a loop decides whether it
//! is counted (see [`counted`](super::counted)) and what its reverse iteration recomputes;
//! within it, which element reads, float arithmetic and float methods are reversed from
//! recomputed or stored values instead of saved pullbacks; leaving it records what it keeps.

use super::Generator;
use super::counted;
use super::plan::*;
use crate::ir::{ArithOp, Instr, Op, ValueId};
use std::collections::HashSet;

/// What the primal of a loop was planned to save, for its reverse.
pub(super) struct PlannedLoop<'a> {
    /// How a counted loop is reversed; `None` for one that counts its trips.
    pub(super) counted: Option<Counted<'a>>,
    /// The floats each iteration stores.
    pub(super) stored: Vec<ValueId>,
    /// Where the loop's own items (trip count, iterator, shapes) are saved.
    pub(super) storage: Storage,
}

/// A loop around the instructions being planned.
pub(super) struct LoopScope<'a> {
    /// The loop's value.
    value: ValueId,
    /// Whether the loop is counted (walked backwards as a range, its item rebound).
    counted: bool,
    /// The values its reverse iteration has: for a counted loop its item and what it
    /// recomputes; none for a loop with a guard that counts trips (its reverse iterations
    /// still read what enclosing ones have, and what each iteration stores); `None` for
    /// other loops.
    restorable: Option<HashSet<ValueId>>,
    /// What a counted loop's reverse iteration can recompute (`restorable` are their values).
    recomputable: Option<counted::Recomputable<'a>>,
    /// Values defined inside the loop.
    inside: HashSet<ValueId>,
    /// Elements read at recomputed positions: `(indexing instruction, sequence)`.
    shapes: Vec<(ValueId, ValueId)>,
    /// Elements written at recomputed positions: `(writing instruction, earliest version)`.
    written: Vec<(ValueId, ValueId)>,
    /// Values an iteration may store for its reverse.
    storable: HashSet<ValueId>,
    /// Float values an iteration stores for its reverse, in order.
    stored: Vec<ValueId>,
}

impl<'a> Generator<'_, 'a> {
    /// Enters loop `instr` (planned in `context`): decides whether it is counted (see
    /// [`counted`]), what its reverse iteration may recompute, and what its iterations may
    /// store. Returns a counted loop's iterator and item; what it recomputes and the shapes it
    /// saves are known when the body has been planned (`leave_loop`).
    pub(super) fn enter_loop(&mut self, instr: &'a Instr, context: Storage) -> Option<Counted<'a>> {
        let activity = self.activity;
        let active = |i: &Instr| activity.defines_active(i);
        // A loop inside a branch would keep its iterator in a slot: it counts trips.
        let parts = match context {
            Storage::Local | Storage::Tape => self.definitions.counted_parts(instr, &active),
            _ => None,
        };
        let counted = parts.map(|(iterator, item, then_region)| {
            let recomputable =
                self.definitions
                    .recomputable(item, then_region, &|v| self.reverse_has(v), &|v| {
                        self.floats.is_sequence(v)
                    });
            let items = match self.recomputed_by(iterator) {
                Some(outer) => {
                    self.needed.insert(iterator);
                    Storage::Recomputed(outer)
                }
                None => context,
            };
            (
                Counted {
                    iterator,
                    items,
                    item,
                    recomputed: Vec::new(),
                    shapes: Vec::new(),
                    written: Vec::new(),
                    by_position: false,
                },
                recomputable,
            )
        });
        let (counted, recomputable) = match counted {
            Some((counted, recomputable)) => (Some(counted), Some(recomputable)),
            None => (None, None),
        };
        // What an iteration may store for its reverse: the carried values and what the guard's
        // `then` branch computes outside nested regions, all there at the end of the branch.
        let guard_then = match context {
            Storage::Local | Storage::Tape => counted::guard_then(instr),
            _ => None,
        };
        let storable = match (&instr.op, guard_then) {
            (Op::Loop { params, .. }, Some(then_region)) => params
                .iter()
                .copied()
                .chain(then_region.instrs.iter().flat_map(Instr::outputs))
                .collect(),
            _ => HashSet::new(),
        };
        let restorable = match &recomputable {
            Some(r) => Some(r.restorable.clone()),
            None => guard_then.map(|_| HashSet::new()),
        };
        self.loops.push(LoopScope {
            value: instr.result,
            counted: counted.is_some(),
            restorable,
            recomputable,
            inside: counted::defined_inside(instr),
            shapes: Vec::new(),
            written: Vec::new(),
            storable,
            stored: Vec::new(),
        });
        counted
    }

    /// Leaves loop `instr`: saves its trip count, or completes and records its counted plan;
    /// returns it and the floats each iteration stores.
    pub(super) fn leave_loop(
        &mut self,
        instr: &'a Instr,
        context: Storage,
        counted: Option<Counted<'a>>,
    ) -> (Option<Counted<'a>>, Vec<ValueId>) {
        let scope = self.loops.pop();
        let stored = scope.as_ref().map(|s| s.stored.clone()).unwrap_or_default();
        // A loop that runs once per call keeps its floats by position, typed for the vector.
        let widths: Option<Vec<_>> = stored
            .iter()
            .map(|v| {
                self.float_types
                    .get(v)
                    .copied()
                    .or_else(|| self.floats.width(*v))
            })
            .collect();
        // Elsewhere, floats of known type go on tapes recycled through the per-thread pool.
        if let Some(widths) = &widths {
            for (v, width) in stored.iter().zip(widths) {
                self.float_types.insert(*v, width);
            }
        }
        let counted = counted.map(|mut counted| {
            counted.by_position = context == Storage::Local && widths.is_some();
            counted
        });
        let at = stored_storage(instr.result, counted.as_ref());
        for value in &stored {
            self.save(*value, SavedKind::Value, at);
        }
        let counted = match counted {
            None => {
                self.save(instr.result, SavedKind::Trips, context);
                None
            }
            Some(mut counted) => {
                if let Some(scope) = scope {
                    counted.shapes = scope.shapes;
                    counted.written = scope.written;
                    if let Some(recomputable) = scope.recomputable {
                        counted.recomputed = recomputable.needed(&mut self.needed);
                    }
                }
                // Elements read from a parameter's copy: the copy is made.
                for instr in &counted.recomputed {
                    if let Op::Index { base, .. } = instr.op
                        && self.floats.is_sequence(base)
                    {
                        self.copies.insert(base);
                    }
                }
                self.save(instr.result, SavedKind::Items, counted.items);
                for (index, _) in counted.shapes.iter().chain(&counted.written) {
                    self.save(*index, SavedKind::Shape, context);
                }
                Some(counted)
            }
        };
        // The loop's reverse, planned later, reverses what was decided here.
        self.planned_loops.insert(
            instr.result,
            PlannedLoop {
                counted: counted.clone(),
                stored: stored.clone(),
                storage: context,
            },
        );
        (counted, stored)
    }

    /// Whether the reverse has `v` where the current instruction is reversed: a number of the
    /// outermost block, or a value an enclosing counted loop's reverse iteration rebinds.
    fn reverse_has(&self, v: ValueId) -> bool {
        self.definitions.is_outer_number(v) || self.recomputed_by(v).is_some()
    }

    /// The enclosing counted loop whose reverse iteration rebinds `v`, if any.
    fn recomputed_by(&self, v: ValueId) -> Option<ValueId> {
        self.loops.iter().rev().find_map(|scope| {
            scope
                .restorable
                .as_ref()
                .filter(|r| r.contains(&v))
                .map(|_| scope.value)
        })
    }

    /// For an element read `base[index]` directly in a counted loop (not in a loop inside
    /// it) at a position the reverse recomputes, from a sequence defined before the loop, or
    /// from a float vector the loops around write in place (a scratch buffer, whose shape is
    /// its earliest version's, see `versions`): the loop, after noting the sequence's shape to
    /// save before the outermost counted loop the sequence is defined before (once, not once
    /// per iteration of the loops around).
    pub(super) fn recomputed_position(&mut self, instr: &Instr) -> Option<ValueId> {
        let Op::Index {
            base,
            index,
            by_ref,
        } = &instr.op
        else {
            return None;
        };
        // (A read by reference may be of a range, `&x[a..]`: not a position to store.)
        let (value, origin) = self.at_recomputed_position(*base, *index, !by_ref)?;
        self.saver(origin)?.shapes.push((instr.result, origin));
        Some(value)
    }

    /// For an element write `base[index] = y` on a float vector in a counted loop, at a
    /// position the reverse recomputes: the loop, after noting the vector's earliest version
    /// (defined before the loops that write it), whose type the reverse takes the written
    /// element's adjoint with, saved once like a shape. Nothing is saved per write.
    pub(super) fn recomputed_write(&mut self, instr: &Instr) -> Option<ValueId> {
        let Op::IndexSet {
            base,
            indices,
            value: _,
        } = &instr.op
        else {
            return None;
        };
        let [index] = indices.as_slice() else {
            return None;
        };
        if !self.floats.is_vector(*base) {
            return None;
        }
        let (value, origin) = self.at_recomputed_position(*base, *index, true)?;
        self.saver(origin)?.written.push((instr.result, origin));
        Some(value)
    }

    /// The outermost counted loop around the instruction being planned that `v` is defined
    /// before: where what is taken from `v` is saved once.
    fn saver(&mut self, v: ValueId) -> Option<&mut LoopScope<'a>> {
        self.loops
            .iter_mut()
            .find(|scope| scope.counted && !scope.inside.contains(&v))
    }

    /// For an access to `base[index]` directly in a counted loop at a position its reverse
    /// recomputes (or, for one `single` element of a float vector, stores): the loop, and
    /// the version of `base` that has its shape and is defined before the innermost loop
    /// (`base` itself, or for a float vector the loops write in place, its earliest version).
    fn at_recomputed_position(
        &mut self,
        base: ValueId,
        index: ValueId,
        single: bool,
    ) -> Option<(ValueId, ValueId)> {
        let innermost = self.loops.last().filter(|scope| scope.counted)?;
        let restorable = innermost.restorable.as_ref()?;
        // A position the reverse cannot recompute (a counter the loop carries, `l[k]`) is
        // stored, 8 bytes, when it indexes a float vector (so it is a `usize`).
        let stored_position = !(restorable.contains(&index) || self.reverse_has(index));
        let storable = single && innermost.storable.contains(&index) && self.floats.is_vector(base);
        if stored_position && !storable {
            return None;
        }
        let origin = match innermost.inside.contains(&base) {
            false => base,
            true if self.floats.is_vector(base) => self.initial_version(base),
            true => return None,
        };
        if innermost.inside.contains(&origin) {
            return None;
        }
        let value = innermost.value;
        if stored_position {
            self.float_types.insert(index, "usize");
            let scope = self.loops.last_mut()?;
            if !scope.stored.contains(&index) {
                scope.stored.push(index);
            }
        } else {
            self.needed.insert(index);
        }
        Some((value, origin))
    }

    /// The version of vector `v` (defined in the innermost loop) that the outermost loop
    /// around it that carries it starts from, going out one counted loop at a time while
    /// each keeps its shape: live before that loop, with `v`'s shape and type. (Not out of a
    /// loop that is not counted: the shape is saved before a counted loop, where the version
    /// an enclosing loop started from has been moved into it.)
    fn initial_version(&self, mut v: ValueId) -> ValueId {
        for scope in self.loops.iter().rev() {
            if !scope.inside.contains(&v) {
                continue;
            }
            if !scope.counted {
                break;
            }
            match self.versions.initial_version(v, scope.value) {
                Some(initial) => v = initial,
                None => break,
            }
        }
        v
    }

    /// For `a op b` on floats in a loop with a guard (in its body or a branch of it), when each
    /// operand its adjoint reads (`b` for `adj[a] += adj[y] * b`) is recomputed by the reverse
    /// iteration or stored by the iteration: the loop. Its reverse is then float arithmetic
    /// and no pullback is saved.
    pub(super) fn recomputed_arith(
        &mut self,
        instr: &Instr,
        op: ArithOp,
        mask: Mask,
    ) -> Option<ValueId> {
        let Op::Arith(_, a, b) = instr.op else {
            return None;
        };
        // The float type fixes the adjoint's type where nothing else in the pullback does.
        let width = self.floats.width(instr.result)?;
        if !(self.floats.is_scalar(a) && self.floats.is_scalar(b)) {
            return None;
        }
        let reads = adjoint_reads(op, mask, a, b);
        self.plan_reads(instr.result, width, reads)
    }

    /// For a float method with a slope in the runtime (`exp`, `tanh`, `sin`, ..), in a loop with
    /// a guard: as for arithmetic, its adjoint multiplies by the slope, computed from
    /// its result or its operand, which the reverse iteration recomputes or the iteration
    /// stores (the result of `exp` once, instead of a pullback holding it).
    pub(super) fn recomputed_method(&mut self, instr: &Instr) -> Option<ValueId> {
        let Op::Method {
            receiver,
            method,
            args,
            inout: false,
            ..
        } = &instr.op
        else {
            return None;
        };
        let of_result = slope_of_result(&method.to_string())?;
        let width = self.floats.width(instr.result)?;
        if !args.is_empty() || !self.floats.is_scalar(*receiver) {
            return None;
        }
        let read = if of_result { instr.result } else { *receiver };
        self.plan_reads(instr.result, width, vec![read])
    }

    /// Plans the float adjoint of `result` (of type `width`) in the innermost loop, reading
    /// `reads`: each recomputed by the reverse iteration or stored by the iteration (a value
    /// the iteration has at its end: a carried value or one the guarded body computes).
    /// The loop, or `None` when a read can be neither.
    fn plan_reads(
        &mut self,
        result: ValueId,
        width: &'static str,
        reads: Vec<ValueId>,
    ) -> Option<ValueId> {
        let innermost = self.loops.last()?;
        let restorable = innermost.restorable.as_ref()?;
        // What the reverse iteration cannot recompute, the iteration stores (a float).
        let (recomputed, stored): (Vec<ValueId>, Vec<ValueId>) = reads
            .into_iter()
            .partition(|v| restorable.contains(v) || self.reverse_has(*v));
        if !stored.iter().all(|v| innermost.storable.contains(v)) {
            return None;
        }
        let value = innermost.value;
        self.needed.extend(recomputed);
        self.float_types.insert(result, width);
        let scope = self.loops.last_mut()?;
        for v in stored {
            if !scope.stored.contains(&v) {
                scope.stored.push(v);
            }
        }
        Some(value)
    }
}

/// The operands the adjoint of `a op b` reads, given which cotangents are needed (`Mask`):
/// none for `+` and `-`; the other factor for `*`; the divisor for `adj[a]` of `/`, and both
/// for `adj[b]` (`-adj[y] * a / b²`); none for `adj[a]` of `%`, both for `adj[b]`
/// (`-adj[y] * q`, the quotient).
fn adjoint_reads(op: ArithOp, mask: Mask, a: ValueId, b: ValueId) -> Vec<ValueId> {
    match (op, mask) {
        (ArithOp::Add | ArithOp::Sub, _) => vec![],
        (ArithOp::Mul, Mask::Lhs) => vec![b],
        (ArithOp::Mul, Mask::Rhs) => vec![a],
        (ArithOp::Mul, Mask::Both) => vec![a, b],
        (ArithOp::Div, Mask::Lhs) => vec![b],
        (ArithOp::Div, Mask::Rhs | Mask::Both) => vec![a, b],
        (ArithOp::Rem, Mask::Lhs) => vec![],
        (ArithOp::Rem, Mask::Rhs | Mask::Both) => vec![a, b],
    }
}

/// For a float method whose slope the runtime has (`ad_std::float::slopes`): whether the
/// slope is a function of the result (`exp`, `sqrt`, ..) rather than of the operand (`sin`,
/// `ln`, ..). `None` for other methods. `exp_m1` and `tanh` take their operand: their slopes
/// from the result (`y + 1`, `1 - y²`) cancel where the result rounds to `-1` or `±1`.
pub(crate) fn slope_of_result(method: &str) -> Option<bool> {
    const OF_RESULT: &[&str] = &["exp", "exp2", "sqrt", "recip"];
    const OF_OPERAND: &[&str] = &[
        "sin", "cos", "ln", "ln_1p", "atan", "sinh", "cosh", "exp_m1", "tanh",
    ];
    if OF_RESULT.contains(&method) {
        Some(true)
    } else if OF_OPERAND.contains(&method) {
        Some(false)
    } else {
        None
    }
}
