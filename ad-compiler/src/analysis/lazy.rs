//! Which adjoints are lazy (`Option`, `None` meaning zero) rather than plain locals.
//!
//! A plain adjoint is initialised by its first contribution, which needs every contribution
//! to happen unconditionally and in a known order: true for values defined and used only in
//! the function's outermost block. Everything that touches a region is lazy: values defined
//! in one, used in one (their contributions are conditional or repeated), the outputs,
//! parameters and initial values of loops and `if`s, and sequences read by index (their
//! adjoint is built one element at a time), and, transitively, the operands of lazy values
//! (their pullbacks run only when an adjoint arrived).

use crate::ir::{Body, Op, Region, ValueId, walk};
use std::collections::HashSet;

/// The values whose adjoint is lazy.
pub fn lazy_adjoints(body: &Body) -> HashSet<ValueId> {
    let mut lazy = HashSet::new();
    walk(&body.block.instrs, &mut |instr| match &instr.op {
        Op::If { .. } | Op::Loop { .. } => {
            lazy.extend(instr.outputs());
            lazy.extend(instr.op.operands());
            for region in instr.regions() {
                mark_region(region, &mut lazy);
            }
            if let Op::Loop { params, .. } = &instr.op {
                lazy.extend(params.iter().copied());
            }
        }
        Op::Index { base, .. } => {
            lazy.insert(*base);
        }
        // Contributions through an `Option` are conditional on it holding a value.
        Op::WrapSome(a) | Op::Unwrap(a) => {
            lazy.insert(*a);
            lazy.insert(instr.result);
        }
        _ => {}
    });
    // A lazy value's pullback runs only when its adjoint is there, so what it contributes to
    // is conditional too: close the set over operands.
    loop {
        let before = lazy.len();
        walk(&body.block.instrs, &mut |instr| {
            if instr.outputs().iter().any(|v| lazy.contains(v)) {
                lazy.extend(instr.op.operands());
            }
        });
        if lazy.len() == before {
            return lazy;
        }
    }
}

fn mark_region(region: &Region, lazy: &mut HashSet<ValueId>) {
    lazy.extend(region.yields.iter().copied());
    walk(&region.instrs, &mut |instr| {
        lazy.extend(instr.outputs());
        lazy.extend(instr.op.operands());
    });
}
