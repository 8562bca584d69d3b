//! **Chance nodes**: the value of a position where nature moves (a die roll), defined exactly, and
//! the window arithmetic that lets alpha-beta prune there (Star1 and Star2).
//!
//! A game says that nature moves in a position with [`Game::is_chance`]; the moves it generates
//! there are the outcomes, each with an integer [`Game::chance_weight`] (a fair die: 1 each).
//!
//! # The value of a chance node
//!
//! **Expectiminimax** (Michie 1966): a chance node is worth the probability-weighted mean of its
//! outcomes' values. Scores are integers, and a mean of integers is a rational, so the project
//! defines it once, as every searcher computes it: the weighted mean **rounded to the nearest
//! integer, halves away from zero** ([`Expectation::value`]). The rule is
//!
//! - **symmetric**, `round(-x) = -round(x)`: the negamax-form searchers, which hold values for the
//!   side to move, get exactly the integer the two-sided ones get;
//! - **monotone**: a larger outcome value never lowers the mean, which is all alpha-beta's
//!   bounds need (below);
//! - **exact**: sums are kept in `i128`, so no weight or score overflows.
//!
//! "Equal to expectiminimax" in the cross-checks therefore means equal integers, with no
//! tolerance. Decided scores (a mate at some distance) are averaged like any other value: a node
//! where a win in 3 plies and a loss in 5 are equally likely is worth about 0.
//!
//! # Pruning at chance nodes: Star1 and Star2
//!
//! A chance node cannot be cut by one child as a max node can, but it can be cut by bounds:
//! every value lies within `±`[`Game::value_bound`], so after some outcomes are known, the others
//! can move the mean only so far (Ballard 1983).
//!
//! - **Star1.** Outcome `i` is searched with the window that decides the node: with `S` the
//!   weighted sum so far, `R` the weight still to come and `U` the bound, a value `<= a_i` for
//!   outcome `i` makes the node `<= alpha` even if every later outcome is worth `U`, and a value
//!   `>= b_i` makes it `>= beta` even if every later one is worth `-U`. So the node fails low or
//!   high at once, and otherwise goes on with an exact value. [`StarWindow`] computes `a_i` and
//!   `b_i` in integers, for this rounding.
//! - **Star2** (the probing variant): when every outcome leads to the same player's move, first
//!   search only **one** move of each outcome (the expected best: the engine probes with the
//!   first move in its order, the table's move first): that is a lower bound on the outcome's
//!   value for its player. If those bounds already put the mean beyond the window, the
//!   node is cut; otherwise they replace `-U` as the later outcomes' lower bounds in Star1's
//!   windows (Hauk, Buro & Schaeffer 2004 re-examine this "probing" phase and its costs).
//!
//! - **Invariant.** Fail-soft alpha-beta's: the result is exact inside the window, an upper
//!   bound `<= alpha`, a lower bound `>= beta`, as at any other node.
//! - **Exact or value-changing.** Exact: the same value as expectiminimax at the same depth
//!   (the cross-checks hold every exact engine combination to it).
//! - **Cost.** Star1 never searches more than expectiminimax; Star2 pays one probe per outcome
//!   (one move each) and wins it back when the probes cut, which takes good move order. Ballard
//!   reports 25-30% fewer nodes for Star1, more than 50% for Star2 with random order and an
//!   order of magnitude with optimal order; the project's table is in the book
//!   (`book/src/chance.md`, made by `cargo run --release --example star_table`).
//!
//! Sources: D. Michie, "Game-playing and game-learning automata" (1966), expectiminimax;
//! B. W. Ballard, "The *-minimax search procedure for trees containing chance nodes", Artificial
//! Intelligence 21 (1983); T. Hauk, M. Buro and J. Schaeffer, "Rediscovering *-Minimax Search",
//! Computers and Games 2004.

use crate::rng::SplitMix64;
use crate::{Game, Score};

/// How the engine prunes at chance nodes (its `star` feature; the engine's `chance_node.rs`):
/// Star1 or Star2, both exact (the value is expectiminimax's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChancePruning {
    /// Star1: each outcome in the window that decides the node (Ballard 1983).
    Star1,
    /// Star2: Star1 after a probing phase, the first move of each outcome in the search's
    /// order (Ballard 1983).
    Star2,
}

/// A weighted mean of scores being summed: the value of a chance node. See the
/// [module documentation](self) for the rounding.
///
/// ```
/// use search_core::Score;
/// use search_core::chance::Expectation;
///
/// let mut die = Expectation::default();
/// for face in 1..=6 {
///     die.add(1, Score::cp(face));
/// }
/// // 3.5 rounds away from zero.
/// assert_eq!(die.value(), Score::cp(4));
/// let mut negated = Expectation::default();
/// for face in 1..=6 {
///     negated.add(1, Score::cp(-face));
/// }
/// assert_eq!(negated.value(), Score::cp(-4));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Expectation {
    sum: i128,
    total: i128,
}

impl Expectation {
    /// Adds an outcome of `weight` worth `value`.
    pub fn add(&mut self, weight: u32, value: Score) {
        self.sum += i128::from(weight) * i128::from(value.raw());
        self.total += i128::from(weight);
    }

    /// The sum of the weights added so far.
    #[must_use]
    pub fn total_weight(&self) -> i128 {
        self.total
    }

    /// The weighted mean, rounded to the nearest integer, halves away from zero (a draw if no
    /// outcome was added).
    #[must_use]
    pub fn value(&self) -> Score {
        rounded_mean(self.sum, self.total)
    }
}

/// `sum / total` rounded to the nearest integer, halves away from zero, as a score (`total > 0`;
/// a draw otherwise).
#[must_use]
pub fn rounded_mean(sum: i128, total: i128) -> Score {
    if total <= 0 {
        return Score::DRAW;
    }
    let magnitude = (2 * sum.abs() + total) / (2 * total);
    let raw = if sum < 0 { -magnitude } else { magnitude };
    Score::from_raw(raw.clamp(
        -i128::from(Score::INFINITY.raw()),
        i128::from(Score::INFINITY.raw()),
    ) as i32)
}

/// The smallest weighted sum whose [`rounded_mean`] over `total` is at least `value`.
fn least_sum_reaching(value: Score, total: i128) -> i128 {
    // Means are clamped into `±INFINITY`: a value beyond it (a window edge past infinity) is
    // reached by no sum, and `-INFINITY` or less by every one; the search below would not end.
    let infinity = i128::from(Score::INFINITY.raw());
    let value = i128::from(value.raw());
    if value > infinity {
        return (infinity + 1) * total;
    }
    if value <= -infinity {
        return -(infinity + 1) * total;
    }
    let mut sum = value * total - total / 2 - 1;
    while rounded_mean(sum, total).raw() as i128 >= value {
        sum -= 1;
    }
    while (rounded_mean(sum, total).raw() as i128) < value {
        sum += 1;
    }
    sum
}

/// Star1's window arithmetic at one chance node: which values of the next outcome decide the
/// node, given its window, the outcomes' total weight and the game's
/// [`value_bound`](Game::value_bound). All values are from the chance node's side to move.
#[derive(Clone, Copy, Debug)]
pub struct StarWindow {
    /// The largest weighted sum whose mean is `<= alpha`.
    fail_low_sum: i128,
    /// The smallest weighted sum whose mean is `>= beta`.
    fail_high_sum: i128,
    total: i128,
}

impl StarWindow {
    /// The arithmetic for a chance node searched in `(alpha, beta)` whose outcomes weigh
    /// `total` (more than 0) together.
    #[must_use]
    pub fn new(alpha: Score, beta: Score, total: i128) -> Self {
        let total = total.max(1);
        StarWindow {
            fail_low_sum: least_sum_reaching(alpha + 1, total) - 1,
            fail_high_sum: least_sum_reaching(beta, total),
            total,
        }
    }

    /// The window `(a, b)` for an outcome of `weight`: a value `<= a` fails the node low and one
    /// `>= b` fails it high, where `known` is the weighted sum of the outcomes searched so far
    /// and `(low, high)` the weighted sums of lower and upper bounds of those still to come.
    #[must_use]
    pub fn outcome_window(&self, known: i128, weight: u32, (low, high): (i128, i128)) -> (Score, Score) {
        let weight = i128::from(weight.max(1));
        let a = (self.fail_low_sum - known - high).div_euclid(weight);
        let b = -((known + low - self.fail_high_sum).div_euclid(weight));
        (clamp_score(a), clamp_score(b))
    }

    /// Whether weighted sum `sum` puts the node at or below alpha.
    #[must_use]
    pub fn fails_low(&self, sum: i128) -> bool {
        sum <= self.fail_low_sum
    }

    /// Whether weighted sum `sum` puts the node at or above beta.
    #[must_use]
    pub fn fails_high(&self, sum: i128) -> bool {
        sum >= self.fail_high_sum
    }

    /// The node's value for weighted sum `sum`.
    #[must_use]
    pub fn value(&self, sum: i128) -> Score {
        rounded_mean(sum, self.total)
    }
}

/// A window bound as a score, within `±INFINITY`.
fn clamp_score(value: i128) -> Score {
    let infinity = i128::from(Score::INFINITY.raw());
    Score::from_raw(value.clamp(-infinity, infinity) as i32)
}

/// The sum of the weights of `outcomes` of chance node `game` (exact: `u32` weights, at most a
/// move list of them).
#[must_use]
pub fn total_weight<G: Game>(game: &G, outcomes: &[G::Move]) -> u64 {
    outcomes
        .iter()
        .map(|&outcome| u64::from(game.chance_weight(outcome)))
        .sum()
}

/// The index of an outcome of chance node `game` among `outcomes`, drawn by its weight with
/// `rng`: how Monte Carlo tree search and the match programs roll the die.
///
/// ```
/// use search_core::chance::sample_outcome;
/// use search_core::rng::SplitMix64;
/// use search_core::random_tree::RandomTree;
/// use search_core::{Game, MoveList};
///
/// // A chance node of 3 outcomes after the root's first move.
/// let roll = RandomTree::new(1, 2, 3).with_chance(3, 1).play(0);
/// assert!(roll.is_chance());
/// let mut outcomes = MoveList::new();
/// roll.generate_moves(&mut outcomes);
/// assert!(sample_outcome(&roll, &outcomes, &mut SplitMix64::new(7)) < 3);
/// ```
pub fn sample_outcome<G: Game>(game: &G, outcomes: &[G::Move], rng: &mut SplitMix64) -> usize {
    let total = total_weight(game, outcomes);
    let mut draw = rng.below(usize::try_from(total.max(1)).unwrap_or(usize::MAX)) as u64;
    for (index, &outcome) in outcomes.iter().enumerate() {
        let weight = u64::from(game.chance_weight(outcome));
        if draw < weight {
            return index;
        }
        draw -= weight;
    }
    outcomes.len().saturating_sub(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding_is_symmetric_and_nearest() {
        for total in 1..=12i128 {
            for sum in -60..=60i128 {
                let mean = rounded_mean(sum, total).raw() as i128;
                assert_eq!(rounded_mean(-sum, total).raw() as i128, -mean);
                // Nearest: |2 sum - 2 mean total| <= total, halves away from zero.
                let error = 2 * sum - 2 * mean * total;
                assert!(error.abs() <= total, "{sum}/{total} -> {mean}");
                if error.abs() == total {
                    assert!(
                        mean.abs() * total > sum.abs(),
                        "{sum}/{total}: a half rounds away from zero"
                    );
                }
            }
        }
    }

    #[test]
    fn a_window_at_infinity_has_thresholds() {
        // An edge at infinity (`alpha + 1` past it): no sum reaches it, and none is needed.
        for total in [1, 6, 36] {
            let window = StarWindow::new(Score::INFINITY, Score::INFINITY + 1, total);
            assert!(window.fails_low(i128::from(Score::INFINITY.raw()) * total));
            let window = StarWindow::new(-Score::INFINITY + -1, -Score::INFINITY, total);
            assert!(window.fails_high(-i128::from(Score::INFINITY.raw()) * total));
        }
    }

    #[test]
    fn thresholds_are_the_exact_boundaries() {
        for total in 1..=9i128 {
            for alpha in -7..=7 {
                for beta in alpha + 1..=alpha + 4 {
                    let window = StarWindow::new(Score::cp(alpha), Score::cp(beta), total);
                    for sum in -80..=80i128 {
                        let mean = rounded_mean(sum, total).raw();
                        assert_eq!(window.fails_low(sum), mean <= alpha, "{sum}/{total} <= {alpha}");
                        assert_eq!(window.fails_high(sum), mean >= beta, "{sum}/{total} >= {beta}");
                    }
                }
            }
        }
    }

    #[test]
    fn outcome_windows_decide_the_node() {
        // Three outcomes of weights 1, 2, 3, values in -10..=10: whatever the later outcomes
        // are worth, a value at or beyond the outcome's window decides the node.
        let weights = [1u32, 2, 3];
        let bound = 10i128;
        for alpha in -6..=5 {
            let beta = alpha + 2;
            let window = StarWindow::new(Score::cp(alpha), Score::cp(beta), 6);
            for first in -10..=10i128 {
                let known = first;
                // The third outcome (weight 3) is still to come, worth -10..=10.
                let (a, b) = window.outcome_window(known, weights[1], (-bound * 3, bound * 3));
                for second in -10..=10i32 {
                    let sum_known = known + 2 * i128::from(second);
                    for third in -10..=10i128 {
                        let sum = sum_known + 3 * third;
                        if Score::cp(second) <= a {
                            assert!(window.fails_low(sum), "{first} {second} {third}");
                        }
                        if Score::cp(second) >= b {
                            assert!(window.fails_high(sum), "{first} {second} {third}");
                        }
                    }
                }
            }
        }
    }
}
