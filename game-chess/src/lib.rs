//! Chess as a plugin for `search-core`: an adapter over [`shakmaty`], evaluations, the static move
//! orderings of the thesis, draw rules, and parsing of FEN, EPD and UCI moves.
//!
//! - [`ChessGame`] implements [`search_core::Game`] and [`search_core::ZobristHash`]; its
//!   [`ChessConfig`] chooses the [`MoveOrdering`] and whether repetition keys are given.
//! - [`eval`]: [`PointValues`], [`ThesisMaterial`], [`SimplifiedPst`], the default [`Tapered`]
//!   and [`TaperedPlus`], each an [`Evaluate`](search_core::Evaluate); [`Evaluation`] picks one
//!   at run time.
//! - [`GameHistory`]: the positions before the root, for repetition draws.
//! - [`EpdRecord`] and [`positions`]: test positions (the thesis's 24, its openings).
//! - [`perft`]: move-tree counts through the `Game` implementation.
//! - [`uci`]: the UCI protocol both ways (commands from a GUI, messages from an engine), time
//!   management and our UCI engine (the `game-search-uci` binary).
//!
//! ```
//! use game_chess::{ChessConfig, ChessGame, MoveOrdering, Tapered};
//! use search_core::{Limits, Searcher, reference::AlphaBeta};
//!
//! // Scholar's mate is one move away.
//! let fen = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
//! let game = ChessGame::from_fen(fen, ChessConfig::default().with_ordering(MoveOrdering::MvvLva))?;
//! let result = AlphaBeta::new(Tapered).search(&game, &Limits::depth(3));
//! assert_eq!(result.score.to_string(), "mate 1");
//! assert_eq!(game_chess::to_uci(result.best_move.unwrap()), "h5f7");
//! # Ok::<(), game_chess::Error>(())
//! ```
#![warn(missing_docs)]

mod epd;
mod error;
pub mod eval;
mod history;
mod noisy;
mod ordering;
mod position;
pub mod positions;
pub mod see;
pub mod uci;
mod uci_move;

pub use epd::{EpdRecord, parse_epd, parse_epd_file};
pub use error::Error;
pub use eval::{
    Classical, Evaluation, PieceValues, PointValues, SimplifiedPst, Tapered, TaperedPlus, ThesisMaterial,
    WhiteView,
};
pub use history::{GameHistory, repetition_count};
pub use ordering::MoveOrdering;
pub use position::{ChessConfig, ChessGame, FIFTY_MOVE_PLIES, perft};
pub use uci_move::{parse_uci_move, to_uci};

/// The shakmaty version this crate is built on, re-exported for its types (`Move`, `Chess`).
pub use shakmaty;

/// The README's example, compiled and run as a doctest.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
