//! VJP generation: from a body and its activity, the derivative program that computes the
//! value and returns a pullback (seed 000, "VJP and pullback generation"; seed 002).
//!
//! Inactive instructions are computed as in the source and cost nothing. Each active
//! instruction is computed through its rule, which returns its pullback; the pullback of
//! the body calls those in reverse order. Adjoints are plain locals: in straight-line code the
//! first contribution to a value's adjoint initialises it and later ones add to it, so no
//! zero is ever built for an intermediate. Rules are asked only for the cotangents of active
//! operands.

pub mod program;

use crate::analysis::Activity;
use crate::diag::Diagnostics;
use crate::ir::{Body, Op, ValueId};
use program::*;
use std::collections::HashSet;

/// Builds the VJP program of `body`.
pub fn generate(body: &Body, activity: &Activity, diag: &mut Diagnostics) -> VjpProgram {
    let mut primal = Vec::new();
    let mut outputs = Vec::new();
    for (index, param) in body.params.iter().enumerate() {
        outputs.push(if !param.wrt {
            ParamCotangent::Constant
        } else if activity.is_active(param.value) {
            ParamCotangent::Adjoint(param.value)
        } else {
            primal.push(PrimalStep::ZeroTangent { param: index });
            ParamCotangent::Zero(index)
        });
    }

    for (index, instr) in body.block.instrs.iter().enumerate() {
        let step = if !activity.is_active(instr.result) {
            PrimalStep::Compute { instr: index }
        } else {
            match rule_for(&instr.op, activity) {
                Some(rule) => PrimalStep::Rule { instr: index, rule },
                None => PrimalStep::Compute { instr: index },
            }
        };
        primal.push(step);
    }

    let result = body.block.result;
    let result_active = result.is_some_and(|r| activity.is_active(r));
    let mut adjoints = Adjoints::default();
    if let (Some(r), true) = (result, result_active) {
        adjoints.seen.insert(r);
    }
    let mut adjoint = Vec::new();
    for (index, instr) in body.block.instrs.iter().enumerate().rev() {
        if !activity.is_active(instr.result) {
            continue;
        }
        if !adjoints.seen.contains(&instr.result) {
            diag.internal(
                instr.span,
                format!("active value {} receives no adjoint", instr.result),
            );
            continue;
        }
        let active = |v: &ValueId| activity.is_active(*v);
        let step = match &instr.op {
            Op::Arith(_, a, b) => {
                let mask = mask(activity, *a, *b);
                let (arity, targets): (Option<usize>, Vec<(usize, ValueId)>) = match mask {
                    Mask::Both => (Some(2), vec![(0, *a), (1, *b)]),
                    Mask::Lhs => (None, vec![(0, *a)]),
                    Mask::Rhs => (None, vec![(0, *b)]),
                };
                adjoints.pullback(index, arity, targets)
            }
            Op::Neg(a) | Op::Cast(a, _) => adjoints.pullback(index, None, vec![(0, *a)]),
            Op::Call { args, .. } => {
                let targets = args
                    .iter()
                    .enumerate()
                    .filter(|(_, v)| active(v))
                    .map(|(k, v)| (k, *v));
                adjoints.pullback(index, Some(args.len()), targets.collect())
            }
            Op::Method { receiver, args, .. } => {
                let operands: Vec<ValueId> = std::iter::once(*receiver)
                    .chain(args.iter().copied())
                    .collect();
                let targets = operands
                    .iter()
                    .enumerate()
                    .filter(|(_, v)| active(v))
                    .map(|(k, v)| (k, *v));
                adjoints.pullback(index, Some(operands.len()), targets.collect())
            }
            Op::Ascribe(a, _) | Op::Ref { operand: a, .. } | Op::Deref(a) => AdjointStep::Pass {
                from: instr.result,
                to: *a,
                first: adjoints.first(*a),
            },
            Op::Tuple(items) => {
                let contributions = items
                    .iter()
                    .enumerate()
                    .filter(|(_, v)| active(v))
                    .map(|(slot, v)| Contribution {
                        slot,
                        target: *v,
                        first: adjoints.first(*v),
                    })
                    .collect();
                AdjointStep::Untuple {
                    tuple: instr.result,
                    arity: items.len(),
                    contributions,
                }
            }
            Op::Field(base, k) => AdjointStep::Project {
                field: instr.result,
                base: *base,
                index: *k,
                first: adjoints.first(*base),
            },
            Op::Const(_)
            | Op::Discrete { .. }
            | Op::DiscreteMethod { .. }
            | Op::NoGrad(_)
            | Op::NoDerivative { .. } => {
                diag.internal(
                    instr.span,
                    format!("{} is active but has no rule", instr.result),
                );
                continue;
            }
        };
        adjoint.push(step);
    }

    VjpProgram {
        primal,
        adjoint,
        result,
        result_active,
        outputs,
    }
}

/// The rule computing an active instruction; `None` for identity-like instructions, which are
/// computed as written and differentiated inline.
fn rule_for(op: &Op, activity: &Activity) -> Option<Rule> {
    match op {
        Op::Arith(op, a, b) => Some(Rule::Arith(*op, mask(activity, *a, *b))),
        Op::Neg(_) => Some(Rule::Neg),
        Op::Cast(..) => Some(Rule::Cast),
        Op::Call { .. } => Some(Rule::Call),
        Op::Method { .. } => Some(Rule::Method),
        _ => None,
    }
}

fn mask(activity: &Activity, a: ValueId, b: ValueId) -> Mask {
    match (activity.is_active(a), activity.is_active(b)) {
        (true, false) => Mask::Lhs,
        (false, true) => Mask::Rhs,
        _ => Mask::Both,
    }
}

/// Which adjoints have received a contribution so far (walking backwards).
#[derive(Default)]
struct Adjoints {
    seen: HashSet<ValueId>,
}

impl Adjoints {
    /// Records a contribution to `v`; true if it is the first.
    fn first(&mut self, v: ValueId) -> bool {
        self.seen.insert(v)
    }

    fn pullback(
        &mut self,
        instr: usize,
        arity: Option<usize>,
        targets: Vec<(usize, ValueId)>,
    ) -> AdjointStep {
        let contributions = targets
            .into_iter()
            .map(|(slot, target)| Contribution {
                slot,
                target,
                first: self.first(target),
            })
            .collect();
        AdjointStep::Pullback {
            instr,
            arity,
            contributions,
        }
    }
}
