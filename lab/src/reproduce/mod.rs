//! The `reproduce` program's experiments (being split into modules: the papers' play and timing
//! experiments in [`tournament`], the strength tables in [`strength`]).

pub mod strength;
mod tournament;

pub use tournament::*;
