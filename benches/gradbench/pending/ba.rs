//! PENDING (not compiled, not referenced from `main.rs`): ba, the sparse Jacobian of bundle
//! adjustment's residuals, ported line by line from gradbench's `cpp/gradbench/evals/ba.hpp`
//! and `cross` of `cpp/adbench/shared/matrix.h` (ADBench's C++): a helper per operation,
//! fixed-size local arrays (`T w[3]` as `[f64; 3]`), results written through out-parameters,
//! and the `SparseMat` it is assembled in. The derivative is what `tools/enzyme/ba.cpp`
//! computes: for each observation the 2 x 15 Jacobian of its reprojection error in its
//! camera, its point and its weight (two reverse passes seeded (1, 0) and (0, 1): here one
//! `value_with_pullback!` and its pullback called per row), then for each weight the
//! derivative of its error, inserted block by block.
//!
//! The functions are valid Rust (every error is in the derivatives `#[differentiable]`
//! generates, or follows from one there), but it gives 20 errors, of two kinds:
//!
//! 1. A local array given to a `&mut [f64]` out-parameter of a differentiable function
//!    (`cross(&w, pt, &mut w_cross_pt)`, `cross(rot, pt, &mut rot_cross_pt)`,
//!    `rodrigues_rotate_point(&cam[0..], &xo, &mut xcam)`, `project(cam, x, &mut proj)`, and
//!    in the driver `compute_reproj_error(.., &mut err)`): the derivative gives the new value
//!    back as a `Vec<f64>`, which is assigned to the array. rustc's words, with a suggestion
//!    that is not Rust for a function (`cross.to_vec()(..)`):
//!
//! ```text
//! error[E0308]: mismatched types
//!   --> benches/gradbench/pending/ba.rs:152:9
//!    |
//! 131 | #[differentiable]
//!    | -----------------
//!    | |
//!    | arguments to this function are incorrect
//!    | in this attribute macro expansion
//! ...
//! 152 |         cross(&w, pt, &mut w_cross_pt);
//!    |         ^^^^^ expected `Vec<f64>`, found `[f64; 3]`
//! ...
//! help: try using a conversion method
//!    |
//! 152 |         cross.to_vec()(&w, pt, &mut w_cross_pt);
//! ```
//!
//!    with `` error[E0271]: type mismatch resolving `<[f64; 3] as Differentiable>::TangentVector
//!    == Vec<f64>` `` and ``expected `((_, [f64; 3]), _)`, found `(((), Vec<f64>), (NoTangent,
//!    Vec<f64>))` `` at the attribute of the caller.
//!
//! 2. A `&mut [f64]` parameter given on to a `&[f64]` parameter (`rsq = sqsum(2, proj);` in
//!    `radial_distort`): in the derivative it is a `Vec<f64>`, given where `&[f64]` is
//!    expected:
//!
//! ```text
//! error[E0308]: mismatched types
//!   --> benches/gradbench/pending/ba.rs:173:11
//!    |
//! 169 | #[differentiable]
//!    | -----------------
//!    | |
//!    | arguments to this function are incorrect
//!    | in this attribute macro expansion
//! ...
//! 173 |     rsq = sqsum(2, proj);
//!    |           ^^^^^ expected `&[f64]`, found `Vec<f64>`
//! ```
//!
//!    followed by `` error[E0610]: `f64` is a primitive type and therefore doesn't have
//!    fields `` at `sqsum` and twice `` error[E0277]: `f64` has no differentiable field with
//!    this name `` (`the trait ad::__private::FieldTangent<12638135523509116079> is not
//!    implemented for f64`, "derive `Differentiable` for the struct") at the attribute: no
//!    struct is involved.
//!
//! No documented spelling answers either: the guide gives arrays to `&[f64]` parameters
//! (`total(&arr)`), not to `&mut [f64]` ones, and passes an inout parameter on only to another
//! `&mut` one. Informational, not committed: with every such array made a `vec![0.0; n]` and
//! `sqsum(2, &proj[..])`, the file compiles, its check (below) passes, and the Jacobian takes
//! 61x the objective at this size (the objective itself then allocating those vectors).
//!
//! Minimal reproductions (a module of the bench crate; each compiles without the attributes):
//!
//! ```text
//! #[differentiable]
//! fn double(x: &[f64], out: &mut [f64]) { out[0] = 2.0 * x[0]; }
//!
//! #[differentiable]
//! pub fn into_array(x: &[f64]) -> f64 {
//!     let mut y = [0.0; 1];
//!     double(x, &mut y);   // error[E0308]: mismatched types: expected `Vec<f64>`, found
//!     y[0]                 // `[{float}; 1]` .. help: `double.to_vec()(x, &mut y)`
//! }                        // (with `let mut y = vec![0.0; 1];` it compiles)
//! ```
//!
//! ```text
//! #[differentiable]
//! fn sum2(x: &[f64]) -> f64 { x[0] + x[1] }
//!
//! #[differentiable]
//! pub fn scale(p: &mut [f64]) {
//!     let s = sum2(p);     // error[E0308]: mismatched types: expected `&[f64]`, found
//!     p[0] = p[0] * s;     // `Vec<f64>`; then E0610 and twice "`f64` has no differentiable
//! }                        // field with this name" (6 errors)
//! ```

use crate::harness::{Eval, Numbers, central_difference};
use ad::prelude::*;
use std::hint::black_box;

const BA_NCAMPARAMS: usize = 11;
#[allow(dead_code)]
const BA_ROT_IDX: usize = 0;
#[allow(dead_code)]
const BA_C_IDX: usize = 3;
#[allow(dead_code)]
const BA_F_IDX: usize = 6;
#[allow(dead_code)]
const BA_X0_IDX: usize = 7;
#[allow(dead_code)]
const BA_RAD_IDX: usize = 9;

// matrix.h
#[differentiable]
fn cross(a: &[f64], b: &[f64], out: &mut [f64]) {
    out[0] = a[1] * b[2] - a[2] * b[1];
    out[1] = a[2] * b[0] - a[0] * b[2];
    out[2] = a[0] * b[1] - a[1] * b[0];
}

#[differentiable]
fn sqsum(n: usize, x: &[f64]) -> f64 {
    let mut res = 0.0;
    for i in 0..n {
        res = res + x[i] * x[i];
    }
    res
}

#[differentiable]
fn rodrigues_rotate_point(rot: &[f64], pt: &[f64], rotated_pt: &mut [f64]) {
    let sqtheta = sqsum(3, rot);
    if sqtheta != 0.0 {
        let theta;
        let costheta;
        let sintheta;
        let theta_inverse;
        let mut w = [0.0; 3];
        let mut w_cross_pt = [0.0; 3];
        let tmp;

        theta = sqtheta.sqrt();
        costheta = theta.cos();
        sintheta = theta.sin();
        theta_inverse = 1.0 / theta;

        for i in 0..3 {
            w[i] = rot[i] * theta_inverse;
        }

        cross(&w, pt, &mut w_cross_pt);

        tmp = (w[0] * pt[0] + w[1] * pt[1] + w[2] * pt[2]) * (1. - costheta);

        for i in 0..3 {
            rotated_pt[i] = pt[i] * costheta + w_cross_pt[i] * sintheta + w[i] * tmp;
        }
    } else {
        let mut rot_cross_pt = [0.0; 3];
        cross(rot, pt, &mut rot_cross_pt);

        for i in 0..3 {
            rotated_pt[i] = pt[i] + rot_cross_pt[i];
        }
    }
}

#[differentiable]
fn radial_distort(rad_params: &[f64], proj: &mut [f64]) {
    let rsq;
    let l;
    rsq = sqsum(2, proj);
    l = 1. + rad_params[0] * rsq + rad_params[1] * rsq * rsq;
    proj[0] = proj[0] * l;
    proj[1] = proj[1] * l;
}

#[differentiable]
fn project(cam: &[f64], x: &[f64], proj: &mut [f64]) {
    let c = &cam[3..];
    let mut xo = [0.0; 3];
    let mut xcam = [0.0; 3];

    xo[0] = x[0] - c[0];
    xo[1] = x[1] - c[1];
    xo[2] = x[2] - c[2];

    rodrigues_rotate_point(&cam[0..], &xo, &mut xcam);

    proj[0] = xcam[0] / xcam[2];
    proj[1] = xcam[1] / xcam[2];

    radial_distort(&cam[9..], proj);

    proj[0] = proj[0] * cam[6] + cam[7];
    proj[1] = proj[1] * cam[6] + cam[8];
}

// `feat` is `const double* const` in the C++ template, the others `T`: `wrt` says so.
#[differentiable(wrt = (cam, x, w))]
fn compute_reproj_error(cam: &[f64], x: &[f64], w: &f64, feat: &[f64], err: &mut [f64]) {
    let mut proj = [0.0; 2];
    project(cam, x, &mut proj);

    err[0] = (*w) * (proj[0] - feat[0]);
    err[1] = (*w) * (proj[1] - feat[1]);
}

// `wrt = w`: as written, `#[differentiable]` warns "use of deprecated constant
// `ba::compute_zach_weight_error::vjp::__AD_WARNING_1`: the result of
// `compute_zach_weight_error` does not depend on `err`; its derivative is always zero (leave
// it out of `wrt`, ..)" (`err` is the out-parameter, written, never read).
#[differentiable(wrt = w)]
fn compute_zach_weight_error(w: &f64, err: &mut f64) {
    *err = 1.0 - (*w) * (*w);
}

#[allow(clippy::too_many_arguments)]
fn objective(
    _n: usize,
    _m: usize,
    p: usize,
    cams: &[f64],
    x: &[f64],
    w: &[f64],
    obs: &[usize],
    feats: &[f64],
    reproj_err: &mut [f64],
    w_err: &mut [f64],
) {
    for i in 0..p {
        let cam_idx = obs[i * 2 + 0];
        let pt_idx = obs[i * 2 + 1];
        compute_reproj_error(
            &cams[cam_idx * BA_NCAMPARAMS..],
            &x[pt_idx * 3..],
            &w[i],
            &feats[i * 2..],
            &mut reproj_err[2 * i..],
        );
    }

    for i in 0..p {
        compute_zach_weight_error(&w[i], &mut w_err[i]);
    }
}

// rows is nrows+1 vector containing
// indices to cols and vals.
// rows[i] ... rows[i+1]-1 are elements of i-th row
// i.e. cols[row[i]] is the column of the first
// element in the row. Similarly for values.
struct SparseMat {
    n: usize, // number of cams, points and observations
    m: usize,
    p: usize,
    nrows: usize,
    #[allow(dead_code)]
    ncols: usize,
    rows: Vec<usize>,
    cols: Vec<usize>,
    vals: Vec<f64>,
}

impl SparseMat {
    fn new(n: usize, m: usize, p: usize) -> SparseMat {
        let nrows = 2 * p + p;
        let ncols = BA_NCAMPARAMS * n + 3 * m + p;
        let nnonzero = (BA_NCAMPARAMS + 3 + 1) * 2 * p + p;
        let mut rows = Vec::with_capacity(nrows + 1);
        rows.push(0);
        SparseMat {
            n,
            m,
            p,
            nrows,
            ncols,
            rows,
            cols: Vec::with_capacity(nnonzero),
            vals: Vec::with_capacity(nnonzero),
        }
    }

    fn insert_reproj_err_block(
        &mut self,
        obs_idx: usize,
        cam_idx: usize,
        pt_idx: usize,
        j: &[f64],
    ) {
        let n_new_cols = BA_NCAMPARAMS + 3 + 1;
        self.rows.push(self.rows.last().unwrap() + n_new_cols);
        self.rows.push(self.rows.last().unwrap() + n_new_cols);

        for i_row in 0..2 {
            for i in 0..BA_NCAMPARAMS {
                self.cols.push(BA_NCAMPARAMS * cam_idx + i);
                self.vals.push(j[2 * i + i_row]);
            }
            let mut col_offset = BA_NCAMPARAMS * self.n;
            let mut val_offset = BA_NCAMPARAMS * 2;
            for i in 0..3 {
                self.cols.push(col_offset + 3 * pt_idx + i);
                self.vals.push(j[val_offset + 2 * i + i_row]);
            }
            col_offset += 3 * self.m;
            val_offset += 3 * 2;
            self.cols.push(col_offset + obs_idx);
            self.vals.push(j[val_offset + i_row]);
        }
    }

    fn insert_w_err_block(&mut self, w_idx: usize, w_d: f64) {
        self.rows.push(self.rows.last().unwrap() + 1);
        self.cols.push(BA_NCAMPARAMS * self.n + 3 * self.m + w_idx);
        self.vals.push(w_d);
    }

    #[allow(dead_code)]
    fn clear(&mut self) {
        self.rows.clear();
        self.cols.clear();
        self.vals.clear();
        self.rows.reserve(self.nrows + 1);
        let nnonzero = (BA_NCAMPARAMS + 3 + 1) * 2 * self.p + self.p;
        self.cols.reserve(nnonzero);
        self.vals.reserve(nnonzero);
        self.rows.push(0);
    }
}

/// `compute_ba_J` of `tools/enzyme/ba.cpp`: a 2 x 15 block per observation, in the column
/// major `gradient` buffer `insert_reproj_err_block` reads, then a 1 x 1 block per weight.
#[allow(clippy::too_many_arguments)]
fn compute_ba_j(
    _n: usize,
    _m: usize,
    p: usize,
    cams: &[f64],
    x: &[f64],
    w: &[f64],
    obs: &[usize],
    feats: &[f64],
    j: &mut SparseMat,
) {
    const COLS: usize = BA_NCAMPARAMS + 3 + 1;
    let mut gradient = vec![0.0; 2 * COLS];

    for i in 0..p {
        let cam_idx = obs[i * 2 + 0];
        let pt_idx = obs[i * 2 + 1];
        // Enzyme's derivative buffers are 11, 3 and 1 long: the block is taken in the
        // camera's 11 parameters, the point's 3 coordinates and the weight.
        let cam = &cams[cam_idx * BA_NCAMPARAMS..cam_idx * BA_NCAMPARAMS + BA_NCAMPARAMS];
        let pt = &x[pt_idx * 3..pt_idx * 3 + 3];
        let feat = &feats[i * 2..];
        // Enzyme's two reverse passes seeded (1, 0) and (0, 1): one forward pass here, and
        // its pullback called for each row.
        let (_, pullback) = value_with_pullback!(
            at: cam, pt, &w[i],
            of: |cam: &[f64], pt: &[f64], w: &f64| {
                let mut err = [0.0; 2];
                compute_reproj_error(cam, pt, w, feat, &mut err);
                err
            }
        );
        for (row, seed) in [[1.0, 0.0], [0.0, 1.0]].into_iter().enumerate() {
            let (d_cam, d_x, d_w) = pullback(seed);
            for col in 0..BA_NCAMPARAMS {
                gradient[2 * col + row] = d_cam[col];
            }
            for col in 0..3 {
                gradient[2 * (BA_NCAMPARAMS + col) + row] = d_x[col];
            }
            gradient[2 * (BA_NCAMPARAMS + 3) + row] = d_w;
        }
        j.insert_reproj_err_block(i, cam_idx, pt_idx, &gradient);
    }

    for i in 0..p {
        let d_w = gradient!(
            at: w[i],
            of: |w: f64| {
                let mut err = 0.0;
                compute_zach_weight_error(&w, &mut err);
                err
            }
        );
        j.insert_w_err_block(i, d_w);
    }
}

/// The input of gradbench's `ba` eval.
struct Input {
    n: usize,
    m: usize,
    p: usize,
    cams: Vec<f64>,
    x: Vec<f64>,
    w: Vec<f64>,
    obs: Vec<usize>,
    feats: Vec<f64>,
}

impl Input {
    /// gradbench reads one camera, point, weight and feature from ADBench's file and repeats
    /// them (`from_json` of `ba.hpp`); here each copy is moved by up to 1% (deterministic), so
    /// that no two blocks are alike. The observations pair cameras and points as `from_json`
    /// does.
    fn new(n: usize, m: usize, p: usize) -> Input {
        // ba1_n49_m7776_p31843.txt
        let cam = [
            -0.758453, -1.109613, -0.845551, 34.556073, 39.676747, 53.881673, 419.194514, 5.864426,
            -8.518870, 0.087812, 0.002739,
        ];
        let one_x = [7.203245, 0.001144, 3.023326];
        let one_w = 0.417022;
        let feat = [271.760969, 834.209256];
        let mut numbers = Numbers::new(4);
        let mut near = |v: f64| v * (1.0 + 0.01 * numbers.next());
        let mut cams = vec![0.0; BA_NCAMPARAMS * n];
        for i in 0..n {
            for j in 0..BA_NCAMPARAMS {
                cams[i * BA_NCAMPARAMS + j] = near(cam[j]);
            }
        }
        let mut x = vec![0.0; 3 * m];
        for i in 0..m {
            for j in 0..3 {
                x[i * 3 + j] = near(one_x[j]);
            }
        }
        let w = (0..p).map(|_| near(one_w)).collect();
        let mut feats = vec![0.0; 2 * p];
        for i in 0..p {
            feats[i * 2 + 0] = near(feat[0]);
            feats[i * 2 + 1] = near(feat[1]);
        }
        let mut obs = vec![0; 2 * p];
        let (mut cam_idx, mut pt_idx) = (0, 0);
        for i in 0..p {
            obs[i * 2 + 0] = cam_idx % n;
            cam_idx += 1;
            obs[i * 2 + 1] = pt_idx % m;
            pt_idx += 1;
        }
        Input {
            n,
            m,
            p,
            cams,
            x,
            w,
            obs,
            feats,
        }
    }

    fn objective(&self) -> (Vec<f64>, Vec<f64>) {
        let mut reproj_err = vec![0.0; 2 * self.p];
        let mut w_err = vec![0.0; self.p];
        objective(
            self.n,
            self.m,
            self.p,
            &self.cams,
            &self.x,
            &self.w,
            &self.obs,
            &self.feats,
            &mut reproj_err,
            &mut w_err,
        );
        (reproj_err, w_err)
    }

    fn jacobian(&self) -> SparseMat {
        let mut j = SparseMat::new(self.n, self.m, self.p);
        compute_ba_j(
            self.n,
            self.m,
            self.p,
            &self.cams,
            &self.x,
            &self.w,
            &self.obs,
            &self.feats,
            &mut j,
        );
        j
    }

    /// Compares the rows of observation `i`'s block in `j` (camera, point, weight columns)
    /// entry by entry with central differences of `compute_reproj_error`, and the weight's
    /// entry with central differences of `compute_zach_weight_error`.
    fn check_block(&self, j: &SparseMat, i: usize) -> Result<(), String> {
        let (cam_idx, pt_idx) = (self.obs[2 * i], self.obs[2 * i + 1]);
        let mut params = self.cams[cam_idx * BA_NCAMPARAMS..(cam_idx + 1) * BA_NCAMPARAMS].to_vec();
        params.extend_from_slice(&self.x[pt_idx * 3..pt_idx * 3 + 3]);
        params.push(self.w[i]);
        let feat = &self.feats[2 * i..2 * i + 2];
        let close = |got: f64, want: f64| (got - want).abs() <= 1e-5 * want.abs().max(1.0);
        for row in 0..2 {
            let block_row = |q: &[f64]| {
                let mut err = [0.0; 2];
                compute_reproj_error(&q[..11], &q[11..14], &q[14], feat, &mut err);
                err[row]
            };
            let start = j.rows[2 * i + row];
            if j.rows[2 * i + row + 1] - start != 15 {
                return Err(format!("ba, row {}: not 15 entries", 2 * i + row));
            }
            let want_cols: Vec<usize> = (0..11)
                .map(|c| cam_idx * BA_NCAMPARAMS + c)
                .chain((0..3).map(|c| BA_NCAMPARAMS * self.n + 3 * pt_idx + c))
                .chain([BA_NCAMPARAMS * self.n + 3 * self.m + i])
                .collect();
            for e in 0..15 {
                let want = central_difference(&block_row, &params, e);
                let got = j.vals[start + e];
                if j.cols[start + e] != want_cols[e] || !close(got, want) {
                    return Err(format!(
                        "ba, observation {i}, row {row}, entry {e} (column {}): ad {got} against \
                         central difference {want}",
                        j.cols[start + e]
                    ));
                }
            }
        }
        let w_row = 2 * self.p + i;
        let weight_error = |q: &[f64]| {
            let mut err = 0.0;
            compute_zach_weight_error(&q[0], &mut err);
            err
        };
        let want = central_difference(&weight_error, &[self.w[i]], 0);
        let got = j.vals[j.rows[w_row]];
        if !close(got, want) {
            return Err(format!(
                "ba, weight {i}: ad {got} against central difference {want}"
            ));
        }
        Ok(())
    }
}

/// gradbench's `ba` at the size of ADBench's ba1: 49 cameras, 7776 points, 31843 observations.
pub fn eval() -> Eval {
    let input = std::rc::Rc::new(Input::new(49, 7776, 31843));
    let (for_objective, for_derivative, for_check) = (input.clone(), input.clone(), input);
    Eval {
        name: "ba",
        size: "n=49 m=7776 p=31843 (ba1)".into(),
        derivative_kind: "sparse Jacobian",
        enzyme: 9.07,
        best: ("PyTorch", 5.95),
        objective: Box::new(move || {
            black_box(for_objective.objective());
        }),
        derivative: Box::new(move || {
            black_box(for_derivative.jacobian());
        }),
        check: Box::new(move || {
            let input = &*for_check;
            let j = input.jacobian();
            if j.rows.len() != 3 * input.p + 1 || j.vals.len() != 31 * input.p {
                return Err(format!(
                    "ba: {} rows and {} entries",
                    j.rows.len() - 1,
                    j.vals.len()
                ));
            }
            for i in [0, 1, input.p / 3, input.p / 2, input.p - 1] {
                input.check_block(&j, i)?;
            }
            Ok(())
        }),
    }
}
