//! [`Searcher`], the trait every searcher implements, and its [`SearchResult`].

use crate::{Game, Limits, Score, SearchStats};

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<M> {
    /// The root's value from the point of view of the side to move at the root (for every
    /// searcher, the two-sided minimax included).
    pub score: Score,
    /// The best move, or `None` when the root is finished or was searched to depth 0.
    pub best_move: Option<M>,
    /// The principal variation: the best line from the root, starting with `best_move`.
    pub pv: Vec<M>,
    /// The depth (plies) of the last completed search.
    pub depth: u32,
    /// What the search did.
    pub stats: SearchStats,
}

/// A game-tree searcher: a reference algorithm or a configured engine.
///
/// Searchers own their evaluator and their configuration, so that a list of differently
/// configured searchers can be run side by side (`Vec<Box<dyn Searcher<G>>>`).
pub trait Searcher<G: Game> {
    /// A short name for reports ("alphabeta", "engine(tt,killers)").
    fn name(&self) -> &str;

    /// Searches `root` within `limits`.
    fn search(&mut self, root: &G, limits: &Limits) -> SearchResult<G::Move>;
}

/// A searcher that can also give the exact value of every root move, so that a cross-check can
/// accept any of several equally good best moves.
pub trait Reference<G: Game>: Searcher<G> {
    /// Every legal root move with its exact value at `depth` (the move's subtree searched to
    /// `depth - 1`), from the root's side to move's point of view, in generation order. Empty if
    /// the root is finished or `depth` is 0.
    fn root_move_scores(&mut self, root: &G, depth: u32) -> Vec<(G::Move, Score)>;
}
