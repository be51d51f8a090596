//! Snapshots of reverse plans: what the primal saves (a local outside control flow, a slot
//! in a branch) and the pullback's steps that read it back, for a straight-line function, a
//! branch, a call and a struct method (loops: [`super::tape_plans`]); and the verifier
//! rejecting a plan whose pullback reads a tape from the wrong place.

use super::{analysed, planned};
use expect_test::expect;
use quote::quote;

#[test]
fn straight_line_saves_pullbacks_in_locals() {
    let plan = planned(quote! {
        fn f(x: f64, y: f64) -> f64 {
            x.sin() * y
        }
    });
    expect![[r#"
        primal:
          %2 = method %0.sin()                   ; rule method(both), pullback local
          %3 = mul %2, %1                        ; rule mul(both), pullback local
        pullback (seed -> adj %3):
          adj %2, adj %1 += pullback %3 (local)  ; first: %2, %1
          adj %0 += pullback %2 (local)          ; first: %0
        returns: adj %0, adj %1
    "#]]
    .assert_eq(&plan);
}

#[test]
fn a_branch_saves_its_decision_and_slots() {
    let plan = planned(quote! {
        fn f(x: f64) -> f64 {
            let mut y = x;
            if x > 0.0 {
                y = y * x;
            }
            y
        }
    });
    expect![[r#"
        saved: pullback %3 (slot)
        primal:
          zero of parameter 0
          %1 = const 0.0
          %2 = discrete `>` %0, %1
          %6 = if %2 {                           ; branch local
            %3 = mul %0, %0                      ; rule mul(both), pullback slot
            %4 = const ()
          } else {
            %5 = const ()
          }
        pullback (seed -> adj %7):
          reverse if %6 {                        ; branch local
            lazy %3
            adj %3 += adj %7
            adj %0, adj %0 += pullback %3 (slot)
          } else {
            adj %0 += adj %7
          }
        returns: adj %0 (from zero of parameter 0)
    "#]]
    .assert_eq(&plan);
}

#[test]
fn calls_and_methods_of_structs() {
    let plan = planned(quote! {
        fn f(p: Point, w: &[f64]) -> f64 {
            let d = norm(p.x, w[0]);
            d * p.scaled(2.0).y
        }
    });
    expect![[r#"
        primal:
          zero of parameter 1
          %2 = field %0.x
          %3 = const 0
          %4 = index %1[%3]                      ; rule index, pullback local
          %5 = call norm(%2, %4)                 ; rule call, pullback local
          %6 = const 2.0
          %7 = method %0.scaled(%6)              ; rule method(lhs), pullback local
          %8 = field %7.y
          %9 = mul %5, %8                        ; rule mul(both), pullback local
        pullback (seed -> adj %9):
          adj %5, adj %8 += pullback %9 (local)  ; first: %5, %8
          adj %7.y += adj %8                     ; first
          adj %0 += pullback %7 (local)          ; first: %0
          adj %2, adj %4 += pullback %5 (local)  ; first: %2, %4
          adj %1[at local] += adj %4
          adj %0.x += adj %2
        returns: adj %0, adj %1 (from zero of parameter 1)
    "#]]
    .assert_eq(&plan);
}

#[test]
fn the_verifier_rejects_a_tape_read_outside_its_loop() {
    // (`sin`'s pullback goes on a tape; the product's adjoint reads a stored `r`.)
    let (body, activity) = analysed(quote! {
        fn f(x: f64, n: usize) -> f64 {
            let mut r = 1.0;
            for _ in 0..n {
                r = (r * x).sin();
            }
            r
        }
    });
    let mut diag = crate::diag::Diagnostics::default();
    let mut plan = crate::reverse::plan(&body, &activity, &mut diag);
    assert!(crate::reverse::verify::verify(&plan).is_ok());
    // Move the reverse loop's steps out of it: their tape reads are no longer in the loop.
    use crate::reverse::plan::AdjointStep;
    let position = plan
        .adjoint
        .iter()
        .position(|s| matches!(s, AdjointStep::Loop { .. }))
        .expect("the plan reverses the loop");
    let AdjointStep::Loop { body, .. } = &mut plan.adjoint[position] else {
        unreachable!()
    };
    let steps = std::mem::take(&mut body.steps);
    plan.adjoint.extend(steps);
    let problem = crate::reverse::verify::verify(&plan).expect_err("a misplaced read");
    assert!(
        problem.contains("within loops [ValueId(17)] but read from")
            && problem.ends_with("within loops []"),
        "{problem}"
    );
}

#[test]
fn the_verifier_rejects_an_adjoint_added_to_before_it_is_written() {
    let (body, activity) = analysed(quote! {
        fn f(x: f64, y: f64) -> f64 {
            x.sin() * y
        }
    });
    let mut diag = crate::diag::Diagnostics::default();
    let mut plan = crate::reverse::plan(&body, &activity, &mut diag);
    assert!(crate::reverse::verify::verify(&plan).is_ok());
    // The product's pullback is the first to write adj[sin x]: make it add instead.
    use crate::reverse::plan::AdjointStep;
    let Some(AdjointStep::Pullback { contributions, .. }) = plan.adjoint.first_mut() else {
        panic!("the pullback starts with the product's rule");
    };
    contributions[0].first = false;
    let problem = crate::reverse::verify::verify(&plan).expect_err("an add before the write");
    assert!(
        problem.contains("added to before it is written"),
        "{problem}"
    );
}
