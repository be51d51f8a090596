//! `+ - * / %` between a matrix and a vector, which ndarray broadcasts over the matrix's rows:
//! `x.dot(&w) + b` for a bias `b`, `m * scale` for a row of scales, `v - m`.
//!
//! Each is the rule of two matrices with the vector as a one-row matrix `(1, n)`: that rule
//! sums the cotangent over the stretched rows (`crate::array::broadcast`), and the vector's
//! cotangent is that row. Tangents of the vector become one-row matrices the same way.
//!
//! Original: `y_ij = m_ij ⊕ v_j` / Tangent: that of `m ⊕ 1vᵀ` (the one-row rule, stretched) /
//! Adjoint: `adj[m] += ∂⊕/∂m ⊙ adj[y]; adj[v]_j += Σ_i (∂⊕/∂v ⊙ adj[y])_ij`.

use crate::ops::{AddRule, DivRule, MulRule, RemRule, SubRule};
use crate::second::Second;
use ndarray::{Array1, Array2, Axis};

/// A vector as a one-row matrix.
fn row<F>(v: Array1<F>) -> Array2<F> {
    v.insert_axis(Axis(0))
}

/// The vector of a one-row matrix's cotangent.
fn unrow<F: Clone>(m: Array2<F>) -> Array1<F> {
    m.index_axis_move(Axis(0), 0)
}

fn rows<F>((a, b, c): Second<Array1<F>>) -> Second<Array2<F>> {
    (row(a), row(b), row(c))
}

/// `matrix ⊕ vector` and `vector ⊕ matrix` for one operator, by the matrix rule.
macro_rules! vector_matrix {
    ($rule:ident, $vjp:ident, $vjp_lhs:ident, $vjp_rhs:ident, $jvp:ident, $jvp_lhs:ident, $jvp_rhs:ident, $hvp:ident) => {
        impl $rule<Array1<Float>> for Array2<Float> {
            type Output = Array2<Float>;
            fn $vjp(
                self,
                rhs: Array1<Float>,
            ) -> (
                Array2<Float>,
                impl Fn(Array2<Float>) -> (Array2<Float>, Array1<Float>),
            ) {
                let (y, pullback) = self.$vjp(row(rhs));
                (y, move |d| {
                    let (da, db) = pullback(d);
                    (da, unrow(db))
                })
            }
            fn $vjp_lhs(
                self,
                rhs: Array1<Float>,
            ) -> (Array2<Float>, impl Fn(Array2<Float>) -> Array2<Float>) {
                self.$vjp_lhs(row(rhs))
            }
            fn $vjp_rhs(
                self,
                rhs: Array1<Float>,
            ) -> (Array2<Float>, impl Fn(Array2<Float>) -> Array1<Float>) {
                let (y, pullback) = self.$vjp_rhs(row(rhs));
                (y, move |d| unrow(pullback(d)))
            }
            fn $jvp(
                self,
                rhs: Array1<Float>,
                t: Array2<Float>,
                t_rhs: Array1<Float>,
            ) -> (Array2<Float>, Array2<Float>) {
                self.$jvp(row(rhs), t, row(t_rhs))
            }
            fn $jvp_lhs(
                self,
                rhs: Array1<Float>,
                t: Array2<Float>,
            ) -> (Array2<Float>, Array2<Float>) {
                self.$jvp_lhs(row(rhs), t)
            }
            fn $jvp_rhs(
                self,
                rhs: Array1<Float>,
                t_rhs: Array1<Float>,
            ) -> (Array2<Float>, Array2<Float>) {
                self.$jvp_rhs(row(rhs), row(t_rhs))
            }
            fn $hvp(
                self,
                rhs: Array1<Float>,
                t: Second<Array2<Float>>,
                u: Second<Array1<Float>>,
            ) -> (Array2<Float>, Second<Array2<Float>>) {
                self.$hvp(row(rhs), t, rows(u))
            }
        }

        impl $rule<Array2<Float>> for Array1<Float> {
            type Output = Array2<Float>;
            fn $vjp(
                self,
                rhs: Array2<Float>,
            ) -> (
                Array2<Float>,
                impl Fn(Array2<Float>) -> (Array1<Float>, Array2<Float>),
            ) {
                let (y, pullback) = row(self).$vjp(rhs);
                (y, move |d| {
                    let (da, db) = pullback(d);
                    (unrow(da), db)
                })
            }
            fn $vjp_lhs(
                self,
                rhs: Array2<Float>,
            ) -> (Array2<Float>, impl Fn(Array2<Float>) -> Array1<Float>) {
                let (y, pullback) = row(self).$vjp_lhs(rhs);
                (y, move |d| unrow(pullback(d)))
            }
            fn $vjp_rhs(
                self,
                rhs: Array2<Float>,
            ) -> (Array2<Float>, impl Fn(Array2<Float>) -> Array2<Float>) {
                row(self).$vjp_rhs(rhs)
            }
            fn $jvp(
                self,
                rhs: Array2<Float>,
                t: Array1<Float>,
                t_rhs: Array2<Float>,
            ) -> (Array2<Float>, Array2<Float>) {
                row(self).$jvp(rhs, row(t), t_rhs)
            }
            fn $jvp_lhs(
                self,
                rhs: Array2<Float>,
                t: Array1<Float>,
            ) -> (Array2<Float>, Array2<Float>) {
                row(self).$jvp_lhs(rhs, row(t))
            }
            fn $jvp_rhs(
                self,
                rhs: Array2<Float>,
                t_rhs: Array2<Float>,
            ) -> (Array2<Float>, Array2<Float>) {
                row(self).$jvp_rhs(rhs, t_rhs)
            }
            fn $hvp(
                self,
                rhs: Array2<Float>,
                t: Second<Array1<Float>>,
                u: Second<Array2<Float>>,
            ) -> (Array2<Float>, Second<Array2<Float>>) {
                row(self).$hvp(rhs, rows(t), u)
            }
        }
    };
}

for_each_float! {
    vector_matrix!(AddRule, add_vjp, add_vjp_lhs, add_vjp_rhs, add_jvp, add_jvp_lhs, add_jvp_rhs, add_hvp);
    vector_matrix!(SubRule, sub_vjp, sub_vjp_lhs, sub_vjp_rhs, sub_jvp, sub_jvp_lhs, sub_jvp_rhs, sub_hvp);
    vector_matrix!(MulRule, mul_vjp, mul_vjp_lhs, mul_vjp_rhs, mul_jvp, mul_jvp_lhs, mul_jvp_rhs, mul_hvp);
    vector_matrix!(DivRule, div_vjp, div_vjp_lhs, div_vjp_rhs, div_jvp, div_jvp_lhs, div_jvp_rhs, div_hvp);
    vector_matrix!(RemRule, rem_vjp, rem_vjp_lhs, rem_vjp_rhs, rem_jvp, rem_jvp_lhs, rem_jvp_rhs, rem_hvp);
}
