//! Float literals assigned to float locals (`v = 0.5;`) at the top of a body, in loops and in
//! branches, followed by a method called on the local (`s += v.sin() * x;`): rustc types
//! the literal by the local's type, and a method call on it needs that type.

use super::*;

impl Gen {
    /// An update of the float `name`: for a share of them (`LITERAL_ASSIGN_SHARE`)
    /// `name = <literal>;` then a method called on `name`, else a bounded update.
    pub(super) fn assign_or_literal(&mut self, name: String) -> Vec<Stmt> {
        if LITERAL_ASSIGN_SHARE > 0.0 && self.rng.chance(LITERAL_ASSIGN_SHARE) {
            return self.literal_assign(name);
        }
        vec![self.assign(name)]
    }

    /// `name = <literal>;`, mostly followed by a method called on `name`.
    pub(super) fn literal_assign(&mut self, name: String) -> Vec<Stmt> {
        let value = Expr::Lit(self.lit());
        let mut out = vec![Stmt::Assign {
            name: name.clone(),
            op: AssignOp::Set,
            value,
        }];
        if self.rng.chance(0.75) {
            out.push(self.method_use(&name));
        }
        out
    }

    /// A statement that reads `name.method()` (a bounded method, or `mul_add` of it): an
    /// update of another mutable float, else of `name` itself when it is mutable, else a
    /// new `let`.
    pub(super) fn method_use(&mut self, name: &str) -> Stmt {
        let recv = Box::new(Expr::Var(name.to_string()));
        let call = match self.rng.below(6) {
            0 => Expr::Unary(Unary::Sin, recv),
            1 => Expr::Unary(Unary::Cos, recv),
            2 => Expr::Unary(Unary::Tanh, recv),
            3 => Expr::Unary(Unary::Atan, recv),
            4 => Expr::Unary(Unary::Square, Box::new(Expr::Unary(Unary::Sin, recv))),
            _ => {
                let factor = Expr::Lit(self.lit());
                let add = self.bounded_or_lit(1);
                let fma = Expr::MulAdd(recv, Box::new(factor), Box::new(add));
                Expr::Unary(Unary::Tanh, Box::new(fma))
            }
        };
        let others: Vec<String> = self
            .mutable_floats()
            .into_iter()
            .filter(|n| n != name)
            .collect();
        if !others.is_empty() {
            let other = self.rng.pick(&others).clone();
            let op = *self.rng.pick(&[AssignOp::Add, AssignOp::Sub]);
            let value = Expr::Binary(Binary::Mul, Box::new(call), Box::new(self.bounded(1)));
            return Stmt::Assign {
                name: other,
                op,
                value,
            };
        }
        let value = Expr::Binary(Binary::Add, Box::new(call), Box::new(self.bounded(1)));
        if self.kind_of(name) == Some(VarKind::Float { mutable: true }) {
            return Stmt::Assign {
                name: name.to_string(),
                op: AssignOp::Set,
                value,
            };
        }
        let fresh = self.fresh_name("a");
        self.declare(&fresh, VarKind::Float { mutable: false });
        Stmt::Let {
            name: fresh,
            mutable: false,
            value,
        }
    }
}
