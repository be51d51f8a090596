//! SSA construction for straight-line code: a builder that appends instructions and maps the
//! names of the source's locals to their current value.
//!
//! A `let` binds a name in the innermost scope; an assignment `x = e` rebinds `x` where it was
//! declared, so the new value is seen after the enclosing block ends (the renaming of mutable
//! locals into SSA values).

use crate::diag::Diagnostics;
use crate::ir::{Instr, Op, ValueId};
use proc_macro2::Span;

/// The binding that marks the start of a block's own bindings: not a Rust name, so no
/// lookup finds it.
const BLOCK_START: &str = "{";

/// The name a binding takes once its block has ended: not a Rust name either.
const HIDDEN: &str = "}";

/// The value of a local declared without one (`let y;`) until it is assigned: no instruction
/// defines it. Where paths merge, a local that is uninitialised on one of them stays
/// uninitialised (rustc, which checks the original function, rejects any read of it there).
pub const UNINIT: ValueId = ValueId(u32::MAX - 1);

/// The bindings of every scope, innermost last: name and current value.
pub type Scopes = Vec<Vec<(String, ValueId)>>;

/// Builds the instruction list of a body.
pub struct Builder<'d> {
    /// Instructions appended so far: the body's, then one list per region being built.
    frames: Vec<Vec<Instr>>,
    /// Local items of the body, emitted unchanged.
    pub items: Vec<syn::Item>,
    /// Set once a `return` was lowered: the returned value (`None` for `()`).
    pub returned: Option<Option<ValueId>>,
    /// Whether the statements being lowered end the function, so that a `return` among them
    /// is their value (see `control`).
    pub tail: bool,
    /// Whether the statements being lowered end a loop iteration, so that `break` and
    /// `continue` among them can end it (see `loops`).
    pub iteration_tail: bool,
    /// Set once a `break` or `continue` was lowered: the rest of the iteration is skipped.
    pub exited: bool,
    /// Whether `self` is a `&mut self` receiver, whose fields may be assigned.
    pub mutable_self: bool,
    /// The loops being lowered, outermost first.
    pub loops: Vec<super::loops::LoopFrame>,
    /// Closures bound by `let` in the body, by the placeholder value their name is bound to;
    /// calls of them are inlined (see `closures`).
    pub closures: std::collections::HashMap<ValueId, syn::ExprClosure>,
    /// Set for the `loop` about to be lowered when its `break` value must stay an `Option`
    /// (see `loops::lower_let_of_leaving_loop`).
    pub keep_break_value_wrapped: bool,
    /// Rewrites exits in expression position into statements (see `early_exits`).
    pub early_exits: super::early_exits::Rewriter,
    /// Pairs of values that are versions of one local (`v = 0.5;` after `let mut v = x;`):
    /// Rust gives a local one type, which `analysis::literal_types` gives its literals.
    pub versions: Vec<(ValueId, ValueId)>,
    /// Local `&mut` reborrows and the places they name (see `aliases`), latest last.
    pub aliases: Vec<(String, syn::Expr)>,
    /// How many `aliases` there were when each open block scope was opened: the reborrows a
    /// block makes end with it (a later `x.f()` must not read a loop's `x`).
    alias_marks: Vec<usize>,
    /// The parameters declared with a reference type (`xs: &[f64]`, `m: &Vec<Vec<f64>>`):
    /// `for x in xs` over one of them binds references to the elements, as the source does.
    pub reference_params: Vec<String>,
    /// The parameters that are slices (`s: &[T]`): a capturing closure keeps an owned copy.
    pub slice_params: Vec<String>,
    /// The parameters declared as sequences indexed by a count (`xs: &[f64]`, `v: Vec<f64>`,
    /// `a: Array1<f64>`): their elements are read as `xs[k]` (see `indexed_loops::element_at`).
    pub sequence_params: Vec<String>,
    /// The locals bound to an ndarray array built by `zeros` or `ones` without an element
    /// type (`let mut out = Array2::zeros(..)`): the derivative code cannot infer it from a
    /// `Zip`'s writes, so those ask for it (see `zip`).
    pub untyped_arrays: Vec<String>,
    /// Lowering a closure's body (given to an operator): a name that is not a local may be
    /// a variable it captures.
    pub in_closure: bool,
    /// How to build the functions given to functions that a first lowering's activity
    /// analysis chose (see `pipeline::differentiate`), by
    /// the argument's key (its place and copy, see `ir::Body::argument_sites`).
    pub function_arguments: std::collections::HashMap<String, super::ArgumentForm>,
    /// How many function arguments were met so far at each place in the source (by
    /// [`capture_key`](super::function_args::capture_key)): code lowered twice (the rest of a
    /// body after an early return, in each branch) holds two arguments of one place, which
    /// may take different forms (see `function_args::Builder::take_site`).
    pub site_uses: std::collections::HashMap<String, usize>,
    /// The key of each function argument's value by its place and its copy (see
    /// `ir::Body::argument_sites`).
    pub argument_sites: std::collections::HashMap<crate::ir::ValueId, String>,
    /// The parameters that are sequences of a float type parameter (`param: &[T]` with
    /// `T: Float`), and that type: a sum or product of their items starts from that type's
    /// zero or one, not from a float literal.
    pub generic_sequences: Vec<(String, syn::Ident)>,
    /// The type parameters in scope that stand for floats (`T: Float`): conversions into
    /// them (`T::from_f64(x).unwrap()`) carry derivatives (see `conversions`).
    pub float_params: Vec<syn::Ident>,
    /// The parameters declared as arrays of a literal length (`p: &[T; 2]`), with it:
    /// `p.map(f)` is the array of `f` of each element (see `array_map`).
    pub array_lengths: Vec<(String, usize)>,
    /// Where errors go.
    pub diag: &'d mut Diagnostics,
    scopes: Scopes,
    value_count: u32,
}

impl<'d> Builder<'d> {
    /// A builder whose first `value_count` values are already taken (by the parameters).
    pub fn new(diag: &'d mut Diagnostics, value_count: u32) -> Self {
        Builder {
            frames: vec![Vec::new()],
            items: Vec::new(),
            returned: None,
            tail: true,
            iteration_tail: false,
            exited: false,
            mutable_self: false,
            loops: Vec::new(),
            closures: std::collections::HashMap::new(),
            keep_break_value_wrapped: false,
            versions: Vec::new(),
            early_exits: super::early_exits::Rewriter {
                try_return: None,
                count: 0,
            },
            reference_params: Vec::new(),
            slice_params: Vec::new(),
            sequence_params: Vec::new(),
            untyped_arrays: Vec::new(),
            generic_sequences: Vec::new(),
            float_params: Vec::new(),
            array_lengths: Vec::new(),
            in_closure: false,
            function_arguments: std::collections::HashMap::new(),
            site_uses: std::collections::HashMap::new(),
            argument_sites: std::collections::HashMap::new(),
            aliases: Vec::new(),
            alias_marks: Vec::new(),
            diag,
            scopes: vec![Vec::new()],
            value_count,
        }
    }

    /// What the lowering knows of the parameters from their declared types.
    pub fn known(&self) -> super::indexed_loops::Known<'_> {
        super::indexed_loops::Known {
            references: &self.reference_params,
            sequences: &self.sequence_params,
        }
    }

    /// How many values exist so far.
    pub fn value_count(&self) -> u32 {
        self.value_count
    }

    /// A fresh value id, for instructions with several outputs.
    pub fn fresh(&mut self) -> ValueId {
        let v = ValueId(self.value_count);
        self.value_count += 1;
        v
    }

    /// Appends `result = op` and returns `result`.
    pub fn push(&mut self, op: Op, span: Span) -> ValueId {
        let result = self.fresh();
        self.push_with_result(result, op, span);
        result
    }

    /// Appends `result = op` for a `result` taken with [`fresh`](Self::fresh).
    pub fn push_with_result(&mut self, result: ValueId, op: Op, span: Span) {
        if let Some(frame) = self.frames.last_mut() {
            frame.push(Instr {
                result,
                op,
                span,
                discarded: false,
            });
        }
    }

    /// Marks the instruction defining `value` as discarded by the source (`expr;`), and
    /// through an ascription the lowering added (a call's declared float result, see
    /// `calls`), the call it ascribes.
    pub fn mark_discarded(&mut self, value: ValueId) {
        let frame = self.frames.last_mut().into_iter().flatten();
        if let Some(instr) = frame
            .rev()
            .find(|i| i.result == value && !matches!(i.op, Op::If { .. }))
        {
            instr.discarded = true;
            if let Op::Ascribe(ascribed, _) = instr.op {
                self.mark_discarded(ascribed);
            }
        }
    }

    /// The components of `value` when it was built by a tuple expression in scope.
    pub fn tuple_items(&self, value: ValueId) -> Option<Vec<ValueId>> {
        match self.defining_op(value)? {
            Op::Tuple(items) => Some(items.clone()),
            _ => None,
        }
    }

    /// The value of field `member` of `value` when it was built by a struct literal in scope
    /// (without `..rest`).
    pub fn struct_field(&self, value: ValueId, member: &syn::Member) -> Option<ValueId> {
        match self.defining_op(value)? {
            Op::Struct {
                fields, rest: None, ..
            } => fields.iter().find(|(m, _)| m == member).map(|(_, v)| *v),
            _ => None,
        }
    }

    /// Whether `value` is a constant defined in scope (a literal, a `const`).
    pub fn is_constant(&self, value: ValueId) -> bool {
        matches!(self.defining_op(value), Some(Op::Const(_)))
    }

    /// The operation defining `value`, when it is in scope.
    fn defining_op(&self, value: ValueId) -> Option<&Op> {
        self.frames
            .iter()
            .rev()
            .flatten()
            .find(|i| i.result == value)
            .map(|i| &i.op)
    }

    /// Starts collecting the instructions of a region.
    pub fn begin_region(&mut self) {
        self.frames.push(Vec::new());
    }

    /// Ends the region started last and returns its instructions.
    pub fn end_region(&mut self) -> Vec<Instr> {
        if self.frames.len() > 1 {
            self.frames.pop().unwrap_or_default()
        } else {
            Vec::new()
        }
    }

    /// The body's instructions, once lowering is done.
    pub fn take_instrs(&mut self) -> Vec<Instr> {
        self.frames.drain(..).next().unwrap_or_default()
    }

    /// The current bindings of every scope, to compare after a branch.
    pub fn snapshot(&self) -> Scopes {
        self.scopes.clone()
    }

    /// Restores bindings taken with [`snapshot`](Self::snapshot).
    pub fn restore(&mut self, scopes: Scopes) {
        self.scopes = scopes;
    }

    /// The current value of the local `name`, if it is one with a value.
    pub fn lookup(&self, name: &str) -> Option<ValueId> {
        self.binding(name).filter(|v| *v != UNINIT)
    }

    /// Whether `name` is a local declared without a value and not assigned on every path
    /// to here.
    pub fn is_uninit(&self, name: &str) -> bool {
        self.binding(name) == Some(UNINIT)
    }

    fn binding(&self, name: &str) -> Option<ValueId> {
        self.scopes
            .iter()
            .rev()
            .flat_map(|scope| scope.iter().rev())
            .find(|(n, _)| n == name)
            .map(|(_, v)| *v)
    }

    /// Declares `name` in the innermost scope (a `let` or a parameter).
    pub fn bind(&mut self, name: String, value: ValueId) {
        // A new binding shadows an alias of the same name.
        self.aliases.retain(|(alias, _)| *alias != name);
        if let Some(scope) = self.scopes.last_mut() {
            scope.push((name, value));
        }
    }

    /// Rebinds an existing local (`name = value`); false when `name` is not a local.
    pub fn assign(&mut self, name: &str, value: ValueId) -> bool {
        for scope in self.scopes.iter_mut().rev() {
            if let Some(slot) = scope.iter_mut().rev().find(|(n, _)| n == name) {
                if slot.1 != UNINIT && slot.1.0 != u32::MAX {
                    self.versions.push((slot.1, value));
                }
                slot.1 = value;
                return true;
            }
        }
        false
    }

    /// Marks where a block's own bindings start, when its statements are lowered in the
    /// same list as statements after the block (see `control::with_rest`).
    pub fn begin_block_scope(&mut self) {
        self.bind(BLOCK_START.into(), ValueId(u32::MAX));
    }

    /// Ends the block begun by the last [`begin_block_scope`](Self::begin_block_scope):
    /// the names it bound are hidden, so what follows sees the outer locals again (with the
    /// values the block assigned to them). The mark may sit in a scope outside the current
    /// branch, whose own scopes then hold only the block's bindings.
    pub fn end_block_scope(&mut self) {
        let Some(i) = self
            .scopes
            .iter()
            .rposition(|scope| scope.iter().any(|(n, _)| n == BLOCK_START))
        else {
            return;
        };
        let mut hidden = false;
        for (k, scope) in self.scopes.iter_mut().enumerate().skip(i) {
            for (name, _) in scope.iter_mut().rev() {
                if k == i && name == BLOCK_START {
                    hidden = true;
                    *name = HIDDEN.into();
                    break;
                }
                *name = HIDDEN.into();
            }
        }
        debug_assert!(hidden);
    }

    /// Opens a block scope.
    pub fn push_scope(&mut self) {
        self.scopes.push(Vec::new());
        self.alias_marks.push(self.aliases.len());
    }

    /// Closes the innermost block scope, with the reborrows made in it.
    pub fn pop_scope(&mut self) {
        self.scopes.pop();
        if let Some(mark) = self.alias_marks.pop() {
            self.aliases.truncate(mark);
        }
    }
}
