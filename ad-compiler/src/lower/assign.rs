//! Assignments into new versions of locals: `x = e`, `x op= e`, and writes to parts of a
//! local (`v[i] = e`, `m[i][j] = e`, `p.x = e`), each a new value of the whole local (SSA).

use super::ssa::Builder;
use crate::ir::{ArithOp, Op, ValueId};
use syn::spanned::Spanned;
use syn::{BinOp, Expr};

impl Builder<'_> {
    /// `place = value` where `place` is a local or a field of a local (`p.x = value`).
    pub(super) fn assign_to(&mut self, place: &Expr, value: ValueId) {
        // `*r = value` (or `r.x = value`) through a local `&mut` reborrow assigns its place.
        if let Some(aliased) = self
            .deref_alias(place)
            .or_else(|| self.through_alias(place))
        {
            return self.assign_to(&aliased, value);
        }
        if let Expr::Index(outer) = place {
            // `v[i] = value` or `m[i][j] = value` on a local: a new version of it.
            let (name, index_exprs) = match &*outer.expr {
                Expr::Index(inner) => (local_name(&inner.expr), vec![&inner.index, &outer.index]),
                other => (local_name(other), vec![&outer.index]),
            };
            if let Some((name, base)) = name.and_then(|n| self.lookup(&n).map(|v| (n, v))) {
                let indices = index_exprs
                    .into_iter()
                    .map(|e| self.lower_value(e))
                    .collect();
                let updated = self.push(
                    Op::IndexSet {
                        base,
                        indices,
                        value,
                    },
                    place.span(),
                );
                self.assign(&name, updated);
                return;
            }
        }
        if let Expr::Field(f) = place
            && let Expr::Path(p) = &*f.base
            && let Some(ident) = p
                .path
                .get_ident()
                .filter(|i| *i != "self" || self.mutable_self)
            && let Some(base) = self.lookup(&ident.to_string())
        {
            let updated = self.push(
                Op::SetField {
                    base,
                    member: f.member.clone(),
                    value,
                },
                place.span(),
            );
            self.assign(&ident.to_string(), updated);
            return;
        }
        if let Expr::Path(p) = place
            && let Some(ident) = p.path.get_ident()
            && self.assign(&ident.to_string(), value)
        {
            return;
        }
        if let Expr::Paren(p) = place {
            return self.assign_to(&p.expr, value);
        }
        // `*self = Self { .. };` in a `&mut self` method: a new version of `self`.
        if let Expr::Unary(u) = place
            && matches!(u.op, syn::UnOp::Deref(_))
            && matches!(&*u.expr, Expr::Path(p) if p.path.is_ident("self"))
            && self.mutable_self
            && self.assign("self", value)
        {
            return;
        }
        if self.assign_destructured(place, value) {
            return;
        }
        // A nested place (`p.a.b = ..`, `self.w[i] = ..`): a new version of the enclosing
        // place with this part replaced, assigned to the enclosing place in turn, so that
        // `p.a.b = v` is `p = SetField(p, a, SetField(p.a, b, v))` and its adjoint is that of
        // the two `SetField`s (the replaced part gets no cotangent, the rest passes through).
        if let Some((enclosing, update)) = self.replace_part(place, value) {
            return self.assign_to(enclosing, update);
        }
        self.diag.error_spanned(
            place,
            "only local variables, their fields and elements (also nested: `p.a.b`, `v[i].x`), and those of `self` in a `&mut self` method can be assigned in differentiable functions (not places behind other references, such as `*r` or fields of a `&self` receiver)",
        );
    }

    /// For `place` = `base.member` or `base[index]` where `base` is itself a field or an
    /// element: `base` and a new version of it whose part `place` is `value`.
    pub(super) fn replace_part<'p>(
        &mut self,
        place: &'p Expr,
        value: ValueId,
    ) -> Option<(&'p Expr, ValueId)> {
        let nested = |base: &Expr| matches!(base, Expr::Field(_) | Expr::Index(_));
        // The enclosing place is borrowed and cloned: read by value, a field that is not
        // `Copy` would be moved out of the local that is then updated.
        let copy_of = |this: &mut Self, base: &Expr| {
            let borrowed = this.lower_place(base);
            this.push(Op::Clone(borrowed), base.span())
        };
        match place {
            Expr::Field(f) if nested(&f.base) => {
                let base = copy_of(self, &f.base);
                let member = f.member.clone();
                Some((
                    &f.base,
                    self.push(
                        Op::SetField {
                            base,
                            member,
                            value,
                        },
                        place.span(),
                    ),
                ))
            }
            Expr::Index(i) if nested(&i.expr) => {
                let base = copy_of(self, &i.expr);
                let indices = vec![self.lower_value(&i.index)];
                Some((
                    &i.expr,
                    self.push(
                        Op::IndexSet {
                            base,
                            indices,
                            value,
                        },
                        place.span(),
                    ),
                ))
            }
            _ => None,
        }
    }
}

/// `&[a.view(), b.view()]` as `&[a.to_owned(), b.to_owned()]`: the parts of ndarray's
/// `concatenate` and `stack`, whose derivatives (`ad::ndarray`) take owned arrays, so that
/// parts that are differentiated and parts that are not have one type.
pub(super) fn owned_parts(parts: &Expr) -> Expr {
    let Expr::Reference(reference) = parts else {
        return parts.clone();
    };
    let Expr::Array(list) = &*reference.expr else {
        return parts.clone();
    };
    let mut list = list.clone();
    for element in list.elems.iter_mut() {
        if let Expr::MethodCall(call) = element
            && call.method == "view"
            && call.args.is_empty()
        {
            call.method = syn::Ident::new("to_owned", call.method.span());
        }
    }
    let mut reference = reference.clone();
    reference.expr = Box::new(Expr::Array(list));
    Expr::Reference(reference)
}

pub(super) fn compound_arith(op: &BinOp) -> Option<ArithOp> {
    match op {
        BinOp::AddAssign(_) => Some(ArithOp::Add),
        BinOp::SubAssign(_) => Some(ArithOp::Sub),
        BinOp::MulAssign(_) => Some(ArithOp::Mul),
        BinOp::DivAssign(_) => Some(ArithOp::Div),
        BinOp::RemAssign(_) => Some(ArithOp::Rem),
        _ => None,
    }
}

/// Whether `op` assigns: `+=`, `-=`, `*=`, `/=`, `%=` and the bit operations' (`^=`, ..).
pub(super) fn is_compound_assignment(op: &BinOp) -> bool {
    compound_arith(op).is_some() || is_compound(op)
}

/// Whether `op` is a bit operation's assignment (`^=`, `&=`, `|=`, `<<=`, `>>=`): one that
/// has no derivative, reported when it writes a differentiated local.
pub(super) fn is_compound(op: &BinOp) -> bool {
    matches!(
        op,
        BinOp::BitXorAssign(_)
            | BinOp::BitAndAssign(_)
            | BinOp::BitOrAssign(_)
            | BinOp::ShlAssign(_)
            | BinOp::ShrAssign(_)
    )
}

/// The local a place names (`v` in `v[i]` or `v.push(..)`), if it is a plain name.
pub(super) fn local_name(expr: &Expr) -> Option<String> {
    match expr {
        Expr::Path(p) if p.qself.is_none() => p
            .path
            .get_ident()
            .filter(|i| *i != "self")
            .map(|i| i.to_string()),
        Expr::Paren(p) => local_name(&p.expr),
        _ => None,
    }
}

impl Builder<'_> {
    /// Destructuring assignment: `(a, b) = value` assigns each component to its place
    /// (`(a, b) = (b, a + b)` swaps, as the whole right side is computed first), `S { x, y } =
    /// value` each field, `_` nothing. False when `place` is none of these.
    fn assign_destructured(&mut self, place: &Expr, value: ValueId) -> bool {
        match place {
            Expr::Infer(_) => true,
            Expr::Tuple(t) => {
                let items = self
                    .tuple_items(value)
                    .filter(|items| items.len() == t.elems.len());
                for (index, elem) in t.elems.iter().enumerate() {
                    if matches!(elem, Expr::Infer(_)) {
                        continue;
                    }
                    let component = match &items {
                        Some(items) => items[index],
                        None => {
                            let member = syn::Member::Unnamed(syn::Index {
                                index: index as u32,
                                span: elem.span(),
                            });
                            self.push(Op::Field(value, member), elem.span())
                        }
                    };
                    self.assign_to(elem, component);
                }
                true
            }
            Expr::Struct(s) if s.rest.is_none() => {
                for field in &s.fields {
                    // A literal's own field values keep their own activity and types.
                    let part = match self.struct_field(value, &field.member) {
                        Some(part) => part,
                        None => self.push(Op::Field(value, field.member.clone()), field.span()),
                    };
                    self.assign_to(&field.expr, part);
                }
                true
            }
            _ => false,
        }
    }

    /// `std::mem::swap(&mut a, &mut b)` of two places: each gets the other's value.
    pub(super) fn lower_swap(&mut self, a: &Expr, b: &Expr) {
        let (a, b) = (mutable_place(a), mutable_place(b));
        let (value_a, value_b) = (self.lower_value(a), self.lower_value(b));
        self.assign_to(a, value_b);
        self.assign_to(b, value_a);
    }

    /// `std::mem::replace(&mut place, value)`: the place gets `value`; the old value is the
    /// call's.
    pub(super) fn lower_replace(&mut self, place: &Expr, value: &Expr) -> ValueId {
        let place = mutable_place(place);
        let old = self.lower_value(place);
        let new = self.lower_value(value);
        self.assign_to(place, new);
        old
    }

    /// `v.swap(i, j);` on a local sequence: two element writes, each of the other's value.
    pub(super) fn lower_element_swap(&mut self, m: &syn::ExprMethodCall) {
        let (Some(i), Some(j)) = (m.args.first(), m.args.get(1)) else {
            return;
        };
        let base = &*m.receiver;
        let (i, j) = (self.lower_value(i), self.lower_value(j));
        let Some(sequence) = local_name(base).and_then(|n| self.lookup(&n)) else {
            return;
        };
        // Each element by reference, then cloned: an element that is not `Copy` (a row of a
        // `Vec<Vec<f64>>`) cannot be moved out of the sequence.
        let read = |builder: &mut Self, index| {
            let element = builder.push(
                Op::Index {
                    base: sequence,
                    index,
                    by_ref: true,
                },
                m.span(),
            );
            builder.push(Op::Clone(element), m.span())
        };
        let write = |builder: &mut Self, base, index, value| {
            let indices = vec![index];
            builder.push(
                Op::IndexSet {
                    base,
                    indices,
                    value,
                },
                m.span(),
            )
        };
        let (at_i, at_j) = (read(self, i), read(self, j));
        let first = write(self, sequence, i, at_j);
        let second = write(self, first, j, at_i);
        if let Some(name) = local_name(base) {
            self.assign(&name, second);
        }
    }
}

/// The place of `&mut place` (or the expression itself).
fn mutable_place(e: &Expr) -> &Expr {
    match e {
        Expr::Reference(r) if r.mutability.is_some() => &r.expr,
        Expr::Paren(p) => mutable_place(&p.expr),
        other => other,
    }
}
