//! Snapshots of emitted Rust: the reverse derivative (`vjp`) that `#[differentiable]` prints
//! for a branch, a loop, a call and a struct method, formatted. The forward and second-order
//! derivatives are printed from the same IR and are checked by the suites' mode comparisons.

use expect_test::{Expect, expect};
use proc_macro2::TokenStream;
use quote::quote;

/// Expands `#[differentiable]` on `item` and prints its reverse derivative: the companion's
/// `vjp` for a free function, the sibling `__ad_vjp_<name>` for a method (`in_impl`).
fn reverse_of(item: TokenStream, in_impl: bool) -> String {
    let expanded = crate::differentiable(TokenStream::new(), item);
    let vjp = if in_impl {
        let block: syn::ItemImpl =
            syn::parse2(quote!(impl Snapshot { #expanded })).expect("the expansion parses");
        block.items.into_iter().find_map(|item| match item {
            syn::ImplItem::Fn(f) if f.sig.ident.to_string().starts_with("__ad_vjp_") => {
                Some(quote!(#f))
            }
            _ => None,
        })
    } else {
        let file: syn::File = syn::parse2(expanded).expect("the expansion parses");
        file.items.into_iter().find_map(|item| match item {
            syn::Item::Mod(m) => m.content?.1.into_iter().find_map(|inner| match inner {
                syn::Item::Fn(f) if f.sig.ident == "vjp" => Some(quote!(#f)),
                _ => None,
            }),
            _ => None,
        })
    };
    let vjp = vjp.expect("a reverse derivative was emitted");
    let file: syn::File = syn::parse2(vjp).expect("the derivative parses");
    prettyplease::unparse(&file)
}

fn check(item: TokenStream, in_impl: bool, expected: Expect) {
    expected.assert_eq(&reverse_of(item, in_impl));
}

#[test]
fn a_branch_records_the_decision_and_reverses_the_branch_taken() {
    check(
        quote! {
            fn f(x: f64) -> f64 {
                let mut y = x;
                if x > 0.0 {
                    y = y * x;
                }
                y
            }
        },
        false,
        expect![[r#"
            #[doc(hidden)]
            #[allow(
                unused_mut,
                unused_variables,
                unused_parens,
                unreachable_code,
                non_snake_case,
                clippy::all,
                clippy::pedantic
            )]
            #[inline]
            pub fn vjp(__ad_p0: f64) -> (f64, impl ::core::ops::Fn(f64) -> (f64,) + use<>) {
                #[allow(unused_imports)]
                use ::ad::__private::method_rules::*;
                let mut __ad_v0 = __ad_p0;
                let mut __ad_pb3 = ::core::option::Option::None;
                let __ad_zero0 = ::ad::__private::Differentiable::zero_shape(&__ad_v0);
                let mut __ad_v1 = 0.0;
                let mut __ad_v2 = __ad_v0 > __ad_v1;
                let __ad_br6 = __ad_v2;
                let (mut __ad_v6, mut __ad_v7) = if __ad_v2 {
                    let (mut __ad_v3, __ad_fresh_pullback) = ::ad::__private::MulRule::mul_vjp(
                        __ad_v0,
                        __ad_v0,
                    );
                    __ad_pb3 = ::core::option::Option::Some(__ad_fresh_pullback);
                    let mut __ad_v4 = ();
                    (__ad_v4, __ad_v3)
                } else {
                    let mut __ad_v5 = ();
                    (__ad_v5, __ad_v0)
                };
                (
                    __ad_v7,
                    move |__ad_seed: f64| {
                        let mut __ad_adj7 = ::core::option::Option::Some(__ad_seed);
                        let mut __ad_adj0 = __ad_zero0.zeros();
                        if (__ad_br6) {
                            let mut __ad_adj3 = ::core::option::Option::None;
                            if let ::core::option::Option::Some(__ad_d) = __ad_adj7.take() {
                                ::ad::__private::accumulate(&mut __ad_adj3, __ad_d);
                            }
                            if let ::core::option::Option::Some(__ad_d) = __ad_adj3.take() {
                                if let ::core::option::Option::Some(__ad_saved) = &__ad_pb3 {
                                    let (__ad_ct3_0, __ad_ct3_1) = __ad_saved(__ad_d);
                                    ::ad::__private::add_into(&mut __ad_adj0, __ad_ct3_0);
                                    ::ad::__private::add_into(&mut __ad_adj0, __ad_ct3_1);
                                }
                            }
                        } else {
                            if let ::core::option::Option::Some(__ad_d) = __ad_adj7.take() {
                                ::ad::__private::add_into(&mut __ad_adj0, __ad_d);
                            }
                        }
                        (__ad_adj0,)
                    },
                )
            }
        "#]],
    );
}

#[test]
fn a_loop_stores_a_float_per_iteration_and_walks_its_range_backwards() {
    check(
        quote! {
            fn power(x: f64, n: usize) -> f64 {
                let mut r = 1.0;
                for _ in 0..n {
                    r = r * x;
                }
                r
            }
        },
        false,
        expect![[r#"
            #[doc(hidden)]
            #[allow(
                unused_mut,
                unused_variables,
                unused_parens,
                unreachable_code,
                non_snake_case,
                clippy::all,
                clippy::pedantic
            )]
            #[inline]
            pub fn vjp(
                __ad_p0: f64,
                __ad_p1: usize,
            ) -> (f64, impl ::core::ops::Fn(f64) -> (f64, ::ad::__private::NoTangent) + use<>) {
                #[allow(unused_imports)]
                use ::ad::__private::method_rules::*;
                let mut __ad_v0 = __ad_p0;
                let mut __ad_v1 = __ad_p1;
                let __ad_zero0 = ::ad::__private::Differentiable::zero_shape(&__ad_v0);
                let mut __ad_v2 = 1.0f64;
                let mut __ad_v3 = 0;
                let mut __ad_v4 = __ad_v3..__ad_v1;
                let mut __ad_v5 = ::core::iter::IntoIterator::into_iter(__ad_v4);
                let __ad_items16 = ::core::clone::Clone::clone(&__ad_v5);
                let __ad_positions16 = ::ad::__private::CountedRange::positions(&__ad_v5);
                let mut __ad_stored6 = ::ad::__private::FloatTape::<
                    f64,
                >::zeros(::ad::__private::CountedRange::trips(&__ad_v5));
                let (mut __ad_v6,) = (__ad_v2,);
                loop {
                    let mut __ad_v7 = false;
                    let mut __ad_v8 = ::core::iter::Iterator::next(&mut __ad_v5);
                    let mut __ad_v9 = __ad_v8.is_some();
                    ::ad::__private::discrete_query(
                        (&::ad::__private::Query(&__ad_v9)).query_kind(),
                    );
                    let (mut __ad_v14, mut __ad_v15) = if __ad_v9 {
                        let mut __ad_v10 = __ad_v8.unwrap();
                        let mut __ad_v11 = __ad_v6 * __ad_v0;
                        let mut __ad_v12 = ();
                        __ad_stored6[::ad::__private::Position::of(&__ad_positions16, __ad_v10)] = ::ad::__private::Operand::operand(
                            __ad_v6,
                        );
                        (__ad_v12, __ad_v11)
                    } else {
                        let mut __ad_v13 = ();
                        (__ad_v13, __ad_v6)
                    };
                    let __ad_again16 = __ad_v9;
                    (__ad_v6,) = (__ad_v15,);
                    if !__ad_again16 {
                        break;
                    }
                }
                let (mut __ad_v16, mut __ad_v17) = ((), __ad_v6);
                (
                    __ad_v17,
                    move |__ad_seed: f64| {
                        let mut __ad_adj17 = ::core::option::Option::Some(__ad_seed);
                        let mut __ad_adj0 = __ad_zero0.zeros();
                        let mut __ad_carry16_0 = __ad_adj17.take();
                        {
                            let mut __ad_adj6 = ::core::option::Option::None;
                            let mut __ad_adj15 = ::core::option::Option::None;
                            if let ::core::option::Option::Some(__ad_d) = __ad_carry16_0.take() {
                                ::ad::__private::accumulate(&mut __ad_adj15, __ad_d);
                            }
                            if let ::core::option::Option::Some(__ad_d) = __ad_adj15.take() {
                                ::ad::__private::accumulate(&mut __ad_adj6, __ad_d);
                            }
                            __ad_carry16_0 = __ad_adj6.take();
                        }
                        for __ad_item16 in ::core::iter::Iterator::rev(
                            ::core::clone::Clone::clone(&__ad_items16),
                        ) {
                            let mut __ad_adj6 = ::core::option::Option::None;
                            let mut __ad_adj15 = ::core::option::Option::None;
                            if let ::core::option::Option::Some(__ad_d) = __ad_carry16_0.take() {
                                ::ad::__private::accumulate(&mut __ad_adj15, __ad_d);
                            }
                            let mut __ad_v10 = __ad_item16;
                            let mut __ad_v6 = __ad_stored6[::ad::__private::Position::of(
                                &__ad_positions16,
                                __ad_v10,
                            )];
                            let mut __ad_v12 = ();
                            let mut __ad_adj11 = ::core::option::Option::None;
                            if let ::core::option::Option::Some(__ad_d) = __ad_adj15.take() {
                                ::ad::__private::accumulate(&mut __ad_adj11, __ad_d);
                            }
                            if let ::core::option::Option::Some(__ad_d) = __ad_adj11.take() {
                                let (__ad_ct11_0, __ad_ct11_1) = {
                                    let __ad_d: f64 = __ad_d;
                                    (__ad_d * __ad_v0, __ad_d * __ad_v6)
                                };
                                ::ad::__private::accumulate(&mut __ad_adj6, __ad_ct11_0);
                                ::ad::__private::add_into(&mut __ad_adj0, __ad_ct11_1);
                            }
                            __ad_carry16_0 = __ad_adj6.take();
                        }
                        (__ad_adj0, ::ad::__private::NoTangent)
                    },
                )
            }
        "#]],
    );
}

#[test]
fn a_call_goes_through_the_callees_companion() {
    check(
        quote! {
            fn f(x: f64, y: f64) -> f64 {
                helper(x, y).sin() * y
            }
        },
        false,
        expect![[r##"
            #[doc(hidden)]
            #[allow(
                unused_mut,
                unused_variables,
                unused_parens,
                unreachable_code,
                non_snake_case,
                clippy::all,
                clippy::pedantic
            )]
            #[inline]
            pub fn vjp(
                __ad_p0: f64,
                __ad_p1: f64,
            ) -> (f64, impl ::core::ops::Fn(f64) -> (f64, f64) + use<>) {
                #[allow(unused_imports)]
                use ::ad::__private::method_rules::*;
                #[allow(non_camel_case_types)]
                #[diagnostic::on_unimplemented(
                    message = "the method `sin` has no derivative",
                    label = "`sin` is called on a differentiated value here",
                    note = "put `#[differentiable]` on `sin` (on a trait's method called through a type parameter, on the trait and its impls), register a derivative with `#[derivative(of = Type::sin)]`, or wrap the call in `no_grad(..)` if no derivative should flow through it"
                )]
                trait sin_has_a_derivative {}
                #[allow(non_camel_case_types)]
                trait derivative_of_sin {
                    fn __ad_vjp_sin(&mut self);
                }
                impl<T: ?Sized + sin_has_a_derivative> derivative_of_sin for T {
                    fn __ad_vjp_sin(&mut self) {}
                }
                #[allow(non_camel_case_types, non_snake_case, dead_code, unused_imports)]
                mod __ad_functions_without_derivative {
                    #[diagnostic::on_unimplemented(
                        message = "the function `helper` has no derivative",
                        label = "`helper` is called on a differentiated value here",
                        note = "put `#[differentiable]` on `helper`, register a derivative with `#[derivative(of = helper)]`, or wrap the call in `no_grad(..)` if no derivative should flow through it"
                    )]
                    pub trait helper_has_a_derivative {}
                    pub mod helper {
                        pub fn vjp<A0, A1, R, P>(_: A0, _: A1) -> (R, P)
                        where
                            (A0, A1): super::helper_has_a_derivative,
                        {
                            ::core::unreachable!()
                        }
                        pub(in super::super::super) use super::super::super::helper as original;
                        pub fn forward<A0, A1, T0, T1, R: ::ad::__private::Differentiable>(
                            _: A0,
                            _: A1,
                            _: T0,
                            _: T1,
                        ) -> (R, ::ad::__private::Tangent<R>) {
                            ::core::unreachable!()
                        }
                        pub fn second<A0, A1, T0, T1, R: ::ad::__private::Differentiable>(
                            _: A0,
                            _: A1,
                            _: T0,
                            _: T1,
                        ) -> (R, ::ad::__private::SecondTangent<R>) {
                            ::core::unreachable!()
                        }
                    }
                }
                #[allow(unused_imports)]
                use __ad_functions_without_derivative::*;
                #[allow(unused_imports)]
                use super::helper;
                let mut __ad_v0 = __ad_p0;
                let mut __ad_v1 = __ad_p1;
                let (mut __ad_v2, __ad_pb2) = helper::vjp(__ad_v0, __ad_v1);
                let (mut __ad_v3, __ad_pb3) = __ad_v2.__ad_vjp_sin();
                let (mut __ad_v4, __ad_pb4) = ::ad::__private::MulRule::mul_vjp(
                    ::ad::__private::Operand::operand(__ad_v3),
                    __ad_v1,
                );
                (
                    __ad_v4,
                    move |__ad_seed: f64| {
                        let mut __ad_adj4 = __ad_seed;
                        let __ad_d = __ad_adj4;
                        let __ad_saved = &__ad_pb4;
                        let (__ad_ct4_0, __ad_ct4_1) = __ad_saved(__ad_d);
                        let mut __ad_adj3 = __ad_ct4_0;
                        let mut __ad_adj1 = __ad_ct4_1;
                        let __ad_d = __ad_adj3;
                        let __ad_saved = &__ad_pb3;
                        let (__ad_ct3_0,) = __ad_saved(__ad_d);
                        let mut __ad_adj2 = (&::ad::__private::Cotangent::new(__ad_ct3_0))
                            .into_adjoint();
                        let __ad_d = __ad_adj2;
                        let __ad_saved = &__ad_pb2;
                        let (__ad_ct2_0, __ad_ct2_1) = __ad_saved(__ad_d);
                        let mut __ad_adj0 = (&::ad::__private::Cotangent::new(__ad_ct2_0))
                            .into_adjoint();
                        ::ad::__private::add_into(
                            &mut __ad_adj1,
                            (&::ad::__private::Cotangent::new(__ad_ct2_1)).into_adjoint(),
                        );
                        (__ad_adj0, __ad_adj1)
                    },
                )
            }
        "##]],
    );
}

#[test]
fn a_method_reads_fields_of_self() {
    check(
        quote! {
            fn energy(&self, k: f64) -> f64 {
                0.5 * k * self.x * self.x
            }
        },
        true,
        expect![[r#"
            #[doc(hidden)]
            #[allow(
                unused_mut,
                unused_variables,
                unused_parens,
                unreachable_code,
                non_snake_case,
                clippy::all,
                clippy::pedantic
            )]
            #[inline]
            fn __ad_vjp_energy(
                &self,
                __ad_p1: f64,
            ) -> (
                f64,
                impl ::core::ops::Fn(
                    f64,
                ) -> (<Self as ::ad::__private::Differentiable>::TangentVector, f64) + use<>,
            ) {
                let _ = Self::energy;
                #[allow(unused_imports)]
                use ::ad::__private::method_rules::*;
                let mut __ad_v0 = self;
                let mut __ad_v1 = __ad_p1;
                let mut __ad_v2 = 0.5;
                let (mut __ad_v3, __ad_pb3) = ::ad::__private::ops::mul_vjp_rhs(__ad_v2, __ad_v1);
                let mut __ad_v4 = __ad_v0.x;
                let (mut __ad_v5, __ad_pb5) = ::ad::__private::MulRule::mul_vjp(
                    __ad_v3,
                    ::ad::__private::Operand::operand(__ad_v4),
                );
                let mut __ad_v6 = __ad_v0.x;
                let (mut __ad_v7, __ad_pb7) = ::ad::__private::MulRule::mul_vjp(
                    __ad_v5,
                    ::ad::__private::Operand::operand(__ad_v6),
                );
                (
                    __ad_v7,
                    move |__ad_seed: f64| {
                        let mut __ad_adj7 = __ad_seed;
                        let __ad_d = __ad_adj7;
                        let __ad_saved = &__ad_pb7;
                        let (__ad_ct7_0, __ad_ct7_1) = __ad_saved(__ad_d);
                        let mut __ad_adj5 = __ad_ct7_0;
                        let mut __ad_adj6 = __ad_ct7_1;
                        let __ad_d = __ad_adj6;
                        let mut __ad_adj0 = ::ad::__private::from_field::<
                            12638214688346347271u64,
                            _,
                        >(__ad_d);
                        let __ad_d = __ad_adj5;
                        let __ad_saved = &__ad_pb5;
                        let (__ad_ct5_0, __ad_ct5_1) = __ad_saved(__ad_d);
                        let mut __ad_adj3 = __ad_ct5_0;
                        let mut __ad_adj4 = __ad_ct5_1;
                        let __ad_d = __ad_adj4;
                        ::ad::__private::add_into(
                            &mut __ad_adj0,
                            ::ad::__private::from_field::<12638214688346347271u64, _>(__ad_d),
                        );
                        let __ad_d = __ad_adj3;
                        let __ad_saved = &__ad_pb3;
                        let __ad_ct3_0 = __ad_saved(__ad_d);
                        let mut __ad_adj1 = __ad_ct3_0;
                        (__ad_adj0, __ad_adj1)
                    },
                )
            }
        "#]],
    );
}
