//! The input every operator macro takes, `at: a, b, .., of: f`: parsed by the operators'
//! front ends and by the lowering of an operator nested in a differentiable body.

use syn::parse::{Parse, ParseStream};
use syn::{Expr, Token};

/// `at: a, b, .., of: f`.
pub struct Input {
    /// The arguments.
    pub args: Vec<Expr>,
    /// The function.
    pub of: Expr,
}

impl Parse for Input {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let at: syn::Ident = input.parse()?;
        if at != "at" {
            return Err(syn::Error::new(
                at.span(),
                "expected `at: <arguments>, of: <function>`",
            ));
        }
        input.parse::<Token![:]>()?;
        let mut args = Vec::new();
        loop {
            if input.peek(syn::Ident) && input.peek2(Token![:]) && !input.peek2(Token![::]) {
                break;
            }
            args.push(without_groups(input.parse::<Expr>()?));
            input.parse::<Token![,]>().map_err(|e| {
                syn::Error::new(e.span(), "expected `, of: <function>` after the arguments")
            })?;
        }
        let of: syn::Ident = input.parse()?;
        if of != "of" {
            return Err(syn::Error::new(
                of.span(),
                "expected `of: <function>` after the arguments",
            ));
        }
        input.parse::<Token![:]>()?;
        let f = without_groups(input.parse::<Expr>()?);
        let _ = input.parse::<Option<Token![,]>>()?;
        if args.is_empty() {
            return Err(syn::Error::new(
                at.span(),
                "`at:` needs at least one argument",
            ));
        }
        Ok(Input { args, of: f })
    }
}

/// `e` without the invisible groups around it: a `macro_rules!` macro passing `$x:expr` on
/// hands over a delimiter-less group, which must not hide a closure literal or a reference.
pub fn without_groups(e: Expr) -> Expr {
    match e {
        Expr::Group(g) => without_groups(*g.expr),
        other => other,
    }
}
