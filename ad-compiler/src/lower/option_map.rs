//! `Option`'s closures as the `match` they stand for: `opt.map(|v| body).unwrap_or(d)` and
//! `opt.map_or(d, |v| body)` are `match opt { Some(v) => body, None => d }` (also
//! `unwrap_or_else(|| d)` and `map_or_else(|| d, |v| body)`; `map(..).unwrap()` is
//! `{ let v = opt.unwrap(); body }`), so the closure is differentiated where it runs,
//! reading the function's values as the `match` does. Only these consumers, which arrays do
//! not have: a lone `x.map(f)` may be ndarray's or nalgebra's, and stays theirs, unless `x`
//! is a call that gives an `Option` and no array (`xs.first().map(|v| v * s)`, which is
//! `match xs.first() { Some(v) => Some(v * s), None => None }`). (`Result`
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
        // A lone `map` of what is surely an `Option` (`xs.first().map(|v| v * s)`).
        ("map", 1) if gives_an_option(&call.receiver) => (
            &*call.receiver,
            &call.args[0],
            Some(syn::parse_quote!(::core::option::Option::None)),
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
    // A lone `map` keeps the `Option`: its `Some` arm wraps the closure's value.
    let body: Expr = match method.as_str() {
        "map" => syn::parse_quote!(::core::option::Option::Some(#body)),
        _ => (**body).clone(),
    };
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

/// Whether `expr` is a call of a method that gives an `Option` and that no array has
/// (`xs.first()`, `v.pop()`, `it.next()`), so that a `map` of it is `Option`'s.
fn gives_an_option(expr: &Expr) -> bool {
    const OPTIONS: &[&str] = &[
        "first",
        "last",
        "get",
        "pop",
        "next",
        "next_back",
        "nth",
        "find",
        "reduce",
        "max_by",
        "min_by",
        "max_by_key",
        "min_by_key",
        "position",
        "checked_div",
        "checked_sub",
        "checked_add",
        "checked_mul",
        "ok",
        "err",
        "copied",
        "cloned",
        "filter",
        "and_then",
        "or",
        "or_else",
        "take",
        "split_first",
        "split_last",
    ];
    match expr {
        Expr::MethodCall(m) => {
            let method = m.method.to_string();
            // `copied`, `cloned`, `filter`, `take` of an `Option` (`xs.first().copied()`),
            // not of an iterator (a chain, read as such).
            match method.as_str() {
                "copied" | "cloned" | "filter" | "take" | "or" | "or_else" | "and_then" => {
                    gives_an_option(&m.receiver)
                }
                _ => OPTIONS.contains(&method.as_str()),
            }
        }
        Expr::Paren(p) => gives_an_option(&p.expr),
        _ => false,
    }
}

/// `d` of a closure `|| d`.
fn thunk_body(f: &Expr) -> Option<Expr> {
    match f {
        Expr::Closure(c) if c.inputs.is_empty() => Some((*c.body).clone()),
        _ => None,
    }
}
