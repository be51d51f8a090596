//! `Array1::from_shape_fn(n, |i| body)` and `Array2::from_shape_fn((r, c), |(i, j)| body)`
//! (also through `Array::`) as the loops they stand for: the elements pushed onto a `Vec` in
//! row-major order, then `from_shape_vec`. The closure's body is lowered where it runs, so
//! derivatives reach the differentiated values it reads, as for any loop.

use syn::Expr;

/// The loops of `Type::from_shape_fn(shape, closure)`; `None` for other calls, and for
/// closures whose pattern says neither one index nor a pair of indices.
pub(super) fn as_loops(call: &syn::ExprCall, callee: &syn::ExprPath) -> Option<Expr> {
    let last = callee.path.segments.last()?;
    if last.ident != "from_shape_fn" || call.args.len() != 2 || callee.path.segments.len() < 2 {
        return None;
    }
    let Expr::Closure(closure) = &call.args[1] else {
        return None;
    };
    let [input] = closure.inputs.iter().collect::<Vec<_>>()[..] else {
        return None;
    };
    let mut owner = callee.path.clone();
    let from_shape_vec = syn::Ident::new("from_shape_vec", last.ident.span());
    if let Some(segment) = owner.segments.last_mut() {
        segment.ident = from_shape_vec;
        segment.arguments = syn::PathArguments::None;
    }
    let (shape, body) = (&call.args[0], &closure.body);
    let element = crate::names::element_index();
    let elements = quote::format_ident!("{}_elements", element);
    let pair = match input {
        syn::Pat::Tuple(t) => t.elems.len() == 2,
        syn::Pat::Type(t) => matches!(&*t.pat, syn::Pat::Tuple(t) if t.elems.len() == 2),
        _ => false,
    };
    Some(if pair {
        syn::parse_quote!({
            let (__ad_rows, __ad_columns) = #shape;
            let mut #elements = ::std::vec::Vec::with_capacity(__ad_rows * __ad_columns);
            for __ad_row in 0..__ad_rows {
                for __ad_column in 0..__ad_columns {
                    let #input = (__ad_row, __ad_column);
                    #elements.push(#body);
                }
            }
            #owner((__ad_rows, __ad_columns), #elements).unwrap()
        })
    } else {
        syn::parse_quote!({
            let __ad_length = #shape;
            let mut #elements = ::std::vec::Vec::with_capacity(__ad_length);
            for #element in 0..__ad_length {
                let #input = #element;
                #elements.push(#body);
            }
            #owner(__ad_length, #elements).unwrap()
        })
    })
}
