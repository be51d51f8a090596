//! The IR's invariants, checked after every pass in tests and before emission in builds:
//! every value is defined exactly once, every use comes after its definition, and value ids
//! stay below `Body::value_count`.

use super::{Block, Body, ValueId};

/// Checks `body`'s invariants; returns a description of the first violation.
pub fn verify(body: &Body) -> Result<(), String> {
    let mut defined = vec![false; body.value_count as usize];
    let mut define = |v: ValueId, defined: &mut Vec<bool>| -> Result<(), String> {
        match defined.get_mut(v.index()) {
            None => Err(format!(
                "{v} is out of range (value_count = {})",
                body.value_count
            )),
            Some(true) => Err(format!("{v} is defined twice")),
            Some(slot) => {
                *slot = true;
                Ok(())
            }
        }
    };
    for p in &body.params {
        define(p.value, &mut defined)?;
    }
    verify_block(&body.block, &mut defined, &mut define)
}

fn verify_block(
    block: &Block,
    defined: &mut Vec<bool>,
    define: &mut dyn FnMut(ValueId, &mut Vec<bool>) -> Result<(), String>,
) -> Result<(), String> {
    let is_defined =
        |v: ValueId, defined: &Vec<bool>| defined.get(v.index()).copied().unwrap_or(false);
    for instr in &block.instrs {
        for operand in instr.op.operands() {
            if !is_defined(operand, defined) {
                return Err(format!(
                    "{} uses {operand} before its definition",
                    instr.result
                ));
            }
        }
        define(instr.result, defined)?;
    }
    match block.result {
        Some(v) if !is_defined(v, defined) => Err(format!("the block yields undefined {v}")),
        _ => Ok(()),
    }
}
