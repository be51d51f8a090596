//! Diagnostics: every error the macros give, one case per file under `tests/ui/<topic>/`,
//! with the expected compiler output checked in beside it (`.stderr`). Regenerate with
//! `TRYBUILD=overwrite cargo test --test ui` and review the diff.
//!
//! Checked in the default build only: with an optional integration linked (the `nalgebra`
//! feature), rustc's notes name what else is in scope (nalgebra's `Scalar` beside `ad`'s
//! `Scalar` trait, its matrices among the implementors of a trait), so the exact output is
//! that of the default build, which `cargo test --workspace` checks.

#[cfg(not(feature = "nalgebra"))]
#[test]
fn ui() {
    let cases = trybuild::TestCases::new();
    cases.compile_fail("tests/ui/*/*.rs");
}
