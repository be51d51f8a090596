//! Conversions into a float type, as generic numeric code writes them: `T::from_f64(x)
//! .unwrap()`, `T::from(x).unwrap()` (num-traits' `FromPrimitive` and `NumCast`, also
//! `.expect(..)` and `<T as NumCast>::from`), `f64::from(x)`, and `let y: f64 = x.into();`.
//! Each is the call `::ad::__private::convert::<To, _>(x)` (num-traits' forms) or
//! `::ad::__private::float_from::<To, _>(x)` / `float_into` (std's `From` and `Into`, which
//! a type of the user's may implement), functions with derivatives (`ad_std::convert`), when `To` is `f32`, `f64` or a
//! float type parameter (`T: Float`): otherwise the conversion's derivative would be
//! "`from_f64` has no derivative". Beside them, a sum typed by its `let` (`let s: f64 =
//! xs.iter().sum();`), whose type, like `into`'s, the `let` gives.

use super::Builder;
use syn::{Expr, ExprMethodCall};

/// The converting functions of num-traits read as conversions (`FromPrimitive::from_f64`,
/// `from_f32`, `NumCast::from`); conversions from integers carry no derivative and stay as
/// written.
const CONVERTING: &[&str] = &["from_f64", "from_f32", "from"];

impl Builder<'_> {
    /// `To::from_f64(x).unwrap()` (and the other forms above) as the call of
    /// `::ad::__private::convert::<To, _>(x)`; `None` for other calls.
    pub(super) fn float_conversion(&self, call: &ExprMethodCall) -> Option<Expr> {
        let unwrapped = match call.method.to_string().as_str() {
            "unwrap" => call.args.is_empty(),
            "expect" => call.args.len() == 1,
            _ => false,
        };
        let Expr::Call(inner) = &*call.receiver else {
            return None;
        };
        if !unwrapped {
            return None;
        }
        let (to, x) = self.converted(inner)?;
        Some(syn::parse_quote!(::ad::__private::convert::<#to, _>(#x)))
    }

    /// `f64::from(x)` (std's `From`, which returns the float itself) as the call of
    /// `convert`; `None` for other calls.
    pub(super) fn float_from(&self, call: &syn::ExprCall) -> Option<Expr> {
        let (to, x) = self.converted(call)?;
        let primitive = to == "f64" || to == "f32";
        let from = matches!(&*call.func, Expr::Path(p) if p.qself.is_none() && p.path.segments.last().is_some_and(|s| s.ident == "from"));
        (primitive && from).then(|| syn::parse_quote!(::ad::__private::float_from::<#to, _>(#x)))
    }

    /// `x.into()` given to a local declared `f32`, `f64` or a float type parameter, as the
    /// call of `convert`; `None` for other initialisers.
    pub(super) fn float_into(&self, ty: &syn::Type, init: &Expr) -> Option<Expr> {
        let Expr::MethodCall(m) = init else {
            return None;
        };
        let syn::Type::Path(p) = ty else {
            return None;
        };
        let to = p.path.get_ident()?;
        if m.method != "into" || !m.args.is_empty() || !self.is_float_type(to) {
            return None;
        }
        let x = &m.receiver;
        Some(syn::parse_quote!(::ad::__private::float_into::<#to, _>(#x)))
    }

    /// The float type and the argument of a call `To::from_f64(x)`, `To::from(x)` or
    /// `<To as Trait>::from(x)` whose `To` is `f32`, `f64` or a float type parameter.
    fn converted(&self, call: &syn::ExprCall) -> Option<(syn::Ident, Expr)> {
        let Expr::Path(path) = &*call.func else {
            return None;
        };
        if call.args.len() != 1 {
            return None;
        }
        let segments: Vec<&syn::PathSegment> = path.path.segments.iter().collect();
        let function = segments.last()?;
        if !CONVERTING.iter().any(|f| function.ident == f) {
            return None;
        }
        let to = match (&path.qself, &segments[..]) {
            (Some(qself), _) => match &*qself.ty {
                syn::Type::Path(p) => p.path.get_ident()?.clone(),
                _ => return None,
            },
            (None, [owner, _]) if owner.arguments.is_none() => owner.ident.clone(),
            _ => return None,
        };
        self.is_float_type(&to).then(|| (to, call.args[0].clone()))
    }

    /// Whether `ty` names `f32`, `f64` or a float type parameter in scope.
    fn is_float_type(&self, ty: &syn::Ident) -> bool {
        ty == "f64" || ty == "f32" || self.float_params.contains(ty)
    }
}

/// `xs.iter().map(..).sum::<T>()` for `let s: T = xs.iter().map(..).sum();` (also
/// `product`): the `let`'s type is the sum's, which the chain's desugaring starts from (see
/// `chains`); `None` for other initialisers.
pub(super) fn typed_sum(ty: &syn::Type, init: &Expr) -> Option<Expr> {
    let Expr::MethodCall(m) = init else {
        return None;
    };
    let consumer = m.method == "sum" || m.method == "product";
    if !consumer || !m.args.is_empty() || m.turbofish.is_some() {
        return None;
    }
    let mut typed = m.clone();
    typed.turbofish = Some(syn::parse_quote!(::<#ty>));
    Some(Expr::MethodCall(typed))
}
