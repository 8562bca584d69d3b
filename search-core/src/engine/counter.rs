//! **Counter moves** (Uiterwijk 1992, "The countermove heuristic", ICCA Journal 15(1)): many
//! moves have a natural reply whatever else is on the board (a check and the block, a capture
//! and the recapture, an attack and the retreat); the quiet move that last refuted a move is
//! tried early whenever that move is played again.
//!
//! - **Idea.** A table indexed by the side to move and the
//!   [`continuation_index`](crate::Game::continuation_index) of the move that led to the
//!   position (the piece and its to-square in chess) holds the quiet move that last caused a
//!   beta cutoff there. At a node, that move, if it is among the position's quiet moves and not
//!   already a killer, is searched right after the killers, as one of them (see `ordering.rs`):
//!   where killers are the refutations of a ply, a counter move is the refutation of the move
//!   just played.
//! - **Invariant.** Each entry holds a quiet move that caused a cutoff in reply to a move with
//!   that index, by that side, in this search. Ordering only: a counter move is searched early
//!   if it is among the generated moves of the position and quiet there, never otherwise; after
//!   a null move or at the root there is no move to answer, and no counter move.
//! - **Exact or value-changing.** Exact: only the order changes, never the set of moves
//!   searched (cross-checked against minimax with the exact preset). Since the counter move is
//!   ordered as a killer, the features that spare killers (late move reductions, late move and
//!   history pruning, futility pruning) spare it too.
//! - **Cost.** A `2 × 65 536` table of moves, allocated at the first cutoff and cleared with the
//!   killers at the start of each search; a write per ply per move searched (the move's index),
//!   one read per node ordered, one write per quiet cutoff.

use super::feature::{Feature, exact};
use crate::Player;

/// The `counter` feature: [`Config::counter_moves`](super::Config::counter_moves).
pub(super) const COUNTER_MOVES: Feature<bool> = Feature::switch(
    "counter",
    "Counter Moves",
    "counter moves: the quiet move that last refuted the move just played, after the killers",
    exact,
);

/// The continuation indices a side's moves may have (`u16`).
const HISTORY_INDICES: usize = 1 << 16;

/// The counter-move table and the moves played on the current line. See the
/// [module documentation](self).
#[derive(Clone, Debug)]
pub(crate) struct CounterMoves<M> {
    /// Per side to move and continuation index of the move before: the reply that last cut. Empty
    /// until the first cutoff.
    replies: Vec<Option<M>>,
    /// Per ply: the continuation index of the move that led there (`None`: the root, a null move, a
    /// move without an index).
    previous: Vec<Option<u16>>,
}

impl<M: Copy + Eq> CounterMoves<M> {
    /// An empty table, with the line's moves for plies `0..plies`.
    pub(crate) fn new(plies: usize) -> Self {
        CounterMoves {
            replies: Vec::new(),
            previous: vec![None; plies],
        }
    }

    /// Forgets every counter move (a new search).
    pub(crate) fn clear(&mut self) {
        self.replies.fill(None);
        self.previous.fill(None);
    }

    fn slot(&self, player: Player, ply: u32) -> Option<usize> {
        let previous = (*self.previous.get(ply as usize)?)?;
        let side = match player {
            Player::First => 0,
            Player::Second => HISTORY_INDICES,
        };
        Some(side + previous as usize)
    }

    /// Records that the position at `ply` was reached by a move with continuation index `index`
    /// (`None`: no move to answer there).
    #[inline]
    pub(crate) fn played(&mut self, ply: u32, index: Option<u16>) {
        if let Some(previous) = self.previous.get_mut(ply as usize) {
            *previous = index;
        }
    }

    /// The continuation indices of the moves one and two plies before `ply` on the line (for
    /// the continuation history, `continuation.rs`).
    #[inline]
    pub(crate) fn previous(&self, ply: u32) -> super::continuation::Previous {
        let at = |ply: Option<u32>| self.previous.get(ply? as usize).copied().flatten();
        [at(Some(ply)), at(ply.checked_sub(1))]
    }

    /// The counter move of `player` to move at `ply`, if one is known.
    #[inline]
    pub(crate) fn at(&self, player: Player, ply: u32) -> Option<M> {
        self.replies.get(self.slot(player, ply)?).copied().flatten()
    }

    /// Records that the quiet move `mv` of `player` caused a cutoff at `ply`.
    pub(crate) fn store(&mut self, player: Player, ply: u32, mv: M) {
        let Some(slot) = self.slot(player, ply) else {
            return;
        };
        if self.replies.is_empty() {
            self.replies = vec![None; 2 * HISTORY_INDICES];
        }
        self.replies[slot] = Some(mv);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reply_is_kept_per_side_and_previous_move_and_only_where_there_was_a_move() {
        let mut counters = CounterMoves::new(8);
        // Nothing played yet at ply 2: nothing to answer, nothing stored.
        counters.store(Player::First, 2, 40);
        assert_eq!(counters.at(Player::First, 2), None);
        counters.played(2, Some(7));
        assert_eq!(counters.at(Player::First, 2), None);
        counters.store(Player::First, 2, 41);
        assert_eq!(counters.at(Player::First, 2), Some(41));
        // The same previous move at another ply has the same reply; the other side has its own.
        counters.played(5, Some(7));
        assert_eq!(counters.at(Player::First, 5), Some(41));
        assert_eq!(counters.at(Player::Second, 5), None);
        // A newer refutation replaces it; a null move (no index) has no counter move.
        counters.store(Player::First, 5, 42);
        assert_eq!(counters.at(Player::First, 2), Some(42));
        counters.played(5, None);
        assert_eq!(counters.at(Player::First, 5), None);
        // Beyond the line's plies: ignored.
        counters.played(8, Some(7));
        assert_eq!(counters.at(Player::First, 8), None);
        counters.clear();
        assert_eq!(counters.at(Player::First, 2), None);
    }
}
