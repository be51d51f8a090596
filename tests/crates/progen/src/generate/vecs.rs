//! `Vec` locals and writes to their elements: `let mut w = vec![..];` (typed or not, of
//! literals too), `w[i] op= ..;` and `*e op= ..;` through the element of a
//! `for e in w.iter_mut()`.

use super::*;

impl Gen {
    /// `let mut w[: Vec<f64>] = vec![..];`, with the statement that types it when needed.
    pub(super) fn let_vec(&mut self) -> Vec<Stmt> {
        let name = self.fresh_name("w");
        let n = 2 + self.rng.below(3);
        let mut elems: Vec<Expr> = (0..n).map(|_| self.expr(2)).collect();
        self.declare(&name, VarKind::Vec(n));
        // Every other vector untyped, and half of those of unsuffixed literals
        // only (their type fixed by their uses alone), chosen by the name rather
        // than drawn from the generator, so that a batch keeps its programs.
        let key = name.bytes().map(u32::from).sum::<u32>() as usize;
        let typed = key % 2 == 0;
        // Literals alone leave the type to a later use, which must come before
        // any method call on an element, as rustc requires: a pinned
        // `w[0] += x * 0.0;` with a float `x` in scope.
        let float = self
            .visible()
            .into_iter()
            .find(|(_, kind)| matches!(kind, VarKind::Float { .. }));
        if let (1, Some((x, _))) = (key % 4, float) {
            elems = (0..n)
                .map(|k| Expr::Lit((((key * 37 + k * 101) % 300) as f64 - 150.0) / 100.0))
                .collect();
            let typing = Stmt::AssignIndex {
                name: name.clone(),
                index: IExpr::Lit(0),
                op: AssignOp::Add,
                value: Expr::Binary(
                    Binary::Mul,
                    Box::new(Expr::Var(x)),
                    Box::new(Expr::Lit(0.0)),
                ),
            };
            return vec![
                Stmt::LetVec { name, elems, typed },
                Stmt::Pinned(Box::new(typing)),
            ];
        }
        vec![Stmt::LetVec { name, elems, typed }]
    }

    /// `*e op= ..;` or `w[i] op= ..;`, if a `Vec` or an element is in scope.
    pub(super) fn element_write(&mut self) -> Option<Vec<Stmt>> {
        // `*e op= ..` through the element of a `for e in w.iter_mut()`.
        let elements: Vec<String> = self
            .visible()
            .into_iter()
            .filter(|(_, k)| *k == VarKind::RefMut)
            .map(|(n, _)| n)
            .collect();
        if !elements.is_empty() && self.rng.chance(0.6) {
            let name = self.rng.pick(&elements).clone();
            let (op, value) = self.squashed_of(Expr::Deref(name.clone()));
            return Some(vec![Stmt::AssignDeref { name, op, value }]);
        }
        let vecs: Vec<(String, usize)> = self
            .visible()
            .into_iter()
            .filter_map(|(n, k)| {
                if let VarKind::Vec(l) = k {
                    Some((n, l))
                } else {
                    None
                }
            })
            .collect();
        if vecs.is_empty() {
            return None;
        }
        let (name, len) = self.rng.pick(&vecs).clone();
        let index = self.index(len);
        let (op, value) = if self.loops.is_empty() && self.rng.chance(0.5) {
            (AssignOp::Set, self.expr(3))
        } else {
            (
                *self
                    .rng
                    .pick(&[AssignOp::Set, AssignOp::Add, AssignOp::Mul]),
                self.bounded(2),
            )
        };
        Some(vec![Stmt::AssignIndex {
            name,
            index,
            op,
            value,
        }])
    }
}
