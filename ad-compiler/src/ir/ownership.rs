//! Which values are certainly owned floats or other owned values, not references.
//!
//! Rules take owned operands; a reference operand goes through `Operand::operand`. That
//! conversion is a trait projection, behind which rustc cannot see the type of an undecided
//! float (`let mut s = 0.0;` before a loop that adds `f64`s to it), so values known to be
//! owned are passed as they are and rustc unifies them like the built-in operators do.
//! Computed once per body, in linear time.

use super::{Body, Instr, Op, ValueId, is_unsuffixed_float, walk};
use std::collections::HashMap;

/// Where a value comes from, for the values that are not an instruction's plain result.
enum Source<'a> {
    /// Defined by this instruction's result.
    Instr(&'a Instr),
    /// Equal to one of these values (a loop parameter: its initial value and its yield; an
    /// output of an `if` or a loop: what the regions yield).
    Merge(Vec<ValueId>),
}

/// The ownership of every value of a body.
pub struct Ownership {
    owned: Vec<bool>,
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
                        let from = [init.get(k), body.yields.get(k)];
                        sources.insert(
                            *param,
                            Source::Merge(from.into_iter().flatten().copied().collect()),
                        );
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
        };
        let owned = (0..n as u32).map(|v| analysis.owned(ValueId(v))).collect();
        Ownership { owned }
    }

    /// Whether `v` is certainly owned.
    pub fn is_owned(&self, v: ValueId) -> bool {
        self.owned.get(v.index()).copied().unwrap_or(false)
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
            Some(Source::Instr(instr)) => &instr.op,
            None => return false,
        };
        match op {
            Op::Arith(..) | Op::Neg(_) | Op::Deref(_) | Op::Struct { .. } | Op::SetField { .. } => {
                true
            }
            Op::Cast(_, ty) => is_float_type(ty),
            Op::Index { by_ref, .. } => !by_ref,
            Op::Const(tokens) => {
                syn::parse2::<syn::Expr>(tokens.clone()).is_ok_and(|e| is_unsuffixed_float(&e))
            }
            _ => false,
        }
    }
}

fn is_float_type(ty: &syn::Type) -> bool {
    matches!(ty, syn::Type::Path(p) if p.qself.is_none() && (p.path.is_ident("f64") || p.path.is_ident("f32")))
}
