//! **Correction history** (Stockfish's pawn correction history, 2023; Koivisto and Berserk
//! before it; Chess Programming Wiki, "Static Evaluation Correction History"): the static value
//! corrected by what searches of positions with the same structure found it to be off by.
//!
//! - **Idea.** An evaluation errs the same way in positions that share a structure (in chess,
//!   the pawns: a blocked chain the evaluation likes too much, a passed pawn it underrates).
//!   After a node's search, the difference between its result and its static value is a
//!   measurement of that error; a table indexed by the side to move and a hash of the structure
//!   ([`Game::correction_key`](crate::Game::correction_key)) keeps a running average of it,
//!   weighted by the search's depth, and the next static value of a position with that
//!   structure is corrected by the average: the value the prunings read (reverse futility,
//!   futility, razoring, null move's guard and its evaluation term, `improving`) and the
//!   quiescence search's stand pat.
//! - **When.** With the option on (`correction`), at an interior node whose static value is
//!   computed (a feature reads it: not the root, not in check) and whose game gives a key.
//!   It learns, after the node's moves are searched, only from a result that says something
//!   about the static value: not after a noisy best move (a capture settles the material the
//!   static value counted before it), not from a fail-high at or below the static value (it
//!   may be higher still) nor a fail-low at or above it (it may be lower still), never from a
//!   decided (mate or won) score, an aborted search or a Star2 probe.
//! - **Invariant.** Each entry lies within `±MAX_CORRECTION` units of the evaluation (64
//!   centipawns of a 100-unit pawn, [`scaled`](super::feature::scaled) for other units), kept
//!   in 1/`GRAIN` units: an update moves it toward the measured error by a weight
//!   `min((depth + 1)², 128) / 1024`, by at most a quarter of the bound, then clamps it. A
//!   corrected static value stays within the evaluation's range.
//! - **Exact or value-changing.** Value-changing: the prunings and the stand pat read the
//!   corrected value. It learns only where a pruning reads the static value, so without them
//!   it changes nothing (nothing is learnt, every correction stays 0). Off in every preset.
//! - **Cost.** `2 × 2^14` entries of `i32` (128 KiB) per thread, allocated at the first update
//!   and kept across searches (forgotten by a new game); a key and a load per static value and
//!   stand pat, a key and a store per node that learns.

use super::feature::{Feature, value_changing};
use crate::{Bound, Player, Score};

/// The `correction` feature: [`Config::correction`](super::Config::correction).
pub(super) const CORRECTION: Feature<bool> = Feature::switch(
    "correction",
    "Correction History",
    "correction history: the static value corrected by the errors searches found in positions of the same structure",
    value_changing,
);

/// The entries per side: `2^SLOT_BITS`.
const SLOT_BITS: u32 = 14;

/// An entry counts the correction in 1/`GRAIN` units of the evaluation.
const GRAIN: i32 = 256;

/// The weights of an update are out of `WEIGHT_SCALE`.
const WEIGHT_SCALE: i32 = 1024;

/// The largest weight an update gets (a search `depth` of 10 or more).
const MAX_WEIGHT: i32 = 128;

/// The largest correction, in hundredths of the evaluation's unit (64 centipawns in chess).
pub(super) const MAX_CORRECTION: i32 = 64;

/// The learnt corrections of one thread. See the [module documentation](self).
#[derive(Clone, Debug, Default)]
pub(crate) struct Correction {
    /// Empty until first learnt, then `2 × 2^SLOT_BITS` entries.
    entries: Vec<i32>,
}

impl Correction {
    fn slot(player: Player, key: u64) -> usize {
        let hashed = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - SLOT_BITS)) as usize;
        match player {
            Player::First => hashed,
            Player::Second => (1 << SLOT_BITS) + hashed,
        }
    }

    /// `raw`, the static value of a position of `player` to move with correction key `key`,
    /// corrected: within `±MAX_EVAL`.
    pub(crate) fn correct(&self, player: Player, key: u64, raw: Score) -> Score {
        let Some(entry) = self.entries.get(Self::slot(player, key)) else {
            return raw;
        };
        Score::cp(raw.raw() + entry / GRAIN)
    }

    /// Learns from a search `depth` plies deep that found `searched` where the corrected static
    /// value was `corrected`: the entry moves by the weight times the error found (the same
    /// running average as moving it toward the raw value's error). `max_correction` is
    /// `MAX_CORRECTION` on the evaluation's scale.
    pub(crate) fn learn(
        &mut self,
        player: Player,
        key: u64,
        corrected: Score,
        searched: Score,
        depth: u32,
        max_correction: i32,
    ) {
        if self.entries.is_empty() {
            self.entries = vec![0; 2 << SLOT_BITS];
        }
        let entry = &mut self.entries[Self::slot(player, key)];
        let limit = i64::from(max_correction) * i64::from(GRAIN);
        let error = (i64::from(searched.raw()) - i64::from(corrected.raw())) * i64::from(GRAIN);
        let depth = i64::from(depth.min(64));
        let weight = ((depth + 1) * (depth + 1)).min(i64::from(MAX_WEIGHT));
        // One result moves the entry by at most a quarter of the bound (Stockfish's clamp).
        let step = (error * weight / i64::from(WEIGHT_SCALE)).clamp(-limit / 4, limit / 4);
        *entry = (i64::from(*entry) + step).clamp(-limit, limit) as i32;
    }

    /// Forgets everything.
    pub(crate) fn clear(&mut self) {
        self.entries.fill(0);
    }
}

/// Whether a node's result teaches the correction history: `searched`, with its bound `bound`,
/// against the node's static value `corrected`; `noisy_best` says whether the node found a move
/// above alpha and it is noisy. Not a decided score, not after a noisy best move, not a
/// fail-high at or below the static value (it may be higher still) nor a fail-low at or above
/// it (it may be lower still).
#[must_use]
pub(super) fn teaches(bound: Bound, searched: Score, corrected: Score, noisy_best: bool) -> bool {
    if searched.is_mate() || noisy_best {
        return false;
    }
    match bound {
        Bound::Lower => searched > corrected,
        Bound::Upper => searched < corrected,
        Bound::Exact => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_structure_learns_its_error_per_side_weighted_by_depth_and_bounded() {
        let mut table = Correction::default();
        let (raw, key) = (Score::cp(20), 77);
        // Nothing learnt: the raw value.
        assert_eq!(table.correct(Player::First, key, raw), raw);
        // A deep search (weight 128/1024) found 100 where the static value said 20: an eighth of
        // the error of 80.
        table.learn(Player::First, key, raw, Score::cp(100), 12, MAX_CORRECTION);
        assert_eq!(table.correct(Player::First, key, raw), Score::cp(30));
        // The other side's entry, another structure: untouched.
        assert_eq!(table.correct(Player::Second, key, raw), raw);
        assert_eq!(table.correct(Player::First, key + 1, raw), raw);
        // A shallow search weighs less: depth 1, weight 4/1024 of the error 80.
        let mut shallow = Correction::default();
        shallow.learn(Player::First, key, raw, Score::cp(100), 1, MAX_CORRECTION);
        assert_eq!(
            shallow.entries[Correction::slot(Player::First, key)],
            80 * GRAIN * 4 / 1024
        );
        // The next error is the corrected value's: 100 found again where 30 is now said, 70.
        table.learn(
            Player::First,
            key,
            Score::cp(30),
            Score::cp(100),
            12,
            MAX_CORRECTION,
        );
        assert_eq!(table.correct(Player::First, key, raw), Score::cp(38));
        // One result, however far off, moves it by at most a quarter of the bound.
        let mut once = Correction::default();
        once.learn(Player::First, key, raw, Score::cp(2000), 20, MAX_CORRECTION);
        assert_eq!(
            once.correct(Player::First, key, raw),
            Score::cp(20 + MAX_CORRECTION / 4)
        );
        // However large and often the error, the correction stays within the bound.
        for _ in 0..200 {
            table.learn(Player::First, key, raw, Score::cp(2000), 20, MAX_CORRECTION);
        }
        assert_eq!(
            table.correct(Player::First, key, raw),
            Score::cp(20 + MAX_CORRECTION)
        );
        for _ in 0..200 {
            table.learn(Player::First, key, raw, Score::cp(-2000), 20, MAX_CORRECTION);
        }
        assert_eq!(
            table.correct(Player::First, key, raw),
            Score::cp(20 - MAX_CORRECTION)
        );
        // Near the end of the evaluation's range, a corrected value stays inside it.
        let top = Score::MAX_EVAL;
        assert_eq!(
            table.correct(Player::First, key, top),
            Score::cp(top.raw() - MAX_CORRECTION)
        );
        for _ in 0..200 {
            table.learn(Player::First, key, raw, Score::cp(2000), 20, MAX_CORRECTION);
        }
        assert_eq!(table.correct(Player::First, key, top), top);
        table.clear();
        assert_eq!(table.correct(Player::First, key, raw), raw);
    }

    #[test]
    fn only_a_quiet_undecided_result_that_bounds_the_static_value_the_other_way_teaches() {
        let static_value = Score::cp(50);
        // (bound, result, noisy best move, teaches)
        let table = [
            (Bound::Exact, Score::cp(10), false, true),
            (Bound::Exact, Score::cp(50), false, true),
            (Bound::Lower, Score::cp(80), false, true),
            (Bound::Lower, Score::cp(50), false, false),
            (Bound::Lower, Score::cp(20), false, false),
            (Bound::Upper, Score::cp(20), false, true),
            (Bound::Upper, Score::cp(50), false, false),
            (Bound::Upper, Score::cp(80), false, false),
            // A capture or promotion found the value: the static value was not wrong about it.
            (Bound::Exact, Score::cp(10), true, false),
            (Bound::Lower, Score::cp(80), true, false),
            // A mate or a won margin says nothing about a static value.
            (Bound::Lower, Score::mate_in(5), false, false),
            (Bound::Upper, Score::mated_in(4), false, false),
            (Bound::Exact, Score::won_by(3, 6), false, false),
        ];
        for (bound, result, noisy_best, expected) in table {
            assert_eq!(
                teaches(bound, result, static_value, noisy_best),
                expected,
                "{bound:?} {result} noisy {noisy_best}"
            );
        }
    }
}
