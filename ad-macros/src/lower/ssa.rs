//! SSA construction for straight-line code: a builder that appends instructions and maps the
//! names of the source's locals to their current value.
//!
//! A `let` binds a name in the innermost scope; an assignment `x = e` rebinds `x` where it was
//! declared, so the new value is seen after the enclosing block ends (the renaming of mutable
//! locals into SSA values).

use crate::diag::Diagnostics;
use crate::ir::{Instr, Op, ValueId};
use proc_macro2::Span;

/// Builds the instruction list of a body.
pub struct Builder<'d> {
    /// Instructions appended so far.
    pub instrs: Vec<Instr>,
    /// Local items of the body, emitted unchanged.
    pub items: Vec<syn::Item>,
    /// Set once a `return` was lowered: the returned value (`None` for `()`).
    pub returned: Option<Option<ValueId>>,
    /// Where errors go.
    pub diag: &'d mut Diagnostics,
    scopes: Vec<Vec<(String, ValueId)>>,
    value_count: u32,
}

impl<'d> Builder<'d> {
    /// A builder whose first `value_count` values are already taken (by the parameters).
    pub fn new(diag: &'d mut Diagnostics, value_count: u32) -> Self {
        Builder {
            instrs: Vec::new(),
            items: Vec::new(),
            returned: None,
            diag,
            scopes: vec![Vec::new()],
            value_count,
        }
    }

    /// How many values exist so far.
    pub fn value_count(&self) -> u32 {
        self.value_count
    }

    /// Appends `result = op` and returns `result`.
    pub fn push(&mut self, op: Op, span: Span) -> ValueId {
        let result = ValueId(self.value_count);
        self.value_count += 1;
        self.instrs.push(Instr {
            result,
            op,
            span,
            discarded: false,
        });
        result
    }

    /// Marks the instruction defining `value` as discarded by the source (`expr;`).
    pub fn mark_discarded(&mut self, value: ValueId) {
        if let Some(instr) = self.instrs.iter_mut().rev().find(|i| i.result == value) {
            instr.discarded = true;
        }
    }

    /// The current value of the local `name`, if it is one.
    pub fn lookup(&self, name: &str) -> Option<ValueId> {
        self.scopes
            .iter()
            .rev()
            .flat_map(|scope| scope.iter().rev())
            .find(|(n, _)| n == name)
            .map(|(_, v)| *v)
    }

    /// Declares `name` in the innermost scope (a `let` or a parameter).
    pub fn bind(&mut self, name: String, value: ValueId) {
        if let Some(scope) = self.scopes.last_mut() {
            scope.push((name, value));
        }
    }

    /// Rebinds an existing local (`name = value`); false when `name` is not a local.
    pub fn assign(&mut self, name: &str, value: ValueId) -> bool {
        for scope in self.scopes.iter_mut().rev() {
            if let Some(slot) = scope.iter_mut().rev().find(|(n, _)| n == name) {
                slot.1 = value;
                return true;
            }
        }
        false
    }

    /// Opens a block scope.
    pub fn push_scope(&mut self) {
        self.scopes.push(Vec::new());
    }

    /// Closes the innermost block scope.
    pub fn pop_scope(&mut self) {
        self.scopes.pop();
    }
}
