//! **Capture history** (Stockfish's `captureHistory`, 2017; Ethereal's and most modern
//! engines' "capture history"; Chess Programming Wiki, "History Heuristic"): the history
//! heuristic for the hinted moves (the captures in chess), which the game's static order
//! ranks alike however often they fail. Where the order hint says "this capture wins the most
//! for the least", the counter says "this capture has cut here before".
//!
//! - **Idea.** A counter per side to move and per capture, learning by the gravity rule of
//!   `history.rs`: at a beta cutoff, a hinted move that cuts gains
//!   [`gravity_bonus`](super::history::gravity_bonus), and the hinted moves searched before
//!   the cutoff move (whatever it is, a quiet one too) lose as much. A capture is told apart by
//!   its [`capture_index`](crate::Game::capture_index): in chess the piece, its to-square and
//!   what it takes (Stockfish's `[piece][to][captured]`). The hinted tier then orders by
//!   `hint × CAPTURE_HINT_SCALE + counter`: a counter at its bound (`±2¹⁴`) weighs
//!   `2¹⁴ / CAPTURE_HINT_SCALE` = 32 units of hint (in chess, three pawns of victim), so a
//!   capture that keeps failing sinks below cheaper ones, but a capture of a queen still comes
//!   before a capture of a pawn that has cut.
//! - **Invariant.** Every counter lies within `±GRAVITY_MAX` (`history.rs`'s update), one per
//!   side and capture index. With nothing learnt (every counter 0), or for moves without a
//!   capture index, the hinted tier's order is the hints', move for move.
//! - **Exact or value-changing.** Exact: ordering only (cross-checked against minimax in the
//!   exact and the strongest presets, with extra turns, passes and chance levels). The hinted
//!   moves that go after the quiet ones (in chess, the captures that lose by their exchange)
//!   are not reordered.
//! - **Cost.** `2 × 2¹⁶` counters of `i16` (256 KiB), allocated at the first update and aged with
//!   the history (a pass over the table per search); one lookup per hinted move scored, and at
//!   a cutoff one update per hinted move searched (its order hint asked again: a static
//!   exchange in chess).

use super::feature::{Feature, exact};
use super::history::GravityCounters;
use crate::Player;

/// The `capture-history` feature: [`Config::capture_history`](super::Config::capture_history).
pub(super) const CAPTURE_HISTORY: Feature<bool> = Feature::switch(
    "capture-history",
    "Capture History",
    "capture history: the hinted moves (captures) ordered by their hint and how often they cut",
    exact,
);

/// What one unit of order hint weighs against a capture-history counter in the hinted tier's
/// order: a counter at `±GRAVITY_MAX` (2¹⁴) moves a capture 32 units of hint.
pub const CAPTURE_HINT_SCALE: i32 = 512;

/// The capture indices per side.
const KEYS: usize = 1 << 16;

/// The capture-history key of a move with capture index `index` and order hint `hint`: its
/// index, if it has one and is hinted (a positive hint).
pub(crate) fn capture_key(index: Option<u16>, hint: i32) -> Option<u16> {
    index.filter(|_| hint > 0)
}

/// Capture-history counters. See the [module documentation](self).
#[derive(Clone, Debug, Default)]
pub(crate) struct CaptureHistory {
    counters: GravityCounters<{ 2 * KEYS }>,
}

impl CaptureHistory {
    fn slot(player: Player, key: u16) -> usize {
        let side = match player {
            Player::First => 0,
            Player::Second => KEYS,
        };
        side + usize::from(key)
    }

    /// The counter of `player`'s capture `key`.
    pub(crate) fn score(&self, player: Player, key: u16) -> i32 {
        self.counters.get(Self::slot(player, key))
    }

    /// The hinted tier's ordering value of `player`'s move with order hint `hint` and capture
    /// index `index`: its hint scaled, plus its counter.
    pub(crate) fn order_value(&self, player: Player, index: Option<u16>, hint: i32) -> i64 {
        let learnt = capture_key(index, hint).map_or(0, |key| self.score(player, key));
        i64::from(hint) * i64::from(CAPTURE_HINT_SCALE) + i64::from(learnt)
    }

    /// Moves the counter of `player`'s capture `key` by `delta` (the gravity rule).
    pub(crate) fn nudge(&mut self, player: Player, key: u16, delta: i32) {
        self.counters.nudge(Self::slot(player, key), delta);
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
    fn a_capture_learns_per_side_and_index_and_stays_bounded() {
        let mut table = CaptureHistory::default();
        let bonus = gravity_bonus(4);
        table.nudge(Player::First, 3, bonus);
        assert_eq!(table.score(Player::First, 3), bonus);
        // Another side or index: their own counters.
        assert_eq!(table.score(Player::Second, 3), 0);
        assert_eq!(table.score(Player::First, 4), 0);
        // Maluses pull below zero; however often, never past the bound.
        for _ in 0..1000 {
            table.nudge(Player::Second, u16::MAX, -GRAVITY_MAX);
        }
        assert_eq!(table.score(Player::Second, u16::MAX), -GRAVITY_MAX);
        table.age();
        assert_eq!(table.score(Player::Second, u16::MAX), -GRAVITY_MAX / 2);
        assert_eq!(table.score(Player::First, 3), bonus / 2);
        table.clear();
        assert_eq!(table.score(Player::First, 3), 0);
    }

    #[test]
    fn only_indexed_hinted_moves_have_a_key_and_the_hint_still_ranks_first() {
        assert_eq!(capture_key(Some(3), 0), None);
        assert_eq!(capture_key(Some(3), -5), None);
        assert_eq!(capture_key(None, 7), None);
        assert_eq!(capture_key(Some(3), 7), Some(3));
        let mut table = CaptureHistory::default();
        // Nothing learnt: the hint alone, scaled.
        assert_eq!(table.order_value(Player::First, Some(3), 7), 7 * 512);
        // A capture that failed all along sinks below one 31 units of hint less, not 33.
        for _ in 0..1000 {
            table.nudge(Player::First, 3, -GRAVITY_MAX);
        }
        let failed = table.order_value(Player::First, Some(3), 40);
        assert!(failed < table.order_value(Player::First, Some(5), 9));
        assert!(failed > table.order_value(Player::First, Some(5), 7));
        // Without an index, nothing learnt applies.
        assert_eq!(table.order_value(Player::First, None, 40), 40 * 512);
    }
}
