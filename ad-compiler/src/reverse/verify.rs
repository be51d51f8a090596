//! The invariants of a [`ReversePlan`], checked after planning (as `ir::verify` checks the
//! IR): everything the primal saves for the pullback is read back exactly once, by the
//! adjoint step of the same instruction, from the same storage, inside the reverse of the
//! same loops; so every tape pushed in a loop is popped in the reverse of that loop, in
//! reverse order, and no pullback reads a slot nothing wrote. Items are checked in the order
//! of their values, so the first problem reported is always the same.

use super::plan::*;
use crate::ir::ValueId;
use std::collections::BTreeMap;

/// Where an item is saved or read: its storage and the loops around it, outermost first.
type Site = (Storage, Vec<ValueId>);

/// Checks `plan`; the first broken invariant, described.
pub fn verify(plan: &ReversePlan<'_>) -> Result<(), String> {
    let mut saves: BTreeMap<(ValueId, SavedKind), Vec<Site>> = BTreeMap::new();
    collect_saves(&plan.primal, &mut Vec::new(), &mut saves);
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
            Storage::Tape => !loops.is_empty(),
            Storage::Local | Storage::Slot => loops.is_empty(),
            Storage::Guard(_) => true,
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
    Ok(())
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

fn collect_saves(
    steps: &[PrimalStep<'_>],
    loops: &mut Vec<ValueId>,
    saves: &mut BTreeMap<(ValueId, SavedKind), Vec<Site>>,
) {
    for step in steps {
        match step {
            PrimalStep::ZeroTangent { .. } | PrimalStep::Compute(_) => {}
            PrimalStep::Rule { instr, storage, .. } => {
                record(saves, instr.result, SavedKind::Pullback, *storage, loops)
            }
            PrimalStep::If {
                instr,
                shape: _,
                storage,
                then_steps,
                else_steps,
            } => {
                record(saves, instr.result, SavedKind::Branch, *storage, loops);
                collect_saves(then_steps, loops, saves);
                collect_saves(else_steps, loops, saves);
            }
            PrimalStep::Loop {
                instr,
                shape: _,
                storage,
                body_steps,
            } => {
                record(saves, instr.result, SavedKind::Trips, *storage, loops);
                loops.push(instr.result);
                collect_saves(body_steps, loops, saves);
                loops.pop();
            }
        }
    }
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
                ..
            } => {
                record(reads, instr.result, SavedKind::Trips, *storage, loops);
                loops.push(instr.result);
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
