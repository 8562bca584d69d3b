//! The counter-move table of the `counter` feature (`features/counter.rs`), and the moves played on
//! the current line (their continuation indices), which the continuation history reads too
//! (`features/continuation.rs`).

use super::continuation::Previous;
use crate::Player;

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
    pub(crate) fn previous(&self, ply: u32) -> Previous {
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
