//! The derivative program that VJP generation produces and the emitter prints: the primal
//! steps (original code, with rule calls where values are active) and the adjoint steps of the
//! pullback, in reverse order, nested like the source's control flow.
//!
//! Adjoint storage (see [`ReversePlan::lazy`]): a value whose contributions all happen
//! unconditionally in the function's outermost block has a plain local, initialised by its
//! first contribution; any other (defined or used in a branch or loop) has an `Option`,
//! `None` meaning zero, so nothing is computed for a branch not taken.
//!
//! What the pullback needs from the primal (rule pullbacks, branch decisions, trip counts)
//! is saved according to where it is produced ([`Storage`]): a plain local in the outermost
//! block, a slot declared up front inside a branch, a tape (`Vec`, one entry per execution)
//! inside a loop, read back in reverse with a cursor so the pullback stays `Fn`.

pub use crate::ir::mode::Mask;
use crate::ir::{ArithOp, IfShape, Instr, LoopShape, Param, ValueId};
use std::collections::HashSet;

/// A VJP: `(value, pullback)` of a body.
pub struct ReversePlan<'a> {
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
    /// The active values: those that have an adjoint.
    pub active: HashSet<ValueId>,
    /// Parameters whose adjoint starts from their zero tangent (see [`ParamCotangent::Dense`]).
    pub dense: HashSet<ValueId>,
    /// Everything saved outside plain locals, to declare before the primal code.
    pub saved: Vec<Saved>,
    /// Float-sequence parameters copied before the primal code, for reverse iterations that
    /// read their elements again (see `reverse::counted`).
    pub copies: Vec<ValueId>,
    /// The float type (`f32`/`f64`) of each arithmetic result whose adjoint is written as
    /// float arithmetic, which fixes the adjoint's type for rustc.
    pub float_types: std::collections::HashMap<ValueId, &'static str>,
}

/// Where a saved item lives.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Storage {
    /// A local of the outermost block, captured by the pullback.
    Local,
    /// A slot declared up front and assigned inside a branch.
    Slot,
    /// A tape declared up front, pushed once per execution inside a loop.
    Tape,
    /// Nothing saved: the `if` that guards a loop's body on the loop's condition took its
    /// `then` branch in every iteration but the last, which the reverse loop knows (the loop
    /// defining the given value).
    Guard(ValueId),
    /// Nothing saved: the reverse iteration of the counted loop defining the given value
    /// recomputes it (an element's position, an inner loop's range).
    Recomputed(ValueId),
    /// A vector sized by the trip count of the counted loop defining the given value, which
    /// runs once per call: each iteration writes at its item's position in the range, and
    /// its reverse reads there (no cursor, no growth, bounds LLVM can see).
    Positional(ValueId),
}

/// What is saved.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum SavedKind {
    /// The pullback of the rule computing a value.
    Pullback,
    /// The branch an `if` took.
    Branch,
    /// How many iterations a loop ran.
    Trips,
    /// The iterator of a counted loop, before it ran.
    Items,
    /// The shape of a sequence read by index at recomputed positions in a counted loop.
    Shape,
    /// A float value of an iteration of a counted loop, for its reverse.
    Value,
}

/// A saved item: what, of which instruction, and where.
#[derive(Clone, Copy, Debug)]
pub struct Saved {
    /// The instruction's result.
    pub value: ValueId,
    /// What is saved.
    pub kind: SavedKind,
    /// Where.
    pub storage: Storage,
}

/// One step of the primal computation.
pub enum PrimalStep<'a> {
    /// Take a zero tangent of a parameter that may receive no derivative, before the
    /// parameter can be moved.
    ZeroTangent {
        /// The parameter's position.
        param: usize,
        /// The parameter itself.
        declared: &'a Param,
    },
    /// Compute an instruction exactly as the source does.
    Compute(&'a Instr),
    /// Compute an instruction through its derivative rule: `(value, pullback)`.
    Rule {
        /// The instruction.
        instr: &'a Instr,
        /// Which entry point of which rule.
        rule: Rule,
        /// Where its pullback is saved.
        storage: Storage,
    },
    /// An active `if`: saves the branch taken, then runs the branch's steps.
    If {
        /// The `if` instruction.
        instr: &'a Instr,
        /// Its condition and what its regions yield.
        shape: IfShape,
        /// Where the decision is saved.
        storage: Storage,
        /// Steps of the `then` region.
        then_steps: Vec<PrimalStep<'a>>,
        /// Steps of the `else` region.
        else_steps: Vec<PrimalStep<'a>>,
    },
    /// An active loop: counts its iterations and saves the count, or, counted, saves its
    /// iterator (see [`Counted`]).
    Loop {
        /// The loop instruction.
        instr: &'a Instr,
        /// Its carried values, exit test and iterator.
        shape: LoopShape,
        /// Where the trip count (or the iterator of a counted loop) is saved.
        storage: Storage,
        /// Steps of the body.
        body_steps: Vec<PrimalStep<'a>>,
        /// How a counted loop is reversed; `None` for a loop that counts its trips.
        counted: Option<Counted<'a>>,
        /// Float values of an iteration that its reverse reads but cannot recompute (a
        /// carried `r` in `r = r * x`): pushed on a tape each at the end of the iteration (of
        /// the guard's `then` branch), popped at the start of its reverse.
        stored: Vec<ValueId>,
    },
}

/// A counted loop: a `for` over an integer range (`a..b`, `a..=b`, `(a..b).rev()`) that
/// leaves only when the range ends. Its reverse steps through a clone of the range backwards,
/// with no trip count, and recomputes the iteration's cheap values instead of saving them.
#[derive(Clone)]
pub struct Counted<'a> {
    /// The iterator the loop steps; its clone is saved with the loop's storage, or
    /// recomputed by an enclosing counted loop (`items` says which).
    pub iterator: ValueId,
    /// Where the iterator's clone is: the loop's storage, or `Recomputed` by the enclosing
    /// counted loop that rebuilds it.
    pub items: Storage,
    /// The loop's item, rebound in each reverse iteration.
    pub item: ValueId,
    /// Instructions of the body recomputed at the start of each reverse iteration, in order:
    /// pure integer arithmetic on the item and on values the reverse has (positions such
    /// as `k * n + j`, an inner loop's range).
    pub recomputed: Vec<&'a Instr>,
    /// `(indexing instruction, sequence)`: elements read at recomputed positions, whose
    /// sequence's shape is saved once, before the loop, with the loop's storage.
    pub shapes: Vec<(ValueId, ValueId)>,
    /// `(writing instruction, earliest version)`: elements of a float vector written at
    /// recomputed positions; the earliest version's type is saved once, before the loop, with
    /// the loop's storage (as a `Written` record at position 0), and each reverse iteration
    /// moves it to the recomputed position.
    pub written: Vec<(ValueId, ValueId)>,
    /// Whether the floats the iterations store are kept by position
    /// ([`Storage::Positional`]) rather than on tapes: the loop runs once per call and every
    /// stored float has a known type.
    pub by_position: bool,
}

/// Where the floats of an iteration of loop `value` are stored: by position for a counted
/// loop that runs once per call, else on tapes.
pub fn stored_storage(value: ValueId, counted: Option<&Counted<'_>>) -> Storage {
    match counted {
        Some(counted) if counted.by_position => Storage::Positional(value),
        _ => Storage::Tape,
    }
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
    /// A method call: the `__ad_vjp_<name>` method, with which of the receiver and its one
    /// argument need a cotangent (`Both` for other arities).
    Method(Mask),
    /// Indexing: the pullback is the position read.
    Index,
    /// A vector built or changed in place (`v[i] = x`, `v.push(x)`, `vec![..]`): the
    /// "pullback" is the position written (or nothing).
    Vector,
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
        /// Where the pullback is saved.
        storage: Storage,
    },
    /// Indexing `base[i]`: `adj[base][i] += adj[result]`, one element, no dense temporary.
    IndexAdd {
        /// The indexing instruction.
        instr: &'a Instr,
        /// The sequence read.
        base: ValueId,
        /// Where the position read is saved.
        storage: Storage,
    },
    /// A vector built or changed in place; see `ad_core::index` for each rule. Targets are
    /// the active operands that receive a contribution, with their first-contribution flag.
    Vector {
        /// The instruction (`IndexSet`, `Push`, `VecRepeat` or `VecList`).
        instr: &'a Instr,
        /// What it writes.
        write: VectorWrite,
        /// Where the position written is saved.
        storage: Storage,
        /// `(operand, first)` for the active operands.
        targets: Vec<(ValueId, bool)>,
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
    /// `Some(a)`: `adj[a] += adj[Some(a)]` when that adjoint holds a value.
    Unwrapped {
        /// The `Some` value.
        from: ValueId,
        /// Its content.
        to: ValueId,
    },
    /// `option.unwrap()`: `adj[option] += Some(adj[result])`.
    Wrapped {
        /// The unwrapped value.
        from: ValueId,
        /// The option.
        to: ValueId,
    },
    /// Tuple (or array literal) construction: split the adjoint into its components.
    Untuple {
        /// The tuple value.
        tuple: ValueId,
        /// Its number of components.
        arity: usize,
        /// An array literal (`[..]`) rather than a tuple.
        array: bool,
        /// Where each active component's part goes.
        contributions: Vec<Contribution>,
    },
    /// Projection `t.f` of a tuple or struct: `adj[t] += T { f: adj[field], others: 0 }`.
    Project {
        /// The projected value.
        field: ValueId,
        /// The tuple or struct it was taken from.
        base: ValueId,
        /// The component or field.
        member: syn::Member,
        /// Whether this is `base`'s first contribution.
        first: bool,
    },
    /// Struct construction: `adj[a] += adj[s].f` for each active field value `a`.
    Unstruct {
        /// The struct value.
        value: ValueId,
        /// The struct's path as written (`Point`, `m::Point`, `Self`).
        path: syn::Path,
        /// The active fields: member, the value given to it, and whether it is that value's
        /// first contribution.
        fields: Vec<(syn::Member, ValueId, bool)>,
        /// `..rest`, if active: it receives the struct's adjoint without the listed fields.
        rest: Option<(ValueId, bool)>,
        /// Every listed field (to remove from what `rest` receives).
        listed: Vec<syn::Member>,
    },
    /// Field assignment `s' = s with f = a`: `adj[a] += adj[s'].f`, `adj[s] += adj[s']`
    /// without `f`.
    SetField {
        /// The new version `s'`.
        result: ValueId,
        /// The old version `s`, if active.
        base: Option<(ValueId, bool)>,
        /// The field.
        member: syn::Member,
        /// The value assigned, if active.
        value: Option<(ValueId, bool)>,
    },
    /// The reverse of an `if`: the merge becomes the split (seed 003). The saved decision
    /// selects the region whose yields receive the outputs' adjoints.
    If {
        /// The `if` instruction.
        instr: &'a Instr,
        /// Where the decision is saved.
        storage: Storage,
        /// Reverse of the `then` region.
        then_region: ReverseRegion<'a>,
        /// Reverse of the `else` region.
        else_region: ReverseRegion<'a>,
    },
    /// The reverse of a loop: as many reverse iterations as the loop ran, the adjoints of the
    /// carried values flowing from each iteration's yields to its parameters and on to the
    /// previous iteration, then to the initial values.
    Loop {
        /// The loop instruction.
        instr: &'a Instr,
        /// Its carried values.
        shape: LoopShape,
        /// Where the trip count is saved.
        storage: Storage,
        /// Positions of the carried values that carry derivatives.
        carried: Vec<usize>,
        /// Reverse of the body (for a counted loop, exactly the reverse of its guard `if`).
        body: ReverseRegion<'a>,
        /// How a counted loop is reversed; `None` for a loop that counted its trips.
        counted: Option<Counted<'a>>,
        /// The floats each iteration stored (see [`PrimalStep::Loop`]).
        stored: Vec<ValueId>,
    },
}

/// The reverse of one region.
pub struct ReverseRegion<'a> {
    /// Lazy adjoints of the values the region defines, declared on entry.
    pub declared: Vec<ValueId>,
    /// `(output, yielded value)`: the output's adjoint flows to the value the region yielded
    /// (for an `if`; a loop's carried adjoints are handled by [`AdjointStep::Loop`]).
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
    /// An adjoint started from the zero taken from parameter `.1` and accumulated into
    /// unconditionally (a parameter whose contributions are conditional or repeated).
    Dense(ValueId, usize),
    /// A zero: the parameter is differentiated but the result does not depend on it.
    Zero(usize),
    /// The parameter is not differentiated: `NoTangent`.
    Constant,
}

/// What a vector instruction writes, for its adjoint.
#[derive(Clone, Debug)]
pub enum VectorWrite {
    /// `base[indices] = value`: one index, two (`m[i][j]`), or an ndarray position
    /// (`a[[i, j]]`, `nd`).
    Set {
        /// The vector written.
        base: ValueId,
        /// How many indices (1 or 2).
        depth: usize,
        /// The one index is an ndarray position.
        nd: bool,
        /// The value written.
        value: ValueId,
    },
    /// `base.push(value)`.
    Push {
        /// The vector pushed to.
        base: ValueId,
        /// The value pushed.
        value: ValueId,
    },
    /// `vec![value; n]`.
    Repeat {
        /// The repeated value.
        value: ValueId,
    },
    /// `vec![a, b, ..]`.
    List {
        /// The items, by position.
        items: Vec<ValueId>,
    },
}

/// Calls `visit(value, kind, storage, loops)` for every item the primal `steps` save, at any
/// depth, with the loops around it (outermost first, each named by its result).
pub fn for_each_save(
    steps: &[PrimalStep<'_>],
    loops: &mut Vec<ValueId>,
    visit: &mut dyn FnMut(ValueId, SavedKind, Storage, &[ValueId]),
) {
    for step in steps {
        match step {
            PrimalStep::ZeroTangent { .. } | PrimalStep::Compute(_) => {}
            PrimalStep::Rule { instr, storage, .. } => {
                visit(instr.result, SavedKind::Pullback, *storage, loops)
            }
            PrimalStep::If {
                instr,
                storage,
                then_steps,
                else_steps,
                ..
            } => {
                visit(instr.result, SavedKind::Branch, *storage, loops);
                for_each_save(then_steps, loops, visit);
                for_each_save(else_steps, loops, visit);
            }
            PrimalStep::Loop {
                instr,
                storage,
                body_steps,
                counted,
                stored,
                ..
            } => {
                for_each_loop_save(instr.result, *storage, counted.as_ref(), loops, visit);
                loops.push(instr.result);
                let at = stored_storage(instr.result, counted.as_ref());
                for_each_iteration_save(stored, at, loops, visit);
                for_each_save(body_steps, loops, visit);
                loops.pop();
            }
        }
    }
}

/// Calls `visit` for what a loop saves outside its body (read outside its reverse): its trip
/// count, or a counted loop's iterator and the shapes of what it reads at recomputed
/// positions. The primal and the pullback both list them through here.
pub fn for_each_loop_save(
    value: ValueId,
    storage: Storage,
    counted: Option<&Counted<'_>>,
    loops: &[ValueId],
    visit: &mut dyn FnMut(ValueId, SavedKind, Storage, &[ValueId]),
) {
    match counted {
        None => visit(value, SavedKind::Trips, storage, loops),
        Some(counted) => {
            visit(value, SavedKind::Items, counted.items, loops);
            for (index, _) in counted.shapes.iter().chain(&counted.written) {
                visit(*index, SavedKind::Shape, storage, loops);
            }
        }
    }
}

/// Calls `visit` for the floats each iteration of a loop stores (read by each iteration of
/// its reverse), with `loops` ending with the loop itself.
pub fn for_each_iteration_save(
    stored: &[ValueId],
    storage: Storage,
    loops: &[ValueId],
    visit: &mut dyn FnMut(ValueId, SavedKind, Storage, &[ValueId]),
) {
    for value in stored {
        visit(*value, SavedKind::Value, storage, loops);
    }
}
