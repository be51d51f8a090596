//! The checker's view of a generated function: its `Case { .. }` entry (closures over a
//! flattened point), and the wrapper through which a function that takes a function is
//! checked.

use crate::ast::*;
use std::fmt::Write;

/// `f`'s wrapper `fN_w` when `f` takes a function: it passes a fixed closure of the
/// parameter for each function parameter and forwards the others, so that the checker,
/// which feeds floats only, can check `f`.
pub(super) fn wrapper(f: &Function) -> Option<Function> {
    if !f
        .params
        .iter()
        .any(|p| matches!(p.kind, ParamKind::Fn { .. }))
    {
        return None;
    }
    let var = |n: &str| Box::new(Expr::Var(n.to_string()));
    let args = f
        .params
        .iter()
        .map(|p| match p.kind {
            ParamKind::Scalar => Arg::Scalar(Expr::Var(p.name.clone())),
            ParamKind::Slice(_) => Arg::Slice {
                name: p.name.clone(),
                is_vec: false,
                from: None,
            },
            ParamKind::Fn { arity, style } => {
                // `t.sin() + 0.5 * t`, or `t.sin() + u * t.cos()` of two.
                let sin = Expr::Unary(Unary::Sin, var("t"));
                let body = if arity == 1 {
                    Expr::Binary(Binary::Mul, var("t"), Box::new(Expr::Lit(0.5)))
                } else {
                    Expr::Binary(
                        Binary::Mul,
                        var("u"),
                        Box::new(Expr::Unary(Unary::Cos, var("t"))),
                    )
                };
                Arg::Fn(FnArg::Closure {
                    params: ["t", "u"][..arity].iter().map(|s| s.to_string()).collect(),
                    body: Box::new(Expr::Binary(Binary::Add, Box::new(sin), Box::new(body))),
                    lent: style == FnStyle::Dyn,
                })
            }
        })
        .collect();
    Some(Function {
        name: format!("{}_w", f.name),
        seed: f.seed,
        index: f.index,
        params: f
            .params
            .iter()
            .filter(|p| !matches!(p.kind, ParamKind::Fn { .. }))
            .cloned()
            .collect(),
        body: vec![],
        result: Expr::Call(f.name.clone(), args),
    })
}

/// The `Case { .. }` entry of a root function: closures over a flattened point `p`.
pub(super) fn case(f: &Function, suffix: &str, source: &str) -> String {
    let name = super::callee(&f.name, suffix);
    let mut offset = 0;
    let (mut plain_args, mut owned, mut at_args, mut tangents, mut pushes, mut hess_args) =
        (vec![], String::new(), vec![], vec![], String::new(), vec![]);
    for (i, p) in f.params.iter().enumerate() {
        match p.kind {
            ParamKind::Scalar => {
                plain_args.push(format!("p[{offset}]"));
                at_args.push(format!("p[{offset}]"));
                tangents.push(format!("u[{offset}]"));
                let _ = write!(pushes, "g.push(g{i}); ");
                hess_args.push(format!("q[{offset}]"));
            }
            ParamKind::Fn { .. } => unreachable!("functions are checked through a wrapper"),
            ParamKind::Slice(n) => {
                let end = offset + n;
                plain_args.push(format!("&p[{offset}..{end}]"));
                let _ = write!(owned, "let a{i} = p[{offset}..{end}].to_vec(); ");
                at_args.push(format!("&a{i}"));
                tangents.push(format!("u[{offset}..{end}].to_vec()"));
                let _ = write!(pushes, "g.extend_from_slice(&g{i}); ");
                let elems: Vec<String> = (offset..end).map(|k| format!("q[{k}]")).collect();
                hess_args.push(format!("&vec![{}]", elems.join(", ")));
            }
        }
        offset += p.kind.size();
    }
    let gs: Vec<String> = (0..f.params.len()).map(|i| format!("g{i}")).collect();
    let gpat = if gs.len() == 1 {
        gs[0].clone()
    } else {
        format!("({})", gs.join(", "))
    };
    let (plain_args, at_args, tangents, hess_args) = (
        plain_args.join(", "),
        at_args.join(", "),
        tangents.join(", "),
        hess_args.join(", "),
    );
    let hashes = "#".repeat(4);
    format!(
        "Case {{\n\
         \x20   name: \"{name}\",\n\
         \x20   seed: {seed},\n\
         \x20   index: {index},\n\
         \x20   inputs: {offset},\n\
         \x20   value: |p: &[f64]| {name}({plain_args}),\n\
         \x20   traced: |p: &[f64]| traced::{name}({plain_args}),\n\
         \x20   gradient: |p: &[f64]| {{ {owned}let (v, {gpat}) = value_with_gradient!(at: {at_args}, of: {name}); let mut g = Vec::new(); {pushes}(v, g) }},\n\
         \x20   forward: |p: &[f64], u: &[f64]| {{ {owned}let (v, d) = value_with_differential!(at: {at_args}, of: {name}); (v, d({tangents})) }},\n\
         \x20   hessian: Some(|p: &[f64]| rows(&hessian!(at: p.to_vec(), of: |q: Vec<f64>| {name}({hess_args})))),\n\
         \x20   source: r{hashes}\"{source}\"{hashes},\n\
         }},\n",
        seed = f.seed,
        index = f.index,
    )
}
