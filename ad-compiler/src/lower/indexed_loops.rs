//! Loops over differentiated sequences rewritten as loops over their positions:
//! `for x in xs.iter()` (and `&xs`, `xs`, `.iter().copied()`, `.iter().enumerate()`, a
//! `zip` of two of them, `skip(n)` and range slices `&xs[a..b]`, each also reversed) becomes
//! `for __ad_i in a..b { let x = &xs[__ad_i]; .. }`, which the reverse pass walks backwards
//! as a counted loop. Loops over the subarrays of an ndarray array (`m.rows()`,
//! `m.columns()`, `m.outer_iter()`, `m.axis_iter(axis)`) become loops over their positions
//! that take each subarray with `row(i)`, `column(j)` or `index_axis(axis, i)`; loops over
//! `xs.windows(k)` and `xs.chunks(k)` loops over the pieces' positions that take each as a
//! range slice of `xs`. `for p in v.iter_mut()` binds a `&mut` reborrow of each element.
//! `it.for_each(|p| ..)` is the loop `for p in it { .. }`.

use syn::Expr;

/// `for x in xs.iter() { .. }` (and the other indexed forms; the loops that write through
/// `iter_mut` are `mutable_loops`', tried first) rewritten as
/// `for __ad_i in 0..xs.len() { let x = &xs[__ad_i]; .. }` (over `(0..xs.len()).rev()` for
/// `.rev()`); `None` for other iterables. `references` are the parameters of reference type,
/// whose `for x in xs` yields references.
pub(super) fn indexed_form(f: &syn::ExprForLoop, known: &Known<'_>) -> Option<syn::ExprForLoop> {
    let (iterable, reversed) = match &*f.expr {
        Expr::MethodCall(m) if m.method == "rev" && m.args.is_empty() => (&*m.receiver, true),
        other => (other, false),
    };
    if let Some(zipped) = zipped_form(f, iterable, reversed, known) {
        return Some(zipped);
    }
    if let Some(bounded) = bounded_form(f, iterable, reversed, known) {
        return Some(bounded);
    }
    if let Some(subarrays) = subarray_form(f, iterable, reversed) {
        return Some(subarrays);
    }
    if let Some((indices, item)) = pieces(iterable, reversed) {
        let (pat, body, label) = (&f.pat, &f.body.stmts, &f.label);
        let index = crate::names::element_index();
        return Some(syn::parse_quote! {
            #label for #index in #indices {
                let #pat = #item;
                #(#body)*
            }
        });
    }
    let (sequence, by_ref, enumerate) = indexed_sequence(iterable, false)?;
    // (Only `for x in xs` itself: `xs.iter().copied()` yields values whatever `xs` is.)
    let by_ref = by_ref || is_reference_param(iterable, known.references);
    let index = crate::names::element_index();
    // `for &x in xs`: the pattern says the items are references (a slice or `&Vec`), which
    // the iterable alone does not.
    let by_ref = by_ref || element_pattern_is_reference(&f.pat, enumerate);
    let element = element_at(&sequence, syn::parse_quote!(#index), by_ref, known);
    let item: Expr = if enumerate {
        syn::parse_quote!((#index, #element))
    } else {
        element
    };
    let pat = &f.pat;
    let body = &f.body.stmts;
    let label = &f.label;
    let indices: Expr = if reversed {
        syn::parse_quote!((0..(#sequence).len()).rev())
    } else {
        syn::parse_quote!(0..(#sequence).len())
    };
    Some(syn::parse_quote! {
        #label for #index in #indices {
            let #pat = #item;
            #(#body)*
        }
    })
}

/// `for x in it.step_by(k)`, `it.take(n)` or `it.skip(n)`, where `for x in it` has an
/// indexed form (`xs.iter().rev()`, a `zip`, `m.rows()`): that loop, counting the items it
/// sees and skipping (or, past `take`'s count, leaving) as the adaptor would. `None`
/// otherwise.
pub(super) fn counted_form(f: &syn::ExprForLoop, known: &Known<'_>) -> Option<syn::Expr> {
    let Expr::MethodCall(m) = &*f.expr else {
        return None;
    };
    let [count] = &m.args.iter().collect::<Vec<_>>()[..] else {
        return None;
    };
    let mut inner = f.clone();
    inner.expr = m.receiver.clone();
    indexed_form(&inner, known)?;
    let (seen, size) = crate::names::items_seen();
    let check: syn::Stmt = match m.method.to_string().as_str() {
        "step_by" => syn::parse_quote!(if #seen % #size != 0 { continue; }),
        "take" => syn::parse_quote!(if #seen >= #size { break; }),
        "skip" => syn::parse_quote!(if #seen < #size { continue; }),
        _ => return None,
    };
    let body = &f.body.stmts;
    // Counted before the check and the body, so that a `continue` in either counts the item;
    // the body's block sees the count of the items before this one.
    inner.body = syn::parse_quote!({
        #seen += 1;
        let #seen = #seen - 1;
        #check
        #(#body)*
    });
    Some(syn::parse_quote!({
        let #size: usize = #count;
        let mut #seen: usize = 0;
        #inner
    }))
}

/// `m.iter().flatten()` of a sequence of sequences (`&Vec<Vec<f64>>`, `&[[f64; 3]]`): the
/// positions of its elements as pairs (row, position in the row), listed by a block of
/// integer loops, and the element at the pair in hand (`names::flattened`), a reference as
/// `flatten` yields. Each element is then an indexed read, whose adjoint goes to that one
/// element; `break` and `continue` keep their meaning in the one loop over the positions.
pub(super) fn flattened(expr: &Expr) -> Option<(Expr, Expr)> {
    let Expr::MethodCall(m) = expr else {
        return None;
    };
    if m.method != "flatten" || !m.args.is_empty() {
        return None;
    }
    let Expr::MethodCall(rows) = &*m.receiver else {
        return None;
    };
    if rows.method != "iter" || !rows.args.is_empty() || !plain_place(&rows.receiver) {
        return None;
    }
    let seq = &rows.receiver;
    let (positions, row, column, position) = crate::names::flattened();
    let listed = syn::parse_quote!({
        let mut #positions = ::std::vec::Vec::new();
        for #row in 0..(#seq).len() {
            for #column in 0..(#seq)[#row].len() {
                #positions.push((#row, #column));
            }
        }
        #positions
    });
    Some((listed, syn::parse_quote!(&(#seq)[#position.0][#position.1])))
}

/// `for x in m.iter().flatten() { .. }`: the loop over the positions of the elements (see
/// [`flattened`]).
pub(super) fn flattened_form(f: &syn::ExprForLoop) -> Option<syn::ExprForLoop> {
    let (positions, item) = flattened(&f.expr)?;
    let (.., position) = crate::names::flattened();
    let (pat, body, label) = (&f.pat, &f.body.stmts, &f.label);
    Some(syn::parse_quote! {
        #label for #position in #positions {
            let #pat = #item;
            #(#body)*
        }
    })
}

/// `it.for_each(|x| ..)` as the loop it stands for, `for x in it { .. }`: so
/// `v.iter_mut().for_each(|x| *x *= s)` writes `v`, and `xs.iter().for_each(|x| total += x)`
/// adds to `total`. `None` for other calls, and for a closure that returns early (its
/// `return` would leave the function from a loop).
pub(super) fn for_each_loop(m: &syn::ExprMethodCall) -> Option<syn::ExprForLoop> {
    let [Expr::Closure(closure)] = m.args.iter().collect::<Vec<_>>()[..] else {
        return None;
    };
    if m.method != "for_each"
        || closure.inputs.len() != 1
        || super::closure_returns::contains_return(&closure.body)
    {
        return None;
    }
    let pat = match &closure.inputs[0] {
        syn::Pat::Type(typed) => &*typed.pat,
        other => other,
    };
    let iterable = &m.receiver;
    let body = &closure.body;
    Some(match &**body {
        Expr::Block(b) if b.label.is_none() => {
            let block = &b.block;
            syn::parse_quote!(for #pat in #iterable #block)
        }
        other => syn::parse_quote!(for #pat in #iterable { #other; }),
    })
}

/// Part of a sequence: `xs.iter().skip(n)` (also after `copied()` or `enumerate()`, whose
/// count then stays the position), `&xs[a..b]` and `xs[a..b].iter()` (any range, also
/// followed by `enumerate()`, which counts from the range's start): the index loop over the
/// positions `a..b` of `xs` itself, so no slice of a differentiated sequence is taken.
fn bounded_form(
    f: &syn::ExprForLoop,
    iterable: &Expr,
    reversed: bool,
    known: &Known<'_>,
) -> Option<syn::ExprForLoop> {
    let index = crate::names::element_index();
    // `.enumerate()` on top of the bounds counts from their start.
    let (inner, counted_from_start) = match iterable {
        Expr::MethodCall(m) if m.method == "enumerate" && m.args.is_empty() => (&*m.receiver, true),
        other => (other, false),
    };
    let (source, start, end): (Expr, Expr, Option<Expr>) = match inner {
        Expr::MethodCall(m) if m.method == "skip" && m.args.len() == 1 => {
            let n = &m.args[0];
            ((*m.receiver).clone(), syn::parse_quote!(#n), None)
        }
        Expr::Reference(r) if r.mutability.is_none() => {
            let (base, start, end) = range_of(&r.expr)?;
            (syn::parse_quote!(&#base), start, end)
        }
        Expr::MethodCall(m) if m.method == "iter" && m.args.is_empty() => {
            let (base, start, end) = range_of(&m.receiver)?;
            (syn::parse_quote!(#base.iter()), start, end)
        }
        _ => return None,
    };
    let (sequence, by_ref, enumerated) = indexed_sequence(&source, false)?;
    if enumerated && counted_from_start {
        return None;
    }
    let by_ref = by_ref || element_pattern_is_reference(&f.pat, enumerated || counted_from_start);
    let element = element_at(&sequence, syn::parse_quote!(#index), by_ref, known);
    let item: Expr = match (enumerated, counted_from_start) {
        (true, _) => syn::parse_quote!((#index, #element)),
        (_, true) => syn::parse_quote!((#index - __ad_start, #element)),
        _ => element,
    };
    let end: Expr = end.unwrap_or_else(|| syn::parse_quote!((#sequence).len()));
    let indices: Expr = if reversed {
        syn::parse_quote!((__ad_start..#end).rev())
    } else {
        syn::parse_quote!(__ad_start..#end)
    };
    let (pat, body, label) = (&f.pat, &f.body.stmts, &f.label);
    // (`skip(n)` past the end yields nothing: the start is at most the length.)
    Some(syn::parse_quote! {
        #label for #index in {
            let __ad_start = ::core::cmp::min(#start, (#sequence).len());
            #indices
        } {
            let __ad_start = ::core::cmp::min(#start, (#sequence).len());
            let #pat = #item;
            #(#body)*
        }
    })
}

/// `for row in m.rows()` (also `columns()`, `outer_iter()`, `axis_iter(axis)`, each also
/// enumerated, through `into_iter()` or not) as `for __ad_i in 0..m.nrows() { let row = m.row(__ad_i); .. }`. `rows()` and
/// `columns()` are taken as the rows and columns of a matrix, with the methods that exist
/// only for matrices: on an array of more axes they do not compile rather than give other
/// subarrays than ndarray's lanes.
fn subarray_form(
    f: &syn::ExprForLoop,
    iterable: &Expr,
    reversed: bool,
) -> Option<syn::ExprForLoop> {
    let (inner, enumerated) = match iterable {
        Expr::MethodCall(m) if m.method == "enumerate" && m.args.is_empty() => (&*m.receiver, true),
        other => (other, false),
    };
    // (`rows()` and `columns()` give `IntoIterator`s: `m.rows().into_iter().enumerate()`.)
    let inner = match inner {
        Expr::MethodCall(m) if m.method == "into_iter" && m.args.is_empty() => &*m.receiver,
        other => other,
    };
    let Expr::MethodCall(m) = inner else {
        return None;
    };
    if !plain_place(&m.receiver) {
        return None;
    }
    let array = &m.receiver;
    let index = crate::names::element_index();
    let (count, subarray): (Expr, Expr) = match (m.method.to_string().as_str(), m.args.len()) {
        ("rows", 0) => (
            syn::parse_quote!((#array).nrows()),
            syn::parse_quote!((#array).row(#index)),
        ),
        ("columns", 0) => (
            syn::parse_quote!((#array).ncols()),
            syn::parse_quote!((#array).column(#index)),
        ),
        ("outer_iter", 0) => {
            let rt = crate::names::runtime();
            (
                syn::parse_quote!((#array).len_of(#rt::Axis(0))),
                syn::parse_quote!((#array).index_axis(#rt::Axis(0), #index)),
            )
        }
        ("axis_iter", 1) => {
            let axis = &m.args[0];
            (
                syn::parse_quote!((#array).len_of(#axis)),
                syn::parse_quote!((#array).index_axis(#axis, #index)),
            )
        }
        _ => return None,
    };
    // An enumerated subarray's pattern `(k, row)` is bound part by part: a tuple holding an
    // array would be moved out of by its first destructuring.
    let bindings: Vec<syn::Stmt> = match (&*f.pat, enumerated) {
        (syn::Pat::Tuple(t), true) if t.elems.len() == 2 => {
            let (position, element) = (&t.elems[0], &t.elems[1]);
            vec![
                syn::parse_quote!(let #position = #index;),
                syn::parse_quote!(let #element = #subarray;),
            ]
        }
        (pat, true) => vec![syn::parse_quote!(let #pat = (#index, #subarray);)],
        (pat, false) => vec![syn::parse_quote!(let #pat = #subarray;)],
    };
    let indices: Expr = if reversed {
        syn::parse_quote!((0..#count).rev())
    } else {
        syn::parse_quote!(0..#count)
    };
    let (body, label) = (&f.body.stmts, &f.label);
    Some(syn::parse_quote! {
        #label for #index in #indices {
            #(#bindings)*
            #(#body)*
        }
    })
}

/// `xs[a..b]` (any range form) as `xs`, its start (0 when open) and end (`None` when open).
pub(super) fn range_of(e: &Expr) -> Option<(Expr, Expr, Option<Expr>)> {
    let Expr::Index(i) = e else {
        return None;
    };
    let Expr::Range(r) = &*i.index else {
        return None;
    };
    if !plain_place(&i.expr) {
        return None;
    }
    let start: Expr = match &r.start {
        Some(s) => syn::parse_quote!(#s),
        None => syn::parse_quote!(0),
    };
    let end: Option<Expr> = r.end.as_ref().map(|e| match r.limits {
        syn::RangeLimits::HalfOpen(_) => syn::parse_quote!(#e),
        syn::RangeLimits::Closed(_) => syn::parse_quote!(#e + 1),
    });
    Some(((*i.expr).clone(), start, end))
}

/// `for x in a.chain(b) { .. }` as the loops `for x in a { .. }` and `for x in b { .. }` (for
/// `a.chain(b).rev()`: `for x in b.rev() { .. }`, then `a.rev()`), when both are indexed
/// forms and the body has no `break` (which would leave only the first loop).
pub(super) fn chained_halves(
    f: &syn::ExprForLoop,
    known: &Known<'_>,
) -> Option<[syn::ExprForLoop; 2]> {
    let (iterable, reversed) = match &*f.expr {
        Expr::MethodCall(m) if m.method == "rev" && m.args.is_empty() => (&*m.receiver, true),
        other => (other, false),
    };
    let Expr::MethodCall(m) = iterable else {
        return None;
    };
    if m.method != "chain" || m.args.len() != 1 || has_break(&f.body) {
        return None;
    }
    let (a, b) = (&*m.receiver, &m.args[0]);
    let (first, second) = if reversed { (b, a) } else { (a, b) };
    let half = |side: &Expr| {
        let mut half = f.clone();
        half.expr = Box::new(if reversed {
            syn::parse_quote!((#side).rev())
        } else {
            side.clone()
        });
        half
    };
    let halves = [half(first), half(second)];
    halves
        .iter()
        .all(|h| indexed_form(h, known).is_some())
        .then_some(halves)
}

/// Whether a loop body has a `break` (outside closures).
pub(super) fn has_break(body: &syn::Block) -> bool {
    use syn::visit::Visit;
    struct Finder(bool);
    impl<'ast> Visit<'ast> for Finder {
        fn visit_expr_break(&mut self, _: &'ast syn::ExprBreak) {
            self.0 = true;
        }
        fn visit_expr_closure(&mut self, _: &'ast syn::ExprClosure) {}
    }
    let mut finder = Finder(false);
    finder.visit_block(body);
    finder.0
}

/// `xs.windows(k)`, `xs.chunks(k)` and `xs.chunks_exact(k)` of a place `xs`: the positions
/// of the pieces (backwards when `reversed`) and the piece at position `__ad_i`
/// (`element_index`), a range slice of `xs` (`&xs[__ad_i..__ad_i + k]`), which a body reads
/// by index as it reads `xs`.
pub(super) fn pieces(iterable: &Expr, reversed: bool) -> Option<(Expr, Expr)> {
    let Expr::MethodCall(m) = iterable else {
        return None;
    };
    if m.args.len() != 1 || !plain_place(&m.receiver) {
        return None;
    }
    let (xs, k) = (&m.receiver, &m.args[0]);
    let index = crate::names::element_index();
    let (count, item): (Expr, Expr) = match m.method.to_string().as_str() {
        "windows" => (
            syn::parse_quote!(((#xs).len() + 1).saturating_sub(#k)),
            syn::parse_quote!(&(#xs)[#index..#index + (#k)]),
        ),
        "chunks" => (
            syn::parse_quote!((#xs).len().div_ceil(#k)),
            syn::parse_quote!(&(#xs)[#index * (#k)..::core::cmp::min(#index * (#k) + (#k), (#xs).len())]),
        ),
        "chunks_exact" => (
            syn::parse_quote!((#xs).len() / (#k)),
            syn::parse_quote!(&(#xs)[#index * (#k)..#index * (#k) + (#k)]),
        ),
        _ => return None,
    };
    let indices = match reversed {
        true => syn::parse_quote!((0..#count).rev()),
        false => syn::parse_quote!(0..#count),
    };
    Some((indices, item))
}

/// One side of a `zip`: the sequence, whether its items are references, where its items
/// start in it, and where they end (`None`: at its end).
struct Side {
    sequence: Expr,
    by_ref: bool,
    offset: Expr,
    end: Option<Expr>,
}

/// A side of a `zip`: any indexed form without `enumerate`, also `skip(n)` of one and range
/// slices `&xs[a..b]`, `xs[a..b].iter()`.
fn zip_side(e: &Expr, references: &[String]) -> Option<Side> {
    let (inner, offset, end): (Expr, Expr, Option<Expr>) = match e {
        Expr::MethodCall(m) if m.method == "skip" && m.args.len() == 1 => {
            let n = &m.args[0];
            ((*m.receiver).clone(), syn::parse_quote!(#n), None)
        }
        Expr::Reference(r) if r.mutability.is_none() && range_of(&r.expr).is_some() => {
            let (base, start, end) = range_of(&r.expr)?;
            (syn::parse_quote!(&#base), start, end)
        }
        Expr::MethodCall(m)
            if m.method == "iter" && m.args.is_empty() && range_of(&m.receiver).is_some() =>
        {
            let (base, start, end) = range_of(&m.receiver)?;
            (syn::parse_quote!(#base.iter()), start, end)
        }
        other => (other.clone(), syn::parse_quote!(0), None),
    };
    let (sequence, by_ref, enumerate) = indexed_sequence(&inner, false)?;
    let by_ref = by_ref || is_reference_param(&inner, references);
    (!enumerate).then_some(Side {
        sequence,
        by_ref,
        offset,
        end,
    })
}

/// `for (x, y) in xs.iter().zip(ys.iter()) { .. }` (each side a [`zip_side`]) as
/// `for __ad_i in 0..min(xs.len(), ys.len()) { let (x, y) = (&xs[__ad_i], &ys[__ad_i]); .. }`
/// (with each side's offset added to `__ad_i`), backwards for `.rev()`.
fn zipped_form(
    f: &syn::ExprForLoop,
    iterable: &Expr,
    reversed: bool,
    known: &Known<'_>,
) -> Option<syn::ExprForLoop> {
    let Expr::MethodCall(m) = iterable else {
        return None;
    };
    let (indices, items) = zipped(m, reversed, known)?;
    let index = crate::names::element_index();
    let (pat, body, label) = (&f.pat, &f.body.stmts, &f.label);
    Some(syn::parse_quote! {
        #label for #index in #indices {
            let #pat = #items;
            #(#body)*
        }
    })
}

/// The positions `a.zip(b)` visits (each side a [`zip_side`] or a `zip`), backwards when `reversed`,
/// and the pair of items at position `__ad_i` (`element_index`): `(&a[__ad_i + offset],
/// &b[..])`. Shared by `for` loops and iterator chains over a `zip`.
pub(super) fn zipped(
    m: &syn::ExprMethodCall,
    reversed: bool,
    known: &Known<'_>,
) -> Option<(Expr, Expr)> {
    if m.method != "zip" || m.args.len() != 1 {
        return None;
    }
    let (len, item) = zip_part(&Expr::MethodCall(m.clone()), known)?;
    let indices: Expr = if reversed {
        syn::parse_quote!((0..#len).rev())
    } else {
        syn::parse_quote!(0..#len)
    };
    Some((indices, item))
}

/// How many items one part of a `zip` has, and its item at the loop's position: a side
/// (`xs.iter()`, `&xs`, `xs.iter().skip(1)`, `xs[a..b].iter()`), or a `zip` itself, whose
/// item is the pair of its sides' (`a.iter().zip(b.iter()).zip(c.iter())` yields
/// `((a, b), c)`).
pub(super) fn zip_part(e: &Expr, known: &Known<'_>) -> Option<(Expr, Expr)> {
    if let Expr::MethodCall(m) = e
        && m.method == "zip"
        && m.args.len() == 1
    {
        let ((a, first), (b, second)) =
            (zip_part(&m.receiver, known)?, zip_part(&m.args[0], known)?);
        return Some((
            syn::parse_quote!(::core::cmp::min(#a, #b)),
            syn::parse_quote!((#first, #second)),
        ));
    }
    let index = crate::names::element_index();
    let Side {
        sequence,
        by_ref,
        offset,
        end,
    } = zip_side(e, known.references)?;
    let end: Expr = end.unwrap_or_else(|| syn::parse_quote!((#sequence).len()));
    // Without an offset, the position is the loop's own (a counted read).
    let unshifted = matches!(&offset, Expr::Lit(l) if matches!(&l.lit, syn::Lit::Int(i) if i.base10_digits() == "0"));
    let (position, count): (Expr, Expr) = if unshifted {
        (syn::parse_quote!(#index), end)
    } else {
        (
            syn::parse_quote!(#index + #offset),
            syn::parse_quote!(usize::saturating_sub(#end, #offset)),
        )
    };
    let element = element_at(&sequence, position, by_ref, known);
    Some((count, element))
}

/// What the lowering knows of the parameters from their declared types.
pub(crate) struct Known<'a> {
    /// The parameters of reference type, whose `for x in xs` yields references.
    pub(crate) references: &'a [String],
    /// The parameters declared as sequences indexed by a count (see [`indexed_by_count`]).
    pub(crate) sequences: &'a [String],
}

/// Whether a parameter of type `ty` is indexed by the count of its elements (`xs[k]` is the
/// `k`-th element `xs.iter()` yields): a slice, an array `[T; N]`, a `Vec`, a `VecDeque` or a
/// one-dimensional ndarray array, also behind references. Other sequences, whose type a
/// macro cannot see (locals) or that have more axes, are read at the position the value
/// itself gives (`ad_core::flat`).
pub(crate) fn indexed_by_count(ty: &syn::Type) -> bool {
    match ty {
        syn::Type::Reference(r) => indexed_by_count(&r.elem),
        syn::Type::Paren(p) => indexed_by_count(&p.elem),
        syn::Type::Slice(_) | syn::Type::Array(_) => true,
        syn::Type::Path(p) => {
            p.qself.is_none()
                && p.path.segments.last().is_some_and(|s| {
                    [
                        "Vec",
                        "VecDeque",
                        "Array1",
                        "ArrayView1",
                        "ArrayViewMut1",
                        "ArcArray1",
                    ]
                    .iter()
                    .any(|name| s.ident == name)
                })
        }
        _ => false,
    }
}

/// Whether `init` builds a `Vec`, an array or a one-dimensional ndarray array, whatever its
/// elements: `vec![..]`, `Vec::new()`, `Vec::with_capacity(n)`, `xs.to_vec()`, a chain ending
/// in `collect::<Vec<_>>()`, an array literal `[a, b]` or `[x; n]`, or `Array1::zeros(n)` and
/// the other `Array1::` constructors.
pub(crate) fn builds_a_vector(init: &Expr) -> bool {
    match init {
        Expr::Macro(m) => m.mac.path.is_ident("vec"),
        Expr::Array(_) | Expr::Repeat(_) => true,
        Expr::Call(call) => match &*call.func {
            Expr::Path(p) => {
                let segments: Vec<String> =
                    p.path.segments.iter().map(|s| s.ident.to_string()).collect();
                matches!(
                    segments.iter().map(String::as_str).collect::<Vec<_>>().as_slice(),
                    [.., "Vec", "new" | "with_capacity" | "from"] | [.., "Array1", _]
                )
            }
            _ => false,
        },
        Expr::MethodCall(m) if m.method == "to_vec" && m.args.is_empty() => true,
        Expr::MethodCall(m) if m.method == "collect" => m.turbofish.as_ref().is_some_and(|t| {
            t.args.iter().any(|a| matches!(a, syn::GenericArgument::Type(syn::Type::Path(p)) if p.path.segments.last().is_some_and(|s| s.ident == "Vec")))
        }),
        Expr::Paren(p) => builds_a_vector(&p.expr),
        _ => false,
    }
}

/// The element of `sequence` at the `position`-th place of its iteration (a reference to it
/// when `by_ref`): `xs[position]` for a parameter known to be indexed by a count, else
/// `xs[xs.__ad_flat_position(position)]`, which is the same for a `Vec` and the element in
/// logical order for an ndarray array of any dimension. Either is an element read, whose
/// adjoint is added in place.
pub(super) fn element_at(sequence: &Expr, position: Expr, by_ref: bool, known: &Known<'_>) -> Expr {
    let counted = matches!(sequence, Expr::Path(p) if p.path.get_ident().is_some_and(|i| known.sequences.iter().any(|s| i == s)));
    let place: Expr = if counted {
        position
    } else {
        syn::parse_quote!((#sequence).__ad_flat_position(#position))
    };
    if by_ref {
        syn::parse_quote!(&(#sequence)[#place])
    } else {
        syn::parse_quote!((#sequence)[#place])
    }
}

/// Whether `sequence` names a parameter of reference type.
fn is_reference_param(sequence: &Expr, references: &[String]) -> bool {
    matches!(sequence, Expr::Path(p) if p.path.get_ident().is_some_and(|i| references.iter().any(|r| i == r)))
}

/// Whether the pattern of a loop's item (of the element, for `enumerate`) is `&x`.
fn element_pattern_is_reference(pat: &syn::Pat, enumerate: bool) -> bool {
    match pat {
        syn::Pat::Paren(p) => element_pattern_is_reference(&p.pat, enumerate),
        syn::Pat::Reference(_) => !enumerate,
        syn::Pat::Tuple(t) if enumerate && t.elems.len() == 2 => {
            element_pattern_is_reference(&t.elems[1], false)
        }
        _ => false,
    }
}

/// The sequence iterated by an indexed form, whether items are references, and whether
/// they are enumerated.
fn indexed_sequence(expr: &Expr, enumerate: bool) -> Option<(Expr, bool, bool)> {
    match expr {
        Expr::MethodCall(m) if m.args.is_empty() && m.method == "enumerate" && !enumerate => {
            indexed_sequence(&m.receiver, true)
        }
        Expr::MethodCall(m) if m.args.is_empty() && m.method == "iter" => {
            plain_place(&m.receiver).then(|| ((*m.receiver).clone(), true, enumerate))
        }
        Expr::MethodCall(m) if m.args.is_empty() && m.method == "copied" => match &*m.receiver {
            Expr::MethodCall(inner) if inner.args.is_empty() && inner.method == "iter" => {
                plain_place(&inner.receiver).then(|| ((*inner.receiver).clone(), false, enumerate))
            }
            _ => None,
        },
        Expr::Reference(r) if r.mutability.is_none() => {
            plain_place(&r.expr).then(|| ((*r.expr).clone(), true, enumerate))
        }
        Expr::Paren(p) => indexed_sequence(&p.expr, enumerate),
        Expr::Path(_) => Some((expr.clone(), false, enumerate)),
        _ => None,
    }
}

/// A place that can be evaluated again for each element: a name, a field of one, or a
/// reference to or dereference of one (also for the sources of iterator chains).
pub(super) fn plain_place(expr: &Expr) -> bool {
    match expr {
        Expr::Path(p) => p.qself.is_none(),
        Expr::Field(f) => plain_place(&f.base),
        Expr::Paren(p) => plain_place(&p.expr),
        Expr::Reference(r) => plain_place(&r.expr),
        Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) => plain_place(&u.expr),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use syn::parse_quote;

    #[test]
    fn sequences_indexed_by_a_count() {
        assert!(super::indexed_by_count(&parse_quote!(&[f64])));
        assert!(super::indexed_by_count(&parse_quote!(&Vec<f64>)));
        assert!(super::indexed_by_count(&parse_quote!([f64; 3])));
        assert!(super::indexed_by_count(&parse_quote!(&Array1<f64>)));
        assert!(!super::indexed_by_count(&parse_quote!(Array2<f64>)));
        assert!(!super::indexed_by_count(&parse_quote!(&ArrayD<f64>)));
        assert!(!super::indexed_by_count(&parse_quote!(f64)));
    }
}
