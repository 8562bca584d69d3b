//! **Repetition detection**: a position that already occurred on the current line or in the game
//! before the root is scored as a draw (the game's repetition rule, e.g. FIDE's threefold
//! repetition, simplified as engines do; its clash with the transposition table is the
//! graph-history interaction problem, Campbell 1985, "The graph-history interaction: on ignoring
//! position history").
//!
//! - **Idea.** Keep the repetition keys ([`Game::repetition_key`]) of the game history and of
//!   every ancestor of the current node in one buffer, the *line*. A node (never the root: it
//!   must return a move) whose key is already on the line is a leaf worth [`Score::DRAW`]: a
//!   second occurrence within the search is scored as the draw a third would be, the usual engine
//!   simplification (a side that can repeat a position once can usually repeat it again).
//! - **Invariant.** While a node at `ply` is searched, the line holds the game history (oldest
//!   first) followed by the keys of the nodes at plies `0..ply`, pushed by
//!   the node function's `search_child` and popped when the child returns. A null move
//!   pushes `None`, a barrier: a position after a pass is not the same game, so the scan stops
//!   there; so does a position without a key. Quiescence nodes (below the horizon node) push
//!   nothing and are not checked: the captures and promotions they follow are irreversible in
//!   chess (the quiet checks of quiescence checks are not checked either).
//! - **Exact or value-changing.** Path-dependent: a position's value then depends on how it was
//!   reached, which neither the references nor the transposition table's key know. Right for
//!   the game, but not comparable to minimax: off for cross-checks; with it on, no table is exact.
//! - **Cost.** With it off, nothing (no key asked for, nothing pushed). On: one key per node,
//!   a push and a pop per child, and a backward scan of the line (to the last barrier, through
//!   the whole game history) per node; the buffer is allocated once per search.

use super::feature::{Feature, value_changing};
use super::frame::MAX_SEARCH_PLY;

/// The `rep` feature: [`Config::repetition`](super::Config::repetition).
pub(super) const REPETITION: Feature<bool> = Feature::switch(
    "rep",
    "Repetition",
    "repetition draws from the game history and the current line (path-dependent)",
    value_changing,
);

/// The repetition keys of the game history and of the current line's ancestors (`None` is a
/// barrier: a null move, or a position without a key). See the [module documentation](self).
#[derive(Clone, Debug, Default)]
pub(super) struct Line {
    keys: Vec<Option<u64>>,
}

impl Line {
    /// Starts the line of a new search: the game history before the root if repetition
    /// detection is `on`; empty otherwise.
    pub(super) fn start(&mut self, on: bool, game_history: &[u64]) {
        self.keys.clear();
        if on {
            self.keys
                .reserve(game_history.len() + MAX_SEARCH_PLY as usize + 1);
            self.keys.extend(game_history.iter().map(|&key| Some(key)));
        }
    }

    /// Whether the position with repetition key `key` already occurred on the line (back to the
    /// last barrier) or in the game history.
    pub(super) fn contains(&self, key: u64) -> bool {
        self.keys
            .iter()
            .rev()
            .map_while(|&entry| entry)
            .any(|earlier| earlier == key)
    }

    /// A node's key goes on the line while its child is searched.
    #[inline]
    pub(super) fn push(&mut self, key: Option<u64>) {
        self.keys.push(key);
    }

    /// The child returned.
    #[inline]
    pub(super) fn pop(&mut self) {
        self.keys.pop();
    }
}
