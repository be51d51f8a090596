//! Diagnostics: every error the macros give, one case per file under `tests/ui/<topic>/`,
//! with the expected compiler output checked in beside it (`.stderr`). Regenerate with
//! `TRYBUILD=overwrite cargo test --test ui` and review the diff.

#[test]
fn ui() {
    let cases = trybuild::TestCases::new();
    cases.compile_fail("tests/ui/*/*.rs");
}
