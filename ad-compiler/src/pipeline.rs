//! The passes every body goes through, for functions and closures alike: lower (syntax to
//! the SSA IR) -> verify (the IR's invariants) -> analyse (activity) -> plan (the reverse
//! derivative, on demand). Takes the parameters and body a front end parsed; returns the
//! analysed body, from which the emitters print the derivatives.

use crate::analysis;
use crate::diag::Diagnostics;
use crate::ir::{self, Body};
use crate::lower::{self, BodyInput, ParamInput};
use crate::reverse::{self, plan::ReversePlan};
use syn::spanned::Spanned;

/// A lowered body and its activity, ready for derivative generation.
pub struct Differentiated {
    /// The lowered body.
    pub ir: Body,
    /// Which of its values carry derivatives.
    pub activity: analysis::Activity,
}

impl Differentiated {
    /// The plan of the reverse derivative, verified; `None` when planning recorded an error.
    pub fn reverse_plan(&self, diag: &mut Diagnostics) -> Option<ReversePlan<'_>> {
        let plan = reverse::plan(&self.ir, &self.activity, diag);
        if let Err(problem) = reverse::verify::verify(&plan) {
            diag.internal(
                proc_macro2::Span::call_site(),
                format!(
                    "the reverse plan of `{}` is inconsistent: {problem}",
                    self.ir.name
                ),
            );
        }
        (!diag.has_errors()).then_some(plan)
    }
}

/// The passes from syntax to an analysed body; `None` when an error was recorded.
pub fn differentiate(
    name: String,
    params: &[ParamInput],
    wrt: Option<&[syn::Ident]>,
    body: BodyInput<'_>,
    diag: &mut Diagnostics,
) -> Option<Differentiated> {
    let span = match &body {
        BodyInput::Block(b, _, _) => b.span(),
        BodyInput::Expr(e) => e.span(),
    };
    let mut ir = lower::lower(name.clone(), params, wrt, body, diag)?;
    // A closure given to a function that captures differentiated locals is lowered again as a
    // capturing function, through which their derivatives flow, and a function given to a
    // call that carries no derivative as written: which values are differentiated is known
    // only once the body is analysed.
    // A capturing closure makes the call it is given to differentiated, and what that call
    // returns may be captured by another closure: lowered again until the forms settle.
    let mut forms = std::collections::HashMap::new();
    for _ in 0..lower::MAX_LOWERINGS {
        let activity = analysis::analyze(&ir, &mut Diagnostics::default());
        let found = analysis::activity::function_argument_forms(&ir, &activity);
        let Some(settled) = lower::settle_forms(&forms, found) else {
            break;
        };
        forms = settled;
        ir = lower::lower_capturing(name.clone(), params, wrt, body, diag, forms.clone())?;
    }
    if let Err(problem) = ir::verify::verify(&ir) {
        diag.internal(span, format!("lowering produced invalid IR: {problem}"));
        return None;
    }
    let activity = analysis::analyze(&ir, diag);
    check_nested(&ir, span, diag);
    if diag.has_errors() {
        return None;
    }
    Some(Differentiated { ir, activity })
}

/// Verifies and analyses the bodies of the operators nested in `body` (lowered with it), so
/// that their errors are reported with the function's, before anything is emitted.
fn check_nested(body: &Body, span: proc_macro2::Span, diag: &mut Diagnostics) {
    ir::walk(&body.block.instrs, &mut |instr| {
        if let ir::Op::Nested { body: nested, .. } = &instr.op {
            if let Err(problem) = ir::verify::verify(nested) {
                diag.internal(span, format!("lowering produced invalid IR: {problem}"));
                return;
            }
            analysis::analyze(nested, diag);
            check_nested(nested, span, diag);
        }
    });
}
