//! Loops that write a sequence through its elements: `for p in v.iter_mut()` and
//! `for (y, k) in ys.iter_mut().zip(ks.iter())`, as loops over positions that bind a `&mut`
//! reborrow of each element (see `aliases`).

use super::indexed_loops::{Known, plain_place};
use syn::Expr;

/// `for p in v.iter_mut()` (also `&mut v`, each also enumerated or reversed) over a place
/// of locals: `for __ad_i in 0..v.len() { let p = &mut v[__ad_i]; .. }`, whose reborrow `p`
/// the body reads and assigns through (`*p *= s`, `p.x += dt * p.v`, see `aliases`).
///
/// A local must be `known` to be indexed by a count (a `Vec`, an `Array1`, ..): a matrix's
/// elements are not `m[k]`, and its loop keeps the error about assigning through `*p`. A
/// field (`self.ps`) is taken to be one, as the fields of differentiated structs are. Without
/// `known` (to find what a loop assigns), every such loop is taken.
pub(super) fn mutable_form(
    f: &syn::ExprForLoop,
    known: Option<&Known<'_>>,
) -> Option<syn::ExprForLoop> {
    let (iterable, reversed) = match &*f.expr {
        Expr::MethodCall(m) if m.method == "rev" && m.args.is_empty() => (&*m.receiver, true),
        other => (other, false),
    };
    let (inner, enumerated) = match iterable {
        Expr::MethodCall(m) if m.method == "enumerate" && m.args.is_empty() => (&*m.receiver, true),
        other => (other, false),
    };
    if let Expr::MethodCall(zip) = inner
        && zip.method == "zip"
        && zip.args.len() == 1
        && !enumerated
    {
        return mutable_zip_form(f, zip, reversed, known);
    }
    let sequence = match inner {
        Expr::MethodCall(m) if m.method == "iter_mut" && m.args.is_empty() => &*m.receiver,
        Expr::Reference(r) if r.mutability.is_some() => &*r.expr,
        _ => return None,
    };
    if !plain_place(sequence) || matches!(sequence, Expr::Reference(_)) {
        return None;
    }
    if let (Expr::Path(p), Some(known)) = (sequence, known)
        && !p
            .path
            .get_ident()
            .is_some_and(|name| known.sequences.iter().any(|s| name == s))
    {
        return None;
    }
    // (`(k, p)` is bound part by part: `p` must be bound by a `let` of its own to be a
    // reborrow.)
    let (position, element) = match (&*f.pat, enumerated) {
        (syn::Pat::Tuple(t), true) if t.elems.len() == 2 => (Some(&t.elems[0]), &t.elems[1]),
        (pat, false) => (None, pat),
        _ => return None,
    };
    let syn::Pat::Ident(name) = element else {
        return None;
    };
    let index = crate::names::element_index();
    let position = position.map(|p| -> syn::Stmt { syn::parse_quote!(let #p = #index;) });
    let indices: Expr = if reversed {
        syn::parse_quote!((0..(#sequence).len()).rev())
    } else {
        syn::parse_quote!(0..(#sequence).len())
    };
    let (body, label) = (&f.body.stmts, &f.label);
    let ident = &name.ident;
    Some(syn::parse_quote! {
        #label for #index in #indices {
            #position
            let #ident = &mut #sequence[#index];
            #(#body)*
        }
    })
}

/// `for (y, k) in ys.iter_mut().zip(ks.iter())` (the other side also `&ks`, `ks.iter_mut()`,
/// `&mut ks`): `for __ad_i in 0..ys.len().min(ks.len()) { let y = &mut ys[__ad_i]; let k =
/// &ks[__ad_i]; .. }`, as [`mutable_form`] writes a loop over one side (a Runge-Kutta
/// stepper's `*y += h * k`).
fn mutable_zip_form(
    f: &syn::ExprForLoop,
    zip: &syn::ExprMethodCall,
    reversed: bool,
    known: Option<&Known<'_>>,
) -> Option<syn::ExprForLoop> {
    // A side: its sequence, and whether it lends its elements mutably.
    let side = |e: &Expr| -> Option<(Expr, bool)> {
        let (sequence, mutable) = match e {
            Expr::MethodCall(m) if m.method == "iter_mut" && m.args.is_empty() => {
                (&*m.receiver, true)
            }
            Expr::MethodCall(m) if m.method == "iter" && m.args.is_empty() => (&*m.receiver, false),
            Expr::Reference(r) => (&*r.expr, r.mutability.is_some()),
            _ => return None,
        };
        let known_sequence = match (sequence, known) {
            (Expr::Path(p), Some(known)) => p
                .path
                .get_ident()
                .is_some_and(|name| known.sequences.iter().any(|s| name == s)),
            _ => true,
        };
        (plain_place(sequence) && known_sequence).then(|| (sequence.clone(), mutable))
    };
    let (first, second) = (side(&zip.receiver)?, side(&zip.args[0])?);
    if !first.1 && !second.1 {
        return None;
    }
    let syn::Pat::Tuple(t) = &*f.pat else {
        return None;
    };
    let [syn::Pat::Ident(a), syn::Pat::Ident(b)] = &t.elems.iter().collect::<Vec<_>>()[..] else {
        return None;
    };
    let index = crate::names::element_index();
    let ((xs, xs_mut), (ys, ys_mut)) = (&first, &second);
    let lend = |seq: &Expr, mutable: bool| -> Expr {
        match mutable {
            true => syn::parse_quote!(&mut #seq[#index]),
            false => syn::parse_quote!(&#seq[#index]),
        }
    };
    let (x, y) = (lend(xs, *xs_mut), lend(ys, *ys_mut));
    let count: Expr = syn::parse_quote!((#xs).len().min((#ys).len()));
    let indices: Expr = match reversed {
        true => syn::parse_quote!((0..#count).rev()),
        false => syn::parse_quote!(0..#count),
    };
    let (body, label, a, b) = (&f.body.stmts, &f.label, &a.ident, &b.ident);
    Some(syn::parse_quote! {
        #label for #index in #indices {
            let #a = #x;
            let #b = #y;
            #(#body)*
        }
    })
}
