//! The correction table of the `correction` feature (`features/correction.rs`): per side and
//! correction key, what searches found the static value off by; read wherever the static value
//! is taken (the node's facts, quiescence search's stand pat).

use crate::{Player, Score};

/// The entries per side: `2^SLOT_BITS`.
const SLOT_BITS: u32 = 14;

/// An entry counts the correction in 1/`GRAIN` units of the evaluation.
const GRAIN: i32 = 256;

/// The weights of an update are out of `WEIGHT_SCALE`.
const WEIGHT_SCALE: i32 = 1024;

/// The largest weight an update gets (a search `depth` of 10 or more).
const MAX_WEIGHT: i32 = 128;

/// The largest correction, in hundredths of the evaluation's unit (64 centipawns in chess).
pub(crate) const MAX_CORRECTION: i32 = 64;

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
}
