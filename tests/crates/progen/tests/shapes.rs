//! The default batch (`DEFAULT_SEED`, `DEFAULT_COUNT` programs, what `cargo test -p
//! generated-programs` checks) holds every shape the generator is asked to make: shadowing
//! `let`s in every kind of loop, float literals assigned to locals and then read by a method,
//! statements under `#[cfg(..)]` that are there and that are not, branches that never run
//! and panic, whole float literals written with a trailing dot, and tails of longer
//! sequences passed to slice parameters. (Each fails when its share in `generate/mod.rs` is 0.0.)

use ad_progen::ast::*;
use ad_progen::generate::{batch, generate};
use ad_progen::scope::valid;
use ad_progen::{DEFAULT_COUNT, DEFAULT_SEED};
use std::collections::{BTreeMap, BTreeSet};

/// The programs of the default batch (without the functions they call from elsewhere).
fn default_batch() -> Vec<Function> {
    (0..DEFAULT_COUNT)
        .map(|i| generate(DEFAULT_SEED, i))
        .collect()
}

/// Calls `f` on `block` and every block inside it, with the number of loops around each.
fn visit(block: &[Stmt], loops: usize, f: &mut dyn FnMut(&[Stmt], usize)) {
    f(block, loops);
    for s in block {
        let inner = loops + usize::from(loop_kind(s).is_some());
        for b in s.blocks() {
            visit(b, inner, f);
        }
    }
}

/// A name for the kind of a loop statement.
fn loop_kind(s: &Stmt) -> Option<&'static str> {
    Some(match s {
        Stmt::ForRange { .. } => "for over a range",
        Stmt::ForIter { .. } => "for over a slice's iter()",
        Stmt::ForIndex { .. } => "for over 0..len()",
        Stmt::ForIterMut { .. } => "for over iter_mut()",
        Stmt::While {
            cond: Cond::Flag(_),
            ..
        } => "while on a flag",
        Stmt::While {
            cond: Cond::IntLt(..),
            ..
        } => "while on an integer",
        Stmt::While { .. } => "while on a float",
        Stmt::Loop { .. } => "loop with break",
        Stmt::LetLoop { .. } => "let r = loop",
        Stmt::Cfg { stmt, .. } => return loop_kind(stmt),
        _ => return None,
    })
}

/// The body of a loop statement.
fn body(s: &Stmt) -> &[Stmt] {
    match s {
        Stmt::Cfg { stmt, .. } => body(stmt),
        _ => s.blocks()[0],
    }
}

fn lets(s: &Stmt, v: &str) -> bool {
    matches!(s, Stmt::Let { name, .. } if name == v)
}

/// Whether an expression somewhere in `stmts` (nested blocks too) reads `v`.
fn reads(stmts: &[Stmt], v: &str) -> bool {
    let mut found = false;
    walk_block(stmts, &mut |e| found |= matches!(e, Expr::Var(n) if n == v));
    found
}

/// Whether an expression in `stmts` calls a method on the variable `v` (`v.sin()`, `v.mul_add(..)`, ..).
fn method_on(stmts: &[Stmt], v: &str) -> bool {
    let var = |e: &Expr| matches!(e, Expr::Var(n) if n == v);
    let mut found = false;
    walk_block(stmts, &mut |e| {
        found |= match e {
            Expr::Unary(op, a) => {
                var(a) && matches!(op, Unary::Sin | Unary::Cos | Unary::Tanh | Unary::Atan)
            }
            Expr::MulAdd(a, ..) => var(a),
            _ => false,
        }
    });
    found
}

#[test]
fn the_default_batch_resolves() {
    let functions = batch(DEFAULT_SEED, 0..DEFAULT_COUNT);
    let kinds: BTreeMap<_, _> = functions
        .iter()
        .map(|f| (f.name.clone(), f.params.iter().map(|p| p.kind).collect()))
        .collect();
    for f in &functions {
        assert!(
            valid(f, &kinds),
            "{} of the default seed does not resolve",
            f.name
        );
    }
}

#[test]
fn the_default_batch_shadows_in_every_kind_of_loop() {
    // Per loop kind: a body that assigns `v` and then shadows it; one that shadows `v` in a
    // nested block before assigning it; the same inside another loop; `v` read after.
    let mut after: BTreeSet<&str> = BTreeSet::new();
    let (mut before, mut nested, mut read_after) = (false, false, false);
    for f in default_batch() {
        visit(&f.body, 0, &mut |block, loops| {
            for (i, s) in block.iter().enumerate() {
                let Some(kind) = loop_kind(s) else { continue };
                let b = body(s);
                for (j, a) in b.iter().enumerate() {
                    let Stmt::Assign { name: v, .. } = a else {
                        continue;
                    };
                    if b[j + 1..].iter().any(|l| lets(l, v)) {
                        after.insert(kind);
                        nested |= loops > 0;
                        read_after |= reads(&block[i + 1..], v);
                    }
                    // An `if` or a block that shadows `v`, before `v = ..`.
                    before |= b[..j].iter().any(|l| {
                        matches!(l, Stmt::If { .. } | Stmt::Block(_))
                            && l.blocks().iter().any(|x| x.iter().any(|y| lets(y, v)))
                    });
                }
            }
        });
    }
    for kind in [
        "for over a range",
        "for over a slice's iter()",
        "for over 0..len()",
        "while on a flag",
        "while on an integer",
        "loop with break",
        "let r = loop",
    ] {
        assert!(
            after.contains(kind),
            "no shadowing after an assignment in a {kind}"
        );
    }
    assert!(
        before,
        "no shadowing in a nested block before an assignment"
    );
    assert!(nested, "no shadowing in a nested loop");
    assert!(read_after, "no read of a shadowed float after its loop");
}

#[test]
fn the_default_batch_assigns_literals_then_calls_methods() {
    let (mut in_loop, mut in_branch) = (false, false);
    for f in default_batch() {
        visit(&f.body, 0, &mut |block, loops| {
            for (i, s) in block.iter().enumerate() {
                if let Stmt::Assign {
                    name,
                    op: AssignOp::Set,
                    value: Expr::Lit(_),
                } = s
                    && method_on(&block[i + 1..(i + 2).min(block.len())], name)
                {
                    in_loop |= loops > 0;
                    in_branch |= loops == 0;
                }
            }
        });
        // A literal in a branch, a method on the local after the `if`.
        visit(&f.body, 0, &mut |block, _| {
            for (i, s) in block.iter().enumerate() {
                let Stmt::If { then, other, .. } = s else {
                    continue;
                };
                for b in [then, other] {
                    for a in b {
                        if let Stmt::Assign {
                            name,
                            value: Expr::Lit(_),
                            ..
                        } = a
                            && method_on(&block[i + 1..], name)
                        {
                            in_branch = true;
                        }
                    }
                }
            }
        });
    }
    assert!(
        in_loop,
        "no literal assigned in a loop then read by a method"
    );
    assert!(
        in_branch,
        "no literal assigned outside loops then read by a method"
    );
}

#[test]
fn the_default_batch_has_statements_under_cfg() {
    let mut seen: BTreeSet<String> = BTreeSet::new();
    for f in default_batch() {
        visit(&f.body, 0, &mut |block, _| {
            for (i, s) in block.iter().enumerate() {
                let Stmt::Cfg { pred, stmt } = s else {
                    continue;
                };
                let what = match &**stmt {
                    Stmt::Let { .. } => "let",
                    Stmt::Block(b) if b.iter().all(|a| matches!(a, Stmt::Assign { .. })) => {
                        "assignments"
                    }
                    Stmt::If { .. } => "if",
                    s if loop_kind(s).is_some() => "loop",
                    _ => "other",
                };
                seen.insert(format!("{what} {}", pred.holds()));
                let text = pred.text();
                for word in ["not(", "any(", "all("] {
                    if text.contains(word) {
                        seen.insert(word.to_string());
                    }
                }
                // Two alternative `let`s under complementary predicates.
                if let (Stmt::Let { name, .. }, Some(Stmt::Cfg { pred: q, stmt: t })) =
                    (&**stmt, block.get(i + 1))
                    && matches!(&**t, Stmt::Let { name: m, .. } if m == name)
                    && pred.holds() != q.holds()
                {
                    seen.insert("pair".to_string());
                }
            }
        });
    }
    for want in [
        "let true",
        "let false",
        "assignments true",
        "assignments false",
        "if true",
        "if false",
        "loop true",
        "loop false",
        "not(",
        "any(",
        "all(",
        "pair",
    ] {
        assert!(seen.contains(want), "no `{want}` under cfg in {seen:?}");
    }
}

#[test]
fn the_default_batch_has_branches_that_never_run_and_panic() {
    // `(if a > f64::MAX { panic!(..) } else { a })`: the panicking branch must take the other
    // branch's type in every mode (fails when `UNREACHED_SHARE` is 0.0).
    let mut count = 0;
    for f in default_batch() {
        let mut count_in = |e: &Expr| count += usize::from(matches!(e, Expr::Unreached(_)));
        walk_block(&f.body, &mut count_in);
        walk_expr(&f.result, &mut count_in);
    }
    assert!(count >= 3, "only {count} never-taken panicking branches");
}

#[test]
fn the_default_batch_writes_whole_literals_with_a_trailing_dot() {
    // `(2.)` as ports of C write it: a local it is assigned to types it (`0.f64` does not lex).
    let text: String = default_batch()
        .iter()
        .map(|f| ad_progen::render::function(f, "", false))
        .collect();
    let dotted = text
        .match_indices(".)")
        .filter(|(at, _)| text[..*at].ends_with(|c: char| c.is_ascii_digit()))
        .count();
    assert!(dotted >= 10, "only {dotted} literals with a trailing dot");
}

#[test]
fn the_default_batch_passes_tails_of_longer_sequences() {
    // `g(&xs[2..])`, as C passes a pointer into a longer buffer: the callee's derivative
    // copies and returns only what it reads (a prefix cotangent), which its caller pads or
    // adds into the part passed.
    let mut count = 0;
    for f in default_batch() {
        let mut count_in = |e: &Expr| {
            if let Expr::Call(_, args) = e {
                count += args
                    .iter()
                    .filter(|a| matches!(a, Arg::Slice { from: Some(_), .. }))
                    .count();
            }
        };
        walk_block(&f.body, &mut count_in);
        walk_expr(&f.result, &mut count_in);
    }
    assert!(count >= 10, "only {count} tails passed to slice parameters");
}
