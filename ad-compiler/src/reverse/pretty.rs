//! The textual form of a [`ReversePlan`], printed by `#[differentiable(dump)]` between the IR
//! and the Rust, and by the snapshot tests. It reads like the IR it was planned from: the
//! primal steps in evaluation order, then the pullback's steps in reverse order, each naming
//! the values it reads and writes and where its saved item lives.
//!
//! ```text
//! primal:
//!   %1 = mul %0, %0                         ; rule mul(both), pullback local
//! pullback (seed -> adj %2):
//!   adj %1, adj %0 += pullback %2 (local)   ; first: %1, %0
//! returns: adj %0
//! ```

use super::plan::*;
use crate::ir::pretty::{arith_name, op_text};
use crate::ir::{Instr, ValueId};
use std::fmt::Write;

/// Prints `plan`.
pub fn print(plan: &ReversePlan<'_>) -> String {
    let mut out = String::new();
    if !plan.saved.iter().all(|s| s.storage == Storage::Local) {
        let saved: Vec<String> = plan
            .saved
            .iter()
            .filter(|s| s.storage != Storage::Local)
            .map(|s| format!("{} {} ({})", kind(s.kind), s.value, storage(s.storage)))
            .collect();
        let _ = writeln!(out, "saved: {}", saved.join(", "));
    }
    let _ = writeln!(out, "primal:");
    primal_steps(&mut out, &plan.primal, 1);
    let seed = match (plan.result, plan.result_active) {
        (Some(r), true) => format!("seed -> adj {r}"),
        _ => "no seed".into(),
    };
    let _ = writeln!(out, "pullback ({seed}):");
    if !plan.declared.is_empty() {
        let _ = writeln!(out, "  lazy {}", values(&plan.declared));
    }
    adjoint_steps(&mut out, &plan.adjoint, 1);
    let returns: Vec<String> = plan
        .outputs
        .iter()
        .map(|o| match o {
            ParamCotangent::Adjoint(v) => format!("adj {v}"),
            ParamCotangent::Dense(v, i) => format!("adj {v} (from zero of parameter {i})"),
            ParamCotangent::Zero(i) => format!("zero of parameter {i}"),
            ParamCotangent::Constant => "no tangent".into(),
        })
        .collect();
    let _ = writeln!(out, "returns: {}", returns.join(", "));
    out
}

fn kind(kind: SavedKind) -> &'static str {
    match kind {
        SavedKind::Pullback => "pullback",
        SavedKind::Branch => "branch",
        SavedKind::Trips => "trips",
        SavedKind::Items => "items",
        SavedKind::Shape => "shape",
        SavedKind::Value => "value",
    }
}

/// What each iteration of loop `value` keeps for its reverse: the float values it `stored`
/// and the pullbacks and decisions it pushes on tapes (not those of loops inside it, which
/// say their own), or that it keeps nothing.
fn per_iteration(body: &[PrimalStep<'_>], stored: &[ValueId], value: ValueId) -> String {
    let mut kept: Vec<String> = stored.iter().map(|v| format!("value {v}")).collect();
    let mut loops = vec![value];
    for_each_save(body, &mut loops, &mut |saved, kind, storage, around| {
        if storage == Storage::Tape && around.last() == Some(&value) {
            kept.push(format!("{} {saved}", self::kind(kind)));
        }
    });
    if kept.is_empty() {
        "keeps nothing per iteration".into()
    } else {
        format!("keeps per iteration: {}", kept.join(", "))
    }
}

/// `, shapes of %base for %index (storage)` of a counted loop's element reads at recomputed
/// positions, and `, types of %vector for %write` of its element writes there.
fn shapes(counted: &Counted<'_>, s: Storage) -> String {
    let listed = |pairs: &[(ValueId, ValueId)]| -> Vec<String> {
        pairs
            .iter()
            .map(|(instr, base)| format!("{base} for {instr}"))
            .collect()
    };
    let mut parts = Vec::new();
    if !counted.shapes.is_empty() {
        parts.push(format!(
            ", shapes of {}",
            listed(&counted.shapes).join(", ")
        ));
    }
    if !counted.written.is_empty() {
        parts.push(format!(
            ", types of {}",
            listed(&counted.written).join(", ")
        ));
    }
    if parts.is_empty() {
        return String::new();
    }
    format!("{} ({})", parts.concat(), storage(s))
}

fn storage(storage: Storage) -> String {
    match storage {
        Storage::Local => "local".into(),
        Storage::Slot => "slot".into(),
        Storage::Tape => "tape".into(),
        Storage::Guard(loop_value) => format!("guard of loop {loop_value}"),
        Storage::Recomputed(loop_value) => format!("recomputed in loop {loop_value}"),
        Storage::Positional(loop_value) => format!("by position in loop {loop_value}"),
    }
}

fn values(vs: &[ValueId]) -> String {
    vs.iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

fn mask(mask: Mask) -> &'static str {
    match mask {
        Mask::Both => "both",
        Mask::Lhs => "lhs",
        Mask::Rhs => "rhs",
    }
}

fn rule(rule: &Rule) -> String {
    match rule {
        Rule::Arith(op, m) => format!("{}({})", arith_name(*op), mask(*m)),
        Rule::Neg => "neg".into(),
        Rule::Cast => "cast".into(),
        Rule::Call => "call".into(),
        Rule::Method(m) => format!("method({})", mask(*m)),
        Rule::Index => "index".into(),
        Rule::Vector => "vector".into(),
    }
}

/// `%r = <op>` of an instruction, without the regions of control flow.
fn head(instr: &Instr) -> String {
    let text = op_text(instr);
    let text = text.trim_end_matches(" {");
    format!("{} = {text}", instr.result)
}

fn line(out: &mut String, depth: usize, text: String, note: String) {
    let indent = "  ".repeat(depth);
    let text = format!("{indent}{text}");
    if note.is_empty() {
        let _ = writeln!(out, "{text}");
    } else {
        let _ = writeln!(out, "{text:<40} ; {note}");
    }
}

fn primal_steps(out: &mut String, steps: &[PrimalStep<'_>], depth: usize) {
    let indent = "  ".repeat(depth);
    for step in steps {
        match step {
            PrimalStep::ZeroTangent { param, .. } => line(
                out,
                depth,
                format!("zero of parameter {param}"),
                String::new(),
            ),
            PrimalStep::Compute(instr) => line(out, depth, head(instr), String::new()),
            PrimalStep::Rule {
                instr,
                rule: r,
                storage: s,
            } => line(
                out,
                depth,
                head(instr),
                format!("rule {}, pullback {}", rule(r), storage(*s)),
            ),
            PrimalStep::If {
                instr,
                shape: _,
                storage: s,
                then_steps,
                else_steps,
            } => {
                line(
                    out,
                    depth,
                    format!("{} {{", head(instr)),
                    format!("branch {}", storage(*s)),
                );
                primal_steps(out, then_steps, depth + 1);
                let _ = writeln!(out, "{indent}}} else {{");
                primal_steps(out, else_steps, depth + 1);
                let _ = writeln!(out, "{indent}}}");
            }
            PrimalStep::Loop {
                instr,
                shape: _,
                storage: s,
                body_steps,
                counted,
                stored,
            } => {
                let keeps = per_iteration(&body_steps[..], stored, instr.result);
                let note = match counted {
                    None => format!("trips {}; {keeps}", storage(*s)),
                    Some(c) => format!(
                        "counted, items {}{}; {keeps}",
                        storage(c.items),
                        shapes(c, *s),
                    ),
                };
                line(out, depth, format!("{} {{", head(instr)), note);
                primal_steps(out, body_steps, depth + 1);
                let _ = writeln!(out, "{indent}}}");
            }
        }
    }
}

/// `adj %a, adj %b` of the contributions, and which are first.
fn contributions(contributions: &[Contribution]) -> (String, String) {
    let targets: Vec<String> = contributions
        .iter()
        .map(|c| format!("adj {}", c.target))
        .collect();
    let first: Vec<String> = contributions
        .iter()
        .filter(|c| c.first)
        .map(|c| c.target.to_string())
        .collect();
    let first = if first.is_empty() {
        String::new()
    } else {
        format!("first: {}", first.join(", "))
    };
    (targets.join(", "), first)
}

fn first_note(first: bool) -> String {
    if first { "first".into() } else { String::new() }
}

fn adjoint_steps(out: &mut String, steps: &[AdjointStep<'_>], depth: usize) {
    let indent = "  ".repeat(depth);
    for step in steps {
        match step {
            AdjointStep::Pullback {
                instr,
                contributions: c,
                storage: s,
                ..
            } => {
                let (targets, first) = contributions(c);
                let text = format!("{targets} += pullback {} ({})", instr.result, storage(*s));
                line(out, depth, text, first);
            }
            AdjointStep::IndexAdd {
                instr,
                base,
                storage: s,
            } => line(
                out,
                depth,
                format!("adj {base}[at {}] += adj {}", storage(*s), instr.result),
                String::new(),
            ),
            AdjointStep::Vector {
                instr,
                write: _,
                storage: s,
                targets,
            } => {
                let names: Vec<String> = targets.iter().map(|(v, _)| format!("adj {v}")).collect();
                let text = format!(
                    "{} += split adj {} ({})",
                    names.join(", "),
                    instr.result,
                    storage(*s)
                );
                line(out, depth, text, String::new());
            }
            AdjointStep::Pass { from, to, first } => line(
                out,
                depth,
                format!("adj {to} += adj {from}"),
                first_note(*first),
            ),
            AdjointStep::Unwrapped { from, to } => line(
                out,
                depth,
                format!("adj {to} += unwrap adj {from}"),
                String::new(),
            ),
            AdjointStep::Wrapped { from, to } => line(
                out,
                depth,
                format!("adj {to} += some adj {from}"),
                String::new(),
            ),
            AdjointStep::Untuple {
                tuple,
                contributions: c,
                ..
            } => {
                let (targets, first) = contributions(c);
                line(out, depth, format!("{targets} += split adj {tuple}"), first);
            }
            AdjointStep::Project {
                field,
                base,
                member,
                first,
            } => line(
                out,
                depth,
                format!("adj {base}.{} += adj {field}", member_text(member)),
                first_note(*first),
            ),
            AdjointStep::Unstruct {
                value,
                fields,
                rest,
                ..
            } => {
                let mut targets: Vec<String> = fields
                    .iter()
                    .map(|(m, v, _)| format!("adj {v} (.{})", member_text(m)))
                    .collect();
                if let Some((r, _)) = rest {
                    targets.push(format!("adj {r} (rest)"));
                }
                line(
                    out,
                    depth,
                    format!("{} += fields of adj {value}", targets.join(", ")),
                    String::new(),
                );
            }
            AdjointStep::SetField {
                result,
                base,
                member,
                value,
            } => {
                let mut targets = Vec::new();
                if let Some((v, _)) = value {
                    targets.push(format!("adj {v} (.{})", member_text(member)));
                }
                if let Some((b, _)) = base {
                    targets.push(format!("adj {b} (without .{})", member_text(member)));
                }
                line(
                    out,
                    depth,
                    format!("{} += adj {result}", targets.join(", ")),
                    String::new(),
                );
            }
            AdjointStep::If {
                instr,
                storage: s,
                then_region,
                else_region,
            } => {
                line(
                    out,
                    depth,
                    format!("reverse if {} {{", instr.result),
                    format!("branch {}", storage(*s)),
                );
                region(out, then_region, depth + 1);
                let _ = writeln!(out, "{indent}}} else {{");
                region(out, else_region, depth + 1);
                let _ = writeln!(out, "{indent}}}");
            }
            AdjointStep::Loop {
                instr,
                shape: _,
                storage: s,
                carried,
                body,
                counted,
                stored,
            } => {
                let carried: Vec<String> = carried.iter().map(|k| k.to_string()).collect();
                let (head, saved) = match counted {
                    None => ("reverse loop", format!("trips {}", storage(*s))),
                    Some(c) => (
                        "reverse counted loop",
                        format!("items {}{}", storage(c.items), shapes(c, *s)),
                    ),
                };
                line(
                    out,
                    depth,
                    format!("{head} {} {{", instr.result),
                    format!("{saved}, carried [{}]", carried.join(", ")),
                );
                let mut rebinds: Vec<String> =
                    counted.iter().map(|c| format!("item {}", c.item)).collect();
                rebinds.extend(stored.iter().map(|v| format!("{v} (stored)")));
                if let Some(c) = counted {
                    rebinds.extend(c.recomputed.iter().map(|i| i.result.to_string()));
                }
                if !rebinds.is_empty() {
                    line(
                        out,
                        depth + 1,
                        format!("recompute {}", rebinds.join(", ")),
                        String::new(),
                    );
                }
                region(out, body, depth + 1);
                let _ = writeln!(out, "{indent}}}");
            }
        }
    }
}

fn region(out: &mut String, region: &ReverseRegion<'_>, depth: usize) {
    if !region.declared.is_empty() {
        line(
            out,
            depth,
            format!("lazy {}", values(&region.declared)),
            String::new(),
        );
    }
    for (output, yielded) in &region.entry {
        line(
            out,
            depth,
            format!("adj {yielded} += adj {output}"),
            String::new(),
        );
    }
    adjoint_steps(out, &region.steps, depth);
}

fn member_text(member: &syn::Member) -> String {
    match member {
        syn::Member::Named(ident) => ident.to_string(),
        syn::Member::Unnamed(index) => index.index.to_string(),
    }
}
