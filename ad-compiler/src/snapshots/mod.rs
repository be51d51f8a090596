//! Snapshot tests of lowering and activity analysis: each fixture is lowered, verified, and
//! printed with each value's activity (`active`, `varied`, `useful`, or nothing), as Swift's
//! activity tests do: straight-line code in [`straight_line`], branches and loops in
//! [`control`], inout calls and enum variants in [`inout_and_enums`]; the reverse plans of a
//! few functions in [`reverse`], and the Rust emitted for them in [`emitted`]. Update with
//! `UPDATE_EXPECT=1 cargo test -p ad-compiler`.

mod control;
mod emitted;
mod inout_and_enums;
mod reverse;
mod straight_line;
mod tape_plans;

use crate::analysis;
use crate::diag::Diagnostics;
use crate::frontend::attr::{self, AttrKind};
use crate::ir::{pretty, verify};
use crate::lower::{self, BodyInput};
use expect_test::Expect;
use proc_macro2::TokenStream;
/// Lowers `item` with the attribute arguments `args` and prints the IR with activity.
fn lowered(args: TokenStream, item: TokenStream) -> String {
    let f: syn::ItemFn = syn::parse2(item).expect("fixture parses");
    let config = attr::parse(AttrKind::Differentiable, args).expect("fixture attribute parses");
    let mut diag = Diagnostics::default();
    let params = lower::fn_params(&f.sig);
    let body = lower::lower(
        f.sig.ident.to_string(),
        &params,
        config.wrt.as_deref(),
        BodyInput::Block(&f.block, &f.sig.output, &f.sig.generics),
        &mut diag,
    );
    let Some(body) = body else {
        return format!("error: {}", diag.to_compile_errors());
    };
    verify::verify(&body).expect("lowering keeps the IR's invariants");
    let activity = analysis::analyze(&body, &mut diag);
    let mut text = pretty::print(&body, &|v| activity.describe(v));
    if diag.has_errors() {
        text.push_str(&format!("error: {}", diag.to_compile_errors()));
    }
    text
}

pub(super) fn check(args: TokenStream, item: TokenStream, expected: Expect) {
    expected.assert_eq(&lowered(args, item));
}

/// Lowers `item` (differentiated with respect to every parameter) and analyses it.
pub(super) fn analysed(item: TokenStream) -> (crate::ir::Body, analysis::Activity) {
    let f: syn::ItemFn = syn::parse2(item).expect("fixture parses");
    let mut diag = Diagnostics::default();
    let params = lower::fn_params(&f.sig);
    let body = lower::lower(
        f.sig.ident.to_string(),
        &params,
        None,
        BodyInput::Block(&f.block, &f.sig.output, &f.sig.generics),
        &mut diag,
    )
    .expect("fixture lowers");
    let activity = analysis::analyze(&body, &mut diag);
    assert!(!diag.has_errors(), "{}", diag.to_compile_errors());
    (body, activity)
}

/// Plans the reverse derivative of `item`, verifies the plan and prints it.
pub(super) fn planned(item: TokenStream) -> String {
    let (body, activity) = analysed(item);
    let mut diag = Diagnostics::default();
    let plan = crate::reverse::plan(&body, &activity, &mut diag);
    assert!(!diag.has_errors(), "{}", diag.to_compile_errors());
    crate::reverse::verify::verify(&plan).expect("the plan keeps its invariants");
    crate::reverse::pretty::print(&plan)
}
