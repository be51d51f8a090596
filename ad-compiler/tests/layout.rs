//! The compiler's layout (DESIGN.md, "Inside `ad-compiler/src`"): one stage per folder, a
//! straight pipeline, imports only pointing down, small files and functions.
//!
//! This test reads the crate's sources. It fails on an import of a stage that the importing
//! stage may not use ([`MAY_USE`]), on a file over [`MAX_FILE_LINES`] lines and on a function
//! over [`MAX_FN_LINES`] lines, except for the places listed in [`KNOWN`], which the
//! straight-pipeline work (issue 38) removes one by one. A listed place that no longer
//! breaks the rule fails the test too, so that the list only shrinks.

use std::collections::BTreeSet;
mod common;

use common::rust_files;
use std::path::{Path, PathBuf};

/// Each stage (a folder or a top-level file of `src/`) and the stages it may import, from
/// the top of the pipeline down. `diag`, `names` and `tokens` are shared helpers.
const MAY_USE: &[(&str, &[&str])] = &[
    (
        "frontend",
        &[
            "pipeline", "emit", "reverse", "analysis", "lower", "ir", "vocab", "diag", "names",
            "tokens", "source",
        ],
    ),
    (
        "pipeline",
        &[
            "emit", "reverse", "analysis", "lower", "ir", "vocab", "diag", "names", "tokens",
        ],
    ),
    (
        "emit",
        &[
            "reverse", "analysis", "ir", "vocab", "diag", "names", "tokens",
        ],
    ),
    (
        "reverse",
        &["analysis", "ir", "vocab", "diag", "names", "tokens"],
    ),
    ("analysis", &["ir", "vocab", "diag", "names", "tokens"]),
    (
        "lower",
        &["ir", "vocab", "diag", "names", "tokens", "source"],
    ),
    ("ir", &["vocab", "diag", "tokens"]),
    ("vocab", &["tokens"]),
    ("names", &["ir", "tokens"]),
    ("diag", &[]),
    ("tokens", &[]),
    ("source", &[]),
];

/// Longest file, in lines.
const MAX_FILE_LINES: usize = 800;
/// Longest function, in lines (from `fn` to its closing brace).
const MAX_FN_LINES: usize = 150;

/// Places that break a rule today: `(file, what)`, where `what` is `uses <stage>`, `file`
/// (too long) or `fn <name>` (too long).
const KNOWN: &[(&str, &str)] = &[
    // Lowering runs the compiler on closures (issue 38, item 1).
    ("lower/function_args.rs", "uses frontend"),
    ("lower/mod.rs", "uses frontend"),
    ("lower/calls.rs", "uses analysis"),
    ("lower/mod.rs", "uses analysis"),
    // Emission reads the front end's parameter model and the lowering's helpers.
    ("emit/reverse/mod.rs", "uses frontend"),
    ("emit/forward/mod.rs", "uses frontend"),
    ("emit/missing_functions.rs", "uses lower"),
    // Activity reads the lowering's closure forms.
    ("analysis/activity.rs", "uses lower"),
    // Files over 800 lines.
    ("emit/reverse/mod.rs", "file"),
    ("lower/chains.rs", "file"),
    // Functions over 150 lines: dispatchers over every kind of op, step or expression.
    ("emit/primal.rs", "fn compute"),
    ("emit/reverse/mod.rs", "fn adjoint_step"),
    ("frontend/derive.rs", "fn expand"),
    ("frontend/derive_enum.rs", "fn expand"),
    ("frontend/differentiable.rs", "fn reverse_item"),
    ("frontend/forward_operators.rs", "fn expand"),
    ("lower/chains.rs", "fn desugar"),
    ("lower/expr.rs", "fn lower_expr"),
    ("lower/loops.rs", "fn lower_loop"),
    ("reverse/mod.rs", "fn adjoint_steps"),
    ("reverse/pretty.rs", "fn adjoint_steps"),
];

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The stage a file belongs to: its folder under `src/`, or its own name there.
fn stage_of(relative: &str) -> &str {
    let first = relative.split('/').next().unwrap();
    first.strip_suffix(".rs").unwrap_or(first)
}

/// The code of a line, without a trailing `//` comment (doc comments and comments do not
/// import anything).
fn code_of(line: &str) -> &str {
    let trimmed = line.trim_start();
    if trimmed.starts_with("//") {
        return "";
    }
    match line.find("//") {
        Some(i) if !line[..i].contains('"') => &line[..i],
        _ => line,
    }
}

/// The stages a file's code names as `crate::<stage>`.
fn used_stages(source: &str) -> BTreeSet<String> {
    let mut used = BTreeSet::new();
    for line in source.lines() {
        let code = code_of(line);
        let mut rest = code;
        while let Some(i) = rest.find("crate::") {
            let after = &rest[i + "crate::".len()..];
            let name: String = after
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() {
                used.insert(name);
            }
            rest = after;
        }
    }
    used
}

/// The functions of a (rustfmt-formatted) file longer than [`MAX_FN_LINES`]: from a line
/// that opens a `fn` to the first line after it that closes at the same indentation.
fn long_functions(source: &str) -> Vec<(String, usize)> {
    let lines: Vec<&str> = source.lines().collect();
    let mut long = Vec::new();
    for (start, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        let Some(name) = fn_name(trimmed) else {
            continue;
        };
        let close = format!("{}}}", " ".repeat(indent));
        let Some(end) = lines[start + 1..]
            .iter()
            .position(|l| l.starts_with(&close) && l.trim() == "}")
        else {
            continue;
        };
        let length = end + 2;
        if length > MAX_FN_LINES {
            long.push((name, length));
        }
    }
    long
}

/// The name of the function a trimmed line opens (`pub(crate) fn name(`), if it opens one.
fn fn_name(trimmed: &str) -> Option<String> {
    let mut rest = trimmed;
    for prefix in [
        "pub(crate) ",
        "pub(super) ",
        "pub ",
        "const ",
        "async ",
        "unsafe ",
    ] {
        rest = rest.strip_prefix(prefix).unwrap_or(rest);
    }
    let rest = rest.strip_prefix("fn ")?;
    let name: String = rest
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    (!name.is_empty()).then_some(name)
}

#[test]
fn the_compiler_keeps_its_layout() {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let stages: Vec<&str> = MAY_USE.iter().map(|(s, _)| *s).collect();
    let mut found: BTreeSet<(String, String)> = BTreeSet::new();
    for file in &files {
        let relative = file
            .strip_prefix(src())
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let stage = stage_of(&relative);
        // The entry points and the crate's own tests are above every stage.
        if ["lib", "robustness", "snapshots"].contains(&stage) {
            continue;
        }
        let source = std::fs::read_to_string(file).unwrap();
        let may_use = MAY_USE
            .iter()
            .find(|(s, _)| *s == stage)
            .unwrap_or_else(|| panic!("{relative}: stage `{stage}` is not in MAY_USE"))
            .1;
        for used in used_stages(&source) {
            if used != stage && stages.contains(&used.as_str()) && !may_use.contains(&used.as_str())
            {
                found.insert((relative.clone(), format!("uses {used}")));
            }
        }
        if source.lines().count() > MAX_FILE_LINES {
            found.insert((relative.clone(), "file".into()));
        }
        for (name, _) in long_functions(&source) {
            found.insert((relative.clone(), format!("fn {name}")));
        }
    }
    let known: BTreeSet<(String, String)> = KNOWN
        .iter()
        .map(|(f, w)| (f.to_string(), w.to_string()))
        .collect();
    let new: Vec<_> = found.difference(&known).collect();
    let gone: Vec<_> = known.difference(&found).collect();
    assert!(
        new.is_empty() && gone.is_empty(),
        "layout rules (DESIGN.md): new places that break them (fix them): {new:#?}\n\
         listed in KNOWN but fixed (remove them from the list): {gone:#?}"
    );
}

/// The stages' allowed imports have no circle, so code that keeps to them has none either.
#[test]
fn the_stages_form_no_circle() {
    fn reaches(from: &str, to: &str, seen: &mut Vec<String>) -> bool {
        let uses = MAY_USE
            .iter()
            .find(|(s, _)| *s == from)
            .map_or(&[][..], |(_, u)| *u);
        uses.iter().any(|u| {
            *u == to
                || (!seen.iter().any(|s| s == u) && {
                    seen.push(u.to_string());
                    reaches(u, to, seen)
                })
        })
    }
    for (stage, _) in MAY_USE {
        assert!(
            !reaches(stage, stage, &mut Vec::new()),
            "`{stage}` reaches itself"
        );
    }
}

/// The rules find what they are about (a test that could not fail proves nothing).
#[test]
fn the_rules_find_their_cases() {
    let uses = used_stages(
        "use crate::frontend::x;\n// crate::emit in a comment\nlet a = crate::ir::B; // crate::lower",
    );
    assert_eq!(
        uses.into_iter().collect::<Vec<_>>(),
        vec!["frontend".to_string(), "ir".to_string()]
    );
    let body = "    let x = 1;\n".repeat(MAX_FN_LINES);
    let long = format!("pub(crate) fn big() {{\n{body}}}\nfn small() {{\n}}\n");
    assert_eq!(
        long_functions(&long),
        vec![("big".to_string(), MAX_FN_LINES + 2)]
    );
    assert_eq!(stage_of("emit/reverse/mod.rs"), "emit");
    assert_eq!(stage_of("pipeline.rs"), "pipeline");
}
