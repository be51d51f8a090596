//! `ad-progen`: random differentiable programs for differential testing of `ad`.
//!
//! [`generate::generate`] makes one function from a seed and an index, [`render::render`] turns
//! functions into the source file that the `generated-programs` crate compiles and checks,
//! [`shrink`] makes smaller variants of a failing program, and the `progen` binary drives
//! long runs and shrinking. Nothing here depends on `ad`: the generated code does.

pub mod ast;
pub mod generate;
pub mod render;
pub mod rng;
pub mod scope;
pub mod shrink;

/// The seed of the programs `cargo test` checks when `PROGEN_SEED` is not set.
pub const DEFAULT_SEED: u64 = 20_240_917;

/// How many programs `cargo test` checks when `PROGEN_COUNT` is not set.
pub const DEFAULT_COUNT: usize = 300;

/// The source file of functions `0..count` of `seed`, each with a case.
pub fn render_batch(seed: u64, range: std::ops::Range<usize>) -> String {
    let functions = generate::batch(seed, range);
    let roots = functions.iter().map(|f| f.name.clone()).collect();
    render::render(&[render::Unit {
        functions: &functions,
        suffix: String::new(),
        roots,
    }])
}
