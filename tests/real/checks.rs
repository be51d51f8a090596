//! What every check of a copied function does: reverse mode against forward mode against
//! central differences (and the Hessian against differences of the gradient) with
//! `check_gradient!`, and the gradient against the crate's own derivative where it ships one.

/// Reverse, forward and second order of `$f` at each point (given as an owned value, passed
/// by reference as the crate's signature takes it, or by value after `value`), against
/// central differences.
macro_rules! check_every_mode {
    (value $f:expr, [$($point:expr),+ $(,)?]) => {$({
        let point = $point;
        let report = ::ad::check_gradient!(at: point, of: $f, second_order);
        assert!(report.is_ok(), "{} at {:?}: {:?}", stringify!($f), point, report.err());
    })+};
    ($f:expr, [$($point:expr),+ $(,)?]) => {$({
        let point = $point;
        let report = ::ad::check_gradient!(at: &point, of: $f, second_order);
        assert!(report.is_ok(), "{} at {:?}: {:?}", stringify!($f), point, report.err());
    })+};
}

/// The gradient of `$f` against `$derivative`, the crate's hand-written one, at each point,
/// to a relative `1e-12` (scaled by the largest component).
macro_rules! check_against_derivative {
    ($f:expr, $derivative:expr, [$($point:expr),+ $(,)?]) => {$({
        let point = $point;
        let ours = ::ad::gradient!(at: &point, of: $f);
        let theirs = $derivative(&point);
        let (ours, theirs): (&[f64], &[f64]) = (ours.as_ref(), theirs.as_ref());
        let scale = theirs.iter().fold(1.0f64, |m, t| m.max(t.abs()));
        for (i, (o, t)) in ours.iter().zip(theirs).enumerate() {
            assert!(
                (o - t).abs() <= 1e-12 * scale,
                "{} at {:?}, component {i}: ours {o:e}, the crate's {t:e}",
                stringify!($f), point
            );
        }
        assert_eq!(ours.len(), theirs.len());
    })+};
}

pub(crate) use {check_against_derivative, check_every_mode};

/// `got` agrees with the closed form `want` to a relative `1e-12`.
#[track_caller]
pub(crate) fn close(got: f64, want: f64) {
    assert!(
        (got - want).abs() <= 1e-12 * want.abs().max(1.0),
        "ours {got:e}, closed form {want:e}"
    );
}
