//! A local `Vec`'s methods that edit it in place or read an element that may be missing, as
//! the code each stands for, written with operations the lowering has (indexing,
//! `v[..k].to_vec()`, `push`, element swaps, chains, `Some`), so every element's derivative
//! goes where those put it:
//!
//! - `xs.get(i)`: `Some(&xs[i])` when `i` is in bounds, else `None` (`xs.get(i).copied()`:
//!   `Some(xs[i])`); also on a slice or array parameter, as are
//! - `xs.split_at(k)`: `(&xs[..k], &xs[k..])`, and `xs.split_first()`, `xs.split_last()`:
//!   the end element and the rest, or `None` for an empty sequence;
//! - `v.pop()`: the last element, and `v` the copy of the ones before it;
//! - `v.remove(i)`: the element, and `v` the elements before it with the ones after pushed
//!   back; `v.swap_remove(i)`: the element, with the last moved into its place;
//! - `v.insert(i, x)`: the elements before `i`, then `x`, then the rest;
//! - `v.truncate(n)`, `v.clear()`: a copy of the first elements;
//! - `v.resize(n, x)`: a copy of the first `n`, or copies of `x` pushed up to `n`;
//! - `v.extend_from_slice(xs)`: `xs`'s elements pushed; `v.extend(items)` likewise, from a
//!   sequence (`&xs`, `xs`, `xs.iter()`) or from a chain collected first;
//! - `v.retain(keep)`: the chain `v.iter().cloned().filter(keep).collect::<Vec<_>>()`;
//! - `v.reverse()`: element swaps from both ends (also on arrays).
//!
//! The copies make each edit linear in the length of the vector (a loop that empties a long
//! `Vec` by `pop` or `remove(0)` is quadratic); the derivative code is what it would be for
//! the same code written by hand. Only on locals the lowering knows to be sequences (see
//! `Builder::sequence_params`): a user type's `remove` or `insert` is its own.

use super::indexed_loops::plain_place;
use syn::{Expr, ExprMethodCall};

/// The code `call` stands for when it edits one of the local `sequences` (`None` for other
/// calls).
pub fn desugar(call: &ExprMethodCall, sequences: &[String]) -> Option<Expr> {
    let v = known_sequence(call, sequences)?;
    let args = &call.args;
    let code: Expr = match (call.method.to_string().as_str(), args.len()) {
        ("split_at", 1) => {
            let at = &args[0];
            syn::parse_quote!({
                let __ad_at = #at;
                (&#v[..__ad_at], &#v[__ad_at..])
            })
        }
        ("split_first", 0) => syn::parse_quote! {
            if #v.len() == 0 { None } else { Some((&#v[0], &#v[1..])) }
        },
        ("split_last", 0) => syn::parse_quote! {{
            let __ad_len = #v.len();
            if __ad_len == 0 { None } else { Some((&#v[__ad_len - 1], &#v[..__ad_len - 1])) }
        }},
        ("get", 1) => {
            let at = &args[0];
            syn::parse_quote! {{
                let __ad_at = #at;
                if __ad_at < #v.len() { Some(&#v[__ad_at]) } else { None }
            }}
        }
        ("pop", 0) => syn::parse_quote! {{
            let __ad_len = #v.len();
            if __ad_len == 0 {
                None
            } else {
                let __ad_last = #v[__ad_len - 1].clone();
                #v = #v[..__ad_len - 1].to_vec();
                Some(__ad_last)
            }
        }},
        ("remove", 1) => {
            let (at, push_tail) = (&args[0], push_all(v, &syn::parse_quote!(__ad_tail)));
            syn::parse_quote! {{
                let __ad_at = #at;
                let __ad_item = #v[__ad_at].clone();
                let __ad_tail = #v[__ad_at + 1..].to_vec();
                #v = #v[..__ad_at].to_vec();
                #push_tail
                __ad_item
            }}
        }
        ("swap_remove", 1) => {
            let at = &args[0];
            syn::parse_quote! {{
                let __ad_at = #at;
                let __ad_len = #v.len();
                let __ad_item = #v[__ad_at].clone();
                #v[__ad_at] = #v[__ad_len - 1].clone();
                #v = #v[..__ad_len - 1].to_vec();
                __ad_item
            }}
        }
        ("insert", 2) => {
            let (at, x) = (&args[0], &args[1]);
            let push_tail = push_all(v, &syn::parse_quote!(__ad_tail));
            // The arguments first, as the call evaluates them (`x` may read `v`).
            syn::parse_quote! {{
                let __ad_at = #at;
                let __ad_item = #x;
                let __ad_tail = #v[__ad_at..].to_vec();
                #v = #v[..__ad_at].to_vec();
                #v.push(__ad_item);
                #push_tail
            }}
        }
        ("truncate", 1) => {
            let n = &args[0];
            syn::parse_quote! {{
                let __ad_keep = #n;
                if __ad_keep < #v.len() {
                    #v = #v[..__ad_keep].to_vec();
                }
            }}
        }
        ("clear", 0) => syn::parse_quote!({ #v = #v[..0].to_vec(); }),
        ("resize", 2) => {
            let (n, x) = (&args[0], &args[1]);
            syn::parse_quote! {{
                let __ad_target = #n;
                let __ad_fill = #x;
                let __ad_len = #v.len();
                if __ad_target <= __ad_len {
                    #v = #v[..__ad_target].to_vec();
                } else {
                    for _ in __ad_len..__ad_target {
                        #v.push(__ad_fill.clone());
                    }
                }
            }}
        }
        ("extend_from_slice", 1) => push_all(v, &args[0]),
        ("extend", 1) => {
            // The elements of a sequence named by a place, else the chain's items collected.
            let sequence: Expr = match &args[0] {
                Expr::Reference(r) if plain_place(&r.expr) => (*r.expr).clone(),
                Expr::MethodCall(m)
                    if matches!(m.method.to_string().as_str(), "iter" | "into_iter")
                        && m.args.is_empty()
                        && plain_place(&m.receiver) =>
                {
                    (*m.receiver).clone()
                }
                other if plain_place(other) || super::chains::written_in_place(other) => {
                    other.clone()
                }
                chain => syn::parse_quote!(#chain.collect::<::std::vec::Vec<_>>()),
            };
            push_all(v, &sequence)
        }
        ("retain", 1) => {
            let keep = &args[0];
            syn::parse_quote!({
                #v = #v.iter().cloned().filter(#keep).collect::<::std::vec::Vec<_>>();
            })
        }
        ("reverse", 0) => syn::parse_quote! {{
            let __ad_len = #v.len();
            for __ad_k in 0..__ad_len / 2 {
                #v.swap(__ad_k, __ad_len - 1 - __ad_k);
            }
        }},
        _ => return None,
    };
    Some(code)
}

/// `xs.get(i).copied()` (also `.cloned()`) on one of the local `sequences`: the element by
/// value when `i` is in bounds; `None` for other calls.
pub fn copied_element(call: &ExprMethodCall, sequences: &[String]) -> Option<Expr> {
    let by_value = matches!(call.method.to_string().as_str(), "copied" | "cloned");
    let Expr::MethodCall(get) = &*call.receiver else {
        return None;
    };
    if !by_value || !call.args.is_empty() || get.method != "get" || get.args.len() != 1 {
        return None;
    }
    let (v, at) = (known_sequence(get, sequences)?, &get.args[0]);
    Some(syn::parse_quote! {{
        let __ad_at = #at;
        if __ad_at < #v.len() { Some(#v[__ad_at].clone()) } else { None }
    }})
}

/// The receiver of `call` when it names one of the local `sequences`.
fn known_sequence<'c>(call: &'c ExprMethodCall, sequences: &[String]) -> Option<&'c syn::Ident> {
    let Expr::Path(receiver) = &*call.receiver else {
        return None;
    };
    let name = receiver.path.get_ident()?;
    sequences.iter().any(|s| name == s).then_some(name)
}

/// `v.push(..)` of a copy of each element of `source` in turn (a block).
fn push_all(v: &syn::Ident, source: &Expr) -> Expr {
    syn::parse_quote! {{
        let __ad_source = #source;
        for __ad_k in 0..__ad_source.len() {
            #v.push(__ad_source[__ad_k].clone());
        }
    }}
}
