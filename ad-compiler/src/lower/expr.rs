//! Expressions and statements of straight-line code into instructions.
//!
//! Each expression lowers to the value it produces (`None` for `()`); constructs the IR cannot
//! represent yet are reported at their span with what to do instead.

use super::ssa::Builder;
use crate::ir::{ArithOp, Op, ValueId};
use quote::{ToTokens, quote};
use syn::spanned::Spanned;
use syn::{BinOp, Expr, Stmt, UnOp};

/// Methods whose result never carries a derivative: queries of shape or class, comparisons,
/// and the piecewise-constant rounding functions (derivative zero wherever it exists).
const DISCRETE_METHODS: &[&str] = &[
    "len",
    "is_empty",
    "shape",
    "dim",
    "raw_dim",
    "ndim",
    "is_nan",
    "is_infinite",
    "is_finite",
    "is_normal",
    "is_subnormal",
    "is_sign_positive",
    "is_sign_negative",
    "floor",
    "ceil",
    "round",
    "round_ties_even",
    "trunc",
    "to_bits",
    "partial_cmp",
    "total_cmp",
    "eq",
    "ne",
    "lt",
    "le",
    "gt",
    "ge",
    "classify",
    "is_some",
    "is_none",
];

impl Builder<'_> {
    /// Lowers the statements of a block in a new scope; returns the block's value.
    pub fn lower_block(&mut self, block: &syn::Block) -> Option<ValueId> {
        self.push_scope();
        let value = self.lower_stmts(&block.stmts);
        self.pop_scope();
        value
    }

    /// Lowers a block expression nested in another expression: not in tail position, so a
    /// `return` in it cannot be normalised.
    fn lower_nested_block(&mut self, block: &syn::Block) -> Option<ValueId> {
        let saved = std::mem::replace(&mut self.tail, false);
        let value = self.lower_block(block);
        self.tail = saved;
        value
    }

    /// Lowers a statement list; returns its value.
    pub fn lower_stmts(&mut self, stmts: &[Stmt]) -> Option<ValueId> {
        let mut value = None;
        for (i, stmt) in stmts.iter().enumerate() {
            if self.returned.is_some() || self.exited {
                // Code after a `return`, `break` or `continue` never runs.
                break;
            }
            let last = i + 1 == stmts.len();
            // A branching statement that may `return`: the rest of the list moves into its
            // branches (see `control`), so it ends the list.
            if let Stmt::Expr(expr @ (Expr::If(_) | Expr::Match(_)), _) = stmt {
                let exits = super::control::exits(expr);
                if exits.returns || exits.loop_exits {
                    if exits.returns && !self.ends_path() {
                        self.diag.error(expr.span(), "`return` inside a branch is supported only where the branch ends the function or the loop iteration (not inside a nested block expression): restructure with `if`/`else`");
                        return None;
                    }
                    if exits.loop_exits && !self.iteration_tail {
                        self.diag.error(expr.span(), "`break`/`continue` inside a branch is supported only where the branch ends the loop's iteration (not inside a nested block expression)");
                        return None;
                    }
                    let rest = &stmts[i + 1..];
                    return match expr {
                        Expr::If(e) => self.lower_if(e, Some(rest)),
                        Expr::Match(m) => self.lower_match(m, Some(rest)),
                        _ => None,
                    };
                }
            }
            // A statement that may leave this level from a nested loop: the rest runs only if
            // it did not.
            let at_function_level = self.loops.is_empty();
            let has_flags = !at_function_level || self.lookup(super::loops::RETURNED).is_some();
            let leaves = has_flags && super::loops::leaves_from_nested_loop(stmt);
            if leaves && let Some((pat, l)) = super::loops::let_of_loop(stmt) {
                if !self.ends_path() {
                    self.diag.error(stmt.span(), "a loop that may `return` or leave an outer loop is supported only where it ends the function or the iteration (not inside a nested block expression)");
                    return None;
                }
                return self.lower_let_of_leaving_loop(pat, l, &stmts[i + 1..], stmt.span());
            }
            if !last && leaves {
                if !self.ends_path() {
                    self.diag.error(stmt.span(), "a loop that may `return` or leave an outer loop is supported only where it ends the function or the iteration (not inside a nested block expression)");
                    return None;
                }
                self.lower_stmt(stmt, false);
                if self.returned.is_some() || self.exited {
                    return None;
                }
                return self.guard_rest(&stmts[i + 1..], stmt.span());
            }
            value = self.lower_stmt(stmt, last);
        }
        value
    }

    /// Whether the statements being lowered end the function (outside loops) or the loop
    /// iteration, so that an exit among them can be normalised.
    fn ends_path(&self) -> bool {
        if self.loops.is_empty() {
            self.tail
        } else {
            self.iteration_tail
        }
    }

    /// Lowers one statement; returns its value when it is the `last` of its list and has one.
    fn lower_stmt(&mut self, stmt: &Stmt, last: bool) -> Option<ValueId> {
        match stmt {
            Stmt::Local(local) => self.lower_let(local),
            Stmt::Item(item) => self.items.push(item.clone()),
            // A block that ends the function is still in tail position.
            Stmt::Expr(Expr::Block(b), None) if last && b.label.is_none() => {
                return self.lower_block(&b.block);
            }
            Stmt::Expr(Expr::MethodCall(m), Some(_)) if self.inout_receiver(m).is_some() => {
                self.lower_inout_call(m);
            }
            Stmt::Expr(expr, semi) => {
                let v = self.lower_expr(expr);
                if semi.is_none() && last {
                    return v;
                } else if let Some(v) = v {
                    self.mark_discarded(v);
                }
            }
            Stmt::Macro(m) if m.mac.path.is_ident(super::control::BLOCK_BEGIN) => {
                self.begin_block_scope();
            }
            Stmt::Macro(m) if m.mac.path.is_ident(super::control::BLOCK_END) => {
                self.end_block_scope();
            }
            Stmt::Macro(m) => {
                if self.lower_constant_macro(&m.mac).is_none() {
                    self.unsupported_macro(&m.mac);
                }
            }
        }
        None
    }

    /// The local that the statement `x.method(args);` updates, when it is an inout call: a
    /// method other than `push` (lowered on its own) called on a local or on `self` of a
    /// `&mut self` method, its result discarded.
    fn inout_receiver(&self, m: &syn::ExprMethodCall) -> Option<String> {
        let name = match &*m.receiver {
            Expr::Path(p) => p.path.get_ident()?.to_string(),
            _ => return None,
        };
        let assignable = name != "self" || self.mutable_self;
        (assignable && m.method != "push" && self.lookup(&name).is_some()).then_some(name)
    }

    /// `x.method(args);` for a `&mut self` method without a result: `x` gets the new version
    /// returned by the method's inout VJP (see `emit::mut_self`).
    fn lower_inout_call(&mut self, m: &syn::ExprMethodCall) {
        let Some(name) = self.inout_receiver(m) else {
            return;
        };
        let Some(receiver) = self.lookup(&name) else {
            return;
        };
        let args = m.args.iter().map(|a| self.lower_value(a)).collect();
        let op = Op::Method {
            receiver,
            method: m.method.clone(),
            turbofish: m.turbofish.clone(),
            args,
            inout: true,
        };
        let updated = self.push(op, m.span());
        self.assign(&name, updated);
    }

    fn lower_let(&mut self, local: &syn::Local) {
        let Some(init) = &local.init else {
            self.diag.error(
                local.span(),
                "a `let` without a value is not supported in differentiable functions: initialise it where it is declared",
            );
            return;
        };
        if let Some((_, diverge)) = &init.diverge {
            self.diag.error(
                diverge.span(),
                "`let .. else` is not supported in differentiable functions yet",
            );
            return;
        }
        if let (Expr::Closure(closure), syn::Pat::Ident(name)) = (&*init.expr, &local.pat) {
            self.bind_closure(name.ident.to_string(), closure);
            return;
        }
        let value = self.lower_value(&init.expr);
        self.bind_pattern(&local.pat, value);
    }

    /// Lowers an expression whose value is needed; `()` becomes a constant.
    pub fn lower_value(&mut self, expr: &Expr) -> ValueId {
        match self.lower_expr(expr) {
            Some(v) => v,
            None => self.push(Op::Const(quote!(())), expr.span()),
        }
    }

    /// Lowers an expression; returns its value, or `None` for `()` and after an error.
    pub fn lower_expr(&mut self, expr: &Expr) -> Option<ValueId> {
        let span = expr.span();
        match expr {
            Expr::Lit(_) => Some(self.push(Op::Const(expr.to_token_stream()), span)),
            Expr::Path(p) => Some(self.lower_path(p)),
            Expr::Paren(p) => self.lower_expr(&p.expr),
            Expr::Group(g) => self.lower_expr(&g.expr),
            Expr::Block(b) if b.label.is_none() => self.lower_nested_block(&b.block),
            Expr::If(e) => self.lower_if(e, None),
            Expr::Match(m) => self.lower_match(m, None),
            Expr::Binary(b) => self.lower_binary(b),
            // `-1.5` stays one literal, an owned constant (see `Body::is_float_literal`).
            Expr::Unary(u)
                if matches!(u.op, UnOp::Neg(_)) && crate::ir::is_unsuffixed_float(&u.expr) =>
            {
                Some(self.push(Op::Const(expr.to_token_stream()), span))
            }
            Expr::Unary(u) => {
                let operand = self.lower_value(&u.expr);
                let op = match u.op {
                    UnOp::Neg(_) => Op::Neg(operand),
                    UnOp::Deref(_) => Op::Deref(operand),
                    UnOp::Not(_) => Op::Discrete {
                        operator: quote!(!),
                        operands: vec![operand],
                    },
                    _ => {
                        self.diag.error(
                            span,
                            "this unary operator is not supported in differentiable functions",
                        );
                        return None;
                    }
                };
                Some(self.push(op, span))
            }
            Expr::Reference(r) if matches!(&*r.expr, Expr::Index(_)) && r.mutability.is_none() => {
                let Expr::Index(i) = &*r.expr else {
                    return None;
                };
                Some(self.lower_index(i, true))
            }
            Expr::Reference(r) => {
                let operand = self.lower_value(&r.expr);
                Some(self.push(
                    Op::Ref {
                        mutable: r.mutability.is_some(),
                        operand,
                    },
                    span,
                ))
            }
            Expr::Cast(c) => {
                let operand = self.lower_value(&c.expr);
                Some(self.push(Op::Cast(operand, (*c.ty).clone()), span))
            }
            Expr::Call(call) => self.lower_call(call),
            Expr::MethodCall(m)
                if m.method == "push" && m.args.len() == 1 && local_name(&m.receiver).is_some() =>
            {
                // `v.push(x)` on a local: a new version of it.
                let name = local_name(&m.receiver)?;
                let base = self.lookup(&name)?;
                let value = self.lower_value(&m.args[0]);
                let updated = self.push(Op::Push { base, value }, span);
                self.assign(&name, updated);
                None
            }
            Expr::MethodCall(m) if self.is_chain(m) => self.lower_chain(m).flatten(),
            // `option.unwrap()` passes the derivative through (see `Op::Unwrap`).
            Expr::MethodCall(m)
                if m.method == "unwrap" && m.args.is_empty() && m.turbofish.is_none() =>
            {
                let operand = self.lower_value(&m.receiver);
                Some(self.push(Op::Unwrap(operand), span))
            }
            // `x.clone()` is the identity on values. A field or element is borrowed, as
            // auto-ref does, so that the struct it belongs to is not partly moved out.
            Expr::MethodCall(m)
                if m.method == "clone" && m.args.is_empty() && m.turbofish.is_none() =>
            {
                let operand = self.lower_place(&m.receiver);
                Some(self.push(Op::Clone(operand), span))
            }
            // `a.mapv(|v| ..)` or `a.mapv(f64::exp)`: the function goes with its derivatives.
            Expr::MethodCall(m)
                if m.method == "mapv"
                    && m.args.len() == 1
                    && matches!(&m.args[0], Expr::Closure(_) | Expr::Path(_)) =>
            {
                self.lower_mapv(m)
            }
            Expr::MethodCall(m) => {
                // A method of an element or field (`m[i].len()`) borrows it, as auto-ref does.
                let receiver = self.lower_place(&m.receiver);
                let args = m.args.iter().map(|a| self.lower_value(a)).collect();
                let method = m.method.clone();
                let turbofish = m.turbofish.clone();
                let op = if DISCRETE_METHODS.contains(&method.to_string().as_str()) {
                    Op::DiscreteMethod {
                        receiver,
                        method,
                        turbofish,
                        args,
                    }
                } else {
                    Op::Method {
                        receiver,
                        method,
                        turbofish,
                        args,
                        inout: false,
                    }
                };
                Some(self.push(op, span))
            }
            Expr::Tuple(t) if t.elems.is_empty() => None,
            Expr::Tuple(t) => {
                let items = t.elems.iter().map(|e| self.lower_value(e)).collect();
                Some(self.push(Op::Tuple(items), span))
            }
            Expr::Array(a) => {
                let items = a.elems.iter().map(|e| self.lower_value(e)).collect();
                Some(self.push(Op::Array(items), span))
            }
            Expr::Field(f) => self.lower_field(f, false),
            Expr::Struct(s) => self.lower_struct(s),
            Expr::Assign(a) => {
                let value = self.lower_value(&a.right);
                self.assign_to(&a.left, value);
                None
            }
            Expr::Index(i) => Some(self.lower_index(i, false)),
            Expr::Range(r) => self.lower_range(r),
            Expr::While(w) => self.lower_while(w),
            Expr::Loop(l) => self.lower_loop_expr(l),
            Expr::ForLoop(f) => self.lower_for(f),
            Expr::Break(b) => {
                self.lower_break(b);
                None
            }
            Expr::Continue(c) => {
                self.lower_continue(c);
                None
            }
            Expr::Return(r) if !self.loops.is_empty() => {
                self.lower_loop_return(r);
                None
            }
            Expr::Return(r) => {
                if !self.tail {
                    self.diag.error(r.return_token.span, "`return` is supported in differentiable functions only where it ends the function (at the end of a branch whose `if`/`match` is a statement of the function body); restructure with `if`/`else`");
                    return None;
                }
                let value = r.expr.as_ref().map(|e| self.lower_value(e));
                if self.returned.is_none() {
                    self.returned = Some(value);
                }
                None
            }
            Expr::Macro(m) if m.mac.path.segments.last().is_some_and(|s| s.ident == "vec") => {
                self.lower_vec(&m.mac)
            }
            Expr::Macro(m)
                if m.mac
                    .path
                    .segments
                    .last()
                    .is_some_and(|s| s.ident == "differentiate" || s.ident == "gradient") =>
            {
                self.lower_nested(&m.mac)
            }
            Expr::Macro(m) => {
                let value = self.lower_constant_macro(&m.mac);
                if value.is_none() {
                    self.unsupported_macro(&m.mac);
                }
                value
            }
            other => {
                let message = format!(
                    "{} is not supported in differentiable functions yet",
                    describe(other)
                );
                if starts_with_keyword(other) {
                    self.diag.error(span, message);
                } else {
                    self.diag.error_spanned(other, message);
                }
                None
            }
        }
    }

    fn lower_path(&mut self, p: &syn::ExprPath) -> ValueId {
        if p.qself.is_none()
            && let Some(ident) = p.path.get_ident()
            && let Some(v) = self.lookup(&ident.to_string())
        {
            if self.closures.contains_key(&v) {
                self.diag.error_spanned(p, format!("the closure `{ident}` can only be called in differentiable functions (not passed on or stored): call it, or make it a `#[differentiable]` function"));
            }
            return v;
        }
        // A `const`, a static or a variable captured by a closure: a constant.
        self.push(Op::Const(p.to_token_stream()), p.span())
    }

    fn lower_binary(&mut self, b: &syn::ExprBinary) -> Option<ValueId> {
        let span = b.span();
        if let Some(op) = compound_arith(&b.op) {
            let current = self.lower_value(&b.left);
            let rhs = self.lower_value(&b.right);
            let updated = self.push(Op::Arith(op, current, rhs), span);
            self.assign_to(&b.left, updated);
            return None;
        }
        if is_compound(&b.op) {
            self.diag.error(
                b.op.span(),
                format!(
                    "`{}` has no derivative: use it only on values that are not differentiated",
                    b.op.to_token_stream()
                ),
            );
            return None;
        }
        match b.op {
            BinOp::And(_) => return self.lower_short_circuit(b, true),
            BinOp::Or(_) => return self.lower_short_circuit(b, false),
            _ => {}
        }
        let lhs = self.lower_value(&b.left);
        let rhs = self.lower_value(&b.right);
        let operator = b.op.to_token_stream();
        let op = match b.op {
            BinOp::Add(_) => Op::Arith(ArithOp::Add, lhs, rhs),
            BinOp::Sub(_) => Op::Arith(ArithOp::Sub, lhs, rhs),
            BinOp::Mul(_) => Op::Arith(ArithOp::Mul, lhs, rhs),
            BinOp::Div(_) => Op::Arith(ArithOp::Div, lhs, rhs),
            BinOp::Eq(_)
            | BinOp::Ne(_)
            | BinOp::Lt(_)
            | BinOp::Le(_)
            | BinOp::Gt(_)
            | BinOp::Ge(_)
            | BinOp::And(_)
            | BinOp::Or(_) => Op::Discrete {
                operator,
                operands: vec![lhs, rhs],
            },
            _ => Op::NoDerivative {
                operator,
                operands: vec![lhs, rhs],
            },
        };
        Some(self.push(op, span))
    }

    /// `a..b`, `a..=b`, `..b`: a range of indices, never differentiated.
    fn lower_range(&mut self, r: &syn::ExprRange) -> Option<ValueId> {
        let operator = r.limits.to_token_stream();
        let operands = match (&r.start, &r.end) {
            (Some(start), Some(end)) => vec![self.lower_value(start), self.lower_value(end)],
            (None, Some(end)) => vec![self.lower_value(end)],
            _ => {
                self.diag.error_spanned(r, "a range without an end is not supported in differentiable functions: give its end");
                return None;
            }
        };
        Some(self.push(Op::Discrete { operator, operands }, r.span()))
    }

    fn lower_call(&mut self, call: &syn::ExprCall) -> Option<ValueId> {
        if let Some(closure) = self.called_closure(&call.func) {
            let args: Vec<&Expr> = call.args.iter().collect();
            return self.inline_closure(&closure, &args, call.span());
        }
        // A function passed on by a `macro_rules!` macro (`$f:path`) arrives in an
        // invisible group.
        let mut func = &*call.func;
        while let Expr::Group(g) = func {
            func = &g.expr;
        }
        let Expr::Path(callee) = func else {
            self.diag.error(call.func.span(), "only functions named by a path can be called in differentiable functions (not closures or function values) yet");
            return None;
        };
        let is_no_grad = callee.qself.is_none()
            && callee
                .path
                .segments
                .last()
                .is_some_and(|s| s.ident == "no_grad")
            && call.args.len() == 1;
        if is_no_grad {
            // Never differentiated: any expression rustc accepts, closures included.
            return call.args.first().map(|a| self.lower_opaque(a));
        }
        let joins_arrays = callee.path.segments.last().is_some_and(|s| {
            (s.ident == "concatenate" || s.ident == "stack") && call.args.len() == 2
        });
        let args: Vec<ValueId> = call
            .args
            .iter()
            .map(|a| match joins_arrays {
                true => self.lower_value(&owned_parts(a)),
                false => self.lower_value(a),
            })
            .collect();
        let constructor = callee.qself.is_none()
            && callee
                .path
                .segments
                .last()
                .is_some_and(|s| s.ident.to_string().starts_with(|c: char| c.is_uppercase()));
        let op = if constructor && callee.path.is_ident("Some") && args.len() == 1 {
            Op::WrapSome(args[0])
        } else if constructor {
            // A tuple struct's constructor (`Point(a, b)`, `Self(a, b)`): a struct value.
            let span = call.span();
            let fields = args
                .iter()
                .enumerate()
                .map(|(i, v)| {
                    (
                        syn::Member::Unnamed(syn::Index {
                            index: i as u32,
                            span,
                        }),
                        *v,
                    )
                })
                .collect();
            Op::Struct {
                path: callee.path.clone(),
                fields,
                rest: None,
            }
        } else if callee.qself.is_some() {
            self.diag.error(callee.span(), "calls through a qualified path `<T as Trait>::f` are not supported in differentiable functions yet: call `T::f` or a free function");
            return None;
        } else {
            Op::Call {
                callee: callee.clone(),
                args,
            }
        };
        Some(self.push(op, call.span()))
    }

    /// `vec![value; count]` or `vec![a, b, ..]`.
    fn lower_vec(&mut self, mac: &syn::Macro) -> Option<ValueId> {
        use syn::parse::Parser;
        let span = mac.span();
        let repeat = |input: syn::parse::ParseStream| -> syn::Result<(Expr, Expr)> {
            let value: Expr = input.parse()?;
            input.parse::<syn::Token![;]>()?;
            let count: Expr = input.parse()?;
            Ok((value, count))
        };
        if let Ok((value, count)) = repeat.parse2(mac.tokens.clone()) {
            let (value, count) = (self.lower_value(&value), self.lower_value(&count));
            return Some(self.push(Op::VecRepeat { value, count }, span));
        }
        match syn::punctuated::Punctuated::<Expr, syn::Token![,]>::parse_terminated
            .parse2(mac.tokens.clone())
        {
            Ok(items) => {
                let items = items.iter().map(|e| self.lower_value(e)).collect();
                Some(self.push(Op::VecList(items), span))
            }
            Err(e) => {
                self.diag
                    .error(e.span(), format!("cannot read this `vec!`: {e}"));
                None
            }
        }
    }

    /// `a.mapv(f)` with a closure literal or a path: the method `differentiable_mapv` of ndarray's
    /// `f64` arrays (see `ad_std::array::ArrayMapv`), given `function!(f)`, the function with
    /// its derivatives. The closure may read only its parameter and constants: a local it
    /// captured would be a constant of `function!`, and its derivative silently lost.
    fn lower_mapv(&mut self, m: &syn::ExprMethodCall) -> Option<ValueId> {
        let function = &m.args[0];
        if let Expr::Closure(closure) = function {
            let own: Vec<String> = closure.inputs.iter().filter_map(pattern_name).collect();
            let mut captured = None;
            collect_names(&closure.body.to_token_stream(), &mut |ident| {
                let name = ident.to_string();
                if captured.is_none() && !own.contains(&name) && self.lookup(&name).is_some() {
                    captured = Some(ident.clone());
                }
            });
            if let Some(name) = captured {
                self.diag.error(
                    name.span(),
                    format!("the closure given to `mapv` reads `{name}`, a local of the function: derivatives flow only through its parameter; compute with array operators instead (`a * {name}`, `a + {name}`)"),
                );
                return None;
            }
        }
        // The elements are `f64`s: an untyped parameter gets that type, which `function!` needs.
        let function = match function {
            Expr::Closure(closure) => {
                let mut typed = closure.clone();
                for input in typed.inputs.iter_mut() {
                    if let syn::Pat::Ident(ident) = input {
                        *input = syn::Pat::Type(syn::parse_quote!(#ident: f64));
                    }
                }
                Expr::Closure(typed)
            }
            other => other.clone(),
        };
        let receiver = self.lower_place(&m.receiver);
        let wrapped = self.push(
            Op::Const(quote!(::ad::function!(#function))),
            function.span(),
        );
        let method = syn::Ident::new("differentiable_mapv", m.method.span());
        Some(self.push(
            Op::Method {
                receiver,
                method,
                turbofish: None,
                args: vec![wrapped],
                inout: false,
            },
            m.span(),
        ))
    }

    /// `differentiate!(at: a, of: f)` inside a differentiable body, or `gradient!`: one
    /// [`Op::Nested`] per argument (a tuple of them for `gradient!` of several), whose operands
    /// are the argument and the outer locals the closure reads.
    fn lower_nested(&mut self, mac: &syn::Macro) -> Option<ValueId> {
        let span = mac.span();
        let input = match syn::parse2::<super::operator_input::Input>(mac.tokens.clone()) {
            Ok(input) => input,
            Err(e) => {
                self.diag.error(e.span(), e.to_string());
                return None;
            }
        };
        let gradient = mac
            .path
            .segments
            .last()
            .is_some_and(|s| s.ident == "gradient");
        if !gradient && input.args.len() != 1 {
            self.diag
                .error(span, "`differentiate!` takes one scalar argument");
            return None;
        }
        let n = input.args.len();
        let closure: syn::ExprClosure = match &input.of {
            Expr::Closure(c) => c.clone(),
            Expr::Path(p) => {
                let params: Vec<syn::Ident> = (0..n)
                    .map(|i| quote::format_ident!("__ad_y{}", i))
                    .collect();
                syn::parse_quote!(|#(#params),*| #p(#(#params),*))
            }
            other => {
                self.diag.error(
                    other.span(),
                    "`of:` takes a path to a differentiable function or a closure literal",
                );
                return None;
            }
        };
        if closure.inputs.len() != n {
            self.diag.error(
                closure.inputs.span(),
                format!(
                    "the closure takes {} parameter(s) but `at:` gives {n} argument(s)",
                    closure.inputs.len()
                ),
            );
            return None;
        }
        let values: Vec<ValueId> = input.args.iter().map(|a| self.lower_value(a)).collect();
        let names: Vec<Option<String>> = closure.inputs.iter().map(pattern_name).collect();
        let mut partials = Vec::new();
        for k in 0..n {
            // The derivative with respect to argument `k`: the other parameters are bound to
            // their arguments, read by the one-parameter closure like captured locals.
            self.push_scope();
            for (j, name) in names.iter().enumerate() {
                match name {
                    Some(name) if j != k => self.bind(name.clone(), values[j]),
                    None if j != k => {
                        self.diag.error(
                            closure.inputs[j].span(),
                            "the closure of a nested operator takes plain parameters (`x` or `x: f64`)",
                        );
                    }
                    _ => {}
                }
            }
            let mut single = closure.clone();
            single.inputs = std::iter::once(closure.inputs[k].clone()).collect();
            let partial = self.lower_nested_single(single, values[k], span);
            self.pop_scope();
            partials.push(partial?);
        }
        match partials.as_slice() {
            [single] if !gradient || n == 1 => Some(*single),
            _ => Some(self.push(Op::Tuple(partials), span)),
        }
    }

    /// The derivative of a one-parameter closure at `at`, as an [`Op::Nested`].
    fn lower_nested_single(
        &mut self,
        closure: syn::ExprClosure,
        at: ValueId,
        span: proc_macro2::Span,
    ) -> Option<ValueId> {
        let own: Vec<String> = closure.inputs.iter().filter_map(pattern_name).collect();
        // The outer locals the closure reads: its captures, passed as operands so that
        // derivatives flow through them.
        let mut captures: Vec<syn::Ident> = Vec::new();
        collect_names(&closure.body.to_token_stream(), &mut |ident| {
            let name = ident.to_string();
            if !own.contains(&name)
                && self.lookup(&name).is_some()
                && !captures.iter().any(|c| *c == name)
            {
                captures.push(ident.clone());
            }
        });
        let mut args = vec![at];
        for capture in &captures {
            args.push(self.lookup(&capture.to_string())?);
        }
        Some(self.push(
            Op::Nested {
                closure,
                captures,
                args,
            },
            span,
        ))
    }

    /// `base.member`, or `&base.member` when `by_ref` (the base of an index, a method call or
    /// another field). Bases are borrowed the same way, as auto-ref does.
    pub fn lower_field(&mut self, f: &syn::ExprField, by_ref: bool) -> Option<ValueId> {
        let base = self.lower_place(&f.base);
        // `(a, b).0` is `a` itself.
        if let syn::Member::Unnamed(index) = &f.member
            && let Some(item) = self
                .tuple_items(base)
                .and_then(|items| items.get(index.index as usize).copied())
        {
            return Some(item);
        }
        let op = if by_ref {
            Op::FieldRef(base, f.member.clone())
        } else {
            Op::Field(base, f.member.clone())
        };
        Some(self.push(op, f.span()))
    }

    /// An expression used as a place (an index base, a method receiver, a field base):
    /// elements and fields are borrowed rather than moved out.
    pub fn lower_place(&mut self, expr: &Expr) -> ValueId {
        match expr {
            Expr::Index(i) => self.lower_index(i, true),
            Expr::Field(f) => match self.lower_field(f, true) {
                Some(v) => v,
                None => self.lower_value(expr),
            },
            Expr::Paren(p) => self.lower_place(&p.expr),
            other => self.lower_value(other),
        }
    }

    /// `Path { f: a, ..rest }`: a struct value.
    fn lower_struct(&mut self, s: &syn::ExprStruct) -> Option<ValueId> {
        if s.qself.is_some() {
            self.diag.error_spanned(s, "a struct literal with a qualified path is not supported in differentiable functions");
            return None;
        }
        let fields = s
            .fields
            .iter()
            .map(|f| (f.member.clone(), self.lower_value(&f.expr)))
            .collect();
        let rest = s.rest.as_ref().map(|r| self.lower_value(r));
        Some(self.push(
            Op::Struct {
                path: s.path.clone(),
                fields,
                rest,
            },
            s.span(),
        ))
    }

    /// `place = value` where `place` is a local or a field of a local (`p.x = value`).
    fn assign_to(&mut self, place: &Expr, value: ValueId) {
        if let Expr::Index(outer) = place {
            // `v[i] = value` or `m[i][j] = value` on a local: a new version of it.
            let (name, index_exprs) = match &*outer.expr {
                Expr::Index(inner) => (local_name(&inner.expr), vec![&inner.index, &outer.index]),
                other => (local_name(other), vec![&outer.index]),
            };
            if let Some((name, base)) = name.and_then(|n| self.lookup(&n).map(|v| (n, v))) {
                let indices = index_exprs
                    .into_iter()
                    .map(|e| self.lower_value(e))
                    .collect();
                let updated = self.push(
                    Op::IndexSet {
                        base,
                        indices,
                        value,
                    },
                    place.span(),
                );
                self.assign(&name, updated);
                return;
            }
        }
        if let Expr::Field(f) = place
            && let Expr::Path(p) = &*f.base
            && let Some(ident) = p
                .path
                .get_ident()
                .filter(|i| *i != "self" || self.mutable_self)
            && let Some(base) = self.lookup(&ident.to_string())
        {
            let updated = self.push(
                Op::SetField {
                    base,
                    member: f.member.clone(),
                    value,
                },
                place.span(),
            );
            self.assign(&ident.to_string(), updated);
            return;
        }
        if let Expr::Path(p) = place
            && let Some(ident) = p.path.get_ident()
            && self.assign(&ident.to_string(), value)
        {
            return;
        }
        if let Expr::Paren(p) = place {
            return self.assign_to(&p.expr, value);
        }
        // A nested place (`p.a.b = ..`, `self.w[i] = ..`): a new version of the enclosing
        // place with this part replaced, assigned to the enclosing place in turn, so that
        // `p.a.b = v` is `p = SetField(p, a, SetField(p.a, b, v))` and its adjoint is that of
        // the two `SetField`s (the replaced part gets no cotangent, the rest passes through).
        if let Some((enclosing, update)) = self.replace_part(place, value) {
            return self.assign_to(enclosing, update);
        }
        self.diag.error_spanned(
            place,
            "only local variables, their fields and elements (also nested: `p.a.b`, `v[i].x`), and those of `self` in a `&mut self` method can be assigned in differentiable functions (not places behind other references, such as `*r` or fields of a `&self` receiver)",
        );
    }

    /// For `place` = `base.member` or `base[index]` where `base` is itself a field or an
    /// element: `base` and a new version of it whose part `place` is `value`.
    fn replace_part<'p>(&mut self, place: &'p Expr, value: ValueId) -> Option<(&'p Expr, ValueId)> {
        let nested = |base: &Expr| matches!(base, Expr::Field(_) | Expr::Index(_));
        // The enclosing place is borrowed and cloned: read by value, a field that is not
        // `Copy` would be moved out of the local that is then updated.
        let copy_of = |this: &mut Self, base: &Expr| {
            let borrowed = this.lower_place(base);
            this.push(Op::Clone(borrowed), base.span())
        };
        match place {
            Expr::Field(f) if nested(&f.base) => {
                let base = copy_of(self, &f.base);
                let member = f.member.clone();
                Some((
                    &f.base,
                    self.push(
                        Op::SetField {
                            base,
                            member,
                            value,
                        },
                        place.span(),
                    ),
                ))
            }
            Expr::Index(i) if nested(&i.expr) => {
                let base = copy_of(self, &i.expr);
                let indices = vec![self.lower_value(&i.index)];
                Some((
                    &i.expr,
                    self.push(
                        Op::IndexSet {
                            base,
                            indices,
                            value,
                        },
                        place.span(),
                    ),
                ))
            }
            _ => None,
        }
    }

    fn unsupported_macro(&mut self, mac: &syn::Macro) {
        let name = mac
            .path
            .segments
            .last()
            .map(|s| s.ident.to_string())
            .unwrap_or_default();
        const OPERATORS: &[&str] = &[
            "value_with_gradient",
            "value_with_pullback",
            "pullback",
            "value_with_differential",
            "jacobian",
            "hessian",
        ];
        let message = if OPERATORS.contains(&name.as_str()) {
            format!(
                "`{name}!` cannot be differentiated inside a differentiable function: nested differentiation supports `differentiate!` and `gradient!` of scalar arguments; compute this one outside"
            )
        } else {
            format!(
                "the macro `{name}!` is not supported in differentiable functions (`s!`, `vec!`, `format!`, `println!`, `assert!` and their kin are): compute the value outside, or in a helper function"
            )
        };
        self.diag.error(mac.path.span(), message);
    }
}

/// `&[a.view(), b.view()]` as `&[a.to_owned(), b.to_owned()]`: the parts of ndarray's
/// `concatenate` and `stack`, whose derivatives (`ad::ndarray`) take owned arrays, so that
/// parts that are differentiated and parts that are not have one type.
fn owned_parts(parts: &Expr) -> Expr {
    let Expr::Reference(reference) = parts else {
        return parts.clone();
    };
    let Expr::Array(list) = &*reference.expr else {
        return parts.clone();
    };
    let mut list = list.clone();
    for element in list.elems.iter_mut() {
        if let Expr::MethodCall(call) = element
            && call.method == "view"
            && call.args.is_empty()
        {
            call.method = syn::Ident::new("to_owned", call.method.span());
        }
    }
    let mut reference = reference.clone();
    reference.expr = Box::new(Expr::Array(list));
    Expr::Reference(reference)
}

/// The name a closure parameter binds (`x` or `x: T`).
fn pattern_name(pat: &syn::Pat) -> Option<String> {
    match pat {
        syn::Pat::Ident(i) => Some(i.ident.to_string()),
        syn::Pat::Type(t) => pattern_name(&t.pat),
        _ => None,
    }
}

/// Calls `found` on every identifier of `tokens` that is not a field or method name (not right
/// after a `.`) nor followed by `::` or `!`.
fn collect_names(tokens: &proc_macro2::TokenStream, found: &mut dyn FnMut(&proc_macro2::Ident)) {
    use proc_macro2::TokenTree;
    let trees: Vec<TokenTree> = tokens.clone().into_iter().collect();
    for (i, tree) in trees.iter().enumerate() {
        match tree {
            TokenTree::Ident(ident) => {
                let after_dot =
                    i > 0 && matches!(&trees[i - 1], TokenTree::Punct(p) if p.as_char() == '.');
                let path_or_macro = matches!(trees.get(i + 1), Some(TokenTree::Punct(p)) if p.as_char() == ':' || p.as_char() == '!');
                if !after_dot && !path_or_macro {
                    found(ident);
                }
            }
            TokenTree::Group(g) => collect_names(&g.stream(), found),
            _ => {}
        }
    }
}

fn compound_arith(op: &BinOp) -> Option<ArithOp> {
    match op {
        BinOp::AddAssign(_) => Some(ArithOp::Add),
        BinOp::SubAssign(_) => Some(ArithOp::Sub),
        BinOp::MulAssign(_) => Some(ArithOp::Mul),
        BinOp::DivAssign(_) => Some(ArithOp::Div),
        _ => None,
    }
}

fn is_compound(op: &BinOp) -> bool {
    matches!(
        op,
        BinOp::RemAssign(_)
            | BinOp::BitXorAssign(_)
            | BinOp::BitAndAssign(_)
            | BinOp::BitOrAssign(_)
            | BinOp::ShlAssign(_)
            | BinOp::ShrAssign(_)
    )
}

/// The local a place names (`v` in `v[i]` or `v.push(..)`), if it is a plain name.
fn local_name(expr: &Expr) -> Option<String> {
    match expr {
        Expr::Path(p) if p.qself.is_none() => p
            .path
            .get_ident()
            .filter(|i| *i != "self")
            .map(|i| i.to_string()),
        Expr::Paren(p) => local_name(&p.expr),
        _ => None,
    }
}

/// Control flow is pointed at by its keyword; other expressions are underlined whole.
fn starts_with_keyword(expr: &Expr) -> bool {
    matches!(
        expr,
        Expr::If(_)
            | Expr::Match(_)
            | Expr::While(_)
            | Expr::Loop(_)
            | Expr::ForLoop(_)
            | Expr::Unsafe(_)
            | Expr::Async(_)
    )
}

/// How an unsupported expression is named in messages.
fn describe(expr: &Expr) -> String {
    let what = match expr {
        Expr::If(_) => "`if`",
        Expr::Match(_) => "`match`",
        Expr::While(_) => "a `while` loop",
        Expr::Loop(_) => "a `loop`",
        Expr::ForLoop(_) => "a `for` loop",
        Expr::Break(_) => "`break`",
        Expr::Continue(_) => "`continue`",
        Expr::Closure(_) => "a closure",
        Expr::Index(_) => "indexing",
        Expr::Struct(_) => "a struct literal",
        Expr::Array(_) | Expr::Repeat(_) => "an array literal",
        Expr::Range(_) => "a range",
        Expr::Unsafe(_) => "an `unsafe` block",
        Expr::Async(_) => "an `async` block",
        Expr::Await(_) => "`.await`",
        Expr::Try(_) => "the `?` operator",
        Expr::TryBlock(_) => "a `try` block",
        Expr::Yield(_) => "`yield`",
        Expr::Let(_) => "`let` in an expression",
        Expr::Block(_) => "a labelled block",
        Expr::Const(_) => "a `const` block",
        Expr::Infer(_) => "`_`",
        _ => "this expression",
    };
    what.to_string()
}
