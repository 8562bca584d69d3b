//! The solver's scales: which values it tells apart, and the thresholds that split them.
//!
//! A probe asks "is the value at least `t`?" (a null-window search at `t`). Which `t`s are worth
//! asking depends on what the solver must settle: the sign of the value (weak), the margin of a
//! scored game (a [`Score::won_by`] band, whatever the distance within it), or the score itself
//! (a win or loss with its distance; an expectation in a game with dice). Each is a *scale*: a
//! monotone map from scores to integer classes, and for each class the lowest score in it (the
//! threshold whose test separates it from the classes below).

use crate::Score;

/// What a class of the solver's scales is (an integer, with room for the infinities).
pub(super) type Class = i64;

/// A monotone division of the scores into classes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Scale {
    /// Win, draw or loss: the sign of the score (`-1`, `0`, `1`).
    Sign,
    /// The final margin of a scored game ([`Score::margin`]; a draw is 0): scores of one margin
    /// at different distances are one class.
    Margin,
    /// The score itself: a win or loss with its distance, an expectation.
    Raw,
}

impl Scale {
    /// The class of `score` (the infinities beyond every other class).
    pub(super) fn class(self, score: Score) -> Class {
        let raw = Class::from(score.raw());
        match self {
            Scale::Sign => raw.signum(),
            Scale::Raw => raw,
            Scale::Margin => match score.margin() {
                Some(margin) => Class::from(margin),
                // Beyond every margin: the infinities (and anything past the decided band).
                None if score >= Score::MAX_DECIDED => Class::from(Score::MAX_MARGIN) + 1,
                None if score <= -Score::MAX_DECIDED => -Class::from(Score::MAX_MARGIN) - 1,
                // A draw is 0. Mates and static values (never met in a game scored by
                // margins) go with the class next to them towards the draw: 0 above it, -1
                // below, so that a class starts at its threshold.
                None if raw < 0 => -1,
                None => 0,
            },
        }
    }

    /// The lowest score of class `class`: a value is in `class` or above exactly when it is at
    /// least this.
    pub(super) fn threshold(self, class: Class) -> Score {
        let clamp = |value: Class, limit: i32| value.clamp(-Class::from(limit), Class::from(limit)) as i32;
        match self {
            Scale::Sign if class < 0 => -Score::INFINITY,
            Scale::Sign => Score::from_raw(clamp(class, 1)),
            Scale::Raw => Score::from_raw(clamp(class, Score::INFINITY.raw())),
            Scale::Margin => {
                let margin = clamp(class, Score::MAX_MARGIN);
                if margin > 0 {
                    // The slowest win by this margin.
                    Score::won_by(margin, Score::MAX_PLY)
                } else {
                    // The draw, or the fastest loss by this margin.
                    Score::won_by(margin, 0)
                }
            }
        }
    }

    /// The next class to test between a proven `lower` and `upper` class: in `(lower, upper]`,
    /// so that either answer narrows the interval; `None` when it is one class. The middle
    /// (rounded up), except that the sign comes first: a class above 0 is tested at 1 and one
    /// at or below at 0 before any other (whether the side to move wins is the cheapest and
    /// most wanted question, as Pons's solver asks it first).
    pub(super) fn next(lower: Class, upper: Class) -> Option<Class> {
        if lower >= upper {
            return None;
        }
        if lower < 1 && upper >= 1 {
            return Some(1); // a win or not
        }
        if lower < 0 && upper >= 0 {
            return Some(0); // a loss or not
        }
        Some(lower + (upper - lower + 1) / 2)
    }
}

impl Scale {
    /// The next class to test when the sign is known: one above the proven lower class for a
    /// win (is it better still?), the proven upper class for a loss (is it that good?). Every
    /// test but the last then succeeds for the winner, whose proofs need one good move where
    /// they branch and are cheap, and a fail-soft answer may jump several classes at once; only
    /// the last proves the winner can do no better. (Bisection's middle classes cost more: a
    /// solve of `Kalah(6, 4)` spent a third of its nodes proving that the first player cannot win
    /// by 13 before it found that it cannot win by 11.) `None` when settled.
    pub(super) fn climb(lower: Class, upper: Class) -> Option<Class> {
        if lower >= upper {
            None
        } else if lower >= 0 {
            Some(lower + 1)
        } else if upper <= 0 {
            Some(upper)
        } else {
            Scale::next(lower, upper)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Class, Scale};
    use crate::Score;

    #[test]
    fn classes_are_monotone_and_thresholds_start_them() {
        let scores = [
            -Score::INFINITY,
            Score::won_by(-3, 0),
            Score::won_by(-3, 40),
            Score::won_by(-1, 2),
            Score::mated_in(3),
            Score::DRAW,
            Score::mate_in(7),
            Score::mate_in(2),
            Score::won_by(1, 90),
            Score::won_by(1, 1),
            Score::won_by(12, 5),
            Score::INFINITY,
        ];
        for scale in [Scale::Sign, Scale::Margin, Scale::Raw] {
            for pair in scores.windows(2) {
                assert!(
                    scale.class(pair[0]) <= scale.class(pair[1]),
                    "{scale:?}: {pair:?}"
                );
            }
            for &score in &scores[1..scores.len() - 1] {
                let class = scale.class(score);
                let threshold = scale.threshold(class);
                assert!(threshold <= score, "{scale:?} {score}: threshold {threshold}");
                assert_eq!(scale.class(threshold), class, "{scale:?} {score}");
                // Just below the threshold is the class below (but below the lowest class).
                if threshold > -Score::INFINITY {
                    assert!(scale.class(threshold - 1) < class, "{scale:?} {score}");
                }
            }
        }
        assert_eq!(
            Scale::Margin.class(Score::won_by(-3, 0)),
            Scale::Margin.class(Score::won_by(-3, 40))
        );
        assert_eq!(Scale::Margin.class(Score::won_by(12, 5)), 12);
        assert_eq!(Scale::Sign.class(Score::won_by(-1, 2)), -1);
    }

    #[test]
    fn the_next_class_splits_the_interval_sign_first() {
        assert_eq!(Scale::next(-5, 7), Some(1));
        assert_eq!(Scale::next(-5, 0), Some(0));
        assert_eq!(Scale::next(0, 7), Some(1));
        assert_eq!(Scale::next(-5, 1), Some(1));
        assert_eq!(Scale::next(1, 7), Some(4));
        assert_eq!(Scale::next(-9, -1), Some(-5));
        assert_eq!(Scale::next(3, 3), None);
        assert_eq!(Scale::climb(3, 9), Some(4));
        assert_eq!(Scale::climb(-9, -3), Some(-3));
        assert_eq!(Scale::climb(-9, 3), Some(1));
        assert_eq!(Scale::climb(4, 4), None);
        // Always inside (lower, upper].
        for lower in -6..6 {
            for upper in lower + 1..7 {
                for next in [Scale::next(lower, upper), Scale::climb(lower, upper)] {
                    let next: Class = next.unwrap();
                    assert!(lower < next && next <= upper, "{lower} {upper}: {next}");
                }
            }
        }
    }
}
