//! Calls into instructions: functions by path (and closures bound by `let`), `vec![..]`,
//! `mapv` with a closure, and operators nested in a differentiable body (`differentiate!`,
//! `gradient!`), which become [`Op::Nested`](crate::ir::Op).

use super::assign::owned_parts;
use super::ssa::Builder;
use crate::ir::{Op, ValueId};
use quote::{ToTokens, quote};
use syn::Expr;
use syn::spanned::Spanned;

impl Builder<'_> {
    pub(super) fn lower_call(&mut self, call: &syn::ExprCall) -> Option<ValueId> {
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
        // `<Back as Easing<f64>>::ease_in(t)`: the function of the type, `Back::ease_in(t)`,
        // whose derivatives its impl's attribute wrote beside it.
        if let Some(by_type) = through_the_type(callee) {
            let mut call = call.clone();
            call.func = Box::new(Expr::Path(by_type));
            return self.lower_call(&call);
        }
        // A function value, such as a parameter `f: impl Fn(f64) -> f64`: `f(x)` is the call
        // of its derivatives' form, `f.call(x)` (several arguments as one tuple; see
        // `frontend::function_params`).
        if let Some(called) = self.call_of_function_value(callee, call) {
            return Some(called);
        }
        // A `Zip` not consumed by a form `zip` lowers (`let z = Zip::from(&a);`).
        if super::zip::is_zip_constructor(func) {
            self.diag.push_error(super::zip::unsupported(call.span()));
            return None;
        }
        if let Some(loops) = super::shape_fn::as_loops(call, callee) {
            return self.lower_expr(&loops);
        }
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
        match (mem_function(call), call.args.first(), call.args.get(1)) {
            (Some(MemFunction::Swap), Some(a), Some(b)) => {
                self.lower_swap(a, b);
                return Some(self.push(Op::Const(quote::quote!(())), call.span()));
            }
            (Some(MemFunction::Replace), Some(place), Some(value)) => {
                return Some(self.lower_replace(place, value));
            }
            _ => {}
        }
        // (`F::PI()`, `f64::SQRT_2()`: num-traits' `FloatConst` constants, functions named as
        // constants, not a tuple struct of no fields.)
        let constructor =
            is_constructor(callee) && !(call.args.is_empty() && names_a_constant(callee));
        if !constructor
            && callee.qself.is_none()
            && call.args.iter().any(|a| self.mutable_place(a).is_some())
        {
            if let Some(lent) = self.lent_arguments(callee, call) {
                return self.lower_call(&lent);
            }
            return self.lower_call_with_inout(callee, call);
        }
        let joins_arrays = callee.path.segments.last().is_some_and(|s| {
            (s.ident == "concatenate" || s.ident == "stack") && call.args.len() == 2
        });
        // A function of the standard library takes a closure or a function as written (it
        // has no derivative to give them to).
        let library = callee.path.segments.first().is_some_and(|s| {
            ["std", "core", "alloc", "ndarray"]
                .iter()
                .any(|l| s.ident == l)
        });
        if !library
            && !joins_arrays
            && let Some(written) = self.call_as_written(&Expr::Call(call.clone()))
        {
            return Some(written);
        }
        let args: Vec<ValueId> = call
            .args
            .iter()
            .map(|a| match joins_arrays {
                true => self.lower_value(&owned_parts(a)),
                false => match (!library)
                    .then(|| self.lower_function_argument(a))
                    .flatten()
                {
                    Some(function) => function,
                    None => self.lower_value(a),
                },
            })
            .collect();
        let op = if constructor && is_some_constructor(&callee.path) && args.len() == 1 {
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
        } else if self.refuse_local_function(callee) {
            return None;
        } else {
            let op = Op::Call {
                callee: through_ad_ndarray(callee),
                args,
                inout: Vec::new(),
            };
            let result = self.push(op, call.span());
            return Some(self.ascribe_declared_float(callee, result, call.span()));
        };
        Some(self.push(op, call.span()))
    }

    /// `f(x)` of a local function value `f` (a parameter `f: impl Fn(f64) -> f64`, see
    /// `frontend::function_params`): `f.call(x)`, several arguments as one tuple. `None`
    /// when `callee` names no local.
    fn call_of_function_value(
        &mut self,
        callee: &syn::ExprPath,
        call: &syn::ExprCall,
    ) -> Option<ValueId> {
        let ident = callee.path.get_ident().filter(|_| callee.qself.is_none())?;
        let function = self.lookup(&ident.to_string())?;
        let args: Vec<ValueId> = call.args.iter().map(|a| self.lower_value(a)).collect();
        let argument = match args.as_slice() {
            [single] => *single,
            _ => self.push(Op::Tuple(args), call.span()),
        };
        let method = syn::Ident::new("call", ident.span());
        Some(self.push(
            Op::Method {
                receiver: function,
                method,
                turbofish: None,
                args: vec![argument],
                inout: false,
            },
            call.span(),
        ))
    }

    /// The result of a call of a function this file declares once with a float result
    /// (`fn t(..) -> f64`, see `source`), ascribed that type: the analyses see a float where
    /// a macro could not otherwise tell (`analysis::floats`).
    fn ascribe_declared_float(
        &mut self,
        callee: &syn::ExprPath,
        result: ValueId,
        span: proc_macro2::Span,
    ) -> ValueId {
        let width = callee
            .path
            .get_ident()
            .zip(crate::source::current())
            .and_then(|(name, file)| file.float_result(&name.to_string()));
        match width {
            Some(width) => {
                let ty = syn::Ident::new(width, span);
                self.push(Op::Ascribe(result, syn::parse_quote!(#ty)), span)
            }
            None => result,
        }
    }

    /// `f(&mut place, x)`: a call of a function with `&mut` parameters (inout, as in Swift),
    /// whose derivative companion takes those arguments by value and returns its result
    /// followed by their new values (see `frontend::differentiable`). Each place is read
    /// before the call and assigned its new value after it, so derivatives flow through it as
    /// through any other assignment.
    ///
    /// Original: `r = f(&mut a, x)` replaces `a` by `a' = g(a, x)`, with `r = h(a, x)`.
    /// Tangent: `(tr, ta') = J(a, x) · (ta, tx)`, the companion's forward derivative.
    /// Adjoint: `(adj[a], adj[x]) += J(a, x)ᵀ · (adj[r], adj[a'])`, its pullback.
    fn lower_call_with_inout(
        &mut self,
        callee: &syn::ExprPath,
        call: &syn::ExprCall,
    ) -> Option<ValueId> {
        let span = call.span();
        let mut inout = Vec::new();
        let mut places = Vec::new();
        let mut args = Vec::new();
        for (k, a) in call.args.iter().enumerate() {
            match self.mutable_place(a) {
                Some(place) => {
                    inout.push(k);
                    args.push(self.lower_value(&place));
                    places.push(place);
                }
                // A closure or a function's name takes the forms of any call's (see
                // `function_args`).
                None => {
                    let function = self.lower_function_argument(a);
                    args.push(function.unwrap_or_else(|| self.lower_value(a)));
                }
            }
        }
        let op = Op::Call {
            callee: callee.clone(),
            args,
            inout,
        };
        let updated = self.push(op, span);
        let part = |k: usize| {
            syn::Member::Unnamed(syn::Index {
                index: k as u32,
                span,
            })
        };
        for (k, place) in places.iter().enumerate() {
            let new_value = self.push(Op::Field(updated, part(k + 1)), place.span());
            self.assign_to(place, new_value);
        }
        let result = self.push(Op::Field(updated, part(0)), span);
        Some(self.ascribe_declared_float(callee, result, span))
    }

    /// The place of an argument written `&mut place`, or a `&mut` reference the function
    /// holds: an inout parameter passed on (`g(acc)`) or a reborrow (`let r = &mut a; g(r)`).
    /// `f(.., y, ..)` with `y` a `&mut` parameter (or a reborrow) given where `f`'s
    /// declaration in this file takes a shared reference (`fn f(y: &[f64])`): `f(.., &*y, ..)`,
    /// which lends `y` as Rust's coercion does, instead of passing it inout. `None` when no
    /// argument is such, or `f` is not declared once in this file (see `source`).
    fn lent_arguments(
        &self,
        callee: &syn::ExprPath,
        call: &syn::ExprCall,
    ) -> Option<syn::ExprCall> {
        let name = callee.path.get_ident()?.to_string();
        let file = crate::source::current()?;
        let declared = file.function(&name)?;
        if declared.len() != call.args.len() {
            return None;
        }
        let mut lent = call.clone();
        let mut changed = false;
        for (arg, passing) in lent.args.iter_mut().zip(declared) {
            let shared = *passing == crate::source::Passing::Lent;
            if shared && matches!(arg, Expr::Path(_)) && self.mutable_place(arg).is_some() {
                *arg = syn::parse_quote_spanned!(arg.span()=> &*#arg);
                changed = true;
            }
        }
        changed.then_some(lent)
    }

    fn mutable_place(&self, arg: &Expr) -> Option<Expr> {
        match arg {
            Expr::Reference(r) if r.mutability.is_some() => Some((*r.expr).clone()),
            Expr::Paren(p) => self.mutable_place(&p.expr),
            Expr::Group(g) => self.mutable_place(&g.expr),
            Expr::Path(p) if p.qself.is_none() => self.aliased(p.path.get_ident()?),
            _ => None,
        }
    }

    /// `vec![value; count]` or `vec![a, b, ..]`.
    pub(super) fn lower_vec(&mut self, mac: &syn::Macro) -> Option<ValueId> {
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
    /// `f64` arrays (see `ad_std::array::ArrayMapv`); `m.map(f)` likewise `differentiable_map`
    /// of nalgebra's matrices (`ad_std::matrix::MatrixMap`). Either is given `function!(f)`,
    /// the function with its derivatives. A `mapv` closure that reads locals of the function
    /// (which `function!` would take as constants, losing their derivatives) is lowered as its
    /// body applied to the whole array when it is arithmetic and float methods (see
    /// `lifted_map`); other closures that read locals are functions with derivatives that
    /// capture them (a capturing function when they are differentiated, see `function_args`).
    pub(super) fn lower_mapv(&mut self, m: &syn::ExprMethodCall) -> Option<ValueId> {
        let function = &m.args[0];
        // The elements are `f64`s: an untyped parameter gets that type, which `function!`
        // needs.
        let function = match function {
            Expr::Closure(closure) => Expr::Closure(typed_element_closure(closure, m)),
            other => other.clone(),
        };
        let receiver = self.lower_place(&m.receiver);
        let wrapped = match &function {
            Expr::Closure(closure) if self.captures_a_local(closure) => {
                // Arithmetic and float methods of the element apply to the whole array as
                // they do to one element: the closure's body over the array, through which
                // derivatives reach what it captured.
                // (ndarray's arrays have the float methods elementwise; nalgebra's do not.)
                // (`map` of ndarray passes a reference to the element, which the lifted body
                // reads as a reference to the array: `&a * s` is ndarray's too.)
                if let Some(lifted) = super::lifted_map::over_the_array(closure, &m.receiver) {
                    return self.lower_expr(&lifted);
                }
                // Otherwise a function with derivatives, capturing the differentiated locals
                // it reads (see `function_args`).
                let key = self.take_site(closure.span());
                self.closure_with_derivatives(closure, closure.span(), key)
            }
            _ => self.push(
                Op::Const(quote!(::ad::function!(#function))),
                function.span(),
            ),
        };
        let method = syn::Ident::new(&format!("differentiable_{}", m.method), m.method.span());
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

    /// Whether `closure` reads a local of the function.
    fn captures_a_local(&self, closure: &syn::ExprClosure) -> bool {
        let own: Vec<String> = closure.inputs.iter().filter_map(pattern_name).collect();
        let mut captures = false;
        collect_names(&closure.body.to_token_stream(), &mut |ident| {
            let name = ident.to_string();
            captures |= !own.contains(&name) && self.lookup(&name).is_some();
        });
        captures
    }

    /// `differentiate!(at: a, of: f)` inside a differentiable body, or `gradient!`: one
    /// [`Op::Nested`] per argument (a tuple of them for `gradient!` of several), whose operands
    /// are the argument and the outer locals the closure reads.
    pub(super) fn lower_nested(&mut self, mac: &syn::Macro) -> Option<ValueId> {
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
                let params: Vec<syn::Ident> = (0..n).map(crate::names::nested_parameter).collect();
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
    pub(super) fn lower_nested_single(
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
        // The closure with the captures as extra parameters, lowered now like any body.
        let mut params = super::closure_params(&closure);
        params.extend(captures.iter().map(|capture| super::ParamInput {
            pat: syn::parse_quote!(#capture),
            ty: None,
            constant: false,
            fn_output: None,
        }));
        let input = super::BodyInput::Expr(&closure.body);
        let body = super::lower("nested".into(), &params, None, input, self.diag)?;
        // Closures in it that capture differentiated values: lowered again as capturing
        // functions, as `pipeline::differentiate` does for a function's body.
        let mut body = body;
        let mut forms = std::collections::HashMap::new();
        for _ in 0..super::MAX_LOWERINGS {
            let activity =
                crate::analysis::analyze(&body, &mut crate::diag::Diagnostics::default());
            let found = crate::analysis::activity::function_argument_forms(&body, &activity);
            let Some(settled) = super::settle_forms(&forms, found) else {
                break;
            };
            forms = settled;
            body = super::lower_capturing(
                "nested".into(),
                &params,
                None,
                input,
                self.diag,
                forms.clone(),
            )?;
        }
        let body = Box::new(body);
        Some(self.push(Op::Nested { body, args }, span))
    }

    pub(super) fn unsupported_macro(&mut self, mac: &syn::Macro) {
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
        } else if matches!(name.as_str(), "array" | "stack" | "concatenate") {
            format!(
                "this form of `{name}!` is not supported in differentiable functions (`array!` of one or two axes, `stack!` and `concatenate!` of an axis and arrays are): build the array with `Array::from_shape_vec(..)`, or compute it outside"
            )
        } else {
            format!(
                "the macro `{name}!` is not supported in differentiable functions (`s!`, `vec!`, `array!`, `format!`, `println!`, `assert!` and their kin are): compute the value outside, or in a helper function"
            )
        };
        self.diag.error(mac.path.span(), message);
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

/// The name a closure parameter binds (`x` or `x: T`).
fn pattern_name(pat: &syn::Pat) -> Option<String> {
    match pat {
        syn::Pat::Ident(i) => Some(i.ident.to_string()),
        syn::Pat::Type(t) => pattern_name(&t.pat),
        _ => None,
    }
}

/// The functions of `std::mem` that write the places they are given.
pub(super) enum MemFunction {
    /// `mem::swap(&mut a, &mut b)`.
    Swap,
    /// `mem::replace(&mut a, value)`.
    Replace,
}

/// Which `mem` function `call` calls (by a path ending in `mem::swap` or `mem::replace`,
/// with two arguments), if any.
pub(super) fn mem_function(call: &syn::ExprCall) -> Option<MemFunction> {
    let Expr::Path(p) = &*call.func else {
        return None;
    };
    let names: Vec<String> = p
        .path
        .segments
        .iter()
        .map(|s| s.ident.to_string())
        .collect();
    let function = match names.as_slice() {
        [.., module, f] if module == "mem" && f == "swap" => MemFunction::Swap,
        [.., module, f] if module == "mem" && f == "replace" => MemFunction::Replace,
        _ => return None,
    };
    (call.args.len() == 2).then_some(function)
}

/// ndarray's free functions whose derivatives `ad::ndarray` holds (see `src/ndarray.rs`).
pub const NDARRAY_FUNCTIONS: &[&str] = &["arr1", "arr2", "concatenate", "stack"];

/// `ndarray::concatenate` (also `::ndarray::..`) as `ad`'s `ndarray::concatenate`, whose
/// companion holds the derivatives; other paths as they are.
fn through_ad_ndarray(callee: &syn::ExprPath) -> syn::ExprPath {
    let segments: Vec<String> = callee
        .path
        .segments
        .iter()
        .map(|s| s.ident.to_string())
        .collect();
    match segments.as_slice() {
        [krate, name] if krate == "ndarray" && NDARRAY_FUNCTIONS.contains(&name.as_str()) => {
            let rt = crate::names::runtime();
            let last = &callee.path.segments[1];
            let mut rerouted = callee.clone();
            rerouted.path = syn::parse_quote_spanned!(last.ident.span()=> #rt::ndarray::#last);
            rerouted
        }
        _ => callee.clone(),
    }
}

/// `closure`, given to `m` (`mapv`, `map`), with its parameter typed as the element: an
/// untyped one (`|v|`) and ndarray's lent one (`|&v|`, whose rules give the element itself)
/// are `f64`s.
fn typed_element_closure(closure: &syn::ExprClosure, m: &syn::ExprMethodCall) -> syn::ExprClosure {
    let mut typed = closure.clone();
    for input in typed.inputs.iter_mut() {
        match input {
            syn::Pat::Ident(ident) => {
                *input = syn::Pat::Type(syn::parse_quote!(#ident: f64));
            }
            syn::Pat::Reference(r) if m.method == "map" => {
                let inner = &r.pat;
                *input = syn::Pat::Type(syn::parse_quote!(#inner: f64));
            }
            _ => {}
        }
    }
    typed
}

/// Whether `path` names `Option::Some`: `Some`, `Option::Some`, `::core::option::Option::Some`
/// (as desugarings write it) or `std::option::Option::Some`.
fn is_some_constructor(path: &syn::Path) -> bool {
    let names: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    matches!(
        names.as_slice(),
        ["Some"] | ["Option", "Some"] | ["core" | "std", "option", "Option", "Some"]
    )
}

/// Whether the last segment of `callee` is written as constants are (`PI`, `E`, `SQRT_2`,
/// `FRAC_1_PI`): uppercase letters, digits and underscores.
fn names_a_constant(callee: &syn::ExprPath) -> bool {
    callee.path.segments.last().is_some_and(|s| {
        let name = s.ident.to_string();
        name.chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
    })
}

/// Whether `callee` is a tuple struct's constructor: a capitalised name, unless the file
/// declares a function of that name (`Jn`, as the Bessel functions are named).
fn is_constructor(callee: &syn::ExprPath) -> bool {
    callee.qself.is_none()
        && callee.path.segments.last().is_some_and(|s| {
            let name = s.ident.to_string();
            name.starts_with(|c: char| c.is_uppercase())
                && !crate::source::current().is_some_and(|f| f.declares_function(&name))
        })
}

impl Builder<'_> {
    /// Whether `callee` is a function the body declares (`fn g(..)` among its statements),
    /// which has no derivatives of its own: the calls of such functions are inlined, and one
    /// left is an error.
    fn refuse_local_function(&mut self, callee: &syn::ExprPath) -> bool {
        let Some(name) = callee.path.get_ident() else {
            return false;
        };
        let local = self
            .items
            .iter()
            .any(|item| matches!(item, syn::Item::Fn(f) if f.sig.ident == *name));
        if local {
            self.diag.error(
                callee.span(),
                format!("`{name}` is declared inside the function, and a function declared there is differentiated by inlining its body at each call, which this one's cannot be (it returns early, is generic, recursive or a method's): declare `{name}` outside the function and mark it `#[differentiable]`"),
            );
        }
        local
    }
}

/// `<T as Trait<..>>::f` as `T::f`, for a type `T` named by a path; `None` for other paths.
fn through_the_type(callee: &syn::ExprPath) -> Option<syn::ExprPath> {
    let qself = callee.qself.as_ref()?;
    let syn::Type::Path(ty) = &*qself.ty else {
        return None;
    };
    if ty.qself.is_some() || qself.position == 0 {
        return None;
    }
    let mut path = ty.path.clone();
    path.segments
        .extend(callee.path.segments.iter().skip(qself.position).cloned());
    Some(syn::ExprPath {
        attrs: callee.attrs.clone(),
        qself: None,
        path,
    })
}
