//! The long run and the shrinker of generated-program testing.
//!
//! ```text
//! progen run --programs 10000 --seed 1 --batch 250 [--start 0]
//!     (streams run side by side need their own `CARGO_TARGET_DIR`: each rebuilds the one
//!     test binary of `generated-programs` for its batch)
//! progen shrink --seed S --index I [--check NAME]
//! progen render --seed S --count N            (print a batch's source)
//! ```
//!
//! Each batch is written to `target/progen/` and compiled and checked by
//! `cargo test -p generated-programs --test programs` with `PROGEN_FILE` set. A batch that
//! does not compile is split in halves until the functions that do not compile are found.

use ad_progen::ast::Function;
use ad_progen::generate::{self, batch, reachable};
use ad_progen::render::{self, Unit};
use ad_progen::shrink::{self, Program};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Command;

fn workspace() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../..")
        .canonicalize()
        .unwrap()
}

/// One failing case as the test printed it.
#[derive(Clone, Debug)]
struct Fail {
    name: String,
    index: usize,
    check: String,
    line: String,
}

enum Outcome {
    Checked {
        fails: Vec<Fail>,
        summary: String,
    },
    /// rustc's first error, with a few lines of context.
    CompileError(String),
    /// The test binary did not finish (crash, abort): the end of its output.
    Crashed(String),
}

/// Compiles and checks one source file.
fn run_source(source: &str, tag: &str) -> Outcome {
    let dir = workspace().join("target/progen");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{tag}.rs"));
    std::fs::write(&path, source).unwrap();
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .args([
            "test",
            "-p",
            "generated-programs",
            "--test",
            "programs",
            "--",
            "--nocapture",
        ])
        .env("PROGEN_FILE", &path)
        // A batch is never debugged: without debug info its codegen is cheaper.
        .env("CARGO_PROFILE_TEST_DEBUG", "0")
        .env("CARGO_PROFILE_DEV_DEBUG", "0")
        .env_remove("PROGEN_SEED")
        .env_remove("PROGEN_COUNT")
        .current_dir(workspace())
        .output()
        .expect("cargo runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let mut fails = Vec::new();
    let mut summary = None;
    for l in stdout.lines() {
        let parts: Vec<&str> = l.split('\t').collect();
        match parts.first() {
            Some(&"PROGEN-FAIL") if parts.len() >= 5 => fails.push(Fail {
                name: parts[1].into(),
                index: parts[2].parse().unwrap_or(0),
                check: parts[3].into(),
                line: parts[4..].join(" "),
            }),
            Some(&"PROGEN-SUMMARY") => summary = Some(parts[1..].join(" ")),
            _ => {}
        }
    }
    if let Some(summary) = summary {
        return Outcome::Checked { fails, summary };
    }
    let lines: Vec<&str> = stderr.lines().collect();
    if let Some(i) = lines.iter().position(|l| l.starts_with("error")) {
        let end = (i + 12).min(lines.len());
        return Outcome::CompileError(lines[i..end].join("\n"));
    }
    let tail: Vec<&str> = stderr.lines().rev().take(15).collect();
    Outcome::Crashed(tail.into_iter().rev().collect::<Vec<_>>().join("\n"))
}

/// The source of `functions` with a case for each of `roots`.
fn source_for(functions: &[Function], roots: &[String]) -> String {
    render::render(&[Unit {
        functions,
        suffix: String::new(),
        roots: roots.to_vec(),
    }])
}

#[derive(Default)]
struct Totals {
    compiled: usize,
    fails: Vec<Fail>,
    compile_errors: Vec<(usize, String)>,
    crashes: Vec<(Vec<usize>, String)>,
    summaries: Vec<String>,
}

/// Checks functions `indices` of `seed`; on a compile error, each half on its own.
fn check_indices(seed: u64, indices: &[usize], tag: &str, totals: &mut Totals) {
    let functions = batch(seed, indices.iter().copied());
    let roots: Vec<String> = indices.iter().map(|&i| generate::name(i)).collect();
    match run_source(&source_for(&functions, &roots), tag) {
        Outcome::Checked { fails, summary } => {
            totals.compiled += indices.len();
            for f in &fails {
                eprintln!(
                    "  FAIL {} (seed {seed}, index {}): {}",
                    f.name, f.index, f.line
                );
            }
            totals.fails.extend(fails);
            totals.summaries.push(summary);
        }
        Outcome::CompileError(e) if indices.len() == 1 => {
            eprintln!("  COMPILE ERROR in f{} (seed {seed}):\n{e}", indices[0]);
            totals.compile_errors.push((indices[0], e));
        }
        Outcome::CompileError(_) => {
            let (a, b) = indices.split_at(indices.len() / 2);
            check_indices(seed, a, tag, totals);
            check_indices(seed, b, tag, totals);
        }
        Outcome::Crashed(t) => {
            eprintln!("  CRASH checking f{}..: {t}", indices[0]);
            totals.crashes.push((indices.to_vec(), t));
        }
    }
}

fn run(seed: u64, start: usize, programs: usize, batch_size: usize) {
    let mut totals = Totals::default();
    let end = start + programs;
    let mut b = start;
    while b < end {
        let e = (b + batch_size).min(end);
        eprintln!("batch {b}..{e} of seed {seed}");
        let indices: Vec<usize> = (b..e).collect();
        // Named by the stream's start: two streams of one seed must not share a file.
        check_indices(
            seed,
            &indices,
            &format!("batch-{seed}-{start}"),
            &mut totals,
        );
        b = e;
    }
    println!(
        "seed {seed}: programs generated {programs}, compiled {}, checked {}",
        totals.compiled, totals.compiled
    );
    println!("failing: {}", totals.fails.len());
    let mut by_check: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for f in &totals.fails {
        by_check.entry(&f.check).or_default().push(f.index);
    }
    for (check, idx) in by_check {
        println!("  {check}: {} programs, indices {idx:?}", idx.len());
    }
    println!("not compiling: {}", totals.compile_errors.len());
    for (i, e) in &totals.compile_errors {
        println!("  f{i}: {}", e.lines().next().unwrap_or(""));
    }
    println!("crashed batches: {}", totals.crashes.len());
    println!("shrink one with: cargo run --release -p ad-progen -- shrink --seed {seed} --index I");
}

/// What the shrinker keeps: a failure of one check, or one compile error.
#[derive(Clone, Debug, PartialEq)]
enum Target {
    Check(String),
    Compile(String),
}

/// `_c12` suffixes differ between candidates: compare errors without them.
fn normalize(error: &str) -> String {
    let first = error.lines().next().unwrap_or("").to_string();
    let mut out = String::new();
    let mut chars = first.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '_' && chars.peek() == Some(&'c') {
            let mut tmp = chars.clone();
            tmp.next();
            if tmp.peek().is_some_and(|d| d.is_ascii_digit()) {
                chars = tmp;
                while chars.peek().is_some_and(|d| d.is_ascii_digit()) {
                    chars.next();
                }
                continue;
            }
        }
        out.push(c);
    }
    out
}

/// Which of `cands` (built side by side) still hits `target`; the first one found.
fn first_hit(cands: &[(usize, &Program)], target: &Target) -> Option<usize> {
    if cands.is_empty() {
        return None;
    }
    let units: Vec<Unit> = cands
        .iter()
        .map(|(k, p)| Unit {
            functions: &p.functions,
            suffix: format!("_c{k}"),
            roots: vec![p.root.clone()],
        })
        .collect();
    match (run_source(&render::render(&units), "shrink"), target) {
        (Outcome::Checked { fails, .. }, Target::Check(check)) => {
            // The candidate with the smallest number is the smallest program.
            fails
                .iter()
                .filter(|f| &f.check == check)
                .filter_map(|f| f.name.rsplit_once("_c").and_then(|(_, k)| k.parse().ok()))
                .min()
        }
        (Outcome::CompileError(e), Target::Compile(want)) if cands.len() == 1 => {
            (normalize(&e) == *want).then_some(cands[0].0)
        }
        (Outcome::CompileError(_), _) if cands.len() > 1 => {
            let (a, b) = cands.split_at(cands.len() / 2);
            first_hit(a, target).or_else(|| first_hit(b, target))
        }
        _ => None,
    }
}

fn shrink_cmd(seed: u64, index: usize, check: Option<String>) {
    let functions = batch(seed, [index]);
    let root = generate::name(index);
    let mut current = Program {
        functions: reachable(&functions, &root),
        root: root.clone(),
    };
    let target = match run_source(
        &source_for(&current.functions, std::slice::from_ref(&root)),
        "shrink",
    ) {
        Outcome::Checked { fails, .. } => {
            let f = fails
                .iter()
                .find(|f| check.as_ref().is_none_or(|c| &f.check == c));
            match f {
                Some(f) => {
                    eprintln!("{root} fails: {}", f.line);
                    Target::Check(f.check.clone())
                }
                None => {
                    println!(
                        "{root} of seed {seed} does not fail{}",
                        check.map(|c| format!(" {c}")).unwrap_or_default()
                    );
                    return;
                }
            }
        }
        Outcome::CompileError(e) => {
            eprintln!("{root} does not compile:\n{e}");
            Target::Compile(normalize(&e))
        }
        Outcome::Crashed(t) => {
            println!("checking {root} crashed:\n{t}");
            return;
        }
    };
    loop {
        let cands = shrink::candidates(&current);
        eprintln!("size {}: {} candidates", current.size(), cands.len());
        let mut found = None;
        // Smallest first, in chunks, so that a build stays short.
        for chunk in cands.chunks(40).enumerate() {
            let (c, chunk) = chunk;
            let numbered: Vec<(usize, &Program)> = chunk
                .iter()
                .enumerate()
                .map(|(k, p)| (c * 40 + k, p))
                .collect();
            if let Some(k) = first_hit(&numbered, &target) {
                found = Some(cands[k].clone());
                break;
            }
        }
        match found {
            Some(p) => current = p,
            None => break,
        }
    }
    println!("// {root} of seed {seed}, shrunk: {target:?}");
    print!("{}", render::source(&current.functions));
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let get = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .map(|i| args[i + 1].clone())
    };
    let num =
        |flag: &str, default: u64| get(flag).map_or(default, |v| v.parse().expect("a number"));
    let seed = num("--seed", ad_progen::DEFAULT_SEED);
    match args.first().map(String::as_str) {
        Some("run") => run(
            seed,
            num("--start", 0) as usize,
            num("--programs", 10_000) as usize,
            num("--batch", 250) as usize,
        ),
        Some("shrink") => shrink_cmd(seed, num("--index", 0) as usize, get("--check")),
        Some("render") => print!(
            "{}",
            ad_progen::render_batch(seed, 0..num("--count", 10) as usize)
        ),
        _ => eprintln!(
            "usage: progen run --programs N --seed S --batch B [--start I] | shrink --seed S --index I [--check NAME] | render --seed S --count N"
        ),
    }
}
