//! Snapshots of control flow: `if` merges, `match` chains, short-circuit operators, loops
//! with their carried values, exits and flags, and nested differentiation.

use super::check;
use expect_test::expect;
use quote::quote;
#[test]
fn if_merges_assigned_locals() {
    check(
        quote!(),
        quote!(
            fn p(x: f64, y: f64) -> f64 {
                let mut acc = x * y;
                let mut n = 0;
                if x > y {
                    acc = acc * x.sin();
                    n = 1;
                }
                acc * n as f64
            }
        ),
        expect![[r#"
            fn p(%0: x: f64 [wrt] (active), %1: y: f64 [wrt] (active)) {
              %2 = mul %0, %1                        ; active
              %3 = const 0                           ; useful
              %4 = discrete `>` %0, %1
              %10, %11, %12 = if %4 {                ; -, active, useful
                %5 = method %0.sin()                 ; active
                %6 = mul %2, %5                      ; active
                %7 = const 1                         ; useful
                %8 = const ()
                yield %8, %6, %7
              } else {
                %9 = const ()
                yield %9, %2, %3
              }
              %13 = cast %12 as f64                  ; useful
              %14 = mul %11, %13                     ; active
              yield %14
            }
        "#]],
    );
}

#[test]
fn if_expression_value_and_constant_branch() {
    check(
        quote!(),
        quote!(
            fn relu(x: f64) -> f64 {
                if x > 0.0 { x } else { 0.0 }
            }
        ),
        expect![[r#"
            fn relu(%0: x: f64 [wrt] (active)) {
              %1 = const 0.0
              %2 = discrete `>` %0, %1
              %4 = if %2 {                           ; active
                yield %0
              } else {
                %3 = const 0.0f64                    ; useful
                yield %3
              }
              yield %4
            }
        "#]],
    );
}

#[test]
fn return_in_branch_moves_the_rest_into_the_other_branch() {
    check(
        quote!(),
        quote!(
            fn e(x: f64) -> f64 {
                if x < 0.0 {
                    return -x;
                }
                let y = x * x;
                y + 1.0
            }
        ),
        expect![[r#"
            fn e(%0: x: f64 [wrt] (active)) {
              %1 = const 0.0
              %2 = discrete `<` %0, %1
              %7 = if %2 {                           ; active
                %3 = neg %0                          ; active
                yield %3
              } else {
                %4 = mul %0, %0                      ; active
                %5 = const 1.0                       ; useful
                %6 = add %4, %5                      ; active
                yield %6
              }
              yield %7
            }
        "#]],
    );
}

#[test]
fn match_becomes_a_chain_of_tests() {
    check(
        quote!(),
        quote!(
            fn m(x: f64, n: i32) -> f64 {
                match n {
                    0 => x,
                    1 | 2 => x * x,
                    k if k < 0 => x.exp(),
                    _ => x.sin(),
                }
            }
        ),
        expect![[r#"
            fn m(%0: x: f64 [wrt] (active), %1: n: i32) {
              %2 = matches %1, `0`
              %14 = if %2 {                          ; active
                yield %0
              } else {
                %3 = matches %1, `1 | 2`
                %13 = if %3 {                        ; active
                  %4 = mul %0, %0                    ; active
                  yield %4
                } else {
                  %5 = matches %1, `_`
                  %9 = if %5 {
                    %6 = const 0
                    %7 = discrete `<` %1, %6
                    yield %7
                  } else {
                    %8 = const false
                    yield %8
                  }
                  %12 = if %9 {                      ; active
                    %10 = method %0.exp()            ; active
                    yield %10
                  } else {
                    %11 = method %0.sin()            ; active
                    yield %11
                  }
                  yield %12
                }
                yield %13
              }
              yield %14
            }
        "#]],
    );
}

#[test]
fn short_circuit_operators_are_branches() {
    check(
        quote!(),
        quote!(
            fn s(x: f64, y: f64) -> f64 {
                if x > 0.0 && y > 0.0 { x * y } else { y }
            }
        ),
        expect![[r#"
        fn s(%0: x: f64 [wrt] (active), %1: y: f64 [wrt] (active)) {
          %2 = const 0.0
          %3 = discrete `>` %0, %2
          %7 = if %3 {
            %4 = const 0.0
            %5 = discrete `>` %1, %4
            yield %5
          } else {
            %6 = const false
            yield %6
          }
          %9 = if %7 {                           ; active
            %8 = mul %0, %1                      ; active
            yield %8
          } else {
            yield %1
          }
          yield %9
        }
    "#]],
    );
}

#[test]
fn for_over_a_range_carries_the_assigned_local() {
    check(
        quote!(),
        quote!(
            fn pow_loop(x: f64, n: usize) -> f64 {
                let mut r = 1.0;
                for _ in 0..n {
                    r = r * x;
                }
                r
            }
        ),
        expect![[r#"
            fn pow_loop(%0: x: f64 [wrt] (active), %1: n: usize) {
              %2 = const 1.0f64                      ; useful
              %3 = const 0
              %4 = discrete `..` %3, %1
              %5 = into_iter %4
              %16, %17 = loop (%6 = %2) {            ; -, active
                %7 = const false
                %8 = iter_next %5
                %9 = discrete_method %8.is_some()
                %14, %15 = if %9 {                   ; -, active
                  %10 = unwrap %8
                  %11 = mul %6, %0                   ; active
                  %12 = const ()
                  yield %12, %11
                } else {
                  %13 = const ()
                  yield %13, %6
                }
                next %15 while %9
              }
              yield %17
            }
        "#]],
    );
}

#[test]
fn while_loop_tests_its_condition_each_iteration() {
    check(
        quote!(),
        quote!(
            fn newton(a: f64) -> f64 {
                let mut x = a;
                let mut i = 0;
                while i < 20 {
                    x = 0.5 * (x + a / x);
                    i += 1;
                }
                x
            }
        ),
        expect![[r#"
            fn newton(%0: a: f64 [wrt] (active)) {
              %1 = const 0
              %18, %19, %20 = loop (%2 = %0, %3 = %1) { ; -, active, -
                %4 = const false
                %5 = const 20
                %6 = discrete `<` %3, %5
                %15, %16, %17 = if %6 {              ; -, active, -
                  %7 = const 0.5                     ; useful
                  %8 = div %0, %2                    ; active
                  %9 = add %2, %8                    ; active
                  %10 = mul %7, %9                   ; active
                  %11 = const 1
                  %12 = add %3, %11
                  %13 = const ()
                  yield %13, %10, %12
                } else {
                  %14 = const ()
                  yield %14, %2, %3
                }
                next %16, %17 while %6
              }
              yield %19
            }
        "#]],
    );
}

#[test]
fn for_over_a_slice_reads_by_index() {
    check(
        quote!(),
        quote!(
            fn sum_sq(xs: &[f64]) -> f64 {
                let mut s = 0.0;
                for x in xs.iter() {
                    s += x * x;
                }
                s
            }
        ),
        expect![[r#"
            fn sum_sq(%0: xs: & [f64] [wrt] (active)) {
              %1 = const 0.0f64                      ; useful
              %2 = const 0
              %3 = discrete_method %0.len()
              %4 = discrete `..` %2, %3
              %5 = into_iter %4
              %18, %19 = loop (%6 = %1) {            ; -, active
                %7 = const false
                %8 = iter_next %5
                %9 = discrete_method %8.is_some()
                %16, %17 = if %9 {                   ; -, active
                  %10 = unwrap %8
                  %11 = index_ref %0[%10]            ; active
                  %12 = mul %11, %11                 ; active
                  %13 = add %6, %12                  ; active
                  %14 = const ()
                  yield %14, %13
                } else {
                  %15 = const ()
                  yield %15, %6
                }
                next %17 while %9
              }
              yield %19
            }
        "#]],
    );
}

#[test]
fn break_ends_the_iteration_and_the_loop() {
    check(
        quote!(),
        quote!(
            fn until(x: f64) -> f64 {
                let mut y = x;
                loop {
                    y = y * 1.5;
                    if y > 10.0 {
                        break;
                    }
                    y = y + 0.0;
                }
                y
            }
        ),
        expect![[r#"
            fn until(%0: x: f64 [wrt] (active)) {
              %18, %19 = loop (%1 = %0) {            ; -, active
                %2 = const false
                %3 = const true
                %4 = const 1.5                       ; useful
                %5 = mul %1, %4                      ; active
                %6 = const 10.0
                %7 = discrete `>` %5, %6
                %14, %15, %16, %17 = if %7 {         ; -, active, -, -
                  %8 = const false
                  %9 = const true
                  %10 = const ()
                  yield %10, %5, %9, %8
                } else {
                  %11 = const 0.0                    ; useful
                  %12 = add %5, %11                  ; active
                  %13 = const ()
                  yield %13, %12, %2, %3
                }
                next %15 while %17
              }
              yield %19
            }
        "#]],
    );
}

#[test]
fn return_inside_a_loop_sets_a_flag_that_guards_the_rest() {
    check(
        quote!(),
        quote!(
            fn first(xs: &[f64], t: f64) -> f64 {
                for &x in xs.iter() {
                    if x > t {
                        return x * t;
                    }
                }
                t
            }
        ),
        expect![[r#"
            fn first(%0: xs: & [f64] [wrt] (active), %1: t: f64 [wrt] (active)) {
              %2 = const false
              %3 = const :: core :: option :: Option :: < f64 > :: None ; useful
              %4 = const 0
              %5 = discrete_method %0.len()
              %6 = discrete `..` %4, %5
              %7 = into_iter %6
              %35, %36, %37 = loop (%8 = %2, %9 = %3) { ; -, -, active
                %10 = const false
                %11 = iter_next %7
                %12 = discrete_method %11.is_some()
                %30, %31, %32, %33, %34 = if %12 {   ; -, -, active, -, -
                  %13 = unwrap %11
                  %14 = index_ref %0[%13]            ; active
                  %15 = deref %14                    ; active
                  %16 = discrete `>` %15, %1
                  %24, %25, %26, %27, %28 = if %16 { ; -, -, active, -, -
                    %17 = mul %15, %1                ; active
                    %18 = some %17                   ; active
                    %19 = const true
                    %20 = const false
                    %21 = const true
                    %22 = const ()
                    yield %22, %19, %18, %21, %20
                  } else {
                    %23 = const ()
                    yield %23, %8, %9, %10, %12
                  }
                  yield %24, %25, %26, %27, %28
                } else {
                  %29 = const ()
                  yield %29, %8, %9, %10, %12
                }
                next %31, %32 while %34
              }
              %40 = if %36 {                         ; active
                %38 = clone %37                      ; active
                %39 = unwrap %38                     ; active
                yield %39
              } else {
                yield %1
              }
              yield %40
            }
        "#]],
    );
}

#[test]
fn unknown_wrt_name_is_reported() {
    check(
        quote!(wrt = z),
        quote!(
            fn w(x: f64) -> f64 {
                x
            }
        ),
        expect![[
            r#"error: :: core :: compile_error ! { "`wrt` names `z`, which is not a parameter of this function (parameters: x)" }"#
        ]],
    );
}

#[test]
fn nested_differentiate_reads_the_captured_locals_as_operands() {
    check(
        quote!(),
        quote!(
            fn confusion(x: f64) -> f64 {
                let k = 2.0;
                x * differentiate!(at: 1.0, of: |y: f64| x + k * y)
            }
        ),
        expect![[r#"
            fn confusion(%0: x: f64 [wrt] (active)) {
              %1 = const 2.0                         ; useful
              %2 = const 1.0                         ; useful
              %3 = differentiate (%2, %0, %1)        ; active
              %4 = mul %0, %3                        ; active
              yield %4
            }
        "#]],
    );
}
