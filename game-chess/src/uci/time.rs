//! Time management: how long to think about one move, given the clock.
//!
//! Two figures per move: the **optimum**, after which the engine starts no new iteration, and the
//! **maximum**, the hard deadline at which a running iteration is abandoned (the engine then
//! plays the best move of its last completed iteration). Both leave the `Move Overhead` (the
//! time lost between the engine and the clock: pipes, the GUI, the operating system) untouched,
//! so that the clock never runs out however short it is.
//!
//! Without `movestogo` the engine assumes the game lasts [`ASSUMED_MOVES_TO_GO`] more moves and
//! spends most of its increment; with `movestogo` it spreads the time over the moves left.
//!
//! Besides this move's overhead, one more `Move Overhead` is kept in reserve for each of the
//! other moves to go (up to [`ASSUMED_MOVES_TO_GO`]), as Stockfish does, but never more than
//! half the clock. Without the reserve, a game on a small increment settles with a clock of a
//! few overheads and spends the whole increment on each move, so one slow answer of the pipes
//! or the scheduler loses on time. Without the cap, a bullet clock below the whole reserve
//! (300 ms at the default 10 ms overhead) gives nothing to spend, whatever the increment: with
//! it, half the clock is always kept and a share of the other half is spent, so the clock
//! shrinks geometrically in sudden death and settles well above the overheads with an
//! increment.
//!
//! A budget of zero does not mean an unsearched move: the UCI engine always completes a search
//! to depth 1 (see [`UciEngine`](super::UciEngine)).

use std::time::Duration;

/// Moves the game is assumed to last when the GUI does not say (`movestogo` absent).
pub const ASSUMED_MOVES_TO_GO: u32 = 30;

/// The share of the increment spent on each move, on top of the base share (in percent). Less than
/// all of it: the increment also rebuilds a low clock.
const INCREMENT_SHARE_PERCENT: u32 = 75;

/// The hard limit is this many times the optimum: an iteration that would run past it is
/// abandoned.
const MAXIMUM_OVER_OPTIMUM: u32 = 4;

/// The hard limit never takes more than this share of the clock left (in percent).
const MAXIMUM_SHARE_PERCENT: u32 = 40;

/// The clock of the side to move, as a `go` command gives it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time left on the clock.
    pub remaining: Duration,
    /// Time added after each move.
    pub increment: Duration,
    /// Moves until the next time control, if the GUI says.
    pub moves_to_go: Option<u32>,
}

/// How long to think about one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeBudget {
    /// Start no new iteration after this.
    pub optimum: Duration,
    /// Abandon the search at this point.
    pub maximum: Duration,
}

impl Clock {
    /// The budget for the next move, keeping `overhead` for this move and one more for each other
    /// move to go in reserve (at most half the clock).
    ///
    /// ```
    /// use std::time::Duration;
    /// use game_chess::uci::Clock;
    /// let clock = Clock { remaining: Duration::from_secs(60), increment: Duration::ZERO, moves_to_go: None };
    /// let budget = clock.budget(Duration::from_millis(10));
    /// // 60 s less 10 ms for this move and 29 × 10 ms in reserve, over 30 moves.
    /// assert_eq!(budget.optimum, Duration::from_millis(59_700) / 30);
    /// assert!(budget.maximum <= Duration::from_secs(24));
    ///
    /// // A bullet clock: half of 299 ms is kept, the increment is mostly spent.
    /// let bullet = Clock { remaining: Duration::from_millis(299), increment: Duration::from_millis(50), moves_to_go: None };
    /// assert!(bullet.budget(Duration::from_millis(10)).optimum > Duration::from_millis(30));
    /// ```
    #[must_use]
    pub fn budget(&self, overhead: Duration) -> TimeBudget {
        // What can be spent at all: the clock minus this move's overhead and the reserve for
        // the moves after it.
        let moves = self.moves_to_go.unwrap_or(ASSUMED_MOVES_TO_GO).clamp(1, 100);
        let reserve = (overhead * (moves.min(ASSUMED_MOVES_TO_GO) - 1)).min(self.remaining / 2);
        let usable = self.remaining.saturating_sub(overhead + reserve);
        let base = usable / moves;
        let from_increment = self.increment * INCREMENT_SHARE_PERCENT / 100;
        let ceiling = usable * MAXIMUM_SHARE_PERCENT / 100;
        // With one move to go the whole usable time may be spent on it, less a margin.
        let ceiling = if moves == 1 { usable * 80 / 100 } else { ceiling };
        let optimum = (base + from_increment).min(ceiling);
        let maximum = (optimum * MAXIMUM_OVER_OPTIMUM).min(ceiling).max(optimum);
        TimeBudget { optimum, maximum }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn never_spends_the_overhead_or_the_clock() {
        // Clocks from 0 ms to 10 min, increments up to 5 s, overheads up to 100 ms.
        for remaining in [0, 1, 2, 5, 10, 30, 50, 100, 1_000, 5_000, 60_000, 600_000] {
            for increment in [0, 10, 50, 1_000, 5_000] {
                for overhead in [0, 10, 30, 100] {
                    for moves_to_go in [None, Some(1), Some(2), Some(40)] {
                        let clock = Clock {
                            remaining: ms(remaining),
                            increment: ms(increment),
                            moves_to_go,
                        };
                        let budget = clock.budget(ms(overhead));
                        assert!(budget.optimum <= budget.maximum);
                        assert!(
                            budget.maximum + ms(overhead) <= ms(remaining).max(ms(overhead)),
                            "{clock:?} overhead {overhead}: {budget:?}"
                        );
                        assert!(budget.maximum <= ms(remaining) * 80 / 100);
                    }
                }
            }
        }
    }

    #[test]
    fn spends_increments_and_spreads_time_over_moves_to_go() {
        let with_increment = Clock {
            remaining: ms(10_000),
            increment: ms(1_000),
            moves_to_go: None,
        }
        .budget(ms(0));
        let without = Clock {
            remaining: ms(10_000),
            increment: ms(0),
            moves_to_go: None,
        }
        .budget(ms(0));
        assert_eq!(without.optimum, ms(10_000) / 30);
        assert_eq!(with_increment.optimum, without.optimum + ms(750));

        let last_move = Clock {
            remaining: ms(10_000),
            increment: ms(0),
            moves_to_go: Some(1),
        }
        .budget(ms(0));
        let many = Clock {
            remaining: ms(10_000),
            increment: ms(0),
            moves_to_go: Some(40),
        }
        .budget(ms(0));
        assert!(last_move.optimum > many.optimum * 10);
        assert_eq!(many.optimum, ms(250));
    }

    #[test]
    fn keeps_an_overhead_in_reserve_for_each_move_to_go_but_at_most_half_the_clock() {
        // 10 s: the whole reserve, 29 × 10 ms.
        let comfortable = Clock {
            remaining: ms(10_000),
            increment: ms(50),
            moves_to_go: None,
        };
        assert_eq!(
            comfortable.budget(ms(10)).optimum,
            ms(9_700) / 30 + ms(37) + Duration::from_micros(500)
        );
        // 300 ms: the reserve is half the clock, and the rest is spent as usual.
        let bullet = Clock {
            remaining: ms(300),
            increment: ms(50),
            moves_to_go: None,
        };
        assert_eq!(
            bullet.budget(ms(10)).optimum,
            ms(140) / 30 + ms(37) + Duration::from_micros(500)
        );
        assert_eq!(bullet.budget(ms(10)).maximum, ms(56));
        // Sudden death: every clock above two overheads has something to spend.
        for remaining in [21, 50, 100, 200, 299, 1_000] {
            let clock = Clock {
                remaining: ms(remaining),
                increment: ms(0),
                moves_to_go: None,
            };
            let budget = clock.budget(ms(10));
            assert!(budget.optimum > Duration::ZERO, "{remaining} ms: {budget:?}");
            assert!(budget.maximum <= ms(remaining) / 2, "{remaining} ms: {budget:?}");
        }
    }

    #[test]
    fn a_clock_below_the_overhead_gives_nothing_to_spend() {
        let budget = Clock {
            remaining: ms(5),
            increment: ms(0),
            moves_to_go: None,
        }
        .budget(ms(10));
        assert_eq!(
            budget,
            TimeBudget {
                optimum: Duration::ZERO,
                maximum: Duration::ZERO
            }
        );
    }
}
