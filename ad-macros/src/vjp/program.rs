//! The derivative program that VJP generation produces and the emitter prints: the primal
//! steps (original code, with rule calls where values are active) and the adjoint steps of the
//! pullback, in reverse order.

use crate::ir::{ArithOp, ValueId};

/// A VJP: `(value, pullback)` of a body.
pub struct VjpProgram {
    /// The primal computation, in evaluation order.
    pub primal: Vec<PrimalStep>,
    /// The pullback's statements, in reverse evaluation order of the primal.
    pub adjoint: Vec<AdjointStep>,
    /// The value returned (`None` for `()`).
    pub result: Option<ValueId>,
    /// Whether the result carries a derivative (its adjoint is the pullback's argument).
    pub result_active: bool,
    /// What the pullback returns for each parameter, in order.
    pub outputs: Vec<ParamCotangent>,
}

/// One step of the primal computation.
pub enum PrimalStep {
    /// Take a zero tangent of a parameter that is differentiated but receives no derivative,
    /// before the parameter can be moved.
    ZeroTangent {
        /// The parameter's position.
        param: usize,
    },
    /// Compute instruction `instr` exactly as the source does.
    Compute {
        /// Index into the body's instructions.
        instr: usize,
    },
    /// Compute instruction `instr` through its derivative rule: `(value, pullback)`.
    Rule {
        /// Index into the body's instructions.
        instr: usize,
        /// Which entry point of which rule.
        rule: Rule,
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
pub enum AdjointStep {
    /// Call the pullback of instruction `instr` on its result's adjoint and add the outputs to
    /// the operands' adjoints.
    Pullback {
        /// Index into the body's instructions.
        instr: usize,
        /// How many cotangents the pullback returns; `None` for a bare (non-tuple) one.
        arity: Option<usize>,
        /// Where each needed output goes.
        contributions: Vec<Contribution>,
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
}

/// One output of a pullback added to an operand's adjoint.
pub struct Contribution {
    /// The position of the output (0 for a bare output).
    pub slot: usize,
    /// The operand receiving it.
    pub target: ValueId,
    /// Whether this is the operand's first contribution (it initialises the adjoint).
    pub first: bool,
}

/// What the pullback returns for a parameter.
pub enum ParamCotangent {
    /// The adjoint accumulated for the parameter's value.
    Adjoint(ValueId),
    /// A zero: the parameter is differentiated but the result does not depend on it.
    Zero(usize),
    /// The parameter is not differentiated: `NoTangent`.
    Constant,
}
