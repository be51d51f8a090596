//! The workspace's declared MSRV (`rust-version` in the root `Cargo.toml`) holds for syntax.
//!
//! Clippy's `incompatible_msrv` lint (run by `.ci/run`) finds library items newer than the
//! MSRV, but not syntax: this test parses every Rust file of the workspace's crates and
//! refuses what the declared version cannot compile. Each rule names the release that
//! stabilised the syntax; raise the MSRV (and say why in the README) before removing one.

mod common;

use common::rust_files;
use std::path::{Path, PathBuf};
use syn::visit::Visit;

/// The declared MSRV as (major, minor).
fn declared_msrv() -> (u32, u32) {
    let manifest = std::fs::read_to_string(workspace().join("Cargo.toml")).unwrap();
    let line = manifest
        .lines()
        .find(|l| l.trim_start().starts_with("rust-version"))
        .expect("the root Cargo.toml declares rust-version");
    let version = line.split('"').nth(1).expect("rust-version = \"1.NN\"");
    let mut parts = version.split('.').map(|p| p.parse::<u32>().unwrap());
    (parts.next().unwrap(), parts.next().unwrap())
}

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Syntax newer than 1.88 found in one file.
struct Newer {
    found: Vec<String>,
}

impl<'ast> Visit<'ast> for Newer {
    fn visit_arm(&mut self, arm: &'ast syn::Arm) {
        // `if let` guards (`Some(x) if let Ok(y) = f(x) => ..`): Rust 1.95
        // (rust-lang/rust#141295). Write the `if let` inside the arm, or a `let`-`else`.
        if let Some((_, guard)) = &arm.guard
            && starts_with_let(guard)
        {
            let pat = &arm.pat;
            self.found.push(format!(
                "`if let` guard (Rust 1.95) on the arm `{}`",
                quote::quote!(#pat)
            ));
        }
        syn::visit::visit_arm(self, arm);
    }
}

/// Whether a guard is a `let` or a chain of `&&` that holds one.
fn starts_with_let(expr: &syn::Expr) -> bool {
    match expr {
        syn::Expr::Let(_) => true,
        syn::Expr::Binary(b) if matches!(b.op, syn::BinOp::And(_)) => {
            starts_with_let(&b.left) || starts_with_let(&b.right)
        }
        _ => false,
    }
}

#[test]
fn no_syntax_newer_than_the_declared_msrv() {
    assert_eq!(
        declared_msrv(),
        (1, 88),
        "the MSRV changed: review the rules of this test for the new version"
    );
    let mut files = Vec::new();
    for dir in [
        "src",
        "ad-compiler",
        "ad-core",
        "ad-std",
        "ad-macros",
        "tests",
        "examples",
        "benches",
    ] {
        rust_files(&workspace().join(dir), &mut files);
    }
    assert!(files.len() > 100, "found only {} files", files.len());
    let mut problems = Vec::new();
    for file in &files {
        let source = std::fs::read_to_string(file).unwrap();
        // Files that are not Rust items (trybuild inputs that are meant to fail) are skipped
        // when they do not parse.
        let Ok(parsed) = syn::parse_file(&source) else {
            continue;
        };
        let mut newer = Newer { found: Vec::new() };
        newer.visit_file(&parsed);
        for found in newer.found {
            problems.push(format!("{}: {found}", file.display()));
        }
    }
    assert!(
        problems.is_empty(),
        "syntax newer than the declared MSRV 1.88:\n{}",
        problems.join("\n")
    );
}

/// The rule itself finds the syntax (a test that could not fail would prove nothing).
#[test]
fn the_rule_finds_an_if_let_guard() {
    let parsed: syn::File = syn::parse_str(
        "fn f(o: Option<i32>) -> i32 { match o { Some(x) if let Ok(y) = u8::try_from(x) => y as i32, _ => 0 } }",
    )
    .expect("syn parses `if let` guards");
    let mut newer = Newer { found: Vec::new() };
    newer.visit_file(&parsed);
    assert_eq!(newer.found.len(), 1);
}
