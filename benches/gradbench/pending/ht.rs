//! PENDING: does not compile as written (not compiled; not referenced from `main.rs`). To try
//! it again, copy it to `benches/gradbench/ht.rs` and add `mod ht;` and `ht::eval` to
//! `main.rs`.
//!
//! ht: the Jacobian of the hand tracking residuals with respect to the 26 pose parameters
//! (ADBench's "simple" variant, without the correspondences' `us`), by `jacobian!`, ported line
//! by line from gradbench's `cpp/gradbench/evals/ht.hpp` and the helpers of
//! `cpp/adbench/shared/light_matrix.h` and `matrix.h` (ADBench's C++): `LightMatrix` as a
//! small struct mirroring the C++ class (column-major `data`, `nrows`, `ncols`, its methods;
//! `operator()` written out as `m.data[i_col * m.nrows + i_row]`), one function per helper,
//! the matrices `R`, `tmp`, `tr`, `curr_positions` allocated where the C++ allocates them,
//! `resize`d and overwritten where it does, the results written through out-parameters. The
//! check compares six rows of the Jacobian with central differences of those residuals.
//!
//! The model is synthetic, built deterministically with the structure and size of
//! gradbench's small hand model (22 bones with ADBench's names and parents, rigid base
//! relatives, the inverses of their absolutes, 544 homogeneous vertices skinned to 1 to 4
//! bones, 1084 triangles) and 100 correspondences (`hand1_t26_c100`). The published ratios
//! are for gradbench's default workload, the complicated variant on the big model (10 000
//! vertices), hand1: Enzyme 48x, manual 4.40x.
//!
//! # Why it is pending
//!
//! `cargo check --release --bench gradbench` with this file in place (10 errors):
//!
//! ```text
//! error[E0599]: the method `filled` has no derivative
//!    --> benches/gradbench/ht.rs:464:17
//!     |
//! 129 | pub struct LightMatrix {
//!     | ---------------------- method `__ad_vjp_filled` not found for this struct because it doesn't satisfy `_: derivative_of_filled` or `_: filled_has_a_derivative`
//! ...
//! 464 |     pose_params.fill(0.);
//!     |                 ^^^^ `filled` is called on a differentiated value here
//!     = note: put `#[differentiable]` on `filled` (..), register a derivative with `#[derivative(of = Type::filled)]`, or wrap the call in `no_grad(..)` ..
//!
//! error[E0507]: cannot move out of index of `Vec<ht::LightMatrix>`
//!    --> benches/gradbench/ht.rs:333:1
//!     |
//! 333 | #[differentiable]
//!     | ^^^^^^^^^^^^^^^^^ move occurs because value has type `ht::LightMatrix`, which does not implement the `Copy` trait
//! ```
//!
//! 1. `LightMatrix::fill` (a `#[differentiable]` `&mut self` method, ADBench's
//!    `LightMatrix::fill`) is taken for `Vec::fill` and renamed `filled`, which does not
//!    exist; the message asks to mark `filled`. Minimal reproduction:
//!
//!    ```ignore
//!    #[derive(Differentiable, Clone, Default)]
//!    pub struct M { pub data: Vec<f64> }
//!    impl M {
//!        #[differentiable]
//!        pub fn fill(&mut self, val: f64) { for i in 0..self.data.len() { self.data[i] = val; } }
//!    }
//!    #[differentiable]
//!    fn filled_with(x: f64) -> f64 { let mut m = M { data: vec![0.0; 2] }; m.fill(x); m.data[1] }
//!    ```
//!
//! 2. An element of a `Vec` of structs given to an inout function
//!    (`mat_mult(&parent, &relatives[i], &mut absolutes[i])`, documented as "a part of one"
//!    of a local) is moved out of the `Vec` by the generated code (in `relatives_to_absolutes`
//!    and `get_posed_relatives`, twice each). Minimal reproduction:
//!
//!    ```ignore
//!    #[differentiable]
//!    fn twice(m: &M, out: &mut M) { out.data[0] = 2.0 * m.data[0]; }
//!    #[differentiable]
//!    fn mut_elem(m: &M) -> f64 {
//!        let mut outs = vec![M { data: vec![0.0] }, M { data: vec![0.0] }];
//!        twice(m, &mut outs[1]);
//!        outs[1].data[0]
//!    }
//!    ```
//!
//! Also met on the way (each worked around here with a spelling that is faithful too):
//!
//! - `operator()` mirrored as `impl Index<(usize, usize)> for LightMatrix` (`m[(i, j)]`) is
//!   not differentiated: reads give rustc's "the trait bound `LightMatrix:
//!   ad::__private::IndexShape` is not satisfied", "`LightMatrixTangentVector:
//!   ad_core::index::ElementsMut<_, (usize, usize)>` is not satisfied", "cannot index into a
//!   value of type `LightMatrixTangentVector`", and a write `self[(j, i)] = val` in a
//!   `&mut self` method gives "only local variables, their fields and elements .., and those
//!   of `self` in a `&mut self` method can be assigned" (it is `self`'s). Written out as
//!   `m.data[j * m.nrows + i]` here, which rule 1 of the port allows.
//! - `mat_mult(&r, positions, &mut tmp)` with `positions: &mut LightMatrix` (an implicit
//!   reborrow) gives rustc's "expected `&LightMatrix`, found `LightMatrix`", "no field `2` on
//!   type `((), ht::LightMatrix)`" and "`(NoTangent, LightMatrixTangentVector)` has no
//!   differentiable field with this name" (`ad::__private::FieldTangent<12638137722532372501>`);
//!   `&*positions`, the C++'s `*positions`, compiles.
//! - `relatives_to_absolutes(relatives, parents: &Vec<i32>, absolutes)` warns that its result
//!   "does not depend on `parents`" (a `Vec` of integers taken for differentiable): `wrt` as
//!   the warning says.
//!
//! # Past these errors (an experiment, not this file)
//!
//! With `fill` renamed and `&mut v[i]` replaced by a copy assigned back, it compiles, and then
//! both modes panic: "index out of bounds: the len is 0 but the index is 0" in the derivative
//! of `fill` (the function itself runs). A struct field of an inout parameter replaced by a
//! longer `Vec` (`resize`'s `self.data = vec![0.0; ..]`) keeps the tangent of the old length.
//! Minimal reproduction (`d(1.0)` is 1; `gradient!(at: 1.0, of: |x| d(x))` and
//! `differentiate!(at: 1.0, of: d)` panic):
//!
//! ```ignore
//! #[derive(Differentiable, Clone, Default)]
//! pub struct M { pub n: usize, pub data: Vec<f64> }
//! #[differentiable(wrt = (x, m))]
//! fn d_inner(x: f64, m: &mut M) { m.data = vec![0.0; 2]; m.data[0] = x; }
//! #[differentiable]
//! fn d(x: f64) -> f64 { let mut m = M::default(); d_inner(x, &mut m); m.data[0] }
//! ```
//!
//! (On a local struct, `let mut m = M::default(); m.data = vec![0.0; 2]; m.data[0] = x;`
//! gives rustc's "type annotations needed" about `ad_core::index::IndexAdjoint<f64>`; with a
//! struct literal it works.) With every scratch matrix created at its final size, so that no
//! `resize` reallocates (and `no_grad` around `positions.ncols`, which as an argument of
//! `LightMatrix::new` gives "the function `LightMatrix::new` has no derivative .. called on a
//! differentiated value"), the Jacobian matches central differences, at 79 670x the objective
//! (205 µs): each element write through a field of an inout matrix copies the matrix
//! (`mat_mult` into `curr_positions`, 4 x 544, for each of 22 bones; the skinning's
//! `positions(i, i_vert) += change`).

use super::harness::{Eval, Numbers, compare};
use ad::prelude::*;
use std::hint::black_box;
use std::ops::{Index, IndexMut};

/// ADBench's `LightMatrix<T>`: an `nrows x ncols` matrix stored column-major.
#[derive(Differentiable, Clone, Default, Debug)]
pub struct LightMatrix {
    pub nrows: usize,
    pub ncols: usize,
    pub data: Vec<f64>,
}

impl Index<(usize, usize)> for LightMatrix {
    type Output = f64;
    fn index(&self, (i_row, i_col): (usize, usize)) -> &f64 {
        &self.data[i_col * self.nrows + i_row]
    }
}

impl IndexMut<(usize, usize)> for LightMatrix {
    fn index_mut(&mut self, (i_row, i_col): (usize, usize)) -> &mut f64 {
        &mut self.data[i_col * self.nrows + i_row]
    }
}

impl LightMatrix {
    pub fn new(nrows: usize, ncols: usize) -> LightMatrix {
        LightMatrix {
            nrows,
            ncols,
            data: vec![0.0; nrows * ncols],
        }
    }

    pub fn size(&self) -> usize {
        self.ncols * self.nrows
    }

    #[differentiable]
    pub fn resize(&mut self, nrows: usize, ncols: usize) {
        if self.nrows * self.ncols != nrows * ncols {
            self.data = vec![0.0; ncols * nrows];
        }
        self.ncols = ncols;
        self.nrows = nrows;
    }

    #[differentiable]
    pub fn fill(&mut self, val: f64) {
        for i in 0..self.size() {
            self.data[i] = val;
        }
    }

    /// `set_col(int i, const T& val)`.
    #[differentiable]
    pub fn set_col_val(&mut self, i: usize, val: f64) {
        for j in 0..self.nrows {
            self.data[i * self.nrows + j] = val;
        }
    }

    /// `set_col(int i, const T* const data)`.
    #[differentiable]
    pub fn set_col(&mut self, i: usize, data: &[f64]) {
        for j in 0..self.nrows {
            self.data[i * self.nrows + j] = data[j];
        }
    }

    #[differentiable]
    pub fn set_identity(&mut self) {
        for i_col in 0..self.ncols {
            for i_row in 0..self.nrows {
                if i_col == i_row {
                    self.data[i_row * self.nrows + i_col] = 1.0;
                } else {
                    self.data[i_row * self.nrows + i_col] = 0.0;
                }
            }
        }
    }

    #[differentiable]
    pub fn set_block(&mut self, row_off: usize, col_off: usize, block: &LightMatrix) {
        for i_col in 0..block.ncols {
            for i_row in 0..block.nrows {
                self.data[(i_col + col_off) * self.nrows + i_row + row_off] =
                    block.data[i_col * block.nrows + i_row];
            }
        }
    }

    #[differentiable]
    pub fn scale_col(&mut self, i: usize, val: f64) {
        for j in 0..self.nrows {
            self.data[i * self.nrows + j] *= val;
        }
    }

    #[differentiable]
    pub fn scale_row(&mut self, i: usize, val: f64) {
        for j in 0..self.ncols {
            self.data[j * self.nrows + i] *= val;
        }
    }

    #[differentiable]
    pub fn get_col(&self, i: usize) -> &[f64] {
        &self.data[i * self.nrows..]
    }
}

#[differentiable]
fn mat_mult(lhs: &LightMatrix, rhs: &LightMatrix, out: &mut LightMatrix) {
    out.resize(lhs.nrows, rhs.ncols);
    for i in 0..lhs.nrows {
        for k in 0..rhs.ncols {
            out.data[k * out.nrows + i] = lhs.data[0 * lhs.nrows + i] * rhs.data[k * rhs.nrows + 0];
            for j in 1..lhs.ncols {
                out.data[k * out.nrows + i] +=
                    lhs.data[j * lhs.nrows + i] * rhs.data[k * rhs.nrows + j];
            }
        }
    }
}

/// ADBench's `Triangle` (`defs.h`).
#[derive(Clone, Copy, Debug)]
pub struct Triangle {
    pub verts: [i32; 3],
}

pub struct ModelLightMatrix {
    pub bone_names: Vec<String>,
    /// Assuming that a parent is earlier in the order of bones.
    pub parents: Vec<i32>,
    pub base_relatives: Vec<LightMatrix>,
    pub inverse_base_absolutes: Vec<LightMatrix>,
    pub base_positions: LightMatrix,
    pub weights: LightMatrix,
    pub triangles: Vec<Triangle>,
    pub is_mirrored: bool,
}

pub struct DataLightMatrix {
    pub model: ModelLightMatrix,
    pub correspondences: Vec<i32>,
    pub points: LightMatrix,
}

#[differentiable]
fn sqnorm(n: usize, x: &[f64]) -> f64 {
    let mut res = x[0] * x[0];
    for i in 1..n {
        res = res + x[i] * x[i];
    }
    res
}

#[differentiable]
fn angle_axis_to_rotation_matrix(angle_axis: &[f64], r: &mut LightMatrix) {
    let norm = sqnorm(3, angle_axis).sqrt();
    if norm < 0.0001 {
        r.set_identity();
        return;
    }

    let x = angle_axis[0] / norm;
    let y = angle_axis[1] / norm;
    let z = angle_axis[2] / norm;

    let s = norm.sin();
    let c = norm.cos();

    r.data[0 * r.nrows + 0] = x * x + (1.0 - x * x) * c;
    r.data[1 * r.nrows + 0] = x * y * (1.0 - c) - z * s;
    r.data[2 * r.nrows + 0] = x * z * (1.0 - c) + y * s;
    r.data[0 * r.nrows + 1] = x * y * (1.0 - c) + z * s;
    r.data[1 * r.nrows + 1] = y * y + (1.0 - y * y) * c;
    r.data[2 * r.nrows + 1] = y * z * (1.0 - c) - x * s;
    r.data[0 * r.nrows + 2] = x * z * (1.0 - c) - y * s;
    r.data[1 * r.nrows + 2] = z * y * (1.0 - c) + x * s;
    r.data[2 * r.nrows + 2] = z * z + (1.0 - z * z) * c;
}

#[differentiable]
fn apply_global_transform(pose_params: &LightMatrix, positions: &mut LightMatrix) {
    let mut r = LightMatrix::new(3, 3);
    angle_axis_to_rotation_matrix(pose_params.get_col(0), &mut r);

    for i in 0..3 {
        r.scale_col(i, pose_params.data[1 * pose_params.nrows + i]);
    }

    let mut tmp = LightMatrix::default();
    // C++'s `*positions`; the implicit reborrow `mat_mult(&r, positions, &mut tmp)` fails with
    // rustc's "expected `&LightMatrix`, found `LightMatrix`" and "no field `2` on type
    // `((), LightMatrix)`" about the generated code.
    mat_mult(&r, &*positions, &mut tmp);
    for j in 0..positions.ncols {
        for i in 0..positions.nrows {
            positions.data[j * positions.nrows + i] =
                tmp.data[j * tmp.nrows + i] + pose_params.data[2 * pose_params.nrows + i];
        }
    }
}

// `wrt` as the warning says: "the result of `relatives_to_absolutes` does not depend on
// `parents`; .. (leave it out of `wrt` ..)" (a `&Vec<i32>` taken for differentiable).
#[differentiable(wrt = (relatives, absolutes))]
fn relatives_to_absolutes(
    relatives: &Vec<LightMatrix>,
    parents: &Vec<i32>,
    absolutes: &mut Vec<LightMatrix>,
) {
    absolutes.resize(parents.len(), LightMatrix::default());
    for i in 0..parents.len() {
        if parents[i] == -1 {
            absolutes[i] = relatives[i].clone();
        } else {
            // Rust lends `absolutes[parents[i]]` and `absolutes[i]` mutably at once only
            // through `split_at_mut`: the parent is copied, as a Rust programmer would.
            let parent = absolutes[parents[i] as usize].clone();
            mat_mult(&parent, &relatives[i], &mut absolutes[i]);
        }
    }
}

#[differentiable]
fn euler_angles_to_rotation_matrix(xzy: &[f64], r: &mut LightMatrix) {
    let tx = xzy[0];
    let ty = xzy[2];
    let tz = xzy[1];
    let mut rx = LightMatrix::new(3, 3);
    let mut ry = LightMatrix::new(3, 3);
    let mut rz = LightMatrix::new(3, 3);
    rx.set_identity();
    rx.data[1 * rx.nrows + 1] = tx.cos();
    rx.data[1 * rx.nrows + 2] = tx.sin();
    rx.data[2 * rx.nrows + 1] = -rx.data[1 * rx.nrows + 2];
    rx.data[2 * rx.nrows + 2] = rx.data[1 * rx.nrows + 1];

    ry.set_identity();
    ry.data[0 * ry.nrows + 0] = ty.cos();
    ry.data[2 * ry.nrows + 0] = ty.sin();
    ry.data[0 * ry.nrows + 2] = -ry.data[2 * ry.nrows + 0];
    ry.data[2 * ry.nrows + 2] = ry.data[0 * ry.nrows + 0];

    rz.set_identity();
    rz.data[0 * rz.nrows + 0] = tz.cos();
    rz.data[0 * rz.nrows + 1] = tz.sin();
    rz.data[1 * rz.nrows + 0] = -rz.data[0 * rz.nrows + 1];
    rz.data[1 * rz.nrows + 1] = rz.data[0 * rz.nrows + 0];

    let mut tmp = LightMatrix::default();
    mat_mult(&rz, &ry, &mut tmp);
    mat_mult(&tmp, &rx, r);
}

#[differentiable(wrt = (pose_params, relatives))]
fn get_posed_relatives(
    model: &ModelLightMatrix,
    pose_params: &LightMatrix,
    relatives: &mut Vec<LightMatrix>,
) {
    relatives.resize(model.base_relatives.len(), LightMatrix::default());

    let offset = 3;
    for i in 0..model.bone_names.len() {
        let mut tr = LightMatrix::new(4, 4);
        tr.set_identity();

        let mut r = LightMatrix::new(3, 3);
        euler_angles_to_rotation_matrix(pose_params.get_col(i + offset), &mut r);
        tr.set_block(0, 0, &r);

        mat_mult(&model.base_relatives[i], &tr, &mut relatives[i]);
    }
}

#[differentiable(wrt = (pose_params, positions))]
fn get_skinned_vertex_positions(
    model: &ModelLightMatrix,
    pose_params: &LightMatrix,
    positions: &mut LightMatrix,
    apply_global: bool,
) {
    let mut relatives: Vec<LightMatrix> = Vec::new();
    let mut absolutes: Vec<LightMatrix> = Vec::new();
    let mut transforms: Vec<LightMatrix> = Vec::new();
    get_posed_relatives(model, pose_params, &mut relatives);
    relatives_to_absolutes(&relatives, &model.parents, &mut absolutes);

    // Get bone transforms.
    transforms.resize(absolutes.len(), LightMatrix::default());
    for i in 0..absolutes.len() {
        mat_mult(
            &absolutes[i],
            &model.inverse_base_absolutes[i],
            &mut transforms[i],
        );
    }

    // Transform vertices by necessary transforms. + apply skinning
    positions.resize(3, model.base_positions.ncols);
    positions.fill(0.);
    let mut curr_positions = LightMatrix::new(4, model.base_positions.ncols);
    for i_bone in 0..transforms.len() {
        mat_mult(
            &transforms[i_bone],
            &model.base_positions,
            &mut curr_positions,
        );
        for i_vert in 0..positions.ncols {
            for i in 0..3 {
                let change = curr_positions.data[i_vert * curr_positions.nrows + i]
                    * model.weights.data[i_vert * model.weights.nrows + i_bone];
                positions.data[i_vert * positions.nrows + i] += change;
            }
        }
    }

    if model.is_mirrored {
        positions.scale_row(0, -1.0);
    }

    if apply_global {
        apply_global_transform(pose_params, positions);
    }
}

// !!!!!!! fixed order pose_params !!!!!
// 1) global_rotation 2) scale 3) global_translation
// 4) wrist
// 5) thumb1, 6)thumb2, 7) thumb3, 8) thumb4
//       similarly: index, middle, ring, pinky
//       end) forearm
#[differentiable(wrt = (theta, pose_params))]
fn to_pose_params(theta: &[f64], bone_names: &Vec<String>, pose_params: &mut LightMatrix) {
    pose_params.resize(3, bone_names.len() + 3);
    pose_params.fill(0.);

    pose_params.set_col(0, &theta[0..]);
    pose_params.set_col_val(1, 1.);
    pose_params.set_col(2, &theta[3..]);

    let mut i_theta = 6;
    let mut i_pose_params = 5;
    let n_fingers = 5;
    for _i_finger in 0..n_fingers {
        for i in 2..=4 {
            pose_params.data[i_pose_params * pose_params.nrows + 0] = theta[i_theta];
            i_theta += 1;
            if i == 2 {
                pose_params.data[i_pose_params * pose_params.nrows + 1] = theta[i_theta];
                i_theta += 1;
            }
            i_pose_params += 1;
        }
        i_pose_params += 1;
    }
}

#[differentiable(wrt = (theta, err))]
fn objective(theta: &[f64], data: &DataLightMatrix, err: &mut [f64]) {
    let mut pose_params = LightMatrix::default();
    to_pose_params(theta, &data.model.bone_names, &mut pose_params);

    let mut vertex_positions = LightMatrix::default();
    get_skinned_vertex_positions(&data.model, &pose_params, &mut vertex_positions, true);

    for i in 0..data.correspondences.len() {
        for j in 0..3 {
            err[i * 3 + j] = data.points.data[i * data.points.nrows + j]
                - vertex_positions.data
                    [data.correspondences[i] as usize * vertex_positions.nrows + j];
        }
    }
}

/// The input of gradbench's `ht` eval.
struct Input {
    theta: Vec<f64>,
    data: DataLightMatrix,
}

/// ADBench's bone names and parents of the hand model.
const BONES: [(&str, i32); 22] = [
    ("wrist", -1),
    ("thumb1", 0),
    ("thumb2", 1),
    ("thumb3", 2),
    ("thumb4", 3),
    ("index1", 0),
    ("index2", 5),
    ("index3", 6),
    ("index4", 7),
    ("middle1", 0),
    ("middle2", 9),
    ("middle3", 10),
    ("middle4", 11),
    ("ring1", 0),
    ("ring2", 13),
    ("ring3", 14),
    ("ring4", 15),
    ("pinky1", 0),
    ("pinky2", 17),
    ("pinky3", 18),
    ("pinky4", 19),
    ("forearm", 0),
];

/// A rigid 4x4 transform, rotation by Euler angles then translation.
fn rigid(numbers: &mut Numbers, translation: f64) -> LightMatrix {
    let angles = numbers.take(3);
    let mut r = LightMatrix::new(3, 3);
    euler_angles_to_rotation_matrix(&angles, &mut r);
    let mut m = LightMatrix::new(4, 4);
    m.set_identity();
    m.set_block(0, 0, &r);
    for i in 0..3 {
        m[(i, 3)] = translation * numbers.next();
    }
    m
}

/// The inverse of a rigid transform: `[Rᵀ, -Rᵀ t]`.
fn rigid_inverse(m: &LightMatrix) -> LightMatrix {
    let mut inv = LightMatrix::new(4, 4);
    inv.set_identity();
    for i in 0..3 {
        for j in 0..3 {
            inv[(i, j)] = m[(j, i)];
        }
    }
    for i in 0..3 {
        inv[(i, 3)] = -(0..3).map(|j| m[(j, i)] * m[(j, 3)]).sum::<f64>();
    }
    inv
}

impl Input {
    fn new(n_vertices: usize, n_triangles: usize, n_points: usize) -> Input {
        let mut numbers = Numbers::new(7);
        let n_bones = BONES.len();
        let bone_names: Vec<String> = BONES.iter().map(|(n, _)| n.to_string()).collect();
        let parents: Vec<i32> = BONES.iter().map(|(_, p)| *p).collect();
        let base_relatives: Vec<LightMatrix> =
            (0..n_bones).map(|_| rigid(&mut numbers, 0.05)).collect();
        let mut base_absolutes = Vec::new();
        relatives_to_absolutes(&base_relatives, &parents, &mut base_absolutes);
        let inverse_base_absolutes = base_absolutes.iter().map(rigid_inverse).collect();
        let mut base_positions = LightMatrix::new(4, n_vertices);
        let mut weights = LightMatrix::new(n_bones, n_vertices);
        for v in 0..n_vertices {
            for i in 0..3 {
                base_positions[(i, v)] = 0.1 * numbers.next();
            }
            base_positions[(3, v)] = 1.0;
            // 1 to 4 bones, as ADBench's vertices have.
            let count = 1 + ((numbers.next() + 1.0) * 2.0) as usize;
            let mut total = 0.0;
            let mut chosen = Vec::new();
            for _ in 0..count {
                let bone = ((numbers.next() + 1.0) * 0.5 * n_bones as f64) as usize % n_bones;
                let w = 0.1 + (numbers.next() + 1.0) * 0.5;
                chosen.push((bone, w));
                total += w;
            }
            for (bone, w) in chosen {
                weights[(bone, v)] += w / total;
            }
        }
        let vertex = |numbers: &mut Numbers| {
            (((numbers.next() + 1.0) * 0.5 * n_vertices as f64) as usize % n_vertices) as i32
        };
        let triangles = (0..n_triangles)
            .map(|_| Triangle {
                verts: [
                    vertex(&mut numbers),
                    vertex(&mut numbers),
                    vertex(&mut numbers),
                ],
            })
            .collect();
        let correspondences = (0..n_points).map(|_| vertex(&mut numbers)).collect();
        let mut points = LightMatrix::new(3, n_points);
        for v in points.data.iter_mut() {
            *v = numbers.next();
        }
        let theta = numbers.take(26).iter().map(|v| 0.5 * v).collect();
        Input {
            theta,
            data: DataLightMatrix {
                model: ModelLightMatrix {
                    bone_names,
                    parents,
                    base_relatives,
                    inverse_base_absolutes,
                    base_positions,
                    weights,
                    triangles,
                    is_mirrored: false,
                },
                correspondences,
                points,
            },
        }
    }

    fn residuals(&self, theta: &[f64]) -> Vec<f64> {
        let mut err = vec![0.0; 3 * self.data.correspondences.len()];
        objective(theta, &self.data, &mut err);
        err
    }

    /// The Jacobian of the residuals in `theta`, rows the residuals.
    fn jacobian(&self) -> ad::ndarray::Array2<f64> {
        let data = &self.data;
        let n = 3 * data.correspondences.len();
        jacobian!(at: self.theta.clone(), of: |theta: Vec<f64>| {
            let mut err = vec![0.0; n];
            objective(&theta, data, &mut err);
            err
        })
    }
}

/// gradbench's `ht`, simple variant, at the small model's size: 544 vertices, 100 points.
pub fn eval() -> Eval {
    let input = std::rc::Rc::new(Input::new(544, 1084, 100));
    let (for_objective, for_derivative, for_check) = (input.clone(), input.clone(), input);
    Eval {
        name: "ht",
        size: "simple, small model (544 vertices), 100 points".into(),
        derivative_kind: "Jacobian (26 columns)",
        enzyme: 48.0,
        best: ("manual", 4.40),
        objective: Box::new(move || {
            black_box(for_objective.residuals(&for_objective.theta));
        }),
        derivative: Box::new(move || {
            black_box(for_derivative.jacobian());
        }),
        check: Box::new(move || {
            let j = for_check.jacobian();
            let rows = j.nrows();
            if rows != 300 || j.ncols() != 26 {
                return Err(format!("ht: Jacobian of shape {:?}", j.dim()));
            }
            for row in [0, 1, 2, rows / 3, rows / 2 + 1, rows - 1] {
                compare(
                    &format!("ht, residual {row}"),
                    &|theta| for_check.residuals(theta)[row],
                    &for_check.theta,
                    &j.row(row).to_vec(),
                    1e-5,
                )?;
            }
            Ok(())
        }),
    }
}
