//! The capture-history counters of the `capture-history` feature (`features/capture_history.rs`):
//! per side and capture index, how often a hinted move (a capture) cut, learning by the gravity
//! rule; they reorder the hinted tier of the move picker.

use super::gravity::GravityCounters;
use crate::Player;

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
    use crate::engine::tables::gravity::{GRAVITY_MAX, gravity_bonus};

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
