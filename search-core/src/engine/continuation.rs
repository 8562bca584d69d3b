//! **Continuation history** (the counter-move history and follow-up history of the modern
//! engines: Stockfish's `continuationHistory`, 2016; Ethereal's `CMHistory` and `FMHistory`;
//! Chess Programming Wiki, "History Heuristic"): a quiet move's history *in reply to* the move
//! just played, and as a follow-up to the side's own move before it. Where the plain history
//! (`history.rs`) says "this move cuts", a continuation says "this move cuts after that one".
//!
//! - **Idea.** Counters per side to move, per pair of
//!   [`continuation_index`](crate::Game::continuation_index)es (the move one ply back, or two
//!   plies back, with the move to score; in chess the piece and its to-square, Stockfish's
//!   `[piece][to]` tables, where the plain history keys by from and to squares), learning by the gravity
//!   rule of `history.rs`: at a quiet beta cutoff the pairs of the cutoff move gain
//!   [`gravity_bonus`](super::history::gravity_bonus), and those of the quiet moves searched
//!   before it lose as much. A quiet move's history score (ordering, history pruning,
//!   history-adjusted reductions) is then its plain counter plus its two continuation counters.
//!   After a null move, a chance outcome or at the root there is no move to continue: that term
//!   is zero.
//! - **Invariant.** Every counter lies within `±GRAVITY_MAX` (`history.rs`'s update); a pair
//!   lands in one of `2 × 2²⁰` counters by a multiplicative hash of (offset, previous index,
//!   index), so two pairs may share a counter: the score is then a blend, which may order
//!   worse but never changes the set of moves searched.
//! - **Exact or value-changing.** Exact on its own: ordering only (cross-checked against
//!   minimax in the exact matrix, where it comes with history under MTD(f)). With history
//!   pruning or history-adjusted reductions on, which read the score, it changes what they prune
//!   and reduce, as the plain history does.
//! - **Cost.** `2 × 2²⁰` counters of `i16` (4 MiB), allocated at the first cutoff and aged with
//!   the history (a pass over the table per search); two more lookups per quiet move scored, two
//!   more updates per quiet move at a cutoff. The moves of the line are tracked per ply as for
//!   counter moves (`counter.rs`).

use super::feature::{Feature, exact};
use super::history::GravityCounters;
use crate::Player;

/// The `cont-history` feature: [`Config::continuation_history`](super::Config::continuation_history).
pub(super) const CONTINUATION_HISTORY: Feature<bool> = Feature::switch(
    "cont-history",
    "Continuation History",
    "continuation history: a quiet move's history after the move one and two plies back",
    exact,
);

/// The counters per side: `2^SLOT_BITS`.
const SLOT_BITS: u32 = 20;

/// The continuation indices of the moves one and two plies back (`None`: no move there).
pub(crate) type Previous = [Option<u16>; 2];

/// Continuation counters. See the [module documentation](self).
#[derive(Clone, Debug, Default)]
pub(crate) struct Continuation {
    counters: GravityCounters<{ 2 << SLOT_BITS }>,
}

impl Continuation {
    /// The counter of the pair (`previous`, `key`) at `offset` (0: one ply back, 1: two) for
    /// `player`.
    fn slot(player: Player, offset: usize, previous: u16, key: u16) -> usize {
        let pair = (offset as u64) << 32 | u64::from(previous) << 16 | u64::from(key);
        let hashed = (pair.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - SLOT_BITS)) as usize;
        match player {
            Player::First => hashed,
            Player::Second => (1 << SLOT_BITS) + hashed,
        }
    }

    /// The sum of the continuation counters of `player`'s move with continuation index `key`,
    /// after the moves `previous`.
    pub(crate) fn score(&self, player: Player, previous: Previous, key: u16) -> i32 {
        (0..2)
            .filter_map(|offset| {
                let slot = Self::slot(player, offset, previous[offset]?, key);
                Some(self.counters.get(slot))
            })
            .sum()
    }

    /// Moves the counters of `player`'s move `key` after `previous` by `delta` (the gravity
    /// rule).
    pub(crate) fn nudge(&mut self, player: Player, previous: Previous, key: u16, delta: i32) {
        for offset in 0..2 {
            if let Some(previous) = previous[offset] {
                self.counters
                    .nudge(Self::slot(player, offset, previous, key), delta);
            }
        }
    }

    /// Halves every counter.
    pub(crate) fn age(&mut self) {
        self.counters.age();
    }

    /// Forgets everything.
    pub(crate) fn clear(&mut self) {
        self.counters.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::history::{GRAVITY_MAX, gravity_bonus};

    #[test]
    fn a_pair_learns_per_side_and_previous_move_and_stays_bounded() {
        let mut table = Continuation::default();
        let bonus = gravity_bonus(4);
        // Nothing before the move (the root, a null move): nothing to learn.
        table.nudge(Player::First, [None, None], 9, bonus);
        assert_eq!(table.score(Player::First, [None, None], 9), 0);
        // One ply back only: one counter.
        table.nudge(Player::First, [Some(3), None], 9, bonus);
        assert_eq!(table.score(Player::First, [Some(3), None], 9), bonus);
        // Another previous move, the other side, the same pair two plies back: their own.
        assert_eq!(table.score(Player::First, [Some(4), None], 9), 0);
        assert_eq!(table.score(Player::Second, [Some(3), None], 9), 0);
        assert_eq!(table.score(Player::First, [None, Some(3)], 9), 0);
        // Both plies: the two counters add up.
        table.nudge(Player::First, [Some(3), Some(5)], 9, bonus);
        let one_back = bonus + bonus - bonus * bonus / GRAVITY_MAX;
        assert_eq!(
            table.score(Player::First, [Some(3), Some(5)], 9),
            one_back + bonus
        );
        // Maluses pull below zero; however often, never past the bound.
        for _ in 0..1000 {
            table.nudge(Player::Second, [Some(1), Some(2)], 7, -GRAVITY_MAX);
        }
        assert_eq!(
            table.score(Player::Second, [Some(1), Some(2)], 7),
            -2 * GRAVITY_MAX
        );
        table.age();
        assert_eq!(table.score(Player::Second, [Some(1), Some(2)], 7), -GRAVITY_MAX);
        table.clear();
        assert_eq!(table.score(Player::First, [Some(3), Some(5)], 9), 0);
    }
}
