//! Activity analysis, with Swift's definitions (seed 000):
//!
//! - a value is *varied* when it depends on a `wrt` parameter through differentiable
//!   operations (forward data flow from the parameters);
//! - a value is *useful* when the result depends on it through differentiable operations
//!   (backward data flow from the result);
//! - a value is *active* when it is both. Only active values get adjoints.
//!
//! Comparisons, `!`, integer casts, `no_grad` and discrete methods (`len`, `floor`, ...)
//! stop both flows. Takes a verified [`Body`]; returns an [`Activity`], and reports as errors
//! the active uses of operations with no derivative.

use crate::diag::Diagnostics;
use crate::ir::{Body, Op, ValueId};
use quote::ToTokens;

/// The result of activity analysis: one flag pair per value.
pub struct Activity {
    varied: Vec<bool>,
    useful: Vec<bool>,
}

impl Activity {
    /// Whether `v` depends on a `wrt` parameter.
    pub fn is_varied(&self, v: ValueId) -> bool {
        self.varied[v.index()]
    }

    /// Whether the result depends on `v`.
    pub fn is_useful(&self, v: ValueId) -> bool {
        self.useful[v.index()]
    }

    /// Whether `v` carries a derivative (varied and useful).
    pub fn is_active(&self, v: ValueId) -> bool {
        self.is_varied(v) && self.is_useful(v)
    }

    /// The activity of `v` as printed in IR snapshots.
    pub fn describe(&self, v: ValueId) -> String {
        match (self.is_varied(v), self.is_useful(v)) {
            (true, true) => "active".into(),
            (true, false) => "varied".into(),
            (false, true) => "useful".into(),
            (false, false) => String::new(),
        }
    }
}

/// Runs the analysis on `body`.
pub fn analyze(body: &Body, diag: &mut Diagnostics) -> Activity {
    let n = body.value_count as usize;
    let mut varied = vec![false; n];
    for p in &body.params {
        varied[p.value.index()] = p.wrt;
    }
    for instr in &body.block.instrs {
        varied[instr.result.index()] = instr
            .op
            .differentiable_operands()
            .iter()
            .any(|v| varied[v.index()]);
    }

    let mut useful = vec![false; n];
    if let Some(result) = body.block.result {
        useful[result.index()] = true;
    }
    for instr in body.block.instrs.iter().rev() {
        if useful[instr.result.index()] {
            for v in instr.op.differentiable_operands() {
                useful[v.index()] = true;
            }
        }
    }

    let activity = Activity { varied, useful };
    report_non_differentiable(body, &activity, diag);
    activity
}

/// Errors for active values flowing through operations that have no derivative.
fn report_non_differentiable(body: &Body, activity: &Activity, diag: &mut Diagnostics) {
    for instr in &body.block.instrs {
        let varied_operand = instr.op.operands().iter().any(|v| activity.is_varied(*v));
        match &instr.op {
            Op::NoDerivative { operator, .. } if activity.is_active(instr.result) => diag.error(
                instr.span,
                format!(
                    "`{operator}` has no derivative, and this operation uses a value that is differentiated: wrap the operand in `no_grad(..)` if its derivative should be ignored"
                ),
            ),
            Op::Call { callee, .. } if instr.discarded && varied_operand => diag.error(
                instr.span,
                format!(
                    "the result of `{}` is discarded but it reads a differentiated value; a call kept only for its effects is not differentiated: bind its result, or wrap the argument in `no_grad(..)`",
                    callee.to_token_stream()
                ),
            ),
            Op::Method { method, .. } if instr.discarded && varied_operand => diag.error(
                instr.span,
                format!(
                    "the result of `.{method}(..)` is discarded but it reads a differentiated value; mutation through methods is not differentiated yet: bind its result, or wrap the argument in `no_grad(..)`"
                ),
            ),
            _ => {}
        }
    }
}
