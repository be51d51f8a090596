//! Statement lists into instructions: blocks and their scopes, `let`, expression statements,
//! `x.method(..);` on a local (a new version of it), and where a statement that may exit
//! (`return`, `break`, a loop that leaves) hands the rest of the list to control flow.

use super::ssa::Builder;
use crate::ir::{Op, ValueId};
use syn::spanned::Spanned;
use syn::{Expr, Stmt};

impl Builder<'_> {
    /// Lowers the statements of a block in a new scope; returns the block's value.
    pub fn lower_block(&mut self, block: &syn::Block) -> Option<ValueId> {
        self.push_scope();
        let value = self.lower_stmts(&block.stmts);
        self.pop_scope();
        value
    }

    /// Lowers a block expression nested in another expression: not in tail position, so a
    /// `return`, `break` or `continue` in it cannot be normalised (what follows the
    /// expression would run after it).
    pub(super) fn lower_nested_block(&mut self, block: &syn::Block) -> Option<ValueId> {
        let saved = std::mem::replace(&mut self.tail, false);
        let saved_iteration = std::mem::replace(&mut self.iteration_tail, false);
        let value = self.lower_block(block);
        self.tail = saved;
        self.iteration_tail = saved_iteration;
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
            // An exit in expression position (`let v = match o { .., None => return 0.0 };`,
            // `half(x)?`): the statements it stands for, then the rest.
            if let Some(rewritten) = self.early_exits.rewrite(stmt) {
                let rest = rewritten.into_iter().chain(stmts[i + 1..].iter().cloned());
                return self.lower_stmts(&rest.collect::<Vec<_>>());
            }
            // `let mut v = a.view_mut();`: the rest of the list works on `a` itself.
            if let Some((view, place)) = super::aliases::whole_view_mut(stmt) {
                let rest = super::aliases::through_view(&stmts[i + 1..], &view, &place);
                return self.lower_stmts(&rest);
            }
            // `let p = e else { diverge }; rest` is `match e { p => { rest }, _ => diverge }`
            // (the rest inside the arm, where `p`'s names are bound).
            if let Stmt::Local(local) = stmt
                && let Some(init) = &local.init
                && let Some((_, diverge)) = &init.diverge
            {
                if !self.ends_path() {
                    self.diag.error(stmt.span(), "`let .. else` is supported only where its statements end the function or the loop iteration (not inside a nested block expression)");
                    return None;
                }
                let (pat, scrutinee, rest) = (&local.pat, &init.expr, &stmts[i + 1..]);
                let desugared: syn::ExprMatch = syn::parse_quote_spanned! {local.let_token.span=>
                    match #scrutinee {
                        #pat => { #(#rest)* }
                        _ => #diverge,
                    }
                };
                // (An empty continuation: the arms end the path, so exits in them are allowed.)
                return self.lower_match(&desugared, Some(&[]));
            }
            // `let p = e; rest` where `p` holds an or-pattern that binds names:
            // `match e { p => { rest } }`, whose arm splits into one per alternative.
            if let Stmt::Local(local) = stmt
                && let Some(init) = &local.init
                && init.diverge.is_none()
                && super::control::binding_alternatives(&local.pat).is_some()
            {
                let (pat, scrutinee, rest) = (&local.pat, &init.expr, &stmts[i + 1..]);
                let desugared: syn::ExprMatch = syn::parse_quote_spanned! {local.let_token.span=>
                    match #scrutinee {
                        #pat => { #(#rest)* }
                    }
                };
                return match self.ends_path() {
                    true => self.lower_match(&desugared, Some(&[])),
                    false => self.lower_expr(&Expr::Match(desugared)),
                };
            }
            // A block statement that may exit: its statements are spliced into the list (in
            // a scope of their own), so that an exit in them takes the rest of the list too.
            if let Stmt::Expr(expr @ Expr::Block(b), _) = stmt
                && b.label.is_none()
                && !last
            {
                let exits = super::control::exits(expr);
                if exits.returns || exits.loop_exits {
                    if !self.ends_path() {
                        self.diag.error(expr.span(), "`return`/`break`/`continue` inside a block is supported only where the block ends the function or the loop iteration (not inside a nested block expression)");
                        return None;
                    }
                    let spliced = super::control::with_rest(&b.block.stmts, &stmts[i + 1..]);
                    return self.lower_stmts(&spliced);
                }
            }
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
            let has_flags = !at_function_level || self.lookup(crate::names::RETURNED).is_some();
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
            // A `loop` without `break` that ends the function (`loop { ..; if done { return v; } }`,
            // C's `while (true)`): it ends only by a `return`, so the function's value is the
            // value returned.
            if last
                && leaves
                && at_function_level
                && let Stmt::Expr(Expr::Loop(l), _) = stmt
                && !super::indexed_loops::has_break(&l.body)
            {
                self.lower_stmt(stmt, false);
                if self.returned.is_some() {
                    return None;
                }
                let returned = self.lookup(crate::names::RETURN_VALUE)?;
                return Some(self.push(crate::ir::Op::Unwrap(returned), stmt.span()));
            }
            value = self.lower_stmt(stmt, last);
        }
        value
    }

    /// Whether the statements being lowered end the function (outside loops) or the loop
    /// iteration, so that an exit among them can be normalised.
    pub(super) fn ends_path(&self) -> bool {
        if self.loops.is_empty() {
            self.tail
        } else {
            self.iteration_tail
        }
    }

    /// Lowers one statement; returns its value when it is the `last` of its list and has one.
    pub(super) fn lower_stmt(&mut self, stmt: &Stmt, last: bool) -> Option<ValueId> {
        match stmt {
            Stmt::Local(local) => self.lower_let(local),
            Stmt::Item(item) => self.items.push(item.clone()),
            // A block that ends the function is still in tail position.
            Stmt::Expr(Expr::Block(b), semi) if last && b.label.is_none() => {
                let value = self.lower_block(&b.block);
                return if semi.is_none() { value } else { None };
            }
            // `v.sort_by(compare);` on a local sequence: the sorting permutation, applied.
            Stmt::Expr(Expr::MethodCall(m), Some(_))
                if is_sort(m) && self.inout_receiver(m).is_some() =>
            {
                self.lower_sort(m);
            }
            // `v.fill(x);` on a local sequence: its new version, `v.filled(x)` (`ad_std::fill`).
            Stmt::Expr(Expr::MethodCall(m), Some(_))
                if m.method == "fill"
                    && m.args.len() == 1
                    && self.inout_receiver(m).is_some()
                    && !self.is_users_method(m) =>
            {
                self.lower_as_value_method(m, "filled");
            }
            // `v[a..b].fill(x);` (C++'s `std::fill(v + a, v + b, x)`): the element writes it
            // stands for, `x` evaluated once.
            Stmt::Expr(Expr::MethodCall(m), Some(_))
                if m.method == "fill"
                    && m.args.len() == 1
                    && super::indexed_loops::range_of(&m.receiver).is_some() =>
            {
                if let Some((sequence, start, end)) = super::indexed_loops::range_of(&m.receiver) {
                    let end = end.unwrap_or_else(|| syn::parse_quote!((#sequence).len()));
                    let (value, k) = (&m.args[0], crate::names::element_index());
                    let filled = crate::names::filled_with();
                    let writes: Expr = syn::parse_quote_spanned! {m.span()=> {
                        let #filled = #value;
                        for #k in #start..#end {
                            #sequence[#k] = #filled;
                        }
                    }};
                    self.lower_expr(&writes);
                }
            }
            // `a.mapv_inplace(f);` on a local array: `a = a.mapv(f);`.
            Stmt::Expr(Expr::MethodCall(m), Some(_))
                if m.method == "mapv_inplace"
                    && m.args.len() == 1
                    && self.inout_receiver(m).is_some() =>
            {
                let (array, f) = (&m.receiver, &m.args[0]);
                let assignment: Expr =
                    syn::parse_quote_spanned!(m.span()=> #array = #array.mapv(#f));
                self.lower_expr(&assignment);
            }
            // `a.assign(&b);` (ndarray) and `v.copy_from_slice(xs);` on a local: its new
            // version, `a.assigned(&b)`, `v.copied_from(xs)` (`ad_std::assign`).
            Stmt::Expr(Expr::MethodCall(m), Some(_))
                if m.method == "assign"
                    && m.args.len() == 1
                    && self.inout_receiver(m).is_some() =>
            {
                self.lower_as_value_method(m, "assigned");
            }
            Stmt::Expr(Expr::MethodCall(m), Some(_))
                if m.method == "copy_from_slice"
                    && m.args.len() == 1
                    && self.inout_receiver(m).is_some() =>
            {
                self.lower_as_value_method(m, "copied_from");
            }
            // `v.swap(i, j);` on a local sequence: two element writes.
            Stmt::Expr(Expr::MethodCall(m), Some(_))
                if m.method == "swap" && m.args.len() == 2 && self.inout_receiver(m).is_some() =>
            {
                self.lower_element_swap(m);
            }
            // `v.truncate(n);`, `v.remove(i);`, .. on a local `Vec`: the code each stands for.
            Stmt::Expr(Expr::MethodCall(m), Some(_))
                if super::vec_methods::desugar(m, &self.sequence_params).is_some() =>
            {
                if let Some(code) = super::vec_methods::desugar(m, &self.sequence_params) {
                    self.lower_expr(&code);
                }
            }
            Stmt::Expr(Expr::MethodCall(m), Some(_)) if self.inout_receiver(m).is_some() => {
                self.lower_inout_call(m);
            }
            // `s.p.step(dt);`, `self.p.step(dt);`, `r.step(dt);` (`r` a reborrow of a place):
            // the method updates a copy of the place, which is written back.
            Stmt::Expr(Expr::MethodCall(m), Some(_)) if self.inout_place(m).is_some() => {
                if let Some(place) = self.inout_place(m) {
                    let copy = crate::names::receiver_copy();
                    let mut call = m.clone();
                    call.receiver = Box::new(syn::parse_quote!(#copy));
                    let block: Expr = syn::parse_quote_spanned! {m.span()=> {
                        let mut #copy = #place;
                        #call;
                        #place = #copy;
                    }};
                    self.lower_expr(&block);
                }
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
            Stmt::Macro(m) if super::expr::is_azip(&m.mac) => {
                let desugared = super::zip::macro_as_loop(&m.mac, &self.untyped_arrays);
                self.lower_desugared(desugared);
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
    /// method other than a `Vec`'s `push(x)` (lowered on its own; a `push` of other arity is
    /// the user's) called on a local or on `self` of a `&mut self` method, its result
    /// discarded.
    pub(super) fn inout_receiver(&self, m: &syn::ExprMethodCall) -> Option<String> {
        let name = match &*m.receiver {
            Expr::Path(p) => p.path.get_ident()?.to_string(),
            _ => return None,
        };
        let assignable = name != "self" || self.mutable_self;
        let vec_push = m.method == "push" && m.args.len() == 1 && !self.is_users_method(m);
        (assignable && !vec_push && self.lookup(&name).is_some()).then_some(name)
    }

    /// The place other than a bare local that the statement `place.method(args);` updates: a
    /// field or element of a local (of `self` in a `&mut self` method), or the place a
    /// `&mut` reborrow names.
    fn inout_place(&self, m: &syn::ExprMethodCall) -> Option<Expr> {
        let place = match &*m.receiver {
            Expr::Path(_) | Expr::Unary(_) => self.alias_root(&m.receiver)?,
            Expr::Field(_) | Expr::Index(_) => self
                .alias_root(&m.receiver)
                .unwrap_or_else(|| (*m.receiver).clone()),
            _ => return None,
        };
        let root = super::aliases::place_root(&place)?;
        let assignable = root != "self" || self.mutable_self;
        (assignable && self.lookup(&root).is_some()).then_some(place)
    }

    /// Whether `m`, named as a `Vec`'s method (`push`, `fill`), is the user's: the file
    /// declares a `&mut self` method of that name and the receiver is not a local or a
    /// parameter known to be a sequence.
    pub(super) fn is_users_method(&self, m: &syn::ExprMethodCall) -> bool {
        let Expr::Path(p) = &*m.receiver else {
            return false;
        };
        let Some(name) = p.path.get_ident() else {
            return false;
        };
        !self.sequence_params.iter().any(|s| name == s)
            && crate::source::current()
                .is_some_and(|file| file.declares_mut_self_method(&m.method.to_string()))
    }

    /// `x.method(args);` for a `&mut self` method without a result: `x` gets the new version
    /// returned by the method's inout VJP (see `emit::mut_self`).
    pub(super) fn lower_inout_call(&mut self, m: &syn::ExprMethodCall) {
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

    pub(super) fn lower_let(&mut self, local: &syn::Local) {
        let Some(init) = &local.init else {
            // `let y;` (or `let y: T;`, `let (a, b);`): assigned later, on every path that
            // reads it.
            self.declare_uninit(&local.pat);
            return;
        };
        if let syn::Pat::Ident(name) = &local.pat
            && self.bind_alias(name, &init.expr)
        {
            return;
        }
        if let (Expr::Closure(closure), syn::Pat::Ident(name)) = (&*init.expr, &local.pat) {
            self.bind_closure(name.ident.to_string(), closure);
            return;
        }
        // `let f = { let t = ..; move |v| v * t };`: the block's locals the closure reads
        // are carried out of the block, and the closure reads them there.
        if let (Expr::Block(block), syn::Pat::Ident(name)) = (&*init.expr, &local.pat)
            && let Some((carried, closure)) = super::closures::returned_closure(&block.block)
        {
            self.lower_let(&carried);
            self.bind_closure(name.ident.to_string(), &closure);
            return;
        }
        // `let (a, b) = (x, y);`: each name is bound to its own value, not to a field of a
        // tuple built only to be taken apart (which moved a `Vec` into the tuple, then read
        // it). The values first, then the names: `let (a, b) = (b, a);` swaps.
        if let (syn::Pat::Tuple(names), Expr::Tuple(values)) = (&local.pat, &*init.expr)
            && names.elems.len() == values.elems.len()
            && !names.elems.iter().any(|p| matches!(p, syn::Pat::Rest(_)))
        {
            let values: Vec<_> = values.elems.iter().map(|e| self.lower_value(e)).collect();
            for (name, value) in names.elems.iter().zip(values) {
                self.bind_pattern(name, value);
            }
            return;
        }
        // `let y: f64 = x.into();`: a conversion with a derivative (see `conversions`); and
        // `let s: f64 = xs.iter().map(..).sum();`, whose type is the sum's (see `chains`).
        if let syn::Pat::Type(typed) = &local.pat
            && let Some(converted) = self
                .float_into(&typed.ty, &init.expr)
                .or_else(|| super::conversions::typed_sum(&typed.ty, &init.expr))
        {
            let value = self.lower_value(&converted);
            self.bind_pattern(&local.pat, value);
            return;
        }
        let value = self.lower_value(&init.expr);
        self.bind_pattern(&local.pat, value);
        if let syn::Pat::Ident(name) = &local.pat {
            let name = name.ident.to_string();
            self.untyped_arrays.retain(|n| *n != name);
            if super::zip::untyped_array(&init.expr) {
                self.untyped_arrays.push(name);
            }
        }
        // A local seen to be a sequence indexed by a count (a `Vec`, an array, a
        // one-dimensional ndarray array) has its elements read as `xs[k]` in loops over it,
        // which the reverse recomputes (see `indexed_loops::element_at`).
        let (name, declared) = match &local.pat {
            syn::Pat::Ident(name) => (Some(&name.ident), None),
            syn::Pat::Type(t) => match &*t.pat {
                syn::Pat::Ident(name) => (Some(&name.ident), Some(&*t.ty)),
                _ => (None, None),
            },
            _ => (None, None),
        };
        if let Some(name) = name {
            let name = name.to_string();
            // A copy of a sequence (`let mut w = v.clone();`) is one too.
            let copies_a_sequence = matches!(&*init.expr, Expr::MethodCall(m)
                if m.method == "clone"
                    && m.args.is_empty()
                    && matches!(&*m.receiver, Expr::Path(p)
                        if p.path.get_ident().is_some_and(|r| self.sequence_params.iter().any(|s| r == s))));
            self.sequence_params.retain(|n| *n != name);
            let counted = declared.map_or_else(
                || copies_a_sequence || super::indexed_loops::builds_a_vector(&init.expr),
                super::indexed_loops::indexed_by_count,
            );
            if counted {
                self.sequence_params.push(name);
            }
        }
    }
}

impl Builder<'_> {
    /// Declares the names of `pat` without values (see `ssa::UNINIT`).
    fn declare_uninit(&mut self, pat: &syn::Pat) {
        match pat {
            syn::Pat::Type(t) => self.declare_uninit(&t.pat),
            syn::Pat::Paren(p) => self.declare_uninit(&p.pat),
            syn::Pat::Tuple(t) => t.elems.iter().for_each(|p| self.declare_uninit(p)),
            syn::Pat::Wild(_) => {}
            syn::Pat::Ident(p) if p.by_ref.is_none() && p.subpat.is_none() => {
                self.bind(p.ident.to_string(), super::ssa::UNINIT);
            }
            other => self.diag.error(
                other.span(),
                "a `let` without a value declares names (`let y;`, `let (a, b);`) in differentiable functions: declare the names one by one",
            ),
        }
    }
}

/// `v.sort_by(compare)`, `v.sort_unstable_by(compare)` or
/// `v.select_nth_unstable_by(k, compare)`.
fn is_sort(m: &syn::ExprMethodCall) -> bool {
    ((m.method == "sort_by" || m.method == "sort_unstable_by") && m.args.len() == 1)
        || (m.method == "select_nth_unstable_by" && m.args.len() == 2)
}

impl Builder<'_> {
    /// `v.sort_by(compare);`: `p = sort_permutation(&v, compare)` (computed from the values, a
    /// constant) and `v = v.permuted(p)`, whose derivative follows the elements
    /// (`ad_std::permute`); `v.select_nth_unstable_by(k, compare);` the same with the
    /// selection's permutation.
    fn lower_sort(&mut self, m: &syn::ExprMethodCall) {
        let Some(name) = self.inout_receiver(m) else {
            return;
        };
        let Some(sequence) = self.lookup(&name) else {
            return;
        };
        let receiver = &m.receiver;
        let permutation_of: Expr = match (m.args.first(), m.args.get(1)) {
            (Some(k), Some(compare)) => syn::parse_quote_spanned! {m.method.span()=>
                ::ad::__private::select_nth_permutation(&#receiver, #k, #compare)
            },
            (Some(compare), _) => syn::parse_quote_spanned! {m.method.span()=>
                ::ad::__private::sort_permutation(&#receiver, #compare)
            },
            _ => return,
        };
        let permutation = self.lower_opaque(&permutation_of);
        let sorted = self.value_method(sequence, "permuted", vec![permutation], m);
        self.assign(&name, sorted);
    }

    /// `v.method(args);` that changes a local `v` in place, as `v = v.new_version(args)`: a
    /// method with a rule that returns the new version.
    fn lower_as_value_method(&mut self, m: &syn::ExprMethodCall, new_version: &str) {
        let Some(name) = self.inout_receiver(m) else {
            return;
        };
        let Some(receiver) = self.lookup(&name) else {
            return;
        };
        let args = m.args.iter().map(|a| self.lower_value(a)).collect();
        let updated = self.value_method(receiver, new_version, args, m);
        self.assign(&name, updated);
    }

    /// `receiver.method(args)` for the statement `m`.
    fn value_method(
        &mut self,
        receiver: ValueId,
        method: &str,
        args: Vec<ValueId>,
        m: &syn::ExprMethodCall,
    ) -> ValueId {
        let op = Op::Method {
            receiver,
            method: syn::Ident::new(method, m.method.span()),
            turbofish: None,
            args,
            inout: false,
        };
        self.push(op, m.span())
    }
}
