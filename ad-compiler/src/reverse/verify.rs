//! The invariants of a [`ReversePlan`], checked after planning (as `ir::verify` checks the
//! IR):
//!
//! - everything the primal saves for the pullback is read back exactly once, by the adjoint
//!   step of the same instruction, from the same storage, inside the reverse of the same
//!   loops; so every tape pushed in a loop is popped in the reverse of that loop, in reverse
//!   order, and no pullback reads a slot nothing wrote;
//! - every plain adjoint (a local, not an `Option` or a parameter's dense accumulator) is
//!   written by its first contribution before anything reads it or adds to it, and only once
//!   so;
//! - regions agree with their instructions: an `if` yields as many values from each branch,
//!   a loop carries as many initial values, parameters, yields and outputs, and its carried
//!   positions exist; a counted loop's reverse is its guard alone;
//! - every adjoint written as float arithmetic has its float type.
//!
//! Items are checked in the order of their values, so the first problem reported is always
//! the same.

use super::plan::*;
use crate::ir::ValueId;
use std::collections::{BTreeMap, BTreeSet};

/// Where an item is saved or read: its storage and the loops around it, outermost first.
type Site = (Storage, Vec<ValueId>);

/// Checks `plan`; the first broken invariant, described.
pub fn verify(plan: &ReversePlan<'_>) -> Result<(), String> {
    let mut saves: BTreeMap<(ValueId, SavedKind), Vec<Site>> = BTreeMap::new();
    for_each_save(
        &plan.primal,
        &mut Vec::new(),
        &mut |value, kind, storage, loops| record(&mut saves, value, kind, storage, loops),
    );
    let mut reads: BTreeMap<(ValueId, SavedKind), Vec<Site>> = BTreeMap::new();
    collect_reads(&plan.adjoint, &mut Vec::new(), &mut reads);
    for (key, sites) in &saves {
        if sites.len() != 1 {
            return Err(format!(
                "{:?} of {} is saved {} times",
                key.1,
                key.0,
                sites.len()
            ));
        }
        let (storage, loops) = &sites[0];
        let placed = match storage {
            // Inside a loop, or outside loops for a loop in a branch, which saves on tapes
            // pushed once (see `reverse::Generator::primal_steps`). Either way the read below
            // must come from the same loops, so each push has its pop where it was made.
            Storage::Tape => true,
            Storage::Local | Storage::Slot => loops.is_empty(),
            Storage::Guard(_) | Storage::Recomputed(_) => true,
            // A float of an iteration of a loop of the outermost block, the innermost around it.
            Storage::Positional(value) => key.1 == SavedKind::Value && loops.as_slice() == [*value],
        };
        if !placed {
            return Err(format!(
                "{:?} of {} is saved in {storage:?} inside {} loop(s)",
                key.1,
                key.0,
                loops.len()
            ));
        }
        match reads.get(key).map(Vec::as_slice) {
            Some([read]) if read == &sites[0] => {}
            Some([read]) => {
                return Err(format!(
                    "{:?} of {} is saved in {storage:?} within loops {loops:?} but read from {:?} within loops {:?}",
                    key.1, key.0, read.0, read.1
                ));
            }
            Some(more) => {
                return Err(format!(
                    "{:?} of {} is read {} times",
                    key.1,
                    key.0,
                    more.len()
                ));
            }
            None => return Err(format!("{:?} of {} is saved but never read", key.1, key.0)),
        }
    }
    if let Some(key) = reads.keys().find(|k| !saves.contains_key(k)) {
        return Err(format!("{:?} of {} is read but never saved", key.1, key.0));
    }
    check_shapes(&plan.primal, &plan.adjoint)?;
    check_float_types(plan, &plan.adjoint)?;
    let mut written: BTreeSet<ValueId> = plan.dense.iter().copied().collect();
    if let (Some(result), true) = (plan.result, plan.result_active) {
        written.insert(result);
    }
    Adjoints { plan }.check(&plan.adjoint, &mut written)
}

/// Every adjoint written as float arithmetic (a pullback `Recomputed` in a loop) has the
/// float type that fixes it for rustc.
fn check_float_types(plan: &ReversePlan<'_>, steps: &[AdjointStep<'_>]) -> Result<(), String> {
    for step in steps {
        match step {
            AdjointStep::Pullback {
                instr,
                storage: Storage::Recomputed(_),
                ..
            } if !plan.float_types.contains_key(&instr.result) => {
                return Err(format!(
                    "the float adjoint of {} has no float type",
                    instr.result
                ));
            }
            AdjointStep::If {
                then_region,
                else_region,
                ..
            } => {
                check_float_types(plan, &then_region.steps)?;
                check_float_types(plan, &else_region.steps)?;
            }
            AdjointStep::Loop { body, .. } => check_float_types(plan, &body.steps)?,
            _ => {}
        }
    }
    Ok(())
}

/// Region arities of the `if`s and loops the plan reverses.
fn check_shapes(primal: &[PrimalStep<'_>], adjoint: &[AdjointStep<'_>]) -> Result<(), String> {
    for step in primal {
        match step {
            PrimalStep::If {
                instr,
                shape,
                then_steps,
                else_steps,
                ..
            } => {
                if shape.then_yields.len() != shape.else_yields.len() {
                    return Err(format!(
                        "the branches of {} yield different numbers of values",
                        instr.result
                    ));
                }
                check_shapes(then_steps, &[])?;
                check_shapes(else_steps, &[])?;
            }
            PrimalStep::Loop {
                instr,
                shape,
                body_steps,
                ..
            } => {
                check_loop(instr.result, shape)?;
                check_shapes(body_steps, &[])?;
            }
            _ => {}
        }
    }
    for step in adjoint {
        match step {
            AdjointStep::If {
                then_region,
                else_region,
                ..
            } => {
                check_shapes(&[], &then_region.steps)?;
                check_shapes(&[], &else_region.steps)?;
            }
            AdjointStep::Loop {
                instr,
                shape,
                carried,
                body,
                counted,
                ..
            } => {
                check_loop(instr.result, shape)?;
                // A counted loop's reverse runs its guard's branches itself.
                if counted.is_some() && !matches!(body.steps.as_slice(), [AdjointStep::If { .. }]) {
                    return Err(format!(
                        "the reverse of counted loop {} is not its guard alone",
                        instr.result
                    ));
                }
                if let Some(k) = carried.iter().find(|k| **k >= shape.params.len()) {
                    return Err(format!(
                        "loop {} carries no value at position {k}",
                        instr.result
                    ));
                }
                check_shapes(&[], &body.steps)?;
            }
            _ => {}
        }
    }
    Ok(())
}

fn check_loop(value: ValueId, shape: &crate::ir::LoopShape) -> Result<(), String> {
    let n = shape.params.len();
    if [shape.init.len(), shape.yields.len(), shape.merged.len()] != [n, n, n] {
        return Err(format!(
            "loop {value} has {} initial values, {n} parameters, {} yields and {} outputs",
            shape.init.len(),
            shape.yields.len(),
            shape.merged.len()
        ));
    }
    Ok(())
}

/// Walks the pullback in its order, tracking which plain adjoints have been written.
struct Adjoints<'p, 'a> {
    plan: &'p ReversePlan<'a>,
}

impl Adjoints<'_, '_> {
    fn plain(&self, v: ValueId) -> bool {
        !self.plan.lazy.contains(&v) && !self.plan.dense.contains(&v)
    }

    /// A read of `adj[v]`: a plain adjoint must have been written.
    fn read(&self, v: ValueId, written: &BTreeSet<ValueId>) -> Result<(), String> {
        if self.plain(v) && !written.contains(&v) {
            return Err(format!("the adjoint of {v} is read before it is written"));
        }
        Ok(())
    }

    /// A contribution to `adj[v]`: the first one of a plain adjoint writes it, the others
    /// add to it once written.
    fn add(&self, v: ValueId, first: bool, written: &mut BTreeSet<ValueId>) -> Result<(), String> {
        if !self.plain(v) {
            return Ok(());
        }
        match (first, written.contains(&v)) {
            (true, false) => {
                written.insert(v);
                Ok(())
            }
            (true, true) => Err(format!(
                "the adjoint of {v} is written twice as a first contribution"
            )),
            (false, true) => Ok(()),
            (false, false) => Err(format!(
                "the adjoint of {v} is added to before it is written"
            )),
        }
    }

    fn check(
        &self,
        steps: &[AdjointStep<'_>],
        written: &mut BTreeSet<ValueId>,
    ) -> Result<(), String> {
        for step in steps {
            match step {
                AdjointStep::Pullback {
                    instr,
                    contributions,
                    ..
                } => {
                    self.read(instr.result, written)?;
                    for c in contributions {
                        self.add(c.target, c.first, written)?;
                    }
                }
                AdjointStep::IndexAdd { instr, base, .. } => {
                    self.read(instr.result, written)?;
                    if self.plain(*base) {
                        return Err(format!(
                            "an element of {base} is added into a plain adjoint"
                        ));
                    }
                }
                AdjointStep::Vector { instr, targets, .. } => {
                    self.read(instr.result, written)?;
                    for (v, first) in targets {
                        self.add(*v, *first, written)?;
                    }
                }
                AdjointStep::Pass { from, to, first } => {
                    self.read(*from, written)?;
                    self.add(*to, *first, written)?;
                }
                AdjointStep::Unwrapped { from, to } | AdjointStep::Wrapped { from, to } => {
                    self.read(*from, written)?;
                    self.add(*to, false, written)?;
                }
                AdjointStep::Untuple {
                    tuple,
                    contributions,
                    ..
                } => {
                    self.read(*tuple, written)?;
                    for c in contributions {
                        self.add(c.target, c.first, written)?;
                    }
                }
                AdjointStep::Project {
                    field, base, first, ..
                } => {
                    self.read(*field, written)?;
                    self.add(*base, *first, written)?;
                }
                AdjointStep::Unstruct {
                    value,
                    fields,
                    rest,
                    ..
                } => {
                    self.read(*value, written)?;
                    for (_, v, first) in fields {
                        self.add(*v, *first, written)?;
                    }
                    if let Some((r, first)) = rest {
                        self.add(*r, *first, written)?;
                    }
                }
                AdjointStep::SetField {
                    result,
                    base,
                    value,
                    ..
                } => {
                    self.read(*result, written)?;
                    for (v, first) in base.iter().chain(value) {
                        self.add(*v, *first, written)?;
                    }
                }
                // Regions hold lazy adjoints of their own values; a plain adjoint they write
                // stays theirs.
                AdjointStep::If {
                    then_region,
                    else_region,
                    ..
                } => {
                    self.check(&then_region.steps, &mut written.clone())?;
                    self.check(&else_region.steps, &mut written.clone())?;
                }
                AdjointStep::Loop { body, .. } => {
                    self.check(&body.steps, &mut written.clone())?;
                }
            }
        }
        Ok(())
    }
}

/// Notes that `kind` of `value` is saved (or read) at `storage` inside `loops`.
fn record(
    sites: &mut BTreeMap<(ValueId, SavedKind), Vec<Site>>,
    value: ValueId,
    kind: SavedKind,
    storage: Storage,
    loops: &[ValueId],
) {
    sites
        .entry((value, kind))
        .or_default()
        .push((storage, loops.to_vec()));
}

fn collect_reads(
    steps: &[AdjointStep<'_>],
    loops: &mut Vec<ValueId>,
    reads: &mut BTreeMap<(ValueId, SavedKind), Vec<Site>>,
) {
    for step in steps {
        match step {
            AdjointStep::Pullback { instr, storage, .. }
            | AdjointStep::IndexAdd { instr, storage, .. }
            | AdjointStep::Vector { instr, storage, .. } => {
                record(reads, instr.result, SavedKind::Pullback, *storage, loops)
            }
            AdjointStep::If {
                instr,
                storage,
                then_region,
                else_region,
            } => {
                record(reads, instr.result, SavedKind::Branch, *storage, loops);
                collect_reads(&then_region.steps, loops, reads);
                collect_reads(&else_region.steps, loops, reads);
            }
            AdjointStep::Loop {
                instr,
                shape: _,
                storage,
                body,
                counted,
                stored,
                ..
            } => {
                for_each_loop_save(
                    instr.result,
                    *storage,
                    counted.as_ref(),
                    loops,
                    &mut |value, kind, storage, loops| record(reads, value, kind, storage, loops),
                );
                loops.push(instr.result);
                let at = stored_storage(instr.result, counted.as_ref());
                for_each_iteration_save(stored, at, loops, &mut |value, kind, storage, loops| {
                    record(reads, value, kind, storage, loops)
                });
                collect_reads(&body.steps, loops, reads);
                loops.pop();
            }
            AdjointStep::Pass { .. }
            | AdjointStep::Unwrapped { .. }
            | AdjointStep::Wrapped { .. }
            | AdjointStep::Untuple { .. }
            | AdjointStep::Project { .. }
            | AdjointStep::Unstruct { .. }
            | AdjointStep::SetField { .. } => {}
        }
    }
}
