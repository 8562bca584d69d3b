//! The history counters of the `history` feature (`features/history.rs`), and the learnt tables
//! kept with them across searches: the continuation counters (`continuation.rs`), the capture
//! history (`capture.rs`) and the correction history (`correction.rs`), aged and forgotten
//! together.

use super::capture::CaptureHistory;
use super::continuation::Continuation;
use super::correction::Correction;
use super::gravity::gravity;
use crate::Player;

/// How the history counters learn: the classic rule or gravity's, with maluses (`features/history.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HistoryRule {
    /// Schaeffer's: a quiet cutoff move gains `depth²`.
    Classic,
    /// Bonus for the cutoff move, malus for the quiet moves searched before it, both pulled
    /// towards `±GRAVITY_MAX`.
    Gravity,
}

/// A counter past this halves the whole table (the classic rule).
pub(crate) const HISTORY_MAX: i32 = 1 << 24;

/// The history indices per side.
const KEYS: usize = 1 << 16;

/// History counters. See the [module documentation](self).
#[derive(Clone, Debug, Default)]
pub(crate) struct History {
    /// Empty until first used, then `2 × KEYS` counters.
    counters: Vec<i32>,
    /// The continuation counters (`continuation.rs`), learnt and aged with these.
    pub(crate) continuation: Continuation,
    /// The capture-history counters (`capture.rs`), learnt and aged with these.
    pub(crate) capture: CaptureHistory,
    /// The corrections of the static value (`correction.rs`): learnt across searches as these
    /// are, forgotten with them, never aged.
    pub(crate) correction: Correction,
}

impl History {
    fn index(player: Player, key: u16) -> usize {
        let side = match player {
            Player::First => 0,
            Player::Second => KEYS,
        };
        side + key as usize
    }

    /// The score of a move of `player` with history index `key`.
    pub(crate) fn score(&self, player: Player, key: u16) -> i32 {
        self.counters.get(Self::index(player, key)).copied().unwrap_or(0)
    }

    /// Rewards a quiet move that caused a cutoff `depth` plies from the horizon.
    pub(crate) fn reward(&mut self, player: Player, key: u16, depth: u32) {
        if self.counters.is_empty() {
            self.counters = vec![0; 2 * KEYS];
        }
        let counter = &mut self.counters[Self::index(player, key)];
        let depth = depth.min(1 << 10) as i32;
        *counter += depth * depth;
        if *counter > HISTORY_MAX {
            self.age();
        }
    }

    /// Moves a counter by `delta` (at most `GRAVITY_MAX` either way) under the gravity rule
    /// ([`gravity`]).
    pub(crate) fn nudge(&mut self, player: Player, key: u16, delta: i32) {
        if self.counters.is_empty() {
            self.counters = vec![0; 2 * KEYS];
        }
        let counter = &mut self.counters[Self::index(player, key)];
        *counter = gravity(*counter, delta);
    }

    /// Halves every counter, the continuation and capture counters too.
    pub(crate) fn age(&mut self) {
        for counter in &mut self.counters {
            *counter /= 2;
        }
        self.continuation.age();
        self.capture.age();
    }

    /// Forgets everything, the continuation and capture counters and the corrections too.
    pub(crate) fn clear(&mut self) {
        self.counters.fill(0);
        self.continuation.clear();
        self.capture.clear();
        self.correction.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::tables::gravity::{GRAVITY_MAX, gravity_bonus};

    #[test]
    fn rewards_by_depth_squared_per_player_and_ages() {
        let mut history = History::default();
        assert_eq!(history.score(Player::First, 5), 0);
        history.reward(Player::First, 5, 3);
        history.reward(Player::First, 5, 2);
        assert_eq!(history.score(Player::First, 5), 13);
        assert_eq!(history.score(Player::Second, 5), 0);
        history.age();
        assert_eq!(history.score(Player::First, 5), 6);
        // Overflowing one counter halves them all.
        for _ in 0..20 {
            history.reward(Player::Second, 7, 1000);
        }
        assert!(history.score(Player::Second, 7) <= HISTORY_MAX);
        assert!(history.score(Player::First, 5) < 6);
        history.clear();
        assert_eq!(history.score(Player::Second, 7), 0);
    }

    #[test]
    fn gravity_rewards_and_punishes_within_its_bound() {
        let mut history = History::default();
        let bonus = gravity_bonus(4);
        assert_eq!(bonus, 512);
        assert_eq!(gravity_bonus(100), GRAVITY_MAX / 2);
        history.nudge(Player::First, 3, bonus);
        assert_eq!(history.score(Player::First, 3), 512);
        // The second bonus adds less: the counter is pulled towards the bound.
        history.nudge(Player::First, 3, bonus);
        assert_eq!(
            history.score(Player::First, 3),
            512 + 512 - 512 * 512 / GRAVITY_MAX
        );
        // A malus takes it back down, below zero for a move tried often without cutting.
        for _ in 0..10 {
            history.nudge(Player::First, 3, -bonus);
        }
        assert!(history.score(Player::First, 3) < 0);
        // However often, never past the bound either way.
        for delta in [GRAVITY_MAX, -GRAVITY_MAX] {
            for _ in 0..1000 {
                history.nudge(Player::Second, 9, delta);
                let score = history.score(Player::Second, 9);
                assert!((-GRAVITY_MAX..=GRAVITY_MAX).contains(&score), "{score}");
            }
            assert_eq!(history.score(Player::Second, 9), delta);
        }
    }
}
