//! The versions of a vector, and the one its shape comes from. In SSA a vector written in
//! place (`v[i] = y`) gets a new version per write, a loop carries it as a parameter, and an
//! `if` merges the versions of its branches. A write keeps the shape (the length of a `Vec`,
//! an array's), and so does a loop whose body only writes elements of what it carries. The
//! reverse of a counted loop that reads or writes a scratch vector at recomputed positions
//! needs that vector's shape (to size its adjoint) or its type (to type its adjoint): both
//! come from the version the outermost loop that carries it starts from, saved once before
//! that loop instead of per iteration (see `loop_plan`).

use crate::ir::{Body, Instr, Op, ValueId, walk};
use std::collections::HashMap;

/// Where each loop-carried or merged value comes from, to follow a vector's versions back.
pub(super) struct Versions<'a> {
    /// Instructions by the value they define.
    by_value: HashMap<ValueId, &'a Instr>,
    /// Loop parameters and loop outputs: their loop and position.
    carried: HashMap<ValueId, (&'a Instr, usize)>,
    /// Outputs of `if`s: their `if` and position.
    merged: HashMap<ValueId, (&'a Instr, usize)>,
}

impl<'a> Versions<'a> {
    /// Indexes `body`.
    pub(super) fn of(body: &'a Body) -> Self {
        let mut versions = Versions {
            by_value: HashMap::new(),
            carried: HashMap::new(),
            merged: HashMap::new(),
        };
        walk(&body.block.instrs, &mut |instr| {
            versions.by_value.insert(instr.result, instr);
            match &instr.op {
                Op::Loop { params, merged, .. } => {
                    for (k, v) in params.iter().enumerate() {
                        versions.carried.insert(*v, (instr, k));
                    }
                    for (k, v) in merged.iter().enumerate() {
                        versions.carried.insert(*v, (instr, k));
                    }
                }
                Op::If { .. } => {
                    for (k, v) in instr.outputs().into_iter().enumerate() {
                        versions.merged.insert(v, (instr, k));
                    }
                }
                _ => {}
            }
        });
        versions
    }

    /// For a version `v` of a vector defined inside loop `loop_value`: the value the loop
    /// starts that vector from, when `v` comes from the loop's parameter for it through
    /// element writes, loops and branches that keep its shape, and each iteration yields such
    /// a version. That value is live just before the loop (the loop takes it), so the shape
    /// or type of `v` can be taken from it there.
    pub(super) fn initial_version(&self, v: ValueId, loop_value: ValueId) -> Option<ValueId> {
        let instr = self.by_value.get(&loop_value)?;
        let Op::Loop { params, .. } = &instr.op else {
            return None;
        };
        let k = params
            .iter()
            .position(|param| self.origin(v, Some(*param), 0) == *param)?;
        self.kept_by_loop(instr, k, 0)
    }

    /// The earliest version of `v` with its shape, back through element writes, loops that
    /// keep the shape of what they carry, and `if`s whose branches both come from one
    /// version, stopping at `stop` (a loop's parameter). `depth` bounds the recursion through
    /// nested regions.
    fn origin(&self, mut v: ValueId, stop: Option<ValueId>, depth: usize) -> ValueId {
        const DEEPEST: usize = 64;
        for _ in 0..10_000 {
            if Some(v) == stop || depth > DEEPEST {
                return v;
            }
            let next = if let Some(Op::IndexSet { base, .. }) = self.by_value.get(&v).map(|i| &i.op)
            {
                Some(*base)
            } else if let Some((instr, k)) = self.carried.get(&v) {
                self.kept_by_loop(instr, *k, depth)
            } else if let Some((instr, k)) = self.merged.get(&v) {
                self.merged_from(instr, *k, stop, depth)
            } else {
                None
            };
            match next {
                Some(next) => v = next,
                None => return v,
            }
        }
        v
    }

    /// The initial value of loop `instr`'s `k`-th carried value, when each iteration yields a
    /// version of the parameter with its shape.
    fn kept_by_loop(&self, instr: &Instr, k: usize, depth: usize) -> Option<ValueId> {
        let Op::Loop {
            init, params, body, ..
        } = &instr.op
        else {
            return None;
        };
        let (param, yielded) = (*params.get(k)?, *body.yields.get(k)?);
        (self.origin(yielded, Some(param), depth + 1) == param).then(|| init[k])
    }

    /// The version both branches of `if` `instr` yield at position `k` come from.
    fn merged_from(
        &self,
        instr: &Instr,
        k: usize,
        stop: Option<ValueId>,
        depth: usize,
    ) -> Option<ValueId> {
        let Op::If {
            then_region,
            else_region,
            ..
        } = &instr.op
        else {
            return None;
        };
        let then_origin = self.origin(*then_region.yields.get(k)?, stop, depth + 1);
        let else_origin = self.origin(*else_region.yields.get(k)?, stop, depth + 1);
        (then_origin == else_origin).then_some(then_origin)
    }
}
