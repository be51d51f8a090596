//! Local `&mut` reborrows of places: `let r = &mut acc; *r += x;` writes `acc`. The SSA form
//! has no references to locals, so `r` is not a value: it names its place, and `*r` reads or
//! assigns that place (an index in it is taken when the reference is, as Rust takes it), as
//! `r.x`, `r[i]` and `r.method(..)` read, assign or call on its parts (auto-deref). The loops
//! `for p in v.iter_mut()` and `for p in &mut v` are index loops binding such a reborrow to
//! each element (see `mutable_loops::mutable_form`).
//!
//! A mutable view of a whole array, `let mut v = a.view_mut();`, is the array itself for as
//! long as it is used (the borrow checker lets nothing else touch `a` meanwhile): the
//! statements after it are lowered with `v` replaced by `a`, so `v *= s`, `v[i] = x` and
//! `v.fill(x)` write `a`.

use super::ssa::Builder;
use syn::spanned::Spanned;
use syn::visit_mut::VisitMut;
use syn::{Expr, Stmt};

impl Builder<'_> {
    /// `let name = &mut place;` of a place of locals: records the alias and returns true.
    pub(super) fn bind_alias(&mut self, name: &syn::PatIdent, init: &Expr) -> bool {
        let Expr::Reference(r) = init else {
            return false;
        };
        if r.mutability.is_none() || name.by_ref.is_some() || name.subpat.is_some() {
            return false;
        }
        let Some(place) = self.alias_place(&r.expr) else {
            return false;
        };
        self.aliases.push((name.ident.to_string(), place));
        true
    }

    /// The place `e` as the alias keeps it: a local, a field of one, or an element of one
    /// whose index is evaluated now (into a hidden local). `None` for other places.
    fn alias_place(&mut self, e: &Expr) -> Option<Expr> {
        match e {
            // A local, or another alias: the place that one names.
            Expr::Path(p) => {
                let ident = p.path.get_ident()?;
                match self.aliased(ident) {
                    Some(place) => Some(place),
                    None => self.lookup(&ident.to_string()).map(|_| e.clone()),
                }
            }
            Expr::Paren(p) => self.alias_place(&p.expr),
            Expr::Field(f) => {
                let mut place = f.clone();
                place.base = Box::new(self.alias_place(&f.base)?);
                Some(Expr::Field(place))
            }
            Expr::Index(i) => {
                let mut place = i.clone();
                place.expr = Box::new(self.alias_place(&i.expr)?);
                let index = self.lower_value(&i.index);
                let hidden = crate::names::alias_index(self.aliases.len());
                self.bind(hidden.to_string(), index);
                place.index = Box::new(syn::parse_quote_spanned!(i.index.span()=> #hidden));
                Some(Expr::Index(place))
            }
            _ => None,
        }
    }

    /// The place `ident` is an alias of, if it is one.
    pub(super) fn aliased(&self, ident: &syn::Ident) -> Option<Expr> {
        self.aliases
            .iter()
            .rev()
            .find(|(name, _)| ident == name)
            .map(|(_, place)| place.clone())
    }

    /// The place of `*r` (or `*(r)`, `(*r)`) for an alias `r`.
    pub(super) fn deref_alias(&self, e: &Expr) -> Option<Expr> {
        let Expr::Unary(u) = without_parens(e) else {
            return None;
        };
        let Expr::Path(p) = without_parens(&u.expr) else {
            return None;
        };
        matches!(u.op, syn::UnOp::Deref(_))
            .then(|| self.aliased(p.path.get_ident()?))
            .flatten()
    }

    /// A field or an element reached through an alias, as Rust's auto-deref reaches it
    /// (`r.x`, `r.a.b`, `r[i]`, `(*r).x`): the same part of the alias's place.
    pub(super) fn through_alias(&self, e: &Expr) -> Option<Expr> {
        match e {
            Expr::Field(f) => {
                let mut f = f.clone();
                f.base = Box::new(self.alias_root(&f.base)?);
                Some(Expr::Field(f))
            }
            Expr::Index(i) => {
                let mut i = i.clone();
                i.expr = Box::new(self.alias_root(&i.expr)?);
                Some(Expr::Index(i))
            }
            _ => None,
        }
    }

    /// `e`'s place when `e` is an alias (`r`, `*r`) or a part of one (see [`through_alias`]).
    ///
    /// [`through_alias`]: Self::through_alias
    pub(super) fn alias_root(&self, e: &Expr) -> Option<Expr> {
        match without_parens(e) {
            Expr::Path(p) if p.qself.is_none() => {
                let ident = p.path.get_ident()?;
                let place = self.aliased(ident)?;
                // An alias of a place of its own name (an inout parameter `v` is `v`;
                // `let v = &mut v[0];`) names the local there: resolving it again would not
                // end, and a part of `v` is a part of that local already.
                (root_local(&place).as_deref() != Some(ident.to_string().as_str())).then_some(place)
            }
            inner @ Expr::Unary(_) => self.deref_alias(inner),
            inner @ (Expr::Field(_) | Expr::Index(_)) => self.through_alias(inner),
            _ => None,
        }
    }
}

/// The local a place belongs to: `v` of `v[i].x` (not `self`, see [`place_root`]).
pub(super) fn root_local(place: &Expr) -> Option<String> {
    place_root(place).filter(|name| name != "self")
}

/// The name a place belongs to, `self` included: `s` of `s.p[i].x`.
pub(super) fn place_root(place: &Expr) -> Option<String> {
    match place {
        Expr::Path(p) if p.qself.is_none() => p.path.get_ident().map(|i| i.to_string()),
        Expr::Field(f) => place_root(&f.base),
        Expr::Index(i) => place_root(&i.expr),
        Expr::Paren(p) => place_root(&p.expr),
        _ => None,
    }
}

fn without_parens(e: &Expr) -> &Expr {
    match e {
        Expr::Paren(p) => without_parens(&p.expr),
        other => other,
    }
}

/// `let [mut] v = place.view_mut();` of a plain place: `v` and the place.
pub(super) fn whole_view_mut(stmt: &Stmt) -> Option<(syn::Ident, Expr)> {
    let Stmt::Local(local) = stmt else {
        return None;
    };
    let syn::Pat::Ident(name) = &local.pat else {
        return None;
    };
    let init = local.init.as_ref().filter(|init| init.diverge.is_none())?;
    let Expr::MethodCall(call) = without_parens(&init.expr) else {
        return None;
    };
    let plain = super::indexed_loops::plain_place(&call.receiver)
        && !matches!(&*call.receiver, Expr::Reference(_));
    (call.method == "view_mut"
        && call.args.is_empty()
        && plain
        && name.by_ref.is_none()
        && name.subpat.is_none())
    .then(|| (name.ident.clone(), (*call.receiver).clone()))
}

/// `stmts` with the name `view` replaced by `place`, up to a statement that binds `view`
/// again (which is replaced in, since its value is computed before the new binding).
pub(super) fn through_view(stmts: &[Stmt], view: &syn::Ident, place: &Expr) -> Vec<Stmt> {
    let mut replace = Replace { view, place };
    let mut shadowed = false;
    stmts
        .iter()
        .map(|stmt| {
            let mut stmt = stmt.clone();
            if !shadowed {
                replace.visit_stmt_mut(&mut stmt);
                shadowed = matches!(&stmt, Stmt::Local(l) if binds(&l.pat, view));
            }
            stmt
        })
        .collect()
}

/// Replaces the path expression `view` by `place`.
struct Replace<'a> {
    view: &'a syn::Ident,
    place: &'a Expr,
}

impl VisitMut for Replace<'_> {
    fn visit_expr_mut(&mut self, e: &mut Expr) {
        if let Expr::Path(p) = e
            && p.qself.is_none()
            && p.path.get_ident() == Some(self.view)
        {
            // (In parentheses only where it needs them: `(*r).x`, so that a bare name stays a
            // local that statements such as `a.fill(x);` recognise.)
            let place = self.place;
            *e = match place {
                Expr::Path(_) | Expr::Field(_) => place.clone(),
                _ => syn::parse_quote_spanned!(p.span()=> (#place)),
            };
            return;
        }
        syn::visit_mut::visit_expr_mut(self, e);
    }
}

/// Whether `pat` binds `name`.
fn binds(pat: &syn::Pat, name: &syn::Ident) -> bool {
    struct Finds<'a>(&'a syn::Ident, bool);
    impl<'ast> syn::visit::Visit<'ast> for Finds<'_> {
        fn visit_pat_ident(&mut self, p: &'ast syn::PatIdent) {
            self.1 |= p.ident == *self.0;
            syn::visit::visit_pat_ident(self, p);
        }
    }
    let mut finds = Finds(name, false);
    syn::visit::Visit::visit_pat(&mut finds, pat);
    finds.1
}
