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
//!   [`search_child`](Engine::search_child) and popped when the child returns. A null move
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

use super::node::Path;
use super::{Engine, MAX_PLY};
use crate::{Evaluate, Game, Score};

impl<G: Game, E: Evaluate<G>> Engine<G, E> {
    /// Starts the line of a new search: the game history before the root, if repetition
    /// detection is on; empty otherwise.
    pub(super) fn start_line(&mut self) {
        self.line.clear();
        if self.options.repetition {
            self.line.reserve(self.game_history.len() + MAX_PLY as usize + 1);
            self.line.extend(self.game_history.iter().map(|&key| Some(key)));
        }
    }

    /// The repetition key of `game`, if repetition detection is on and the game has one.
    pub(super) fn repetition_key(&self, game: &G) -> Option<u64> {
        if self.options.repetition {
            game.repetition_key()
        } else {
            None
        }
    }

    /// Whether the position with repetition key `key` already occurred on the line (back to the
    /// last null move) or in the game history.
    pub(super) fn is_repetition(&self, key: u64) -> bool {
        self.line
            .iter()
            .rev()
            .map_while(|&entry| entry)
            .any(|earlier| earlier == key)
    }

    /// Searches `child` with the parent's repetition key on the line; the child's value, from
    /// the child's point of view (the caller negates). (The node's own arguments plus the
    /// parent's key: bundling them would hide the alpha-beta signature.)
    #[allow(clippy::too_many_arguments)]
    pub(super) fn search_child(
        &mut self,
        parent_key: Option<u64>,
        child: &G,
        depth: u32,
        ply: u32,
        alpha: Score,
        beta: Score,
        path: Path,
    ) -> Score {
        if self.options.repetition {
            self.line.push(parent_key);
            let score = self.node(child, depth, ply, alpha, beta, path);
            self.line.pop();
            score
        } else {
            self.node(child, depth, ply, alpha, beta, path)
        }
    }
}
