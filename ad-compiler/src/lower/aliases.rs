//! Local `&mut` reborrows of places: `let r = &mut acc; *r += x;` writes `acc`. The SSA form
//! has no references to locals, so `r` is not a value: it names its place, and `*r` reads or
//! assigns that place (an index in it is taken when the reference is, as Rust takes it).

use super::ssa::Builder;
use syn::Expr;
use syn::spanned::Spanned;

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
}

/// The local a place belongs to: `v` of `v[i].x`.
pub(super) fn root_local(place: &Expr) -> Option<String> {
    match place {
        Expr::Path(_) => super::assign::local_name(place),
        Expr::Field(f) => root_local(&f.base),
        Expr::Index(i) => root_local(&i.expr),
        Expr::Paren(p) => root_local(&p.expr),
        _ => None,
    }
}

fn without_parens(e: &Expr) -> &Expr {
    match e {
        Expr::Paren(p) => without_parens(&p.expr),
        other => other,
    }
}
