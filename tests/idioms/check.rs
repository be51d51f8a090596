//! The check every idiom goes through: reverse mode (with forward mode agreeing, by the
//! suite's operators) against central differences of the original function, and the value
//! against the original's, at each point given.

/// `check_idiom!(f, [(x, y), ..])` for a function of two `f64`s, `check_idiom!(f, [x, ..])`
/// for one: at each point, `value_with_gradient!` of `f` against `f` itself and against
/// central differences of `f`.
macro_rules! check_idiom {
    ($f:ident, [$(($x:expr, $y:expr)),+ $(,)?]) => {$({
        let (x, y): (f64, f64) = ($x, $y);
        let (value, (dx, dy)) =
            $crate::common::modes::value_with_gradient!(at: x, y, of: $f);
        $crate::assert_close(value, $f(x, y));
        $crate::assert_grad_fd(|p: &[f64]| $f(p[0], p[1]), &[x, y], &[dx, dy]);
    })+};
    ($f:ident, [$($x:expr),+ $(,)?]) => {$({
        let x: f64 = $x;
        let (value, dx) = $crate::common::modes::value_with_gradient!(at: x, of: $f);
        $crate::assert_close(value, $f(x));
        $crate::assert_deriv_fd(|t: f64| $f(t), x, dx);
    })+};
}

pub(crate) use check_idiom;

/// `check_hessian!(f, [(x, y), ..])`: at each point, the second derivatives of `f` in `x` and
/// in `y` (`hessian!` of `f` with the other argument held) against central differences of
/// the first derivative (`gradient!`). For functions that are smooth around the points.
macro_rules! check_hessian {
    ($f:ident, [$(($x:expr, $y:expr)),+ $(,)?]) => {$({
        let (x, y): (f64, f64) = ($x, $y);
        let in_x = ::ad::hessian!(at: x, of: |t: f64| $f(t, y));
        let in_y = ::ad::hessian!(at: y, of: |t: f64| $f(x, t));
        $crate::assert_deriv_fd(|t: f64| ::ad::gradient!(at: t, y, of: $f).0, x, in_x);
        $crate::assert_deriv_fd(|t: f64| ::ad::gradient!(at: x, t, of: $f).1, y, in_y);
    })+};
}

pub(crate) use check_hessian;

/// `check_slice_idiom!(f, [vec![..], ..])` for a function of one `&[f64]`, and
/// `check_slice_idiom!(f, [(vec![..], y), ..])` for one of a `&[f64]` and an `f64`: at each point,
/// `value_with_gradient!` of `f` against `f` itself and against central differences of `f`.
macro_rules! check_slice_idiom {
    ($f:ident, [$(($xs:expr, $y:expr)),+ $(,)?]) => {$({
        let (xs, y): (Vec<f64>, f64) = ($xs, $y);
        let (value, (dxs, dy)) =
            $crate::common::modes::value_with_gradient!(at: &xs[..], y, of: $f);
        $crate::assert_close(value, $f(&xs, y));
        let n = xs.len();
        $crate::assert_grad_fd(
            |p: &[f64]| $f(&p[..n], p[n]),
            &$crate::concat(&xs, &[y]),
            &$crate::concat(&dxs, &[dy]),
        );
    })+};
    ($f:ident, [$($xs:expr),+ $(,)?]) => {$({
        let xs: Vec<f64> = $xs;
        let (value, dxs) = $crate::common::modes::value_with_gradient!(at: &xs[..], of: $f);
        $crate::assert_close(value, $f(&xs));
        $crate::assert_grad_fd(|p: &[f64]| $f(p), &xs, &dxs);
    })+};
}

pub(crate) use check_slice_idiom;

/// `check_slice_hessian!(f, [vec![..], ..])`: at each point, `hessian!` of a function of one
/// `&[f64]` against central differences of its gradient, entry by entry.
macro_rules! check_slice_hessian {
    ($f:ident, [$($xs:expr),+ $(,)?]) => {$({
        let xs: Vec<f64> = $xs;
        let h = ::ad::hessian!(at: &xs[..], of: $f);
        for i in 0..xs.len() {
            for j in 0..xs.len() {
                let along_i = |t: f64| {
                    let mut p = xs.clone();
                    p[i] = t;
                    ::ad::gradient!(at: &p[..], of: $f)[j]
                };
                $crate::assert_deriv_fd(along_i, xs[i], h[[i, j]]);
            }
        }
    })+};
}

pub(crate) use check_slice_hessian;
