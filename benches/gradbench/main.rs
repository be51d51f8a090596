//! gradbench's evals, each ported line by line from the reference implementation gradbench
//! ships (`cpp/gradbench/evals/*.hpp`, itself ADBench's C++): the same helper functions,
//! scratch buffers, loops and types, with `#[differentiable]` put on them. Nothing is reshaped
//! toward what the compiler handles well: the point is the code as its authors wrote it.
//!
//! Each eval's derivative is checked against central differences of its objective, then
//! timed against the objective in one process, the two alternately (the median ratio of
//! several rounds), and printed beside Enzyme's and the best published ratio (gradbench's
//! nightly results, `evals/<eval>/summary.json`, 2026-03-14).
//!
//! Run with `cargo bench --bench gradbench` (all evals) or
//! `cargo bench --bench gradbench -- gmm lse` (some).

mod det;
mod gd;
mod gmm;
mod harness;
mod kmeans;
mod llsq;
mod lse;
mod ode;
mod particle;

use harness::Eval;

fn main() {
    let chosen: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let evals: Vec<fn() -> Eval> = vec![
        gmm::eval,
        lse::eval,
        llsq::eval,
        det::eval,
        kmeans::eval,
        ode::eval,
        particle::eval,
    ];
    println!(
        "| eval | size | derivative | objective | ad | Enzyme | best published |\n|---|---|---|---|---|---|---|"
    );
    let mut failed = false;
    for make in evals {
        let mut eval = make();
        if !chosen.is_empty() && !chosen.iter().any(|c| c == eval.name) {
            continue;
        }
        if let Err(e) = (eval.check)() {
            println!(
                "| {} | {} | {} | | WRONG: {e} | | |",
                eval.name, eval.size, eval.derivative_kind
            );
            failed = true;
            continue;
        }
        let (ratio, objective) = harness::ratio(&mut eval, 9);
        println!(
            "| {} | {} | {} | {:.3?} | {:.2}x | {:.2}x | {} {:.2}x |",
            eval.name,
            eval.size,
            eval.derivative_kind,
            objective,
            ratio,
            eval.enzyme,
            eval.best.0,
            eval.best.1
        );
    }
    if failed {
        std::process::exit(1);
    }
}
