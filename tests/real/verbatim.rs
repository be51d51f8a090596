//! The copied functions are the crates' text: every line of a module here, from its first
//! provenance line to its checks, is a line of its file in `survey/`, in the same order
//! within each copied item (items may be reordered: a macro goes before its use),
//! except the `#[differentiable]` put on functions and the lines tagged as ours (`[added]`
//! items, up to the blank line after them, and the comments of `[not compiled]` notes).

use std::path::Path;

/// The lines of `module` that must come from the survey, and the comment lines that may be
/// ours (a `[not compiled]` note's), each with whether it must.
fn copied_lines(module: &str) -> Vec<(&str, bool)> {
    let start = module.find("\n// from ").map_or(0, |i| i + 1);
    let end = module.find("\n// [checks]").unwrap_or(module.len());
    let mut lines = Vec::new();
    let mut in_added = false;
    for line in module[start..end].lines() {
        if line.starts_with("// [added]") {
            in_added = true;
        }
        if in_added {
            in_added = !line.is_empty();
            continue;
        }
        if line.trim() == "#[differentiable]" {
            continue;
        }
        let comment = line.starts_with("// ") && !line.starts_with("// from ");
        lines.push((line, !comment));
    }
    lines
}

#[test]
fn the_copied_functions_are_the_crates_text() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/real");
    for name in [
        "argmin_testfunctions",
        "puruspe",
        "geographiclib_rs",
        "astro",
    ] {
        let module = std::fs::read_to_string(root.join(format!("{name}.rs"))).unwrap();
        let survey = std::fs::read_to_string(root.join(format!("survey/{name}.rs"))).unwrap();
        let survey: Vec<&str> = survey.lines().collect();
        let mut at = 0;
        for (k, (line, must)) in copied_lines(&module).into_iter().enumerate() {
            // Each item is found from its provenance line on.
            if line.starts_with("// from ") {
                at = 0;
            }
            match survey[at..].iter().position(|s| *s == line) {
                Some(found) => at += found + 1,
                None => assert!(
                    !must,
                    "{name}.rs: copied line {k} is not the survey's (or out of order): {line:?}"
                ),
            }
        }
    }
}
