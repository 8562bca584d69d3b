//! The lab's library: what the `compare` and `versus` programs in `examples/` share, kept here so
//! that it is unit-tested and the programs stay thin.

pub mod elo;
