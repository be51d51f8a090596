//! Compile cost of `#[differentiable]`: how long the expansion takes and how much code it
//! generates, for functions of 10, 100 and 1000 lines, straight-line and with loops.
//!
//! `cargo bench -p ad-compiler --bench expansion` prints the generated code's size (in
//! characters of Rust, and relative to the function's own size) before timing the
//! expansions. The build time of a crate of 50 such functions, with and without the
//! attribute, is measured by `ad-compiler/benches/build_time.sh`.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use proc_macro2::TokenStream;
use std::hint::black_box;
use std::str::FromStr;

/// A straight-line function of `lines` statements over two parameters.
fn straight_line(lines: usize) -> String {
    let mut body = String::from("let mut a = x * y;\n");
    for i in 0..lines {
        body.push_str(&match i % 4 {
            0 => format!("let t{i} = a.sin() * y + {i}.0;\n"),
            1 => format!("a = a * 0.5 + t{}.exp().ln();\n", i - 1),
            2 => format!("let t{i} = (a - x) / (y * y + 1.0);\n"),
            _ => format!("a += t{}.powi(2) * 0.001;\n", i - 1),
        });
    }
    format!("fn f(x: f64, y: f64) -> f64 {{\n{body}a\n}}")
}

/// A function of about `lines` lines made of loops with branches.
fn with_loops(lines: usize) -> String {
    let mut body = String::from("let mut a = x;\n");
    for i in 0..lines / 6 {
        body.push_str(&format!(
            "for i in 0..n {{\n  if a > {i}.0 {{\n    a = a * 0.99 + y;\n  }} else {{\n    a += (i as f64) * x.sin();\n  }}\n}}\n"
        ));
    }
    format!("fn g(x: f64, y: f64, n: usize) -> f64 {{\n{body}a\n}}")
}

fn expand(source: &str) -> TokenStream {
    let item = TokenStream::from_str(source).expect("the generated source parses");
    ad_compiler::differentiable(TokenStream::new(), item)
}

fn report_sizes() {
    for (kind, make) in [
        ("straight-line", straight_line as fn(usize) -> String),
        ("loops", with_loops),
    ] {
        for lines in [10, 100, 1000] {
            let source = make(lines);
            let generated = expand(&source).to_string();
            assert!(
                !generated.contains("compile_error"),
                "the {kind} function of {lines} lines must expand"
            );
            // Lines as rustfmt-like formatting prints them (prettyplease), the measure of
            // issue 37's target of at most 20 emitted lines per source line.
            let emitted_lines = syn::parse_str::<syn::File>(&generated)
                .map(|file| prettyplease::unparse(&file).lines().count())
                .unwrap_or(0);
            let source_lines = source.lines().count();
            println!(
                "{kind:>13}, {lines:>4} lines: source {:>7} chars, expansion {:>8} chars ({:.1}x); {source_lines} lines emit {emitted_lines} ({:.1} per line)",
                source.len(),
                generated.len(),
                generated.len() as f64 / source.len() as f64,
                emitted_lines as f64 / source_lines as f64
            );
        }
    }
}

fn expansion(c: &mut Criterion) {
    report_sizes();
    let mut group = c.benchmark_group("expansion");
    for (kind, make) in [
        ("straight_line", straight_line as fn(usize) -> String),
        ("loops", with_loops),
    ] {
        for lines in [10, 100, 1000] {
            let source = make(lines);
            group.bench_with_input(BenchmarkId::new(kind, lines), &source, |b, source| {
                b.iter(|| expand(black_box(source)))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, expansion);
criterion_main!(benches);
