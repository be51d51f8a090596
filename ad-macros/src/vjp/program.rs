//! The derivative program that VJP generation produces and the emitter prints: the primal
//! steps (original code, with rule calls where values are active) and the adjoint steps of the
//! pullback, in reverse order, nested like the source's control flow.
//!
//! Two kinds of adjoint storage (see [`VjpProgram::lazy`]): a value whose contributions all
//! happen unconditionally in the function's outermost block has a plain local, initialised
//! by its first contribution; any other (defined in a branch, or used in one) has an
//! `Option`, `None` meaning zero, so nothing is computed for a branch not taken.

use crate::ir::{ArithOp, Instr, ValueId};
use std::collections::HashSet;

/// A VJP: `(value, pullback)` of a body.
pub struct VjpProgram<'a> {
    /// The primal computation, in evaluation order.
    pub primal: Vec<PrimalStep<'a>>,
    /// The pullback's statements, in reverse evaluation order of the primal.
    pub adjoint: Vec<AdjointStep<'a>>,
    /// The value returned (`None` for `()`).
    pub result: Option<ValueId>,
    /// Whether the result carries a derivative (its adjoint is the pullback's argument).
    pub result_active: bool,
    /// What the pullback returns for each parameter, in order.
    pub outputs: Vec<ParamCotangent>,
    /// Values whose adjoint is an `Option` (lazy); the others are plain locals.
    pub lazy: HashSet<ValueId>,
    /// Lazy adjoints declared at the start of the pullback (values of the outermost block).
    pub declared: Vec<ValueId>,
    /// Rules inside branches, whose pullback is saved in an `Option` slot declared up front
    /// (a branch's locals end with it; the pullback closure is built after).
    pub saved: Vec<ValueId>,
    /// Active `if`s, whose branch decision is recorded for the pullback.
    pub branches: Vec<ValueId>,
}

/// One step of the primal computation.
pub enum PrimalStep<'a> {
    /// Take a zero tangent of a parameter that may receive no derivative, before the
    /// parameter can be moved.
    ZeroTangent {
        /// The parameter's position.
        param: usize,
    },
    /// Compute an instruction exactly as the source does.
    Compute(&'a Instr),
    /// Compute an instruction through its derivative rule: `(value, pullback)`.
    Rule {
        /// The instruction.
        instr: &'a Instr,
        /// Which entry point of which rule.
        rule: Rule,
        /// Whether the pullback goes to its saved slot (the rule is inside a branch).
        saved: bool,
    },
    /// An active `if`: records the branch taken, then runs the branch's steps.
    If {
        /// The `if` instruction.
        instr: &'a Instr,
        /// Steps of the `then` region.
        then_steps: Vec<PrimalStep<'a>>,
        /// Steps of the `else` region.
        else_steps: Vec<PrimalStep<'a>>,
    },
}

/// The derivative rule that computes an active instruction.
pub enum Rule {
    /// `+ - * /`, with the operands whose cotangents are needed.
    Arith(ArithOp, Mask),
    /// Unary minus.
    Neg,
    /// A float cast.
    Cast,
    /// A call: its companion `vjp`.
    Call,
    /// A method call: the `__ad_vjp_<name>` method.
    Method,
}

/// Which operands of a binary operator need a cotangent.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mask {
    /// Both: the pullback returns `(d_lhs, d_rhs)`.
    Both,
    /// Only the left operand: the pullback returns `d_lhs`.
    Lhs,
    /// Only the right operand: the pullback returns `d_rhs`.
    Rhs,
}

/// One statement of the pullback.
pub enum AdjointStep<'a> {
    /// Call the pullback of `instr` on its result's adjoint and add the outputs to the
    /// operands' adjoints.
    Pullback {
        /// The instruction computed by a rule.
        instr: &'a Instr,
        /// How many cotangents the pullback returns; `None` for a bare (non-tuple) one.
        arity: Option<usize>,
        /// Where each needed output goes.
        contributions: Vec<Contribution>,
        /// Whether the pullback is in its saved slot.
        saved: bool,
    },
    /// Identity rules (`&x`, `*x`, ascriptions): `adj[to] += adj[from]`.
    Pass {
        /// The result whose adjoint flows back.
        from: ValueId,
        /// The operand that receives it.
        to: ValueId,
        /// Whether this is `to`'s first contribution.
        first: bool,
    },
    /// Tuple construction: split the tuple's adjoint into its components.
    Untuple {
        /// The tuple value.
        tuple: ValueId,
        /// Its number of components.
        arity: usize,
        /// Where each active component's part goes.
        contributions: Vec<Contribution>,
    },
    /// Projection `t.K`: `adj[t] += (0, .., adj[field], .., 0)`.
    Project {
        /// The projected value.
        field: ValueId,
        /// The tuple it was taken from.
        base: ValueId,
        /// The component index `K`.
        index: u32,
        /// Whether this is `base`'s first contribution.
        first: bool,
    },
    /// The reverse of an `if`: the merge becomes the split (seed 003). The recorded decision
    /// selects the region whose yields receive the outputs' adjoints.
    If {
        /// The `if` instruction.
        instr: &'a Instr,
        /// Reverse of the `then` region.
        then_region: ReverseRegion<'a>,
        /// Reverse of the `else` region.
        else_region: ReverseRegion<'a>,
    },
}

/// The reverse of one region of an `if`.
pub struct ReverseRegion<'a> {
    /// Lazy adjoints of the values the region defines, declared on entry.
    pub declared: Vec<ValueId>,
    /// `(output, yielded value)`: the output's adjoint flows to the value the region yielded.
    pub entry: Vec<(ValueId, ValueId)>,
    /// The region's adjoint steps.
    pub steps: Vec<AdjointStep<'a>>,
}

/// One output of a pullback added to an operand's adjoint.
pub struct Contribution {
    /// The position of the output (0 for a bare output).
    pub slot: usize,
    /// The operand receiving it.
    pub target: ValueId,
    /// Whether this is the operand's first contribution (it initialises a plain adjoint).
    pub first: bool,
}

/// What the pullback returns for a parameter.
pub enum ParamCotangent {
    /// The plain adjoint accumulated for the parameter's value.
    Adjoint(ValueId),
    /// A lazy adjoint, or the zero taken from parameter `.1` when nothing was accumulated.
    LazyAdjoint(ValueId, usize),
    /// A zero: the parameter is differentiated but the result does not depend on it.
    Zero(usize),
    /// The parameter is not differentiated: `NoTangent`.
    Constant,
}
