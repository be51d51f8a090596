//! Snapshots of straight-line code: locals, shadowing, blocks, calls, casts, tuples,
//! structs, element writes, closures and iterator chains, with each value's activity.

use super::check;
use expect_test::expect;
use quote::quote;
#[test]
fn cubed_uses_one_value_three_times() {
    check(
        quote!(),
        quote!(
            fn cubed(x: f64) -> f64 {
                x * x * x
            }
        ),
        expect![[r#"
        fn cubed(%0: x: f64 [wrt] (active)) {
          %1 = mul %0, %0                        ; active
          %2 = mul %1, %0                        ; active
          yield %2
        }
    "#]],
    );
}

#[test]
fn mutable_local_becomes_new_values() {
    check(
        quote!(wrt = (x, y)),
        quote!(
            fn f(x: f64, y: f64, scale: i32) -> f64 {
                let mut z = x * y.sin();
                z += (x / y).exp() * scale as f64;
                helper(z).powi(2) - z.ln()
            }
        ),
        expect![[r#"
            fn f(%0: x: f64 [wrt] (active), %1: y: f64 [wrt] (active), %2: scale: i32 (useful)) {
              %3 = method %1.sin()                   ; active
              %4 = mul %0, %3                        ; active
              %5 = div %0, %1                        ; active
              %6 = method %5.exp()                   ; active
              %7 = cast %2 as f64                    ; useful
              %8 = mul %6, %7                        ; active
              %9 = add %4, %8                        ; active
              %10 = call helper(%9)                  ; active
              %11 = const 2                          ; useful
              %12 = method %10.powi(%11)             ; active
              %13 = method %9.ln()                   ; active
              %14 = sub %12, %13                     ; active
              yield %14
            }
        "#]],
    );
}

#[test]
fn wrt_subset_leaves_other_parameter_inactive() {
    check(
        quote!(wrt = x),
        quote!(
            fn g(x: f64, y: f64) -> f64 {
                x * y + y.exp()
            }
        ),
        expect![[r#"
        fn g(%0: x: f64 [wrt] (active), %1: y: f64 (useful)) {
          %2 = mul %0, %1                        ; active
          %3 = method %1.exp()                   ; useful
          %4 = add %2, %3                        ; active
          yield %4
        }
    "#]],
    );
}

#[test]
fn integer_parameters_are_constants_by_default() {
    check(
        quote!(),
        quote!(
            fn p(x: f64, n: i32) -> f64 {
                x.powi(n) * n as f64
            }
        ),
        expect![[r#"
        fn p(%0: x: f64 [wrt] (active), %1: n: i32 (useful)) {
          %2 = method %0.powi(%1)                ; active
          %3 = cast %1 as f64                    ; useful
          %4 = mul %2, %3                        ; active
          yield %4
        }
    "#]],
    );
}

#[test]
fn unused_intermediate_is_varied_not_active() {
    check(
        quote!(),
        quote!(
            fn u(x: f64) -> f64 {
                let dead = x.exp();
                x * 2.0
            }
        ),
        expect![[r#"
        fn u(%0: x: f64 [wrt] (active)) {
          %1 = method %0.exp()                   ; varied
          %2 = const 2.0                         ; useful
          %3 = mul %0, %2                        ; active
          yield %3
        }
    "#]],
    );
}

#[test]
fn constant_computation_is_useful_not_active() {
    check(
        quote!(),
        quote!(
            fn c(x: f64) -> f64 {
                let k = 2.0f64.sqrt() * PI;
                k * x
            }
        ),
        expect![[r#"
        fn c(%0: x: f64 [wrt] (active)) {
          %1 = const 2.0f64                      ; useful
          %2 = method %1.sqrt()                  ; useful
          %3 = const PI                          ; useful
          %4 = mul %2, %3                        ; useful
          %5 = mul %4, %0                        ; active
          yield %5
        }
    "#]],
    );
}

/// A tuple pattern given a tuple binds each name to its component's value, with no tuple
/// built; given a tuple value, it projects the components.
#[test]
fn tuple_pattern_binds_components() {
    check(
        quote!(),
        quote!(
            fn t(x: f64, y: f64) -> f64 {
                let (a, b) = (x * y, x - y);
                a / b
            }
        ),
        expect![[r#"
            fn t(%0: x: f64 [wrt] (active), %1: y: f64 [wrt] (active)) {
              %2 = mul %0, %1                        ; active
              %3 = sub %0, %1                        ; active
              %4 = div %2, %3                        ; active
              yield %4
            }
        "#]],
    );
}

#[test]
fn tuple_pattern_projects_a_tuple_value() {
    check(
        quote!(),
        quote!(
            fn t(x: f64, y: f64) -> f64 {
                let p = (x * y, x - y);
                let (a, b) = p;
                a / b
            }
        ),
        expect![[r#"
            fn t(%0: x: f64 [wrt] (active), %1: y: f64 [wrt] (active)) {
              %2 = mul %0, %1                        ; active
              %3 = sub %0, %1                        ; active
              %4 = tuple (%2, %3)                    ; varied
              %5 = div %2, %3                        ; active
              yield %5
            }
        "#]],
    );
}

#[test]
fn integer_cast_stops_derivatives() {
    check(
        quote!(),
        quote!(
            fn i(x: f64) -> f64 {
                let n = (x * 10.0) as i32;
                x * n as f64
            }
        ),
        expect![[r#"
        fn i(%0: x: f64 [wrt] (active)) {
          %1 = const 10.0
          %2 = mul %0, %1                        ; varied
          %3 = cast %2 as i32                    ; useful
          %4 = cast %3 as f64                    ; useful
          %5 = mul %0, %4                        ; active
          yield %5
        }
    "#]],
    );
}

#[test]
fn comparisons_and_no_grad_are_never_active() {
    check(
        quote!(),
        quote!(
            fn n(x: f64, y: f64) -> f64 {
                let flag = x < y;
                let c = no_grad(y * 3.0);
                x * c
            }
        ),
        expect![[r#"
            fn n(%0: x: f64 [wrt] (active), %1: y: f64 [wrt] (varied)) {
              %2 = discrete `<` %0, %1
              %3 = opaque `(__ad_hole_0 * 3.0)` with [%1] ; useful
              %4 = mul %0, %3                        ; active
              yield %4
            }
        "#]],
    );
}

#[test]
fn references_and_derefs_are_identities() {
    check(
        quote!(),
        quote!(
            fn r(x: &f64, v: &[f64]) -> f64 {
                let y = *x;
                let w = &y;
                w.sin() * v.len() as f64
            }
        ),
        expect![[r#"
        fn r(%0: x: & f64 [wrt] (active), %1: v: & [f64] [wrt] (varied)) {
          %2 = deref %0                          ; active
          %3 = ref %2                            ; active
          %4 = method %3.sin()                   ; active
          %5 = discrete_method %1.len()          ; useful
          %6 = cast %5 as f64                    ; useful
          %7 = mul %4, %6                        ; active
          yield %7
        }
    "#]],
    );
}

#[test]
fn blocks_scope_their_lets_but_keep_assignments() {
    check(
        quote!(),
        quote!(
            fn b(x: f64) -> f64 {
                let mut acc = x;
                let y = {
                    let t = acc * 2.0;
                    acc = t + 1.0;
                    t
                };
                acc * y
            }
        ),
        expect![[r#"
            fn b(%0: x: f64 [wrt] (active)) {
              %1 = const 2.0                         ; useful
              %2 = mul %0, %1                        ; active
              %3 = const 1.0                         ; useful
              %4 = add %2, %3                        ; active
              %5 = mul %4, %2                        ; active
              yield %5
            }
        "#]],
    );
}

#[test]
fn shadowing_rebinds_names() {
    check(
        quote!(),
        quote!(
            fn s(x: f64) -> f64 {
                let x = x * 2.0;
                let x = x.ln();
                x
            }
        ),
        expect![[r#"
        fn s(%0: x: f64 [wrt] (active)) {
          %1 = const 2.0                         ; useful
          %2 = mul %0, %1                        ; active
          %3 = method %2.ln()                    ; active
          yield %3
        }
    "#]],
    );
}

#[test]
fn early_return_ends_the_body() {
    check(
        quote!(),
        quote!(
            fn e(x: f64) -> f64 {
                let y = x.cos();
                return y * x;
            }
        ),
        expect![[r#"
        fn e(%0: x: f64 [wrt] (active)) {
          %1 = method %0.cos()                   ; active
          %2 = mul %1, %0                        ; active
          yield %2
        }
    "#]],
    );
}

#[test]
fn calls_of_paths_and_associated_functions() {
    check(
        quote!(),
        quote!(
            fn k(x: f64) -> f64 {
                m::g(x) + Self::h(x, 3) + f64::sin(x)
            }
        ),
        expect![[r#"
            fn k(%0: x: f64 [wrt] (active)) {
              %1 = call m :: g(%0)                   ; active
              %2 = const 3                           ; useful
              %3 = call Self :: h(%0, %2)            ; active
              %4 = add %1, %3                        ; active
              %5 = call f64 :: sin(%0)               ; active
              %6 = add %4, %5                        ; active
              yield %6
            }
        "#]],
    );
}

#[test]
fn type_ascription_and_float_casts() {
    check(
        quote!(),
        quote!(
            fn a(x: f32) -> f64 {
                let y: f64 = x as f64;
                y * y
            }
        ),
        expect![[r#"
        fn a(%0: x: f32 [wrt] (active)) {
          %1 = cast %0 as f64                    ; active
          %2 = ascribe %1: f64                   ; active
          %3 = mul %2, %2                        ; active
          yield %3
        }
    "#]],
    );
}

#[test]
fn discrete_methods_are_constants() {
    check(
        quote!(),
        quote!(
            fn d(x: f64) -> f64 {
                x - x.floor() + x.is_nan() as i32 as f64
            }
        ),
        expect![[r#"
        fn d(%0: x: f64 [wrt] (active)) {
          %1 = discrete_method %0.floor()        ; useful
          %2 = sub %0, %1                        ; active
          %3 = discrete_method %0.is_nan()
          %4 = cast %3 as i32                    ; useful
          %5 = cast %4 as f64                    ; useful
          %6 = add %2, %5                        ; active
          yield %6
        }
    "#]],
    );
}

#[test]
fn a_bit_operation_on_an_active_value_is_an_error() {
    check(
        quote!(),
        quote!(
            fn m(x: f64) -> f64 {
                x ^ 2.0
            }
        ),
        expect![[r#"
            fn m(%0: x: f64 [wrt] (active)) {
              %1 = const 2.0                         ; useful
              %2 = no_derivative `^` %0, %1          ; active
              yield %2
            }
            error: :: core :: compile_error ! { "`^` has no derivative, and this operation uses a value that is differentiated: wrap the operand in `no_grad(..)` if its derivative should be ignored" }"#]],
    );
}

#[test]
fn unsupported_constructs_are_named() {
    check(
        quote!(),
        quote!(
            fn l(x: f64) -> f64 {
                let y = unsafe { x * 2.0 };
                y
            }
        ),
        expect![[
            r#"error: :: core :: compile_error ! { "an `unsafe` block is not supported in differentiable functions yet" }"#
        ]],
    );
}

#[test]
fn closures_are_inlined_where_called() {
    check(
        quote!(),
        quote!(
            fn c(x: f64) -> f64 {
                let s = |t: f64| t * x;
                s(1.0) + s(x)
            }
        ),
        expect![[r#"
        fn c(%0: x: f64 [wrt] (active)) {
          %2 = const 1.0                         ; useful
          %3 = ascribe %2: f64                   ; useful
          %4 = mul %3, %0                        ; active
          %5 = ascribe %0: f64                   ; active
          %6 = mul %5, %0                        ; active
          %7 = add %4, %6                        ; active
          yield %7
        }
    "#]],
    );
}

#[test]
fn iterator_chains_become_loops() {
    check(
        quote!(),
        quote!(
            fn d(xs: &[f64], w: f64) -> f64 {
                xs.iter().map(|x| x * w).sum()
            }
        ),
        expect![[r#"
            fn d(%0: xs: & [f64] [wrt] (active), %1: w: f64 [wrt] (active)) {
              %2 = const 0.0f64                      ; useful
              %3 = const 0
              %4 = discrete_method %0.len()
              %5 = discrete `..` %3, %4
              %6 = into_iter %5
              %19, %20 = loop (%7 = %2) {            ; -, active
                %8 = const false
                %9 = iter_next %6
                %10 = discrete_method %9.is_some()
                %17, %18 = if %10 {                  ; -, active
                  %11 = unwrap %9
                  %12 = index_ref %0[%11]            ; active
                  %13 = mul %12, %1                  ; active
                  %14 = add %7, %13                  ; active
                  %15 = const ()
                  yield %15, %14
                } else {
                  %16 = const ()
                  yield %16, %7
                }
                next %18 while %10
              }
              yield %20
            }
        "#]],
    );
}

#[test]
fn struct_literals_fields_and_field_assignment() {
    check(
        quote!(),
        quote!(
            fn s(x: f64) -> f64 {
                let mut p = Point { x: x * 2.0, y: 1.0 };
                p.y += x;
                p.x * p.y
            }
        ),
        expect![[r#"
            fn s(%0: x: f64 [wrt] (active)) {
              %1 = const 2.0                         ; useful
              %2 = mul %0, %1                        ; active
              %3 = const 1.0                         ; useful
              %4 = struct Point { x: %2, y: %3 }     ; active
              %5 = field %4.y                        ; active
              %6 = add %5, %0                        ; active
              %7 = set_field %4.y = %6               ; active
              %8 = field %7.x                        ; active
              %9 = field %7.y                        ; active
              %10 = mul %8, %9                       ; active
              yield %10
            }
        "#]],
    );
}

#[test]
fn element_writes_make_new_versions() {
    check(
        quote!(),
        quote!(
            fn w(x: f64) -> f64 {
                let mut v = vec![0.0; 3];
                v[1] = x * x;
                v.push(x);
                v[1] + v[3]
            }
        ),
        expect![[r#"
            fn w(%0: x: f64 [wrt] (active)) {
              %1 = const 0.0f64                      ; useful
              %2 = const 3
              %3 = vec [%1; %2]                      ; useful
              %4 = mul %0, %0                        ; active
              %5 = const 1
              %6 = index_set %3[%5] = %4             ; active
              %7 = push %6, %0                       ; active
              %8 = const 1
              %9 = index %7[%8]                      ; active
              %10 = const 3
              %11 = index %7[%10]                    ; active
              %12 = add %9, %11                      ; active
              yield %12
            }
        "#]],
    );
}
