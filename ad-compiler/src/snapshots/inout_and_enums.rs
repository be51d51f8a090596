//! Snapshots of inout calls and parameters (`f(&mut s, x)`, `fn f(acc: &mut f64, ..)`) and of
//! enum variants (payload bindings and variants built in the body).

use super::check;
use expect_test::expect;
use quote::quote;

#[test]
fn an_inout_call_reads_the_place_and_assigns_its_new_value() {
    check(
        quote!(),
        quote! {
            fn f(x: f64, y: f64) -> f64 {
                let mut s = 0.0;
                let mut v = vec![x, y];
                let hit = accumulate(&mut s, x);
                accumulate(&mut v[1], y);
                if hit { s * v[1] } else { s }
            }
        },
        expect![[r#"
            fn f(%0: x: f64 [wrt] (active), %1: y: f64 [wrt] (active)) {
              %2 = const 0.0                         ; useful
              %3 = vec [%0, %1]                      ; active
              %4 = call accumulate(&mut %2, %0)      ; active
              %5 = field %4.1                        ; active
              %6 = field %4.0                        ; varied
              %7 = const 1
              %8 = index %3[%7]                      ; active
              %9 = call accumulate(&mut %8, %1)      ; active
              %10 = field %9.1                       ; active
              %11 = const 1
              %12 = index_set %3[%11] = %10          ; active
              %13 = field %9.0 [discarded]           ; varied
              %17 = if %6 {                          ; active
                %14 = const 1
                %15 = index %12[%14]                 ; active
                %16 = mul %5, %15                    ; active
                yield %16
              } else {
                yield %5
              }
              yield %17
            }
        "#]],
    );
}

#[test]
fn an_inout_parameter_is_returned_after_the_result() {
    check(
        quote!(),
        quote! {
            fn accumulate(acc: &mut f64, x: f64) -> bool {
                *acc += x * x;
                *acc > 1.0
            }
        },
        expect![[r#"
            fn accumulate(%0: acc: f64 [wrt] (active), %1: x: f64 [wrt] (active)) {
              %2 = mul %1, %1                        ; active
              %3 = add %0, %2                        ; active
              %4 = const 1.0
              %5 = discrete `>` %3, %4               ; useful
              %6 = tuple (%5, %3)                    ; active
              yield %6
            }
        "#]],
    );
}

#[test]
fn payload_bindings_read_the_fields_of_the_variant() {
    check(
        quote!(),
        quote! {
            fn area(s: Shape, k: f64) -> f64 {
                let t = match s {
                    Shape::Circle(r) => Shape::Circle(r * k),
                    Shape::Rect { w, h } => Shape::Rect { w: w * k, h },
                };
                match t {
                    Shape::Circle(r) => r * r,
                    Shape::Rect { w, .. } => w,
                }
            }
        },
        expect![[r#"
            fn area(%0: s: Shape [wrt] (active), %1: k: f64 [wrt] (active)) {
              %2 = matches %0, `Shape :: Circle (_)`
              %10 = if %2 {                          ; active
                %3 = payload %0 as Shape :: Circle.0 ; active
                %4 = mul %3, %1                      ; active
                %5 = struct Shape :: Circle { 0: %4 } ; active
                yield %5
              } else {
                %6 = payload %0 as Shape :: Rect.w   ; active
                %7 = payload %0 as Shape :: Rect.h   ; active
                %8 = mul %6, %1                      ; active
                %9 = struct Shape :: Rect { w: %8, h: %7 } ; active
                yield %9
              }
              %11 = matches %10, `Shape :: Circle (_)`
              %15 = if %11 {                         ; active
                %12 = payload %10 as Shape :: Circle.0 ; active
                %13 = mul %12, %12                   ; active
                yield %13
              } else {
                %14 = payload %10 as Shape :: Rect.w ; active
                yield %14
              }
              yield %15
            }
        "#]],
    );
}

#[test]
fn index_vectors_lent_mutably_carry_no_derivative() {
    // gradbench's det_of_minor: the index vectors `r` and `c` are written and passed on
    // `&mut`; the new versions a call gives back are as constant as what was lent.
    check(
        quote!(),
        quote! {
            fn minor(a: &[f64], n: usize, r: &mut [usize]) -> f64 {
                let r0 = r[n];
                r[n] = r[r0];
                let d = if n == 0 { a[r0] } else { a[r0] * minor(a, n - 1, r) };
                r[n] = r0;
                d
            }
        },
        expect![[r#"
            fn minor(%0: a: & [f64] [wrt] (active), %1: n: usize (useful), %2: r: :: std :: vec :: Vec < usize > (useful)) {
              %3 = index %2[%1]                      ; useful
              %4 = index %2[%3]                      ; useful
              %5 = index_set %2[%1] = %4             ; useful
              %6 = const 0
              %7 = discrete `==` %1, %6
              %16, %17 = if %7 {                     ; active, useful
                %8 = index %0[%3]                    ; active
                yield %8, %5
              } else {
                %9 = index %0[%3]                    ; active
                %10 = const 1                        ; useful
                %11 = sub %1, %10                    ; useful
                %12 = call minor(%0, %11, &mut %5)   ; active
                %13 = field %12.1                    ; useful
                %14 = field %12.0                    ; active
                %15 = mul %9, %14                    ; active
                yield %15, %13
              }
              %18 = index_set %17[%1] = %3           ; useful
              %19 = tuple (%16, %18)                 ; active
              yield %19
            }
        "#]],
    );
}
