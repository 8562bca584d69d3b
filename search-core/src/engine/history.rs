//! The **history heuristic** (Schaeffer 1989, "The history heuristic and alpha-beta search
//! enhancements in practice"; first described by him in 1983): a quiet move that caused cutoffs
//! anywhere in the tree is likely good elsewhere; order quiet moves by how often, and how deep,
//! they did.
//!
//! - **Idea.** A counter per player and per move kind (the game's
//!   [`history_index`](crate::Game::history_index): from-square and to-square in chess), kept by
//!   one of two rules ([`HistoryRule`]):
//!   - **classic** (`history`, Schaeffer's): a quiet move that causes a beta cutoff at depth `d`
//!     gains `d²` (deep cutoffs prune more);
//!   - **gravity** (`history=gravity`, the rule of the modern engines, spread with Stockfish and
//!     Ethereal around 2015-2018; Chess Programming Wiki, "History Heuristic"): the cutoff move
//!     gains a bonus `b = min(32·d², 8192)` and every quiet move searched before it in the node
//!     (the first 64 of them) loses as much (a **malus**: it was tried and did not cut), each update
//!     `h += b − h·|b| / 16 384`, which pulls the counter towards `±16 384` ever more gently: a
//!     counter says how often a move cut *against* how often it was tried, not only how often
//!     it cut, and stays bounded without rescaling.
//!
//!   Quiet moves with a positive counter are searched after the killers, highest first;
//!   with gravity, those with a negative one after every other quiet move, lowest last (see
//!   `ordering.rs`).
//! - **Aging.** Each new search halves every counter, so that old knowledge fades but is not
//!   thrown away; under the classic rule, a counter passing [`HISTORY_MAX`] halves them all too.
//!   A change of rule (a new configuration) empties the table: the rules' scales differ.
//! - **Invariant.** Between calls every counter lies in `0..=HISTORY_MAX` (classic: a reward adds
//!   at most `1024²`, and passing the maximum halves the table) or in
//!   `-GRAVITY_MAX..=GRAVITY_MAX` (gravity: each update moves a counter at most to the bound it
//!   moves towards), so counters never overflow. Ordering only: games without a history index
//!   are simply not ordered by history.
//! - **Exact or value-changing.** Exact, under either rule: only the order changes, never the set
//!   of moves searched (the classic rule is cross-checked in every exact combination, gravity
//!   with the exact preset on random trees with and without extra turns). History pruning (`hp`,
//!   `history_pruning.rs`) reads the gravity counters to skip moves, and is value-changing.
//! - **Cost.** A `2 × 65 536` table of `i32` counters (512 KiB), allocated at the first update and
//!   kept; one lookup per quiet move ordered, one update per quiet cutoff (gravity: one more per
//!   quiet move searched before it), and a pass over the whole table at each aging (once per
//!   search, and under the classic rule whenever a counter overflows).

use super::capture_history::CaptureHistory;
use super::continuation::Continuation;
use super::correction::Correction;
use super::feature::{Feature, Kind, Value, choice, exact, no_alias};
use crate::Player;

/// How the history counters learn: the classic rule or gravity's, with maluses (the engine's
/// `history.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HistoryRule {
    /// Schaeffer's: a quiet cutoff move gains `depth²`.
    Classic,
    /// Bonus for the cutoff move, malus for the quiet moves searched before it, both pulled
    /// towards `±GRAVITY_MAX`.
    Gravity,
}

/// The `history` feature: [`Config::history`](super::Config::history).
pub(super) const HISTORY: Feature<Option<HistoryRule>> = Feature {
    name: "history",
    option: "History",
    summary: "the history heuristic for quiet moves, classic (depth² per cutoff) or gravity (with maluses)",
    kind: Kind::Choice(&["classic", "gravity"]),
    parent: None,
    implied: false,
    get: |rule| {
        rule.map(|rule| match rule {
            HistoryRule::Classic => Value::Choice("classic"),
            HistoryRule::Gravity => Value::Choice("gravity"),
        })
    },
    set: |rule, value| {
        *rule = choice(value).map(|name| match name {
            "gravity" => HistoryRule::Gravity,
            _ => HistoryRule::Classic,
        });
        Ok(())
    },
    effect: exact,
    alias: no_alias,
};

/// A counter past this halves the whole table (the classic rule).
pub(crate) const HISTORY_MAX: i32 = 1 << 24;
/// The bound the gravity rule pulls its counters towards (and never passes).
pub(crate) const GRAVITY_MAX: i32 = 1 << 14;

/// The gravity rule's bonus (and malus) for a cutoff `depth` plies from the horizon:
/// `min(32·depth², GRAVITY_MAX / 2)`.
pub(crate) fn gravity_bonus(depth: u32) -> i32 {
    let depth = depth.min(64) as i32;
    (32 * depth * depth).min(GRAVITY_MAX / 2)
}

/// The gravity rule's update of counter `old` by `delta` (at most `GRAVITY_MAX` either way):
/// `h += delta − h·|delta| / GRAVITY_MAX`, which keeps `h` within `±GRAVITY_MAX`.
pub(crate) fn gravity(old: i32, delta: i32) -> i32 {
    let (max, delta) = (
        i64::from(GRAVITY_MAX),
        i64::from(delta.clamp(-GRAVITY_MAX, GRAVITY_MAX)),
    );
    let old = i64::from(old).clamp(-max, max);
    let pulled = old + delta - old * delta.abs() / max;
    pulled.clamp(-max, max) as i32
}

const KEYS: usize = 1 << 16;

/// `LEN` counters of `i16` learning by the gravity rule (within `±GRAVITY_MAX` = `±2¹⁴`, which
/// an `i16` holds), allocated at the first update: the storage of the continuation and capture
/// histories.
#[derive(Clone, Debug, Default)]
pub(crate) struct GravityCounters<const LEN: usize> {
    /// Empty until first used, then `LEN` counters.
    counters: Vec<i16>,
}

impl<const LEN: usize> GravityCounters<LEN> {
    /// Counter `slot` (below `LEN`); 0 before the first update.
    pub(crate) fn get(&self, slot: usize) -> i32 {
        self.counters.get(slot).map_or(0, |&counter| i32::from(counter))
    }

    /// Moves counter `slot` (below `LEN`) by `delta` ([`gravity`]).
    pub(crate) fn nudge(&mut self, slot: usize, delta: i32) {
        if self.counters.is_empty() {
            self.counters = vec![0; LEN];
        }
        let counter = &mut self.counters[slot];
        *counter = gravity(i32::from(*counter), delta) as i16;
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

/// History counters. See the [module documentation](self).
#[derive(Clone, Debug, Default)]
pub(crate) struct History {
    /// Empty until first used, then `2 × KEYS` counters.
    counters: Vec<i32>,
    /// The continuation counters (`continuation.rs`), learnt and aged with these.
    pub(crate) continuation: Continuation,
    /// The capture-history counters (`capture_history.rs`), learnt and aged with these.
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
