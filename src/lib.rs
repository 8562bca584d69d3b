//! The facade of the game-search workspace: re-exports its search and game crates from one place,
//! for the example programs in `examples/` and the benches in `benches/` (run from the repository
//! root).
//!
//! - [`search_core`]: the game-agnostic traits, reference searchers, engine and cross-check harness.
//! - [`game_chess`]: chess over `shakmaty`.
//! - [`game_tictactoe`]: tic-tac-toe, searched exhaustively to validate every searcher.
//! - [`games`]: small games as library code: Nim, Connect Four, Kalah, Dots and Boxes, Pig and
//!   EinStein würfelt nicht! (dice).
//!
//! The lab (`game-search-lab`, in `lab/`) and the search studio (`game-search-studio`, in
//! `studio/`) are crates of their own: the examples reach them as dev-dependencies, so that this
//! facade builds none of their dependencies.
#![warn(missing_docs)]

pub use game_chess;
pub use game_tictactoe;
pub use games;
pub use search_core;

/// The README's examples, compiled and run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

/// The book's examples (the pages with Rust code), compiled and run as doctests.
#[doc = include_str!("../book/src/chance.md")]
#[cfg(doctest)]
pub struct BookChanceDoctests;
