//! Game-agnostic two-player game-tree search.
//!
//! Plug in a game by implementing [`Game`] (and [`Evaluate`] for its horizon positions), then
//! search it with any [`Searcher`]:
//!
//! - [`reference`](mod@reference): the textbook algorithms, short and narrated: two-sided minimax, negamax and
//!   alpha-beta in both formulations, minimax with quiescence. They are the oracles.
//! - [`engine`]: the optimised searcher, its features (transposition table, killers, history,
//!   PVS, MTD(f), null move, quiescence, ...) runtime options, cross-checked against them.
//! - [`testing`](mod@testing): the cross-checking harness that holds any searcher to a reference on your game.
//! - [`chance`]: games with dice: the exact value of a chance node (expectiminimax) and the
//!   window arithmetic of Star1 and Star2, which the engine uses to prune there.
//! - [`random_tree`]: a seeded synthetic game for property tests (with chance levels too).
//! - [`trace`](mod@trace): every searcher's `with_trace`: the tree it walked, as text, Graphviz DOT
//!   or SVG.
//!
//! What the machine lends a search, its threads and its table's memory, is a [`Resources`]
//! value of its own, apart from what the engine does.
//!
//! Scores are [`Score`]s (mate-distance aware), results are [`SearchResult`]s with
//! [`SearchStats`] counted the same way by every searcher, and [`Limits`] say when to stop.
//!
//! # Example
//!
//! ```
//! use search_core::{Game, Limits, MoveList, Outcome, Player, Score, Searcher};
//! use search_core::reference::AlphaBeta;
//!
//! /// Take 1 or 2 from a pile; whoever takes the last item wins.
//! #[derive(Clone, Debug)]
//! struct Pile { items: u32, to_move: Player }
//!
//! impl Game for Pile {
//!     type Move = u32;
//!     fn to_move(&self) -> Player { self.to_move }
//!     fn generate_moves(&self, moves: &mut MoveList<u32>) {
//!         moves.extend(1..=self.items.min(2));
//!     }
//!     fn play(&self, take: u32) -> Self {
//!         Pile { items: self.items - take, to_move: self.to_move.opponent() }
//!     }
//!     fn outcome(&self, legal_moves: usize) -> Option<Outcome> {
//!         (legal_moves == 0).then_some(Outcome::Loss)
//!     }
//! }
//!
//! // Nothing to evaluate but the end: a flat evaluation.
//! let mut searcher = AlphaBeta::new(|_: &Pile| Score::DRAW);
//! let result = searcher.search(&Pile { items: 5, to_move: Player::First }, &Limits::depth(10));
//! // Taking 2 leaves a multiple of 3: whatever the opponent takes, we take the rest on our
//! // second move (ply 3).
//! assert_eq!(result.best_move, Some(2));
//! assert_eq!(result.score, Score::mate_in(3));
//! assert_eq!(result.score.to_string(), "mate 2");
//! ```
#![warn(missing_docs)]

mod game;
mod limits;
mod memory;
mod move_list;
mod order;
mod resources;
mod score;
mod searcher;
mod stats;

pub mod chance;
pub mod engine;
pub mod mcts;
pub mod random_tree;
pub mod reference;
pub mod rng;
pub mod solve;
pub mod stack;
pub mod testing;
pub mod trace;
/// The crate's README, its example compiled and run as a doctest.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
#[doc = include_str!("tutorial.md")]
pub mod tutorial {}

pub use game::{Evaluate, Game, Outcome, Player, ZobristHash, outcome_score, static_score};
pub use limits::Limits;
pub use move_list::{INLINE_MOVES, MoveList};
pub use order::order_by_hint;
pub use resources::{DEFAULT_TABLE_MIB, MAX_TABLE_MIB, MAX_THREADS, ResourceError, Resources};
pub use score::{Bound, Score};
pub use searcher::{Proof, Reference, RootMove, SearchResult, Searcher};
pub use stats::SearchStats;
