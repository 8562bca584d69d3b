//! [`Score`]: a distance-aware search value (static, mate, or a margin), and [`Bound`] for windowed results.

use std::fmt;
use std::ops::{Add, Neg, Sub};

/// A search value: centi-units from a static evaluation, or a decided result (a win or loss,
/// possibly by a margin) with its distance.
///
/// # The bands
///
/// One `i32`, ordered as integers, in three bands (the positive side shown; a loss is the
/// negation of the same win):
///
/// | band | raw values | constructor | shown as |
/// |---|---|---|---|
/// | static values | `-28 999 ..= 28 999` (`±MAX_EVAL`) | [`cp`](Score::cp) | `cp 35` |
/// | win/loss games: mate | `29 000 ..= 30 000` (`MATE - ply`) | [`mate_in`](Score::mate_in) | `mate 3` |
/// | scored games: a margin | `30 001 ..= MATE + MAX_MARGIN × 1 001` | [`won_by`](Score::won_by) | `margin +4 in 3 plies` |
///
/// A result with a margin `m >= 1` reached `ply` plies from the root is
/// `MATE + m × (MAX_PLY + 1) - ply`: a larger margin is always better, and among equal margins
/// the faster win (and the slower loss). A plain win ([`mate_in`](Score::mate_in)) is the same
/// formula with `m = 0`: it ranks below a win by any margin, so a game should use one kind or
/// the other. A margin of 0 is a draw ([`DRAW`](Score::DRAW)).
///
/// Every decided result is beyond `±MAX_EVAL`: no static evaluation outranks a proven win.
///
/// # Distances and transposition tables
///
/// Decided results are measured from the **root** (`ply` = distance from the root). A
/// transposition table stores them measured from the node instead ([`to_tt`](Score::to_tt)), so
/// that an entry stored at one ply is read back correctly at another
/// ([`from_tt`](Score::from_tt)). The band, and within it the margin, is identifiable from the
/// value alone, so both conversions shift the distance of mates and margins alike and keep
/// every result exact.
///
/// Shown to people in UCI style, in moves, not plies: `cp 35`, `mate 3`, `mate -2`. Margins are
/// shown with their distance in plies (`margin +4 in 3 plies`): in games with extra turns a
/// "move" of one player may take several plies.
///
/// In a game with chance nodes a value may be a weighted mean of decided results and static
/// values (a roll that wins at once beside rolls that leave the game open): such a mean is an
/// expectation, not a proof, and lands in whichever band its integer falls, usually the static
/// one, so it is shown as `cp` (`cp 27539`: most rolls win). Only a value every outcome agrees on
/// is a `mate`.
///
/// ```
/// use search_core::Score;
/// assert_eq!(Score::mate_in(5).to_string(), "mate 3");
/// assert_eq!(Score::mated_in(4).to_string(), "mate -2");
/// assert_eq!(Score::cp(35).to_string(), "cp 35");
/// assert!(Score::mate_in(1) > Score::mate_in(3));
/// assert_eq!(Score::mate_in(3).to_tt(2).from_tt(2), Score::mate_in(3));
/// // Margins: more is better, then faster.
/// assert!(Score::won_by(2, 9) > Score::won_by(1, 1));
/// assert!(Score::won_by(2, 1) > Score::won_by(2, 3));
/// assert!(Score::won_by(-2, 3) > Score::won_by(-2, 1));
/// assert_eq!(Score::won_by(0, 5), Score::DRAW);
/// assert_eq!(Score::won_by(4, 3).to_string(), "margin +4 in 3 plies");
/// assert_eq!(Score::won_by(4, 3).to_tt(1).from_tt(2), Score::won_by(4, 4));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Score(i32);

impl Score {
    /// A draw, and the value of an even position.
    pub const DRAW: Score = Score(0);
    /// The value of delivering mate at the root itself (ply 0): `30 000`.
    pub const MATE: Score = Score(30_000);
    /// The longest line a decided score can describe, in plies: `1 000`.
    pub const MAX_PLY: u32 = 1_000;
    /// The largest static evaluation, `28 999` (`MATE - MAX_PLY - 1`): every decided score
    /// (mate or margin) is beyond it, and [`cp`](Score::cp) clamps into `±MAX_EVAL`.
    pub const MAX_EVAL: Score = Score(Self::MATE.0 - Self::MAX_PLY as i32 - 1);
    /// The largest margin a [`won_by`](Score::won_by) score can carry: `100 000`; larger
    /// margins are clamped to it.
    pub const MAX_MARGIN: i32 = 100_000;
    /// One margin step in the raw value: `MAX_PLY + 1`, so that the distance never reaches the
    /// next margin.
    const MARGIN_STEP: i32 = Self::MAX_PLY as i32 + 1;
    /// The best decided score: a win by [`MAX_MARGIN`](Score::MAX_MARGIN) at the root.
    pub const MAX_DECIDED: Score = Score(Self::MATE.0 + Self::MAX_MARGIN * Self::MARGIN_STEP);
    /// Beyond every reachable score: the initial alpha-beta window is `(-INFINITY, INFINITY)`.
    pub const INFINITY: Score = Score(1_000_000_000);

    /// A static value in centi-units, clamped into `±MAX_EVAL` (`±28 999`) so that it can never
    /// be mistaken for a decided score: `cp(40_000) == cp(28_999)`. The clamping is silent, by
    /// design (search-core is infallible): keep evaluations well inside it.
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

    /// The score whose raw value is `raw`, on the scale of the table above, unclamped: the
    /// inverse of [`raw`](Score::raw). For values computed outside the searchers, such as an
    /// oracle's expectiminimax integers (a chance node's mean is an integer anywhere on the
    /// scale, see [`crate::chance`]), to compare with a search's result. [`cp`](Score::cp),
    /// [`mate_in`](Score::mate_in) and [`won_by`](Score::won_by) are the constructors for the
    /// bands.
    ///
    /// ```
    /// use search_core::Score;
    /// assert_eq!(Score::from_raw(35), Score::cp(35));
    /// assert_eq!(Score::from_raw(Score::mate_in(3).raw()), Score::mate_in(3));
    /// assert_eq!(Score::from_raw(40_000).raw(), 40_000); // not clamped, unlike cp
    /// ```
    #[must_use]
    pub const fn from_raw(raw: i32) -> Score {
        Score(raw)
    }

    /// The score of mating the opponent `ply` plies from the root (clamped to
    /// [`MAX_PLY`](Score::MAX_PLY)).
    ///
    /// Its display counts **moves** of the winner, not plies, as UCI does:
    /// `mate_in(ply)` shows as `mate ⌈ply / 2⌉`, so `mate_in(3)` (win on the winner's second move)
    /// shows as `mate 2`, and `mate_in(1)` and `mate_in(2)` both as `mate 1`.
    ///
    /// ```
    /// use search_core::Score;
    /// assert_eq!(Score::mate_in(3).to_string(), "mate 2");
    /// assert_eq!(Score::mate_in(3).mate_plies(), Some(3));
    /// ```
    #[must_use]
    pub const fn mate_in(ply: u32) -> Score {
        let ply = if ply > Self::MAX_PLY { Self::MAX_PLY } else { ply };
        Score(Self::MATE.0 - ply as i32)
    }

    /// The score of being mated `ply` plies from the root; shown as `mate -⌊ply / 2⌋` (moves of
    /// the loser before the end).
    #[must_use]
    pub const fn mated_in(ply: u32) -> Score {
        Score(-Self::mate_in(ply).0)
    }

    /// The score of a game that ends `ply` plies from the root with the side to move (at the
    /// root) ahead by `margin` (behind, if negative): `MATE + margin × (MAX_PLY + 1) - ply` for a
    /// positive margin, its negation for a negative one, [`DRAW`](Score::DRAW) for 0.
    ///
    /// More margin is better; among equal margins the faster win and the slower loss. The margin
    /// is clamped to `±`[`MAX_MARGIN`](Score::MAX_MARGIN), the distance to
    /// [`MAX_PLY`](Score::MAX_PLY).
    #[must_use]
    pub const fn won_by(margin: i32, ply: u32) -> Score {
        let ply = if ply > Self::MAX_PLY { Self::MAX_PLY } else { ply };
        let size = if margin.unsigned_abs() > Self::MAX_MARGIN as u32 {
            Self::MAX_MARGIN
        } else {
            margin.abs()
        };
        let win = Self::MATE.0 + size * Self::MARGIN_STEP - ply as i32;
        Score(if margin > 0 {
            win
        } else if margin < 0 {
            -win
        } else {
            0
        })
    }

    /// The range of scores a game ending with a margin from `lowest` to `highest` (for the side
    /// to move) can have, one ply or more from the position they are measured from, at any
    /// distance: from the slowest win (or fastest loss) by `lowest` to the fastest win (or
    /// slowest loss) by `highest`. What a game that knows bounds on its final margin gives as
    /// [`Game::value_bounds`](crate::Game::value_bounds).
    ///
    /// ```
    /// use search_core::Score;
    /// let (low, high) = Score::margin_range(-2, 3);
    /// for margin in -2..=3 {
    ///     for ply in 1..=Score::MAX_PLY {
    ///         assert!(low <= Score::won_by(margin, ply) && Score::won_by(margin, ply) <= high);
    ///     }
    /// }
    /// assert_eq!(Score::margin_range(0, 0), (Score::DRAW, Score::DRAW));
    /// ```
    #[must_use]
    pub const fn margin_range(lowest: i32, highest: i32) -> (Score, Score) {
        let low = if lowest > 0 {
            Score::won_by(lowest, Self::MAX_PLY)
        } else {
            Score::won_by(lowest, 1)
        };
        let high = if highest > 0 {
            Score::won_by(highest, 1)
        } else {
            Score::won_by(highest, Self::MAX_PLY)
        };
        (low, high)
    }

    /// The raw integer value (centi-units for static values).
    #[must_use]
    pub const fn raw(self) -> i32 {
        self.0
    }

    /// Whether this is a decided result with a known distance, a mate or a margin (not a static
    /// value): beyond `±MAX_EVAL`.
    #[must_use]
    pub const fn is_mate(self) -> bool {
        let abs = self.0.abs();
        abs > Self::MAX_EVAL.0 && abs <= Self::MAX_DECIDED.0
    }

    /// For a decided score, the margin index: 0 for a mate, `m` for a win or loss by `m`.
    const fn margin_size(self) -> i32 {
        (self.0.abs() - Self::MATE.0 + Self::MARGIN_STEP - 1) / Self::MARGIN_STEP
    }

    /// For a decided score (mate or margin), the number of plies from the root to the end.
    #[must_use]
    pub const fn mate_plies(self) -> Option<u32> {
        if self.is_mate() {
            Some((Self::MATE.0 + self.margin_size() * Self::MARGIN_STEP - self.0.abs()) as u32)
        } else {
            None
        }
    }

    /// For a [`won_by`](Score::won_by) score, the margin for the side to move (negative when it
    /// is behind); `None` for static values and mates.
    #[must_use]
    pub const fn margin(self) -> Option<i32> {
        if !self.is_mate() || self.margin_size() == 0 {
            None
        } else if self.0 > 0 {
            Some(self.margin_size())
        } else {
            Some(-self.margin_size())
        }
    }

    /// For a mate score, the distance in moves as UCI shows it: positive when the side to move
    /// mates, negative when it is mated. `None` for static values and margins.
    #[must_use]
    pub const fn mate_moves(self) -> Option<i32> {
        if self.margin().is_some() {
            return None;
        }
        match self.mate_plies() {
            None => None,
            Some(plies) if self.0 > 0 => Some(plies.div_ceil(2) as i32),
            Some(plies) => Some(-((plies / 2) as i32)),
        }
    }

    /// Converts a score found `ply` plies from the root into one measured from the node, for a
    /// transposition table: a decided score (mate or margin) gets `ply` plies nearer, keeping its
    /// margin. Static values are unchanged.
    #[must_use]
    pub const fn to_tt(self, ply: u32) -> Score {
        self.shifted(-(ply as i32))
    }

    /// The inverse of [`to_tt`](Score::to_tt): a score read from a transposition table at a node
    /// `ply` plies from the root. A distance is kept within [`MAX_PLY`](Score::MAX_PLY), so a
    /// margin stays the same margin however far it is moved:
    ///
    /// ```
    /// use search_core::Score;
    /// let slowest = Score::won_by(-1, Score::MAX_PLY);
    /// assert_eq!(slowest.from_tt(3).margin(), Some(-1));
    /// assert_eq!(Score::won_by(2, 999).from_tt(5), Score::won_by(2, Score::MAX_PLY));
    /// assert_eq!(Score::mate_in(4).from_tt(2), Score::mate_in(6));
    /// ```
    #[must_use]
    pub const fn from_tt(self, ply: u32) -> Score {
        self.shifted(ply as i32)
    }

    /// A decided score with its distance changed by `plies` (nearer if negative), kept within
    /// its band: a distance below 0 or beyond [`MAX_PLY`](Score::MAX_PLY) is clamped there, so
    /// that a margin never turns into another margin or a mate. Static values are unchanged.
    const fn shifted(self, plies: i32) -> Score {
        let Some(distance) = self.mate_plies() else {
            return self;
        };
        let moved = distance as i32 + plies;
        let clamped = if moved < 0 {
            0
        } else if moved > Self::MAX_PLY as i32 {
            Self::MAX_PLY as i32
        } else {
            moved
        };
        let change = clamped - distance as i32;
        if self.0 > 0 {
            Score(self.0 - change)
        } else {
            Score(self.0 + change)
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
        match (self.margin(), self.mate_plies(), self.mate_moves()) {
            (Some(margin), Some(plies), _) => write!(f, "margin {margin:+} in {plies} plies"),
            (_, _, Some(moves)) => write!(f, "mate {moves}"),
            _ => write!(f, "cp {}", self.0),
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
    fn margins_round_trip_through_the_table_at_every_ply() {
        for margin in [-Score::MAX_MARGIN, -72, -4, -1, 1, 2, 48, Score::MAX_MARGIN] {
            for distance in (0..=Score::MAX_PLY).step_by(37) {
                for ply in (0..=(Score::MAX_PLY - distance)).step_by(29) {
                    let score = Score::won_by(margin, ply + distance);
                    assert!(score.is_mate());
                    assert_eq!(score.margin(), Some(margin));
                    assert_eq!(score.mate_plies(), Some(ply + distance));
                    assert_eq!(score.mate_moves(), None);
                    let stored = score.to_tt(ply);
                    assert_eq!(stored, Score::won_by(margin, distance), "margin {margin}");
                    assert_eq!(stored.from_tt(ply), score);
                }
            }
        }
    }

    #[test]
    fn margins_order_by_margin_then_distance() {
        // Every (margin, ply) pair in a small grid, sorted by score, must come out sorted by the
        // rule: margin first, then (for a win) nearer first, (for a loss) farther first.
        let mut pairs = Vec::new();
        for margin in -3..=3 {
            for ply in [0, 1, 2, 500, Score::MAX_PLY] {
                pairs.push((margin, ply));
            }
        }
        let key = |&(margin, ply): &(i32, u32)| {
            let distance = i64::from(ply);
            (
                margin,
                if margin > 0 {
                    -distance
                } else if margin < 0 {
                    distance
                } else {
                    0
                },
            )
        };
        for a in &pairs {
            for b in &pairs {
                let (sa, sb) = (Score::won_by(a.0, a.1), Score::won_by(b.0, b.1));
                assert_eq!(sa.cmp(&sb), key(a).cmp(&key(b)), "{a:?} vs {b:?}");
            }
        }
        // Mates sit between the static values and the margins.
        assert!(Score::won_by(1, Score::MAX_PLY) > Score::mate_in(0));
        assert!(Score::mate_in(Score::MAX_PLY) > Score::MAX_EVAL);
        assert!(Score::MAX_DECIDED < Score::INFINITY);
        assert_eq!(Score::won_by(i32::MAX, 0), Score::MAX_DECIDED);
        assert_eq!(Score::won_by(i32::MIN, 0), -Score::MAX_DECIDED);
        assert_eq!(Score::won_by(0, 7), Score::DRAW);
        assert_eq!(Score::MATE.margin(), None);
    }

    #[test]
    fn margins_display_with_their_plies() {
        assert_eq!(Score::won_by(4, 0).to_string(), "margin +4 in 0 plies");
        assert_eq!(Score::won_by(-2, 7).to_string(), "margin -2 in 7 plies");
        assert_eq!(Score::won_by(1, 1000).to_string(), "margin +1 in 1000 plies");
    }

    #[test]
    fn bound_classification() {
        let (alpha, beta) = (Score::cp(-10), Score::cp(10));
        assert_eq!(Bound::classify(Score::cp(10), alpha, beta), Bound::Lower);
        assert_eq!(Bound::classify(Score::cp(-10), alpha, beta), Bound::Upper);
        assert_eq!(Bound::classify(Score::cp(3), alpha, beta), Bound::Exact);
    }
}
