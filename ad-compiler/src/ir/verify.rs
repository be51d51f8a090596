//! The IR's invariants, checked after lowering in every build: every value is defined
//! exactly once, every use is dominated by its definition (a value defined inside a region is
//! not visible after it), every region yields one value per output of its instruction, and
//! value ids stay below `Body::value_count`.

use super::{Body, Instr, Op, ValueId};

/// Checks `body`'s invariants; returns a description of the first violation.
pub fn verify(body: &Body) -> Result<(), String> {
    let mut checker = Checker {
        ever_defined: vec![false; body.value_count as usize],
    };
    let mut visible = vec![false; body.value_count as usize];
    for p in &body.params {
        checker.define(p.value, &mut visible)?;
    }
    checker.instrs(&body.block.instrs, &mut visible)?;
    match body.block.result {
        Some(v) if !is_visible(v, &visible) => Err(format!("the body yields undefined {v}")),
        _ => Ok(()),
    }
}

struct Checker {
    ever_defined: Vec<bool>,
}

fn is_visible(v: ValueId, visible: &[bool]) -> bool {
    visible.get(v.index()).copied().unwrap_or(false)
}

impl Checker {
    fn define(&mut self, v: ValueId, visible: &mut [bool]) -> Result<(), String> {
        match self.ever_defined.get_mut(v.index()) {
            None => Err(format!("{v} is out of range")),
            Some(true) => Err(format!("{v} is defined twice")),
            Some(slot) => {
                *slot = true;
                visible[v.index()] = true;
                Ok(())
            }
        }
    }

    fn instrs(&mut self, instrs: &[Instr], visible: &mut [bool]) -> Result<(), String> {
        for instr in instrs {
            for operand in instr.op.operands() {
                if !is_visible(operand, visible) {
                    return Err(format!(
                        "{} uses {operand} before its definition",
                        instr.result
                    ));
                }
            }
            let outputs = instr.outputs();
            // Values each region yields: one per output for an `if`, one per carried value
            // for a loop (whose parameters are defined on entry to its body).
            let (expected, params, keep_going): (usize, &[ValueId], Option<ValueId>) =
                match &instr.op {
                    Op::Loop {
                        params,
                        keep_going,
                        merged,
                        ..
                    } => {
                        if merged.len() != params.len() {
                            return Err(format!(
                                "loop {} has {} outputs for {} carried values",
                                instr.result,
                                merged.len(),
                                params.len()
                            ));
                        }
                        (params.len(), params, Some(*keep_going))
                    }
                    _ => (outputs.len(), &[], None),
                };
            for region in instr.regions() {
                // A region sees what is visible before it; its own values end with it.
                let mut inner = visible.to_vec();
                for p in params {
                    self.define(*p, &mut inner)?;
                }
                self.instrs(&region.instrs, &mut inner)?;
                if region.yields.len() != expected {
                    return Err(format!(
                        "a region of {} yields {} values for {expected}",
                        instr.result,
                        region.yields.len()
                    ));
                }
                if let Some(v) = region
                    .yields
                    .iter()
                    .chain(&keep_going)
                    .find(|v| !is_visible(**v, &inner))
                {
                    return Err(format!("a region of {} yields undefined {v}", instr.result));
                }
            }
            for output in outputs {
                self.define(output, visible)?;
            }
        }
        Ok(())
    }
}
