//! ndarray rules beyond one shape: broadcasting of same-dimension operands, `t()`, `row`,
//! `column`, `insert_axis`, `a[[i, j]]` reads, and `dot` with a constant operand (the partial rules), each
//! against central finite differences (and, through the suite's operators, forward mode
//! against reverse mode).

use crate::assert_grad_fd;
use ad::ndarray::{Array1, Array2, ArrayD, ArrayView2, Axis, IxDyn, array, concatenate, s, stack};
use ad::prelude::*;
// The suite's operators, which also check forward mode against reverse mode.
#[allow(unused_imports)]
use crate::common::modes::{gradient, value_with_gradient};

/// A matrix of `rows x columns` taken from `p`, row by row.
fn matrix(p: &[f64], rows: usize, columns: usize) -> Array2<f64> {
    Array2::from_shape_vec((rows, columns), p[..rows * columns].to_vec()).unwrap()
}

/// All of the arrays' elements in logical order: the layout `assert_grad_fd` compares.
fn flat(arrays: &[&Array2<f64>]) -> Vec<f64> {
    arrays.iter().flat_map(|a| a.iter().copied()).collect()
}

/// `(n, 3)` against `(n, 1)` and `(1, 3)` with each operator: every stretched operand's
/// cotangent is a sum over the stretched axis.
#[differentiable]
fn broadcasting(a: Array2<f64>, column: Array2<f64>, row: Array2<f64>) -> f64 {
    let sum = &a + &column - &row;
    let product = &a * &column / &row;
    let stretched_left = &column * &row + &column - &a;
    (sum * product + stretched_left / &row).sum()
}

#[test]
fn broadcasting_operands_against_finite_differences() {
    let a = array![[0.5, -1.2, 2.0], [1.5, 0.7, -0.9]];
    let column = array![[1.3], [-0.4]];
    let row = array![[1.1, 0.8, -1.7]];
    let (da, dc, dr) = gradient!(at: a.clone(), column.clone(), row.clone(), of: broadcasting);
    assert_eq!((da.dim(), dc.dim(), dr.dim()), ((2, 3), (2, 1), (1, 3)));
    let at = |p: &[f64]| {
        broadcasting(
            matrix(p, 2, 3),
            matrix(&p[6..], 2, 1),
            matrix(&p[8..], 1, 3),
        )
    };
    assert_grad_fd(at, &flat(&[&a, &column, &row]), &flat(&[&da, &dc, &dr]));
}

/// Rows, columns and the transpose of an active matrix, and a vector made a column.
#[differentiable]
fn rearranged(m: Array2<f64>, v: Array1<f64>) -> f64 {
    let r = m.row(1).to_owned() * m.column(2).to_owned().sum();
    let s = m.t().dot(&v) + m.clone().reversed_axes().dot(&v);
    let c = v.clone().insert_axis(Axis(1)) * &m;
    (r * &s).sum() + c.sum() * m.t()[[0, 1]].sin()
}

#[test]
fn rows_columns_transposes_and_new_axes_against_finite_differences() {
    let m = array![[0.5, -1.2, 2.0], [1.5, 0.7, -0.9]];
    let v = array![0.3, -1.1];
    let (dm, dv) = gradient!(at: m.clone(), v.clone(), of: rearranged);
    let at = |p: &[f64]| rearranged(matrix(p, 2, 3), Array1::from(p[6..8].to_vec()));
    let mut got = flat(&[&dm]);
    got.extend(dv.iter());
    let mut point = flat(&[&m]);
    point.extend(v.iter());
    assert_grad_fd(at, &point, &got);
}

/// `dot` with one constant operand on either side, through references and owned values:
/// the calls the partial rules (`WrtSelf`, `WrtArgs`) serve.
#[differentiable(wrt = (w, b))]
fn layer(w: &Array2<f64>, b: &Array1<f64>, x: &Array1<f64>, data: &Array2<f64>) -> f64 {
    let hidden = (w.dot(x) + b).tanh();
    let projected = data.dot(&hidden);
    let gram = data.dot(&w.t().to_owned());
    projected.dot(&projected) + gram.sum() + hidden.dot(x)
}

#[test]
fn dot_with_a_constant_operand_against_finite_differences() {
    let w = array![[0.5, -1.2], [1.5, 0.7]];
    let b = array![0.1, -0.3];
    let x = array![0.4, -0.8];
    let data = array![[1.0, 0.5], [-0.3, 0.9], [0.2, 0.2]];
    let (dw, db, _, _) = gradient!(at: &w, &b, &x, &data, of: layer);
    let at = |p: &[f64]| layer(&matrix(p, 2, 2), &Array1::from(p[4..6].to_vec()), &x, &data);
    let mut got = flat(&[&dw]);
    got.extend(db.iter());
    let mut point = flat(&[&w]);
    point.extend(b.iter());
    assert_grad_fd(at, &point, &got);
}

/// Elements read one at a time with `a[[i, j]]`, in loops.
#[differentiable]
fn elementwise_reads(m: &Array2<f64>) -> f64 {
    let mut total = 0.0;
    for i in 0..2 {
        for j in 0..3 {
            total += m[[i, j]] * m[[1 - i, 2 - j]].cos();
        }
    }
    total + m[[1, 2]]
}

#[test]
fn two_dimensional_index_reads_against_finite_differences() {
    let m = array![[0.5, -1.2, 2.0], [1.5, 0.7, -0.9]];
    let dm = gradient!(at: &m, of: elementwise_reads);
    assert_grad_fd(
        |p| elementwise_reads(&matrix(p, 2, 3)),
        &flat(&[&m]),
        &flat(&[&dm]),
    );
}

/// `slice(s![..])` with ranges, steps, single indices and locals inside the macro.
#[differentiable]
fn sliced(m: &Array2<f64>, first: usize) -> f64 {
    let top = m.slice(s![first..first + 1, ..]);
    let every_other = m.slice(s![.., ..;2]);
    let column = m.slice(s![.., 1]);
    (top.to_owned() * 2.0).sum() + every_other.exp().sum() * column.sum()
}

#[test]
fn slices_against_finite_differences() {
    let m = array![[0.5, -1.2, 2.0], [1.5, 0.7, -0.9]];
    let (dm, _) = gradient!(at: &m, 1, of: sliced);
    assert_grad_fd(|p| sliced(&matrix(p, 2, 3), 1), &flat(&[&m]), &flat(&[&dm]));
}

/// Macros that read locals: checks and messages do not change the derivative.
#[differentiable]
fn with_checks_and_messages(v: &Array1<f64>, scale: f64) -> f64 {
    assert!(scale > 0.0, "scale {scale} must be positive");
    let n = v.len();
    debug_assert_eq!(n, v.len());
    let label = format!("{} elements scaled by {scale:.1}", n);
    assert!(!label.is_empty());
    (v * scale).sum()
}

#[test]
fn macros_reading_locals_are_constants() {
    let v = array![1.0, 2.0, 3.0];
    let (dv, ds) = gradient!(at: &v, 2.0, of: with_checks_and_messages);
    assert_eq!(dv, array![2.0, 2.0, 2.0]);
    assert!((ds - 6.0).abs() < 1e-12);
}

/// A small network on `f32` arrays, and the same on `f64` for the reference.
#[differentiable(wrt = (w, b))]
fn network_f32(w: &Array2<f32>, b: &Array1<f32>, x: &Array1<f32>) -> f32 {
    let hidden = (w.dot(x) + b).tanh();
    let scaled = 2.0 * &hidden - hidden.mapv(|h: f32| h * h) / 3.0;
    scaled.exp().sum().ln() + hidden.slice(s![..1]).sum()
}

#[differentiable(wrt = (w, b))]
fn network_f64(w: &Array2<f64>, b: &Array1<f64>, x: &Array1<f64>) -> f64 {
    let hidden = (w.dot(x) + b).tanh();
    let scaled = 2.0 * &hidden - hidden.mapv(|h| h * h) / 3.0;
    scaled.exp().sum().ln() + hidden.slice(s![..1]).sum()
}

#[test]
fn f32_arrays_against_finite_differences_of_the_f64_function() {
    let w = array![[0.5, -1.2, 0.3], [1.5, 0.7, -0.4]];
    let b = array![0.1, -0.3];
    let x = array![0.4, -0.8, 0.6];
    let (w32, b32, x32) = (
        w.mapv(|v| v as f32),
        b.mapv(|v| v as f32),
        x.mapv(|v| v as f32),
    );
    let (dw, db, _) = gradient!(at: &w32, &b32, &x32, of: network_f32);
    let at = |p: &[f64]| network_f64(&matrix(p, 2, 3), &Array1::from(p[6..8].to_vec()), &x);
    let mut point = flat(&[&w]);
    point.extend(b.iter());
    let want = ad::check::central_difference_gradient(at, &point);
    let got: Vec<f64> = dw.iter().chain(db.iter()).map(|&v| f64::from(v)).collect();
    for (g, w) in got.iter().zip(&want) {
        assert!(
            (g - w).abs() < 1e-5 * (1.0 + w.abs()),
            "f32 gradient {got:?}, want {want:?}"
        );
    }
}

/// Reshaping, row-major and column-major, with `into_shape_with_order` and `to_shape`; a
/// constant reshaped too (its `Result` unwraps as written).
#[differentiable]
fn reshaped(v: Array1<f64>, data: &Array1<f64>) -> f64 {
    let rows = v.clone().into_shape_with_order((2, 3)).unwrap();
    let columns = v
        .to_shape(((3, 2), ad::ndarray::Order::ColumnMajor))
        .unwrap();
    let weights = data.to_shape((2, 3)).unwrap().to_owned();
    (rows * &weights).sum() + columns.t().dot(&columns.column(0).to_owned()).exp().sum()
}

#[test]
fn reshaping_against_finite_differences() {
    let v = array![0.5, -1.2, 2.0, 1.5, 0.7, -0.9];
    let data = array![1.0, 2.0, 3.0, -1.0, 0.5, 0.25];
    let (dv, _) = gradient!(at: v.clone(), &data, of: reshaped);
    let at = |p: &[f64]| reshaped(Array1::from(p.to_vec()), &data);
    assert_grad_fd(at, v.as_slice().unwrap(), &dv.to_vec());
}

/// `concatenate` and `stack` of parts that are differentiated and parts that are not.
#[differentiable]
fn joined(a: Array1<f64>, b: &Array2<f64>, data: &Array1<f64>) -> f64 {
    let long = concatenate(Axis(0), &[a.view(), data.view(), a.view()]).unwrap();
    let rows = stack(Axis(0), &[a.view(), data.view()]).unwrap();
    let wide = concatenate(Axis(1), &[b.view(), rows.view()]).unwrap();
    (long.exp() * 0.5).sum() + (&wide * &wide).sum() + wide[[1, 0]] * long[4]
}

#[test]
fn concatenate_and_stack_against_finite_differences() {
    let a = array![0.5, -1.2];
    let b = array![[1.0, 0.3], [-0.7, 2.0]];
    let data = array![0.25, 1.5];
    let (da, db, _) = gradient!(at: a.clone(), &b, &data, of: joined);
    let at = |p: &[f64]| joined(Array1::from(p[..2].to_vec()), &matrix(&p[2..], 2, 2), &data);
    let mut got = da.to_vec();
    got.extend(db.iter());
    let mut point = a.to_vec();
    point.extend(b.iter());
    assert_grad_fd(at, &point, &got);
}

/// ndarray's macros with differentiated items: `array!` of one and two axes, `stack!` and
/// `concatenate!` (the calls they stand for).
#[differentiable]
fn built_by_macros(x: f64, y: f64) -> f64 {
    let v = array![x, y, x * y];
    let m = array![[x, 1.0], [y.sin(), x * x]];
    let tall = stack![Axis(0), v, v.mapv(|e| e * 2.0)];
    let long = concatenate![Axis(0), v, array![y]];
    m.dot(&array![1.0, y]).sum() + (&tall * &tall).sum() + long[3] * long[0]
}

#[test]
fn array_stack_and_concatenate_macros_against_finite_differences() {
    for (x, y) in [(0.7, -1.3), (1.5, 0.4)] {
        let (dx, dy) = gradient!(at: x, y, of: built_by_macros);
        assert_grad_fd(|p: &[f64]| built_by_macros(p[0], p[1]), &[x, y], &[dx, dy]);
    }
    // Closed form at (x, y): m·[1, y] sums to x + y + sin y + x²y; `tall` holds v and 2v
    // (5|v|²); `long[3]·long[0]` is y·x.
    let (x, y) = (0.7, -1.3);
    let (dx, dy) = gradient!(at: x, y, of: built_by_macros);
    let (v, dv_dx, dv_dy) = ([x, y, x * y], [1.0, 0.0, y], [0.0, 1.0, x]);
    let dot = |a: [f64; 3], b: [f64; 3]| a.iter().zip(&b).map(|(p, q)| p * q).sum::<f64>();
    crate::assert_close(dx, 1.0 + 2.0 * x * y + 10.0 * dot(v, dv_dx) + y);
    crate::assert_close(dy, 1.0 + y.cos() + x * x + 10.0 * dot(v, dv_dy) + x);
}

/// A mini-batch of the data, read through views: a view as `dot`'s constant receiver and as
/// a constant operand of `-`.
#[differentiable(wrt = (w))]
fn batch_loss(w: &Array1<f64>, x: &Array2<f64>, y: &Array1<f64>, start: usize) -> f64 {
    let batch = x.slice(s![start..start + 2, ..]);
    let targets = y.slice(s![start..start + 2]);
    let residual = batch.dot(w) - &targets;
    (&residual * &residual).sum() + w.dot(&batch.row(0)).powi(2)
}

/// A view as a parameter (a constant).
#[differentiable(wrt = (w))]
fn view_parameter(w: &Array1<f64>, x: ArrayView2<f64>) -> f64 {
    (x.dot(w) * 2.0).exp().sum()
}

#[test]
fn views_of_data_as_constants_against_finite_differences() {
    let x = Array2::from_shape_fn((4, 3), |(i, j)| ((i * 3 + j) as f64 * 0.7).sin());
    let y = array![1.0, 2.0, -1.0, 0.5];
    let w = array![0.5, -0.2, 0.1];
    let (dw, _, _, _) = gradient!(at: &w, &x, &y, 1, of: batch_loss);
    let at = |p: &[f64]| batch_loss(&Array1::from(p.to_vec()), &x, &y, 1);
    assert_grad_fd(at, w.as_slice().unwrap(), &dw.to_vec());
    let (dw, _) = gradient!(at: &w, x.view(), of: view_parameter);
    let at = |p: &[f64]| view_parameter(&Array1::from(p.to_vec()), x.view());
    assert_grad_fd(at, w.as_slice().unwrap(), &dw.to_vec());
    // Second order through the view: the Hessian of the batch loss against differences.
    let h = hessian!(at: w.clone(), of: |w: Array1<f64>| batch_loss(&w, &x, &y, 1));
    for i in 0..3 {
        let partial = |t: f64| {
            let mut moved = w.clone();
            moved[i] = t;
            ad::gradient!(at: &moved, &x, &y, 1, of: batch_loss).0
        };
        let (plus, minus, step) = (partial(w[i] + 1e-5), partial(w[i] - 1e-5), 2e-5);
        for j in 0..3 {
            assert!((h[[j, i]] - (plus[j] - minus[j]) / step).abs() < 1e-6);
        }
    }
}

/// Compound assignment to an array, and an array of dynamic dimension.
#[differentiable]
fn updated(x: Array1<f64>, y: &Array1<f64>, z: ArrayD<f64>) -> f64 {
    let mut a = x.clone();
    a += y;
    a *= 2.0;
    a -= &x;
    (a * &x).sum() + (z.exp() * 2.0 + 1.0).sum()
}

#[test]
fn compound_assignment_and_dynamic_dimensions_against_closed_forms() {
    let (x, y) = (array![1.0, 2.0], array![0.5, -1.0]);
    let z = ArrayD::from_shape_vec(IxDyn(&[2, 1, 2]), vec![0.1, 0.2, 0.3, 0.4]).unwrap();
    let (dx, dy, dz) = gradient!(at: x.clone(), &y, z.clone(), of: updated);
    // f = Σ (x² + 2 x y) + Σ (2 e^z + 1): ∂x = 2x + 2y, ∂y = 2x, ∂z = 2 e^z.
    assert_eq!(dx, &x * 2.0 + &y * 2.0);
    assert_eq!(dy, &x * 2.0);
    assert!(
        dz.iter()
            .zip(z.iter())
            .all(|(d, v)| (d - 2.0 * v.exp()).abs() < 1e-12)
    );
}

/// `no_grad(..)` of any expression: closures and ndarray's own `map_axis` and `fold`, reading
/// locals; the result is a constant.
#[differentiable]
fn shifted_log_sum_exp(z: Array2<f64>) -> f64 {
    let shift = no_grad(z.map_axis(Axis(1), |row| row.fold(f64::MIN, |a, &v| a.max(v))));
    let column = shift.clone().insert_axis(Axis(1));
    ((&z - &column).exp().sum_axis(Axis(1)).ln() + shift).sum()
}

#[test]
fn no_grad_of_closures_against_finite_differences() {
    let z = array![[0.5, -1.2, 2.0], [1.5, 0.7, -0.9]];
    let dz = gradient!(at: z.clone(), of: shifted_log_sum_exp);
    // The shift cancels: the gradient is each row's softmax.
    let at = |p: &[f64]| shifted_log_sum_exp(matrix(p, 2, 3));
    assert_grad_fd(at, &flat(&[&z]), &flat(&[&dz]));
}

/// Elements of a differentiated matrix overwritten with `a[[i, j]] = ..`: the overwritten
/// element receives nothing, the written value what the element would have.
#[differentiable]
fn overwritten(m: Array2<f64>, x: f64) -> f64 {
    let mut a = m.clone() * 2.0;
    a[[0, 1]] = x * x;
    a[[1, 0]] = a[[0, 0]] * x;
    (a.exp() * &m).sum()
}

#[test]
fn element_writes_against_finite_differences() {
    let m = array![[0.5, -1.2, 0.3], [0.25, 0.7, -0.9]];
    let (dm, dx) = gradient!(at: m.clone(), 0.8, of: overwritten);
    let at = |p: &[f64]| overwritten(matrix(p, 2, 3), p[6]);
    let mut got = flat(&[&dm]);
    got.push(dx);
    let mut point = flat(&[&m]);
    point.push(0.8);
    assert_grad_fd(at, &point, &got);
}
