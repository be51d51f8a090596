//! Analyses over the IR. [`activity`] decides which values carry derivatives.

pub mod activity;

pub use activity::{Activity, analyze};
