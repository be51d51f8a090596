//! The reverse plan: takes a lowered body and its activity, returns a [`ReversePlan`] (data:
//! the primal steps, what each saves for the pullback and where, and the pullback's steps),
//! which [`pretty`] prints, [`verify`] checks and `emit::reverse` prints as Rust. Follows
//! seed 000 ("VJP and pullback generation"), seed 002 for loops with stacks, and seed 003 for
//! the reverse of structured regions.
//!
//! Inactive instructions are computed as in the source and cost nothing. Each active
//! instruction is computed through its rule, which returns its pullback; the pullback of the
//! body calls those in reverse order. An `if` is reversed by running the reverse of the branch
//! that was taken; a loop by running its body's reverse as many times as it ran. Rules are
//! asked only for the cotangents of active operands.

mod counted;
mod loop_plan;
pub mod plan;
pub mod pretty;
pub mod verify;
mod versions;

use crate::analysis::Activity;
use crate::analysis::floats::Floats;
use crate::analysis::lazy;
use crate::diag::Diagnostics;
use crate::ir::{Body, IfShape, Instr, LoopShape, Op, Region, ValueId};
use counted::Definitions;
pub(crate) use loop_plan::slope_of_result;
use loop_plan::{LoopScope, PlannedLoop};
use plan::*;
use std::collections::{BTreeSet, HashMap, HashSet};

/// Plans the reverse derivative of `body`.
pub fn plan<'a>(body: &'a Body, activity: &Activity, diag: &mut Diagnostics) -> ReversePlan<'a> {
    let lazy = lazy::lazy_adjoints(body);
    let mut generator = Generator {
        activity,
        lazy: &lazy,
        seen: HashSet::new(),
        saved: Vec::new(),
        saved_index: HashMap::new(),
        guards: HashMap::new(),
        array_literals: HashSet::new(),
        definitions: Definitions::of(body),
        versions: versions::Versions::of(body),
        loops: Vec::new(),
        floats: Floats::of(body),
        needed: HashSet::new(),
        copies: BTreeSet::new(),
        float_types: HashMap::new(),
        planned_loops: HashMap::new(),
        diag,
    };
    crate::ir::walk(&body.block.instrs, &mut |instr| {
        if let Op::Array(_) = instr.op {
            generator.array_literals.insert(instr.result);
        }
    });

    let mut primal = Vec::new();
    let mut outputs = Vec::new();
    for (index, param) in body.params.iter().enumerate() {
        let active = activity.is_active(param.value);
        outputs.push(if !param.wrt {
            ParamCotangent::Constant
        } else if active && !lazy.contains(&param.value) {
            ParamCotangent::Adjoint(param.value)
        } else {
            primal.push(PrimalStep::ZeroTangent {
                param: index,
                declared: param,
            });
            if active {
                ParamCotangent::Dense(param.value, index)
            } else {
                ParamCotangent::Zero(index)
            }
        });
    }
    primal.extend(generator.primal_steps(&body.block.instrs, Storage::Local));

    let result = body.block.result;
    let result_active = result.is_some_and(|r| activity.is_active(r));
    if let (Some(r), true) = (result, result_active) {
        generator.seen.insert(r);
    }
    let adjoint = generator.adjoint_steps(&body.block.instrs);

    let mut declared: Vec<ValueId> = body.params.iter().map(|p| p.value).collect();
    declared.extend(body.block.instrs.iter().flat_map(Instr::outputs));
    declared.retain(|v| lazy.contains(v) && activity.is_active(*v) && Some(*v) != result);

    let saved = generator.saved;
    let copies = generator.copies.into_iter().collect();
    let float_types = generator.float_types;
    let active = (0..body.value_count)
        .map(ValueId)
        .filter(|v| activity.is_active(*v))
        .collect();
    let dense: HashSet<ValueId> = outputs
        .iter()
        .filter_map(|o| match o {
            ParamCotangent::Dense(v, _) => Some(*v),
            _ => None,
        })
        .collect();
    declared.retain(|v| !dense.contains(v));
    ReversePlan {
        primal,
        adjoint,
        result,
        result_active,
        outputs,
        lazy,
        declared,
        active,
        dense,
        saved,
        copies,
        float_types,
    }
}

struct Generator<'g, 'a> {
    activity: &'g Activity,
    lazy: &'g HashSet<ValueId>,
    /// Plain adjoints that received a contribution so far (walking backwards).
    seen: HashSet<ValueId>,
    saved: Vec<Saved>,
    /// Where each saved item lives, by value and kind.
    saved_index: HashMap<(ValueId, SavedKind), Storage>,
    /// `if`s that guard a loop body on the loop's condition, with their loop.
    guards: HashMap<ValueId, ValueId>,
    /// Values built by an array literal (`[i, j]`, an ndarray position).
    array_literals: HashSet<ValueId>,
    definitions: Definitions<'a>,
    /// The versions of vectors written in place, to find where their shapes come from.
    versions: versions::Versions<'a>,
    /// The loops around the instructions being planned, innermost last.
    loops: Vec<LoopScope<'a>>,
    /// Which values are certainly scalar floats.
    floats: Floats,
    /// Values a reverse iteration reads (so recomputed from a copy if need be).
    needed: HashSet<ValueId>,
    /// Float-sequence parameters copied for the reverse.
    copies: BTreeSet<ValueId>,
    /// The float type of each arithmetic result whose adjoint is plain float arithmetic.
    float_types: HashMap<ValueId, &'static str>,
    /// What the primal of each loop was planned to save, by the loop's value.
    planned_loops: HashMap<ValueId, PlannedLoop<'a>>,
    diag: &'g mut Diagnostics,
}

/// Where items saved inside a region go: a loop makes tapes, a branch slots.
fn nested(context: Storage, region_of_loop: bool) -> Storage {
    match (context, region_of_loop) {
        (Storage::Tape, _) | (_, true) => Storage::Tape,
        _ => Storage::Slot,
    }
}

impl<'a> Generator<'_, 'a> {
    fn save(&mut self, value: ValueId, kind: SavedKind, storage: Storage) {
        self.saved.push(Saved {
            value,
            kind,
            storage,
        });
        self.saved_index.insert((value, kind), storage);
    }

    fn storage_of(&self, value: ValueId, kind: SavedKind) -> Storage {
        if let (Some(loop_value), SavedKind::Branch) = (self.guards.get(&value), kind) {
            return Storage::Guard(*loop_value);
        }
        self.saved_index
            .get(&(value, kind))
            .copied()
            .unwrap_or(Storage::Local)
    }

    fn primal_steps(&mut self, instrs: &'a [Instr], context: Storage) -> Vec<PrimalStep<'a>> {
        let mut steps = Vec::new();
        for instr in instrs {
            if !self.activity.defines_active(instr) {
                steps.push(PrimalStep::Compute(instr));
                continue;
            }
            let step = match (&instr.op, self.rule_for(&instr.op)) {
                (
                    Op::If {
                        cond,
                        then_region,
                        else_region,
                        ..
                    },
                    _,
                ) => {
                    let storage = match self.guards.get(&instr.result) {
                        Some(loop_value) => Storage::Guard(*loop_value),
                        None => {
                            self.save(instr.result, SavedKind::Branch, context);
                            context
                        }
                    };
                    let inner = nested(context, false);
                    PrimalStep::If {
                        instr,
                        shape: IfShape::of(*cond, then_region, else_region),
                        storage,
                        then_steps: self.primal_steps(&then_region.instrs, inner),
                        else_steps: self.primal_steps(&else_region.instrs, inner),
                    }
                }
                (
                    Op::Loop {
                        init,
                        params,
                        body,
                        keep_going,
                        merged,
                    },
                    _,
                ) => {
                    let shape = LoopShape::of(init, params, body, *keep_going, merged);
                    // The `if` testing the loop's own condition needs no record.
                    if let Some(guard) = instr.loop_guard() {
                        self.guards.insert(guard.result, instr.result);
                    }
                    // A loop in a branch (the rest of a function after an early `return`)
                    // runs at most once per call: it saves on tapes, pushed once, as a loop
                    // inside a loop does, so that it is planned as one (counted, with float
                    // adjoints) instead of keeping a pullback per operation.
                    let context = match context {
                        Storage::Slot => Storage::Tape,
                        other => other,
                    };
                    let counted = self.enter_loop(instr, context);
                    let body_steps = self.primal_steps(&body.instrs, nested(context, true));
                    let (counted, stored) = self.leave_loop(instr, context, counted);
                    PrimalStep::Loop {
                        instr,
                        shape,
                        storage: context,
                        body_steps,
                        counted,
                        stored,
                    }
                }
                (_, Some(rule)) => {
                    let recomputed = match &rule {
                        Rule::Index => self.recomputed_position(instr),
                        Rule::Arith(op, mask) => self.recomputed_arith(instr, *op, *mask),
                        Rule::Method(_) => self.recomputed_method(instr),
                        Rule::Vector => self.recomputed_write(instr),
                        _ => None,
                    };
                    let storage = recomputed.map_or(context, Storage::Recomputed);
                    self.save(instr.result, SavedKind::Pullback, storage);
                    PrimalStep::Rule {
                        instr,
                        rule,
                        storage,
                    }
                }
                (_, None) => PrimalStep::Compute(instr),
            };
            steps.push(step);
        }
        steps
    }

    /// The rule computing an active instruction; `None` for identity-like instructions,
    /// which are computed as written and differentiated inline.
    fn rule_for(&self, op: &Op) -> Option<Rule> {
        match op {
            Op::Arith(op, a, b) => Some(Rule::Arith(*op, self.mask(*a, *b))),
            Op::Neg(_) => Some(Rule::Neg),
            Op::Cast(..) => Some(Rule::Cast),
            Op::Call { .. } | Op::Nested { .. } => Some(Rule::Call),
            Op::Method { receiver, args, .. } => Some(Rule::Method(match args.as_slice() {
                [arg] => self.mask(*receiver, *arg),
                _ => Mask::Both,
            })),
            Op::Index { .. } => Some(Rule::Index),
            Op::IndexSet { .. } | Op::Push { .. } | Op::VecRepeat { .. } | Op::VecList(_) => {
                Some(Rule::Vector)
            }
            _ => None,
        }
    }

    fn mask(&self, a: ValueId, b: ValueId) -> Mask {
        Mask::of(self.activity.is_active(a), self.activity.is_active(b))
    }

    /// Records a contribution to `v`; true if it is the first (meaningful for plain adjoints).
    fn first(&mut self, v: ValueId) -> bool {
        !self.lazy.contains(&v) && self.seen.insert(v)
    }

    fn contributions(&mut self, targets: Vec<(usize, ValueId)>) -> Vec<Contribution> {
        targets
            .into_iter()
            .map(|(slot, target)| Contribution {
                slot,
                target,
                first: self.first(target),
            })
            .collect()
    }

    fn active_slots(&self, operands: &[ValueId]) -> Vec<(usize, ValueId)> {
        operands
            .iter()
            .enumerate()
            .filter(|(_, v)| self.activity.is_active(**v))
            .map(|(k, v)| (k, *v))
            .collect()
    }

    fn pullback(
        &mut self,
        instr: &'a Instr,
        arity: Option<usize>,
        targets: Vec<(usize, ValueId)>,
    ) -> AdjointStep<'a> {
        let contributions = self.contributions(targets);
        let storage = self.storage_of(instr.result, SavedKind::Pullback);
        AdjointStep::Pullback {
            instr,
            arity,
            contributions,
            storage,
        }
    }

    fn adjoint_steps(&mut self, instrs: &'a [Instr]) -> Vec<AdjointStep<'a>> {
        let mut steps = Vec::new();
        for instr in instrs.iter().rev() {
            if !self.activity.defines_active(instr) {
                continue;
            }
            if !self.lazy.contains(&instr.result) && !self.seen.contains(&instr.result) {
                self.diag.internal(
                    instr.span,
                    format!("active value {} receives no adjoint", instr.result),
                );
                continue;
            }
            let step = match &instr.op {
                Op::Arith(_, a, b) => {
                    let (arity, targets) = match self.mask(*a, *b) {
                        Mask::Both => (Some(2), vec![(0, *a), (1, *b)]),
                        Mask::Lhs => (None, vec![(0, *a)]),
                        Mask::Rhs => (None, vec![(0, *b)]),
                    };
                    self.pullback(instr, arity, targets)
                }
                Op::Neg(a) | Op::Cast(a, _) => self.pullback(instr, None, vec![(0, *a)]),
                Op::Call { args, .. } | Op::Nested { args, .. } => {
                    let targets = self.active_slots(args);
                    self.pullback(instr, Some(args.len()), targets)
                }
                Op::Method { receiver, args, .. } => {
                    let operands: Vec<ValueId> = std::iter::once(*receiver)
                        .chain(args.iter().copied())
                        .collect();
                    let targets = self.active_slots(&operands);
                    self.pullback(instr, Some(operands.len()), targets)
                }
                Op::Index { base, .. } => {
                    let storage = self.storage_of(instr.result, SavedKind::Pullback);
                    AdjointStep::IndexAdd {
                        instr,
                        base: *base,
                        storage,
                    }
                }
                Op::Ascribe(a, _) | Op::Ref { operand: a, .. } | Op::Deref(a) | Op::Clone(a) => {
                    AdjointStep::Pass {
                        from: instr.result,
                        to: *a,
                        first: self.first(*a),
                    }
                }
                Op::WrapSome(a) => AdjointStep::Unwrapped {
                    from: instr.result,
                    to: *a,
                },
                Op::IndexSet { .. } | Op::Push { .. } | Op::VecRepeat { .. } | Op::VecList(_) => {
                    let storage = self.storage_of(instr.result, SavedKind::Pullback);
                    let operands = instr.op.differentiable_operands();
                    let active: Vec<ValueId> = operands
                        .into_iter()
                        .filter(|v| self.activity.is_active(*v))
                        .collect();
                    let targets = active.into_iter().map(|v| (v, self.first(v))).collect();
                    let write = match &instr.op {
                        Op::IndexSet {
                            base,
                            indices,
                            value,
                        } => VectorWrite::Set {
                            base: *base,
                            depth: indices.len(),
                            nd: indices.iter().any(|i| self.array_literals.contains(i)),
                            value: *value,
                        },
                        Op::Push { base, value } => VectorWrite::Push {
                            base: *base,
                            value: *value,
                        },
                        Op::VecRepeat { value, .. } => VectorWrite::Repeat { value: *value },
                        Op::VecList(items) => VectorWrite::List {
                            items: items.clone(),
                        },
                        _ => continue,
                    };
                    AdjointStep::Vector {
                        instr,
                        write,
                        storage,
                        targets,
                    }
                }
                Op::Struct { path, fields, rest } => {
                    let listed = fields.iter().map(|(m, _)| m.clone()).collect();
                    let active: Vec<_> = fields
                        .iter()
                        .filter(|(_, v)| self.activity.is_active(*v))
                        .cloned()
                        .collect();
                    let fields = active
                        .into_iter()
                        .map(|(m, v)| (m, v, self.first(v)))
                        .collect();
                    let rest = rest
                        .filter(|r| self.activity.is_active(*r))
                        .map(|r| (r, self.first(r)));
                    AdjointStep::Unstruct {
                        value: instr.result,
                        path: path.clone(),
                        fields,
                        rest,
                        listed,
                    }
                }
                Op::SetField {
                    base,
                    member,
                    value,
                } => {
                    let value = self
                        .activity
                        .is_active(*value)
                        .then(|| (*value, self.first(*value)));
                    let base = self
                        .activity
                        .is_active(*base)
                        .then(|| (*base, self.first(*base)));
                    AdjointStep::SetField {
                        result: instr.result,
                        base,
                        member: member.clone(),
                        value,
                    }
                }
                Op::Unwrap(a) => AdjointStep::Wrapped {
                    from: instr.result,
                    to: *a,
                },
                Op::Tuple(items) | Op::Array(items) => {
                    let contributions = self.contributions(self.active_slots(items));
                    AdjointStep::Untuple {
                        tuple: instr.result,
                        arity: items.len(),
                        array: matches!(instr.op, Op::Array(_)),
                        contributions,
                    }
                }
                Op::Field(base, member) | Op::FieldRef(base, member) => AdjointStep::Project {
                    field: instr.result,
                    base: *base,
                    member: member.clone(),
                    first: self.first(*base),
                },
                // A variant's field: projected from the enum's tangent by its `Variant::f` key.
                Op::Payload {
                    value,
                    variant,
                    member,
                } => AdjointStep::Project {
                    field: instr.result,
                    base: *value,
                    member: match crate::names::variant_of(variant) {
                        Some(name) => crate::names::variant_member(name, member),
                        None => member.clone(),
                    },
                    first: self.first(*value),
                },
                Op::If {
                    then_region,
                    else_region,
                    ..
                } => {
                    let outputs = instr.outputs();
                    let storage = self.storage_of(instr.result, SavedKind::Branch);
                    let then_region = self.reverse_region(then_region, &[], &outputs);
                    let else_region = self.reverse_region(else_region, &[], &outputs);
                    AdjointStep::If {
                        instr,
                        storage,
                        then_region,
                        else_region,
                    }
                }
                Op::Loop {
                    init,
                    params,
                    body,
                    keep_going,
                    merged,
                } => {
                    let Some(planned) = self.planned_loops.get(&instr.result) else {
                        self.diag.internal(
                            instr.span,
                            format!("loop {} is reversed but was not planned", instr.result),
                        );
                        continue;
                    };
                    let (counted, stored, storage) = (
                        planned.counted.clone(),
                        planned.stored.clone(),
                        planned.storage,
                    );
                    // A carried value may be active after the loop without its parameter
                    // being useful inside (a `break value`, overwritten by each iteration).
                    let carried = (0..params.len())
                        .filter(|k| {
                            self.activity.is_active(params[*k])
                                || self.activity.is_active(merged[*k])
                        })
                        .collect();
                    let shape = LoopShape::of(init, params, body, *keep_going, merged);
                    let body = self.reverse_region(body, params, &[]);
                    AdjointStep::Loop {
                        instr,
                        shape,
                        storage,
                        carried,
                        body,
                        counted,
                        stored,
                    }
                }
                Op::Const(_)
                | Op::Opaque { .. }
                | Op::Discrete { .. }
                | Op::DiscreteMethod { .. }
                | Op::NoDerivative { .. }
                | Op::Matches { .. }
                | Op::IntoIter(_)
                | Op::IterNext(_) => {
                    self.diag.internal(
                        instr.span,
                        format!("{} is active but has no rule", instr.result),
                    );
                    continue;
                }
            };
            steps.push(step);
        }
        steps
    }

    /// The reverse of a region with parameters `params`; `outputs` pair with its yields
    /// (for an `if`).
    fn reverse_region(
        &mut self,
        region: &'a Region,
        params: &[ValueId],
        outputs: &[ValueId],
    ) -> ReverseRegion<'a> {
        let activity = self.activity;
        let declared = params
            .iter()
            .copied()
            .chain(region.instrs.iter().flat_map(Instr::outputs))
            .filter(|v| activity.is_active(*v))
            .collect();
        let entry = outputs
            .iter()
            .zip(&region.yields)
            .filter(|(out, yielded)| activity.is_active(**out) && activity.is_active(**yielded))
            .map(|(out, yielded)| (*out, *yielded))
            .collect();
        let steps = self.adjoint_steps(&region.instrs);
        ReverseRegion {
            declared,
            entry,
            steps,
        }
    }
}
