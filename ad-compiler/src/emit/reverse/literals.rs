//! What the reverse emitter knows about the literals of a body: the struct literals whose
//! adjoints need their type fixed (by the literal's path, or by a tangent witness declared
//! beside it, which also knows a generic struct's type arguments), and the array literals
//! lent to calls, whose adjoints may come back as `Vec`s (see `ad_core::slices`).

use crate::ir::{Body, Op, ValueId};
use crate::names;
use std::collections::{HashMap, HashSet};

/// See `Printer::lent_arrays`.
pub(super) fn lent_arrays(ir: &Body) -> HashSet<ValueId> {
    let mut arrays = HashSet::new();
    let mut references = HashMap::new();
    let mut lent = Vec::new();
    crate::ir::walk(&ir.block.instrs, &mut |instr| match &instr.op {
        Op::Array(_) => {
            arrays.insert(instr.result);
        }
        Op::Ref { operand, .. } => {
            references.insert(instr.result, *operand);
        }
        Op::Call { args, .. } | Op::Method { args, .. } => lent.extend(args.iter().copied()),
        _ => {}
    });
    lent.iter()
        .filter_map(|a| references.get(a))
        .filter(|v| arrays.contains(v))
        .copied()
        .collect()
}

/// See `Printer::witnesses`.
pub(super) fn witnesses(ir: &Body, active: &dyn Fn(ValueId) -> bool) -> HashMap<ValueId, ValueId> {
    let mut origins: HashMap<ValueId, ValueId> = ir
        .block
        .instrs
        .iter()
        .filter(|i| matches!(i.op, Op::Struct { .. }) && active(i.result))
        .map(|i| (i.result, i.result))
        .collect();
    // A literal built in a branch of a top-level `if` and yielded by it: the witness of the
    // `if`'s output, declared after the `if`.
    for instr in &ir.block.instrs {
        if let Op::If {
            then_region,
            else_region,
            ..
        } = &instr.op
        {
            for (k, output) in instr.outputs().into_iter().enumerate() {
                if active(output) {
                    let before = origins.len();
                    for region in [then_region, else_region] {
                        yielded_literals(region, k, output, &mut origins);
                    }
                    if origins.len() > before {
                        origins.insert(output, output);
                    }
                }
            }
        }
    }
    crate::ir::walk(&ir.block.instrs, &mut |instr| {
        if let Op::SetField { base, .. } = &instr.op
            && let Some(origin) = origins.get(base).copied()
        {
            origins.insert(instr.result, origin);
        }
    });
    origins
}

/// Maps the struct literals that `region` yields as its `k`-th value (directly, or through
/// the branches of an `if` in it) to `target`, the value they become.
fn yielded_literals(
    region: &crate::ir::Region,
    k: usize,
    target: ValueId,
    origins: &mut HashMap<ValueId, ValueId>,
) {
    let Some(yielded) = region.yields.get(k).copied() else {
        return;
    };
    let Some(instr) = region
        .instrs
        .iter()
        .find(|i| i.outputs().contains(&yielded))
    else {
        return;
    };
    match &instr.op {
        Op::Struct { .. } => {
            origins.insert(yielded, target);
        }
        Op::If {
            then_region,
            else_region,
            ..
        } => {
            if let Some(inner) = instr.outputs().iter().position(|o| *o == yielded) {
                yielded_literals(then_region, inner, target, origins);
                yielded_literals(else_region, inner, target, origins);
            }
        }
        _ => {}
    }
}

/// The path of the struct literal each value comes from, through `SetField`s and loops.
pub(super) fn struct_paths(ir: &Body) -> HashMap<ValueId, syn::Path> {
    let mut paths: HashMap<ValueId, syn::Path> = HashMap::new();
    crate::ir::walk(&ir.block.instrs, &mut |instr| match &instr.op {
        Op::Struct { path, .. } => {
            paths.insert(instr.result, path.clone());
        }
        Op::SetField { base, .. } => {
            if let Some(path) = paths.get(base).cloned() {
                paths.insert(instr.result, path);
            }
        }
        // A loop carries a struct built before it as the same type: its versions inside
        // (the loop's parameters, visited before the body) and after it.
        Op::Loop {
            init,
            params,
            merged,
            ..
        } => {
            for ((start, param), out) in init.iter().zip(params).zip(merged) {
                if let Some(path) = paths.get(start).cloned() {
                    paths.insert(*param, path.clone());
                    paths.insert(*out, path);
                }
            }
        }
        _ => {}
    });
    paths
}

/// The types written for values (`Op::Ascribe`), where a tangent type can be named from them:
/// not `impl Trait` nor `_`, which cannot stand in a path, nor a reference, whose adjoint is
/// its referent's.
pub(super) fn ascribed_types(ir: &Body) -> HashMap<ValueId, syn::Type> {
    let mut types = HashMap::new();
    crate::ir::walk(&ir.block.instrs, &mut |instr| {
        if let Op::Ascribe(_, ty) = &instr.op
            && !matches!(ty, syn::Type::Reference(_))
            && !names_an_unknown_type(ty)
        {
            types.insert(instr.result, ty.clone());
        }
    });
    types
}

/// Whether `ty` has `impl Trait` or `_` in it.
fn names_an_unknown_type(ty: &syn::Type) -> bool {
    struct Finder(bool);
    impl<'ast> syn::visit::Visit<'ast> for Finder {
        fn visit_type_impl_trait(&mut self, _: &'ast syn::TypeImplTrait) {
            self.0 = true;
        }
        fn visit_type_infer(&mut self, _: &'ast syn::TypeInfer) {
            self.0 = true;
        }
    }
    let mut finder = Finder(false);
    syn::visit::Visit::visit_type(&mut finder, ty);
    finder.0
}

/// The tangent struct of a struct path (`m::Point` -> `m::PointTangentVector`), and whether
/// the path is `Self`, whose tangent can only be named as `<Self as Differentiable>::..`.
pub(super) fn tangent_path(path: &syn::Path) -> (syn::Path, bool) {
    // `Ok` and `Err` alone, as the prelude brings them: `Result`'s tangent, ours.
    if names::variant_of(path).is_some() && path.segments.len() == 1 {
        return (syn::parse_quote!(::ad::ResultTangentVector), false);
    }
    // A variant's tangent is its enum's.
    let path = &names::enum_of(path);
    let mut tangent = path.clone();
    let is_self = path.is_ident("Self");
    if let Some(last) = tangent.segments.last_mut() {
        last.ident = quote::format_ident!("{}TangentVector", last.ident);
        last.arguments = syn::PathArguments::None;
    }
    (tangent, is_self)
}
