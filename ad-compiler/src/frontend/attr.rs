//! Arguments of the attributes: `#[differentiable(wrt = x)]`, `#[differentiable(wrt = (x, y))]`
//! and `#[derivative(of = path, wrt = ..)]`, parsed into a [`Config`].

use proc_macro2::{Span, TokenStream};
use syn::parse::{Parse, ParseStream, Parser};
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::{Ident, Token};

/// What the attribute asked for.
#[derive(Default)]
pub struct Config {
    /// Explicit `wrt` parameters with their spans; `None` means "every differentiable one".
    pub wrt: Option<Vec<Ident>>,
    /// `of = path` of `#[derivative]`.
    pub of: Option<syn::Path>,
    /// `forward` or `forward = g` of `#[derivative]`.
    pub forward: Option<ForwardArg>,
    /// `dump` of `#[differentiable]`: print the IR and the generated code while compiling.
    pub dump: bool,
    /// `recursive` of `#[differentiable]`: box the pullback, for mutual recursion (a function
    /// calling itself directly is detected without it).
    pub recursive: bool,
}

/// `forward` in `#[derivative(of = f, ..)]`.
#[derive(Clone)]
pub enum ForwardArg {
    /// `forward`: this registration is the forward derivative (value and differential).
    This(Span),
    /// `forward = g`: on a reverse registration, `g` is the forward derivative.
    Named(syn::Path),
}

enum Arg {
    Wrt(Vec<Ident>),
    Of(syn::Path),
    Forward(ForwardArg),
    Dump(Span),
    Recursive(Span),
}

impl Parse for Arg {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let key: Ident = input.call(Ident::parse_any_ident)?;
        match key.to_string().as_str() {
            "wrt" => {
                input.parse::<Token![=]>()?;
                if input.peek(syn::token::Paren) {
                    let content;
                    syn::parenthesized!(content in input);
                    let names = Punctuated::<Ident, Token![,]>::parse_terminated_with(
                        &content,
                        Ident::parse_any_ident,
                    )?;
                    if names.is_empty() {
                        return Err(syn::Error::new(key.span(), "`wrt = ()` names no parameter"));
                    }
                    Ok(Arg::Wrt(names.into_iter().collect()))
                } else {
                    Ok(Arg::Wrt(vec![input.call(Ident::parse_any_ident)?]))
                }
            }
            "of" => {
                input.parse::<Token![=]>()?;
                Ok(Arg::Of(input.parse()?))
            }
            "forward" if input.peek(Token![=]) => {
                input.parse::<Token![=]>()?;
                Ok(Arg::Forward(ForwardArg::Named(input.parse()?)))
            }
            "forward" => Ok(Arg::Forward(ForwardArg::This(key.span()))),
            "dump" => Ok(Arg::Dump(key.span())),
            "recursive" => Ok(Arg::Recursive(key.span())),
            other => Err(syn::Error::new(
                key.span(),
                format!(
                    "unknown argument `{other}`: `#[differentiable]` takes `wrt = ..`, `dump` and `recursive`, `#[derivative]` takes `of = ..`, `wrt = ..` and `forward`"
                ),
            )),
        }
    }
}

trait ParseAnyIdent {
    fn parse_any_ident(input: ParseStream) -> syn::Result<Ident>;
}

impl ParseAnyIdent for Ident {
    /// Parses an identifier including keywords such as `self`.
    fn parse_any_ident(input: ParseStream) -> syn::Result<Ident> {
        use syn::ext::IdentExt;
        Ident::parse_any(input)
    }
}

/// Which attribute is being parsed: they accept different keys.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum AttrKind {
    /// `#[differentiable(..)]`: only `wrt`.
    Differentiable,
    /// `#[derivative(..)]`: `of` (required), `wrt`, `forward`.
    Derivative,
}

/// Parses the attribute's argument tokens.
pub fn parse(kind: AttrKind, args: TokenStream) -> syn::Result<Config> {
    let args = Punctuated::<Arg, Token![,]>::parse_terminated.parse2(args)?;
    let mut config = Config::default();
    for arg in args {
        match arg {
            Arg::Wrt(names) => {
                if config.wrt.is_some() {
                    return Err(syn::Error::new(names[0].span(), "`wrt` is given twice"));
                }
                for (i, name) in names.iter().enumerate() {
                    if names[..i].iter().any(|n| n == name) {
                        return Err(syn::Error::new(
                            name.span(),
                            format!("`{name}` is listed twice in `wrt`"),
                        ));
                    }
                }
                config.wrt = Some(names);
            }
            Arg::Of(path) if kind == AttrKind::Derivative => {
                if config.of.is_some() {
                    return Err(syn::Error::new_spanned(path, "`of` is given twice"));
                }
                config.of = Some(path);
            }
            Arg::Forward(forward) if kind == AttrKind::Derivative => config.forward = Some(forward),
            Arg::Dump(_) if kind == AttrKind::Differentiable => config.dump = true,
            Arg::Recursive(_) if kind == AttrKind::Differentiable => config.recursive = true,
            Arg::Recursive(span) => {
                return Err(syn::Error::new(
                    span,
                    "`recursive` belongs to `#[differentiable(recursive)]`",
                ));
            }
            Arg::Dump(span) => {
                return Err(syn::Error::new(
                    span,
                    "`dump` belongs to `#[differentiable(dump)]`",
                ));
            }
            Arg::Of(path) => {
                return Err(syn::Error::new_spanned(
                    path,
                    "`of` belongs to `#[derivative(of = ..)]`; `#[differentiable]` takes only `wrt = ..`",
                ));
            }
            Arg::Forward(forward) => {
                let span = match &forward {
                    ForwardArg::This(span) => *span,
                    ForwardArg::Named(path) => path.span(),
                };
                return Err(syn::Error::new(
                    span,
                    "`forward` belongs to `#[derivative(of = .., forward)]`",
                ));
            }
        }
    }
    if kind == AttrKind::Derivative && config.of.is_none() {
        return Err(syn::Error::new(
            Span::call_site(),
            "`#[derivative]` needs the function it differentiates: `#[derivative(of = f)]`",
        ));
    }
    Ok(config)
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::quote;

    #[test]
    fn parses_single_and_tuple_wrt() {
        let c = parse(AttrKind::Differentiable, quote!(wrt = x)).unwrap();
        assert_eq!(c.wrt.unwrap()[0], "x");
        let c = parse(AttrKind::Differentiable, quote!(wrt = (x, self), dump)).unwrap();
        assert_eq!(c.wrt.unwrap().len(), 2);
        assert!(c.dump);
    }

    #[test]
    fn rejects_duplicates_and_unknown_keys() {
        assert!(parse(AttrKind::Differentiable, quote!(wrt = (x, x))).is_err());
        assert!(parse(AttrKind::Differentiable, quote!(with = x)).is_err());
        assert!(parse(AttrKind::Differentiable, quote!(of = f)).is_err());
        assert!(parse(AttrKind::Derivative, quote!(wrt = x)).is_err());
        assert!(parse(AttrKind::Derivative, quote!(of = a::f, wrt = x)).is_ok());
    }
}
