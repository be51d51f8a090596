// [survey] Verbatim excerpts from the `colorgrad` crate, collected as source material for the `ad` test suite.
// [survey] Source repository: https://github.com/mazznoer/colorgrad-rs at commit 09988f05697a8652db297228c933e98d6a35934a (crate version 0.8.0).
// [survey] License: MIT OR Apache-2.0. Copyright remains with the original authors; the license text is in
// [survey]   /work/real-survey/licenses/colorgrad-* (copied from LICENSE-MIT, LICENSE-APACHE).
// [survey] These excerpts are NOT a standalone compilable module. They rely on: libm (sinf, cosf, roundf); csscolorparser::Color (struct { r, g, b, a: f32 }, Color::new); crate::Gradient trait (fn at(&self, t: f32) -> Color).
// [survey] Every item is preceded by a `// from ...` provenance line (repo@commit, path, line range, license).
// [survey] Text between provenance lines is copied byte-for-byte; only lines/comments tagged [survey] were added.

// [survey] top-level imports of src/preset.rs (commented out; shown for context):
// use alloc::vec::Vec;
// use core::f32::consts::{FRAC_PI_3, PI};
// use libm::{cosf, roundf, sinf};
// use crate::utils::linspace;
// use crate::{BasisGradient, BlendMode, Color, Gradient};

// from github.com/mazznoer/colorgrad-rs@09988f05697a (crate colorgrad 0.8.0), src/utils.rs L15-L23, license MIT OR Apache-2.0  [target]
#[inline]
pub(crate) fn interpolate_linear(a: &[f32; 4], b: &[f32; 4], t: f32) -> [f32; 4] {
    [
        a[0] + t * (b[0] - a[0]),
        a[1] + t * (b[1] - a[1]),
        a[2] + t * (b[2] - a[2]),
        a[3] + t * (b[3] - a[3]),
    ]
}

// from github.com/mazznoer/colorgrad-rs@09988f05697a (crate colorgrad 0.8.0), src/utils.rs L25-L33, license MIT OR Apache-2.0  [target]
#[inline]
pub(crate) fn interpolate_smoothstep(a: &[f32; 4], b: &[f32; 4], t: f32) -> [f32; 4] {
    [
        (b[0] - a[0]) * (3.0 - t * 2.0) * t * t + a[0],
        (b[1] - a[1]) * (3.0 - t * 2.0) * t * t + a[1],
        (b[2] - a[2]) * (3.0 - t * 2.0) * t * t + a[2],
        (b[3] - a[3]) * (3.0 - t * 2.0) * t * t + a[3],
    ]
}

// from github.com/mazznoer/colorgrad-rs@09988f05697a (crate colorgrad 0.8.0), src/utils.rs L48-L51, license MIT OR Apache-2.0  [target]
#[inline]
pub(crate) fn modulo(x: f32, y: f32) -> f32 {
    (x % y + y) % y
}

// from github.com/mazznoer/colorgrad-rs@09988f05697a (crate colorgrad 0.8.0), src/utils.rs L53-L57, license MIT OR Apache-2.0  [target]
// Map t from range [a, b] to range [0, 1]
#[inline]
pub(crate) fn norm(t: f32, a: f32, b: f32) -> f32 {
    (t - a) * (1.0 / (b - a))
}

// from github.com/mazznoer/colorgrad-rs@09988f05697a (crate colorgrad 0.8.0), src/gradient/basis.rs L11-L20, license MIT OR Apache-2.0  [target]
#[inline]
fn basis(t1: f32, v0: f32, v1: f32, v2: f32, v3: f32) -> f32 {
    let t2 = t1 * t1;
    let t3 = t2 * t1;
    ((1.0 - 3.0 * t1 + 3.0 * t2 - t3) * v0
        + (4.0 - 6.0 * t2 + 3.0 * t3) * v1
        + (1.0 + 3.0 * t1 + 3.0 * t2 - 3.0 * t3) * v2
        + t3 * v3)
        / 6.0
}

// from github.com/mazznoer/colorgrad-rs@09988f05697a (crate colorgrad 0.8.0), src/preset.rs L21-L21, license MIT OR Apache-2.0  [helper: const PI2_3]
const PI2_3: f32 = PI * 2.0 / 3.0;

// from github.com/mazznoer/colorgrad-rs@09988f05697a (crate colorgrad 0.8.0), src/preset.rs L23-L45, license MIT OR Apache-2.0  [struct SinebowGradient + fn sinebow + impl Gradient for SinebowGradient]
// Sinebow

#[derive(Debug, Clone)]
pub struct SinebowGradient {}

pub fn sinebow() -> SinebowGradient {
    SinebowGradient {}
}

impl Gradient for SinebowGradient {
    fn at(&self, t: f32) -> Color {
        let t = (0.5 - t) * PI;
        let r = sinf(t);
        let g = sinf(t + FRAC_PI_3);
        let b = sinf(t + PI2_3);
        Color::new(
            (r * r).clamp(0.0, 1.0),
            (g * g).clamp(0.0, 1.0),
            (b * b).clamp(0.0, 1.0),
            1.0,
        )
    }
}

// from github.com/mazznoer/colorgrad-rs@09988f05697a (crate colorgrad 0.8.0), src/preset.rs L47-L75, license MIT OR Apache-2.0  [struct TurboGradient + fn turbo + impl Gradient for TurboGradient]
// Turbo

#[derive(Debug, Clone)]
pub struct TurboGradient {}

pub fn turbo() -> TurboGradient {
    TurboGradient {}
}

impl Gradient for TurboGradient {
    fn at(&self, t: f32) -> Color {
        let t = t.clamp(0.0, 1.0);
        let r = roundf(
            34.61 + t * (1172.33 - t * (10793.56 - t * (33300.12 - t * (38394.49 - t * 14825.05)))),
        );
        let g = roundf(
            23.31 + t * (557.33 + t * (1225.33 - t * (3574.96 - t * (1073.77 + t * 707.56)))),
        );
        let b = roundf(
            27.2 + t * (3211.1 - t * (15327.97 - t * (27814.0 - t * (22569.18 - t * 6838.66)))),
        );
        Color::new(
            (r / 255.0).clamp(0.0, 1.0),
            (g / 255.0).clamp(0.0, 1.0),
            (b / 255.0).clamp(0.0, 1.0),
            1.0,
        )
    }
}

// from github.com/mazznoer/colorgrad-rs@09988f05697a (crate colorgrad 0.8.0), src/preset.rs L106-L138, license MIT OR Apache-2.0  [struct Cubehelix + impl Cubehelix]
// Cubehelix

#[derive(Debug, Clone)]
struct Cubehelix {
    h: f32,
    s: f32,
    l: f32,
}

impl Cubehelix {
    fn to_color(&self) -> Color {
        let h = (self.h + 120.0) * (PI / 180.0);
        let l = self.l;
        let a = self.s * l * (1.0 - l);

        let cosh = cosf(h);
        let sinh = sinf(h);

        let r = l - a * (0.14861 * cosh - 1.78277 * sinh);
        let g = l - a * (0.29227 * cosh + 0.90649 * sinh);
        let b = l + a * (1.97294 * cosh);

        Color::new(r.clamp(0.0, 1.0), g.clamp(0.0, 1.0), b.clamp(0.0, 1.0), 1.0)
    }

    fn interpolate(&self, other: &Cubehelix, t: f32) -> Cubehelix {
        Cubehelix {
            h: self.h + t * (other.h - self.h),
            s: self.s + t * (other.s - self.s),
            l: self.l + t * (other.l - self.l),
        }
    }
}

// from github.com/mazznoer/colorgrad-rs@09988f05697a (crate colorgrad 0.8.0), src/preset.rs L201-L221, license MIT OR Apache-2.0  [struct RainbowGradient + fn rainbow + impl Gradient for RainbowGradient]
// Rainbow

#[derive(Debug, Clone)]
pub struct RainbowGradient {}

pub fn rainbow() -> RainbowGradient {
    RainbowGradient {}
}

impl Gradient for RainbowGradient {
    fn at(&self, t: f32) -> Color {
        let t = t.clamp(0.0, 1.0);
        let ts = (t - 0.5).abs();
        Cubehelix {
            h: 360.0 * t - 100.0,
            s: 1.5 - 1.5 * ts,
            l: 0.8 - 0.9 * ts,
        }
        .to_color()
    }
}
