//! The **history heuristic** (Schaeffer 1989, "The history heuristic and alpha-beta search
//! enhancements in practice"; first described by him in 1983): a quiet move that caused cutoffs
//! anywhere in the tree is likely good elsewhere; order quiet moves by how often, and how deep,
//! they did.
//!
//! - **Idea.** A counter per player and per move kind (the game's
//!   [`history_index`](crate::Game::history_index): from-square and to-square in chess). A quiet
//!   move that causes a beta cutoff at depth `d` gains `d²` (deep cutoffs prune more). Quiet
//!   moves with a positive counter are searched after the killers, highest first (see
//!   `ordering.rs`).
//! - **Aging.** When a counter passes [`HISTORY_MAX`] every counter is halved, and each new search
//!   halves them too, so that old knowledge fades but is not thrown away.
//! - **Invariant.** Between calls every counter lies in `0..=HISTORY_MAX` (a reward adds at most
//!   `1024²`, and passing the maximum halves the table), so counters never overflow. Ordering
//!   only: games without a history index are simply not ordered by history.
//! - **Exact or value-changing.** Exact: only the order changes, never the set of moves searched
//!   (cross-checked in every exact combination).
//! - **Cost.** A `2 × 65 536` table of `i32` counters (512 KiB), allocated at the first reward and
//!   kept; one lookup per quiet move ordered, one update per quiet cutoff, and a pass over the
//!   whole table at each aging (once per search, and whenever a counter overflows).

use super::feature::{Feature, exact};
use crate::Player;

/// The `history` feature: [`Config::history`](super::Config::history).
pub(super) const HISTORY: Feature<bool> = Feature::switch(
    "history",
    "History",
    "the history heuristic for quiet moves",
    exact,
);

/// A counter past this halves the whole table.
pub(crate) const HISTORY_MAX: i32 = 1 << 24;
const KEYS: usize = 1 << 16;

/// History counters. See the [module documentation](self).
#[derive(Clone, Debug, Default)]
pub(crate) struct History {
    /// Empty until first used, then `2 × KEYS` counters.
    counters: Vec<i32>,
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

    /// Halves every counter.
    pub(crate) fn age(&mut self) {
        for counter in &mut self.counters {
            *counter /= 2;
        }
    }

    /// Forgets everything.
    pub(crate) fn clear(&mut self) {
        self.counters.fill(0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
