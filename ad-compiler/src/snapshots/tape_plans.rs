//! Snapshots of the tape plans of loops: what each iteration keeps for the reverse (nothing,
//! a stored float, a rule's pullback), what the reverse iteration recomputes instead (the
//! item, positions, elements read again from a copy of a parameter), and how the loop is
//! walked backwards (a counted range, or a trip count). Nine shapes of loops: nothing
//! stored; a carried scalar stored; nested loops; a branch inside a loop; a `while` loop; a
//! loop writing an element a later iteration reads; a `zip`; a loop calling a differentiable
//! function; floats typed only by a helper's declared result; a loop after an early return.

use super::planned;
use expect_test::expect;
use quote::quote;

#[test]
fn a_dot_product_keeps_nothing_per_iteration() {
    let plan = planned(quote! {
        fn dot(w: &[f64], x: &[f64]) -> f64 {
            let mut acc = 0.0;
            for j in 0..x.len() {
                acc += w[j] * x[j];
            }
            acc
        }
    });
    expect![[r#"
        saved: pullback %12 (recomputed in loop %20), pullback %13 (recomputed in loop %20), pullback %14 (recomputed in loop %20), pullback %15 (recomputed in loop %20)
        primal:
          zero of parameter 0
          zero of parameter 1
          %2 = const 0.0f64
          %3 = const 0
          %4 = discrete_method %1.len()
          %5 = discrete `..` %3, %4
          %6 = into_iter %5
          %20 = loop (%7 = %2) {                 ; counted, items local, shapes of %0 for %12, %1 for %13 (local); keeps nothing per iteration
            %8 = const false
            %9 = iter_next %6
            %10 = discrete_method %9.is_some()
            %18 = if %10 {                       ; branch guard of loop %20
              %11 = unwrap %9
              %12 = index %0[%11]                ; rule index, pullback recomputed in loop %20
              %13 = index %1[%11]                ; rule index, pullback recomputed in loop %20
              %14 = mul %12, %13                 ; rule mul(both), pullback recomputed in loop %20
              %15 = add %7, %14                  ; rule add(both), pullback recomputed in loop %20
              %16 = const ()
            } else {
              %17 = const ()
            }
          }
        pullback (seed -> adj %21):
          reverse counted loop %20 {             ; items local, shapes of %0 for %12, %1 for %13 (local), carried [0]
            recompute item %11, %12, %13, %16
            lazy %7, %19
            reverse if %18 {                     ; branch guard of loop %20
              lazy %12, %13, %14, %15
              adj %15 += adj %19
              adj %7, adj %14 += pullback %15 (recomputed in loop %20)
              adj %12, adj %13 += pullback %14 (recomputed in loop %20)
              adj %1[at recomputed in loop %20] += adj %13
              adj %0[at recomputed in loop %20] += adj %12
            } else {
              adj %7 += adj %19
            }
          }
        returns: adj %0 (from zero of parameter 0), adj %1 (from zero of parameter 1)
    "#]].assert_eq(&plan);
}

#[test]
fn a_carried_product_stores_one_float_per_iteration() {
    let plan = planned(quote! {
        fn power(x: f64, n: usize) -> f64 {
            let mut r = 1.0;
            for _ in 0..n {
                r *= x;
            }
            r
        }
    });
    expect![[r#"
        saved: pullback %11 (recomputed in loop %16), value %6 (by position in loop %16)
        primal:
          zero of parameter 0
          %2 = const 1.0f64
          %3 = const 0
          %4 = discrete `..` %3, %1
          %5 = into_iter %4
          %16 = loop (%6 = %2) {                 ; counted, items local; keeps per iteration: value %6
            %7 = const false
            %8 = iter_next %5
            %9 = discrete_method %8.is_some()
            %14 = if %9 {                        ; branch guard of loop %16
              %10 = unwrap %8
              %11 = mul %6, %0                   ; rule mul(both), pullback recomputed in loop %16
              %12 = const ()
            } else {
              %13 = const ()
            }
          }
        pullback (seed -> adj %17):
          reverse counted loop %16 {             ; items local, carried [0]
            recompute item %10, %6 (stored), %12
            lazy %6, %15
            reverse if %14 {                     ; branch guard of loop %16
              lazy %11
              adj %11 += adj %15
              adj %6, adj %0 += pullback %11 (recomputed in loop %16)
            } else {
              adj %6 += adj %15
            }
          }
        returns: adj %0 (from zero of parameter 0), no tangent
    "#]].assert_eq(&plan);
}

#[test]
fn nested_loops_recompute_the_inner_range_and_positions() {
    let plan = planned(quote! {
        fn layer(w: &[f64], x: &[f64], m: usize) -> f64 {
            let n = x.len();
            let mut s = 0.0;
            for i in 0..m {
                let mut acc = 0.0;
                for j in 0..n {
                    acc += w[i * n + j] * x[j];
                }
                s += acc.tanh();
            }
            s
        }
    });
    expect![[r#"
        saved: pullback %24 (recomputed in loop %32), pullback %25 (recomputed in loop %32), pullback %26 (recomputed in loop %32), pullback %27 (recomputed in loop %32), items %32 (recomputed in loop %40), pullback %34 (recomputed in loop %40), pullback %35 (recomputed in loop %40), value %33 (by position in loop %40)
        primal:
          zero of parameter 0
          zero of parameter 1
          %3 = discrete_method %1.len()
          %4 = const 0.0f64
          %5 = const 0
          %6 = discrete `..` %5, %2
          %7 = into_iter %6
          %40 = loop (%8 = %4) {                 ; counted, items local, shapes of %0 for %24, %1 for %25 (local); keeps per iteration: value %33
            %9 = const false
            %10 = iter_next %7
            %11 = discrete_method %10.is_some()
            %38 = if %11 {                       ; branch guard of loop %40
              %12 = unwrap %10
              %13 = const 0.0f64
              %14 = const 0
              %15 = discrete `..` %14, %3
              %16 = into_iter %15
              %32 = loop (%17 = %13) {           ; counted, items recomputed in loop %40; keeps nothing per iteration
                %18 = const false
                %19 = iter_next %16
                %20 = discrete_method %19.is_some()
                %30 = if %20 {                   ; branch guard of loop %32
                  %21 = unwrap %19
                  %22 = mul %12, %3
                  %23 = add %22, %21
                  %24 = index %0[%23]            ; rule index, pullback recomputed in loop %32
                  %25 = index %1[%21]            ; rule index, pullback recomputed in loop %32
                  %26 = mul %24, %25             ; rule mul(both), pullback recomputed in loop %32
                  %27 = add %17, %26             ; rule add(both), pullback recomputed in loop %32
                  %28 = const ()
                } else {
                  %29 = const ()
                }
              }
              %34 = method %33.tanh()            ; rule method(both), pullback recomputed in loop %40
              %35 = add %8, %34                  ; rule add(both), pullback recomputed in loop %40
              %36 = const ()
            } else {
              %37 = const ()
            }
          }
        pullback (seed -> adj %41):
          reverse counted loop %40 {             ; items local, shapes of %0 for %24, %1 for %25 (local), carried [0]
            recompute item %12, %33 (stored), %13, %14, %15, %16, %36
            lazy %8, %39
            reverse if %38 {                     ; branch guard of loop %40
              lazy %33, %34, %35
              adj %35 += adj %39
              adj %8, adj %34 += pullback %35 (recomputed in loop %40)
              adj %33 += pullback %34 (recomputed in loop %40)
              reverse counted loop %32 {         ; items recomputed in loop %40, carried [0]
                recompute item %21, %22, %23, %24, %25, %28
                lazy %17, %31
                reverse if %30 {                 ; branch guard of loop %32
                  lazy %24, %25, %26, %27
                  adj %27 += adj %31
                  adj %17, adj %26 += pullback %27 (recomputed in loop %32)
                  adj %24, adj %25 += pullback %26 (recomputed in loop %32)
                  adj %1[at recomputed in loop %32] += adj %25
                  adj %0[at recomputed in loop %32] += adj %24
                } else {
                  adj %17 += adj %31
                }
              }
            } else {
              adj %8 += adj %39
            }
          }
        returns: adj %0 (from zero of parameter 0), adj %1 (from zero of parameter 1), no tangent
    "#]].assert_eq(&plan);
}

#[test]
fn a_branch_inside_a_loop_records_its_decision() {
    let plan = planned(quote! {
        fn hinge(x: &[f64]) -> f64 {
            let mut s = 0.0;
            for i in 0..x.len() {
                if x[i] > 0.0 {
                    s += x[i] * x[i];
                } else {
                    s -= x[i];
                }
            }
            s
        }
    });
    expect![[r#"
        saved: branch %22 (tape), pullback %14 (recomputed in loop %27), pullback %15 (recomputed in loop %27), pullback %16 (tape), pullback %17 (recomputed in loop %27), pullback %19 (recomputed in loop %27), pullback %20 (recomputed in loop %27)
        primal:
          zero of parameter 0
          %1 = const 0.0f64
          %2 = const 0
          %3 = discrete_method %0.len()
          %4 = discrete `..` %2, %3
          %5 = into_iter %4
          %27 = loop (%6 = %1) {                 ; counted, items local, shapes of %0 for %14, %0 for %15, %0 for %19 (local); keeps per iteration: branch %22, pullback %16
            %7 = const false
            %8 = iter_next %5
            %9 = discrete_method %8.is_some()
            %25 = if %9 {                        ; branch guard of loop %27
              %10 = unwrap %8
              %11 = index %0[%10]
              %12 = const 0.0
              %13 = discrete `>` %11, %12
              %22 = if %13 {                     ; branch tape
                %14 = index %0[%10]              ; rule index, pullback recomputed in loop %27
                %15 = index %0[%10]              ; rule index, pullback recomputed in loop %27
                %16 = mul %14, %15               ; rule mul(both), pullback tape
                %17 = add %6, %16                ; rule add(both), pullback recomputed in loop %27
                %18 = const ()
              } else {
                %19 = index %0[%10]              ; rule index, pullback recomputed in loop %27
                %20 = sub %6, %19                ; rule sub(both), pullback recomputed in loop %27
                %21 = const ()
              }
            } else {
              %24 = const ()
            }
          }
        pullback (seed -> adj %28):
          reverse counted loop %27 {             ; items local, shapes of %0 for %14, %0 for %15, %0 for %19 (local), carried [0]
            recompute item %10, %12
            lazy %6, %26
            reverse if %25 {                     ; branch guard of loop %27
              lazy %23
              adj %23 += adj %26
              reverse if %22 {                   ; branch tape
                lazy %14, %15, %16, %17
                adj %17 += adj %23
                adj %6, adj %16 += pullback %17 (recomputed in loop %27)
                adj %14, adj %15 += pullback %16 (tape)
                adj %0[at recomputed in loop %27] += adj %15
                adj %0[at recomputed in loop %27] += adj %14
              } else {
                lazy %19, %20
                adj %20 += adj %23
                adj %6, adj %19 += pullback %20 (recomputed in loop %27)
                adj %0[at recomputed in loop %27] += adj %19
              }
            } else {
              adj %6 += adj %26
            }
          }
        returns: adj %0 (from zero of parameter 0)
    "#]].assert_eq(&plan);
}

#[test]
fn a_while_loop_counts_its_trips_and_stores_a_float() {
    let plan = planned(quote! {
        fn power(x: f64, n: usize) -> f64 {
            let mut r = 1.0;
            let mut k = 0;
            while k < n {
                r = r * x;
                k += 1;
            }
            r
        }
    });
    expect![[r#"
        saved: pullback %8 (recomputed in loop %16), value %4 (tape)
        primal:
          zero of parameter 0
          %2 = const 1.0f64
          %3 = const 0
          %16 = loop (%4 = %2, %5 = %3) {        ; trips local; keeps per iteration: value %4
            %6 = const false
            %7 = discrete `<` %5, %1
            %13 = if %7 {                        ; branch guard of loop %16
              %8 = mul %4, %0                    ; rule mul(both), pullback recomputed in loop %16
              %9 = const 1
              %10 = add %5, %9
              %11 = const ()
            } else {
              %12 = const ()
            }
          }
        pullback (seed -> adj %17):
          reverse loop %16 {                     ; trips local, carried [0]
            recompute %4 (stored)
            lazy %4, %14
            reverse if %13 {                     ; branch guard of loop %16
              lazy %8
              adj %8 += adj %14
              adj %4, adj %0 += pullback %8 (recomputed in loop %16)
            } else {
              adj %4 += adj %14
            }
          }
        returns: adj %0 (from zero of parameter 0), no tangent
    "#]]
    .assert_eq(&plan);
}

#[test]
fn a_loop_reading_what_an_earlier_iteration_wrote() {
    let plan = planned(quote! {
        fn recurrence(x: f64, n: usize) -> f64 {
            let mut v = vec![1.0; n];
            for i in 1..n {
                v[i] = v[i - 1] * x;
            }
            v[n - 1]
        }
    });
    expect![[r#"
        saved: pullback %14 (recomputed in loop %21), pullback %15 (recomputed in loop %21), pullback %16 (recomputed in loop %21), value %14 (by position in loop %21)
        primal:
          zero of parameter 0
          %2 = const 1.0f64
          %3 = vec [%2; %1]
          %4 = const 1
          %5 = discrete `..` %4, %1
          %6 = into_iter %5
          %21 = loop (%7 = %3) {                 ; counted, items local, shapes of %3 for %14, types of %3 for %16 (local); keeps per iteration: value %14
            %8 = const false
            %9 = iter_next %6
            %10 = discrete_method %9.is_some()
            %19 = if %10 {                       ; branch guard of loop %21
              %11 = unwrap %9
              %12 = const 1
              %13 = sub %11, %12
              %14 = index %7[%13]                ; rule index, pullback recomputed in loop %21
              %15 = mul %14, %0                  ; rule mul(both), pullback recomputed in loop %21
              %16 = index_set %7[%11] = %15      ; rule vector, pullback recomputed in loop %21
              %17 = const ()
            } else {
              %18 = const ()
            }
          }
          %23 = const 1
          %24 = sub %1, %23
          %25 = index %22[%24]                   ; rule index, pullback local
        pullback (seed -> adj %25):
          lazy %22
          adj %22[at local] += adj %25
          reverse counted loop %21 {             ; items local, shapes of %3 for %14, types of %3 for %16 (local), carried [0]
            recompute item %11, %14 (stored), %12, %13, %17
            lazy %7, %20
            reverse if %19 {                     ; branch guard of loop %21
              lazy %14, %15, %16
              adj %16 += adj %20
              adj %7, adj %15 += split adj %16 (recomputed in loop %21)
              adj %14, adj %0 += pullback %15 (recomputed in loop %21)
              adj %7[at recomputed in loop %21] += adj %14
            } else {
              adj %7 += adj %20
            }
          }
        returns: adj %0 (from zero of parameter 0), no tangent
    "#]].assert_eq(&plan);
}

#[test]
fn a_zip_of_two_slices() {
    let plan = planned(quote! {
        fn dot(a: &[f64], b: &[f64]) -> f64 {
            a.iter().zip(b.iter()).map(|(x, y)| x * y).sum::<f64>()
        }
    });
    expect![[r#"
        saved: pullback %14 (recomputed in loop %23), pullback %15 (recomputed in loop %23), pullback %17 (recomputed in loop %23), pullback %18 (recomputed in loop %23)
        primal:
          zero of parameter 0
          zero of parameter 1
          %2 = const 0.0f64
          %3 = const 0
          %4 = discrete_method %0.len()
          %5 = discrete_method %1.len()
          %6 = call :: core :: cmp :: min(%4, %5)
          %7 = discrete `..` %3, %6
          %8 = into_iter %7
          %23 = loop (%9 = %2) {                 ; counted, items local, shapes of %0 for %14, %1 for %15 (local); keeps nothing per iteration
            %10 = const false
            %11 = iter_next %8
            %12 = discrete_method %11.is_some()
            %21 = if %12 {                       ; branch guard of loop %23
              %13 = unwrap %11
              %14 = index_ref %0[%13]            ; rule index, pullback recomputed in loop %23
              %15 = index_ref %1[%13]            ; rule index, pullback recomputed in loop %23
              %16 = tuple (%14, %15)
              %17 = mul %14, %15                 ; rule mul(both), pullback recomputed in loop %23
              %18 = add %9, %17                  ; rule add(both), pullback recomputed in loop %23
              %19 = const ()
            } else {
              %20 = const ()
            }
          }
        pullback (seed -> adj %24):
          reverse counted loop %23 {             ; items local, shapes of %0 for %14, %1 for %15 (local), carried [0]
            recompute item %13, %14, %15, %19
            lazy %9, %22
            reverse if %21 {                     ; branch guard of loop %23
              lazy %14, %15, %17, %18
              adj %18 += adj %22
              adj %9, adj %17 += pullback %18 (recomputed in loop %23)
              adj %14, adj %15 += pullback %17 (recomputed in loop %23)
              adj %1[at recomputed in loop %23] += adj %15
              adj %0[at recomputed in loop %23] += adj %14
            } else {
              adj %9 += adj %22
            }
          }
        returns: adj %0 (from zero of parameter 0), adj %1 (from zero of parameter 1)
    "#]].assert_eq(&plan);
}

#[test]
fn a_loop_calling_a_differentiable_function() {
    let plan = planned(quote! {
        fn total(x: &[f64]) -> f64 {
            let mut s = 0.0;
            for i in 0..x.len() {
                s += softplus(x[i]);
            }
            s
        }
    });
    expect![[r#"
        saved: pullback %11 (recomputed in loop %18), pullback %12 (tape), pullback %13 (tape)
        primal:
          zero of parameter 0
          %1 = const 0.0
          %2 = const 0
          %3 = discrete_method %0.len()
          %4 = discrete `..` %2, %3
          %5 = into_iter %4
          %18 = loop (%6 = %1) {                 ; counted, items local, shapes of %0 for %11 (local); keeps per iteration: pullback %12, pullback %13
            %7 = const false
            %8 = iter_next %5
            %9 = discrete_method %8.is_some()
            %16 = if %9 {                        ; branch guard of loop %18
              %10 = unwrap %8
              %11 = index %0[%10]                ; rule index, pullback recomputed in loop %18
              %12 = call softplus(%11)           ; rule call, pullback tape
              %13 = add %6, %12                  ; rule add(both), pullback tape
              %14 = const ()
            } else {
              %15 = const ()
            }
          }
        pullback (seed -> adj %19):
          reverse counted loop %18 {             ; items local, shapes of %0 for %11 (local), carried [0]
            recompute item %10, %14
            lazy %6, %17
            reverse if %16 {                     ; branch guard of loop %18
              lazy %11, %12, %13
              adj %13 += adj %17
              adj %6, adj %12 += pullback %13 (tape)
              adj %11 += pullback %12 (tape)
              adj %0[at recomputed in loop %18] += adj %11
            } else {
              adj %6 += adj %17
            }
          }
        returns: adj %0 (from zero of parameter 0)
    "#]].assert_eq(&plan);
}

/// A loop over the elements of a local built as a `Vec`: its elements are read at the
/// counted position, recomputed by the reverse (the vector's shape saved once), not at a
/// position kept per iteration.
#[test]
fn a_loop_over_a_local_vector_reads_at_recomputed_positions() {
    let plan = planned(quote! {
        fn squares(x: &[f64], s: f64) -> f64 {
            let v = x.iter().map(|a| a * s).collect::<Vec<_>>();
            let mut acc = 0.0;
            for t in v.iter() {
                acc += t * t;
            }
            acc
        }
    });
    expect![[r#"
        saved: pullback %12 (recomputed in loop %19), pullback %13 (recomputed in loop %19), pullback %14 (tape), pullback %31 (recomputed in loop %38), pullback %32 (tape), pullback %33 (tape)
        primal:
          zero of parameter 0
          zero of parameter 1
          %2 = call :: std :: vec :: Vec :: new()
          %3 = const 0
          %4 = discrete_method %0.len()
          %5 = discrete `..` %3, %4
          %6 = into_iter %5
          %19 = loop (%7 = %2) {                 ; counted, items local, shapes of %0 for %12 (local); keeps per iteration: pullback %14
            %8 = const false
            %9 = iter_next %6
            %10 = discrete_method %9.is_some()
            %17 = if %10 {                       ; branch guard of loop %19
              %11 = unwrap %9
              %12 = index_ref %0[%11]            ; rule index, pullback recomputed in loop %19
              %13 = mul %12, %1                  ; rule mul(both), pullback recomputed in loop %19
              %14 = push %7, %13                 ; rule vector, pullback tape
              %15 = const ()
            } else {
              %16 = const ()
            }
          }
          %21 = const 0.0f64
          %22 = const 0
          %23 = discrete_method %20.len()
          %24 = discrete `..` %22, %23
          %25 = into_iter %24
          %38 = loop (%26 = %21) {               ; counted, items local, shapes of %20 for %31 (local); keeps per iteration: pullback %32, pullback %33
            %27 = const false
            %28 = iter_next %25
            %29 = discrete_method %28.is_some()
            %36 = if %29 {                       ; branch guard of loop %38
              %30 = unwrap %28
              %31 = index_ref %20[%30]           ; rule index, pullback recomputed in loop %38
              %32 = mul %31, %31                 ; rule mul(both), pullback tape
              %33 = add %26, %32                 ; rule add(both), pullback tape
              %34 = const ()
            } else {
              %35 = const ()
            }
          }
        pullback (seed -> adj %39):
          lazy %20
          reverse counted loop %38 {             ; items local, shapes of %20 for %31 (local), carried [0]
            recompute item %30, %34
            lazy %26, %37
            reverse if %36 {                     ; branch guard of loop %38
              lazy %31, %32, %33
              adj %33 += adj %37
              adj %26, adj %32 += pullback %33 (tape)
              adj %31, adj %31 += pullback %32 (tape)
              adj %20[at recomputed in loop %38] += adj %31
            } else {
              adj %26 += adj %37
            }
          }
          reverse counted loop %19 {             ; items local, shapes of %0 for %12 (local), carried [0]
            recompute item %11, %12, %15
            lazy %7, %18
            reverse if %17 {                     ; branch guard of loop %19
              lazy %12, %13, %14
              adj %14 += adj %18
              adj %7, adj %13 += split adj %14 (tape)
              adj %12, adj %1 += pullback %13 (recomputed in loop %19)
              adj %0[at recomputed in loop %19] += adj %12
            } else {
              adj %7 += adj %18
            }
          }
        returns: adj %0 (from zero of parameter 0), adj %1 (from zero of parameter 1)
    "#]]
    .assert_eq(&plan);
}

/// gradbench's llsq: `s` and `t` are helpers of the same file declared `-> f64`; their results
/// make the carried `inner_sum` and `mul` floats, so the inner loop stores one float per
/// iteration (`mul`) and reverses its arithmetic as floats instead of saving pullbacks.
#[test]
fn floats_typed_by_a_helpers_declared_result() {
    let file = crate::source::from_text(
        "fn t(i: f64, n: f64) -> f64 { -1.0 + i * 2.0 / (n - 1.0) }
         fn s(ti: f64) -> f64 { ti.signum() }",
    );
    let plan = crate::source::while_expanding(Some(file), || {
        planned(quote! {
            fn primal(n: usize, m: usize, x: &[f64]) -> f64 {
                let mut sum = 0.0;
                for i in 0..n {
                    let ti = t(i as f64, n as f64);
                    let mut inner_sum = s(ti);
                    let mut mul = 1.0;
                    for j in 0..m {
                        inner_sum -= x[j] * mul;
                        mul *= ti;
                    }
                    sum += inner_sum * inner_sum;
                }
                sum
            }
        })
    });
    expect!["saved: pullback %28 (recomputed in loop %37), pullback %29 (recomputed in loop %37), pullback %30 (recomputed in loop %37), value %23 (tape), items %37 (recomputed in loop %46), pullback %40 (recomputed in loop %46), pullback %41 (recomputed in loop %46), value %38 (by position in loop %46)"]
    .assert_eq(plan.lines().next().unwrap_or_default());
}

/// ADBench's GMM step written inline: scratch vectors overwritten for every point, read and
/// written at positions the reverse recomputes. Their shapes and types come from the
/// vectors the outer loop starts from, saved once; what each loop keeps per iteration is the
/// floats its products need (and the element read at a carried counter's position).
#[test]
fn scratch_vectors_overwritten_in_nested_loops() {
    let plan = planned(quote! {
        fn scratch(d: usize, n: usize, x: &[f64], mu: &[f64], l: &[f64]) -> f64 {
            let mut xc = vec![0.0; d];
            let mut qx = vec![0.0; d];
            let mut total = 0.0;
            for ix in 0..n {
                for id in 0..d {
                    xc[id] = x[ix * d + id] - mu[id];
                }
                for id in 0..d {
                    qx[id] = 2.0 * xc[id];
                }
                let mut k = 0;
                for i in 0..d {
                    for j in i + 1..d {
                        qx[j] = qx[j] + l[k] * xc[i];
                        k += 1;
                    }
                }
                total += qx[0] * qx[1];
            }
            total
        }
    });
    let loops: Vec<&str> = plan
        .lines()
        .filter(|line| line.contains("= loop ("))
        .map(|line| line.trim())
        .collect();
    expect![[r#"
        %114 = loop (%13 = %6, %14 = %8, %15 = %9) { ; counted, items local, shapes of %2 for %30, %3 for %31, %8 for %78, %4 for %79, %8 for %103, %8 for %105, types of %6 for %33, %8 for %51, %8 for %83 (local); keeps per iteration: value %103, value %105, shape %49, shape %80
        %38 = loop (%23 = %13) {           ; counted, items recomputed in loop %114; keeps nothing per iteration
        %56 = loop (%43 = %14) {           ; counted, items recomputed in loop %114, shapes of %39 for %49 (tape); keeps nothing per iteration
        %99 = loop (%62 = %57, %63 = %58) { ; counted, items recomputed in loop %114, shapes of %39 for %80 (tape); keeps nothing per iteration
        %91 = loop (%72 = %62, %73 = %63) { ; counted, items recomputed in loop %99; keeps per iteration: value %73, value %79, value %80"#]]
    .assert_eq(&loops.join("\n"));
}

#[test]
fn a_loop_after_an_early_return_is_counted() {
    // The rest of the function after `return` is a branch: its loop runs at most once per
    // call, saves on tapes pushed once, and is planned as a counted loop (float adjoints, a
    // stored float) rather than with a pullback per operation.
    let plan = planned(quote! {
        fn power(x: f64, n: usize) -> f64 {
            if n == 0 {
                return 1.0;
            }
            let mut r = 1.0;
            for _ in 0..n {
                r *= x;
            }
            r
        }
    });
    expect![[r#"
        saved: pullback %14 (recomputed in loop %19), value %9 (tape), items %19 (tape)
        primal:
          zero of parameter 0
          %2 = const 0
          %3 = discrete `==` %1, %2
          %21 = if %3 {                          ; branch local
            %4 = const 1.0f64
          } else {
            %5 = const 1.0f64
            %6 = const 0
            %7 = discrete `..` %6, %1
            %8 = into_iter %7
            %19 = loop (%9 = %5) {               ; counted, items tape; keeps per iteration: value %9
              %10 = const false
              %11 = iter_next %8
              %12 = discrete_method %11.is_some()
              %17 = if %12 {                     ; branch guard of loop %19
                %13 = unwrap %11
                %14 = mul %9, %0                 ; rule mul(both), pullback recomputed in loop %19
                %15 = const ()
              } else {
                %16 = const ()
              }
            }
          }
        pullback (seed -> adj %21):
          reverse if %21 {                       ; branch local
          } else {
            lazy %20
            adj %20 += adj %21
            reverse counted loop %19 {           ; items tape, carried [0]
              recompute item %13, %9 (stored), %15
              lazy %9, %18
              reverse if %17 {                   ; branch guard of loop %19
                lazy %14
                adj %14 += adj %18
                adj %9, adj %0 += pullback %14 (recomputed in loop %19)
              } else {
                adj %9 += adj %18
              }
            }
          }
        returns: adj %0 (from zero of parameter 0), no tangent
    "#]].assert_eq(&plan);
}
