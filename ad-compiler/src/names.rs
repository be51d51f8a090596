//! Every identifier the generated code introduces. All start with `__ad_`, so they cannot
//! clash with the user's names, and each says what it holds.

use crate::ir::ValueId;
use proc_macro2::{Ident, Span, TokenStream};
use quote::{format_ident, quote};

/// The path through which generated code reaches the runtime.
pub fn runtime() -> TokenStream {
    quote!(::ad::__private)
}

// Names the lowering gives the flags and values it introduces: bound in its scopes (and
// printed only through the SSA values they stand for).

/// Whether the loop at depth `d` runs another iteration.
pub fn keep_going(d: usize) -> String {
    format!("__ad_keep_going{d}")
}

/// Whether the rest of the current iteration of the loop at depth `d` is skipped.
pub fn exit(d: usize) -> String {
    format!("__ad_exit{d}")
}

/// The value of a `break value` out of the loop at depth `d`, as an `Option`.
pub fn break_value(d: usize) -> String {
    format!("__ad_break_value{d}")
}

/// Whether a `return` inside a loop happened.
pub const RETURNED: &str = "__ad_returned";

/// The value of a `return` inside a loop, as an `Option`.
pub const RETURN_VALUE: &str = "__ad_return_value";

/// The `Option` a `let x = loop { .. }` that may also leave stores its value in, until the
/// path that did not leave unwraps it (the loop's value is SSA value `v`).
pub fn loop_value(v: u32) -> String {
    format!("__ad_loop_value{v}")
}

/// Parameter `i` of the closure a nested operator makes of a path (`gradient!(.., of: f)`).
pub fn nested_parameter(i: usize) -> Ident {
    format_ident!("__ad_y{}", i)
}

/// The statements that open and close a block's own scope where its statements are lowered
/// in one list with the statements after it (see `lower::control`).
pub const BLOCK_BEGIN: &str = "__ad_block_begin";
/// See [`BLOCK_BEGIN`].
pub const BLOCK_END: &str = "__ad_block_end";

/// A value an inlined helper's call binds (an argument, a start offset, the result), see
/// `lower::inline`.
pub fn inlined(n: usize) -> String {
    format!("__ad_inlined{n}")
}

/// The index of a loop over a slice's elements, rewritten to read `xs[i]`.
pub fn element_index() -> Ident {
    format_ident!("__ad_i")
}

/// The item in hand in an iterator chain rewritten as a loop (`xs.iter().map(f).sum()`).
pub fn chain_item() -> Ident {
    format_ident!("__ad_item")
}

/// The closure an array's `map` applies to each element (`p.map(f)` of `p: [T; 2]`).
pub fn array_map_function() -> Ident {
    format_ident!("__ad_map_fn")
}

/// The accumulator of a chain's consumer (`sum`, `product`, `fold`, `max_by`, ...).
pub fn chain_accumulator() -> Ident {
    format_ident!("__ad_acc")
}

/// The state of stage `k` of a chain: the counter of `enumerate`, `take`, `skip` or `step_by`,
/// the flag of `skip_while`.
pub fn chain_counter(k: usize) -> Ident {
    format_ident!("__ad_stage{}", k)
}

/// How many items a loop over an adapted sequence has seen (`for x in xs.iter().rev().step_by(2)`,
/// see `lower::indexed_loops::counted_form`), and the adaptor's argument, evaluated once.
pub fn items_seen() -> (Ident, Ident) {
    (
        format_ident!("__ad_seen"),
        format_ident!("__ad_adaptor_count"),
    )
}

/// The positions a chain over `m.iter().flatten()` visits, as pairs (row, position in the
/// row): the list, the two counters that build it, and the pair in hand.
pub fn flattened() -> (Ident, Ident, Ident, Ident) {
    (
        format_ident!("__ad_positions"),
        format_ident!("__ad_row"),
        format_ident!("__ad_column"),
        format_ident!("__ad_position"),
    )
}

/// Whether `step_by` keeps the item in hand.
pub fn chain_kept() -> Ident {
    format_ident!("__ad_kept")
}

/// The best item so far of a `max_by`/`min_by` consumer.
pub fn chain_best() -> Ident {
    format_ident!("__ad_best")
}

/// The ordering of the item in hand against the best so far.
pub fn chain_order() -> Ident {
    format_ident!("__ad_order")
}

/// The inner derivative of a nested operator (`differentiate!` inside a differentiable body).
pub fn inner_derivative() -> Ident {
    format_ident!("__ad_inner")
}

/// The inner direction of one pass of a nested operator: `1` for a scalar argument, a unit
/// tangent for a vector.
pub fn inner_seed() -> Ident {
    format_ident!("__ad_inner_seed")
}

/// The state of a closure that captured differentiated values (`ad_core::capturing`), as its
/// functions receive it.
pub fn captured_state() -> Ident {
    format_ident!("__ad_state")
}

/// The tangent of a capturing closure's state.
pub fn captured_state_tangent() -> Ident {
    format_ident!("__ad_state_tangent")
}

/// The mixed second-order tangent `t12` of a nested operator's closure.
pub fn mixed_tangent() -> Ident {
    format_ident!("__ad_mixed")
}

/// The direction a nested operator's partial derivative is assembled along.
pub fn direction() -> Ident {
    format_ident!("__ad_direction")
}

/// The partial derivative of a nested operator's inner derivative by operand `k`.
pub fn partial(k: usize) -> Ident {
    format_ident!("__ad_partial{}", k)
}

/// The argument of a pullback an operator builds (also a nested operator's).
pub fn pullback_argument() -> Ident {
    format_ident!("__ad_cotangent")
}

/// The value an operator computes, or a registration's adapter receives.
pub fn operator_value() -> Ident {
    format_ident!("__ad_value")
}

/// The pullback an operator or an adapter receives from a reverse derivative.
pub fn operator_pullback() -> Ident {
    format_ident!("__ad_pullback")
}

/// The differential an operator or an adapter receives from a forward derivative.
pub fn operator_differential() -> Ident {
    format_ident!("__ad_differential")
}

/// The gradient a pullback returns, read component by component.
pub fn operator_gradient() -> Ident {
    format_ident!("__ad_gradient")
}

/// A basis direction along which a tangent or cotangent is assembled.
pub fn basis_direction() -> Ident {
    format_ident!("__ad_e")
}

/// Argument `i` of an operator, bound once before the derivatives use it.
pub fn argument(i: usize) -> Ident {
    format_ident!("__ad_a{}", i)
}

/// The tangent given for, or computed for, argument `i`.
pub fn argument_tangent(i: usize) -> Ident {
    format_ident!("__ad_t{}", i)
}

/// The one argument of a function value's derivatives (`function!`).
pub fn function_argument() -> Ident {
    format_ident!("__ad_a")
}

/// The one tangent given to a function value's forward derivatives, or to `jacobian!`'s.
pub fn function_tangent() -> Ident {
    format_ident!("__ad_t")
}

/// The directions of a Hessian entry: `t1`, `t2` and the mixed `t12`.
pub fn hessian_directions() -> (Ident, Ident, Ident) {
    (
        format_ident!("__ad_t1"),
        format_ident!("__ad_t2"),
        format_ident!("__ad_t12"),
    )
}

/// Output `k` of a registered pullback, before it is spread into one slot per parameter.
pub fn registered_output(k: usize) -> Ident {
    format_ident!("__ad_w{}", k)
}

/// The left operand of a user operator with a float on the left (`2.0 * v`).
pub fn float_left_operand() -> Ident {
    format_ident!("__ad_lhs")
}

/// The hidden function holding the body of `impl Op<Rhs> for float` (see
/// `frontend::float_left`).
pub fn float_left_function(stem: &str, float: &str, rhs: &str) -> Ident {
    format_ident!("__ad_{}_{}_{}", stem, float, rhs)
}

/// A tangent being built up, field by field or element by element.
pub fn tangent_being_built() -> Ident {
    format_ident!("__ad_t")
}

/// The tangent of a forward body's result.
pub fn result_tangent() -> Ident {
    format_ident!("__ad_tangent")
}

/// The tangent of operand `k` of a call in forward code.
pub fn operand_tangent(k: usize) -> Ident {
    format_ident!("__ad_operand_tangent{}", k)
}

/// The stand-in second-order tangent where a nested operator has no second-order rule.
pub fn missing_second_order() -> Ident {
    format_ident!("__ad_missing")
}

/// The module of fallbacks for functions without a derivative (see `emit::missing_functions`).
pub fn fallback_module() -> Ident {
    format_ident!("__ad_functions_without_derivative")
}

/// The pullback a rule call returns, before it is saved.
pub fn fresh_pullback() -> Ident {
    format_ident!("__ad_fresh_pullback")
}

/// The reference through which a closure's forward code reads the captured variable `name`.
pub fn capture(name: &Ident) -> Ident {
    format_ident!("__ad_capture_{}", name)
}

/// The lifetime of the guard that keeps a derived mode from being used where it does not
/// exist (see `emit::mut_self` and the registrations).
pub fn guard_lifetime() -> syn::Lifetime {
    syn::Lifetime::new("'__ad_guard", Span::call_site())
}

/// The pullback's argument: the cotangent of the result.
pub fn seed() -> Ident {
    format_ident!("__ad_seed")
}

/// The adjoint in hand while one adjoint step of the pullback runs.
pub fn adjoint_in_hand() -> Ident {
    format_ident!("__ad_d")
}

/// The saved pullback (or position) in hand while one adjoint step runs.
pub fn saved_in_hand() -> Ident {
    format_ident!("__ad_saved")
}

/// The content of an `Option` adjoint in hand (the adjoint of a `Some(a)`).
pub fn unwrapped_in_hand() -> Ident {
    format_ident!("__ad_t")
}

/// A vector's adjoint with one element taken out, while a vector write is reversed.
pub fn vector_rest() -> Ident {
    format_ident!("__ad_rest")
}

/// The element taken out of a vector's adjoint, while a vector write is reversed.
pub fn vector_element() -> Ident {
    format_ident!("__ad_element")
}

/// How many items a `for` loop's iterator has left, to reserve room on its tapes.
pub fn remaining_items() -> Ident {
    format_ident!("__ad_remaining")
}

/// The `k`-th local a chain over sequences written in place or computed binds them to
/// (`lower::chains`).
pub fn chain_source(k: usize) -> Ident {
    format_ident!("__ad_chain_source_{}", k)
}

/// The name through which an array or slice pattern's elements are read (see
/// `lower::match_pattern`).
pub fn pattern_sequence() -> Ident {
    format_ident!("__ad_pattern_sequence")
}

/// The value a local declared without one (`let y;`) enters a loop with (see
/// `ad_core::output_hint::stand_in`).
pub fn stand_in() -> TokenStream {
    let rt = runtime();
    quote!(#rt::stand_in())
}

/// Whether `tokens` are [`stand_in`]'s.
pub fn is_stand_in(tokens: &TokenStream) -> bool {
    tokens.to_string() == stand_in().to_string()
}

/// The `k`-th local a value with an exit inside is computed into (see
/// `lower::early_exits`).
pub fn early_value(k: usize) -> Ident {
    format_ident!("__ad_early_{}", k)
}

/// The value `v[a..b].fill(x)` writes, evaluated once before the writes.
pub fn filled_with() -> Ident {
    format_ident!("__ad_filled_with")
}

/// The local holding an SSA value.
pub fn value(v: ValueId) -> Ident {
    format_ident!("__ad_v{}", v.0)
}

/// `ident` renamed apart from the code around it when it is an SSA value's local
/// (`__ad_v3` becomes `__ad_nv3`): a nested closure's code is spliced into its caller's,
/// whose constants are inlined by their locals' names (see `emit::reverse::inline_names`).
pub fn apart_from_caller(ident: Ident) -> Ident {
    let name = ident.to_string();
    match name.strip_prefix("__ad_v") {
        Some(digits) if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
            Ident::new(&format!("__ad_nv{digits}"), ident.span())
        }
        _ => ident,
    }
}

/// `tokens`, generated code to embed in another function's, with its values ([`value`])
/// renamed `__ad_inner_v<k>`, apart from the other function's.
pub fn inner_values(tokens: TokenStream) -> TokenStream {
    crate::tokens::map_idents(tokens, &|ident| {
        let name = ident.to_string();
        match name.strip_prefix("__ad_v") {
            Some(k) if !k.is_empty() && k.bytes().all(|b| b.is_ascii_digit()) => {
                proc_macro2::TokenTree::Ident(Ident::new(&format!("__ad_inner_v{k}"), ident.span()))
            }
            _ => proc_macro2::TokenTree::Ident(ident),
        }
    })
}

/// The pullback of the rule that computed `v`.
pub fn pullback(v: ValueId) -> Ident {
    format_ident!("__ad_pb{}", v.0)
}

/// Whether the `if` defining `v` took its `then` branch, recorded for the pullback.
pub fn branch(v: ValueId) -> Ident {
    format_ident!("__ad_br{}", v.0)
}

/// How many iterations the loop defining `v` ran, saved for the pullback.
pub fn trips(v: ValueId) -> Ident {
    format_ident!("__ad_trips{}", v.0)
}

/// The iterator of the counted loop defining `v`, cloned before the loop runs: its reverse
/// steps through it backwards.
pub fn items(v: ValueId) -> Ident {
    format_ident!("__ad_items{}", v.0)
}

/// The item of the counted loop defining `v` in its reverse iteration.
pub fn reverse_item(v: ValueId) -> Ident {
    format_ident!("__ad_item{}", v.0)
}

/// The shape of the sequence read by indexing instruction `v`, saved once before the loop
/// that reads it at recomputed positions.
pub fn index_shape(v: ValueId) -> Ident {
    format_ident!("__ad_shape{}", v.0)
}

/// A copy of parameter `v` (a float sequence) taken before the primal code, which reverse
/// iterations read elements from.
pub fn copy_of(v: ValueId) -> Ident {
    format_ident!("__ad_copy{}", v.0)
}

/// How far the primal code read parameter `v`, whose copy for the reverse is taken up to
/// there (see `emit::reverse::prefix_copies`).
pub fn read_extent(v: ValueId) -> Ident {
    format_ident!("__ad_extent{}", v.0)
}

/// The padding of a call's `k`-th argument (see `emit::padding`).
pub fn padding(k: usize) -> Ident {
    format_ident!("__ad_padding{}", k)
}

/// The callee's own pullback, inside the one that pads its cotangents.
pub fn unpadded_pullback() -> Ident {
    format_ident!("__ad_unpadded")
}

/// The `k`-th cotangent an unpadded pullback returns.
pub fn unpadded_cotangent(k: usize) -> Ident {
    format_ident!("__ad_unpadded{}", k)
}

/// The tape of float value `v`, stored by each iteration of a counted loop for its reverse.
pub fn stored(v: ValueId) -> Ident {
    format_ident!("__ad_stored{}", v.0)
}

/// The hidden local holding the index of the `k`-th `&mut v[i]` alias, taken when the
/// reference is.
pub fn alias_index(k: usize) -> Ident {
    format_ident!("__ad_alias_index{}", k)
}

/// The copy of a place that a `&mut self` method called on the place updates, written back
/// after the call (`s.p.step(dt);`, see `lower::stmts`).
pub fn receiver_copy() -> Ident {
    format_ident!("__ad_receiver")
}

/// The copy that a call passes as `&mut` for its `k`-th argument, written `&mut place` in
/// the source (see `emit::primal::inout_call`).
pub fn inout_copy(k: usize) -> Ident {
    format_ident!("__ad_inout{}", k)
}

/// The map from items to positions of the counted loop defining `v`, whose iterations keep
/// their floats by position (`ad_core::positions`).
pub fn positions(v: ValueId) -> Ident {
    format_ident!("__ad_positions{}", v.0)
}

/// The runtime's slope of float method `method` (`ad_std::float::slopes`): a function of the
/// method's result, or of its operand.
pub fn method_slope(method: &str, of_result: bool) -> Ident {
    let of = if of_result { "result" } else { "operand" };
    format_ident!("__ad_slope_of_{}_{}", of, method)
}

/// The iteration counter of the loop defining `v`, while it runs.
pub fn counter(v: ValueId) -> Ident {
    format_ident!("__ad_count{}", v.0)
}

/// Whether the loop defining `v` runs another iteration, read from the iteration's own
/// `keep_going` before the carried values are rebound (the flag may be one of them).
pub fn again(v: ValueId) -> Ident {
    format_ident!("__ad_again{}", v.0)
}

/// The read position in the tape `tape` while the pullback walks it backwards.
pub fn cursor(tape: &Ident) -> Ident {
    format_ident!("{}_cursor", tape)
}

/// The adjoint of carried value `k` of the loop defining `v`, passed between reverse
/// iterations.
pub fn carry(v: ValueId, k: usize) -> Ident {
    format_ident!("__ad_carry{}_{}", v.0, k)
}

/// How many reverse iterations of the loop defining `v` ran before the current one (the
/// first reverse iteration undoes the loop's last iteration).
pub fn reverse_iteration(v: ValueId) -> Ident {
    format_ident!("__ad_rev{}", v.0)
}

/// The adjoint (accumulated cotangent) of `v`.
pub fn adjoint(v: ValueId) -> Ident {
    format_ident!("__ad_adj{}", v.0)
}

/// Output `slot` of the pullback of the rule that computed `v`.
pub fn cotangent(v: ValueId, slot: usize) -> Ident {
    format_ident!("__ad_ct{}_{}", v.0, slot)
}

/// The tangent of `v` in forward code.
pub fn tangent(v: ValueId) -> Ident {
    format_ident!("__ad_tv{}", v.0)
}

/// The tangent parameter of parameter `i` of a generated `forward`.
pub fn param_tangent(i: usize) -> Ident {
    format_ident!("__ad_tp{}", i)
}

/// Parameter `i` of a generated function.
pub fn param(i: usize) -> Ident {
    format_ident!("__ad_p{}", i)
}

/// The zero tangent taken from parameter `i`.
pub fn zero(i: usize) -> Ident {
    format_ident!("__ad_zero{}", i)
}

/// The sibling of a `&mut self` method: a different name, so that a call from other
/// differentiable code (which would not see the mutation) finds the guard of
/// `emit::mut_self` instead.
pub fn mut_method_reverse(name: &Ident) -> Ident {
    sibling("__ad_vjp_mut_", name)
}

/// The sibling of a `&mut self` method without a result, as called from differentiable code:
/// it takes `self` by value and returns its new version.
pub fn inout_method_reverse(name: &Ident) -> Ident {
    sibling("__ad_vjp_inout_", name)
}

/// The sibling associated function holding the VJP of method or associated function `name`.
pub fn method_reverse(name: &Ident) -> Ident {
    sibling("__ad_vjp_", name)
}

/// The sibling a differentiable body calls for `x.name(..)`: [`inout_method_reverse`] for the
/// statement `x.name(..);` of an inout call, [`method_reverse`] otherwise.
pub fn called_method_reverse(name: &Ident, inout: bool) -> Ident {
    if inout {
        inout_method_reverse(name)
    } else {
        method_reverse(name)
    }
}

/// The forward adapter of a free function's forward registration, beside the registration
/// (`__ad_registered_forward_f`): the reverse registration's companion prefers it to the
/// forward rule it derives (see `frontend::derivative`).
pub fn registered_forward(name: &Ident) -> Ident {
    sibling("__ad_registered_forward_", name)
}

/// The private module that holds the companion of a free function's forward registration,
/// glob-imported so that a reverse registration's companion of the same name shadows it.
pub fn forward_registration_module(name: &Ident) -> Ident {
    sibling("__ad_forward_registration_", name)
}

/// `prefix` + `name`, spanned at `name` so that rustc's errors about the sibling point at the
/// user's method. A raw identifier loses its `r#`: the prefixed name is no keyword.
fn sibling(prefix: &str, name: &Ident) -> Ident {
    let bare = name.to_string();
    Ident::new(
        &format!("{prefix}{}", bare.trim_start_matches("r#")),
        name.span(),
    )
}

/// The forward sibling of method or associated function `name`.
pub fn method_forward(name: &Ident) -> Ident {
    sibling("__ad_fwd_", name)
}

/// The forward sibling of a `&mut self` method (see [`mut_method_reverse`]).
pub fn mut_method_forward(name: &Ident) -> Ident {
    sibling("__ad_fwd_mut_", name)
}

/// The forward sibling a differentiable body calls for `x.name(..)` (see
/// [`called_method_reverse`]).
pub fn called_method_forward(name: &Ident, inout: bool) -> Ident {
    if inout {
        sibling("__ad_fwd_inout_", name)
    } else {
        method_forward(name)
    }
}

/// The second-order sibling of method or associated function `name` (see `emit::forward`).
pub fn method_second(name: &Ident) -> Ident {
    sibling("__ad_hvp_", name)
}

/// The second-order sibling of a `&mut self` method.
pub fn mut_method_second(name: &Ident) -> Ident {
    sibling("__ad_hvp_mut_", name)
}

/// The second-order sibling a differentiable body calls for `x.name(..)`.
pub fn called_method_second(name: &Ident, inout: bool) -> Ident {
    if inout {
        sibling("__ad_hvp_inout_", name)
    } else {
        method_second(name)
    }
}

/// The function inside a companion module that computes the value and its second-order
/// tangent.
pub fn companion_second() -> Ident {
    Ident::new("second", Span::call_site())
}

/// The function inside a companion module that computes the value and its tangent.
pub fn companion_forward() -> Ident {
    Ident::new("forward", Span::call_site())
}

/// The function inside a companion module that holds the VJP.
pub fn companion_reverse() -> Ident {
    Ident::new("vjp", Span::call_site())
}

/// `ident` shown at `span` in diagnostics, still resolved where generated locals are (see
/// `emit::hygiene`): the arguments of a call, so that an error about them points at the call.
pub fn located(mut ident: Ident, span: proc_macro2::Span) -> Ident {
    ident.set_span(proc_macro2::Span::call_site().located_at(span));
    ident
}

/// The tangent witness of the struct literal `v` (see `ad_core::forward::tangent_witness`).
pub fn tangent_witness(v: ValueId) -> Ident {
    format_ident!("__ad_pin{}", v.0)
}

/// The binding of a variant's field in the `match` that reads it (see `Op::Payload`).
pub fn payload_binding() -> Ident {
    format_ident!("__ad_payload")
}

/// The name a member is keyed by: `x`, or the tuple index as text; `Variant::x` for a
/// member made by [`variant_member`].
pub fn member_name(member: &syn::Member) -> String {
    match member {
        syn::Member::Named(ident) => {
            let name = ident.to_string();
            match name.strip_prefix(VARIANT_MEMBER) {
                Some(rest) => rest.replacen("__", "::", 1),
                None => name.trim_start_matches("r#").to_string(),
            }
        }
        syn::Member::Unnamed(index) => index.index.to_string(),
    }
}

const VARIANT_MEMBER: &str = "__ad_variant_";

/// The field `member` of the enum variant `variant`, as a member keyed `Variant::member`
/// (see [`member_name`]): the key of its `FieldTangent` impl on the enum's tangent, which
/// `#[derive(Differentiable)]` on an enum writes with [`variant_field_name`].
pub fn variant_member(variant: &syn::Ident, member: &syn::Member) -> syn::Member {
    let field = member_name(member);
    let variant = variant.to_string();
    let variant = variant.trim_start_matches("r#");
    syn::Member::Named(format_ident!("{VARIANT_MEMBER}{variant}__{field}"))
}

/// The key name of field `member` of variant `variant`: `Variant::member`.
pub fn variant_field_name(variant: &syn::Ident, member: &syn::Member) -> String {
    member_name(&variant_member(variant, member))
}

/// The variant a path names (its last segment) when it names an enum variant: it has at
/// least two segments and the last two are capitalised (`Shape::Circle`, `Self::Idle`), the
/// only hint a macro has; or it is `Ok` or `Err`.
pub fn variant_of(path: &syn::Path) -> Option<&syn::Ident> {
    let n = path.segments.len();
    // `Ok` and `Err` of `Result` (whose tangent has the same keys as a derived enum's, see
    // `ad_core`'s `impls_result`), named alone as the prelude brings them.
    if n == 1 && ["Ok", "Err"].iter().any(|v| path.segments[0].ident == v) {
        return Some(&path.segments[0].ident);
    }
    let capital = |i: &syn::Ident| {
        i.to_string()
            .trim_start_matches("r#")
            .starts_with(|c: char| c.is_uppercase())
    };
    let (owner, last) = (
        &path.segments.get(n.checked_sub(2)?)?.ident,
        &path.segments[n - 1].ident,
    );
    (capital(owner) && capital(last)).then_some(last)
}

/// The enum of a variant's path (`Shape` of `Shape::Circle`), or the path itself.
pub fn enum_of(path: &syn::Path) -> syn::Path {
    let mut owner = path.clone();
    if variant_of(path).is_some() {
        owner.segments.pop();
        let last = owner.segments.pop().map(|p| p.into_value());
        if let Some(last) = last {
            owner.segments.push(last);
        }
    }
    owner
}

/// 64-bit FNV-1a of a field name; `ad_core::field::field_key` computes the same.
pub fn field_key(name: &str) -> u64 {
    name.bytes().fold(0xcbf2_9ce4_8422_2325u64, |hash, byte| {
        (hash ^ byte as u64).wrapping_mul(0x0100_0000_01b3)
    })
}
