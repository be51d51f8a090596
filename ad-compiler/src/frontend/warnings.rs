//! Warnings on stable Rust. A proc macro cannot emit warnings, so a warning is a deprecated
//! constant, declared and used inside the generated code at the span of its cause: rustc then
//! reports "use of deprecated constant" with our note there, and `#[allow(deprecated)]` on
//! the function (copied onto the generated item) silences it.
//!
//! Warned: a differentiated parameter that the result does not depend on (its derivative is
//! always zero), with a sharper note when the parameter is overwritten before it is read;
//! not one named `_t`, which says so itself, nor an out-parameter (`out: &mut [f64]`, or the
//! `&mut self` of a method without a result).

use crate::analysis::Activity;
use crate::ir::Body;
use proc_macro2::TokenStream;
use quote::{format_ident, quote_spanned};
use syn::spanned::Spanned;
use syn::visit::Visit;

/// Statements that raise the warnings of a function, for the start of its VJP; `inout` are
/// the positions of its `&mut` parameters (`sig` takes them by value, see
/// `lower::inout_params`).
pub fn for_function(
    sig: &syn::Signature,
    inout: &[usize],
    block: &syn::Block,
    ir: &Body,
    activity: &Activity,
) -> TokenStream {
    let mut warnings = TokenStream::new();
    for (position, (param, arg)) in ir.params.iter().zip(&sig.inputs).enumerate() {
        // A name starting with `_` says, as rustc's unused-variable lint reads it, that the
        // parameter is unused on purpose (a trait's method that ignores one).
        if !param.wrt || activity.is_active(param.value) || param.name.starts_with('_') {
            continue;
        }
        // An out-parameter (`err: &mut f64`, `out: &mut [f64]`, as C ports pass results) is
        // an output: that its incoming value does not matter is what it is for.
        // So is `self` of a `&mut self` method without a result (`fn reset(&mut self)`).
        if inout.contains(&position) || (ir.inout_result && param.name == "self") {
            continue;
        }
        let note = if assigns(block, &param.name) {
            format!(
                "`{0}` is overwritten before it is read, so the result of `{1}` does not depend on the value passed for it: its derivative is always zero",
                param.name, sig.ident
            )
        } else {
            format!(
                "the result of `{}` does not depend on `{}`; its derivative is always zero (leave it out of `wrt`, or wrap it in `no_grad(..)` if that is intended)",
                sig.ident, param.name
            )
        };
        // The use of the constant carries the parameter's span: that is where rustc reports.
        let span = arg.span();
        // rustc names the constant in its message: a name that reads as the warning.
        let stem: String = param
            .name
            .trim_start_matches("r#")
            .chars()
            .map(|c| if c.is_alphanumeric() { c } else { '_' })
            .collect();
        let name = format_ident!("{stem}_has_a_zero_derivative", span = span);
        warnings.extend(quote_spanned! {span=>
            #[deprecated(note = #note)]
            #[allow(non_upper_case_globals)]
            const #name: () = ();
            let _ = #name;
        });
    }
    warnings
}

/// Whether `block` assigns the local `name` (`name = ..`).
fn assigns(block: &syn::Block, name: &str) -> bool {
    struct Finder<'n> {
        name: &'n str,
        found: bool,
    }
    impl<'ast> Visit<'ast> for Finder<'_> {
        fn visit_expr_assign(&mut self, e: &'ast syn::ExprAssign) {
            self.found |= matches!(&*e.left, syn::Expr::Path(p) if p.path.is_ident(self.name));
            syn::visit::visit_expr_assign(self, e);
        }
    }
    let mut finder = Finder { name, found: false };
    finder.visit_block(block);
    finder.found
}
