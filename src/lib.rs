//! The facade of the game-search workspace: re-exports its crates so that the lab programs in
//! `examples/` and the benches in `benches/` can use them from one place.
//!
//! - [`search_core`]: the game-agnostic traits, reference searchers, engine and cross-check harness.
//! - [`game_chess`]: chess over `shakmaty`.
//! - [`game_tictactoe`]: tic-tac-toe, searched exhaustively to validate every searcher.
//! - [`games`]: small games as library code: Nim, Connect Four, Kalah, Dots and Boxes, Pig and
//!   EinStein würfelt nicht! (dice).
#![warn(missing_docs)]

pub use game_chess;
pub use game_tictactoe;
pub use games;
pub use search_core;

/// The README's examples, compiled and run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
