//! An operator trait's method called by name, as the operator: `v.mul(s)`, `Mul::mul(v, s)`,
//! `std::ops::Mul::mul(v, s)`, `V::mul(v, s)`, `<V as Mul<f64>>::mul(v, s)` and `v.neg()` are
//! `v * s` and `-v`. The operator finds the impl for the operand types as rustc does (a type
//! with `Mul` and `Mul<f64>` has two `mul` methods, which a call of the method by name could
//! not tell apart), and its derivative rule is the impl's.
//!
//! By method syntax (`v.mul(s)`), and by a type's path (`V::mul`), only when the file
//! implements that operator trait and declares no other function of the name; by the trait's
//! path (`Mul::mul`), always.

use crate::source::{SourceFile, is_operator_trait_method as is_trait_of};
use syn::{Expr, parse_quote_spanned, spanned::Spanned};

/// The operator expression the call `e` stands for, when it calls an operator trait's method.
pub fn as_operator(e: &Expr, file: Option<&SourceFile>) -> Option<Expr> {
    let is_operator_method = |name: &str| file.is_some_and(|f| f.is_operator_method(name));
    match e {
        Expr::MethodCall(m)
            if m.turbofish.is_none() && is_operator_method(&m.method.to_string()) =>
        {
            let method = m.method.to_string();
            let receiver = &m.receiver;
            written(&method, receiver, m.args.first(), m.args.len(), e.span())
        }
        Expr::Call(call) => {
            let Expr::Path(p) = &*call.func else {
                return None;
            };
            let segments = &p.path.segments;
            let method = segments.last()?.ident.to_string();
            // `<V as Mul<f64>>::mul`: the trait's path after `as`.
            let through_trait = match &p.qself {
                Some(q) if q.position > 0 => segments
                    .iter()
                    .nth(q.position - 1)
                    .is_some_and(|s| is_trait_of(&s.ident.to_string(), &method)),
                Some(_) => false,
                None if segments.len() >= 2 => {
                    let before = &segments[segments.len() - 2].ident.to_string();
                    is_trait_of(before, &method) || is_operator_method(&method)
                }
                None => false,
            };
            if !through_trait {
                return None;
            }
            let mut args = call.args.iter();
            let receiver = args.next()?;
            written(
                &method,
                receiver,
                args.next(),
                call.args.len() - 1,
                e.span(),
            )
        }
        _ => None,
    }
}

/// `left op right` (or `-left`) for the operator method `method` given `count` operands
/// after the first.
fn written(
    method: &str,
    left: &Expr,
    right: Option<&Expr>,
    count: usize,
    span: proc_macro2::Span,
) -> Option<Expr> {
    if method == "neg" {
        return (count == 0).then(|| parse_quote_spanned!(span=> (-(#left))));
    }
    if count != 1 {
        return None;
    }
    let right = right?;
    Some(match method {
        "add" => parse_quote_spanned!(span=> ((#left) + (#right))),
        "sub" => parse_quote_spanned!(span=> ((#left) - (#right))),
        "mul" => parse_quote_spanned!(span=> ((#left) * (#right))),
        "div" => parse_quote_spanned!(span=> ((#left) / (#right))),
        "rem" => parse_quote_spanned!(span=> ((#left) % (#right))),
        _ => return None,
    })
}
