//! Differential testing of `ad` with generated programs: every function that `ad-progen`
//! generated (or that `PROGEN_FILE` holds) is checked at seeded random points, reverse mode
//! against forward mode, both against central differences where no branch changes, the
//! values against the plain function, and `hessian!` against differences of the gradient.
//! `PROGEN-*` lines on stdout are what the `progen` binary reads.

#![allow(
    unused_mut,
    unused_variables,
    unused_assignments,
    unused_parens,
    unused_labels,
    unreachable_code,
    dead_code,
    deprecated,
    clippy::all
)]

include!(concat!(env!("OUT_DIR"), "/programs.rs"));

#[test]
fn generated_programs_agree_in_every_mode() {
    let cases = cases();
    // Panics are failures the checker reports itself; keep their default messages out.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let mut failures = Vec::new();
    let mut total = generated_programs::Stats::default();
    for case in &cases {
        match generated_programs::check(case) {
            Ok(s) => {
                total.points += s.points;
                total.skipped += s.skipped;
                total.kinks += s.kinks;
            }
            Err(f) => {
                println!(
                    "PROGEN-FAIL\t{}\t{}\t{}\t{}",
                    case.name, case.index, f.check, f
                );
                failures.push((case, f));
            }
        }
    }
    std::panic::set_hook(hook);
    println!(
        "PROGEN-SUMMARY\tcases={}\tfailing={}\tpoints={}\tskipped={}\tkinks={}",
        cases.len(),
        failures.len(),
        total.points,
        total.skipped,
        total.kinks
    );
    if failures.is_empty() {
        return;
    }
    for (case, f) in &failures {
        eprintln!(
            "\n=== {} (seed {}, index {}) fails {}",
            case.name, case.seed, case.index, f.check
        );
        eprintln!("{f}");
        eprintln!("{}", case.source);
        eprintln!(
            "shrink it with: cargo run --release -p ad-progen -- shrink --seed {} --index {}",
            case.seed, case.index
        );
    }
    panic!(
        "{} of {} generated programs fail (details above)",
        failures.len(),
        cases.len()
    );
}
