//! The generator's programs resolve, and shrinking offers variants of them.

use ad_progen::generate::{batch, name, reachable};
use ad_progen::scope::valid;
use ad_progen::shrink::{Program, candidates};
use std::collections::BTreeMap;

#[test]
fn generated_programs_resolve_and_have_shrink_candidates() {
    for i in [0usize, 5, 17, 42, 830] {
        let functions = batch(1, [i]);
        let kinds: BTreeMap<_, _> = functions
            .iter()
            .map(|f| (f.name.clone(), f.params.iter().map(|p| p.kind).collect()))
            .collect();
        for f in &functions {
            assert!(valid(f, &kinds), "{} of seed 1 does not resolve", f.name);
        }
        let p = Program {
            functions: reachable(&functions, &name(i)),
            root: name(i),
        };
        assert!(!candidates(&p).is_empty(), "no candidates for f{i}");
    }
}

#[test]
fn shrinking_drops_a_cfg_that_holds_and_simplifies_predicates() {
    use ad_progen::ast::*;
    let here = || CfgPred::PointerWidth(usize::BITS);
    let elsewhere = || CfgPred::PointerWidth(if usize::BITS == 16 { 32 } else { 16 });
    let let_c = |value: f64| Stmt::Let {
        name: "c".into(),
        mutable: false,
        value: Expr::Binary(
            Binary::Mul,
            Box::new(Expr::Var("x0".into())),
            Box::new(Expr::Lit(value)),
        ),
    };
    let holds = CfgPred::Any(vec![elsewhere(), CfgPred::Not(Box::new(elsewhere()))]);
    let fails = CfgPred::All(vec![here(), elsewhere()]);
    let f = Function {
        name: "f0".into(),
        seed: 0,
        index: 0,
        params: vec![Param {
            name: "x0".into(),
            kind: ParamKind::Scalar,
        }],
        body: vec![
            Stmt::Cfg {
                pred: holds.clone(),
                stmt: Box::new(let_c(2.0)),
            },
            Stmt::Cfg {
                pred: fails.clone(),
                stmt: Box::new(let_c(3.0)),
            },
        ],
        result: Expr::Var("c".into()),
    };
    let p = Program {
        functions: vec![f],
        root: "f0".into(),
    };
    let bodies: Vec<Vec<Stmt>> = candidates(&p)
        .into_iter()
        .map(|c| c.functions[0].body.clone())
        .collect();
    // The attribute that holds dropped; the other never (its statement is not there).
    assert!(bodies.iter().any(|b| b[0] == let_c(2.0)));
    assert!(!bodies.iter().any(|b| b.contains(&let_c(3.0))));
    // Deleting the `let` that is there leaves `c` unbound: not offered.
    assert!(
        !bodies
            .iter()
            .any(|b| b.len() == 1 && matches!(&b[0], Stmt::Cfg { pred, .. } if *pred == fails))
    );
    // Predicates made plainer, of the same truth.
    let plain = |b: &Vec<Stmt>, k: usize, want: &CfgPred| matches!(b.get(k), Some(Stmt::Cfg { pred, .. }) if pred == want);
    assert!(bodies.iter().any(|b| plain(b, 0, &here())));
    assert!(
        bodies
            .iter()
            .any(|b| plain(b, 1, &CfgPred::Not(Box::new(here()))))
    );
    assert!(
        bodies
            .iter()
            .any(|b| plain(b, 1, &CfgPred::All(vec![elsewhere()])))
    );
    // Every candidate keeps each predicate's truth (the first `let` is always there, as `c`
    // needs it).
    for b in &bodies {
        for (k, s) in b.iter().enumerate() {
            if let Stmt::Cfg { pred, .. } = s {
                assert_eq!(pred.holds(), k == 0, "{pred:?}");
            }
        }
    }
}
