//! Expressions into instructions: the dispatch over every expression form, with paths,
//! operators, ranges, fields and struct literals here; statements, calls and assignments
//! have their own files.
//!
//! Each expression lowers to the value it produces (`None` for `()`); constructs the IR cannot
//! represent yet are reported at their span with what to do instead.

use super::assign::{compound_arith, is_compound, local_name};
use super::ssa::Builder;
use crate::ir::{ArithOp, Op, ValueId};
use quote::{ToTokens, quote};
use syn::spanned::Spanned;
use syn::{BinOp, Expr, UnOp};

/// Whether `mac` is ndarray's `azip!`, lowered as the loop it stands for (see `zip`).
pub(super) fn is_azip(mac: &syn::Macro) -> bool {
    mac.path.segments.last().is_some_and(|s| s.ident == "azip")
}

impl Builder<'_> {
    /// Lowers the code a construct is desugared to, or reports why it could not be.
    pub(super) fn lower_desugared(&mut self, desugared: syn::Result<Expr>) -> Option<ValueId> {
        match desugared {
            Ok(code) => self.lower_expr(&code),
            Err(error) => {
                self.diag.push_error(error);
                None
            }
        }
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
            Expr::Block(b) => self.lower_labelled_block(b),
            Expr::Repeat(r) => self.lower_array_repeat(r),
            Expr::If(e) => self.lower_if(e, None),
            Expr::Match(m) => self.lower_match(m, None),
            Expr::Binary(b) => self.lower_binary(b),
            // `-1.5` stays one literal, an owned constant (see `Body::is_float_literal`).
            Expr::Unary(u)
                if matches!(u.op, UnOp::Neg(_)) && crate::ir::is_unsuffixed_float(&u.expr) =>
            {
                Some(self.push(Op::Const(expr.to_token_stream()), span))
            }
            // `*r` of a local `&mut` reborrow reads its place. (Here and below, a guard
            // tests `is_some()` and the arm takes the value again: `if let` guards need Rust
            // 1.95, above the declared MSRV; see `ad-compiler/tests/msrv.rs`.)
            Expr::Unary(_) if self.deref_alias(expr).is_some() => {
                let place = self.deref_alias(expr)?;
                self.lower_expr(&place)
            }
            // `r.x` and `r[i]` of one read the same part of its place.
            Expr::Field(_) | Expr::Index(_) if self.through_alias(expr).is_some() => {
                let place = self.through_alias(expr)?;
                self.lower_expr(&place)
            }
            // `r.method(..)` of one calls the method on its place.
            Expr::MethodCall(m) if self.alias_root(&m.receiver).is_some() => {
                let place = self.alias_root(&m.receiver)?;
                let mut call = m.clone();
                call.receiver = Box::new(place);
                self.lower_expr(&Expr::MethodCall(call))
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
            // `&s.f` borrows the field in place: moving it out first would not compile when
            // `s` is itself a reference (a captured `d: &Data` in `&d.x`).
            Expr::Reference(r) if matches!(&*r.expr, Expr::Field(_)) && r.mutability.is_none() => {
                let Expr::Field(f) = &*r.expr else {
                    return None;
                };
                self.lower_field(f, true)
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
            // `v.mul(s)`, `Mul::mul(v, s)`: the operator (see `operator_methods`).
            Expr::Call(_) | Expr::MethodCall(_)
                if super::operator_methods::as_operator(
                    expr,
                    crate::source::current().as_deref(),
                )
                .is_some() =>
            {
                let operator = super::operator_methods::as_operator(
                    expr,
                    crate::source::current().as_deref(),
                )?;
                self.lower_expr(&operator)
            }
            Expr::Call(call) if self.float_from(call).is_some() => {
                let converted = self.float_from(call)?;
                self.lower_expr(&converted)
            }
            // `Float::cos(t)`: the method `t.cos()`.
            Expr::Call(call) if super::float_trait_calls::as_method_call(call).is_some() => {
                let method = super::float_trait_calls::as_method_call(call)?;
                self.lower_expr(&method)
            }
            Expr::Call(call) => self.lower_call(call),
            Expr::MethodCall(m) if self.float_conversion(m).is_some() => {
                let converted = self.float_conversion(m)?;
                self.lower_expr(&converted)
            }
            Expr::MethodCall(m)
                if m.method == "push"
                    && m.args.len() == 1
                    && local_name(&m.receiver).is_some()
                    && !self.is_users_method(m) =>
            {
                // `v.push(x)` on a local: a new version of it.
                let name = local_name(&m.receiver)?;
                let base = self.lookup(&name)?;
                let value = self.lower_value(&m.args[0]);
                let updated = self.push(Op::Push { base, value }, span);
                self.assign(&name, updated);
                None
            }
            // `xs.get(i).copied()`, `v.pop()`, `v.remove(i)`, `v.insert(i, x)`, .. on a local
            // `Vec` (one the lowering knows to be a sequence, not a `String`) or a sequence
            // parameter: the code each stands for.
            Expr::MethodCall(m)
                if super::vec_methods::copied_element(m, &self.sequence_params).is_some() =>
            {
                let code = super::vec_methods::copied_element(m, &self.sequence_params)?;
                self.lower_expr(&code)
            }
            Expr::MethodCall(m)
                if super::vec_methods::desugar(m, &self.sequence_params).is_some() =>
            {
                let code = super::vec_methods::desugar(m, &self.sequence_params)?;
                self.lower_expr(&code)
            }
            Expr::MethodCall(m) if super::indexed_loops::for_each_loop(m).is_some() => {
                let looped = super::indexed_loops::for_each_loop(m)?;
                self.lower_for(&looped)
            }
            Expr::MethodCall(m) if super::zip::is_zip(m) => {
                self.lower_desugared(super::zip::method_as_loop(m, &self.untyped_arrays))
            }
            Expr::MethodCall(m) if super::lanes::is_lane_map(m) => {
                self.lower_desugared(super::lanes::as_loops(m))
            }
            // ndarray's own `a.fold(init, f)`: the chain `a.iter().fold(init, f)`, which
            // visits the elements in the same logical order for the arrays it differentiates.
            Expr::MethodCall(m) if super::chains::array_fold(m).is_some() => {
                let chain = super::chains::array_fold(m)?;
                self.lower_chain(&chain).flatten()
            }
            // A chain over sequences written in place or computed (`[a, b].iter()`,
            // `w.row(0).iter()`, `.zip(w.column(1))`): over locals bound to them.
            Expr::MethodCall(m) if super::chains::with_bound_source(m).is_some() => {
                let block = super::chains::with_bound_source(m)?;
                self.lower_expr(&block)
            }
            Expr::MethodCall(m) if self.is_chain(m) => self.lower_chain(m).flatten(),
            Expr::MethodCall(m) if self.copied_result(m).is_some() => {
                let code = self.copied_result(m)?;
                self.lower_expr(&code)
            }
            // A sequence parameter's `xs.first()`, `xs.last()`: the chains that visit it.
            Expr::MethodCall(m) if super::chains::end_element(m, &self.known()).is_some() => {
                let chain = super::chains::end_element(m, &self.known())?;
                self.lower_chain(&chain).flatten()
            }
            // `opt.map(|v| ..).unwrap_or(d)`, `opt.map_or(d, |v| ..)`: the `match` they stand
            // for.
            Expr::MethodCall(m) if super::option_map::as_match(m).is_some() => {
                let desugared = super::option_map::as_match(m)?;
                self.lower_expr(&desugared)
            }
            // `option.unwrap()` passes the derivative through (see `Op::Unwrap`), as does
            // `result.expect(msg)` (the derivative code's panic, where the function's, has
            // `unwrap`'s words).
            Expr::MethodCall(m)
                if m.turbofish.is_none()
                    && ((m.method == "unwrap" && m.args.is_empty())
                        || (m.method == "expect" && m.args.len() == 1)) =>
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
            // `p.map(|x| ..)` of an array parameter `p: [T; 2]`: the array of each result.
            Expr::MethodCall(m) if self.array_map(m).is_some() => {
                let mapped = self.array_map(m)?;
                self.lower_expr(&mapped)
            }
            // `m.map(|v| ..)` or `m.map(f64::exp)` of an nalgebra matrix, as `mapv` (an
            // iterator's `map` is a stage of a chain, lowered above with its consumer).
            Expr::MethodCall(m)
                if m.method == "map"
                    && m.args.len() == 1
                    && matches!(&m.args[0], Expr::Closure(_) | Expr::Path(_)) =>
            {
                self.lower_mapv(m)
            }
            Expr::MethodCall(m) => {
                if let Some(written) = self.call_as_written(expr) {
                    return Some(written);
                }
                // A method of an element or field (`m[i].len()`) borrows it, as auto-ref does.
                let receiver = self.lower_place(&m.receiver);
                // A closure or a function's name given to a method, as to a function (see
                // `function_args`): with its derivatives, or as written where the call carries
                // none.
                let args = m
                    .args
                    .iter()
                    .map(|a| match self.lower_function_argument(a) {
                        Some(function) => function,
                        None => self.lower_value(a),
                    })
                    .collect();
                let method = m.method.clone();
                let turbofish = m.turbofish.clone();
                let op = if crate::vocab::discrete::discrete_method(&method.to_string()).is_some() {
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
                    self.diag.error(r.return_token.span, "`return` is supported in differentiable functions where it ends the function: at the end of a branch of a statement, or as a branch of a value given a name (`let v = if .. { return .. } else { .. };`), not inside an operand: name the value first");
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
            Expr::Macro(m) if is_azip(&m.mac) => {
                self.lower_desugared(super::zip::macro_as_loop(&m.mac, &self.untyped_arrays))
            }
            // `array![..]`, `stack![..]`, `concatenate![..]`: the calls they stand for.
            Expr::Macro(m) if super::array_macros::as_call(&m.mac).is_some() => {
                let call = super::array_macros::as_call(&m.mac)?;
                self.lower_expr(&call)
            }
            Expr::Macro(m) => {
                let value = self.lower_constant_macro(&m.mac);
                if value.is_none() {
                    self.unsupported_macro(&m.mac);
                }
                value
            }
            // A closure literal anywhere else: stored in a sequence, tuple or struct, or
            // returned.
            Expr::Closure(_) => {
                self.diag.error_spanned(expr, "a closure in a differentiable function can be bound by `let` and called, or given to a function, a method or an iterator adaptor, but not stored in a `Vec`, tuple or struct, nor returned from the function: call it where it is bound, or make it a `#[differentiable]` function");
                None
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

    pub(super) fn lower_path(&mut self, p: &syn::ExprPath) -> ValueId {
        if p.qself.is_none()
            && let Some(ident) = p.path.get_ident()
            && let Some(v) = self.lookup(&ident.to_string())
        {
            if self.closures.contains_key(&v) {
                self.diag.error_spanned(p, format!("the closure `{ident}` can only be called or given to a function in differentiable functions (not stored): call it, or make it a `#[differentiable]` function"));
            }
            return v;
        }
        if p.qself.is_none()
            && let Some(ident) = p.path.get_ident()
            && self.aliased(ident).is_some()
        {
            self.diag.error_spanned(p, format!("`{ident}` is a `&mut` reference to a local: in differentiable functions, use it only as `*{ident}` (read or assigned)"));
        }
        if p.qself.is_none()
            && let Some(ident) = p.path.get_ident()
            && self.is_uninit(&ident.to_string())
        {
            // rustc accepts the read, so every path assigns it: inside a `loop` left by
            // `break` (the one case where merging the paths here loses the value).
            self.diag.error_spanned(p, format!("`{ident}` is assigned inside a loop and read after it: give it a value where it is declared (`let {ident} = ..;`)"));
        }
        // A `const`, a static or a variable captured by a closure: a constant.
        self.push(Op::Const(p.to_token_stream()), p.span())
    }

    pub(super) fn lower_binary(&mut self, b: &syn::ExprBinary) -> Option<ValueId> {
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
            BinOp::Rem(_) => Op::Arith(ArithOp::Rem, lhs, rhs),
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

    /// `a..b`, `a..=b`, `..b`, `a..`, `..`: a range of indices, never differentiated.
    pub(super) fn lower_range(&mut self, r: &syn::ExprRange) -> Option<ValueId> {
        let operator = r.limits.to_token_stream();
        let operands = match (&r.start, &r.end) {
            (Some(start), Some(end)) => vec![self.lower_value(start), self.lower_value(end)],
            (None, Some(end)) => vec![self.lower_value(end)],
            // `a..` (as in `&xs[a..]`): the operator after its operand.
            (Some(start), None) => {
                let start = self.lower_value(start);
                let hole = quote::format_ident!("{}0", crate::ir::HOLE);
                let template = quote!((#hole)..);
                return Some(self.push(
                    Op::Opaque {
                        template,
                        holes: vec![start],
                        captured: None,
                    },
                    r.span(),
                ));
            }
            (None, None) => return Some(self.push(Op::Const(quote!(..)), r.span())),
        };
        Some(self.push(Op::Discrete { operator, operands }, r.span()))
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
    pub(super) fn lower_struct(&mut self, s: &syn::ExprStruct) -> Option<ValueId> {
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

impl Builder<'_> {
    /// `'a: { stmts; tail }` is `'a: loop { stmts; break 'a tail; }`: a loop that runs once,
    /// left by its own `break 'a value`s or at its end.
    fn lower_labelled_block(&mut self, b: &syn::ExprBlock) -> Option<ValueId> {
        let label = b.label.as_ref()?;
        let name = &label.name;
        let mut stmts = b.block.stmts.clone();
        let tail = match stmts.last() {
            Some(syn::Stmt::Expr(e, None)) => {
                let e = e.clone();
                stmts.pop();
                Some(e)
            }
            _ => None,
        };
        let desugared: syn::ExprLoop = syn::parse_quote_spanned! {name.span()=>
            #label loop {
                #(#stmts)*
                break #name #tail;
            }
        };
        self.lower_loop_expr(&desugared)
    }

    /// `[x; n]`: with a literal length (up to 64), the array of `n` copies of `x`, each
    /// position passing its cotangent to `x`; with another length, only a constant.
    fn lower_array_repeat(&mut self, r: &syn::ExprRepeat) -> Option<ValueId> {
        let value = self.lower_value(&r.expr);
        let length = match &*r.len {
            Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Int(n),
                ..
            }) => n.base10_parse::<usize>().ok().filter(|n| *n <= 64),
            _ => None,
        };
        if let Some(n) = length {
            return Some(self.push(Op::Array(vec![value; n]), r.span()));
        }
        if self.is_constant(value) {
            return Some(self.push(Op::Const(r.to_token_stream()), r.span()));
        }
        self.diag.error_spanned(
            r,
            "an array `[x; n]` of a value that may be differentiated needs a literal length (up to 64) in differentiable functions: write the length as a number, or use `vec![x; n]`",
        );
        None
    }
}
