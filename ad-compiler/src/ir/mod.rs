//! The intermediate representation: SSA with structured regions (see DESIGN.md).
//!
//! [`syntax`] holds the data types, [`entities`] the ids, [`pretty`] the textual form used in
//! snapshot tests and dumps, and [`verify`] the invariants every pass must keep.

pub mod entities;
pub mod mode;
pub mod pretty;
pub mod syntax;
pub mod verify;

pub use entities::ValueId;
pub use syntax::*;
