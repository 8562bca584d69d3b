//! The reference searchers: one short, standalone, narrated file per textbook algorithm.
//!
//! They share no step of their algorithms, and that independence is their value: they are the
//! oracles every optimised searcher is cross-checked against (see [`crate::testing`]). Each file
//! holds its whole algorithm, its node function a screen long; what is not the algorithm is
//! written once, in the private `plumbing.rs` beside them: counting and tracing a node (as
//! [`SearchStats`](crate::SearchStats) and [`crate::trace`] define), a chance node's weighted mean
//! (as [`crate::chance`] rounds it; each searcher says how it views an outcome's value), the
//! driver's two ends (fresh statistics and trace, the [`SearchResult`](crate::SearchResult)) and
//! the root-move loop of [`Reference`](crate::Reference). They honour only the depth of
//! [`Limits`](crate::Limits) and always finish.
//!
//! | searcher | scores | visits |
//! |---|---|---|
//! | [`Minimax`] | absolute, first player maximises (the thesis's Appendix G) | every node |
//! | [`Negamax`] | side to move | every node |
//! | [`AlphaBeta`] | side to move, fail-soft | the nodes not proven irrelevant |
//! | [`AlphaBetaMinimax`] | absolute, fail-soft | the same nodes as `AlphaBeta` |
//! | [`MinimaxQuiescence`] | side to move, with quiescence search beyond the horizon | every node, every noisy line |
//!
//! Every one of them reads [`Game::to_move`](crate::Game::to_move) at every node, so they are
//! right for games where a player may move twice in a row: the two-sided ones maximise or
//! minimise by the side to move; the negamax-form ones negate a child's value (and negate and
//! swap its window) only when the side to move changes. [`Minimax`] is the reference of record.
//!
//! All of them search a node's moves in the game's own order ([`order_by_hint`](crate::order_by_hint):
//! by [`Game::order_hint`](crate::Game::order_hint), ties in generation order), ranked only at
//! the nodes whose moves they search. They report the root's value from the side to move's point
//! of view, the best move (the first among equals in that order), the principal variation and the
//! statistics, counted as [`SearchStats`](crate::SearchStats) defines.

pub mod alphabeta;
pub mod alphabeta_minimax;
pub mod minimax;
pub mod negamax;
mod plumbing;
pub mod quiescence;

pub use alphabeta::AlphaBeta;
pub use alphabeta_minimax::AlphaBetaMinimax;
pub use minimax::Minimax;
pub use negamax::Negamax;
pub use quiescence::MinimaxQuiescence;
