//! [`Score`]: a mate-distance-aware search value, and [`Bound`] for windowed results.

use std::fmt;
use std::ops::{Add, Neg, Sub};

/// A search value: centi-units from a static evaluation, or a win/loss with its distance.
///
/// Ordered as integers: every winning mate score is above [`Score::MAX_EVAL`], every losing one
/// below `-MAX_EVAL`, and a shorter win is worth more than a longer one
/// (`mate_in(1) > mate_in(3)`), a longer loss more than a shorter one.
///
/// Mate scores are measured from the **root** (`ply` = distance from the root). A transposition
/// table stores them measured from the node instead ([`to_tt`](Score::to_tt)), so that an entry
/// stored at one ply is read back correctly at another ([`from_tt`](Score::from_tt)).
///
/// Shown to people in UCI style, in moves, not plies: `cp 35`, `mate 3`, `mate -2`.
///
/// ```
/// use search_core::Score;
/// assert_eq!(Score::mate_in(5).to_string(), "mate 3");
/// assert_eq!(Score::mated_in(4).to_string(), "mate -2");
/// assert_eq!(Score::cp(35).to_string(), "cp 35");
/// assert!(Score::mate_in(1) > Score::mate_in(3));
/// assert_eq!(Score::mate_in(3).to_tt(2).from_tt(2), Score::mate_in(3));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Score(i32);

impl Score {
    /// A draw, and the value of an even position.
    pub const DRAW: Score = Score(0);
    /// The value of delivering mate at the root itself (ply 0).
    pub const MATE: Score = Score(30_000);
    /// The longest line a mate score can describe, in plies.
    pub const MAX_PLY: u32 = 1_000;
    /// The largest static evaluation: every mate score is beyond it.
    pub const MAX_EVAL: Score = Score(Self::MATE.0 - Self::MAX_PLY as i32 - 1);
    /// Beyond every reachable score: the initial alpha-beta window is `(-INFINITY, INFINITY)`.
    pub const INFINITY: Score = Score(32_000);

    /// A static value in centi-units, clamped into `±MAX_EVAL` so that it can never be mistaken
    /// for a mate score.
    #[must_use]
    pub const fn cp(value: i32) -> Score {
        let max = Self::MAX_EVAL.0;
        Score(if value > max {
            max
        } else if value < -max {
            -max
        } else {
            value
        })
    }

    /// The score of mating the opponent `ply` plies from the root.
    #[must_use]
    pub const fn mate_in(ply: u32) -> Score {
        let ply = if ply > Self::MAX_PLY { Self::MAX_PLY } else { ply };
        Score(Self::MATE.0 - ply as i32)
    }

    /// The score of being mated `ply` plies from the root.
    #[must_use]
    pub const fn mated_in(ply: u32) -> Score {
        Score(-Self::mate_in(ply).0)
    }

    /// The raw integer value (centi-units for static values).
    #[must_use]
    pub const fn raw(self) -> i32 {
        self.0
    }

    /// Whether this is a win or loss with a known distance (not a static value).
    #[must_use]
    pub const fn is_mate(self) -> bool {
        let abs = self.0.abs();
        abs > Self::MAX_EVAL.0 && abs <= Self::MATE.0
    }

    /// For a mate score, the number of plies from the root to the mate.
    #[must_use]
    pub const fn mate_plies(self) -> Option<u32> {
        if self.is_mate() {
            Some((Self::MATE.0 - self.0.abs()) as u32)
        } else {
            None
        }
    }

    /// For a mate score, the distance in moves as UCI shows it: positive when the side to move
    /// mates, negative when it is mated.
    #[must_use]
    pub const fn mate_moves(self) -> Option<i32> {
        match self.mate_plies() {
            None => None,
            Some(plies) if self.0 > 0 => Some(plies.div_ceil(2) as i32),
            Some(plies) => Some(-((plies / 2) as i32)),
        }
    }

    /// Converts a score found `ply` plies from the root into one measured from the node, for a
    /// transposition table. Static values are unchanged.
    #[must_use]
    pub const fn to_tt(self, ply: u32) -> Score {
        if !self.is_mate() {
            self
        } else if self.0 > 0 {
            Score(self.0 + ply as i32)
        } else {
            Score(self.0 - ply as i32)
        }
    }

    /// The inverse of [`to_tt`](Score::to_tt): a score read from a transposition table at a node
    /// `ply` plies from the root.
    #[must_use]
    pub const fn from_tt(self, ply: u32) -> Score {
        if !self.is_mate() {
            self
        } else if self.0 > 0 {
            Score(self.0 - ply as i32)
        } else {
            Score(self.0 + ply as i32)
        }
    }
}

// Arithmetic saturates: a margin or a window offset (an option, so any `i32`) added to a score
// must not wrap a winning value into a losing one (or panic under overflow checks). Values that
// do not overflow are unchanged.

impl Neg for Score {
    type Output = Score;
    fn neg(self) -> Score {
        Score(self.0.saturating_neg())
    }
}

impl Add<i32> for Score {
    type Output = Score;
    fn add(self, rhs: i32) -> Score {
        Score(self.0.saturating_add(rhs))
    }
}

impl Sub<i32> for Score {
    type Output = Score;
    fn sub(self, rhs: i32) -> Score {
        Score(self.0.saturating_sub(rhs))
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.mate_moves() {
            Some(moves) => write!(f, "mate {moves}"),
            None => write!(f, "cp {}", self.0),
        }
    }
}

/// How a fail-soft search result relates to the true value of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bound {
    /// The score is the exact value (it fell inside the window).
    Exact,
    /// The true value is at least the score (the search failed high: a beta cutoff).
    Lower,
    /// The true value is at most the score (the search failed low: no move reached alpha).
    Upper,
}

impl Bound {
    /// The bound of a fail-soft result `score` searched with the window `(alpha, beta)`.
    #[must_use]
    pub fn classify(score: Score, alpha: Score, beta: Score) -> Bound {
        if score >= beta {
            Bound::Lower
        } else if score <= alpha {
            Bound::Upper
        } else {
            Bound::Exact
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tt_round_trip_at_every_ply_both_signs() {
        for distance in 0..=Score::MAX_PLY {
            for ply in 0..=(Score::MAX_PLY - distance) {
                for score in [Score::mate_in(ply + distance), Score::mated_in(ply + distance)] {
                    let stored = score.to_tt(ply);
                    assert_eq!(stored.from_tt(ply), score, "ply {ply}, distance {distance}");
                    // Stored relative to the node: the same as a mate found at the node itself.
                    let at_node = if score > Score::DRAW {
                        Score::mate_in(distance)
                    } else {
                        Score::mated_in(distance)
                    };
                    assert_eq!(stored, at_node);
                }
            }
        }
    }

    #[test]
    fn tt_moves_mate_to_the_probing_ply() {
        // Mate 3 plies below a node at ply 2, probed later from a node at ply 6.
        let found = Score::mate_in(2 + 3);
        assert_eq!(found.to_tt(2).from_tt(6), Score::mate_in(6 + 3));
        let lost = Score::mated_in(2 + 4);
        assert_eq!(lost.to_tt(2).from_tt(5), Score::mated_in(5 + 4));
    }

    #[test]
    fn static_values_are_unchanged_by_tt_conversion() {
        for value in [-Score::MAX_EVAL.raw(), -123, 0, 57, Score::MAX_EVAL.raw()] {
            let score = Score::cp(value);
            assert!(!score.is_mate());
            assert_eq!(score.to_tt(17), score);
            assert_eq!(score.from_tt(17), score);
        }
    }

    #[test]
    fn ordering_prefers_shorter_wins_and_longer_losses() {
        assert!(Score::mate_in(1) > Score::mate_in(3));
        assert!(Score::mated_in(4) > Score::mated_in(2));
        assert!(Score::mate_in(Score::MAX_PLY) > Score::MAX_EVAL);
        assert!(Score::mated_in(Score::MAX_PLY) < -Score::MAX_EVAL);
        assert!(Score::INFINITY > Score::MATE);
        assert_eq!(Score::cp(1_000_000), Score::MAX_EVAL);
        assert_eq!(Score::cp(-1_000_000), -Score::MAX_EVAL);
    }

    #[test]
    fn displays_in_moves() {
        let cases = [
            (Score::mate_in(1), "mate 1"),
            (Score::mate_in(2), "mate 1"),
            (Score::mate_in(11), "mate 6"),
            (Score::mated_in(0), "mate 0"),
            (Score::mated_in(2), "mate -1"),
            (Score::mated_in(6), "mate -3"),
            (Score::cp(-35), "cp -35"),
            (Score::DRAW, "cp 0"),
        ];
        for (score, shown) in cases {
            assert_eq!(score.to_string(), shown);
        }
    }

    #[test]
    fn arithmetic_with_huge_margins_saturates() {
        // A margin of any size: no panic under overflow checks, no wrap to the other sign.
        assert_eq!(Score::INFINITY + i32::MAX, Score(i32::MAX));
        assert_eq!(-Score::INFINITY - i32::MAX, Score(i32::MIN));
        assert_eq!(Score::cp(-5) - i32::MAX, Score(i32::MIN));
        assert_eq!(Score::cp(-5) + i32::MIN, Score(i32::MIN));
        assert_eq!(-Score(i32::MIN), Score(i32::MAX));
        assert!(Score::mate_in(3) + i32::MAX > Score::INFINITY);
        // Ordinary values are unchanged.
        assert_eq!(Score::cp(35) + 10, Score::cp(45));
        assert_eq!(Score::cp(35) - 50, Score::cp(-15));
        assert_eq!(-Score::mate_in(3), Score::mated_in(3));
    }

    #[test]
    fn bound_classification() {
        let (alpha, beta) = (Score::cp(-10), Score::cp(10));
        assert_eq!(Bound::classify(Score::cp(10), alpha, beta), Bound::Lower);
        assert_eq!(Bound::classify(Score::cp(-10), alpha, beta), Bound::Upper);
        assert_eq!(Bound::classify(Score::cp(3), alpha, beta), Bound::Exact);
    }
}
