//! Playouts: how [`Mcts`](super::Mcts) plays a position out to value it, with the seeded
//! generator of [`crate::rng`].

use crate::Game;
use crate::rng::SplitMix64;

/// How a playout picks its moves: by default [`UniformRandom`]; any closure
/// `FnMut(&G, &[G::Move], &mut SplitMix64) -> usize` is a policy too. The index returned is taken
/// modulo the number of moves, so a policy cannot make the search fail.
///
/// ```
/// use search_core::mcts::{Mcts, SplitMix64};
/// use search_core::{Game, Limits, Searcher};
/// # use search_core::random_tree::RandomTree;
/// // Always the first move: a deterministic (and weak) playout.
/// let first = |_: &RandomTree, _: &[u32], _: &mut SplitMix64| 0;
/// let mut mcts = Mcts::new().with_policy(first).with_iterations(50);
/// let result = mcts.search(&RandomTree::new(1, 3, 4), &Limits::default());
/// assert!(result.best_move.is_some());
/// ```
pub trait PlayoutPolicy<G: Game> {
    /// The index in `moves` (never empty) of the move to play in `game`.
    fn choose(&mut self, game: &G, moves: &[G::Move], rng: &mut SplitMix64) -> usize;
}

/// Every legal move equally likely: the classic playout.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UniformRandom;

impl<G: Game> PlayoutPolicy<G> for UniformRandom {
    fn choose(&mut self, _game: &G, moves: &[G::Move], rng: &mut SplitMix64) -> usize {
        rng.below(moves.len())
    }
}

impl<G: Game, F: FnMut(&G, &[G::Move], &mut SplitMix64) -> usize> PlayoutPolicy<G> for F {
    fn choose(&mut self, game: &G, moves: &[G::Move], rng: &mut SplitMix64) -> usize {
        self(game, moves, rng)
    }
}
