//! Two facts about values that rule calls need, computed once per body in linear time.
//!
//! *Owned*: certainly an owned value, not a reference.
//! Rules take owned operands; a reference operand goes through `Operand::operand`. That
//! conversion is a trait projection, behind which rustc cannot see the type of an undecided
//! float (`let mut s = 0.0;` before a loop that adds `f64`s to it), so values known to be
//! owned are passed as they are and rustc unifies them like the built-in operators do.
//!
//! *Undecided float*: a float whose type rustc has not decided where the rule is called
//! (derived from unsuffixed literals, or a loop variable that starts as one, or a captured
//! variable). An operator whose left operand is one is called as a function of one type, so
//! rustc takes the type from the right operand; any other operator dispatches on the left
//! operand's type, which also allows mixed types (`Vec2 * f64`).
//!
//! *Range read*: a borrowed part of a sequence (`&xs[a..b]`), whose adjoint takes a prefix
//! cotangent (see `emit::padding`).

use crate::ir::is_float_type;
use crate::ir::{Body, Instr, Op, ValueId, is_unsuffixed_float, walk};
use std::collections::HashMap;

/// Where a value comes from, for the values that are not an instruction's plain result.
enum Source<'a> {
    /// Defined by this instruction's result.
    Instr(&'a Instr),
    /// Equal to one of these values (a loop parameter: its initial value and its yield; an
    /// output of an `if` or a loop: what the regions yield).
    Merge(Vec<ValueId>),
    /// A loop parameter: its initial value, then its yield.
    LoopParam(ValueId, ValueId),
}

/// The ownership of every value of a body, and which are undecided floats.
pub struct Ownership {
    owned: Vec<bool>,
    undecided: Vec<bool>,
    range_reads: Vec<bool>,
}

impl Ownership {
    /// Analyses `body`.
    pub fn of(body: &Body) -> Ownership {
        let n = body.value_count as usize;
        let mut sources: HashMap<ValueId, Source<'_>> = HashMap::new();
        walk(&body.block.instrs, &mut |instr| {
            sources.insert(instr.result, Source::Instr(instr));
            match &instr.op {
                Op::If {
                    then_region,
                    else_region,
                    merged,
                    ..
                } => {
                    for (k, output) in std::iter::once(&instr.result).chain(merged).enumerate() {
                        let from = [then_region.yields.get(k), else_region.yields.get(k)];
                        sources.insert(
                            *output,
                            Source::Merge(from.into_iter().flatten().copied().collect()),
                        );
                    }
                }
                Op::Loop {
                    init,
                    params,
                    body,
                    merged,
                    ..
                } => {
                    for (k, param) in params.iter().enumerate() {
                        if let (Some(first), Some(next)) = (init.get(k), body.yields.get(k)) {
                            sources.insert(*param, Source::LoopParam(*first, *next));
                        }
                        if let Some(output) = merged.get(k) {
                            sources.insert(*output, Source::Merge(vec![*param]));
                        }
                    }
                }
                _ => {}
            }
        });
        let mut analysis = Analysis {
            body,
            sources,
            state: vec![State::Unknown; n],
            undecided: vec![None; n],
        };
        let owned = (0..n as u32).map(|v| analysis.owned(ValueId(v))).collect();
        let undecided = (0..n as u32)
            .map(|v| analysis.undecided(ValueId(v)))
            .collect();
        let mut range_reads = vec![false; n];
        walk(&body.block.instrs, &mut |instr| {
            if let Op::Index { by_ref: true, .. } = instr.op
                && let Some(slot) = range_reads.get_mut(instr.result.index())
            {
                *slot = true;
            }
        });
        Ownership {
            owned,
            undecided,
            range_reads,
        }
    }

    /// Whether `v` is a borrowed read `&xs[..]` of a sequence.
    pub fn is_range_read(&self, v: ValueId) -> bool {
        self.range_reads.get(v.index()).copied().unwrap_or(false)
    }

    /// Whether `v` is a float whose type rustc has not decided where rules use it.
    pub fn is_undecided_float(&self, v: ValueId) -> bool {
        self.undecided.get(v.index()).copied().unwrap_or(false)
    }

    /// Whether `v` is certainly owned. An undecided float is: it is a float (and passing it
    /// as it is lets rustc decide its type from the rule that takes it).
    pub fn is_owned(&self, v: ValueId) -> bool {
        self.owned.get(v.index()).copied().unwrap_or(false) || self.is_undecided_float(v)
    }
}

#[derive(Clone, Copy, PartialEq)]
enum State {
    Unknown,
    /// Being decided: a cycle through loop parameters, assumed owned until shown otherwise.
    Visiting,
    Owned,
    NotOwned,
}

struct Analysis<'a> {
    body: &'a Body,
    sources: HashMap<ValueId, Source<'a>>,
    state: Vec<State>,
    undecided: Vec<Option<bool>>,
}

impl Analysis<'_> {
    fn owned(&mut self, v: ValueId) -> bool {
        match self.state.get(v.index()).copied() {
            Some(State::Owned) | Some(State::Visiting) => return true,
            Some(State::NotOwned) | None => return false,
            Some(State::Unknown) => {}
        }
        self.state[v.index()] = State::Visiting;
        let owned = self.decide(v);
        self.state[v.index()] = if owned { State::Owned } else { State::NotOwned };
        owned
    }

    fn decide(&mut self, v: ValueId) -> bool {
        if let Some(p) = self.body.params.iter().find(|p| p.value == v) {
            // A float parameter; other types may be references or stand for them.
            return p.ty.as_ref().is_some_and(is_float_type);
        }
        let op = match self.sources.get(&v) {
            Some(Source::Merge(from)) => {
                let from = from.clone();
                return from.into_iter().all(|u| self.owned(u));
            }
            Some(Source::LoopParam(first, next)) => {
                let (first, next) = (*first, *next);
                return self.owned(first) && self.owned(next);
            }
            Some(Source::Instr(instr)) => &instr.op,
            None => return false,
        };
        match op {
            Op::Arith(..)
            | Op::Neg(_)
            | Op::Deref(_)
            | Op::Clone(_)
            | Op::Struct { .. }
            | Op::SetField { .. }
            | Op::IndexSet { .. }
            | Op::Push { .. }
            | Op::VecRepeat { .. }
            | Op::VecList(_)
            | Op::Array(_) => true,
            Op::Cast(_, ty) => is_float_type(ty),
            Op::Index { by_ref, .. } => !by_ref,
            // Literals are owned; integer ones then take their type from the other operand.
            Op::Const(tokens) => syn::parse2::<syn::Expr>(tokens.clone())
                .is_ok_and(|e| is_unsuffixed_float(&e) || matches!(e, syn::Expr::Lit(_))),
            _ => false,
        }
    }
}

impl Analysis<'_> {
    fn undecided(&mut self, v: ValueId) -> bool {
        if let Some(known) = self.undecided.get(v.index()).copied().flatten() {
            return known;
        }
        // Assume decided while deciding (a loop parameter reached through its yield).
        if let Some(slot) = self.undecided.get_mut(v.index()) {
            *slot = Some(false);
        }
        let result = self.decide_undecided(v);
        if let Some(slot) = self.undecided.get_mut(v.index()) {
            *slot = Some(result);
        }
        result
    }

    fn decide_undecided(&mut self, v: ValueId) -> bool {
        if let Some(p) = self.body.params.iter().find(|p| p.value == v) {
            // An untyped closure parameter takes the type of its argument, maybe `{float}`.
            return p.ty.is_none();
        }
        let op = match self.sources.get(&v) {
            Some(Source::Merge(from)) => {
                let from = from.clone();
                return !from.is_empty() && from.into_iter().all(|u| self.undecided(u));
            }
            // Inside the loop, before its yield is unified with it.
            Some(Source::LoopParam(first, _)) => {
                let first = *first;
                return self.undecided(first);
            }
            Some(Source::Instr(instr)) => &instr.op,
            None => return false,
        };
        match op {
            Op::Const(tokens) => syn::parse2::<syn::Expr>(tokens.clone()).is_ok_and(|e| {
                // A literal, or a variable a closure captures (lowercase, unlike constants).
                is_unsuffixed_float(&e)
                    || matches!(&e, syn::Expr::Path(p) if p.path.get_ident().is_some_and(|i| i.to_string().starts_with(|c: char| c.is_lowercase())))
            }),
            Op::Neg(a) => {
                let a = *a;
                self.undecided(a)
            }
            Op::Arith(_, a, b) => {
                let (a, b) = (*a, *b);
                self.undecided(a) && self.undecided(b)
            }
            // A part of a table of unsuffixed literals (`[(1.0, 2.0), ..]`): a component of a
            // tuple built here is that component; otherwise any part of a value holding one.
            Op::Field(a, member) => {
                let (a, member) = (*a, member.clone());
                match (self.sources.get(&a), &member) {
                    (Some(Source::Instr(instr)), syn::Member::Unnamed(i))
                        if matches!(instr.op, Op::Tuple(_)) =>
                    {
                        let Op::Tuple(items) = &instr.op else {
                            return false;
                        };
                        match items.get(i.index as usize).copied() {
                            Some(item) => self.undecided(item),
                            None => false,
                        }
                    }
                    _ => self.holds_undecided(a),
                }
            }
            Op::Deref(a) | Op::Unwrap(a) => {
                let a = *a;
                self.holds_undecided(a)
            }
            Op::Index {
                base,
                by_ref: false,
                ..
            } => {
                let base = *base;
                self.holds_undecided(base)
            }
            _ => false,
        }
    }

    /// Whether `v` (a tuple, array, `Vec`, a reference to or an element of one) holds a float
    /// derived from unsuffixed literals. (Not a captured variable: a closure's capture is
    /// undecided as a scalar, but one that is an array or a `Vec` is not a table of literals.)
    fn holds_undecided(&mut self, v: ValueId) -> bool {
        let op = match self.sources.get(&v) {
            Some(Source::Instr(instr)) => &instr.op,
            _ => return false,
        };
        match op {
            Op::Tuple(items) | Op::Array(items) | Op::VecList(items) => {
                let items = items.clone();
                items
                    .into_iter()
                    .any(|i| (self.undecided(i) && !self.is_captured(i)) || self.holds_undecided(i))
            }
            Op::VecRepeat { value: a, .. }
            | Op::Ref { operand: a, .. }
            | Op::Deref(a)
            | Op::Clone(a)
            | Op::Unwrap(a)
            | Op::Field(a, _)
            | Op::FieldRef(a, _)
            | Op::Index { base: a, .. } => {
                let a = *a;
                self.holds_undecided(a)
            }
            _ => false,
        }
    }

    /// Whether `v` is a variable a closure captures (a constant named by a lowercase path).
    fn is_captured(&self, v: ValueId) -> bool {
        match self.sources.get(&v) {
            Some(Source::Instr(instr)) => matches!(&instr.op, Op::Const(tokens)
                if syn::parse2::<syn::Expr>(tokens.clone()).is_ok_and(|e| matches!(&e,
                    syn::Expr::Path(p) if p.path.get_ident().is_some()))),
            _ => false,
        }
    }
}
