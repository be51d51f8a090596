//! `Option`'s closures as the `match` they stand for: `opt.map(|v| body).unwrap_or(d)` and
//! `opt.map_or(d, |v| body)` are `match opt { Some(v) => body, None => d }` (also
//! `unwrap_or_else(|| d)` and `map_or_else(|| d, |v| body)`; `map(..).unwrap()` is
//! `{ let v = opt.unwrap(); body }`), so the closure is differentiated where it runs,
//! reading the function's values as the `match` does. Only these consumers, which arrays do
//! not have: a lone `x.map(f)` may be ndarray's or nalgebra's, and stays theirs. (`Result`
//! has the same methods; this reads them as `Option`'s, and rustc then reports the `match`
//! on a `Result`.)

use syn::Expr;

/// The `match` that `call` stands for, when it is one of the forms above with a closure of
/// one parameter.
pub(super) fn as_match(call: &syn::ExprMethodCall) -> Option<Expr> {
    let method = call.method.to_string();
    let (option, closure, otherwise) = match (method.as_str(), call.args.len()) {
        ("map_or", 2) => (&*call.receiver, &call.args[1], Some(call.args[0].clone())),
        ("map_or_else", 2) => (
            &*call.receiver,
            &call.args[1],
            Some(thunk_body(&call.args[0])?),
        ),
        ("unwrap_or" | "unwrap_or_else" | "unwrap", _) => {
            let Expr::MethodCall(map) = &*call.receiver else {
                return None;
            };
            if map.method != "map" || map.args.len() != 1 {
                return None;
            }
            let otherwise = match (method.as_str(), call.args.first()) {
                ("unwrap_or", Some(d)) => Some(d.clone()),
                ("unwrap_or_else", Some(f)) => Some(thunk_body(f)?),
                ("unwrap", None) => None,
                _ => return None,
            };
            (&*map.receiver, &map.args[0], otherwise)
        }
        _ => return None,
    };
    let Expr::Closure(closure) = closure else {
        return None;
    };
    let [param] = closure.inputs.iter().collect::<Vec<_>>()[..] else {
        return None;
    };
    let body = &closure.body;
    Some(match otherwise {
        Some(d) => syn::parse_quote! {
            match #option {
                ::core::option::Option::Some(#param) => #body,
                ::core::option::Option::None => #d,
            }
        },
        // `unwrap` of `None` panics, as the source's would.
        None => syn::parse_quote!({
            let #param = (#option).unwrap();
            #body
        }),
    })
}

/// `d` of a closure `|| d`.
fn thunk_body(f: &Expr) -> Option<Expr> {
    match f {
        Expr::Closure(c) if c.inputs.is_empty() => Some((*c.body).clone()),
        _ => None,
    }
}
