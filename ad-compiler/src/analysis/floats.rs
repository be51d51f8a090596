//! Which values are certainly scalar floats (`f32`/`f64`), from what the source states: float
//! literals, parameters declared `f64`/`f32`, elements of parameters declared as float
//! sequences (`&[f64]`, `&Vec<f64>`, `[f64; N]`, ...), and arithmetic, float methods and
//! casts of those. Loop-carried values and the outputs of `if`s are floats when everything
//! that flows into them is (the greatest fixpoint: assume so, then drop what breaks it).
//!
//! A macro sees no types, so this is deliberately partial: a value it does not recognise is
//! simply not known to be a float, and keeps the general, type-dispatched code. What it
//! recognises lets the reverse of a loop use plain float arithmetic for the adjoints of `+ - *
//! /` instead of saving a rule's pullback per iteration.

use crate::ir::is_float_type as is_float;
use crate::ir::{Body, Instr, Op, ValueId, walk};
use std::collections::{HashMap, HashSet};

/// The values known to be scalar floats, and the parameters known to be float sequences.
pub struct Floats {
    scalars: HashSet<ValueId>,
    element_refs: HashSet<ValueId>,
    sequences: HashSet<ValueId>,
    /// The float sequences: `sequences`, and the local vectors built from floats.
    vectors: HashSet<ValueId>,
    /// The float type (`f32` or `f64`) of the scalars whose type the source fixes.
    widths: HashMap<ValueId, &'static str>,
}

impl Floats {
    /// Analyses `body`.
    pub fn of(body: &Body) -> Floats {
        let mut sequences = HashSet::new();
        let mut declared = HashSet::new();
        for param in &body.params {
            match &param.ty {
                Some(ty) if is_float(ty) => {
                    declared.insert(param.value);
                }
                Some(ty) if is_float_sequence(ty) => {
                    sequences.insert(param.value);
                }
                _ => {}
            }
        }
        // Values whose type the source states (`let s: f64 = ..`, a helper's `-> f64`).
        let stated = stated_floats(body);
        declared.extend(stated.keys().copied());
        // Loop parameters and outputs, and `if` outputs: assumed floats (and float sequences),
        // then checked.
        let mut candidates = Candidates::default();
        walk(&body.block.instrs, &mut |instr| {
            for (merged, _) in merge_points(instr) {
                candidates.scalars.extend(merged.iter().copied());
                candidates.sequences.extend(merged);
            }
        });
        loop {
            let found = scalars_given(body, &declared, &sequences, &candidates);
            let mut kept = Candidates::default();
            walk(&body.block.instrs, &mut |instr| {
                for (merged, flows) in merge_points(instr) {
                    let all_in = |set: &HashSet<ValueId>| {
                        flows.iter().all(|v| v.is_some_and(|v| set.contains(&v)))
                    };
                    if all_in(&found.scalars) {
                        kept.scalars.extend(merged.iter().copied());
                    }
                    if all_in(&found.sequences) {
                        kept.sequences.extend(merged);
                    }
                }
            });
            if kept == candidates {
                let widths = widths(body, &found, &stated);
                return Floats {
                    scalars: found.scalars,
                    element_refs: found.element_refs,
                    sequences,
                    vectors: found.sequences,
                    widths,
                };
            }
            candidates = kept;
        }
    }

    /// Whether `v` is certainly an `f32` or `f64`, or a reference to an element of a float
    /// sequence (which float arithmetic takes as well).
    pub fn is_scalar(&self, v: ValueId) -> bool {
        self.scalars.contains(&v) || self.element_refs.contains(&v)
    }

    /// `f32` or `f64`, for a scalar whose type the source fixes (an unsuffixed literal and
    /// what is computed from literals alone have none).
    pub fn width(&self, v: ValueId) -> Option<&'static str> {
        self.widths.get(&v).copied()
    }

    /// Whether `v` is a sequence of floats: a parameter declared so, or a local vector built
    /// from floats (`vec![0.0; n]`) and its versions with elements written or pushed.
    pub fn is_vector(&self, v: ValueId) -> bool {
        self.vectors.contains(&v)
    }

    /// Whether `v` is a parameter declared as a sequence of floats.
    pub fn is_sequence(&self, v: ValueId) -> bool {
        self.sequences.contains(&v)
    }
}

/// Merged values assumed to be floats, or sequences of floats, until something that flows
/// into them is not.
#[derive(Default, PartialEq, Eq)]
struct Candidates {
    scalars: HashSet<ValueId>,
    sequences: HashSet<ValueId>,
}

/// What one pass finds, given the candidates.
struct Found {
    /// Scalar floats.
    scalars: HashSet<ValueId>,
    /// References to elements of float sequences (`&x[i]`).
    element_refs: HashSet<ValueId>,
    /// Float sequences: the parameters declared so, and the local vectors built from floats
    /// (`vec![0.0; n]`, `vec![a, b]`), with elements written or pushed (a scratch buffer).
    sequences: HashSet<ValueId>,
}

/// The scalar floats of `body` when `candidates` (loop-carried values, `if` outputs) are, and
/// the references to elements of float sequences.
fn scalars_given(
    body: &Body,
    declared: &HashSet<ValueId>,
    parameter_sequences: &HashSet<ValueId>,
    candidates: &Candidates,
) -> Found {
    let mut scalars: HashSet<ValueId> = declared.union(&candidates.scalars).copied().collect();
    let mut sequences: HashSet<ValueId> = parameter_sequences
        .union(&candidates.sequences)
        .copied()
        .collect();
    // Elements read by reference (`&x[i]`, dereferenced next).
    let mut element_refs: HashSet<ValueId> = HashSet::new();
    walk(&body.block.instrs, &mut |instr| {
        let is = |v: &ValueId| scalars.contains(v);
        let sequence = match &instr.op {
            Op::VecRepeat { value, .. } => is(value),
            Op::VecList(items) => !items.is_empty() && items.iter().all(is),
            Op::IndexSet {
                base,
                indices,
                value,
            } => indices.len() == 1 && sequences.contains(base) && is(value),
            Op::Push { base, value } => sequences.contains(base) && is(value),
            _ => false,
        };
        if sequence {
            sequences.insert(instr.result);
        }
        let is = |v: &ValueId| scalars.contains(v);
        let float = match &instr.op {
            Op::Const(tokens) => is_float_literal(tokens),
            Op::Index {
                base,
                by_ref: false,
                ..
            } => sequences.contains(base),
            Op::Index {
                base, by_ref: true, ..
            } => {
                // (Of a parameter only: a reference into a local vector would be stored at
                // the end of its iteration, after a write has moved the vector.)
                if parameter_sequences.contains(base) {
                    element_refs.insert(instr.result);
                }
                false
            }
            Op::Deref(a) => element_refs.contains(a),
            // `&f64 * &f64` is an `f64` too (`x * y` over `zip(a.iter(), b.iter())`).
            Op::Arith(_, a, b) => {
                (is(a) || element_refs.contains(a)) && (is(b) || element_refs.contains(b))
            }
            Op::Neg(a) => is(a),
            Op::Cast(_, ty) => is_float(ty),
            Op::Method {
                receiver,
                method,
                args,
                ..
            } => {
                let float = |v: &ValueId| is(v) || element_refs.contains(v);
                float(receiver)
                    && FLOAT_METHODS.iter().any(|m| method == m)
                    && (method == "powi" || args.iter().all(float))
            }
            _ => false,
        };
        if float {
            scalars.insert(instr.result);
        }
    });
    Found {
        scalars,
        element_refs,
        sequences,
    }
}

/// Where values merge: for each loop parameter, the parameter and the loop's output for it,
/// with the initial value and the yield flowing in; for each output of an `if`, the output,
/// with what each branch yields. A merged value is a float when both flows are.
fn merge_points(instr: &Instr) -> Vec<(Vec<ValueId>, [Option<ValueId>; 2])> {
    match &instr.op {
        Op::Loop {
            init,
            params,
            body,
            merged,
            ..
        } => params
            .iter()
            .enumerate()
            .map(|(k, param)| {
                let values = std::iter::once(*param)
                    .chain(merged.get(k).copied())
                    .collect();
                (values, [init.get(k).copied(), body.yields.get(k).copied()])
            })
            .collect(),
        Op::If {
            then_region,
            else_region,
            ..
        } => instr
            .outputs()
            .into_iter()
            .enumerate()
            .map(|(k, output)| {
                let flows = [
                    then_region.yields.get(k).copied(),
                    else_region.yields.get(k).copied(),
                ];
                (vec![output], flows)
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// The float types of `scalars` (and of the element references) that the source fixes:
/// from declared parameters and sequences, suffixed literals and casts, through arithmetic,
/// methods, loops and branches (one operand of a known type fixes the other's: both are the
/// same type in Rust's float arithmetic). Repeated until nothing changes.
fn widths(
    body: &Body,
    floats: &Found,
    stated: &HashMap<ValueId, &'static str>,
) -> HashMap<ValueId, &'static str> {
    let mut widths: HashMap<ValueId, &'static str> = stated.clone();
    for param in &body.params {
        if let Some(width) = param.ty.as_ref().and_then(declared_width) {
            widths.insert(param.value, width);
        }
    }
    loop {
        let before = widths.len();
        walk(&body.block.instrs, &mut |instr| {
            let known = |v: &ValueId| widths.get(v).copied();
            // (value, width) pairs found at this instruction.
            let mut found: Vec<(ValueId, &'static str)> = Vec::new();
            let width =
                match &instr.op {
                    Op::Const(tokens) => syn::parse2::<syn::LitFloat>(tokens.clone())
                        .ok()
                        .and_then(|lit| match lit.suffix() {
                            "f32" => Some("f32"),
                            "f64" => Some("f64"),
                            _ => None,
                        }),
                    Op::Index { base, .. } => known(base),
                    // A local float vector has its elements' type.
                    Op::VecRepeat { value, .. } => known(value),
                    Op::VecList(items) => items.iter().find_map(known),
                    Op::IndexSet { base, value, .. } | Op::Push { base, value } => {
                        known(base).or_else(|| known(value))
                    }
                    Op::Deref(a) | Op::Neg(a) => known(a),
                    Op::Cast(_, ty) => declared_width(ty),
                    Op::Arith(_, a, b) => known(a).or_else(|| known(b)),
                    Op::Method { receiver, .. } => known(receiver),
                    Op::Loop { .. } | Op::If { .. } => {
                        for (merged, flows) in merge_points(instr) {
                            if let Some(w) = flows.into_iter().flatten().find_map(|v| known(&v)) {
                                found.extend(merged.into_iter().map(|v| (v, w)));
                            }
                        }
                        None
                    }
                    _ => None,
                };
            let is_float = floats.scalars.contains(&instr.result)
                || floats.element_refs.contains(&instr.result)
                || floats.sequences.contains(&instr.result);
            if let (Some(width), true) = (width, is_float) {
                found.push((instr.result, width));
            }
            for (value, width) in found {
                widths.entry(value).or_insert(width);
            }
        });
        if widths.len() == before {
            return widths;
        }
    }
}

/// The values whose float type the source states: ascriptions (`let s: f64 = ..`, and the
/// result of a call of a function the file declares with a float result, which the lowering
/// ascribes).
fn stated_floats(body: &Body) -> HashMap<ValueId, &'static str> {
    let mut stated = HashMap::new();
    walk(&body.block.instrs, &mut |instr| {
        if let Op::Ascribe(_, ty) = &instr.op
            && let Some(width) = declared_width(ty).filter(|_| is_float(ty))
        {
            stated.insert(instr.result, width);
        }
    });
    stated
}

/// The float type a declared type fixes: `f64`, `f32`, or the element type of a sequence
/// of them.
pub(crate) fn declared_width(ty: &syn::Type) -> Option<&'static str> {
    match ty {
        syn::Type::Path(p) if p.qself.is_none() && p.path.is_ident("f64") => Some("f64"),
        syn::Type::Path(p) if p.qself.is_none() && p.path.is_ident("f32") => Some("f32"),
        syn::Type::Reference(r) => declared_width(&r.elem),
        syn::Type::Slice(s) => declared_width(&s.elem),
        syn::Type::Array(a) => declared_width(&a.elem),
        syn::Type::Path(p) if p.qself.is_none() => {
            let last = p.path.segments.last()?;
            let syn::PathArguments::AngleBracketed(args) = &last.arguments else {
                return None;
            };
            match args.args.first() {
                Some(syn::GenericArgument::Type(t)) if last.ident == "Vec" => declared_width(t),
                _ => None,
            }
        }
        _ => None,
    }
}

/// Methods of `f32`/`f64` that return the receiver's type.
pub(crate) const FLOAT_METHODS: &[&str] = &[
    "exp", "exp2", "exp_m1", "ln", "ln_1p", "log2", "log10", "sqrt", "cbrt", "recip", "abs", "sin",
    "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh",
    "powi", "powf", "mul_add", "max", "min", "atan2", "hypot", "copysign",
];

fn is_float_literal(tokens: &proc_macro2::TokenStream) -> bool {
    match syn::parse2::<syn::LitFloat>(tokens.clone()) {
        Ok(lit) => matches!(lit.suffix(), "" | "f32" | "f64"),
        Err(_) => false,
    }
}

/// `[F; N]`, `Vec<F>` or a shared reference to one or to `[F]`, with `F` a float (not `&mut`:
/// what a function may write in place is not a fixed sequence).
fn is_float_sequence(ty: &syn::Type) -> bool {
    match ty {
        syn::Type::Reference(r) if r.mutability.is_none() => match &*r.elem {
            syn::Type::Slice(s) => is_float(&s.elem),
            elem => is_float_sequence(elem),
        },
        syn::Type::Array(a) => is_float(&a.elem),
        syn::Type::Path(p) if p.qself.is_none() => {
            let Some(last) = p.path.segments.last() else {
                return false;
            };
            let syn::PathArguments::AngleBracketed(args) = &last.arguments else {
                return false;
            };
            last.ident == "Vec"
                && matches!(args.args.first(), Some(syn::GenericArgument::Type(t)) if is_float(t))
        }
        _ => false,
    }
}
