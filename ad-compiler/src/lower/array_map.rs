//! `p.map(f)` of an array parameter of a literal length (`p: &[T; 2]`, `[f64; 3]`): the
//! array's own `map`, not ndarray's or nalgebra's (which the lowering takes `map` of other
//! receivers for). It is the array literal of `f` applied to each element,
//! `{ let f = ..; [f(p[0]), f(p[1])] }`, whose closure is inlined at each call as any closure
//! bound by `let` is.

use super::Builder;
use syn::{Expr, ExprMethodCall};

/// The longest array whose `map` is written out element by element.
const LONGEST: usize = 32;

impl Builder<'_> {
    /// The array literal `p.map(f)` stands for, when `p` is an array parameter of a literal
    /// length (at most [`LONGEST`]); `None` otherwise.
    pub(super) fn array_map(&self, call: &ExprMethodCall) -> Option<Expr> {
        if call.method != "map" || call.args.len() != 1 {
            return None;
        }
        let Expr::Path(receiver) = &*call.receiver else {
            return None;
        };
        let name = receiver.path.get_ident()?.to_string();
        let (_, length) = self.array_lengths.iter().find(|(n, _)| *n == name)?;
        if *length > LONGEST {
            return None;
        }
        let function = crate::names::array_map_function();
        let f = &call.args[0];
        let elements = (0..*length).map(|i| quote::quote!(#function(#receiver[#i])));
        Some(syn::parse_quote!({
            let #function = #f;
            [#(#elements),*]
        }))
    }
}
