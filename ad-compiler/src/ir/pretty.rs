//! The textual form of the IR, used by snapshot tests and by dumps.
//!
//! ```text
//! fn cubed(%0: x: f64 [wrt]) {
//!   %1 = mul %0, %0        ; active
//!   %2 = mul %1, %0        ; active
//!   yield %2
//! }
//! ```
//! The `; ...` annotation after an instruction comes from the caller (activity, for instance).

use super::{ArithOp, Block, Body, Instr, Op, Region, ValueId};
use quote::ToTokens;
use std::fmt::Write;

/// Prints `body`, annotating each defined value with `annotate(value)` when it is non-empty.
pub fn print(body: &Body, annotate: &dyn Fn(ValueId) -> String) -> String {
    let mut out = String::new();
    let params: Vec<String> = body
        .params
        .iter()
        .map(|p| {
            let ty = p.ty.as_ref().map(tokens).unwrap_or_else(|| "_".into());
            let wrt = if p.wrt { " [wrt]" } else { "" };
            let note = annotate(p.value);
            let note = if note.is_empty() {
                String::new()
            } else {
                format!(" ({note})")
            };
            format!("{}: {}: {ty}{wrt}{note}", p.value, p.name)
        })
        .collect();
    let _ = writeln!(out, "fn {}({}) {{", body.name, params.join(", "));
    print_block(&mut out, &body.block, 1, annotate);
    out.push_str("}\n");
    out
}

fn print_block(
    out: &mut String,
    block: &Block,
    depth: usize,
    annotate: &dyn Fn(ValueId) -> String,
) {
    print_instrs(out, &block.instrs, depth, annotate);
    let indent = "  ".repeat(depth);
    match block.result {
        Some(v) => {
            let _ = writeln!(out, "{indent}yield {v}");
        }
        None => {
            let _ = writeln!(out, "{indent}yield ()");
        }
    }
}

fn print_instrs(
    out: &mut String,
    instrs: &[Instr],
    depth: usize,
    annotate: &dyn Fn(ValueId) -> String,
) {
    let indent = "  ".repeat(depth);
    for instr in instrs {
        let outputs = instr.outputs();
        let defined = outputs
            .iter()
            .map(|v| v.to_string())
            .collect::<Vec<_>>()
            .join(", ");
        let line = format!("{indent}{defined} = {}", op_text(instr));
        let notes: Vec<String> = outputs.iter().map(|v| annotate(*v)).collect();
        let note = if notes.iter().all(String::is_empty) {
            String::new()
        } else if notes.len() == 1 {
            notes[0].clone()
        } else {
            notes
                .iter()
                .map(|n| if n.is_empty() { "-" } else { n.as_str() })
                .collect::<Vec<_>>()
                .join(", ")
        };
        if note.is_empty() {
            let _ = writeln!(out, "{line}");
        } else {
            let _ = writeln!(out, "{line:<40} ; {note}");
        }
        if let Op::Loop {
            body, keep_going, ..
        } = &instr.op
        {
            print_instrs(out, &body.instrs, depth + 1, annotate);
            let yields = body
                .yields
                .iter()
                .map(|v| v.to_string())
                .collect::<Vec<_>>()
                .join(", ");
            let _ = writeln!(out, "{indent}  next {yields} while {keep_going}");
            let _ = writeln!(out, "{indent}}}");
        }
        if let Op::If {
            then_region,
            else_region,
            ..
        } = &instr.op
        {
            print_region(out, then_region, depth + 1, annotate);
            let _ = writeln!(out, "{indent}}} else {{");
            print_region(out, else_region, depth + 1, annotate);
            let _ = writeln!(out, "{indent}}}");
        }
    }
}

fn print_region(
    out: &mut String,
    region: &Region,
    depth: usize,
    annotate: &dyn Fn(ValueId) -> String,
) {
    print_instrs(out, &region.instrs, depth, annotate);
    let yields = region
        .yields
        .iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(", ");
    let _ = writeln!(out, "{}yield {yields}", "  ".repeat(depth));
}

/// An instruction's operation as printed after `%r = ` (control flow without its regions).
pub fn op_text(instr: &Instr) -> String {
    let list = |vs: &[ValueId]| {
        vs.iter()
            .map(|v| v.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let discarded = if instr.discarded { " [discarded]" } else { "" };
    let text = match &instr.op {
        Op::Const(t) => format!("const {}", t),
        Op::Opaque {
            template, holes, ..
        } => format!("opaque `{}` with [{}]", template, list(holes)),
        Op::Arith(op, a, b) => format!("{} {a}, {b}", arith_name(*op)),
        Op::Neg(a) => format!("neg {a}"),
        Op::Discrete { operator, operands } => format!("discrete `{operator}` {}", list(operands)),
        Op::NoDerivative { operator, operands } => {
            format!("no_derivative `{operator}` {}", list(operands))
        }
        Op::Cast(a, ty) => format!("cast {a} as {}", tokens(ty)),
        Op::Ascribe(a, ty) => format!("ascribe {a}: {}", tokens(ty)),
        Op::Call {
            callee,
            args,
            inout,
        } => {
            let args: Vec<String> = args
                .iter()
                .enumerate()
                .map(|(k, a)| match inout.contains(&k) {
                    true => format!("&mut {a}"),
                    false => a.to_string(),
                })
                .collect();
            format!("call {}({})", tokens(callee), args.join(", "))
        }
        Op::Method {
            receiver,
            method,
            turbofish,
            args,
            inout,
        } => {
            let tf = turbofish
                .as_ref()
                .map(|t| format!("::{}", tokens(t)))
                .unwrap_or_default();
            let kind = if *inout { "inout method" } else { "method" };
            format!("{kind} {receiver}.{method}{tf}({})", list(args))
        }
        Op::DiscreteMethod {
            receiver,
            method,
            args,
            ..
        } => {
            format!("discrete_method {receiver}.{method}({})", list(args))
        }
        Op::Tuple(items) => format!("tuple ({})", list(items)),
        Op::Array(items) => format!("array [{}]", list(items)),
        Op::Field(a, member) => format!("field {a}.{}", tokens(member)),
        Op::Payload {
            value,
            variant,
            member,
        } => format!("payload {value} as {}.{}", tokens(variant), tokens(member)),
        Op::FieldRef(a, member) => format!("field_ref {a}.{}", tokens(member)),
        Op::Struct { path, fields, rest } => {
            let mut fields: Vec<String> = fields
                .iter()
                .map(|(m, v)| format!("{}: {v}", tokens(m)))
                .collect();
            fields.extend(rest.map(|r| format!("..{r}")));
            format!("struct {} {{ {} }}", tokens(path), fields.join(", "))
        }
        Op::SetField {
            base,
            member,
            value,
        } => format!("set_field {base}.{} = {value}", tokens(member)),
        Op::Ref { mutable, operand } => {
            format!("ref{} {operand}", if *mutable { "_mut" } else { "" })
        }
        Op::Deref(a) => format!("deref {a}"),
        Op::Clone(a) => format!("clone {a}"),
        Op::Matches { scrutinee, pattern } => format!("matches {scrutinee}, `{pattern}`"),
        Op::If { cond, .. } => format!("if {cond} {{"),
        Op::Loop { init, params, .. } => {
            let carried: Vec<String> = params
                .iter()
                .zip(init)
                .map(|(p, i)| format!("{p} = {i}"))
                .collect();
            format!("loop ({}) {{", carried.join(", "))
        }
        Op::Index {
            base,
            index,
            by_ref,
        } => format!("index{} {base}[{index}]", if *by_ref { "_ref" } else { "" }),
        Op::IntoIter(a) => format!("into_iter {a}"),
        Op::IterNext(a) => format!("iter_next {a}"),
        Op::Unwrap(a) => format!("unwrap {a}"),
        Op::WrapSome(a) => format!("some {a}"),
        Op::IndexSet {
            base,
            indices,
            value,
        } => format!("index_set {base}[{}] = {value}", list(indices)),
        Op::Push { base, value } => format!("push {base}, {value}"),
        Op::VecRepeat { value, count } => format!("vec [{value}; {count}]"),
        Op::VecList(items) => format!("vec [{}]", list(items)),
        Op::Nested { args, .. } => format!("differentiate ({})", list(args)),
    };
    format!("{text}{discarded}")
}

/// The name an arithmetic operator has in the printed IR.
pub fn arith_name(op: ArithOp) -> &'static str {
    match op {
        ArithOp::Add => "add",
        ArithOp::Sub => "sub",
        ArithOp::Mul => "mul",
        ArithOp::Div => "div",
        ArithOp::Rem => "rem",
    }
}

fn tokens(t: &impl ToTokens) -> String {
    t.to_token_stream().to_string()
}
