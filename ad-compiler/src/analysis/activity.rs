//! Activity analysis, with Swift's definitions (seed 000):
//!
//! - a value is *varied* when it depends on a `wrt` parameter through differentiable
//!   operations (forward data flow from the parameters);
//! - a value is *useful* when the result depends on it through differentiable operations
//!   (backward data flow from the result);
//! - a value is *active* when it is both. Only active values get adjoints.
//!
//! Comparisons, `!`, integer casts, `no_grad`, `matches!` and discrete methods (`len`,
//! `floor`, ...) stop both flows. An `if` is transparent: its outputs depend on what its
//! regions yield (its condition chooses a branch but carries no derivative). Takes a verified
//! [`Body`]; returns an [`Activity`], and reports as errors the active uses of operations
//! with no derivative.

use crate::diag::Diagnostics;
use crate::ir::{Body, Instr, Op, ValueId, walk};
use crate::lower::ArgumentForm;
use quote::ToTokens;

/// The result of activity analysis: one flag pair per value.
pub struct Activity {
    varied: Vec<bool>,
    useful: Vec<bool>,
}

impl Activity {
    /// Whether `v` depends on a `wrt` parameter.
    pub fn is_varied(&self, v: ValueId) -> bool {
        self.varied.get(v.index()).copied().unwrap_or(false)
    }

    /// Whether the result depends on `v`.
    pub fn is_useful(&self, v: ValueId) -> bool {
        self.useful.get(v.index()).copied().unwrap_or(false)
    }

    /// Whether `v` carries a derivative (varied and useful).
    pub fn is_active(&self, v: ValueId) -> bool {
        self.is_varied(v) && self.is_useful(v)
    }

    /// Whether any value `instr` defines carries a derivative.
    pub fn defines_active(&self, instr: &Instr) -> bool {
        instr.outputs().iter().any(|v| self.is_active(*v))
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
    let mut activity = Activity {
        varied: vec![false; n],
        useful: vec![false; n],
    };
    // A value of a type that carries no derivative (`&mut [usize]`) is never varied.
    let constant = super::constant_types::constant_typed(body);
    for p in &body.params {
        activity.varied[p.value.index()] = p.wrt && !get(&constant, p.value);
    }
    forward(
        &body.block.instrs,
        &mut activity.varied,
        &constant,
        &Op::differentiable_operands,
    );
    if let Some(result) = body.block.result {
        activity.useful[result.index()] = true;
    }
    backward(&body.block.instrs, &mut activity.useful);
    report_non_differentiable(body, &activity, diag);
    report_bit_casts(body, &activity, diag);
    activity
}

fn set(flags: &mut [bool], v: ValueId, value: bool) {
    if let Some(slot) = flags.get_mut(v.index()) {
        *slot = value;
    }
}

fn get(flags: &[bool], v: ValueId) -> bool {
    flags.get(v.index()).copied().unwrap_or(false)
}

/// Runs `pass` over a loop body, then sets `to[k]` wherever `from[k]` is set (from one
/// iteration to the next), until that changes nothing. Flags only go from unset to set, so
/// this ends after at most one round per carried value.
fn to_fixed_point(
    flags: &mut Vec<bool>,
    from: &[ValueId],
    to: &[ValueId],
    mut pass: impl FnMut(&mut Vec<bool>),
) {
    loop {
        pass(flags);
        let mut changed = false;
        for (f, t) in from.iter().zip(to) {
            if get(flags, *f) && !get(flags, *t) {
                set(flags, *t, true);
                changed = true;
            }
        }
        if !changed {
            return;
        }
    }
}

/// Varied: in evaluation order, a value varies when one of its `operands` does (the
/// differentiable ones, for activity), unless `constant` says its type carries no derivative.
fn forward(
    instrs: &[Instr],
    varied: &mut Vec<bool>,
    constant: &[bool],
    operands: &dyn Fn(&Op) -> Vec<ValueId>,
) {
    let set = |varied: &mut Vec<bool>, v: ValueId, value: bool| {
        set(varied, v, value && !get(constant, v));
    };
    for instr in instrs {
        if let Op::Loop {
            init,
            params,
            body,
            merged,
            ..
        } = &instr.op
        {
            // A carried value varies if its initial value does, or if it varies after an
            // iteration: iterate to the fixed point.
            for (p, i) in params.iter().zip(init) {
                let value = get(varied, *i);
                set(varied, *p, value);
            }
            to_fixed_point(varied, &body.yields, params, |varied| {
                forward(&body.instrs, varied, constant, operands)
            });
            set(varied, instr.result, false);
            for (m, y) in merged.iter().zip(&body.yields) {
                let value = get(varied, *y);
                set(varied, *m, value);
            }
            continue;
        }
        if let Op::If {
            then_region,
            else_region,
            ..
        } = &instr.op
        {
            forward(&then_region.instrs, varied, constant, operands);
            forward(&else_region.instrs, varied, constant, operands);
            for (k, output) in instr.outputs().into_iter().enumerate() {
                let from = |r: &crate::ir::Region| r.yields.get(k).is_some_and(|y| get(varied, *y));
                let value = from(then_region) || from(else_region);
                set(varied, output, value);
            }
        } else {
            let value = operands(&instr.op).iter().any(|v| get(varied, *v));
            set(varied, instr.result, value);
        }
    }
}

/// Useful: in reverse order, the differentiable operands of a useful value are useful.
fn backward(instrs: &[Instr], useful: &mut Vec<bool>) {
    for instr in instrs.iter().rev() {
        if let Op::Loop {
            init,
            params,
            body,
            merged,
            ..
        } = &instr.op
        {
            // A carried value is useful if the loop's output is, or if the next iteration
            // uses it: iterate to the fixed point, then its initial value is useful too.
            for (m, y) in merged.iter().zip(&body.yields) {
                if get(useful, *m) {
                    set(useful, *y, true);
                }
            }
            to_fixed_point(useful, params, &body.yields, |useful| {
                backward(&body.instrs, useful)
            });
            for (p, i) in params.iter().zip(init) {
                if get(useful, *p) {
                    set(useful, *i, true);
                }
            }
            continue;
        }
        if let Op::If {
            then_region,
            else_region,
            ..
        } = &instr.op
        {
            for (k, output) in instr.outputs().into_iter().enumerate() {
                if get(useful, output) {
                    for region in [then_region, else_region] {
                        if let Some(y) = region.yields.get(k) {
                            set(useful, *y, true);
                        }
                    }
                }
            }
            backward(&then_region.instrs, useful);
            backward(&else_region.instrs, useful);
        } else if get(useful, instr.result) {
            for v in instr.op.differentiable_operands() {
                set(useful, v, true);
            }
        }
    }
}

/// Errors for active values flowing through operations that have no derivative.
fn report_non_differentiable(body: &Body, activity: &Activity, diag: &mut Diagnostics) {
    walk(&body.block.instrs, &mut |instr| {
        let varied_operand = instr.op.operands().iter().any(|v| activity.is_varied(*v));
        match &instr.op {
            // (A closure given to a function is lowered again as a capturing function when
            // it reads differentiated values, see `pipeline::differentiate`: this is the
            // safety net for bodies lowered without that second pass.)
            Op::Opaque {
                holes,
                captured: Some(names),
                ..
            } => {
                if let Some((_, name)) = holes.iter().zip(names).find(|(v, _)| activity.is_varied(**v)) {
                    diag.error(
                        instr.span,
                        format!("this closure reads `{name}`, which is differentiated, but derivatives do not flow through what a closure given to a function captures here: pass `{name}` to the function as an argument, or wrap it in `no_grad(..)` if its derivative should be ignored"),
                    );
                }
            }
            Op::NoDerivative { operator, .. } if activity.is_active(instr.result) => diag.error(
                instr.span,
                format!(
                    "`{operator}` has no derivative, and this operation uses a value that is differentiated: wrap the operand in `no_grad(..)` if its derivative should be ignored"
                ),
            ),
                        Op::IntoIter(_) if activity.is_active(instr.result) => diag.error(
                instr.span,
                "this loop iterates over a value that is differentiated, which is supported for slices and `Vec`s written `for x in xs.iter()`, `for &x in xs.iter()`, `for x in &xs`, `for x in xs`, `for (i, x) in xs.iter().enumerate()`, `for (x, y) in xs.iter().zip(ys.iter())`, parts such as `xs.iter().skip(1)` and `&xs[a..b]` (also as sides of a `zip`), pieces `xs.windows(k)` and `xs.chunks(k)`, `a.chain(b)` of two of them (without `break`), the subarrays of ndarray arrays `m.rows()`, `m.columns()`, `m.outer_iter()` and `m.axis_iter(axis)`, or any of them followed by `.rev()`, then by `.step_by(k)`, `.take(n)` or `.skip(n)`; the elements of a `Vec` of rows, `m.iter().flatten()`; or iterate over indices: `for i in 0..xs.len()`",
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
    });
}

/// Errors for floats made of bits (`f64::from_bits(b)`, see `vocab::discrete::BIT_CASTS`)
/// where the bits are made from a differentiated value and the float reaches the result: the
/// derivative through the bits would be lost without a word. Which values are made from a
/// differentiated one is the varied flow through every operand, discrete ones too
/// (`x.to_bits() & mask`).
fn report_bit_casts(body: &Body, activity: &Activity, diag: &mut Diagnostics) {
    let mut from_differentiated = vec![false; body.value_count as usize];
    for p in &body.params {
        set(&mut from_differentiated, p.value, p.wrt);
    }
    forward(
        &body.block.instrs,
        &mut from_differentiated,
        &[],
        &Op::operands,
    );
    walk(&body.block.instrs, &mut |instr| {
        let Op::Call { callee, args, .. } = &instr.op else {
            return;
        };
        let Some(name) = callee.path.segments.last().map(|s| s.ident.to_string()) else {
            return;
        };
        let bits_of_differentiated = args.iter().any(|a| get(&from_differentiated, *a));
        if crate::vocab::discrete::BIT_CASTS.contains(&name.as_str())
            && bits_of_differentiated
            && activity.is_useful(instr.result)
        {
            diag.error(
                instr.span,
                format!(
                    "`{name}` makes a float of bits that are made from a differentiated value, and an integer made from a float's bits carries no derivative, so the derivative through it would be lost: register one for the enclosing function with `#[derivative(of = ..)]`, or wrap the argument in `no_grad(..)` if its derivative should be ignored"
                ),
            );
        }
    });
}

/// How the second lowering builds each function given to a function (see
/// `pipeline::differentiate`), by the argument's key in `Body::argument_sites` (its place
/// and copy): as written, for a call that carries no derivative (its primal call wants a
/// plain `Fn`);
/// as a capturing function, for a closure whose captured locals include differentiated ones
/// (with their names). The others stay functions with derivatives (`function!`).
pub fn function_argument_forms(
    body: &Body,
    activity: &Activity,
) -> std::collections::HashMap<String, ArgumentForm> {
    // The function values whose captured locals include differentiated ones: built as
    // capturing functions, they make the call they are given to differentiated.
    let mut capturing = std::collections::HashMap::new();
    walk(&body.block.instrs, &mut |instr| {
        if let Op::Opaque {
            holes,
            captured: Some(names),
            ..
        } = &instr.op
        {
            let active: Vec<String> = holes
                .iter()
                .zip(names)
                .filter(|(v, _)| activity.is_varied(**v))
                .map(|(_, name)| name.clone())
                .collect();
            if !active.is_empty() {
                capturing.insert(instr.result, active);
            }
        }
    });
    // The arguments of the calls that will carry no derivative, emitted as primal calls.
    let mut primal_calls = std::collections::HashSet::new();
    walk(&body.block.instrs, &mut |instr| {
        // A method's receiver counts as an argument.
        let operands = match &instr.op {
            Op::Call { args, .. } => args.clone(),
            Op::Method { receiver, args, .. } => std::iter::once(*receiver)
                .chain(args.iter().copied())
                .collect(),
            _ => return,
        };
        let varied = operands
            .iter()
            .any(|a| activity.is_varied(*a) || capturing.contains_key(a));
        if !(varied && activity.is_useful(instr.result)) {
            primal_calls.extend(operands);
        }
    });
    let mut found = std::collections::HashMap::new();
    walk(&body.block.instrs, &mut |instr| {
        if let Op::Opaque {
            captured: Some(_), ..
        } = &instr.op
        {
            let Some(key) = body.argument_sites.get(&instr.result).cloned() else {
                return;
            };
            if primal_calls.contains(&instr.result) {
                found.insert(key, ArgumentForm::AsWritten);
            } else if let Some(active) = capturing.get(&instr.result) {
                found.insert(key, ArgumentForm::Capturing(active.clone()));
            }
        }
    });
    found
}
