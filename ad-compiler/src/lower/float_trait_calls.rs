//! A float trait's method called by its trait's path, as generic numeric code writes it to
//! be explicit: `Float::cos(t)`, `num_traits::Float::powi(t, 2)`, `<T as Float>::sqrt(t)`,
//! `FloatCore::abs(x)`. Each is the method call `t.cos()`, whose derivative rule the
//! float's type gives (rustc would otherwise be asked for a type where the path names a
//! trait, in the generated code).

use syn::{Expr, ExprCall};

/// The traits of num-traits (and our `Real`) whose methods are the float methods.
const FLOAT_TRAITS: &[&str] = &["Float", "FloatCore", "Real", "FloatConst"];

/// `recv.method(rest..)` for a call `Trait::method(recv, rest..)` of a float trait's method;
/// `None` for other calls.
pub(super) fn as_method_call(call: &ExprCall) -> Option<Expr> {
    let Expr::Path(path) = &*call.func else {
        return None;
    };
    let segments: Vec<&syn::PathSegment> = path.path.segments.iter().collect();
    let (method, owner) = match (&path.qself, &segments[..]) {
        // `<T as Float>::cos`: the trait is the segment before the method.
        (Some(q), [.., owner, method]) if q.position == segments.len() - 1 => (method, owner),
        (None, [.., owner, method]) => (method, owner),
        _ => return None,
    };
    if !FLOAT_TRAITS.iter().any(|t| owner.ident == t) || !method.arguments.is_none() {
        return None;
    }
    let mut args = call.args.iter();
    let receiver = args.next()?;
    let rest: Vec<&Expr> = args.collect();
    let method = &method.ident;
    Some(syn::parse_quote!((#receiver).#method(#(#rest),*)))
}
