//! Match scores and the Elo difference they imply, with a 95% confidence interval.
//!
//! A match of `n` games with `wins`, `draws` and `losses` scores `p = (wins + draws / 2) / n`.
//! Under the logistic Elo model, a score of `p` corresponds to a rating difference of
//! `-400 · log10(1 / p - 1)`. The interval comes from the standard error of the mean score per
//! game (the trinomial variance of 1, ½ and 0 results), mapped through the same formula:
//! `p ± 1.96 · sd / sqrt(n)` (the normal approximation, as BayesElo's and cutechess-cli's simple
//! reports do). A perfect or zero score has an unbounded difference: shown as `+inf` / `-inf`.

use std::fmt;

/// Wins, draws and losses from one side's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchScore {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

/// The z value of a two-sided 95% interval.
const Z_95: f64 = 1.959_963_985;

/// The Elo difference for a score fraction `p` (`None` at 0 or 1, where it is unbounded).
#[must_use]
pub fn elo_from_score(p: f64) -> Option<f64> {
    (p > 0.0 && p < 1.0).then(|| -400.0 * (1.0 / p - 1.0).log10())
}

impl MatchScore {
    /// Games played.
    #[must_use]
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Points: a win is 1, a draw ½.
    #[must_use]
    pub fn points(&self) -> f64 {
        f64::from(self.wins) + f64::from(self.draws) / 2.0
    }

    /// The score fraction `points / games` (0.5 for no games).
    #[must_use]
    pub fn fraction(&self) -> f64 {
        if self.games() == 0 {
            0.5
        } else {
            self.points() / f64::from(self.games())
        }
    }

    /// The same match seen from the other side.
    #[must_use]
    pub fn reversed(&self) -> MatchScore {
        MatchScore {
            wins: self.losses,
            draws: self.draws,
            losses: self.wins,
        }
    }

    /// The Elo difference and its 95% interval `(low, estimate, high)`; each is `None` where the
    /// score is 0 or 1 (unbounded), and `low`/`high` are clamped scores mapped back to Elo.
    #[must_use]
    pub fn elo(&self) -> EloEstimate {
        let n = f64::from(self.games());
        let p = self.fraction();
        if self.games() == 0 {
            return EloEstimate {
                low: None,
                estimate: Some(0.0),
                high: None,
                score: p,
            };
        }
        let results = [(self.wins, 1.0), (self.draws, 0.5), (self.losses, 0.0)];
        let variance = results
            .iter()
            .map(|&(count, value)| f64::from(count) * (value - p).powi(2))
            .sum::<f64>()
            / n;
        let margin = Z_95 * (variance / n).sqrt();
        EloEstimate {
            low: elo_from_score((p - margin).max(0.0)),
            estimate: elo_from_score(p),
            high: elo_from_score((p + margin).min(1.0)),
            score: p,
        }
    }
}

impl fmt::Display for MatchScore {
    /// `+W =D -L`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "+{} ={} -{}", self.wins, self.draws, self.losses)
    }
}

/// An Elo difference with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    /// The interval's lower end (`None`: unbounded below).
    pub low: Option<f64>,
    /// The estimate (`None`: unbounded, a zero or perfect score).
    pub estimate: Option<f64>,
    /// The interval's upper end (`None`: unbounded above).
    pub high: Option<f64>,
    /// The score fraction it was computed from.
    pub score: f64,
}

fn show(value: Option<f64>, infinity: &str) -> String {
    // An even score is +0, never -0 (as match.py prints it).
    value.map_or_else(
        || infinity.to_string(),
        |elo| {
            if elo.abs() < 0.5 {
                "+0".to_string()
            } else {
                format!("{elo:+.0}")
            }
        },
    )
}

impl fmt::Display for EloEstimate {
    /// `+35 [-20, +92]`; a 0% or 100% score has no interval under the normal approximation.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let infinity = if self.score >= 0.5 { "+inf" } else { "-inf" };
        if self.estimate.is_none() {
            return write!(
                f,
                "{infinity} (no interval at a {:.0}% score)",
                100.0 * self.score
            );
        }
        write!(
            f,
            "{} [{}, {}]",
            show(self.estimate, infinity),
            show(self.low, "-inf"),
            show(self.high, "+inf")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn even_scores_are_zero_elo_with_a_symmetric_interval() {
        let even = MatchScore {
            wins: 10,
            draws: 20,
            losses: 10,
        }
        .elo();
        assert_eq!(even.estimate, Some(0.0));
        assert!(even.to_string().starts_with("+0 ["), "{even}");
        let drawn = MatchScore {
            wins: 0,
            draws: 2,
            losses: 0,
        };
        assert_eq!(drawn.elo().to_string(), "+0 [+0, +0]");
        let (low, high) = (even.low.unwrap(), even.high.unwrap());
        assert!((low + high).abs() < 1e-9);
        assert!(low < -30.0 && low > -120.0, "{low}");
    }

    #[test]
    fn known_values() {
        // 75% is +191 Elo; 64% about +100.
        let estimate = MatchScore {
            wins: 3,
            draws: 0,
            losses: 1,
        }
        .elo()
        .estimate
        .unwrap();
        assert!((estimate - 190.85).abs() < 0.01, "{estimate}");
        assert!((elo_from_score(0.64).unwrap() - 99.96).abs() < 0.01);
        assert_eq!(elo_from_score(1.0), None);
    }

    #[test]
    fn more_games_narrow_the_interval() {
        let few = MatchScore {
            wins: 6,
            draws: 2,
            losses: 2,
        }
        .elo();
        let many = MatchScore {
            wins: 60,
            draws: 20,
            losses: 20,
        }
        .elo();
        assert_eq!(few.estimate, many.estimate);
        assert!(many.high.unwrap() - many.low.unwrap() < few.high.unwrap() - few.low.unwrap());
    }

    #[test]
    fn perfect_scores_are_unbounded_and_shown_as_such() {
        let perfect = MatchScore {
            wins: 6,
            draws: 0,
            losses: 0,
        };
        assert_eq!(perfect.elo().estimate, None);
        assert_eq!(perfect.elo().to_string(), "+inf (no interval at a 100% score)");
        assert_eq!(perfect.reversed().to_string(), "+0 =0 -6");
        assert_eq!(
            perfect.reversed().elo().to_string(),
            "-inf (no interval at a 0% score)"
        );
        assert_eq!(
            MatchScore {
                wins: 3,
                draws: 0,
                losses: 1
            }
            .elo()
            .to_string()
            .split(' ')
            .next(),
            Some("+191")
        );
    }
}
