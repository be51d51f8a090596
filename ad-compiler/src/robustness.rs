//! The macros never panic: thousands of generated functions and operator invocations, valid
//! and invalid, go through the expansion entry points, which must always return tokens
//! (derivative code or `compile_error!`s). Deterministic (a fixed-seed generator), so a
//! failure reproduces. The suite runs 3000 cases of each kind; for a longer run set
//! `AD_FUZZ_CASES`: `AD_FUZZ_CASES=1000000 cargo test -p ad-compiler --release robustness`.

use crate::frontend::derivative;
use crate::frontend::differentiable;
use crate::frontend::operators::{self, Operator};
use proc_macro2::TokenStream;
use std::panic;

/// How many cases of each kind: 3000, or `AD_FUZZ_CASES`.
fn cases() -> usize {
    std::env::var("AD_FUZZ_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(3000)
}

/// A small deterministic generator (SplitMix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<'a>(&mut self, options: &[&'a str]) -> &'a str {
        options[self.below(options.len())]
    }
}

const LEAVES: &[&str] = &[
    "x", "y", "n", "2.0", "-1.5", "3", "K", "z", "()", "true", "v", "self", "_",
];
const BINARY: &[&str] = &[
    "+", "-", "*", "/", "%", "<", "==", "&&", "|", "<<", "+=", "=", "-=",
];
const METHODS: &[&str] = &[
    "sin",
    "powi",
    "max",
    "len",
    "floor",
    "clone",
    "frobnicate",
    "iter",
];

/// A random expression of bounded depth, from a grammar that mixes supported and unsupported
/// constructs.
fn expr(rng: &mut Rng, depth: usize) -> String {
    if depth == 0 {
        return rng.pick(LEAVES).to_string();
    }
    let d = depth - 1;
    match rng.below(16) {
        0 => format!("{} {} {}", expr(rng, d), rng.pick(BINARY), expr(rng, d)),
        1 => format!("-{}", expr(rng, d)),
        2 => format!("({})", expr(rng, d)),
        3 => format!("{}.{}({})", expr(rng, d), rng.pick(METHODS), expr(rng, d)),
        4 => format!("g({}, {})", expr(rng, d), expr(rng, d)),
        5 => format!("m::h::<f64>({})", expr(rng, d)),
        6 => format!("Self::k({})", expr(rng, d)),
        7 => format!("({}, {}).{}", expr(rng, d), expr(rng, d), rng.below(3)),
        8 => format!("{{ let z = {}; z * {} }}", expr(rng, d), expr(rng, d)),
        9 => format!(
            "if {} {{ {} }} else {{ {} }}",
            expr(rng, d),
            expr(rng, d),
            expr(rng, d)
        ),
        10 => format!(
            "{} as {}",
            expr(rng, d),
            rng.pick(&["f64", "f32", "i32", "usize"])
        ),
        11 => format!("&{}", expr(rng, d)),
        12 => format!("*{}", expr(rng, d)),
        13 => format!("no_grad({})", expr(rng, d)),
        14 => format!("{}[{}]", expr(rng, d), expr(rng, d)),
        _ => format!("vec![{}]", expr(rng, d)),
    }
}

fn stmt(rng: &mut Rng) -> String {
    match rng.below(7) {
        0 => format!("let z = {};", expr(rng, 3)),
        1 => format!("let (a, b) = ({}, {});", expr(rng, 2), expr(rng, 2)),
        2 => format!("let mut w: f64 = {};", expr(rng, 2)),
        3 => format!("x = {};", expr(rng, 2)),
        4 => format!("{};", expr(rng, 3)),
        5 => format!("return {};", expr(rng, 2)),
        _ => format!("y *= {};", expr(rng, 2)),
    }
}

fn function(rng: &mut Rng) -> String {
    let params = rng.pick(&[
        "x: f64, y: f64",
        "mut x: f64, y: &f64, n: i32",
        "&self, x: f64",
        "(x, y): (f64, f64)",
        "x: f64, v: &[f64]",
        "",
    ]);
    let ret = rng.pick(&["-> f64", "-> (f64, f64)", "", "-> i32"]);
    let body: Vec<String> = (0..rng.below(4)).map(|_| stmt(rng)).collect();
    format!(
        "fn f({params}) {ret} {{ {} {} }}",
        body.join(" "),
        expr(rng, 3)
    )
}

fn attribute(rng: &mut Rng) -> String {
    rng.pick(&[
        "",
        "wrt = x",
        "wrt = (x, y)",
        "wrt = (x, x)",
        "wrt = q",
        "wrt =",
        "of = f",
        "dump",
        "wrt = n",
        "42",
    ])
    .to_string()
}

fn tokens(text: &str) -> Option<TokenStream> {
    text.parse().ok()
}

fn expands_without_panic(what: &str, expand: impl FnOnce() -> TokenStream + panic::UnwindSafe) {
    if panic::catch_unwind(expand).is_err() {
        panic!("the macro panicked on: {what}");
    }
}

#[test]
fn generated_functions_never_make_the_macros_panic() {
    let mut rng = Rng(0x5EED);
    for _ in 0..cases() {
        let source = function(&mut rng);
        let args = attribute(&mut rng);
        let (Some(item), Some(attr)) = (tokens(&source), tokens(&args)) else {
            continue;
        };
        let what = format!("#[differentiable({args})] {source}");
        // `dump` prints; keep the test quiet and free of I/O.
        if !args.contains("dump") {
            let (a, i) = (attr.clone(), item.clone());
            expands_without_panic(&what, move || differentiable::differentiable(a, i));
        }
        let (a, i) = (attr.clone(), item.clone());
        expands_without_panic(&format!("#[derivative({args})] {source}"), move || {
            derivative::derivative(a, i)
        });
        let wrapped = tokens(&format!("impl T {{ {source} }}")).unwrap_or_default();
        expands_without_panic(&format!("impl block: {source}"), move || {
            differentiable::differentiable(TokenStream::new(), wrapped)
        });
    }
}

#[test]
fn generated_operator_invocations_never_panic() {
    let mut rng = Rng(0xD1FF);
    for _ in 0..cases() {
        let at: Vec<String> = (0..rng.below(3)).map(|_| expr(&mut rng, 2)).collect();
        let of = match rng.below(4) {
            0 => "f".to_string(),
            1 => format!("|x, y| {}", expr(&mut rng, 3)),
            2 => format!("|x: f64| {}", expr(&mut rng, 3)),
            _ => expr(&mut rng, 2),
        };
        let text = match rng.below(5) {
            0 => format!("at: {}, of: {of}", at.join(", ")),
            1 => format!("at {}, of {of}", at.join(", ")),
            2 => format!("of: {of}"),
            3 => format!("at: {}", at.join(", ")),
            _ => format!("at: {}, of: {of},", at.join(", ")),
        };
        let Some(input) = tokens(&text) else { continue };
        for operator in [
            Operator::Gradient,
            Operator::ValueWithGradient,
            Operator::ValueWithPullback,
            Operator::Pullback,
        ] {
            let input = input.clone();
            expands_without_panic(&text, move || operators::expand(operator, input));
        }
    }
}

#[test]
fn arbitrary_token_soup_never_panics() {
    let mut rng = Rng(0xC0FFEE);
    let pieces = [
        "fn", "f", "(", ")", "{", "}", "x", ":", "f64", "->", "+", ";", "let", "=", "1.0", ",",
        "impl", "self", "&", "#", "[", "]", "at", "of", "|",
    ];
    for _ in 0..cases() {
        let text: Vec<&str> = (0..rng.below(24))
            .map(|_| pieces[rng.below(pieces.len())])
            .collect();
        let Some(stream) = tokens(&text.join(" ")) else {
            continue;
        };
        let (a, b, c) = (stream.clone(), stream.clone(), stream.clone());
        expands_without_panic(&text.join(" "), move || {
            differentiable::differentiable(TokenStream::new(), a)
        });
        expands_without_panic(&text.join(" "), move || {
            derivative::derivative(TokenStream::new(), b)
        });
        expands_without_panic(&text.join(" "), move || {
            operators::expand(Operator::Gradient, c)
        });
    }
}
