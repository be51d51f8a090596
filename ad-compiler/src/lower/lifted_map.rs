//! `a.mapv(|v| body)` whose body reads locals of the function, as the body applied to the
//! whole array: `x.mapv(|v| (v * s).sin())` is `(x * s).sin()` elementwise, the same
//! operations on each element, and differentiates through `s` like any array expression (as
//! Zygote differentiates a broadcast by the broadcast of its derivative). Only bodies whose
//! every operation has an elementwise array form qualify: literals, the parameter, other
//! names (captured scalars and constants), `+ - * /`, negation, casts of what does not
//! involve the parameter, and the float methods that `ad-std` has array rules for.

use syn::Expr;

/// The float methods with an elementwise rule for arrays (`ad_std::array::ArrayMath`, and
/// `powi`/`powf`).
const ELEMENTWISE_METHODS: &[&str] = &[
    "exp", "ln", "sqrt", "tanh", "sin", "cos", "abs", "recip", "exp2", "exp_m1", "log2", "log10",
    "ln_1p", "cbrt", "tan", "asin", "acos", "atan", "sinh", "cosh", "asinh", "acosh", "atanh",
    "signum", "powi", "powf",
];

/// `{ let v = &receiver.to_owned(); body }` for a closure `|v| body` (also `|v: f64| ..`)
/// whose body has an elementwise array form and reads its parameter; `None` otherwise.
pub(super) fn over_the_array(closure: &syn::ExprClosure, receiver: &Expr) -> Option<Expr> {
    let [input] = closure.inputs.iter().collect::<Vec<_>>()[..] else {
        return None;
    };
    let param = match input {
        syn::Pat::Ident(p) => &p.ident,
        syn::Pat::Type(t) => match &*t.pat {
            syn::Pat::Ident(p) => &p.ident,
            _ => return None,
        },
        _ => return None,
    };
    let mut uses = 0;
    if !elementwise(&closure.body, param, &mut uses) || uses == 0 {
        return None;
    }
    let body = &closure.body;
    // A reference: the body may use the parameter more than once, and array operators take
    // owned arrays by value.
    Some(syn::parse_quote!({
        let #param = &(#receiver).to_owned();
        #body
    }))
}

/// Whether `e` has an elementwise array form when `param` is an array; counts the uses of
/// `param`.
fn elementwise(e: &Expr, param: &syn::Ident, uses: &mut usize) -> bool {
    match e {
        Expr::Lit(l) => matches!(l.lit, syn::Lit::Float(_) | syn::Lit::Int(_)),
        Expr::Path(p) => {
            if p.path.is_ident(param) {
                *uses += 1;
            }
            p.qself.is_none()
        }
        Expr::Paren(p) => elementwise(&p.expr, param, uses),
        Expr::Group(g) => elementwise(&g.expr, param, uses),
        Expr::Unary(u) => matches!(u.op, syn::UnOp::Neg(_)) && elementwise(&u.expr, param, uses),
        Expr::Binary(b) => {
            matches!(
                b.op,
                syn::BinOp::Add(_) | syn::BinOp::Sub(_) | syn::BinOp::Mul(_) | syn::BinOp::Div(_)
            ) && elementwise(&b.left, param, uses)
                && elementwise(&b.right, param, uses)
        }
        Expr::Cast(c) => {
            let mut inner = 0;
            elementwise(&c.expr, param, &mut inner) && inner == 0
        }
        Expr::MethodCall(m) => {
            ELEMENTWISE_METHODS.iter().any(|name| m.method == name)
                && m.turbofish.is_none()
                && elementwise(&m.receiver, param, uses)
                // (An exponent of the parameter would be an array exponent.)
                && m.args.iter().all(|a| {
                    let mut inner = 0;
                    elementwise(a, param, &mut inner) && inner == 0
                })
        }
        Expr::Block(b) => match &b.block.stmts[..] {
            [syn::Stmt::Expr(e, None)] => elementwise(e, param, uses),
            _ => false,
        },
        _ => false,
    }
}
