//! Playouts: how [`Mcts`](super::Mcts) plays a position out to value it, and the random numbers
//! it draws.

use crate::Game;

/// SplitMix64 (Steele, Lea & Flood 2014): a tiny, fast generator with a 64-bit state, good
/// enough for playouts, and reproducible from its seed on every machine.
///
/// ```
/// use search_core::mcts::SplitMix64;
/// let mut a = SplitMix64::new(7);
/// let mut b = SplitMix64::new(7);
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!((0..1000).all(|_| a.below(6) < 6));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator seeded with `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`0` when `n` is 0), without modulo bias worth speaking of (Lemire's
    /// multiply-shift: a bias below `n / 2^64`).
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}

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
