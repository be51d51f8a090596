// [survey] Verbatim excerpts from the `geo` crate, collected as source material for the `ad` test suite.
// [survey] Source repository: https://github.com/georust/geo at commit 1da0849b5e370df18baeeab8c085bd601fdac299 (crate version 0.33.1).
// [survey] License: MIT OR Apache-2.0. Copyright remains with the original authors; the license text is in
// [survey]   /work/real-survey/licenses/geo-* (copied from LICENSE-MIT, LICENSE-APACHE).
// [survey] These excerpts are NOT a standalone compilable module. They rely on: geo-types (Point, point!), crate::CoordFloat (num_traits::Float + ..), num_traits::FromPrimitive, traits Bearing/Destination/Distance from crate::line_measures, thiserror.
// [survey] Every item is preceded by a `// from ...` provenance line (repo@commit, path, line range, license).
// [survey] Text between provenance lines is copied byte-for-byte; only lines/comments tagged [survey] were added.

// [survey] top-level imports of geo/src/algorithm/line_measures/metric_spaces/haversine.rs (commented out; shown for context):
// use num_traits::FromPrimitive;
// use super::super::{Bearing, Destination, Distance, InterpolatePoint};
// use crate::utils::normalize_longitude;
// use crate::{CoordFloat, Point};
// [survey] top-level imports of geo/src/algorithm/vincenty_distance.rs (commented out; shown for context):
// use crate::{CoordFloat, EARTH_FLATTENING, EQUATORIAL_EARTH_RADIUS, POLAR_EARTH_RADIUS, Point};
// use num_traits::FromPrimitive;
// [survey] top-level imports of geo/src/algorithm/rhumb/mod.rs (commented out; shown for context):
// use crate::{CoordFloat, Point, point, utils::normalize_longitude};
// use num_traits::FromPrimitive;
// pub use distance::RhumbDistance;
// pub use bearing::RhumbBearing;
// pub use destination::RhumbDestination;
// pub use intermediate::RhumbIntermediate;
// pub use length::RhumbLength;
// [survey] top-level imports of geo/src/utils.rs (commented out; shown for context):
// use crate::GeoNum;
// use geo_types::{Coord, CoordFloat};
// use num_traits::FromPrimitive;
// use std::cmp::Ordering;

// from github.com/georust/geo@1da0849b5e37 (crate geo 0.33.1), geo/src/lib.rs L335-L343, license MIT OR Apache-2.0  [earth constants]
// Radius of Earth at the equator in meters (derived from the WGS-84 ellipsoid)
const EQUATORIAL_EARTH_RADIUS: f64 = 6_378_137.0;

// Radius of Earth at the poles in meters (derived from the WGS-84 ellipsoid)
const POLAR_EARTH_RADIUS: f64 = 6_356_752.314_245;

// Flattening of the WGS-84 ellipsoid - https://en.wikipedia.org/wiki/Flattening
const EARTH_FLATTENING: f64 =
    (EQUATORIAL_EARTH_RADIUS - POLAR_EARTH_RADIUS) / EQUATORIAL_EARTH_RADIUS;

// from github.com/georust/geo@1da0849b5e37 (crate geo 0.33.1), geo/src/utils.rs L111-L118, license MIT OR Apache-2.0  [target]
/// Normalize a longitude to coordinate to ensure it's within [-180,180]
pub fn normalize_longitude<T: CoordFloat + FromPrimitive>(coord: T) -> T {
    let one_eighty = T::from(180.0f64).unwrap();
    let three_sixty = T::from(360.0f64).unwrap();
    let five_forty = T::from(540.0f64).unwrap();

    ((coord + five_forty) % three_sixty) - one_eighty
}

// from github.com/georust/geo@1da0849b5e37 (crate geo 0.33.1), geo/src/algorithm/line_measures/metric_spaces/haversine.rs L7-L65, license MIT OR Apache-2.0  [helper: struct HaversineMeasure]
/// Use the [`Haversine`] constant (an instance of `HaversineMeasure`) rather than building your own
/// customized [`HaversineMeasure`] for standard spherical Earth measurements.
///
/// `HaversineMeasure` measures distance on a sphere using the [haversine formula].
/// Distances are considered [great circle] lengths and given in units that match those of
/// the `radius` passed to [`HaversineMeasure::new`] (typically meters).
///
/// You may specify a custom radius for the Earth (or other sphere), but for normal spherical
/// measurements of the Earth, you should use the simpler [`Haversine`] which uses the standard
/// earth radius of 6371.0088 km (6_371_008.7714 m), based on the recommendation of the IUGG.
///
/// # Examples
///
/// ```
/// # use approx::assert_relative_eq;
/// use geo::{wkt, HaversineMeasure, Haversine, Distance};
///
/// let start = wkt!(POINT(23.319941 42.698334)); // Sofia: Longitude, Latitude
/// let finish = wkt!(POINT(24.742168 42.136097)); // Plovdiv: Longitude, Latitude
///
/// // Typically, you can use `Haversine` for measuring on the Earth's surface.
/// assert_relative_eq!(
///     132433.09929460194,
///     Haversine.distance(start, finish)
/// );
///
/// // The default `Haversine` const has a radius equal to the mean radius of the GRS80 ellipsoid (6371.0088 km).
/// assert_relative_eq!(
///     Haversine.radius(),
///     HaversineMeasure::GRS80_MEAN_RADIUS.radius()
/// );
///
/// // You may choose to use one of the other well known estimations of the Earth's radius,
/// // which may result in *slightly* different results.
/// assert_relative_eq!(
///     132433.06564071847,
///     HaversineMeasure::GRS80_EQUAL_AREA.distance(start, finish)
/// );
///
/// // Or you can specify whatever radius you want to get some "out of this world" results.
/// let mars_sphere = HaversineMeasure::new(3_389_500.0); // 👽 Mars radius in meters
/// assert_relative_eq!(
///     70456.97222377927,
///     mars_sphere.distance(start, finish)
/// );
/// ```
///
/// # References
///
/// Moritz, H. (2000). Geodetic Reference System 1980. Journal of Geodesy, 74(1), 128–133. doi:10.1007/s001900050278
/// "Derived Geometric Constants: **R1: mean radius**" (p131)
/// - <https://link.springer.com/article/10.1007%2Fs001900050278>
/// - <https://sci-hub.se/https://doi.org/10.1007/s001900050278>
///
/// [haversine formula]: https://en.wikipedia.org/wiki/Haversine_formula
/// [great circle]: https://en.wikipedia.org/wiki/Great_circle
pub struct HaversineMeasure {
    radius: f64,
}

// from github.com/georust/geo@1da0849b5e37 (crate geo 0.33.1), geo/src/algorithm/line_measures/metric_spaces/haversine.rs L157-L197, license MIT OR Apache-2.0  [impl<F: CoordFloat + FromPrimitive> Bearing<F> for HaversineMeasure]
impl<F: CoordFloat + FromPrimitive> Bearing<F> for HaversineMeasure {
    /// Returns the bearing from `origin` to `destination` in degrees along a [great circle].
    ///
    /// # Units
    ///
    /// - `origin`, `destination`: Points where x/y are lon/lat degree coordinates
    /// - returns: degrees, where: North: 0°, East: 90°, South: 180°, West: 270°
    ///
    /// # Examples
    ///
    /// ```
    /// # use approx::assert_relative_eq;
    /// use geo::{Haversine, Bearing};
    /// use geo::Point;
    ///
    /// let origin = Point::new(9.0, 10.0);
    /// let destination = Point::new(9.5, 10.1);
    /// let bearing = Haversine.bearing(origin, destination);
    /// // A little north of east
    /// assert_relative_eq!(bearing, 78.47, epsilon = 1.0e-2);
    /// ```
    ///
    /// # References
    ///
    /// Bullock, R.: Great Circle Distances and Bearings Between Two Locations, 2007.
    /// (<https://dtcenter.org/met/users/docs/write_ups/gc_simple.pdf>)
    ///
    /// [great circle]: https://en.wikipedia.org/wiki/Great_circle
    fn bearing(&self, origin: Point<F>, destination: Point<F>) -> F {
        let three_sixty =
            F::from(360.0).expect("Numeric type to be constructable from primitive 360");
        let (lng_a, lat_a) = (origin.x().to_radians(), origin.y().to_radians());
        let (lng_b, lat_b) = (destination.x().to_radians(), destination.y().to_radians());
        let delta_lng = lng_b - lng_a;
        let s = lat_b.cos() * delta_lng.sin();
        let c = lat_a.cos() * lat_b.sin() - lat_a.sin() * lat_b.cos() * delta_lng.cos();

        let degrees = F::atan2(s, c).to_degrees();
        (degrees + three_sixty) % three_sixty
    }
}

// from github.com/georust/geo@1da0849b5e37 (crate geo 0.33.1), geo/src/algorithm/line_measures/metric_spaces/haversine.rs L199-L237, license MIT OR Apache-2.0  [impl<F: CoordFloat + FromPrimitive> Destination<F> for HaversineMeasure]
impl<F: CoordFloat + FromPrimitive> Destination<F> for HaversineMeasure {
    /// Returns a new point having travelled the `distance` along a [great circle]
    /// from the `origin` point with the given `bearing`.
    ///
    /// # Units
    ///
    /// - `origin`: Point where x/y are lon/lat degree coordinates
    /// - `bearing`: degrees, where: North: 0°, East: 90°, South: 180°, West: 270°
    /// - `distance`: meters
    /// - returns: Point where x/y are lon/lat degree coordinates
    ///
    /// # Examples
    ///
    /// ```
    /// # use approx::assert_relative_eq;
    /// use geo::{Haversine, Destination};
    /// use geo::Point;
    ///
    /// let origin = Point::new(9.177789688110352, 48.776781529534965);
    /// let destination = Haversine.destination(origin, 45., 10000.);
    /// assert_relative_eq!(Point::new(9.274409949623532, 48.84033274015048), destination);
    /// ```
    fn destination(&self, origin: Point<F>, bearing: F, meters: F) -> Point<F> {
        let center_lng = origin.x().to_radians();
        let center_lat = origin.y().to_radians();
        let bearing_rad = bearing.to_radians();

        let rad = meters / F::from(self.radius).unwrap();

        let lat =
            { center_lat.sin() * rad.cos() + center_lat.cos() * rad.sin() * bearing_rad.cos() }
                .asin();
        let lng = { bearing_rad.sin() * rad.sin() * center_lat.cos() }
            .atan2(rad.cos() - center_lat.sin() * lat.sin())
            + center_lng;

        Point::new(normalize_longitude(lng.to_degrees()), lat.to_degrees())
    }
}

// from github.com/georust/geo@1da0849b5e37 (crate geo 0.33.1), geo/src/algorithm/line_measures/metric_spaces/haversine.rs L239-L278, license MIT OR Apache-2.0  [impl<F: CoordFloat + FromPrimitive> Distance<F, Point<F>, Point<F>> for HaversineMeasure]
impl<F: CoordFloat + FromPrimitive> Distance<F, Point<F>, Point<F>> for HaversineMeasure {
    /// Determine the distance between two points using the [haversine formula].
    ///
    /// # Units
    ///
    /// - `origin`, `destination`: Points where x/y are lon/lat degree coordinates
    /// - returns: meters
    ///
    /// # Examples
    ///
    /// ```
    /// # use approx::assert_relative_eq;
    /// use geo::{Haversine, Distance};
    /// use geo::Point;
    ///
    /// let new_york_city = Point::new(-74.006f64, 40.7128f64);
    /// let london = Point::new(-0.1278f64, 51.5074f64);
    ///
    /// let distance = Haversine.distance(new_york_city, london);
    ///
    /// assert_relative_eq!(
    ///     5_570_230., // meters
    ///     distance.round()
    /// );
    /// ```
    ///
    /// [haversine formula]: https://en.wikipedia.org/wiki/Haversine_formula
    fn distance(&self, origin: Point<F>, destination: Point<F>) -> F {
        let two = F::one() + F::one();
        let theta1 = origin.y().to_radians();
        let theta2 = destination.y().to_radians();
        let delta_theta = (destination.y() - origin.y()).to_radians();
        let delta_lambda = (destination.x() - origin.x()).to_radians();
        let a = (delta_theta / two).sin().powi(2)
            + theta1.cos() * theta2.cos() * (delta_lambda / two).sin().powi(2);
        let a_clamped = a.min(F::one());
        let c = two * a_clamped.sqrt().asin();
        F::from(self.radius).unwrap() * c
    }
}

// from github.com/georust/geo@1da0849b5e37 (crate geo 0.33.1), geo/src/algorithm/vincenty_distance.rs L45-L162, license MIT OR Apache-2.0  [impl<T> VincentyDistance<T, Point<T>> for Point<T> where T: CoordFloat + FromPrimitive]
impl<T> VincentyDistance<T, Point<T>> for Point<T>
where
    T: CoordFloat + FromPrimitive,
{
    #[allow(non_snake_case)]
    fn vincenty_distance(&self, rhs: &Point<T>) -> Result<T, FailedToConvergeError> {
        let t_1 = T::one();
        let t_2 = T::from(2).unwrap();
        let t_3 = T::from(3).unwrap();
        let t_4 = T::from(4).unwrap();
        let t_6 = T::from(6).unwrap();
        let t_47 = T::from(47).unwrap();
        let t_16 = T::from(16).unwrap();
        let t_74 = T::from(74).unwrap();
        let t_128 = T::from(128).unwrap();
        let t_175 = T::from(175).unwrap();
        let t_256 = T::from(256).unwrap();
        let t_320 = T::from(320).unwrap();
        let t_768 = T::from(768).unwrap();
        let t_1024 = T::from(1024).unwrap();
        let t_4096 = T::from(4096).unwrap();
        let t_16384 = T::from(16384).unwrap();

        let a = T::from(EQUATORIAL_EARTH_RADIUS).unwrap();
        let b = T::from(POLAR_EARTH_RADIUS).unwrap();
        let f = T::from(EARTH_FLATTENING).unwrap();
        // Difference in longitude
        let L = (rhs.x() - self.x()).to_radians();
        // Reduced latitude (latitude on the auxiliary sphere)
        let U1 = ((t_1 - f) * self.y().to_radians().tan()).atan();
        // Reduced latitude (latitude on the auxiliary sphere)
        let U2 = ((t_1 - f) * rhs.y().to_radians().tan()).atan();
        let (sinU1, cosU1) = U1.sin_cos();
        let (sinU2, cosU2) = U2.sin_cos();
        let mut cosSqAlpha;
        let mut sinSigma;
        let mut cos2SigmaM;
        let mut cosSigma;
        let mut sigma;
        // Longitude of the points on the auxiliary sphere
        let mut lambda = L;
        let mut lambdaP;
        let mut iterLimit = 100;

        loop {
            let (sinLambda, cosLambda) = lambda.sin_cos();
            sinSigma = ((cosU2 * sinLambda) * (cosU2 * sinLambda)
                + (cosU1 * sinU2 - sinU1 * cosU2 * cosLambda)
                    * (cosU1 * sinU2 - sinU1 * cosU2 * cosLambda))
                .sqrt();

            if sinSigma.is_zero() {
                return if self == rhs {
                    // coincident points
                    Ok(T::zero())
                } else {
                    // antipodal points, for which vincenty does not converge
                    Err(FailedToConvergeError)
                };
            }

            cosSigma = sinU1 * sinU2 + cosU1 * cosU2 * cosLambda;
            sigma = sinSigma.atan2(cosSigma);
            let sinAlpha = cosU1 * cosU2 * sinLambda / sinSigma;
            cosSqAlpha = t_1 - sinAlpha * sinAlpha;

            if cosSqAlpha.is_zero() {
                // equatorial geodesics require special handling
                // per [Algorithms for geodesics, Charles F. F. Karney](https://arxiv.org/pdf/1109.4448.pdf)
                cos2SigmaM = T::zero()
            } else {
                cos2SigmaM = cosSigma - t_2 * sinU1 * sinU2 / cosSqAlpha;
            }

            let C = f / t_16 * cosSqAlpha * (t_4 + f * (t_4 - t_3 * cosSqAlpha));
            lambdaP = lambda;
            lambda = L
                + (t_1 - C)
                    * f
                    * sinAlpha
                    * (sigma
                        + C * sinSigma
                            * (cos2SigmaM + C * cosSigma * (-t_1 + t_2 * cos2SigmaM * cos2SigmaM)));

            if (lambda - lambdaP).abs() <= T::from(1e-12).unwrap() {
                break;
            }

            iterLimit -= 1;

            if iterLimit == 0 {
                break;
            }
        }

        if iterLimit == 0 {
            return Err(FailedToConvergeError);
        }

        let uSq = cosSqAlpha * (a * a - b * b) / (b * b);
        let A = t_1 + uSq / t_16384 * (t_4096 + uSq * (-t_768 + uSq * (t_320 - t_175 * uSq)));
        let B = uSq / t_1024 * (t_256 + uSq * (-t_128 + uSq * (t_74 - t_47 * uSq)));

        let deltaSigma = B
            * sinSigma
            * (cos2SigmaM
                + B / t_4
                    * (cosSigma * (-t_1 + t_2 * cos2SigmaM * cos2SigmaM)
                        - B / t_6
                            * cos2SigmaM
                            * (-t_3 + t_4 * sinSigma * sinSigma)
                            * (-t_3 + t_4 * cos2SigmaM * cos2SigmaM)));

        let s = b * A * (sigma - deltaSigma);

        Ok(s)
    }
}

// from github.com/georust/geo@1da0849b5e37 (crate geo 0.33.1), geo/src/algorithm/vincenty_distance.rs L164-L166, license MIT OR Apache-2.0  [helper: struct FailedToConvergeError]
#[derive(Eq, PartialEq, Debug, thiserror::Error)]
#[error("Vincenty algorithm failed to converge")]
pub struct FailedToConvergeError;

// from github.com/georust/geo@1da0849b5e37 (crate geo 0.33.1), geo/src/algorithm/rhumb/mod.rs L32-L39, license MIT OR Apache-2.0  [helper: struct RhumbCalculations]
pub(crate) struct RhumbCalculations<T: CoordFloat + FromPrimitive> {
    from: Point<T>,
    to: Point<T>,
    phi1: T,
    delta_lambda: T,
    delta_phi: T,
    delta_psi: T,
}

// [survey] excerpt of the block opened at geo/src/algorithm/rhumb/mod.rs L41; only the items below are copied, the closing brace is added by the survey
impl<T: CoordFloat + FromPrimitive> RhumbCalculations<T> {
    // from github.com/georust/geo@1da0849b5e37 (crate geo 0.33.1), geo/src/algorithm/rhumb/mod.rs L42-L69, license MIT OR Apache-2.0  [target: RhumbCalculations::new]
    pub(crate) fn new(from: &Point<T>, to: &Point<T>) -> Self {
        let pi = T::from(std::f64::consts::PI).unwrap();
        let two = T::one() + T::one();
        let four = two + two;

        let phi1 = from.y().to_radians();
        let phi2 = to.y().to_radians();
        let mut delta_lambda = (to.x() - from.x()).to_radians();
        // if delta_lambda is over 180° take shorter rhumb line across the anti-meridian:
        if delta_lambda > pi {
            delta_lambda = delta_lambda - (two * pi);
        }
        if delta_lambda < -pi {
            delta_lambda = delta_lambda + (two * pi);
        }

        let delta_psi = ((phi2 / two + pi / four).tan() / (phi1 / two + pi / four).tan()).ln();
        let delta_phi = phi2 - phi1;

        RhumbCalculations {
            from: *from,
            to: *to,
            phi1,
            delta_lambda,
            delta_phi,
            delta_psi,
        }
    }
    // from github.com/georust/geo@1da0849b5e37 (crate geo 0.33.1), geo/src/algorithm/rhumb/mod.rs L71-L73, license MIT OR Apache-2.0  [target: RhumbCalculations::theta]
    pub(crate) fn theta(&self) -> T {
        self.delta_lambda.atan2(self.delta_psi)
    }
    // from github.com/georust/geo@1da0849b5e37 (crate geo 0.33.1), geo/src/algorithm/rhumb/mod.rs L75-L84, license MIT OR Apache-2.0  [target: RhumbCalculations::delta]
    pub(crate) fn delta(&self) -> T {
        let threshold = T::from(10.0e-12).unwrap();
        let q = if self.delta_psi.abs() > threshold {
            self.delta_phi / self.delta_psi
        } else {
            self.phi1.cos()
        };

        (self.delta_phi * self.delta_phi + q * q * self.delta_lambda * self.delta_lambda).sqrt()
    }
} // [survey] end of excerpt

// from github.com/georust/geo@1da0849b5e37 (crate geo 0.33.1), geo/src/algorithm/rhumb/mod.rs L135-L173, license MIT OR Apache-2.0  [target]
pub(crate) fn calculate_destination<T: CoordFloat + FromPrimitive>(
    delta: T,
    lambda1: T,
    phi1: T,
    theta: T,
) -> Point<T> {
    let pi = T::from(std::f64::consts::PI).unwrap();
    let two = T::one() + T::one();
    let four = two + two;
    let threshold = T::from(10.0e-12).unwrap();

    let delta_phi = delta * theta.cos();
    let mut phi2 = phi1 + delta_phi;

    // check for some daft bugger going past the pole, normalise latitude if so
    if phi2.abs() > pi / two {
        phi2 = if phi2 > T::zero() {
            pi - phi2
        } else {
            -pi - phi2
        };
    }

    let delta_psi = ((phi2 / two + pi / four).tan() / (phi1 / two + pi / four).tan()).ln();
    // E-W course becomes ill-conditioned with 0/0
    let q = if delta_psi.abs() > threshold {
        delta_phi / delta_psi
    } else {
        phi1.cos()
    };

    let delta_lambda = (delta * theta.sin()) / q;
    let lambda2 = lambda1 + delta_lambda;

    point! {
        x: normalize_longitude(lambda2.to_degrees()),
        y: phi2.to_degrees(),
    }
}
