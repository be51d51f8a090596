// [survey] Verbatim excerpts from the `ode_solvers` crate, collected as source material for the `ad` test suite.
// [survey] Source repository: https://github.com/srenevey/ode-solvers at commit 921857e6801efd2da4b09f704a4a1b5f9c09049a (crate version 0.6.1).
// [survey] License: Apache-2.0. Copyright remains with the original authors; the license text is in
// [survey]   /work/real-survey/licenses/ode_solvers-* (copied from LICENSE).
// [survey] These excerpts are NOT a standalone compilable module. They rely on: nalgebra (OVector, Dim, DefaultAllocator, Vector3/Vector6), crate::dop_shared::{FloatNumber, System, SolverResult, Stats}; the System impls come from the examples/ directory, which define `type State = Vector6<f64>` (or Vector3) and `type Time = f64`.
// [survey] Every item is preceded by a `// from ...` provenance line (repo@commit, path, line range, license).
// [survey] Text between provenance lines is copied byte-for-byte; only lines/comments tagged [survey] were added.

// [survey] top-level imports of src/rk4.rs (commented out; shown for context):
// use crate::dop_shared::{FloatNumber, IntegrationError, SolverResult, Stats, System};
// use nalgebra::{allocator::Allocator, DefaultAllocator, Dim, OVector};
// [survey] top-level imports of examples/kepler_orbit.rs (commented out; shown for context):
// use ode_solvers::dopri5::*;
// use ode_solvers::*;
// use std::{
//     f64::consts::PI,
//     fs::{create_dir_all, File},
//     io::BufWriter,
//     io::Write,
//     path::Path,
// };
// [survey] top-level imports of examples/lorenz.rs (commented out; shown for context):
// use ode_solvers::dop853::*;
// use ode_solvers::*;
// use std::{
//     fs::{create_dir_all, File},
//     io::BufWriter,
//     io::Write,
//     path::Path,
// };

// from github.com/srenevey/ode-solvers@921857e6801e (crate ode_solvers 0.6.1), src/dop_shared.rs L12-L42, license Apache-2.0  [helper: trait System]
/// Trait needed to be implemented by the user
///
/// The type parameter T should be either `f32` or `f64`, the trait [FloatNumber] is used
/// internally to allow generic code.
///
/// The type parameter V is a state vector. To have an easy start it is recommended to use [nalgebra] vectors.
///
/// ```
/// use ode_solvers::{System, SVector, Vector3};
///
/// // A predefined type for a vector (works from 1..6)
/// type Precision = f64;
/// type State = Vector3<Precision>;
/// type MySystem = dyn System<Precision, State>;
///
/// // Definition of a higher dimensional vector using nalgebra
/// type AltState = SVector<Precision, 9>;
/// type MyAltSystem = dyn System<Precision, State>;
/// ```
pub trait System<T, V>
where
    T: FloatNumber,
{
    /// System of ordinary differential equations.
    fn system(&self, x: T, y: &V, dy: &mut V);

    /// Stop function called at every successful integration step. The integration is stopped when this function returns true.
    fn solout(&mut self, _x: T, _y: &V, _dy: &V) -> bool {
        false
    }
}

// from github.com/srenevey/ode-solvers@921857e6801e (crate ode_solvers 0.6.1), src/rk4.rs L7-L23, license Apache-2.0  [helper: struct Rk4]
/// Structure containing the parameters for the numerical integration.
pub struct Rk4<T, V, F>
where
    F: System<T, V>,
    T: FloatNumber,
{
    f: F,
    x: T,
    y: V,
    x_end: T,
    k: [V; 4],
    buffer: V, // Used for temporary copies in step
    step_size: T,
    half_step: T,
    results: SolverResult<T, V>,
    stats: Stats,
}

// [survey] excerpt of the block opened at src/rk4.rs L25; only the items below are copied, the closing brace is added by the survey
impl<T, D: Dim, F> Rk4<T, OVector<T, D>, F>
where
    T: FloatNumber,
    F: System<T, OVector<T, D>>,
    OVector<T, D>: std::ops::Mul<T, Output = OVector<T, D>>,
    DefaultAllocator: Allocator<D>,
{
    // from github.com/srenevey/ode-solvers@921857e6801e (crate ode_solvers 0.6.1), src/rk4.rs L102-L132, license Apache-2.0  [target: Rk4::step]
    /// Performs one step of the Runge-Kutta 4 method.
    fn step(&mut self) -> (T, OVector<T, D>, bool) {
        self.f.system(self.x, &self.y, &mut self.k[0]);

        self.populate_buffer(0, self.half_step);
        self.f
            .system(self.x + self.half_step, &self.buffer, &mut self.k[1]);

        self.populate_buffer(1, self.half_step);
        self.f
            .system(self.x + self.half_step, &self.buffer, &mut self.k[2]);

        self.populate_buffer(2, self.step_size);
        self.f
            .system(self.x + self.step_size, &self.buffer, &mut self.k[3]);

        let x_new = self.x + self.step_size;

        let mut y_new = self.y.clone();

        for (idx, y_elem) in y_new.iter_mut().enumerate() {
            let two = T::from(2.).unwrap();
            *y_elem +=
                (self.k[0][idx] + self.k[1][idx] * two + self.k[2][idx] * two + self.k[3][idx])
                    * (self.step_size / T::from(6.).unwrap());
        }

        // Early abortion check
        let abort = self.f.solout(x_new, &y_new, &self.k[0]);
        (x_new, y_new, abort)
    }
    // from github.com/srenevey/ode-solvers@921857e6801e (crate ode_solvers 0.6.1), src/rk4.rs L134-L143, license Apache-2.0  [target: Rk4::populate_buffer]
    /// Populate the buffer with the sum of y and the previous k-value
    fn populate_buffer(&mut self, idx: usize, step: T) {
        self.buffer
            .iter_mut()
            .zip(self.y.iter())
            .zip(self.k[idx].iter())
            .for_each(|((buffer_elem, y_elem), k_prev_elem)| {
                *buffer_elem = *y_elem + *k_prev_elem * step
            })
    }
} // [survey] end of excerpt

// from github.com/srenevey/ode-solvers@921857e6801e (crate ode_solvers 0.6.1), examples/kepler_orbit.rs L51-L72, license Apache-2.0  [struct KeplerOrbit + impl System<f64, State> for KeplerOrbit]
struct KeplerOrbit {
    mu: f64,
}

impl System<f64, State> for KeplerOrbit {
    // Equations of motion of the system
    fn system(&self, _t: Time, y: &State, dy: &mut State) {
        let r = (y[0] * y[0] + y[1] * y[1] + y[2] * y[2]).sqrt();

        dy[0] = y[3];
        dy[1] = y[4];
        dy[2] = y[5];
        dy[3] = -self.mu * y[0] / r.powi(3);
        dy[4] = -self.mu * y[1] / r.powi(3);
        dy[5] = -self.mu * y[2] / r.powi(3);
    }

    // Stop the integration if x exceeds 25,500 km. Optional
    // fn solout(&mut self, _t: Time, y: &State, _dy: &State) -> bool {
    // y[0] > 25500.
    // }
}

// from github.com/srenevey/ode-solvers@921857e6801e (crate ode_solvers 0.6.1), examples/lorenz.rs L42-L54, license Apache-2.0  [struct LorenzAttractor + impl System<f64, State> for LorenzAttractor]
struct LorenzAttractor {
    sigma: f64,
    beta: f64,
    rho: f64,
}

impl System<f64, State> for LorenzAttractor {
    fn system(&self, _t: Time, y: &State, dy: &mut State) {
        dy[0] = self.sigma * (y[1] - y[0]);
        dy[1] = y[0] * (self.rho - y[2]) - y[1];
        dy[2] = y[0] * y[1] - self.beta * y[2];
    }
}

// from github.com/srenevey/ode-solvers@921857e6801e (crate ode_solvers 0.6.1), examples/three_body_system.rs L40-L59, license Apache-2.0  [struct ThreeBodyProblem + impl System<f64, State> for ThreeBodyProblem]
struct ThreeBodyProblem {
    mu: f64,
}

impl System<f64, State> for ThreeBodyProblem {
    fn system(&self, _t: Time, y: &State, dy: &mut State) {
        let d = ((y[0] + self.mu).powi(2) + y[1].powi(2) + y[2].powi(2)).sqrt();
        let r = ((y[0] - 1.0 + self.mu).powi(2) + y[1].powi(2) + y[2].powi(2)).sqrt();

        dy[0] = y[3];
        dy[1] = y[4];
        dy[2] = y[5];
        dy[3] = y[0] + 2.0 * y[4]
            - (1.0 - self.mu) * (y[0] + self.mu) / d.powi(3)
            - self.mu * (y[0] - 1.0 + self.mu) / r.powi(3);
        dy[4] =
            -2.0 * y[3] + y[1] - (1.0 - self.mu) * y[1] / d.powi(3) - self.mu * y[1] / r.powi(3);
        dy[5] = -(1.0 - self.mu) * y[2] / d.powi(3) - self.mu * y[2] / r.powi(3);
    }
}

// from github.com/srenevey/ode-solvers@921857e6801e (crate ode_solvers 0.6.1), examples/chemical_reaction.rs L28-L36, license Apache-2.0  [struct ChemicalReaction + impl System<f64, State> for ChemicalReaction]
struct ChemicalReaction;

impl System<f64, State> for ChemicalReaction {
    fn system(&self, _: Time, y: &State, dy: &mut State) {
        dy[0] = -0.04 * y[0] + 10000. * y[1] * y[2];
        dy[1] = 0.04 * y[0] - 10000. * y[1] * y[2] - 3. * 10_f64.powi(7) * y[1] * y[1];
        dy[2] = 3. * 10_f64.powi(7) * y[1] * y[1];
    }
}
