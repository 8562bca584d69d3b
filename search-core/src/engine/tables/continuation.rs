//! The continuation counters of the `cont-history` feature (`features/continuation.rs`): a
//! quiet move's history after the moves one and two plies back, learning by the gravity rule.

use super::gravity::GravityCounters;
use crate::Player;

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
    use crate::engine::tables::gravity::{GRAVITY_MAX, gravity_bonus};

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
