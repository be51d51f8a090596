//! Gradients of code that calls `plain_math` through `registrations`, checked against
//! closed forms and central finite differences of the original functions.

use ad::check::{central_difference, central_difference_gradient, close};
use ad::prelude::*;
use plain_math::special::logistic as sigma;
use registration_app::{
    cross_crate, exact, explicit, forward_registration, glob, straight_through, via_prelude,
};

const POINTS: [f64; 6] = [-3.2, -1.1, -0.2, 0.35, 1.4, 2.7];
const TOL: f64 = 1e-7;

fn softplus(x: f64) -> f64 {
    plain_math::softplus(x)
}

/// d/dx [softplus(x) * logistic(x) + k x^2].
fn closed_f(x: f64, k: f64) -> f64 {
    let s = sigma(x);
    s * s + softplus(x) * s * (1.0 - s) + 2.0 * k * x
}

fn primal_f(x: f64) -> f64 {
    plain_math::softplus(x) * sigma(x) + plain_math::scaled_sq(x, 2.0)
}

#[track_caller]
fn check(name: &str, x: f64, ad: f64, closed: f64, fd: f64) {
    assert!(
        close(ad, closed, 1e-12),
        "{name} at {x}: ad {ad} vs closed form {closed}"
    );
    assert!(
        close(ad, fd, TOL),
        "{name} at {x}: ad {ad} vs finite difference {fd}"
    );
}

#[test]
fn explicit_imports_of_function_and_registration() {
    for x in POINTS {
        let g = gradient!(at: x, of: explicit::f);
        check(
            "explicit::f",
            x,
            g,
            closed_f(x, 2.0),
            central_difference(explicit::f, x),
        );
    }
}

#[test]
fn glob_imports_of_both_crates() {
    for x in POINTS {
        let g = gradient!(at: x, of: glob::f);
        check(
            "glob::f",
            x,
            g,
            closed_f(x, 2.0),
            central_difference(glob::f, x),
        );
    }
}

#[test]
fn prelude_reexport_of_both_namespaces() {
    for x in POINTS {
        let (v, g) = value_with_gradient!(at: x, of: via_prelude::f);
        assert_eq!(v, primal_f(x));
        check(
            "via_prelude::f",
            x,
            g,
            closed_f(x, 2.0),
            central_difference(via_prelude::f, x),
        );
    }
}

#[test]
fn tuple_pullback_of_a_registration_with_several_parameters() {
    for (x, y) in [(0.3, 1.7), (-1.2, 0.4), (2.0, -0.6)] {
        let (v, pb) = value_with_pullback!(at: x, y, of: via_prelude::blend);
        assert_eq!(v, via_prelude::blend(x, y));
        let (dx, dy) = pb(1.0);
        // blend = (x + (y - x) t) * y with t = 1/4
        let closed = (0.75 * y, 0.25 * y + (x + (y - x) * 0.25));
        let fd = central_difference_gradient(|p| via_prelude::blend(p[0], p[1]), &[x, y]);
        check("blend dx", x, dx, closed.0, fd[0]);
        check("blend dy", y, dy, closed.1, fd[1]);
        // The pullback is linear in the cotangent.
        let (dx3, dy3) = pb(3.0);
        assert!(close(dx3, 3.0 * dx, 1e-14) && close(dy3, 3.0 * dy, 1e-14));
    }
}

#[test]
fn wrt_x_registration_with_constant_k() {
    for x in POINTS {
        for k in [0.5, -2.0] {
            let g = gradient!(at: x, k, of: via_prelude::scaled);
            let fd = central_difference(|x| via_prelude::scaled(x, k), x);
            check("scaled", x, g.0, 2.0 * k * x + 1.0, fd);
        }
    }
}

#[test]
fn registrations_own_differentiable_functions_called_from_this_crate() {
    for x in POINTS {
        // model = 2 * (softplus * logistic + 3 x^2) + lerp(x, 0.5, logistic(x / 2))
        let s = sigma(x);
        let smooth = s * s + softplus(x) * s * (1.0 - s) + 6.0 * x;
        let t = sigma(0.5 * x);
        let blend = (1.0 - t) + (0.5 - x) * t * (1.0 - t) * 0.5;
        let g = gradient!(at: x, of: cross_crate::model);
        check(
            "cross_crate::model",
            x,
            g,
            2.0 * smooth + blend,
            central_difference(cross_crate::model, x),
        );
    }
    for (x, y) in [(0.3, 1.7), (-1.2, 0.4), (2.0, -0.6)] {
        let (dx, dy) = gradient!(at: x, y, of: cross_crate::model2);
        let fd = central_difference_gradient(|p| cross_crate::model2(p[0], p[1]), &[x, y]);
        let t = sigma(x * y);
        let blend = registrations::soft_blend(x, y);
        let (bx, by) = (
            (1.0 - t) + (y - x) * t * (1.0 - t) * y,
            t + (y - x) * t * (1.0 - t) * x,
        );
        check("model2 dx", x, dx, bx * x + blend, fd[0]);
        check("model2 dy", y, dy, by * x, fd[1]);
    }
}

#[test]
fn operators_on_registrations_crate_functions_directly() {
    for x in POINTS {
        let g = gradient!(at: x, of: registrations::smooth_relu_sq);
        let s = sigma(x);
        let closed = s * s + softplus(x) * s * (1.0 - s) + 6.0 * x;
        check(
            "smooth_relu_sq",
            x,
            g,
            closed,
            central_difference(registrations::smooth_relu_sq, x),
        );
    }
}

#[test]
fn gradient_of_the_foreign_function_itself() {
    // Once the registration is in scope, the foreign function is a valid `of:`.
    use plain_math::softplus;
    use registrations::softplus;
    for x in POINTS {
        let g = gradient!(at: x, of: softplus);
        check("softplus", x, g, sigma(x), central_difference(softplus, x));
    }
    {
        use registrations::prelude::*;
        for x in POINTS {
            let g = gradient!(at: x, of: logistic);
            let s = sigma(x);
            check(
                "logistic",
                x,
                g,
                s * (1.0 - s),
                central_difference(logistic, x),
            );
            let (a, b, t) = (x, 2.0 * x + 1.0, 0.3);
            let (da, db, dt) = gradient!(at: a, b, t, of: lerp);
            let fd = central_difference_gradient(|p| lerp(p[0], p[1], p[2]), &[a, b, t]);
            check("lerp da", x, da, 1.0 - t, fd[0]);
            check("lerp db", x, db, t, fd[1]);
            check("lerp dt", x, dt, b - a, fd[2]);
        }
    }
    // A path through the prelude works as `of:` too; the companion module alone suffices.
    assert_eq!(
        gradient!(at: 0.4, of: registrations::prelude::softplus),
        sigma(0.4)
    );
    assert_eq!(gradient!(at: 0.4, of: registrations::softplus), sigma(0.4));
}

#[test]
fn closures_calling_foreign_functions() {
    use registrations::prelude::*;
    for x in POINTS {
        let g = gradient!(at: x, of: |x| softplus(x) * logistic(x) + scaled_sq(x, 2.0));
        check(
            "closure",
            x,
            g,
            closed_f(x, 2.0),
            central_difference(primal_f, x),
        );
        let k = 1.5; // captured: a constant
        let g = gradient!(at: x, of: |x| scaled_sq(x, k) * softplus(x));
        let closed = 2.0 * k * x * softplus(x) + k * x * x * sigma(x);
        check(
            "closure with capture",
            x,
            g,
            closed,
            central_difference(|x| scaled_sq(x, k) * softplus(x), x),
        );
    }
}

#[test]
fn glob_imported_exact_rule_matches_finite_differences() {
    // Away from half-integers rounding is locally constant: d/dx [round(x) x] = round(x).
    for x in POINTS {
        let g = gradient!(at: x, of: exact::rounded_times);
        check(
            "exact::rounded_times",
            x,
            g,
            x.round(),
            central_difference(exact::rounded_times, x),
        );
    }
}

#[test]
fn local_registration_takes_precedence_over_glob_import() {
    // The module's straight-through estimator treats rounding as the identity:
    // d/dx [round(x) x] = x + round(x), which is *not* the finite difference (round(x)).
    for x in POINTS {
        let g = gradient!(at: x, of: straight_through::rounded_times);
        assert_eq!(straight_through::rounded_times(x), exact::rounded_times(x));
        assert!(
            close(g, x + x.round(), 1e-12),
            "straight-through at {x}: {g}"
        );
        let fd = central_difference(straight_through::rounded_times, x);
        assert!(
            close(fd, x.round(), TOL) && !close(g, fd, 1e-3),
            "local rule not used at {x}"
        );
        assert_eq!(straight_through::quantize_gradient(x), 1.0);
    }
    // From outside, importing the module's registration is enough to select it for `of:`.
    use straight_through::quantize;
    assert_eq!(gradient!(at: 0.3, of: quantize), 1.0);
}

#[test]
fn forward_mode_through_retroactive_registrations() {
    for x in POINTS {
        // The reverse registrations of `explicit::f`'s callees give forward mode too.
        let d = differentiate!(at: x, of: explicit::f);
        check(
            "forward explicit",
            x,
            d,
            closed_f(x, 2.0),
            central_difference(primal_f, x),
        );
        // A forward registration gives forward mode, and reverse mode derived from it:
        // f = (x y)³ - x y + y, ∂x = (3 (x y)² - 1) y, ∂y = (3 (x y)² - 1) x + 1.
        let y = 0.7;
        let slope = 3.0 * (x * y) * (x * y) - 1.0;
        let primal = |x: f64| plain_math::cubic(x * y) + y;
        let dx = differentiate!(at: x, of: |x: f64| forward_registration::f(x, y));
        check(
            "forward registration",
            x,
            dx,
            slope * y,
            central_difference(primal, x),
        );
        let (gx, gy) = gradient!(at: x, y, of: forward_registration::f);
        check(
            "reverse from forward",
            x,
            gx,
            slope * y,
            central_difference(primal, x),
        );
        assert!(
            close(gy, slope * x + 1.0, 1e-12),
            "reverse from forward, y at {x}: {gy}"
        );
    }
}
